package rosaddr

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rosettac/rosettac/ir"
)

func TestSplitID(t *testing.T) {
	tests := []struct{ id, agent, seq string }{
		{"a1.7", "a1", "7"}, {"planner7", "planner", "7"}, {"obs23", "obs", "23"}, {"?.0", "?", "0"}, {"plain", "plain", ""},
	}
	for _, tt := range tests {
		a, s := SplitID(tt.id)
		if a != tt.agent || s != tt.seq {
			t.Errorf("SplitID(%q) = %q, %q", tt.id, a, s)
		}
	}
}

func TestRefMessage(t *testing.T) {
	tests := []struct {
		ref, id string
		orig    bool
	}{
		{"@a2.7.tgt#L2", "a2.7", false},
		{"@a1.13", "a1.13", false},
		{"@a1.13@orig", "a1.13", true},
		{"@obs7", "obs7", false},
		{"@obs7.a.cause", "obs7", false},
		{"@obs7#L3", "obs7", false},  // deviation: the reference finds none
		{"@a3.9#L12", "a3.9", false}, // deviation: the reference reads a3
		{"@file:log/2f9c#L487", "", false},
		{"@commit:9f2a", "", false},
		{"@issue441", "issue441", false}, // as the reference: letters+digits is an id
		{"@sha256:ab3f", "", false},
	}
	for _, tt := range tests {
		id, orig := RefMessage(tt.ref)
		if id != tt.id || orig != tt.orig {
			t.Errorf("RefMessage(%q) = %q, %v; want %q, %v", tt.ref, id, orig, tt.id, tt.orig)
		}
	}
}

func TestParseAddress(t *testing.T) {
	ign := cmpopts.IgnoreFields(ir.Selector{}, "From", "To", "HasCol", "ColFrom", "ColTo", "Ranged", "Quote", "Occ", "HasOcc")
	tests := []struct {
		text string
		want ir.Address
		ok   bool
	}{
		{"tgt#L1.c0-5", ir.Address{Block: "tgt", HasSpan: true, Selectors: []ir.Selector{{Kind: ir.SelLine, Text: "L1.c0-5"}}}, true},
		{"@a1.7.tgt#L3.c5-9", ir.Address{Msg: "a1.7", Block: "tgt", HasSpan: true, Selectors: []ir.Selector{{Kind: ir.SelLine, Text: "L3.c5-9"}}}, true},
		{"@obs7.tgt#L2|q\"a|b\"@2", ir.Address{Msg: "obs7", Block: "tgt", HasSpan: true, Selectors: []ir.Selector{{Kind: ir.SelLine, Text: "L2"}, {Kind: ir.SelQuote, Text: "q\"a|b\"@2"}}}, true},
		{"@a1.7@orig.tgt", ir.Address{Msg: "a1.7", Orig: true, Block: "tgt"}, true},
		{"src", ir.Address{Block: "src"}, true},
		{"Src#L1", ir.Address{}, false},
		{"@file:x.tgt", ir.Address{}, false},
	}
	for _, tt := range tests {
		got, ok := parseAddress(tt.text)
		if ok != tt.ok {
			t.Errorf("ParseAddress(%q) ok = %v", tt.text, ok)
			continue
		}
		if !ok {
			continue
		}
		tt.want.Text = tt.text
		if d := cmp.Diff(tt.want, got, ign); d != "" {
			t.Errorf("ParseAddress(%q) (-want +got):\n%s", tt.text, d)
		}
	}
}

func TestParseSelector(t *testing.T) {
	tests := []struct {
		s    string
		want ir.Selector
	}{
		{"L3", ir.Selector{Kind: ir.SelLine, From: 3, To: 3}},
		{"L3-7", ir.Selector{Kind: ir.SelLine, From: 3, To: 7, Ranged: true}},
		{"L3.c5-9", ir.Selector{Kind: ir.SelLine, From: 3, To: 3, HasCol: true, ColFrom: 5, ColTo: 9}},
		{"L3.c5", ir.Selector{Kind: ir.SelLine, From: 3, To: 3, HasCol: true, ColFrom: 5, ColTo: 6}},
		{"p2-4", ir.Selector{Kind: ir.SelPara, From: 2, To: 4, Ranged: true}},
		{"c40", ir.Selector{Kind: ir.SelChar, From: 40, To: 41}},
		{"c3-3", ir.Selector{Kind: ir.SelChar, From: 3, To: 3, Ranged: true}},
		{`q"x y"`, ir.Selector{Kind: ir.SelQuote, Quote: "x y"}},
		{`q"x"@2`, ir.Selector{Kind: ir.SelQuote, Quote: "x", Occ: 2, HasOcc: true}},
		{`q"x"@`, ir.Selector{Kind: ir.SelBad}},
		{`q"x`, ir.Selector{Kind: ir.SelBad}},
		{"box=1,2,3,4", ir.Selector{Kind: ir.SelBox}},
		{"L", ir.Selector{Kind: ir.SelBad}},
		{"L3-", ir.Selector{Kind: ir.SelBad}},
		{"row=3", ir.Selector{Kind: ir.SelBad}},
	}
	for _, tt := range tests {
		tt.want.Text = tt.s
		if d := cmp.Diff(tt.want, parseSelector(tt.s)); d != "" {
			t.Errorf("ParseSelector(%q) (-want +got):\n%s", tt.s, d)
		}
	}
	if got := len(ParseSelectors("##L1| |q\"a\"|")); got != 2 {
		t.Errorf("empty pieces and leading #s are dropped: got %d selectors", got)
	}
}
