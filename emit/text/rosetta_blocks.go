package text

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/ir"
)

// rosMargin says which marks hang in the margin of which block, under which
// absolute line. A mark is drawn there when it is local, its block is carried
// and its address resolved (exact, relocated or ambiguous); every other mark
// is listed under the mark slot's label instead, so each mark appears exactly
// once (the reference draws a quote-only orphan in both places).
type rosMargin struct {
	under map[*ir.Block]map[int][]*ir.Mark
	drawn map[*ir.Mark]bool
}

func (r *rosRenderer) marginMarks(m *ir.Message, show bool) *rosMargin {
	mg := &rosMargin{under: map[*ir.Block]map[int][]*ir.Mark{}, drawn: map[*ir.Mark]bool{}}
	if !show {
		return mg
	}
	for _, s := range m.Slots {
		ms, ok := s.(*ir.MarkSlot)
		if !ok {
			continue
		}
		for _, mk := range ms.Marks {
			if mk.Addr.Msg != "" || mk.Resolution == nil || !resolvedOK(mk.Resolution.Status) {
				continue
			}
			b := lastBlock(m, markBlock(mk))
			if b == nil || len(b.Lines) == 0 {
				continue
			}
			first := blockFirstLine(b)
			n := anchorLine(b, mk)
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

func resolvedOK(st ir.ResolutionStatus) bool {
	return st == ir.Exact || st == ir.Relocated || st == ir.Ambiguous
}

// markBlock is the name of the block a mark addresses.
func markBlock(mk *ir.Mark) string {
	if mk.Addr.Block != "" {
		return mk.Addr.Block
	}
	name, _, _ := strings.Cut(mk.Addr.Text, "#")
	return name
}

// lastBlock finds a block by name; a later block of the same name replaces an
// earlier one, as in resolution.
func lastBlock(m *ir.Message, name string) *ir.Block {
	for i := len(m.Slots) - 1; i >= 0; i-- {
		if bs, ok := m.Slots[i].(*ir.BlockSlot); ok && bs.Block != nil && bs.Block.Name == name {
			return bs.Block
		}
	}
	return nil
}

// blockWindow is a block's win= range (L38-46 or 38-46).
func blockWindow(b *ir.Block) (from, to int, ok bool) {
	w, has := b.Attr("win")
	if !has {
		return 0, 0, false
	}
	x, y, cut := strings.Cut(w, "-")
	x, y = strings.TrimPrefix(x, "L"), strings.TrimPrefix(y, "L")
	if !cut || !rosaddr.IsDigits(x) || !rosaddr.IsDigits(y) {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(x)
	c, err2 := strconv.Atoi(y)
	return a, c, err1 == nil && err2 == nil
}

func blockFirstLine(b *ir.Block) int {
	if a, _, ok := blockWindow(b); ok {
		return a
	}
	return 1
}

// anchorLine is the line a mark hangs under: where its address resolved, else
// the line its first positional selector names, else the block's first line.
func anchorLine(b *ir.Block, mk *ir.Mark) int {
	if mk.Resolution != nil && mk.Resolution.Line > 0 {
		return mk.Resolution.Line
	}
	first := blockFirstLine(b)
	for _, sel := range mk.Addr.Selectors {
		switch sel.Kind {
		case ir.SelLine:
			return sel.From
		case ir.SelChar:
			return first
		case ir.SelPara:
			if p := paragraphStart(b, sel.From); p > 0 {
				return p
			}
		}
	}
	return first
}

// paragraphStart is the absolute first line of the i-th run of non-blank
// lines, or 0.
func paragraphStart(b *ir.Block, i int) int {
	n, inPara := 0, false
	for k, l := range b.Lines {
		blank := strings.TrimSpace(l.Text) == ""
		if !blank && !inPara {
			n++
			if n == i {
				return blockFirstLine(b) + k
			}
		}
		inPara = !blank
	}
	return 0
}

// spanText is the part of an address after '#', or "".
func spanText(addr string) string {
	_, span, _ := strings.Cut(addr, "#")
	return span
}

// markLabel is an address's selectors as written, joined by '|'. The
// reference cuts a quote longer than nine characters; rosettac keeps it, since
// the anchor is part of the mark (I-7).
func markLabel(addr string) string {
	var sels []string
	cur, inq := strings.Builder{}, false
	for _, c := range spanText(addr) {
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
	from, to, winOK := blockWindow(b)
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
	first := blockFirstLine(b)
	w := len(strconv.Itoa(max(1, first+len(b.Lines)-1)))
	pad := strings.Repeat(" ", w)
	for k, l := range b.Lines {
		n := first + k
		num := strconv.Itoa(n)
		gutter := "  " + pad[len(num):] + num + " " + r.g.gutter
		if l.Text == "" {
			out.add(gutter)
		} else {
			out.add(gutter + " " + termSafeTail(l.Text))
		}
		for _, mk := range mg.under[b][n] {
			out.add("  " + pad + " " + r.marginMark(mk, l.Text))
		}
	}
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
	if t := res.Text; t != "" && !strings.Contains(t, "\n") && spanText(mk.Addr.Text) != "" &&
		utf8.RuneCountInString(t) < utf8.RuneCountInString(line) && utf8.RuneCountInString(t) <= 24 {
		if r.zh {
			quo = "「" + t + "」"
		} else {
			quo = `"` + t + `" `
		}
	}
	return sym + " " + markLabel(mk.Addr.Text) + " " + quo + verb + mk.Value + r.conf(mk.Conf) + r.drift(res)
}

func (r *rosRenderer) drift(res *ir.Resolution) string {
	if res == nil {
		return ""
	}
	switch res.Status {
	case ir.Relocated:
		return r.g.drifted.in(r.zh)
	case ir.Ambiguous:
		return r.g.ambiguous.in(r.zh)
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
