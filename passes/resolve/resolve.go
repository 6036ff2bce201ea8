// Package resolve owns AgentRosetta address resolution (spec §11-§12): it
// resolves a mark address against a txt block (line, paragraph and character
// selectors, quote anchors tried in order, @n occurrences, win= windows with
// absolute line numbers, elided blocks), sets Mark.Resolution, turns every
// resolution into its diagnostic (E022, W025, W026, I028, W023, I029, W021,
// W024), and verifies a carried block against a complete src=@sha256: hash
// (E025).
//
// Cross-message addresses (@a1.7.tgt#L3) are resolved through a Lookup that
// the caller (the compiler's Session) provides, so this package never holds
// session state. Every resolution carries a status (exact, relocated,
// ambiguous, outside, orphan) and the confidence that status implies.
//
// Deliberate deviations from the reference implementation (docs/conformance.md):
// a quote anchor that occurs exactly once, or whose @n occurrence exists, is
// exact when the address has no positional selector; quote selectors after the
// first are tried in order when the earlier ones fail; a quote may cross a line
// break (a space in the quote matches the break); an elided block resolves
// every address, the empty span included, to outside.
package resolve

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"index/suffixarray"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/ir"
)

// confOf returns the confidence a resolution status implies: exact ~hi,
// relocated ~mid, ambiguous ~lo, outside and orphan ~?.
func confOf(st ir.ResolutionStatus) string {
	switch st {
	case ir.Exact:
		return "hi"
	case ir.Relocated:
		return "mid"
	case ir.Ambiguous:
		return "lo"
	}
	return "?"
}

// blockView caches what resolution needs from one block. A view is built
// once per block and shared by every mark on it (viewOf): building one per
// mark copied the whole block per mark, and every resolution's text then
// kept its own copy alive (N marks on an N-line block took N² time and
// memory). Resolution texts are substrings of the one view's text.
type blockView struct {
	b        *ir.Block
	first    int
	windowed bool
	win      string
	src      string
	text     string
	starts   []int          // byte offset in text where each line starts
	lines    []ir.BlockLine // b.Lines and b.Attrs when the view was built
	attrs    []ir.Attr

	mu      sync.Mutex // guards what is computed on demand below
	paras   [][2]int   // rosblock.Paragraphs, once
	parasOK bool
	spaced  string // text with every '\n' a space (a space in a quote matches a line break), once
	// searched is the bytes quote searches have scanned; past a few times the
	// text, the view indexes it (a suffix array per haystack) so that each
	// further quote costs its own length times log n, not the block's length.
	searched int
	index    map[bool]*suffixarray.Index // by haystack: spaced or not
	// nearestHay is text's code points with line breaks as spaces, for
	// nearest, once; nearestSpent the cells nearest has computed on this
	// view, so that N failing quotes on one block cost a bounded total.
	nearestHay   []rune
	nearestOK    bool
	nearestSpent int
}

func newView(b *ir.Block) *blockView {
	v := &blockView{b: b, first: 1, lines: b.Lines, attrs: b.Attrs}
	if a, _, ok := rosblock.Window(b); ok {
		v.first, v.windowed = a, true
		v.win, _ = b.Attr("win")
	}
	v.src, _ = b.Attr("src")
	v.text = rosblock.Text(b)
	v.starts = make([]int, len(b.Lines))
	off := 0
	for i := range b.Lines {
		v.starts[i] = off
		off += len(b.Lines[i].Text) + 1
	}
	return v
}

// views holds the views of the blocks marked most recently. Marks on one
// block come together (one message's mark slot, or messages that annotate
// the same block), so a few entries serve them; the cache is bounded so that
// it never keeps many blocks alive after their session has let them go.
var views struct {
	sync.Mutex
	recent [8]*blockView
	next   int
}

// viewOf returns the view of b, from the cache when b is unchanged since.
func viewOf(b *ir.Block) *blockView {
	views.Lock()
	defer views.Unlock()
	for _, v := range views.recent {
		if v != nil && v.b == b && sameLines(v, b) {
			return v
		}
	}
	v := newView(b)
	views.recent[views.next] = v
	views.next = (views.next + 1) % len(views.recent)
	return v
}

