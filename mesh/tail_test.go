package mesh

import (
	"fmt"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// TestRouteTable: a reply that elides its route inherits its parent's sender
// as target and its topic from the table, as a session would give it; the
// table keeps the latest max messages only, and the first with an id.
func TestRouteTable(t *testing.T) {
	parse := func(src string) *ir.Message {
		r := compiler.Parse("t.rose", []byte(src), compiler.Options{From: ir.Rosetta})
		return r.Doc.(*ir.Transcript).Messages[0]
	}
	tb := newRouteTable(2)
	tb.inherit(parse("lead1 ask >triage #inc.db\n q why?\n"))
	reply := parse("triage1 tell re=lead1\n a cause = disk ~hi\n")
	tb.inherit(reply)
	if got := fmt.Sprint(reply.Header.Targets[0].Text, " #", reply.Header.Topic); len(reply.Header.Targets) != 1 || got != "lead #inc.db" {
		t.Fatalf("reply inherited %v %q, want lead and inc.db", reply.Header.Targets, reply.Header.Topic)
	}
	// Two more messages push lead1 out of a table of two.
	tb.inherit(parse("x1 note >y\n txt a\n"))
	late := parse("triage2 tell re=lead1\n a more = x ~hi\n")
	tb.inherit(late)
	if len(late.Header.Targets) != 0 {
		t.Errorf("a reply to an evicted parent inherited %v", late.Header.Targets)
	}
	if len(tb.byID) != 2 || len(tb.order) != 2 {
		t.Errorf("table holds %d ids (%d in order), want 2", len(tb.byID), len(tb.order))
	}
	// The first message with an id is the one its replies name.
	tb = newRouteTable(4)
	tb.inherit(parse("a1 ask >b #one\n q ?\n"))
	tb.inherit(parse("a1 ask >c #two\n q ?\n"))
	r := parse("b1 tell re=a1\n a x = 1 ~hi\n")
	tb.inherit(r)
	if r.Header.Topic != "one" {
		t.Errorf("reply took topic %q, want the first a1's", r.Header.Topic)
	}
}
