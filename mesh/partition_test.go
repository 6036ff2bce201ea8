package mesh

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// partitionTraffic is genTraffic(n) behind a handshake and a dictionary
// (root defs: every partition needs them), with a thd= shard, a message
// whose relative time needs the handshake's epoch and a reply whose thd=
// names another shard than its parent's, and with every 40th reply sent
// before its parent. ordered is the same messages in causal order.
func partitionTraffic(n int) (sent, ordered [][]byte) {
	ordered = [][]byte{
		[]byte("hub1 def >* #sys.hello\n dialect = rosetta/2.1\n epoch    = @t:2026-08-26\n"),
		[]byte("hub2 def >*\n CKO = the checkout service @file:services/checkout\n"),
		[]byte("hub3 note >ana thd=shard1\n txt \"shard one opens\"\n"),
		[]byte("hub4 note >bob thd=shard1 at=@t:10:00:00\n txt \"shard one, later\"\n"),
	}
	ordered = append(ordered, genTraffic(n)...)
	// A reply naming another thread than its parent's: it goes with its
	// parent (thd:shard1 and thd:shard2 hash to different partitions of 2).
	ordered = append(ordered, []byte("hub5 note >ana re=hub3 thd=shard2\n txt \"a reply in another thread\"\n"))
	sent = slices.Clone(ordered)
	for i := 4; i+1 < len(sent); i++ {
		if i%40 == 0 && bytes.Contains(sent[i], []byte(" ask ")) && bytes.Contains(sent[i+1], []byte(" tell re=")) {
			sent[i], sent[i+1] = sent[i+1], sent[i]
		}
	}
	return sent, ordered
}

// logEntry is one transcript stream message with its partition's subject
// (Subjects.LogPart).
type logEntry struct {
	subject, key string
	data         []byte
}

func logEntries(t *testing.T, c *Client) []logEntry {
	t.Helper()
	var out []logEntry
	err := readStream(context.Background(), c.JS, c.Sub.LogStream(), nil, 1, func(m jetstream.Msg, _ uint64) error {
		key := m.Headers().Get(HeaderKey)
		out = append(out, logEntry{strings.TrimSuffix(m.Subject(), "."+key), key, m.Data()})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPartitions spreads conversations over two partitions owned by two
// nodes, one in a child process killed with SIGKILL mid-run: the router
// keeps every conversation in one partition, the root defs reach both, each
// node works its own partition, the survivor takes the dead node's
// partition over, and every message is accepted once; the merged transcript
// replays to what `rosettac check` says of the traffic.
func TestPartitions(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the partition test runs two nodes and a takeover")
	}
	sentMsgs, ordered := partitionTraffic(600)
	if ds := checkText("traffic.rose", joinMsgs(ordered)); ds.HasErrors() {
		t.Fatalf("generated traffic has errors: %v", ds)
	}
	s := startServer(t, "")
	url := s.ClientURL()
	c := newClient(t, url)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan struct{})
	a, err := NewNode(ctx, connect(t, url), Config{Name: "node-a", Partitions: 2, SnapshotEvery: 300,
		Ready: func() { close(ready) }}, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("node a did not stop in 20s")
		}
	})
	<-ready
	b := startGatewayProcess(t, url, "", "MESH_HELPER_PARTITIONS=2")

	half := len(sentMsgs) / 2
	first := sendAll(t, c, sentMsgs[:half])
	for i, v := range verdicts(t, c, first) {
		if v.Status != StatusAccepted {
			t.Fatalf("%s: %s %s", first[i].ID, v.Status, v.Diagnostics)
		}
	}
	// Both nodes worked: node a partition 0 only, the child partition 1.
	perPart := map[string]int{}
	for _, e := range logEntries(t, c) {
		perPart[e.subject]++
	}
	if perPart[c.Sub.LogPart(0)] == 0 || perPart[c.Sub.LogPart(1)] == 0 {
		t.Fatalf("transcript per partition %v: want both partitions used", perPart)
	}
	if d := a.Gateways[1].Digest(); d != nil {
		t.Fatalf("node a works partition 1 while its owner lives (%d accepted)", len(d.Accepted))
	}

	b.kill() // the owner of partition 1 dies; node a takes it over
	rest := sendAll(t, c, sentMsgs[half:])
	for i, v := range verdicts(t, c, rest) {
		if v.Status != StatusAccepted {
			t.Fatalf("%s: %s %s", rest[i].ID, v.Status, v.Diagnostics)
		}
	}
	if d := a.Gateways[1].Digest(); d == nil || len(d.Accepted) == 0 {
		t.Fatal("node a did not take partition 1 over")
	}

	// Every conversation in one partition, replies after their parents, the
	// shared defs in both, every message once.
	part := map[string]string{} // id -> log subject
	count := map[string]int{}
	for _, e := range logEntries(t, c) {
		_, m := parseOne("", e.data)
		if m == nil {
			t.Fatalf("transcript entry %s does not parse", e.key)
		}
		id := m.Header.ID.Text
		count[id+" "+e.subject]++
		if re, ok := m.Header.Field("re"); ok {
			p, seen := part[re]
			if !seen {
				t.Errorf("%s is in the transcript before its parent %s", id, re)
			} else if p != e.subject {
				t.Errorf("%s is in %s, its parent %s in %s", id, e.subject, re, p)
			}
		}
		if _, ok := part[id]; !ok {
			part[id] = e.subject
		}
	}
	for _, id := range []string{"hub1", "hub2"} {
		if count[id+" "+c.Sub.LogPart(0)] != 1 || count[id+" "+c.Sub.LogPart(1)] != 1 {
			t.Errorf("%s: want one copy in each partition, got %v %v", id, count[id+" "+c.Sub.LogPart(0)], count[id+" "+c.Sub.LogPart(1)])
		}
	}
	for k, n := range count {
		if n != 1 {
			t.Errorf("%s stored %d times", k, n)
		}
	}
	entries := transcript(t, c)
	got, want := ids(entries), idsOf(ordered)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("transcript has %d messages, want the %d sent, each once", len(got), len(want))
	}

	// Each delivery once.
	for subj, keys := range egress(t, c) {
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k] {
				t.Errorf("%s: %s delivered twice", subj, k)
			}
			seen[k] = true
		}
	}

	// The merged transcript replays to what check says of the traffic.
	var out bytes.Buffer
	if err := c.Replay(context.Background(), &out, "", ""); err != nil {
		t.Fatal(err)
	}
	if g, w := pairs(checkText("replay.rose", out.Bytes())), pairs(checkText("traffic.rose", joinMsgs(ordered))); !slices.Equal(g, w) {
		t.Errorf("replay checks to %v,\nthe traffic to %v", g, w)
	}
}

