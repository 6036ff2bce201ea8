package rosetta

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// IsSlot reports whether name is one of the 14 slot names (ir.IsSlot).
func IsSlot(name string) bool { return ir.IsSlot(name) }

// IsAct reports whether name is one of the 14 acts (ir.IsAct).
func IsAct(name string) bool { return ir.IsAct(name) }

// stripDecoration removes one list decoration (- * + • followed by white
// space, or digits then '.' or ')' then white space) from the start of s.
func stripDecoration(s string) (int, string) {
	i := 0
	switch {
	case len(s) > 0 && (s[0] == '-' || s[0] == '*' || s[0] == '+'):
		i = 1
	case strings.HasPrefix(s, "•"):
		i = len("•")
	default:
		j := runOf(s, 0, isDigit)
		if j == 0 || j >= len(s) || (s[j] != '.' && s[j] != ')') {
			return 0, s
		}
		i = j + 1
	}
	k := skipWS(s, i)
	if k == i || k >= len(s) {
		return 0, s
	}
	return k, s[k:]
}

// slotKey reads a slot line: [decoration] key [: or ：] [rest]. It returns the
// key, where the key and the rest start in s, whether decoration or a colon
// was stripped, and whether s is a slot line at all. Keys are matched as
// written (lowercase); "A", "On", "By" at a line start are prose.
func slotKey(s string) (key string, ks, rs int, decorated bool, ok bool) {
	d, rest := stripDecoration(s)
	w := runOf(rest, 0, isLower)
	if w == 0 || !ir.IsSlot(rest[:w]) {
		return "", 0, 0, false, false
	}
	i := w
	colon := false
	if n := colonAt(rest, i); n > 0 {
		i += n
		colon = true
	} else if i < len(rest) && wsLen(rest, i) == 0 {
		return "", 0, 0, false, false
	}
	i = skipWS(rest, i)
	for {
		n := colonAt(rest, i)
		if n == 0 {
			break
		}
		colon = true
		i = skipWS(rest, i+n)
	}
	return rest[:w], d, d + i, d > 0 || colon, true
}

func colonAt(s string, i int) int {
	if i < len(s) && s[i] == ':' {
		return 1
	}
	if strings.HasPrefix(s[i:], fwColon) {
		return len(fwColon)
	}
	return 0
}

