// Package rosblock owns the line geometry of an AgentRosetta txt block as both
// mark resolution (passes/resolve) and the human rendering (emit/text) read
// it: which block of a message a name finds, the block's win= window and the
// absolute number of its first line, its text, its paragraphs, the line a
// positional selector points at, and the line a mark is drawn under.
//
// Resolving an address's selectors to text stays passes/resolve's; this
// package only answers the questions the renderer must answer the same way.
package rosblock

import (
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/ir"
)

// Find returns the block named name in m; a later block of the same name
// replaces an earlier one, as the reference's Message.blocks does.
func Find(m *ir.Message, name string) *ir.Block {
	for i := len(m.Slots) - 1; i >= 0; i-- {
		if bs, ok := m.Slots[i].(*ir.BlockSlot); ok && bs.Block != nil && bs.Block.Name == name {
			return bs.Block
		}
	}
	return nil
}

// Located reports whether a resolution status located text (exact,
// relocated or ambiguous).
func Located(st ir.ResolutionStatus) bool {
	return st == ir.Exact || st == ir.Relocated || st == ir.Ambiguous
}

// Window returns a block's win= range (L38-46 or 38-46), if it has one.
func Window(b *ir.Block) (from, to int, ok bool) {
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
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return a, c, true
}

// FirstLine is the absolute number of a block's first carried line: the start
// of its window, else 1.
func FirstLine(b *ir.Block) int {
	if a, _, ok := Window(b); ok {
		return a
	}
	return 1
}

// Elided reports whether a block carries no lines but names its content by src=.
func Elided(b *ir.Block) bool {
	src, _ := b.Attr("src")
	return len(b.Lines) == 0 && src != ""
}

// Text is a block's content: its lines joined by '\n'.
func Text(b *ir.Block) string {
	switch len(b.Lines) {
	case 0:
		return ""
	case 1:
		return b.Lines[0].Text
	}
	n := len(b.Lines) - 1
	for i := range b.Lines {
		n += len(b.Lines[i].Text)
	}
	var sb strings.Builder
	sb.Grow(n)
	for i := range b.Lines {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(b.Lines[i].Text)
	}
	return sb.String()
}

// Paragraphs lists the (first, last) absolute line numbers of each run of
// non-blank lines of b, whose first line is numbered first.
func Paragraphs(b *ir.Block, first int) [][2]int {
	var out [][2]int
	start := -1
	for i := range b.Lines {
		abs := i + first
		if strings.TrimSpace(b.Lines[i].Text) != "" {
			if start < 0 {
				start = abs
			}
		} else if start >= 0 {
			out = append(out, [2]int{start, abs - 1})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, first + len(b.Lines) - 1})
	}
	return out
}

// PosLine is the absolute line a positional selector points at in b, whose
// first line is numbered first, even when the selector does not resolve: the
// hint for an ambiguous quote, and where a mark is drawn.
func PosLine(b *ir.Block, first int, s *ir.Selector) (int, bool) {
	switch s.Kind {
	case ir.SelLine:
		return s.From, true
	case ir.SelPara:
		ps := Paragraphs(b, first)
		if s.From >= 1 && s.From <= len(ps) {
			return ps[s.From-1][0], true
		}
		return 0, false
	case ir.SelChar:
		return first, true
	}
	return 0, false
}

// AnchorLine is the line a mark is drawn under: the resolution's line, else
// the positional line of the first selector that has one, else the block's
// first line when it carries lines; 0 when none.
func AnchorLine(b *ir.Block, sels []ir.Selector, r *ir.Resolution) int {
	if r != nil && r.Line > 0 {
		return r.Line
	}
	first := FirstLine(b)
	for i := range sels {
		if l, ok := PosLine(b, first, &sels[i]); ok {
			return l
		}
	}
	if len(b.Lines) > 0 {
		return first
	}
	return 0
}
