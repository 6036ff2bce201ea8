package mesh

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/config"
	"github.com/rosettac/rosettac/ir"
)

// TestEndToEnd sends the 1,000 messages of a generated transcript (no
// error-level diagnostic) as their agents through the embedded server and
// one gateway: every one is accepted, comes out on the right egress subjects
// exactly once, the transcript stream equals the input in order, and the
// replayed transcript checks to the same (message id, code) pairs as the
// input file.
func TestEndToEnd(t *testing.T) {
	input := readFixture(t, "gen1k.rose")
	if checkText("gen1k.rose", input).HasErrors() {
		t.Fatal("fixture has error-level diagnostics")
	}
	msgs, _ := Split("gen1k.rose", input)
	if len(msgs) != 1000 {
		t.Fatalf("fixture has %d messages, want 1000", len(msgs))
	}
	s := startServer(t, "")
	pol := &config.Policy{Default: "allow", Groups: map[string][]string{"oncall": {"obs", "sre1"}}}
	g := runGateway(t, s.ClientURL(), Config{Policy: pol})
	c := newClient(t, s.ClientURL())
	sent := sendAll(t, c, msgs)
	for i, v := range verdicts(t, c, sent) {
		if v.Status != StatusAccepted {
			t.Fatalf("message %d (%s): %s %s", i, sent[i].ID, v.Status, v.Diagnostics)
		}
	}
	waitAccepted(t, g, len(msgs))

	// The transcript stream is the input, in order, byte for byte.
	entries := transcript(t, c)
	if len(entries) != len(msgs) {
		t.Fatalf("transcript has %d entries, want %d", len(entries), len(msgs))
	}
	for i, e := range entries {
		if !bytes.Equal(e.Data, msgs[i]) {
			t.Fatalf("transcript entry %d is %q, want %q", i, e.ID, SenderOf(msgs[i]))
		}
	}

	// Routing: what each message's header (after inheritance) names.
	res := compiler.Parse("gen1k.rose", input, compiler.Options{From: ir.Rosetta})
	known := map[string]bool{"obs": true, "sre1": true}
	want := map[string][]string{} // subject -> keys, in order
	roles := 0
	for i, m := range res.Doc.(*ir.Transcript).Messages {
		h := m.Header
		sender := senderOf(m)
		var subs []string
		for _, tg := range h.Targets {
			switch tg.Kind {
			case ir.TargetAgent:
				subs = append(subs, "rosetta.to."+tg.Text)
			case ir.TargetBroadcast:
				for a := range known {
					if a != sender {
						subs = append(subs, "rosetta.to."+a)
					}
				}
			case ir.TargetTopic:
				subs = append(subs, "rosetta.topic."+strings.TrimPrefix(tg.Text, "#"))
			case ir.TargetRole:
				if grp, ok := strings.CutPrefix(tg.Text, "@grp:"); ok {
					for _, a := range pol.Groups[grp] {
						subs = append(subs, "rosetta.to."+a)
					}
					continue
				}
				subs = append(subs, "rosetta.role."+strings.TrimPrefix(tg.Text, "@role:"))
			}
		}
		slices.Sort(subs)
		subs = slices.Compact(subs)
		if !slices.Equal(entries[i].To, subs) {
			t.Fatalf("%s delivered on %v, want %v", h.ID.Text, entries[i].To, subs)
		}
		for _, s := range subs {
			if strings.HasPrefix(s, "rosetta.role.") {
				roles++
				continue
			}
			want[s] = append(want[s], sent[i].Key+"")
		}
		known[sender] = true
		for _, tg := range h.Targets {
			if tg.Kind == ir.TargetAgent {
				known[tg.Text] = true
			}
		}
	}
	got := egress(t, c)
	for _, s := range sortedKeys(want) {
		if !slices.Equal(got[s], want[s]) {
			t.Errorf("%s carries %d messages, want %d (in order, once each)", s, len(got[s]), len(want[s]))
		}
	}
	if roles == 0 {
		t.Fatal("the fixture routes nothing to a role")
	}
	// Role messages wait in the work queue for a holder.
	rs, err := c.JS.Stream(context.Background(), c.Sub.RoleStream())
	if err != nil {
		t.Fatal(err)
	}
	info, _ := rs.Info(context.Background())
	if int(info.State.Msgs) != roles {
		t.Errorf("role work queue holds %d messages, want %d", info.State.Msgs, roles)
	}

	// mesh replay | rosettac check gives the input's (id, code) pairs.
	var out bytes.Buffer
	if err := c.Replay(context.Background(), &out, "", ""); err != nil {
		t.Fatal(err)
	}
	if a, b := pairs(checkText("replay.rose", out.Bytes())), pairs(checkText("gen1k.rose", input)); !slices.Equal(a, b) {
		t.Errorf("replay checks to %d (id, code) pairs, the input to %d", len(a), len(b))
	}
	// Sending everything again stores nothing new.
	again := sendAll(t, c, msgs[:20])
	for _, s := range again {
		if s.Stored {
			t.Fatalf("%s stored twice", s.ID)
		}
	}
}
