package rosetta

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// rawPos maps an offset in a slot's raw text to a source position.
func (p *parser) rawPos(ss *slotState, r int) int {
	var best *rawSeg
	for i := range ss.segs {
		s := &ss.segs[i]
		if s.at <= r {
			best = s
		} else {
			break
		}
	}
	if best == nil {
		return p.pos(ss.endLine, ss.end)
	}
	k := r - best.at
	if k > len(best.seg.text) {
		k = len(best.seg.text)
	}
	return p.pos(best.seg.line, best.seg.off(k))
}

func (p *parser) rawSpan(ss *slotState, a, b int) diag.Span {
	return p.src.Span(p.rawPos(ss, a), p.rawPos(ss, b))
}

func (p *parser) rawTokSpan(ss *slotState, t lexer.Token) diag.Span {
	return p.rawSpan(ss, t.Pos.Offset, t.Pos.Offset+len(t.Value))
}

// endSlot lowers the slot being read into the message.
func (p *parser) endSlot() {
	c := p.cur
	if c == nil || c.slot == nil {
		return
	}
	ss := c.slot
	c.slot = nil
	if ss.inlineOpen {
		p.closeInline(ss)
	}
	var raw string
	switch len(ss.segs) {
	case 0:
	case 1:
		raw = ss.segs[0].seg.text
	default:
		var b strings.Builder
		b.Grow(ss.rawLen)
		for i, s := range ss.segs {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(s.seg.text)
		}
		raw = b.String()
	}
	h := ir.SlotHead{
		Span:    p.src.Span(ss.start, p.pos(ss.endLine, ss.end)),
		Key:     ss.key,
		KeySpan: ss.keySpan,
		Raw:     raw,
	}
	if ss.block == nil || !ss.block.Inline { // inline text is content, not references
		h.Refs = p.refs(ss, raw)
	}
	if ss.fmtTok != "" { // txt tgt @md/zh: the head's format is not a reference
		if i := slices.IndexFunc(h.Refs, func(r ir.Ref) bool { return r.Text == ss.fmtTok }); i >= 0 {
			if h.Refs = slices.Delete(slices.Clip(h.Refs), i, i+1); len(h.Refs) == 0 {
				h.Refs = nil
			}
		}
	}
	h.Verbatim = ss.verbatim
	var out ir.Slot
	switch ss.key {
	case "txt":
		b := ss.block
		b.Span = h.Span
		if len(ss.lines) > 0 {
			b.Lines = p.nodes.lines.copyOf(ss.lines)
		}
		s := p.nodes.blockSlots.new()
		s.SlotHead, s.Block = h, b
		out = s
	case "mark":
		if len(ss.marks) == 0 && raw != "" {
			h.Verbatim = true
			p.report(diag.Warning, CodeLooseLine, h.Span, "`mark` holds no mark (`addr = note` or `addr > text`); it is kept as written",
				"write a mark as `block#L3|q\"words\" = note ~conf`")
		}
		s := p.nodes.markSlots.new()
		s.SlotHead, s.Marks = h, p.nodes.markPtrs.copyOf(ss.marks)
		out = s
	case "a", "assume", "sub":
		s := p.nodes.bindSlots.new()
		s.SlotHead, s.Bindings = h, p.nodes.bindPtrs.copyOf(ss.binds)
		if len(ss.binds) == 0 {
			s.Text, s.Conf = p.textConf(ss, raw)
		}
		out = s
	case "unk", "opt":
		out = p.list(ss, h)
	case "want":
		out = p.shape(ss, h)
	case "ctx":
		s := p.nodes.refSlots.new()
		s.SlotHead = h
		out = s
	default:
		s := p.nodes.plain.new()
		s.SlotHead = h
		s.Text, s.Conf = p.textConf(ss, raw)
		out = s
	}
	p.slotsBuf = append(p.slotsBuf, out)
}

