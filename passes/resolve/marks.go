package resolve

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/ir"
)

// Lookup finds a stored message by id: through revisions unless orig is set
// (@id@orig). It returns nil for a message the session has not seen.
type Lookup func(id string, orig bool) *ir.Message

// Marks resolves every mark of m, setting Mark.Resolution, and reports what
// the resolutions mean. Local marks resolve against m's own blocks; a mark on
// another message (@id.block#span) through look, which may be nil. The
// addresses are read as the lowering left them (rosetta.Lower): this package
// never reads an address's text again.
func Marks(m *ir.Message, look Lookup) diag.List {
	var ds diag.List
	for _, s := range m.Slots {
		ms, ok := s.(*ir.MarkSlot)
		if !ok {
			continue
		}
		for _, mk := range ms.Marks {
			a := &mk.Addr
			var blk *ir.Block
			if a.Msg == "" {
				blk = rosblock.Find(m, a.Block)
				if blk == nil {
					ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W021", Span: a.Span,
						Message: fmt.Sprintf("mark on `%s`: no local `txt %s` block", a.Text, a.Block),
						Hint:    fmt.Sprintf("add a `txt %s` block to this message, or prefix the address with the message that carries it (@id.%s)", a.Block, a.Block)})
					mk.Resolution = &ir.Resolution{Status: ir.Orphan, Conf: "?", Detail: "no block " + a.Block}
					continue
				}
			} else {
				var tgt *ir.Message
				if look != nil {
					tgt = look(a.Msg, a.Orig)
				}
				if tgt == nil {
					ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W024", Span: a.Span,
						Message: fmt.Sprintf("mark on `%s`: message %s not seen yet", a.Text, a.Msg),
						Hint:    "send the mark after the message it annotates, or check the message id"})
					mk.Resolution = &ir.Resolution{Status: ir.Orphan, Conf: "?", Detail: "message " + a.Msg + " not seen"}
					continue
				}
				if blk = rosblock.Find(tgt, a.Block); blk == nil {
					ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W021", Span: a.Span,
						Message: fmt.Sprintf("mark `%s`: %s has no block `%s`", a.Text, headerID(tgt), a.Block),
						Hint:    "name a txt block that message carries"})
					mk.Resolution = &ir.Resolution{Status: ir.Orphan, Conf: "?", Detail: "no block " + a.Block}
					continue
				}
			}
			mk.Resolution = Block(blk, a.Selectors)
			if mk.Resolution.Status == ir.Orphan && a.Msg != "" && !a.Orig && look != nil {
				revisedAway(mk, look)
			}
			ds = append(ds, markDiags(mk, blk)...)
		}
	}
	return ds
}

// revisedAway rewords an orphaned mark on a revised message whose original
// still has what the mark points at: the text is no longer present, rather
// than never there.
func revisedAway(mk *ir.Mark, look Lookup) {
	a := &mk.Addr
	now, orig := look(a.Msg, false), look(a.Msg, true)
	if now == nil || orig == nil || headerID(now) == headerID(orig) {
		return
	}
	ob := rosblock.Find(orig, a.Block)
	if ob == nil || !rosblock.Located(Block(ob, a.Selectors).Status) {
		return
	}
	mk.Resolution.Detail = fmt.Sprintf("no longer present: the revision %s removed it (@%s@orig still has it)", headerID(now), a.Msg)
	mk.Resolution.Fix = ""
}

func headerID(m *ir.Message) string {
	if m.Header == nil {
		return "?.0"
	}
	return m.Header.ID.Text
}

// markDiags turns a mark's resolution into its diagnostics (the reference's
// mark_diagnostics): the status code, then W023, then I029.
func markDiags(mk *ir.Mark, blk *ir.Block) diag.List {
	var ds diag.List
	a, r := &mk.Addr, mk.Resolution
	switch r.Status {
	case ir.Orphan:
		hint := "re-anchor the mark on the current text, or withdraw it; an orphaned mark is never applied"
		if r.Fix != "" {
			hint = "if the nearest passage is what you meant, anchor on it: " + r.Fix + "; otherwise withdraw the mark (an orphaned mark is never applied)"
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "E022", Span: a.Span,
			Message: fmt.Sprintf("mark `%s` points at nothing in `%s` (%s): %s", a.Text, blk.Name, plural(len(blk.Lines), "line"), r.Detail),
			Hint:    hint})
	case ir.Relocated:
		fix := r.Fix
		if fix == "" {
			fix = fmt.Sprintf("L%d", r.Line)
		}
		hint := "update the positional selector to " + fix
		if strings.Contains(fix, ".c") || strings.HasPrefix(fix, "c") {
			hint += " (a c range counts code points from 0, its end excluded)"
		}
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W025", Span: a.Span,
			Message: fmt.Sprintf("mark `%s` %s — the quote anchor saved it; resolution confidence ~%s, re-read before acting", a.Text, r.Detail, r.Conf),
			Hint:    hint})
	case ir.Ambiguous:
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W026", Span: a.Span,
			Message: fmt.Sprintf("mark `%s` is ambiguous: %s; add @n or a longer quote", a.Text, r.Detail),
			Hint:    `write q"…"@n to pick an occurrence, or quote more text`})
	case ir.Outside:
		ds.Add(diag.Diagnostic{Severity: diag.Info, Code: "I028", Span: a.Span,
			Message: fmt.Sprintf("mark `%s` is outside the carried content: %s", a.Text, r.Detail),
			Hint:    "dereference the full content to read the marked text"})
	}
	if mk.Conf == nil && mk.Op == '>' {
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: "W023", Span: a.Span,
			Message: fmt.Sprintf("proposed edit at `%s` carries no ~conf", a.Text),
			Hint:    "end the replacement with ~hi, ~mid or ~lo"})
	}
	if a.HasSpan && len(a.Selectors) > 0 && !anchored(a.Selectors) {
		ds.Add(diag.Diagnostic{Severity: diag.Info, Code: "I029", Span: a.Span,
			Message: fmt.Sprintf("mark `%s` has only a positional selector; it will silently point at the wrong text after an edit", a.Text),
			Hint:    `add |q"..." to anchor it`})
	}
	return ds
}

