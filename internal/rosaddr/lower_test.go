package rosaddr

import (
	"testing"

	"github.com/rosettac/rosettac/ir"
)

// TestLower: the lowering fills what the text of ids, references, src= and
// addresses determines, and a second run changes nothing.
func TestLower(t *testing.T) {
	mk := &ir.Mark{Addr: ir.Address{Text: `@obs7@orig.tgt#L2|q"x"@2`}}
	m := &ir.Message{
		Header: &ir.Header{ID: ir.MsgID{Text: "a1.7"}, Act: "tell",
			Fields: []ir.Field{{Key: "src", Value: "@a2.3"}, {Key: "re", Value: "a2.3"}}},
		Slots: []ir.Slot{
			&ir.PlainSlot{SlotHead: ir.SlotHead{Key: "why", Refs: []ir.Ref{{Text: "@a2.7.tgt#L2"}, {Text: "@commit:9f2a"}, {Text: "@b1.1@orig"}}}},
			&ir.MarkSlot{SlotHead: ir.SlotHead{Key: "mark"}, Marks: []*ir.Mark{mk}},
		},
	}
	for range 2 {
		Lower(m)
		h := m.Header
		if h.ID.Agent != "a1" || h.ID.Seq != "7" || h.ID.Compact || h.Sender != "a1" {
			t.Errorf("id = %+v, sender %q", h.ID, h.Sender)
		}
		if h.Fields[0].Msg != "a2.3" || h.Fields[1].Msg != "" {
			t.Errorf("fields = %+v", h.Fields)
		}
		refs := m.Slots[0].Head().Refs
		if refs[0].Msg != "a2.7" || refs[0].Orig || refs[1].Msg != "" || refs[2].Msg != "b1.1" || !refs[2].Orig {
			t.Errorf("refs = %+v", refs)
		}
		a := mk.Addr
		if a.Msg != "obs7" || !a.Orig || a.Block != "tgt" || !a.HasSpan || len(a.Selectors) != 2 || !a.Selectors[1].HasOcc || a.Selectors[1].Occ != 2 {
			t.Errorf("address = %+v", a)
		}
	}
	w := &ir.Message{Header: &ir.Header{ID: ir.MsgID{Text: "obs7"}, Sender: "a3", SenderWritten: true},
		Slots: []ir.Slot{&ir.MarkSlot{SlotHead: ir.SlotHead{Key: "mark"}, Marks: []*ir.Mark{{Addr: ir.Address{Text: "Bad#L1"}}}}}}
	Lower(w)
	if w.Header.Sender != "a3" || !w.Header.ID.Compact || w.Header.ID.Agent != "obs" {
		t.Errorf("a written sender is kept: %+v", w.Header)
	}
	if a := w.Slots[0].(*ir.MarkSlot).Marks[0].Addr; a.Block != "Bad" || a.HasSpan {
		t.Errorf("an address that does not parse keeps its block name: %+v", a)
	}
}