// textConf splits a trailing ~conf off a slot's raw text.
func (p *parser) textConf(ss *slotState, raw string) (string, *ir.Conf) {
	v, cs, ce := splitConf(raw, 0, len(raw))
	if cs < 0 {
		// A near form (`a done ~high`, `risk ... (~mid)`) is the claim's
		// confidence, as on a binding (P021): one slip reader for both.
		if cut, c := p.slip(raw[:v], func(i int) int { return p.rawPos(ss, i) }); c != nil {
			return raw[:trimEnd(raw, 0, cut)], c
		}
		return raw[:v], nil
	}
	_, n := utf8.DecodeRuneInString(raw[cs:])
	return raw[:v], p.nodes.conf(p.rawSpan(ss, cs, ce), raw[cs+n:ce])
}

// list reads an unk or opt value. Like every plain slot it is taken by the
// classifier (participle-speed.md): the lexer's tokens already are the list,
// so they are walked directly; the list grammar documents them, and a test
// checks that it accepts every token stream the lexer makes.
func (p *parser) list(ss *slotState, h ir.SlotHead) ir.Slot {
	s := p.nodes.lists.new()
	s.SlotHead = h
	if h.Raw == "" {
		return s
	}
	p.itemBuf = p.itemBuf[:0]
	lexLine(&p.lex, modeList, h.Raw)
	if p.lex.unclosed >= 0 {
		p.report(diag.Warning, CodeUnclosed, p.rawSpan(ss, p.lex.unclosed, len(h.Raw)),
			"unclosed `[` in `"+h.Key+"` closed at the end of the list", "end the list with `]`")
	}
	for _, tk := range p.lex.toks {
		switch tk.Type {
		case tLBrack:
			s.Bracketed = true
		case tItem:
			p.itemBuf = append(p.itemBuf, ir.ListItem{Span: p.rawTokSpan(ss, tk), Text: tk.Value})
		case tConf:
			_, n := utf8.DecodeRuneInString(tk.Value)
			s.Conf = p.nodes.conf(p.rawTokSpan(ss, tk), tk.Value[n:])
		case tRest:
			s.Prose = tk.Value
		}
	}
	s.Items = p.nodes.items.copyOf(p.itemBuf)
	return s
}

// shape reads a want value from the lexer's tokens (see list).
func (p *parser) shape(ss *slotState, h ir.SlotHead) ir.Slot {
	s := p.nodes.shapes.new()
	s.SlotHead = h
	if h.Raw == "" {
		return s
	}
	if !lexLine(&p.lex, modeShape, h.Raw) {
		s.Verbatim = true
		p.report(diag.Warning, CodeBadShape, p.rawSpan(ss, 0, len(h.Raw)),
			"`want "+firstLine(h.Raw)+"` is neither a {key, key?: type} shape nor an act alternation like done|fail; kept as written",
			"write `want {cause, fix, eta?}` or `want done|fail`")
		return s
	}
	if p.lex.unclosed >= 0 {
		p.report(diag.Warning, CodeUnclosed, p.rawSpan(ss, p.lex.unclosed, len(h.Raw)),
			"unclosed `{` in `want` closed at the end of the shape", "end the shape with `}`")
	}
	// f is the field being read; its end is known at the next field (or the end).
	var f ir.ShapeField
	open, end := false, 0
	p.sfBuf, p.actBuf = p.sfBuf[:0], p.actBuf[:0]
	flush := func() {
		if open {
			f.Span = f.Span.WithEnd(p.rawPos(ss, end))
			p.sfBuf = append(p.sfBuf, f)
			open = false
		}
	}
	for _, tk := range p.lex.toks {
		switch tk.Type {
		case tAlt:
			p.actBuf = append(p.actBuf, tk.Value)
		case tLBrace:
			s.Shape.Braced = true
		case tField:
			flush()
			f = ir.ShapeField{Name: tk.Value, IsSlot: ir.IsSlot(tk.Value), Span: p.rawSpan(ss, tk.Pos.Offset, tk.Pos.Offset)}
			open, end = true, tk.Pos.Offset+len(tk.Value)
		case tOptional:
			f.Optional = true
			end = tk.Pos.Offset + 1
		case tType:
			f.Type = tk.Value
			end = tk.Pos.Offset + len(tk.Value)
		}
	}
	flush()
	s.Shape.Fields = p.nodes.shapeFlds.copyOf(p.sfBuf)
	s.Shape.Acts = p.nodes.acts.copyOf(p.actBuf)
	return s
}