// body handles one non-blank, non-content line inside a message. sg.text starts
// at the line's first non-space character.
func (p *parser) body(l lineRef, sg seg) {
	c := p.cur
	c.last, c.lastLine = l.end, l
	if c.isDef {
		if c.slot == nil || c.slot.key != "a" {
			p.endSlot()
			c.slot = p.newSlot("a", p.pos(l, sg.src), l)
		}
		// Every def line is a binding of the one implicit a slot, which
		// spans them all (SlotHead.Span: to the end of the slot's last line).
		c.slot.end, c.slot.endLine = l.end, l
		p.appendRaw(c.slot, sg, 0)
		p.bindLine(c.slot, sg)
		return
	}
	if ss := c.slot; ss != nil && ss.noteOpen && sg.src-l.start > ss.indent {
		// A mark that ended its line with `=` or `>` carries its note on the
		// more indented lines after it, whatever their first word ("a miss
		// raises ..." is the note, not an `a` slot); a line with an address
		// starts the next mark.
		ss.end, ss.endLine = l.end, l
		p.appendRaw(ss, sg, 0)
		p.markLine(ss, sg)
		return
	}
	key, ks, rs, deco, ok := slotKey(sg.text)
	label := false
	if !ok && (c.slot == nil || !c.slot.inlineOpen) {
		// A slot written as a label (`A:`, `Why:`, `Unknown:`): P022.
		key, ks, rs = p.labelSlip(l, sg, c.slot == nil || c.slot.block != nil)
		ok, label = key != "", true
	}
	if ok {
		p.endSlot()
		ss := p.newSlot(key, p.pos(l, sg.off(ks)), l)
		ss.indent = sg.src - l.start
		keyEnd := ks + len(key)
		if label {
			keyEnd = ks + runOf(sg.text, ks, isLetter)
		}
		ss.keySpan = p.span(l, sg.off(ks), sg.off(keyEnd))
		c.slot = ss
		if deco {
			sp := p.span(l, sg.src, sg.off(rs))
			bare := key
			if rs < len(sg.text) {
				bare += " "
			}
			p.add(diag.Diagnostic{Severity: diag.Info, Code: CodeDecoration, Span: sp,
				Message: "decoration around slot key `" + key + "` stripped", Hint: "write the bare key: `" + key + " value`",
				Fixes: []diag.Fix{diag.Replace("write the bare key "+key, diag.Safe, sp, bare)}})
		}
		rest := sg
		rest.text = sg.text[rs:]
		rest.src = sg.off(rs)
		if k := trimEnd(rest.text, 0, len(rest.text)); k < len(rest.text) {
			rest.text = rest.text[:k]
		}
		p.appendRaw(ss, rest, 0)
		switch key {
		case "txt":
			p.txtHead(ss, rest)
		case "a", "assume", "sub":
			if rest.text != "" {
				p.bindLine(ss, rest)
			}
		case "mark":
			if rest.text != "" {
				p.markLine(ss, rest)
			}
		}
		return
	}
	ss := c.slot
	if ss == nil {
		// Body text before any slot: an implicit txt block (P003).
		ss = p.newSlot("txt", p.pos(l, sg.src), l)
		ss.implicit = CodeImplicitText
		ss.block = &ir.Block{Name: "body", Fmt: "txt", Implicit: true}
		c.slot = ss
		p.report(diag.Info, CodeImplicitText, p.span(l, sg.src, l.end),
			"body text before any slot key opens an implicit txt block", "start the block with `txt body` and prefix each line with `| `")
		p.blockText(ss, l, sg)
		return
	}
	ss.end, ss.endLine = l.end, l
	switch {
	case ss.block != nil:
		if ss.inlineOpen {
			p.inlineMore(ss, l, sg)
			return
		}
		if ss.implicit == "" && !ss.block.Unparsed {
			p.report(diag.Info, CodeBareLine, p.span(l, sg.src, l.end),
				"a line without `|` after a txt block is taken as a content line", "prefix content lines with `| `")
		}
		p.blockText(ss, l, sg)
	case ss.key == "a" || ss.key == "assume" || ss.key == "sub":
		p.appendRaw(ss, sg, 0)
		p.bindLine(ss, sg)
	case ss.key == "mark":
		p.appendRaw(ss, sg, 0)
		p.markLine(ss, sg)
	default:
		p.appendRaw(ss, sg, 0)
	}
}

// appendRaw appends sg.text[from:], trimmed, to the slot's raw text.
func (p *parser) appendRaw(ss *slotState, sg seg, from int) {
	t := sg.text[from:]
	t = t[:trimEnd(t, 0, len(t))]
	s := sg
	s.text = t
	s.src = sg.off(from)
	if len(ss.segs) > 0 {
		ss.rawLen++ // the '\n' between lines
	}
	ss.segs = append(ss.segs, rawSeg{at: ss.rawLen, seg: s})
	ss.rawLen += len(t)
}

// blockText appends a coordination line (trimmed, its source bytes) to a block.
func (p *parser) blockText(ss *slotState, l lineRef, sg seg) {
	a := sg.src
	b := trimEnd(p.text, a, l.end)
	ss.lines = append(ss.lines, ir.BlockLine{Span: p.span(l, a, b), Text: p.text[a:b]})
}

