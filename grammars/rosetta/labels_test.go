package rosetta

import (
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestSlotLabels: a slot written as a label (P022) is read as the slot when
// it is certain, with a safe fix to the bare key, and left as text with a
// did-you-mean (an error, a review fix) when it is only near one.
func TestSlotLabels(t *testing.T) {
	for _, tc := range []struct {
		line, key string // key "" when the line must stay text
		sev       diag.Severity
		fixed     string
	}{
		{" A: x = 1 ~hi", "a", diag.Warning, " a x = 1 ~hi"},
		{" Why: timeout upstream", "why", diag.Warning, " why timeout upstream"},
		{" Unknown: []", "unk", diag.Warning, " unk []"},
		{" Unknowns: [who]", "unk", diag.Warning, " unk [who]"},
		{" Answer: x = 1 ~hi", "a", diag.Warning, " a x = 1 ~hi"},
		{" - Q: what?", "q", diag.Warning, " q what?"},
		{" Context: @a1.1", "ctx", diag.Warning, " ctx @a1.1"},
		{" Wantt: {x}", "", diag.Error, " want {x}"},
		{" Risc: none", "", diag.Error, " risk none"},
	} {
		src := "b1.1 tell >a1\n" + tc.line + "\n"
		tr, ds := parse(t, src)
		var got []diag.Diagnostic
		for _, d := range ds {
			if d.Code == CodeSlotLabel {
				got = append(got, d)
			}
		}
		if len(got) != 1 || got[0].Severity != tc.sev || len(got[0].Fixes) != 1 {
			t.Errorf("%q: got %v, want one %s P022 with a fix", tc.line, ds, tc.sev)
			continue
		}
		if want := map[diag.Severity]diag.Applicability{diag.Warning: diag.Safe, diag.Error: diag.Review}[tc.sev]; got[0].Fixes[0].Applicability != want {
			t.Errorf("%q: fix is %s, want %s", tc.line, got[0].Fixes[0].Applicability, want)
		}
		slots := tr.Messages[0].Slots
		switch {
		case tc.key != "" && (len(slots) != 1 || slots[0].Head().Key != tc.key):
			t.Errorf("%q: not read as the slot %s: %v", tc.line, tc.key, slots)
		case tc.key == "" && (len(slots) != 1 || slots[0].Head().Key != "txt"):
			t.Errorf("%q: a near miss must stay text: %v", tc.line, slots)
		}
		fixed, _ := diag.ApplyFixes("t.rose", []byte(src), ds, diag.Review)
		if want := "b1.1 tell >a1\n" + tc.fixed + "\n"; string(fixed) != want {
			t.Errorf("%q: fixed to %q, want %q", tc.line, fixed, want)
		}
	}
	// No slot, no word: prose labels stay text; a lower-case key is the slot.
	for _, line := range []string{" Note: this is prose", " Summary: done", " q what?", " On Monday we ship"} {
		_, ds := parse(t, "b1.1 tell >a1\n"+line+"\n")
		for _, d := range ds {
			if d.Code == CodeSlotLabel {
				t.Errorf("%q: %v", line, d)
			}
		}
	}
	// Inside an open inline quote a label is content.
	tr, _ := parse(t, "b1.1 note >a1\n txt \"first\n Why: inside\"\n")
	if b, ok := tr.Messages[0].Slots[0].(*ir.BlockSlot); !ok || len(tr.Messages[0].Slots) != 1 || b.Block == nil {
		t.Errorf("a label inside an inline text was read: %v", tr.Messages[0].Slots)
	}
}
