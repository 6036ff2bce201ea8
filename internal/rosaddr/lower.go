package rosaddr

import (
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// Lower fills what the text of m's ids, references and addresses
// determines, once, so that every later reader reads the IR instead of the
// text: the header id's agent, sequence and spelling (and the sender when it
// was not written: it is the id's agent), the message each slot reference
// and src= names, and each mark address's message, @orig, block, span and
// selectors.
//
// A parser sets only the text and spans of these (ID.Text, Ref.Text,
// Address.Text); grammars/rosetta calls Lower on every message it builds,
// whichever path read the lines, and internal/rosettatest on the messages it
// reads. Lower is idempotent.
func Lower(m *ir.Message) {
	if m == nil {
		return
	}
	if h := m.Header; h != nil && h.ID.Text != "" {
		h.ID.Agent, h.ID.Seq = SplitID(h.ID.Text)
		h.ID.Compact = strings.IndexByte(h.ID.Text, '.') < 0
		if !h.SenderWritten {
			h.Sender = h.ID.Agent
		}
		for i := range h.Fields {
			if f := &h.Fields[i]; f.Key == "src" {
				f.Msg, _ = RefMessage(f.Value)
			}
		}
	}
	for _, s := range m.Slots {
		hd := s.Head()
		for i := range hd.Refs {
			r := &hd.Refs[i]
			r.Msg, r.Orig = RefMessage(r.Text)
		}
		if ms, ok := s.(*ir.MarkSlot); ok {
			for _, mk := range ms.Marks {
				LowerAddress(&mk.Addr)
			}
		}
	}
}

// LowerAddress (re)derives a's parts from a.Text, keeping its span. The
// written text is the authority: resolution semantics (an exclusive c end,
// @n written) are read here, so selectors are always read the same way
// whoever built the address. An address that does not parse keeps the text
// before '#' as its block name, so it is still reported (as a missing
// block).
func LowerAddress(a *ir.Address) {
	if a.Text == "" {
		return
	}
	p, ok := parseAddress(a.Text)
	p.Span = a.Span
	if !ok {
		p = ir.Address{Span: a.Span, Text: a.Text}
		p.Block, _, _ = strings.Cut(a.Text, "#")
	}
	*a = p
}
