package text

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/ir"
)

// rosMargin says which marks hang in the margin of which block, under which
// absolute line. A mark is drawn there when it is local, its block is carried
// and its address resolved (exact, relocated or ambiguous); every other mark
// is listed under the mark slot's label instead, so each mark appears exactly
// once (the reference draws a quote-only orphan in both places).
type rosMargin struct {
	under    map[*ir.Block]map[int][]*ir.Mark
	drawn    map[*ir.Mark]bool
	by       map[*ir.Mark]string         // author of a mark from another message
	unplaced map[*ir.Block][]foreignMark // marks from other messages not drawn on a line
}

func (r *rosRenderer) marginMarks(m *ir.Message, show bool) *rosMargin {
	mg := &rosMargin{under: map[*ir.Block]map[int][]*ir.Mark{}, drawn: map[*ir.Mark]bool{}, by: map[*ir.Mark]string{}}
	if !show {
		return mg
	}
	defer func() { // marks from other messages, after the message's own
		for _, s := range m.Slots {
			if bs, ok := s.(*ir.BlockSlot); ok && bs.Block != nil && len(r.foreign[bs.Block]) > 0 {
				if mg.unplaced == nil {
					mg.unplaced = map[*ir.Block][]foreignMark{}
				}
				mg.unplaced[bs.Block] = r.placeForeign(bs.Block, mg)
			}
		}
	}()
	for _, s := range m.Slots {
		ms, ok := s.(*ir.MarkSlot)
		if !ok {
			continue
		}
		for _, mk := range ms.Marks {
			if mk.Addr.Msg != "" || mk.Resolution == nil || !rosblock.Located(mk.Resolution.Status) {
				continue
			}
			b := rosblock.Find(m, markBlock(mk))
			if b == nil || len(b.Lines) == 0 {
				continue
			}
			first := rosblock.FirstLine(b)
			n := rosblock.AnchorLine(b, mk.Addr.Selectors, mk.Resolution)
			if n < first || n >= first+len(b.Lines) {
				continue // cannot be drawn: listed instead, never lost
			}
			if mg.under[b] == nil {
				mg.under[b] = map[int][]*ir.Mark{}
			}
			mg.under[b][n] = append(mg.under[b][n], mk)
			mg.drawn[mk] = true
		}
	}
	return mg
}

// markBlock is the name of the block a mark addresses.
func markBlock(mk *ir.Mark) string {
	if mk.Addr.Block != "" {
		return mk.Addr.Block
	}
	name, _, _ := strings.Cut(mk.Addr.Text, "#")
	return name
}

// markLabel is an address's selectors as written, joined by '|'. The
// reference cuts a quote longer than nine characters; rosettac keeps it, since
// the anchor is part of the mark (I-7).
func markLabel(addr string) string {
	var sels []string
	cur, inq := strings.Builder{}, false
	for _, c := range rosaddr.SpanText(addr) {
		switch {
		case c == '"':
			inq = !inq
			cur.WriteRune(c)
		case c == '|' && !inq:
			sels = append(sels, cur.String())
			cur.Reset()
		default:
			cur.WriteRune(c)
		}
	}
	sels = append(sels, cur.String())
	out := sels[:0]
	for _, s := range sels {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "|")
}