func firstLine(s string) string {
	if k := strings.IndexByte(s, '\n'); k >= 0 {
		return s[:k] + " ..."
	}
	return s
}

// refs finds every reference in raw: '@' (or '＠'), then a letter, digit, '_'
// or '#', then letters, digits and _ : . / # @ = & - ; a '|' followed by a
// quote selector q"..." or a letter or digit continues it (address
// alternatives, spec §11.2). A trailing '.' or ':' ends a sentence, not a ref.
func (p *parser) refs(ss *slotState, raw string) []ir.Ref {
	out := p.refBuf[:0]
	fw := strings.Contains(raw, fwAt)
	for i := 0; i < len(raw); {
		var k int
		if fw {
			k = strings.IndexAny(raw[i:], "@＠")
		} else {
			k = strings.IndexByte(raw[i:], '@')
		}
		if k < 0 {
			break
		}
		a := i + k
		_, n := utf8.DecodeRuneInString(raw[a:])
		j := a + n
		if j >= len(raw) || !(isWord(raw[j]) || raw[j] == '#') {
			i = j
			continue
		}
		for j < len(raw) {
			c := raw[j]
			if isWord(c) || strings.IndexByte(":./#@=&-", c) >= 0 {
				j++
				continue
			}
			if c == '|' && j+1 < len(raw) {
				if strings.HasPrefix(raw[j+1:], `q"`) {
					if e := strings.IndexByte(raw[j+3:], '"'); e >= 0 && !strings.ContainsRune(raw[j+3:j+3+e], '\n') {
						j += 3 + e + 1
						continue
					}
				} else if isWord(raw[j+1]) {
					j++
					continue
				}
			}
			break
		}
		for _, o := range ss.ops { // a#@0=note: the mark's `=` ends its address
			if a < o && o < j {
				j = o
			}
		}
		for j > a+n && (raw[j-1] == '.' || raw[j-1] == ':') {
			j--
		}
		if j > a+n {
			text := raw[a:j]
			if n > 1 {
				text = "@" + text[n:]
			}
			out = append(out, ir.Ref{Span: p.rawSpan(ss, a, j), Text: text})
		}
		i = j
	}
	p.refBuf = out
	return p.nodes.refs.copyOf(out)
}

// ---- addresses -----------------------------------------------------------

// address reads the text and span of a mark's address from the tokens the
// mark grammar accepted. Its parts (message, block, selectors) are read from
// that text by the lowering (Lower), as every address is.
func (p *parser) address(r seg, g *markLine) ir.Address {
	var ad ir.Address
	bt := p.lex.tok(tBlock)
	start := bt.Pos.Offset
	end := bt.Pos.Offset + len(bt.Value)
	if g.Msg != "" {
		start = p.lex.tok(tMsgRef).Pos.Offset
	}
	if g.Hash != "" {
		end = p.lex.tok(tHash).Pos.Offset + len(g.Hash)
		// the end of the last selector: the tokens are walked once, going on
		// from the last one (nth per selector walked the line again)
		var t lexer.Token
		for i, k := 0, 0; i < len(g.Selectors); i++ {
			t, k = p.lex.next(tSel, k)
			end = t.Pos.Offset + len(t.Value)
		}
	}
	ad.Text = r.text[start:end]
	// Fold only the structural ＃ (the one the grammar matched): a ＃ inside
	// a quote anchor is content and must stay as written to match its text.
	if g.Hash == fwHash {
		h := p.lex.tok(tHash).Pos.Offset - start
		ad.Text = ad.Text[:h] + "#" + ad.Text[h+len(fwHash):]
	}
	if strings.HasPrefix(ad.Text, fwAt) {
		ad.Text = "@" + ad.Text[len(fwAt):]
	}
	ad.Span = p.span(r.line, r.off(start), r.off(end))
	return ad
}