// TestConversationKey checks the router's header scan.
func TestConversationKey(t *testing.T) {
	for _, tc := range []struct {
		msg, id, re, thd string
		shared           bool
	}{
		{"a1.1 def >* #sys.hello\n dialect = rosetta/2.1\n", "a1.1", "", "", true},
		{"\n\nb2 tell re=a1.1\n a x = 1\n", "b2", "a1.1", "", false},
		{"b3 note >c thd=s1 re=b2\n", "b3", "b2", "thd:s1", false},
		{"b4 def >c re=b2\n", "b4", "b2", "", false},
		{"no header here", "no", "", "", false},
		{"", "", "", "", false},
	} {
		id, re, thd, shared := conversation([]byte(tc.msg))
		if id != tc.id || re != tc.re || thd != tc.thd || shared != tc.shared {
			t.Errorf("%q: got %q %q %q %v, want %q %q %q %v", tc.msg, id, re, thd, shared, tc.id, tc.re, tc.thd, tc.shared)
		}
	}
}

// TestPlacement checks the router's conversation rule: a reply goes with its
// parent whatever its own thd= says (so its re= is looked up in the session
// that holds the parent), a root by its thd= else its id, and a reply whose
// parent is unknown is held until the parent is placed or the hold runs out
// (then it is an orphan placed as a root: by its thd=, else its id).
func TestPlacement(t *testing.T) {
	clock := NewFakeClock(time.Unix(1e9, 0))
	r := &Router{cfg: Config{Partitions: 4, Hold: time.Second, Clock: clock}.withDefaults(), sub: NewSubjects(""),
		conv: map[string]string{}, placed: map[uint64]bool{}}
	seq := uint64(0)
	send := func(msg string) []*routed {
		seq++
		agent := msg[:strings.IndexByte(msg, '.')]
		return r.take(&fakeMsg{seq: seq, subject: "rosetta.in." + agent, data: []byte(msg), hdr: nats.Header{}}, nil)
	}
	placed := func(out []*routed) string {
		var b strings.Builder
		for _, in := range out {
			fmt.Fprintf(&b, "%s@%s", in.id, in.key)
			if in.orphan {
				b.WriteString("(orphan)")
			}
			b.WriteByte(' ')
		}
		return strings.TrimSpace(b.String())
	}
	for _, step := range []struct {
		msg     string // "" advances the clock past the hold and expires
		want    string
		wantOut int
	}{
		{"ana.1 ask >bob thd=s1\n txt \"q\"\n", "ana.1@thd:s1", 1},
		// A reply naming another thread stays with its parent.
		{"bob.1 tell >ana re=ana.1 thd=s2\n txt \"a\"\n", "bob.1@thd:s1", 1},
		{"bob.2 ask >ana thd=s2\n txt \"q\"\n", "bob.2@thd:s2", 1},
		{"cat.1 note >ana re=bob.2\n txt \"n\"\n", "cat.1@thd:s2", 1},
		// Before its parent: held, then placed right after it, with it.
		{"dan.1 tell >eve re=eve.1 thd=s3\n txt \"early\"\n", "", 0},
		{"eve.1 ask >dan\n txt \"q\"\n", "eve.1@eve.1 dan.1@eve.1", 2},
		// A parent that never comes: held for the hold, then a root.
		{"fay.1 tell >gus re=gus.9 thd=s4\n txt \"lost\"\n", "", 0},
		{"fay.2 tell >gus re=gus.8\n txt \"lost\"\n", "", 0},
		{"", "fay.1@thd:s4(orphan) fay.2@fay.2(orphan)", 2},
		// A reply to an orphan goes with it; the late parent roots its own.
		{"gus.1 tell >fay re=fay.2\n txt \"a\"\n", "gus.1@fay.2", 1},
		{"gus.8 ask >fay\n txt \"late\"\n", "gus.8@gus.8", 1},
	} {
		var out []*routed
		if step.msg == "" {
			clock.Advance(2 * time.Second)
			out = r.expire(nil)
		} else {
			out = send(step.msg)
		}
		if got := placed(out); got != step.want || len(out) != step.wantOut {
			t.Errorf("%q: placed %q, want %q", step.msg, got, step.want)
		}
	}
	if len(r.held) != 0 {
		t.Errorf("%d still held", len(r.held))
	}
	// Every reply is in its parent's partition.
	if r.partition(r.conv["bob.1"]) != r.partition(r.conv["ana.1"]) {
		t.Error("bob.1 is not in ana.1's partition")
	}
}

func idsOf(msgs [][]byte) []string {
	var out []string
	for _, m := range msgs {
		if _, msg := parseOne("", m); msg != nil {
			out = append(out, msg.Header.ID.Text)
		}
	}
	return out
}