// block renders a txt block: its head, then numbered lines with the marks
// that hang under each.
func (r *rosRenderer) block(out *rosLines, b *ir.Block, mg *rosMargin) {
	var bits []string
	if b.Lang != "" {
		bits = append(bits, b.Lang)
	}
	if b.Fmt != "" && b.Fmt != "txt" {
		bits = append(bits, b.Fmt)
	}
	lastSrc, lastWin := -1, -1
	for i, a := range b.Attrs {
		switch a.Key {
		case "src":
			lastSrc = i
		case "win":
			lastWin = i
		}
	}
	from, to, winOK := rosblock.Window(b)
	for i, a := range b.Attrs {
		if i == lastSrc || i == lastWin && winOK {
			continue
		}
		bits = append(bits, a.Key+"="+a.Value)
	}
	if winOK {
		span := strconv.Itoa(from) + r.g.enDash + strconv.Itoa(to)
		if r.zh {
			bits = append(bits, "第 "+span+" 行")
		} else {
			bits = append(bits, "lines "+span)
		}
	}
	src := ""
	if lastSrc >= 0 {
		src = b.Attrs[lastSrc].Value
		if r.zh {
			bits = append(bits, "全文见 "+strings.TrimLeft(src, "@"))
		} else {
			bits = append(bits, "full text at "+strings.TrimLeft(src, "@"))
		}
	}
	head := rosSlotWords["txt"].in(r.zh) + " " + b.Name
	if tag := strings.Join(bits, " "+r.g.dot+" "); tag != "" {
		if r.zh {
			head += "（" + tag + "）"
		} else {
			head += " (" + tag + ")"
		}
	}
	out.add(head)
	if len(b.Lines) == 0 && src != "" {
		out.add("  " + r.g.elided.in(r.zh))
		return
	}
	first := rosblock.FirstLine(b)
	w := len(strconv.Itoa(max(1, first+len(b.Lines)-1)))
	pad := strings.Repeat(" ", w)
	for k, l := range b.Lines {
		n := first + k
		num := strconv.Itoa(n)
		gutter := "  " + pad[len(num):] + num + " " + r.g.gutter
		if l.Text == "" {
			out.add(gutter)
		} else {
			out.addSafe(gutter + " " + contentSafe(l.Text))
		}
		for _, mk := range mg.under[b][n] {
			line := r.marginMark(mk, l.Text)
			if who, ok := mg.by[mk]; ok {
				line = r.marginMarkBy(mk, l.Text, who)
			}
			out.add("  " + pad + " " + line)
		}
	}
	for _, fm := range mg.unplaced[b] {
		mk := fm.mk
		verb := ""
		if mk.Op == '>' {
			verb = rosWordReplace.in(r.zh)
		}
		out.add("  " + r.g.bullet + " " + mk.Addr.Text + ": " + verb + mk.Value + r.conf(mk.Conf) + r.byline(fm.author, mk.Resolution))
	}
}

// marginMarkBy renders a mark from another message under the line it hangs
// from: as a local one, labelled with its author and its resolution instead
// of the drift note.
func (r *rosRenderer) marginMarkBy(mk *ir.Mark, line, author string) string {
	res := *mk.Resolution
	st := res.Status
	res.Status = ir.Exact // no drift note: the byline says it
	local := *mk
	local.Resolution = &res
	return r.marginMark(&local, line) + r.byline(author, &ir.Resolution{Status: st})
}

// marginMark renders one mark under the line it hangs from.
func (r *rosRenderer) marginMark(mk *ir.Mark, line string) string {
	sym := r.g.annotate
	verb := ""
	if mk.Op == '>' {
		sym, verb = r.g.replace, rosWordReplace.in(r.zh)
	}
	res := mk.Resolution
	quo := ""
	// Quote the span only when it pinpoints something inside the line: a
	// whole line the reader can already see one row above is noise.
	if t := res.Text; quotable(t) && rosaddr.SpanText(mk.Addr.Text) != "" &&
		utf8.RuneCountInString(t) < utf8.RuneCountInString(line) {
		if r.zh {
			quo = "「" + t + "」"
		} else {
			quo = `"` + t + `" `
		}
	}
	return sym + " " + markLabel(mk.Addr.Text) + " " + quo + verb + mk.Value + r.conf(mk.Conf) + r.drift(res)
}

// quotable reports whether a mark's resolved text is short enough to quote
// in a margin: one line of at most 24 runes. The foreign marks a first pass
// keeps drop any other text (copyMark).
func quotable(t string) bool {
	return t != "" && !strings.Contains(t, "\n") && utf8.RuneCountInString(t) <= 24
}

func (r *rosRenderer) drift(res *ir.Resolution) string {
	if res == nil {
		return ""
	}
	switch res.Status {
	case ir.Relocated:
		return rosWordDrifted.in(r.zh)
	case ir.Ambiguous:
		return rosWordAmbiguous.in(r.zh)
	case ir.Outside:
		return r.g.outside.in(r.zh)
	case ir.Orphan:
		return r.g.orphaned.in(r.zh)
	}
	return ""
}

// looseMarks lists the marks of a slot that are not drawn in a margin: marks
// on other messages, and marks whose address did not resolve here. Each says
// how its address resolved; an out-of-window mark is never called orphaned.
func (r *rosRenderer) looseMarks(out *rosLines, label string, s *ir.MarkSlot, mg *rosMargin) {
	var loose []*ir.Mark
	for _, mk := range s.Marks {
		if !mg.drawn[mk] {
			loose = append(loose, mk)
		}
	}
	if len(loose) == 0 {
		return
	}
	out.add(label)
	for _, mk := range loose {
		verb := ""
		if mk.Op == '>' {
			verb = rosWordReplace.in(r.zh)
		}
		out.add("  " + r.g.bullet + " " + mk.Addr.Text + ": " + verb + mk.Value + r.conf(mk.Conf) + r.drift(mk.Resolution))
	}
}