// content handles a `|` line at source offset pipe.
func (p *parser) content(l lineRef, pipe int) {
	c := p.cur
	c.last, c.lastLine = l.end, l
	p.sawBlank = false
	t := pipe + 1
	if t < l.end && p.text[t] == ' ' {
		t++
	}
	line := ir.BlockLine{Span: p.span(l, t, l.end), Text: p.text[t:l.end]}
	if ss := c.slot; ss != nil && ss.block != nil {
		if ss.inlineOpen {
			p.closeInline(ss)
		}
		ss.lines = append(ss.lines, line)
		ss.end, ss.endLine = l.end, l
		return
	}
	p.endSlot()
	ss := p.newSlot("txt", p.pos(l, pipe), l)
	ss.implicit = CodeImplicitBlock
	ss.block = &ir.Block{Name: "body", Fmt: "txt", Implicit: true}
	ss.lines = append(ss.lines, line)
	c.slot = ss
	p.report(diag.Info, CodeImplicitBlock, p.span(l, pipe, l.end),
		"content line with no txt header opens an implicit body block", "put `txt body` on the line before the first `| ` line")
}

// ---- txt ---------------------------------------------------------------

func (p *parser) txtHead(ss *slotState, rest seg) {
	b := p.nodes.blocks.new()
	b.Name, b.Fmt = "body", "txt"
	ss.block = b
	if rest.text == "" {
		return
	}
	if isInline(rest.text) {
		if parseLine(&p.lex, inlineParser(), modeInline, rest.text) != nil {
			p.inline(ss, rest)
			return
		}
	}
	g := parseLine(&p.lex, txtParser(), modeTxt, rest.text)
	if g == nil {
		b.Unparsed = true
		if w := runOf(rest.text, 0, isIdent); w > 0 && isLower(rest.text[0]) && endOfItem(rest.text, w) {
			b.Name = rest.text[:w]
		}
		p.report(diag.Warning, CodeBadBlockHead, p.span(rest.line, rest.src, rest.off(len(rest.text))),
			"`txt "+rest.text+"` is not a block head; it is kept as written and the block is named "+b.Name,
			"a block head is `txt [name] [@fmt[/lang]] [key=value ...]` with a lowercase name, or `txt \"one line\"`")
		return
	}
	if g.Name != "" {
		b.Name = g.Name
	}
	if g.Fmt != "" {
		ss.fmtTok = g.Fmt
		f := g.Fmt[1:]
		if k := strings.IndexByte(f, '/'); k >= 0 {
			b.Fmt, b.Lang = f[:k], f[k+1:]
		} else {
			b.Fmt = f
		}
	}
	p.attrBuf = p.attrBuf[:0]
	var k, v lexer.Token
	for i, j := 0, 0; len(p.attrBuf) < len(g.Attrs); {
		a := g.Attrs[len(p.attrBuf)]
		k, i = p.lex.next(tAttrKey, i)
		v, j = p.lex.next(tAttrVal, j)
		p.attrBuf = append(p.attrBuf, ir.Attr{Span: p.span(rest.line, rest.off(k.Pos.Offset), rest.off(v.Pos.Offset+len(v.Value))),
			Key: a.Key, Value: a.Value})
	}
	b.Attrs = p.nodes.attrs.copyOf(p.attrBuf)
}

// inline lowers an inline txt "..." head (the inline grammar has accepted it).
func (p *parser) inline(ss *slotState, rest seg) {
	ss.block.Inline = true
	it := p.lex.tok(tInline)
	v := it.Value
	_, n := utf8.DecodeRuneInString(v)
	inner := v[n:]
	closed := false
	if k := len(inner); k > 0 && inner[k-1] == '"' {
		inner, closed = inner[:k-1], true
	} else if strings.HasSuffix(inner, "”") {
		inner, closed = inner[:len(inner)-len("”")], true
	}
	a := it.Pos.Offset + n
	ss.lines = append(ss.lines, ir.BlockLine{Span: p.span(rest.line, rest.off(a), rest.off(a+len(inner))), Text: trimWS(inner)})
	if !closed {
		ss.inlineOpen = true
		ss.inlineSeg = seg{src: rest.off(it.Pos.Offset), line: rest.line}
	}
}

