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
		// A near miss follows a slot, whose text it continues; as the
		// first body line it would be block text (below).
		head := "b1.1 tell >a1\n"
		if tc.key == "" {
			head += " why x\n"
		}
		src := head + tc.line + "\n"
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
		case tc.key == "" && (len(slots) != 1 || slots[0].Head().Key != "why"):
			t.Errorf("%q: a near miss must stay text: %v", tc.line, slots)
		}
		fixed, _ := diag.ApplyFixes("t.rose", []byte(src), ds, diag.Review)
		if want := head + tc.fixed + "\n"; string(fixed) != want {
			t.Errorf("%q: fixed to %q, want %q", tc.line, fixed, want)
		}
	}
	// A near miss that is the first body line is implicit txt, content: it
	// is reported with its did-you-mean but gets no fix, not even one to
	// review (FuzzFix: no fix changes content).
	for _, line := range []string{" Wantt: {x}", " Risc: none", "isk：x"} {
		_, ds := parse(t, "b1.1 tell >a1\n"+line+"\n")
		n := 0
		for _, d := range ds {
			if d.Code == CodeSlotLabel {
				n++
				if len(d.Fixes) != 0 {
					t.Errorf("%q: block text got a fix: %v", line, d.Fixes)
				}
			}
		}
		if n != 1 {
			t.Errorf("%q: %v, want one P022", line, ds)
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
