package mesh

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestVerdictStoredLate: a transcript entry that has gone out to the
// subscribers of its subject but is stored in the transcript stream only
// after Verdict has read the stream is still its verdict. JetStream does
// exactly that to every message (the server hands a published message to the
// subscribers at once and queues it for the stream's own goroutine to store),
// and TestMeshCLI missed an accepted message's verdict about once in 20 runs
// when Verdict subscribed to the entry's subject and then read the stream:
// the entry came to the server before the subscription and was stored after
// the read. Here the window is made as wide as the test wants: the entry is
// published on its subject (into a staging stream, with nobody subscribed)
// and reaches the transcript stream, by the stream sourcing the staging one,
// only after Verdict has found nothing stored; once while Verdict reads the
// stream from its start, once after it follows the stream.
func TestVerdictStoredLate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		delay time.Duration // from Verdict finding nothing to the entry's store
	}{{"stored before Verdict follows", 0}, {"stored while Verdict follows", 300 * time.Millisecond}} {
		t.Run(tc.name, func(t *testing.T) {
			s := startServer(t, "")
			c := newClient(t, s.ClientURL())
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			// The transcript stream as Setup makes it, but its subjects come
			// from the staging stream, when the test says.
			stage, err := c.JS.CreateStream(ctx, jetstream.StreamConfig{Name: "STAGE", Subjects: []string{"rosetta.log.>"}})
			if err != nil {
				t.Fatal(err)
			}
			logCfg := jetstream.StreamConfig{Name: c.Sub.LogStream(), Subjects: []string{"unused.log"}, AllowDirect: true}
			logs, err := c.JS.CreateStream(ctx, logCfg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.JS.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: c.Sub.VerdictBucket()}); err != nil {
				t.Fatal(err)
			}

			msg := []byte("ana1 note >bob\n txt \"hi\"\n")
			key := msgKey("ana1", msg)
			entry := jsMsg(c.Sub.Log(0, key), key, msg, nats.Header{HeaderKey: {key}, HeaderAgent: {"ana"}, HeaderInSeq: {"1"}, HeaderTo: {"rosetta.to.bob"}})
			if _, err := c.JS.PublishMsg(ctx, entry); err != nil {
				t.Fatal(err)
			}
			if info, _ := stage.Info(ctx); info.State.Msgs != 1 {
				t.Fatalf("staging stream holds %d messages, want the entry", info.State.Msgs)
			}

			store := func() {
				logCfg.Sources = []*jetstream.StreamSource{{Name: "STAGE"}}
				if _, err := c.JS.UpdateStream(ctx, logCfg); err != nil {
					t.Error(err)
					return
				}
				for ctx.Err() == nil {
					if info, _ := logs.Info(ctx); info != nil && info.State.Msgs == 1 {
						return
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			hooked := make(chan struct{})
			verdictHook = func(string) {
				close(hooked)
				if tc.delay == 0 {
					store()
				} else {
					time.AfterFunc(tc.delay, store)
				}
			}
			defer func() { verdictHook = nil }()

			v, err := c.Verdict(ctx, key)
			if err != nil {
				t.Fatalf("no verdict: %v", err)
			}
			select {
			case <-hooked:
			default:
				t.Fatal("Verdict found the entry stored before the test stored it")
			}
			if v.Status != StatusAccepted || v.ID != "ana1" || v.Agent != "ana" {
				t.Errorf("verdict %+v, want ana1 accepted", v)
			}
		})
	}
}