// inlineMore continues an inline "... block whose quote is still open.
func (p *parser) inlineMore(ss *slotState, l lineRef, sg seg) {
	t := sg.text[:trimEnd(sg.text, 0, len(sg.text))]
	closed := false
	switch {
	case strings.HasSuffix(t, `"`):
		t, closed = t[:len(t)-1], true
	case strings.HasSuffix(t, "”"):
		t, closed = t[:len(t)-len("”")], true
	}
	t = trimWS(t)
	ss.lines = append(ss.lines, ir.BlockLine{Span: p.span(l, sg.src, sg.off(len(t))), Text: t})
	if closed {
		ss.inlineOpen = false
	}
}

// closeInline reports an inline quote that never closed (spec §7: closed at
// the end of its line).
func (p *parser) closeInline(ss *slotState) {
	ss.inlineOpen = false
	at := ss.inlineSeg
	p.report(diag.Warning, CodeUnclosed, p.span(at.line, at.src, at.line.end),
		"unclosed `\"` in txt closed at the end of its text", "end the inline text with `\"`")
}

// ---- bindings and marks --------------------------------------------------

// conf lowers the Conf token of the last lexed line, if it has one.
func (p *parser) conf(sg seg, captured string) *ir.Conf {
	if captured == "" {
		return nil
	}
	t := p.lex.tok(tConf)
	_, n := utf8.DecodeRuneInString(t.Value)
	return p.nodes.conf(p.tokSpan(sg, t), t.Value[n:])
}

func (p *parser) bindLine(ss *slotState, sg seg) {
	text := sg.text[:trimEnd(sg.text, 0, len(sg.text))]
	d, rest := stripDecoration(text)
	if bindShape(rest) {
		r := sg
		r.text, r.src = rest, sg.off(d)
		if g := parseLine(&p.lex, bindParser(), modeBind, rest); g != nil {
			if d > 0 {
				p.report(diag.Info, CodeDecoration, p.span(sg.line, sg.src, r.src), "decoration before a binding stripped", "write the bare `key = value`")
			}
			kt, vt := p.lex.toks[0], p.lex.toks[2]
			ve, cs, ce := splitConf(vt.Value, 0, len(vt.Value))
			b := p.newBinding()
			*b = ir.Binding{Key: g.Key, KeySpan: p.tokSpan(r, kt), Neg: g.Op[0] == '!', Value: vt.Value[:ve]}
			b.ValueSpan = p.span(sg.line, r.off(vt.Pos.Offset), r.off(vt.Pos.Offset+ve))
			if cs >= 0 {
				_, n := utf8.DecodeRuneInString(vt.Value[cs:])
				b.Conf = p.nodes.conf(p.span(sg.line, r.off(vt.Pos.Offset+cs), r.off(vt.Pos.Offset+ce)), vt.Value[cs+n:ce])
				if n > 1 {
					p.lex.fullwidth = true
				}
			}
			if p.lex.fullwidth {
				p.report(diag.Info, CodeFullwidth, p.span(sg.line, r.src, sg.off(len(text))), "fullwidth punctuation read as binding syntax", "write ASCII = and ~")
			}
			b.Span = p.span(sg.line, r.src, sg.off(len(text)))
			p.confSlip(b) // recover.go
			ss.binds = append(ss.binds, b)
			p.looseDone(ss, "binding")
			return
		}
	}
	if n := len(ss.binds); n > 0 {
		b := ss.binds[n-1]
		b.Value, b.Conf = p.join(b.Value, b.Conf, b.ValueSpan.EndOffset(), sg, text)
		end := p.pos(sg.line, sg.off(len(text)))
		b.Span, b.ValueSpan = b.Span.WithEnd(end), b.ValueSpan.WithEnd(end)
		return
	}
	p.loose(ss, sg)
}

