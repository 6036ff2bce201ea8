package mesh

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestLayout1: a data directory a gateway of layout 1 wrote (transcript
// entries on rosetta.log.<partition>, stream subjects rosetta.log.*, accepted
// verdicts in the verdict bucket) goes on where it stopped: the state is
// rebuilt from the old entries, a reused id is M007, an old message's verdict
// is found, new entries go on the new subjects, replay prints old and new in
// order, and a restarted gateway rebuilds the same state. Nothing old is
// rewritten.
func TestLayout1(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	c := newClient(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// What layout 1's Setup and gateway left: the transcript stream and the
	// verdict bucket (the other streams are unchanged since).
	if _, err := c.JS.CreateStream(ctx, jetstream.StreamConfig{Name: c.Sub.LogStream(), Subjects: []string{"rosetta.log.*"},
		Duplicates: DedupWindow, Storage: jetstream.FileStorage}); err != nil {
		t.Fatal(err)
	}
	kv, err := c.JS.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: c.Sub.VerdictBucket(), Storage: jetstream.FileStorage})
	if err != nil {
		t.Fatal(err)
	}
	old := [][]byte{[]byte("ana.1 ask >bob\n q is it up?\n"), []byte("bob.1 tell re=ana.1\n a up = yes ~hi\n unk []\n")}
	var oldKeys []string
	for i, m := range old {
		agent := SenderOf(m)
		_, msg := parseOne("", m)
		key := msgKey(msg.Header.ID.Text, m)
		oldKeys = append(oldKeys, key)
		to := "rosetta.to.bob"
		if agent == "bob" {
			to = "rosetta.to.ana"
		}
		hdr := nats.Header{HeaderKey: {key}, HeaderAgent: {agent}, HeaderInSeq: {string(rune('1' + i))}, HeaderTo: {to}}
		if _, err := c.JS.PublishMsg(ctx, jsMsg("rosetta.log.0", key, m, hdr)); err != nil {
			t.Fatal(err)
		}
		body, _ := json.Marshal(Verdict{Key: key, ID: msg.Header.ID.Text, Agent: agent, Status: StatusAccepted})
		if _, err := kv.Put(ctx, key, body); err != nil {
			t.Fatal(err)
		}
	}

	g, stop := startGateway(t, s.ClientURL(), Config{})
	if d := waitAccepted(t, g, 2); !slices.Equal(d.Accepted, []string{"ana.1", "bob.1"}) {
		t.Fatalf("rebuilt from layout 1: accepted %v, want ana.1 bob.1", d.Accepted)
	}
	if v, err := c.Verdict(ctx, oldKeys[0]); err != nil || v.Status != StatusAccepted || v.ID != "ana.1" {
		t.Errorf("verdict of a layout 1 message: %+v %v", v, err)
	}
	reused, err := c.Agent("ana").Send(ctx, []byte("ana.1 note >bob\n txt \"other\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := c.Verdict(ctx, reused.Key); err != nil || v.Status != StatusRejected || !strings.Contains(string(v.Diagnostics), CodeIDReused) {
		t.Errorf("a layout 1 id reused: %s %s %v, want rejected with %s", v.Status, v.Diagnostics, err, CodeIDReused)
	}
	fresh, err := c.Agent("ana").Send(ctx, []byte("ana.2 tell re=bob.1\n a ok = yes ~hi\n unk []\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := c.Verdict(ctx, fresh.Key); err != nil || v.Status != StatusAccepted || strings.Contains(string(v.Diagnostics), CodeHoldTimeout) {
		t.Errorf("a reply to a layout 1 message: %s %s %v, want accepted with its parent", v.Status, v.Diagnostics, err)
	}
	var ids, subjects []string
	for _, e := range transcript(t, c) {
		ids = append(ids, e.ID)
	}
	err = readStream(ctx, c.JS, c.Sub.LogStream(), nil, 1, func(m jetstream.Msg, _ uint64) error {
		subjects = append(subjects, m.Subject())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids, []string{"ana.1", "bob.1", "ana.2"}) {
		t.Errorf("transcript %v, want ana.1 bob.1 ana.2", ids)
	}
	if len(subjects) != 3 || subjects[0] != "rosetta.log.0" || subjects[1] != "rosetta.log.0" || subjects[2] != c.Sub.Log(0, fresh.Key) {
		t.Errorf("transcript subjects %v: the old entries as they were, the new on its key's subject", subjects)
	}
	want := waitAccepted(t, g, 3)
	stop()

	// Restarted: the same state, from both layouts' entries (the snapshot
	// the clean stop stored, and without it).
	for _, snap := range []bool{true, false} {
		if !snap {
			snaps, _ := c.JS.KeyValue(ctx, c.Sub.SnapshotBucket())
			if err := snaps.Purge(ctx, "part-0"); err != nil {
				t.Fatal(err)
			}
		}
		g2, stop2 := startGateway(t, s.ClientURL(), Config{})
		if d := waitAccepted(t, g2, 3); !slices.Equal(d.Accepted, want.Accepted) || !slices.Equal(d.Open, want.Open) {
			t.Errorf("restarted (snapshot %v): accepted %v open %v, want %v %v", snap, d.Accepted, d.Open, want.Accepted, want.Open)
		}
		stop2()
	}
	info, err := c.JS.Stream(ctx, c.Sub.LogStream())
	if err != nil {
		t.Fatal(err)
	}
	if got := info.CachedInfo().Config.Metadata[LayoutKey]; got != "2" {
		t.Errorf("transcript stream's layout %q after the gateway's setup, want 2", got)
	}
}

// TestLayoutRefused: a stream of the mesh's names from a newer layout, or
// with subjects no layout of the mesh had, stops the gateway before it
// changes anything, with a LayoutError naming the stream and what to do.
func TestLayoutRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  jetstream.StreamConfig
		want string
	}{
		{"newer layout", jetstream.StreamConfig{Name: "ROSETTA_LOG", Subjects: []string{"rosetta.log.>"}, Metadata: map[string]string{LayoutKey: "3"}}, `mesh layout "3"`},
		{"foreign subjects", jetstream.StreamConfig{Name: "ROSETTA_OUT", Subjects: []string{"rosetta.to.>"}}, "subjects rosetta.to.>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startServer(t, "")
			c := newClient(t, s.ClientURL())
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			st, err := c.JS.CreateStream(ctx, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.JS.Publish(ctx, strings.Replace(tc.cfg.Subjects[0], ">", "x", 1), []byte("kept")); err != nil {
				t.Fatal(err)
			}
			_, err = NewGateway(ctx, c.NC, Config{})
			var le *LayoutError
			if !errors.As(err, &le) || le.Stream != tc.cfg.Name || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "Nothing was changed") {
				t.Fatalf("NewGateway: %v, want a LayoutError for %s with %q", err, tc.cfg.Name, tc.want)
			}
			info, err := st.Info(ctx)
			if err != nil || info.State.Msgs != 1 || !slices.Equal(info.Config.Subjects, tc.cfg.Subjects) {
				t.Errorf("the refused stream changed: %+v %v", info, err)
			}
			for _, name := range []string{c.Sub.InStream(), c.Sub.LogStream(), "KV_" + c.Sub.VerdictBucket()} {
				if name == tc.cfg.Name {
					continue
				}
				if _, err := c.JS.Stream(ctx, name); !errors.Is(err, jetstream.ErrStreamNotFound) {
					t.Errorf("stream %s was created before the refusal (%v)", name, err)
				}
			}
		})
	}
}