// sameLines reports whether b still has the lines and attributes v was
// built from: a caller that gives a block new lines or attributes (a new
// slice) gets a new view. Lines are not edited in place.
func sameLines(v *blockView, b *ir.Block) bool {
	return sameSlice(v.lines, b.Lines) && sameSlice(v.attrs, b.Attrs)
}

func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// paragraphs returns the block's paragraphs, computed once per view.
func (v *blockView) paragraphs() [][2]int {
	v.mu.Lock()
	defer v.mu.Unlock()
	if !v.parasOK {
		v.paras, v.parasOK = rosblock.Paragraphs(v.b, v.first), true
	}
	return v.paras
}

// posLine is rosblock.PosLine with the view's paragraphs.
func (v *blockView) posLine(s *ir.Selector) (int, bool) {
	if s.Kind == ir.SelPara {
		ps := v.paragraphs()
		if s.From >= 1 && s.From <= len(ps) {
			return ps[s.From-1][0], true
		}
		return 0, false
	}
	return rosblock.PosLine(v.b, v.first, s)
}

// idx maps an absolute line number to an index into the lines.
func (v *blockView) idx(abs int) (int, bool) {
	i := abs - v.first
	return i, i >= 0 && i < len(v.b.Lines)
}

// lineOf returns the index of the line holding byte offset off of text.
func (v *blockView) lineOf(off int) int {
	lo, hi := 0, len(v.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if v.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// runeSlice slices s by code points [a, b), requiring 0 <= a <= b <= len.
func runeSlice(s string, a, b int) (string, bool) {
	if a < 0 || b < a {
		return "", false
	}
	ia, ib, n := -1, -1, 0
	for i := range s {
		if n == a {
			ia = i
		}
		if n == b {
			ib = i
			break
		}
		n++
	}
	if ia < 0 && n == a {
		ia = len(s)
	}
	if ib < 0 && n == b {
		ib = len(s)
	}
	if ia < 0 || ib < 0 {
		return "", false
	}
	return s[ia:ib], true
}

// resolvePos resolves one positional selector to text.
func (v *blockView) resolvePos(s *ir.Selector) (string, bool) {
	switch s.Kind {
	case ir.SelLine:
		i1, ok1 := v.idx(s.From)
		i2, ok2 := v.idx(s.To)
		if !ok1 || !ok2 || i1 > i2 {
			return "", false
		}
		if s.HasCol {
			return runeSlice(v.b.Lines[i1].Text, s.ColFrom, s.ColTo)
		}
		return v.text[v.starts[i1] : v.starts[i2]+len(v.b.Lines[i2].Text)], true
	case ir.SelPara:
		if v.windowed {
			return "", false
		}
		ps := v.paragraphs()
		if !(1 <= s.From && s.From <= s.To && s.To <= len(ps)) {
			return "", false
		}
		var parts []string
		for _, p := range ps[s.From-1 : s.To] {
			i1, _ := v.idx(p[0])
			i2, _ := v.idx(p[1])
			parts = append(parts, v.text[v.starts[i1]:v.starts[i2]+len(v.b.Lines[i2].Text)])
		}
		return strings.Join(parts, "\n"), true
	case ir.SelChar:
		if v.windowed {
			return "", false
		}
		return runeSlice(v.text, s.From, s.To)
	}
	return "", false
}

// occurrences finds the lines where quote q starts. A space in q also matches
// a line break, so a quote may cross lines. Several matches starting on one
// line count once, as the reference counts lines that contain the quote.
func (v *blockView) occurrences(q string) (lines []int, offs []int) {
	if q == "" {
		for i := range v.b.Lines {
			lines, offs = append(lines, i), append(offs, v.starts[i])
		}
		return
	}
	last := -1
	for _, off := range v.find(q) {
		if ln := v.lineOf(off); ln != last {
			lines, offs = append(lines, ln), append(offs, off)
			last = ln
		}
	}
	return
}

// find returns, in order, every offset of text where q occurs (overlapping
// occurrences included), a space in q matching a line break too. Matches
// start at rune boundaries: q is valid UTF-8, and so is the text.
func (v *blockView) find(q string) []int {
	spaced := strings.IndexByte(q, ' ') >= 0 && strings.IndexByte(v.text, '\n') >= 0
	v.mu.Lock()
	hay := v.text
	if spaced {
		if v.spaced == "" {
			v.spaced = strings.ReplaceAll(v.text, "\n", " ")
		}
		hay = v.spaced
	}
	idx := v.index[spaced]
	if idx == nil && v.searched > 4*len(hay)+64<<10 {
		if v.index == nil {
			v.index = map[bool]*suffixarray.Index{}
		}
		idx = suffixarray.New([]byte(hay))
		v.index[spaced] = idx
	}
	v.searched += len(hay)
	v.mu.Unlock()
	if idx != nil {
		offs := idx.Lookup([]byte(q), -1)
		slices.Sort(offs)
		return offs
	}
	var offs []int
	for from := 0; from <= len(hay); {
		i := strings.Index(hay[from:], q)
		if i < 0 {
			break
		}
		off := from + i
		offs = append(offs, off)
		_, size := utf8.DecodeRuneInString(hay[off:])
		from = off + max(size, 1)
	}
	return offs
}

// lineText returns the whole lines covering the match [off, off+n).
func (v *blockView) lineText(off, n int) string {
	i1, i2 := v.lineOf(off), v.lineOf(off+n)
	if n > 0 {
		i2 = v.lineOf(off + n - 1)
	}
	return v.text[v.starts[i1] : v.starts[i2]+len(v.b.Lines[i2].Text)]
}

// Block resolves the selectors of an address against block b. An address with
// no selectors names the whole block.
func Block(b *ir.Block, sels []ir.Selector) *ir.Resolution {
	r := block(b, sels)
	r.Conf = confOf(r.Status)
	return r
}

func block(b *ir.Block, sels []ir.Selector) *ir.Resolution {
	elided := rosblock.Elided(b)
	v := viewOf(b)
	if len(sels) == 0 {
		if elided {
			return &ir.Resolution{Status: ir.Outside, Detail: "content elided; deref " + v.src}
		}
		return &ir.Resolution{Status: ir.Exact, Text: v.text, Line: v.first}
	}
	var pos, quotes []*ir.Selector
	for i := range sels {
		s := &sels[i]
		switch {
		case s.Kind == ir.SelBad:
			return &ir.Resolution{Status: ir.Orphan, Detail: "unparseable selector " + pyRepr(s.Text)}
		case s.Kind == ir.SelBox:
			return &ir.Resolution{Status: ir.Outside, Detail: "an image region does not address text lines; deref " + orDefault(v.src, "the image")}
		case s.Kind == ir.SelQuote:
			quotes = append(quotes, s)
		default:
			pos = append(pos, s)
		}
	}
	if elided {
		return &ir.Resolution{Status: ir.Outside, Detail: "content elided; deref " + v.src}
	}
	hitLine, hitText, hit := 0, "", false
	for _, s := range pos {
		if t, ok := v.resolvePos(s); ok {
			hitLine, _ = v.posLine(s)
			hitText, hit = t, true
			break
		}
	}
	if hit {
		if len(quotes) == 0 {
			return &ir.Resolution{Status: ir.Exact, Text: hitText, Line: hitLine}
		}
		for _, q := range quotes {
			if strings.Contains(hitText, q.Quote) {
				return &ir.Resolution{Status: ir.Exact, Text: hitText, Line: hitLine}
			}
		}
	}
	if len(quotes) == 0 {
		if v.windowed && len(pos) > 0 {
			why := "line outside the window " + v.win
			for _, s := range pos {
				if s.Kind != ir.SelLine {
					why = "paragraph/whole-block offsets are undefined inside a window"
					break
				}
			}
			return &ir.Resolution{Status: ir.Outside, Detail: why + "; deref " + orDefault(v.src, "the full content")}
		}
		return &ir.Resolution{Status: ir.Orphan, Detail: "position out of range, no quote anchor"}
	}
	// Quote fallback: the text moved, so go find it, one anchor after another.
	var failure, fix string
	for _, q := range quotes {
		lines, offs := v.occurrences(q.Quote)
		text := func(k int) string {
			if len(pos) > 0 {
				return v.lineText(offs[k], len(q.Quote))
			}
			return v.text[offs[k]:min(len(v.text), offs[k]+len(q.Quote))]
		}
		switch {
		case len(lines) == 0:
			if failure == "" {
				failure = "quote " + pyRepr(q.Quote) + " does not occur in `" + b.Name + "`"
				if near, sel, d, ok := v.nearest(q.Quote); ok {
					failure += fmt.Sprintf("; the nearest passage is %s at %s (%s)", pyRepr(near), sel, plural(d, "edit"))
					fix = `q"` + near + `"`
				}
			}
		case q.HasOcc:
			k := q.Occ - 1
			if k < 0 || k >= len(lines) {
				if failure == "" {
					failure = fmt.Sprintf("occurrence #%d of %s gone", q.Occ, pyRepr(q.Quote))
				}
				continue
			}
			ln := lines[k] + v.first
			if len(pos) == 0 {
				return &ir.Resolution{Status: ir.Exact, Text: text(k), Line: ln, Detail: fmt.Sprintf("matched occurrence #%d", q.Occ)}
			}
			return &ir.Resolution{Status: ir.Relocated, Text: text(k), Line: ln, Detail: fmt.Sprintf("matched occurrence #%d", q.Occ),
				Fix: v.selectorFor(pos[0], offs[k], len(q.Quote))}
		case len(lines) == 1:
			ln := lines[0] + v.first
			if len(pos) == 0 {
				return &ir.Resolution{Status: ir.Exact, Text: text(0), Line: ln}
			}
			sel := v.selectorFor(pos[0], offs[0], len(q.Quote))
			d := fmt.Sprintf("moved to L%d", ln)
			switch {
			case hit && (pos[0].HasCol || pos[0].Kind == ir.SelChar):
				// The quote is where the range points, give or take some
				// characters: say what the range selects and where the quote is.
				d = fmt.Sprintf("`%s` selects %s, not the quote; the quote is at %s", pos[0].Text, pyRepr(hitText), sel)
			case hit:
				d += fmt.Sprintf(" (was L%d)", hitLine)
			}
			return &ir.Resolution{Status: ir.Relocated, Text: text(0), Line: ln, Detail: d, Fix: sel}
		default:
			hint, hasHint := 0, false
			if len(pos) > 0 {
				hint, hasHint = v.posLine(pos[0])
			}
			pick := 0
			if hasHint && hint != 0 {
				best := -1
				for k, l := range lines {
					d := l + v.first - hint
					if d < 0 {
						d = -d
					}
					if best < 0 || d < best {
						best, pick = d, k
					}
				}
			}
			where := "the top"
			if hasHint && hint != 0 {
				where = "L" + strconv.Itoa(hint)
			}
			return &ir.Resolution{Status: ir.Ambiguous, Text: text(pick), Line: lines[pick] + v.first,
				Detail: fmt.Sprintf("%d occurrences; picked the one nearest %s", len(lines), where)}
		}
	}
	return &ir.Resolution{Status: ir.Orphan, Detail: failure, Fix: fix}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// selectorFor writes a selector of the same kind as s that addresses the n
// bytes of text at off: L4 or L4-5 for lines, L4.c4-21 for characters in a
// line (0-based code points, end excluded, spec §11.1), c40-57 for block
// characters.
func (v *blockView) selectorFor(s *ir.Selector, off, n int) string {
	i1, i2 := v.lineOf(off), v.lineOf(off+max(n, 1)-1)
	l1, l2 := i1+v.first, i2+v.first
	switch {
	case s.Kind == ir.SelChar && !v.windowed:
		a := utf8.RuneCountInString(v.text[:off])
		return fmt.Sprintf("c%d-%d", a, a+utf8.RuneCountInString(v.text[off:off+n]))
	case s.Kind == ir.SelLine && s.HasCol && i1 == i2:
		a := utf8.RuneCountInString(v.text[v.starts[i1]:off])
		return fmt.Sprintf("L%d.c%d-%d", l1, a, a+utf8.RuneCountInString(v.text[off:off+n]))
	case l1 == l2:
		return "L" + strconv.Itoa(l1)
	}
	return fmt.Sprintf("L%d-%d", l1, l2)
}

// maxNearestCells bounds the work of nearest (quote length times block
// length): a longer block is not searched for a close passage, and once a
// block's searches together have computed maxNearestTotal cells, its later
// failing quotes get no suggestion (the order of the marks decides which,
// so the output stays deterministic). Without the total, N failing quotes
// on an N-line block cost N² (TestMarksShareOneView).
const (
	maxNearestCells = 1 << 21
	maxNearestTotal = 1 << 23
)

// nearest finds the passage of the block closest to q by edit distance
// (Levenshtein over code points, the passage starting and ending anywhere:
// Sellers' algorithm), when it is close: at most a third of q's length in
// edits, and not identical (then q would have matched). A space in q matches
// a line break, as in occurrences. It returns the passage, its selector
// (L3.c4-21 within a line, L3-4 across lines) and the distance.
func (v *blockView) nearest(q string) (string, string, int, bool) {
	pat := []rune(q)
	if len(pat) < 3 {
		return "", "", 0, false
	}
	v.mu.Lock()
	if !v.nearestOK {
		v.nearestHay, v.nearestOK = []rune(strings.ReplaceAll(v.text, "\n", " ")), true
	}
	hay := v.nearestHay
	cells := len(hay) * len(pat)
	over := len(hay) == 0 || cells > maxNearestCells || v.nearestSpent+cells > maxNearestTotal
	if !over {
		v.nearestSpent += cells
	}
	v.mu.Unlock()
	if over {
		return "", "", 0, false
	}
	// prev[j], cur[j]: the distance of pat[:i] to the best passage ending at
	// hay[j-1]; start[j] where that passage starts.
	prev, cur := make([]int, len(hay)+1), make([]int, len(hay)+1)
	pstart, cstart := make([]int, len(hay)+1), make([]int, len(hay)+1)
	for j := range prev {
		pstart[j] = j
	}
	for i := 1; i <= len(pat); i++ {
		cur[0], cstart[0] = i, 0
		for j := 1; j <= len(hay); j++ {
			sub := prev[j-1]
			if pat[i-1] != hay[j-1] {
				sub++
			}
			best, st := sub, pstart[j-1]
			if d := prev[j] + 1; d < best { // pat[i-1] left out
				best, st = d, pstart[j]
			}
			if d := cur[j-1] + 1; d < best { // hay[j-1] left out
				best, st = d, cstart[j-1]
			}
			cur[j], cstart[j] = best, st
		}
		prev, cur = cur, prev
		pstart, cstart = cstart, pstart
	}
	bestJ := -1
	for j := 1; j <= len(hay); j++ {
		if bestJ < 0 || prev[j] < prev[bestJ] || prev[j] == prev[bestJ] && j-pstart[j] > bestJ-pstart[bestJ] {
			bestJ = j
		}
	}
	d := prev[bestJ]
	if d == 0 || 3*d > len(pat) {
		return "", "", 0, false
	}
	a, e := pstart[bestJ], bestJ
	for a < e && hay[a] == ' ' { // a passage does not start or end in a gap
		a++
	}
	for e > a && hay[e-1] == ' ' {
		e--
	}
	off := len(string(hay[:a]))
	n := len(string(hay[a:e]))
	near := v.text[off : off+n]
	if strings.Contains(near, "\n") {
		near = strings.ReplaceAll(near, "\n", " ")
	}
	return near, v.selectorFor(&ir.Selector{Kind: ir.SelLine, HasCol: true}, off, n), d, true
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// pyRepr quotes s the way the reference's detail strings do (Python repr):
// single quotes, or double quotes when s holds a single quote and no double
// quote; backslashes and control characters escaped.
func pyRepr(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var sb strings.Builder
	sb.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\':
			sb.WriteString(`\\`)
		case r == rune(q):
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&sb, `\x%02x`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte(q)
	return sb.String()
}

// digest checks a carried block against its src=@sha256:HEX when HEX is a
// complete digest (64 hex digits) and the block carries its whole content (no
// window). It returns the computed digest and whether it matches; checked is
// false when there is nothing to verify. The digest is of the content lines
// joined by '\n'; a trailing newline is also accepted.
func digest(b *ir.Block) (got string, match, checked bool) {
	src, _ := b.Attr("src")
	want, ok := strings.CutPrefix(strings.TrimLeft(src, "@"), "sha256:")
	if !ok || len(want) != 64 || len(b.Lines) == 0 {
		return "", false, false
	}
	if _, _, w := rosblock.Window(b); w {
		return "", false, false
	}
	if _, err := hex.DecodeString(want); err != nil {
		return "", false, false
	}
	want = strings.ToLower(want)
	text := rosblock.Text(b)
	sum := sha256.Sum256([]byte(text))
	got = hex.EncodeToString(sum[:])
	if got == want {
		return got, true, true
	}
	sum = sha256.Sum256([]byte(text + "\n"))
	if hex.EncodeToString(sum[:]) == want {
		return got, true, true
	}
	return got, false, true
}