// join appends a continuation line to a value whose text so far ends at
// source offset end, re-splitting the conf (a new conf at the end of the line
// replaces the old one).
func (p *parser) join(val string, conf *ir.Conf, end int, sg seg, text string) (string, *ir.Conf) {
	v, cs, ce := splitConf(text, 0, len(text))
	slipped := false
	if cs < 0 && conf == nil {
		if cut, c := p.slip(text[:v], sg.off); c != nil { // P021, as on the binding's own line
			v, conf, slipped = cut, c, true
		}
	}
	joined := val + " " + text[:v]
	joined = joined[:trimEnd(joined, 0, len(joined))]
	joined = trimWS(joined)
	if cs < 0 && conf == nil && !slipped && val != "" {
		// A near form split by the line break (`x (~` then `hi`) reads as it
		// does once the value is written on one line, as fmt writes it.
		at := func(i int) int {
			switch {
			case i < len(val):
				return p.tailOffset(val, i, end)
			case i == len(val):
				return -1 // the space that stands for the line break
			}
			return sg.off(i - len(val) - 1)
		}
		if cut, c := p.slip(joined, at); c != nil {
			return trimWS(joined[:trimEnd(joined, 0, cut)]), c
		}
	}
	if cs >= 0 {
		_, n := utf8.DecodeRuneInString(text[cs:])
		conf = p.nodes.conf(p.span(sg.line, sg.off(cs), sg.off(ce)), text[cs+n:ce])
	}
	return joined, conf
}

// loose notes a line before the first entry of a binding or mark slot.
func (p *parser) loose(ss *slotState, sg seg) {
	if !ss.loose {
		ss.loose = true
		ss.looseSeg = sg
	}
}

// looseDone reports loose lines once the slot turns out to have entries.
func (p *parser) looseDone(ss *slotState, what string) {
	if !ss.loose || ss.verbatim {
		return
	}
	ss.verbatim = true
	s := ss.looseSeg
	p.report(diag.Warning, CodeLooseLine, p.span(s.line, s.src, s.line.end),
		"text before the first "+what+" of `"+ss.key+"` is not a "+what+"; the slot is kept as written",
		"start the slot with its first "+what+", or move this text to `why`")
}

func (p *parser) markLine(ss *slotState, sg seg) {
	text := sg.text[:trimEnd(sg.text, 0, len(sg.text))]
	d, rest := stripDecoration(text)
	r := sg
	r.text, r.src = rest, sg.off(d)
	g := parseLine(&p.lex, markParser(), modeMark, rest)
	if g == nil && d > 0 {
		d, r.text, r.src = 0, text, sg.src
		g = parseLine(&p.lex, markParser(), modeMark, text)
	}
	if g != nil {
		if d > 0 {
			p.report(diag.Info, CodeDecoration, p.span(sg.line, sg.src, r.src), "decoration before a mark stripped", "write the bare `addr = note`")
		}
		if p.lex.fullwidth {
			p.report(diag.Info, CodeFullwidth, p.span(sg.line, r.src, sg.off(len(text))), "fullwidth punctuation read as mark syntax", "write ASCII = > # @ ~")
		}
		mk := p.newMark()
		*mk = ir.Mark{Span: p.span(sg.line, r.src, sg.off(len(text))), Op: '=', Value: g.Value, Conf: p.conf(r, g.Conf)}
		if g.Op == ">" || g.Op == fwGt {
			mk.Op = '>'
		}
		if n := len(ss.segs); n > 0 && !sg.changed { // where the operator is in the slot's raw text
			last := ss.segs[n-1]
			if k := r.off(p.lex.tok(tOp).Pos.Offset) - last.seg.src; k >= 0 && k <= len(last.seg.text) {
				ss.ops = append(ss.ops, last.at+k)
			}
		}
		mk.Addr = p.address(r, g)
		ss.marks = append(ss.marks, mk)
		ss.noteOpen = g.Value == "" && g.Conf == ""
		p.looseDone(ss, "mark")
		return
	}
	if p.lex.unclosed >= 0 {
		p.report(diag.Warning, CodeUnclosed, p.span(sg.line, r.off(p.lex.unclosed), sg.off(len(text))),
			"unclosed `\"` in a mark address; the line is not read as a mark", "close the quote: q\"...\"")
	}
	if n := len(ss.marks); n > 0 {
		mk := ss.marks[n-1]
		mk.Value, mk.Conf = p.join(mk.Value, mk.Conf, mk.Span.EndOffset(), sg, text)
		mk.Span = mk.Span.WithEnd(p.pos(sg.line, sg.off(len(text))))
		if _, cs, _ := splitConf(text, 0, len(text)); cs >= 0 {
			ss.noteOpen = false // the confidence ends the note
		}
		return
	}
	p.loose(ss, sg)
}

