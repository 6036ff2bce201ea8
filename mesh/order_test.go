package mesh

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

func ids(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

// TestOrder: replies sent before their parents are delivered after them; a
// reply whose parent never comes is delivered with M005 once its hold (on
// the gateway's clock) runs out; nothing else is reordered.
func TestOrder(t *testing.T) {
	s := startServer(t, "")
	clock := NewFakeClock(time.Date(2026, 8, 26, 9, 0, 0, 0, time.UTC))
	g := runGateway(t, s.ClientURL(), Config{Clock: clock, Hold: time.Minute})
	c := newClient(t, s.ClientURL())
	msgs := [][]byte{
		[]byte("bob2 done re=bob1\n a shard = indexed ~hi\n unk []\n"), // grandchild first
		[]byte("bob1 take re=ana1\n"),
		[]byte("cy1 note >dee\n txt \"unrelated\"\n"),
		[]byte("ana1 do >bob #task\n q index the shard\n"),
		[]byte("dee1 tell re=zed9\n a x = 1 ~hi\n unk []\n"), // parent never sent
		[]byte("cy2 note >dee\n txt \"after\"\n"),
	}
	sent := sendAll(t, c, msgs)
	waitAccepted(t, g, 4)
	got := ids(transcript(t, c))
	if want := []string{"cy1", "ana1", "bob1", "bob2", "cy2"}; !slices.Equal(got, want) {
		t.Fatalf("transcript %v, want %v", got, want)
	}
	// The orphan reply waits for its hold, on the gateway's clock.
	time.Sleep(200 * time.Millisecond)
	if d := g.Digest(); len(d.Accepted) != 5 {
		t.Fatalf("the orphan reply was delivered before its hold ran out: %v", d.Accepted)
	}
	clock.Advance(61 * time.Second)
	waitAccepted(t, g, 6)
	v, err := c.Verdict(context.Background(), sent[4].Key)
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != StatusAccepted || !strings.Contains(string(v.Diagnostics), `"code":"M005"`) {
		t.Errorf("orphan reply: %s %s, want accepted with %s", v.Status, v.Diagnostics, CodeHoldTimeout)
	}
	// Inherited routes: bob1 goes to ana (its parent's sender), bob2 to bob.
	out := egress(t, c)
	if !slices.Equal(out["rosetta.to.ana"], []string{sent[1].Key}) || !slices.Equal(out["rosetta.to.bob"], []string{sent[3].Key, sent[0].Key}) {
		t.Errorf("ana received %v, bob %v", out["rosetta.to.ana"], out["rosetta.to.bob"])
	}
}

// TestCorrection: a rejected message is replaced by a corrected one with the
// same id (its key differs by the content hash, so it is not a duplicate);
// the same id with other content after acceptance is M007; the same message
// again is a duplicate, stored once.
func TestCorrection(t *testing.T) {
	s := startServer(t, "")
	g := runGateway(t, s.ClientURL(), Config{})
	c := newClient(t, s.ClientURL())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a := c.Agent("ana")
	verdict := func(msg string) (Sent, Verdict) {
		t.Helper()
		s, err := a.Send(ctx, []byte(msg))
		if err != nil {
			t.Fatal(err)
		}
		v, err := c.Verdict(ctx, s.Key)
		if err != nil {
			t.Fatal(err)
		}
		return s, v
	}
	bad, v := verdict("ana1 tell >bob pri=soon\n a x = 1 ~hi\n unk []\n")
	if v.Status != StatusRejected || !strings.Contains(string(v.Diagnostics), "E015") {
		t.Fatalf("bad pri: %s %s, want rejected with E015", v.Status, v.Diagnostics)
	}
	good, v := verdict("ana1 tell >bob pri=high\n a x = 1 ~hi\n unk []\n")
	if v.Status != StatusAccepted || good.Key == bad.Key {
		t.Fatalf("corrected message: %s %s", v.Status, v.Diagnostics)
	}
	if _, v = verdict("ana1 tell >bob pri=low\n a x = 2 ~hi\n unk []\n"); v.Status != StatusRejected || !strings.Contains(string(v.Diagnostics), `"code":"M007"`) {
		t.Fatalf("reused id: %s %s, want rejected with %s", v.Status, v.Diagnostics, CodeIDReused)
	}
	again, v := verdict("ana1 tell >bob pri=high\n a x = 1 ~hi\n unk []\n")
	if again.Stored || v.Status != StatusAccepted {
		t.Fatalf("the same message again: stored=%v %s", again.Stored, v.Status)
	}
	waitAccepted(t, g, 1)
	if n := len(egress(t, c)["rosetta.to.bob"]); n != 1 {
		t.Errorf("bob received %d copies, want 1", n)
	}
}

// TestEscalation: a pri=block obligation past its ttl is reported (W030 on
// the requester's diagnostics subject) and escalated: the transcript gets a
// `fail timeout` from sys, delivered to the requester; a gateway rebuilt from
// the transcript does not escalate it again.
func TestEscalation(t *testing.T) {
	s := startServer(t, "")
	clock := NewFakeClock(time.Date(2026, 8, 26, 10, 0, 0, 0, time.UTC))
	cfg := Config{Clock: clock, Name: "gw"}
	c := newClient(t, s.ClientURL())
	func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		nc := connect(t, s.ClientURL())
		g, err := NewGateway(ctx, nc, cfg)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- g.Run(ctx) }()
		sendAll(t, c, [][]byte{
			[]byte("ana1 do >bob pri=block at=2026-08-26T10:00:00Z ttl=10m\n q rotate the keys\n"),
			[]byte("ana2 do >bob at=2026-08-26T10:00:00Z ttl=10m\n q tidy the logs\n"),
		})
		waitAccepted(t, g, 2)
		clock.Set(time.Date(2026, 8, 26, 10, 11, 0, 0, time.UTC))
		waitAccepted(t, g, 3)
		time.Sleep(200 * time.Millisecond) // a second tick must not escalate again
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if g.met.stalls.Load() != 2 || g.met.escalations.Load() != 1 {
			t.Errorf("stalls %d (want 2), escalations %d (want 1)", g.met.stalls.Load(), g.met.escalations.Load())
		}
	}()
	es := transcript(t, c)
	if len(es) != 3 || es[2].Agent != "sys" || !strings.Contains(string(es[2].Data), " fail sys>ana re=ana1 ") ||
		!strings.Contains(string(es[2].Data), "why  timeout") {
		t.Fatalf("transcript %v; last %q, want sys's fail timeout for ana1", ids(es), es[len(es)-1].Data)
	}
	out := egress(t, c)
	stalls := 0
	for _, k := range out["rosetta.diag.ana"] {
		if strings.HasPrefix(k, "stall-") {
			stalls++
		}
	}
	if len(out["rosetta.to.ana"]) != 1 || stalls != 2 {
		t.Errorf("ana got %d deliveries (want the fail) and %d stall reports (want two W030)", len(out["rosetta.to.ana"]), stalls)
	}
	// Rebuilt from the transcript, the escalation is already done.
	g2 := runGateway(t, s.ClientURL(), Config{Clock: clock, Name: "gw2", SnapshotEvery: -1})
	time.Sleep(300 * time.Millisecond)
	if d := g2.Digest(); len(d.Accepted) != 3 || g2.met.escalations.Load() != 0 {
		t.Errorf("rebuilt gateway: %d accepted, %d escalations; want 3 and none", len(d.Accepted), g2.met.escalations.Load())
	}
	var b strings.Builder
	if err := c.Replay(context.Background(), &b, "", ""); err != nil {
		t.Fatal(err)
	}
	if ds := checkText("replay.rose", []byte(b.String())); ds.HasErrors() {
		t.Errorf("the replayed transcript with the escalation has errors: %v", ds)
	}
}