func anchored(sels []ir.Selector) bool {
	for i := range sels {
		if sels[i].Kind == ir.SelQuote {
			return true
		}
	}
	return false
}

// Address resolves a full address text (@id[@orig].block#span) through look.
// A local address (no @id) resolves against local, which may be nil. Besides
// blocks it resolves the other §11.1 forms: @id (the message: its id), @id.slot
// (the slot's text, first slot of that key) and @id.a.key (a binding's value).
func Address(text string, local *ir.Message, look Lookup) *ir.Resolution {
	a := ir.Address{Text: text}
	rosaddr.LowerAddress(&a) // a host's text, not the IR
	msgID, orig, rest := a.Msg, a.Orig, ""
	if a.Msg == "" && strings.HasPrefix(text, "@") {
		// Not a block address: @id, @id.slot or @id.slot.key.
		id, o := rosaddr.RefMessage(text)
		msgID, orig = id, o
		body := strings.TrimPrefix(strings.TrimLeft(text, "@"), id)
		body = strings.TrimPrefix(body, "@orig")
		rest = strings.TrimPrefix(body, ".")
	}
	var m *ir.Message
	switch {
	case msgID != "" && look != nil:
		m = look(msgID, orig)
	case msgID == "" && !strings.HasPrefix(text, "@"):
		m = local
	}
	if m == nil {
		return &ir.Resolution{Status: ir.Orphan, Conf: "?", Detail: "no message " + orDefault(msgID, "named by "+pyRepr(text))}
	}
	if a.Msg == "" && msgID != "" {
		return slotAddress(m, rest)
	}
	blk := rosblock.Find(m, a.Block)
	if blk == nil {
		if !a.HasSpan {
			if r := slotAddress(m, a.Block); r.Status == ir.Exact {
				return r
			}
		}
		return &ir.Resolution{Status: ir.Orphan, Conf: "?", Detail: fmt.Sprintf("%s has no block `%s`", headerID(m), a.Block)}
	}
	return Block(blk, a.Selectors)
}

// slotAddress resolves "", "slot" or "slot.key" inside m.
func slotAddress(m *ir.Message, rest string) *ir.Resolution {
	if rest == "" {
		return &ir.Resolution{Status: ir.Exact, Conf: "hi", Text: headerID(m), Line: 0}
	}
	key, sub, hasSub := strings.Cut(rest, ".")
	for _, s := range m.Slots {
		if s.Head().Key != key {
			continue
		}
		if !hasSub {
			return &ir.Resolution{Status: ir.Exact, Conf: "hi", Text: s.Head().Raw}
		}
		if bs, ok := s.(*ir.BindingSlot); ok {
			for _, b := range bs.Bindings {
				if b.Key == sub {
					return &ir.Resolution{Status: ir.Exact, Conf: "hi", Text: b.Value}
				}
			}
		}
		break
	}
	return &ir.Resolution{Status: ir.Orphan, Conf: "?", Detail: fmt.Sprintf("%s has no %s", headerID(m), pyRepr(rest))}
}

// Digests verifies every carried block of m against a complete src=@sha256:
// digest (E025).
func Digests(m *ir.Message) diag.List {
	var ds diag.List
	for _, s := range m.Slots {
		bs, ok := s.(*ir.BlockSlot)
		if !ok || bs.Block == nil {
			continue
		}
		got, match, checked := digest(bs.Block)
		if !checked || match {
			continue
		}
		span := bs.Block.Span
		for _, at := range bs.Block.Attrs {
			if at.Key == "src" {
				span = at.Span
			}
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "E025", Span: span,
			Message: fmt.Sprintf("block `%s` does not match its src= digest: its %d carried lines hash to sha256:%s", bs.Block.Name, len(bs.Block.Lines), got),
			Hint:    "the content was altered in transit or the hash is stale; deref src= for the original, or recompute the hash"})
	}
	return ds
}