// CodeSlotLabel is a slot key written as a label: `A:`, `Why:`, `Unknown:`.
const CodeSlotLabel = "P022" // WARN: a slot key as a capitalised or long-form label, read as the slot; a near miss is an ERROR with a did-you-mean

// slotLabels maps the long forms models write as slot labels to the slot
// they mean (singular; a trailing s is also accepted). Only words whose
// intent is unambiguous are here: `Note:` or `Summary:` stay prose.
var slotLabels = map[string]string{
	"answer": "a", "question": "q", "reason": "why", "unknown": "unk",
	"context": "ctx", "option": "opt", "assumption": "assume", "text": "txt",
	"subtask": "sub",
}

// slotLabel reads a slot key written as a label, with a colon: [decoration]
// Word: [rest]. It returns the slot meant, where the decoration or the
// label starts (ks) and where the rest starts (rs), whether the slot is
// certain (the key in another case, or a long form from slotLabels) or only
// the nearest slot by edit distance, and false when s is not such a label.
// A lower-case slot key is slotKey's.
func slotLabel(s string) (key, written string, ks, rs int, certain, ok bool) {
	d, rest := stripDecoration(s)
	w := runOf(rest, 0, isLetter)
	n := colonAt(rest, w)
	if w == 0 || n == 0 {
		return "", "", 0, 0, false, false
	}
	written = rest[:w]
	low := strings.ToLower(written)
	switch {
	case ir.IsSlot(low):
		key, certain = low, true
	case slotLabels[low] != "":
		key, certain = slotLabels[low], true
	case len(low) > 1 && low[len(low)-1] == 's' && (ir.IsSlot(low[:len(low)-1]) || slotLabels[low[:len(low)-1]] != ""):
		key, certain = low[:len(low)-1], true
		if k := slotLabels[key]; k != "" {
			key = k
		}
	case len(low) >= 3:
		if g, ok := diag.Closest(low, Slots); ok {
			key = g
		}
	}
	if key == "" || key == written {
		return "", "", 0, 0, false, false
	}
	i := skipWS(rest, w+n)
	return key, written, d, d + i, certain, true
}

// labelSlip reports a slot label (P022) on sg and returns the key to open
// a slot with, or "" when the line is to be read as before (not a label, or
// only a near miss, which is reported and left as text). A near miss on a
// line that is then block text (content: implicit txt before any slot, or
// a block's own lines) gets no fix: even a reviewed fix never turns
// content into something else.
func (p *parser) labelSlip(l lineRef, sg seg, content bool) (key string, ks, rs int) {
	key, written, ks, rs, certain, ok := slotLabel(sg.text)
	if !ok {
		return "", 0, 0
	}
	newText := key
	if rs < len(sg.text) {
		newText += " "
	}
	sp := p.span(l, sg.off(0), sg.off(rs))
	if !certain {
		var fixes []diag.Fix
		if !content {
			fixes = []diag.Fix{diag.Replace("write the slot as "+key, diag.Review, sp, newText)}
		}
		p.add(diag.Diagnostic{Severity: diag.Error, Code: CodeSlotLabel, Span: sp,
			Message: "`" + written + ":` is not a slot (did you mean `" + key + "`?); the line is read as text",
			Hint:    "the slots are " + strings.Join(Slots, ", ") + ", written in lower case with no colon",
			Fixes:   fixes})
		return "", 0, 0
	}
	p.add(diag.Diagnostic{Severity: diag.Warning, Code: CodeSlotLabel, Span: sp,
		Message: "slot label `" + written + ":` read as the slot `" + key + "`",
		Hint:    "write a slot as its lower-case key and a space: `" + key + " value`",
		Fixes:   []diag.Fix{diag.Replace("write the slot as "+key, diag.Safe, sp, newText)}})
	return key, ks, rs
}
