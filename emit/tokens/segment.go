package tokens

import "github.com/rosettac/rosettac/diag"

// painter collects a segmenter's segments in painting order.
type painter struct {
	segs []Segment
}

// span paints sp's bytes as component c.
func (p *painter) span(sp diag.Span, c int) {
	if sp.EndOffset() > sp.StartOffset() {
		p.segs = append(p.segs, Segment{Start: sp.StartOffset(), End: sp.EndOffset(), Component: c})
	}
}

// word paints sp's bytes as component c together with the one space before
// them: BPE encoders split text so that a word carries its leading space
// (" ~hi", " @file"), and attribution goes by a token's first byte, so without
// the space a marker written after a space would be charged to what precedes it.
func (p *painter) word(src []byte, sp diag.Span, c int) {
	if sp.EndOffset() <= sp.StartOffset() {
		return
	}
	start := sp.StartOffset()
	if start > 0 && start <= len(src) && src[start-1] == ' ' {
		start--
	}
	p.segs = append(p.segs, Segment{Start: start, End: sp.EndOffset(), Component: c})
}

// lines paints whole lines: from the start of the line holding byte from
// (its indentation included) to end, exclusive. Segmenters pass the start of
// the next node's line as end, so that line breaks and blank lines are charged
// to the node they follow rather than to a catch-all.
func (p *painter) lines(src []byte, from, end, c int) {
	if start := lineStart(src, from); end > start {
		p.segs = append(p.segs, Segment{Start: start, End: end, Component: c})
	}
}

// lineStart returns the offset of the start of the line holding off.
func lineStart(src []byte, off int) int {
	for off > 0 && off <= len(src) && src[off-1] != '\n' {
		off--
	}
	return off
}

// lineEnd returns the offset just past the line break of the line holding off
// (or len(src) on the last line).
func lineEnd(src []byte, off int) int {
	for off < len(src) {
		if src[off] == '\n' {
			return off + 1
		}
		off++
	}
	return len(src)
}

// items paints a document's top-level nodes as whole lines, each through to the
// line of the next one, the first from the start of the file; comp gives each
// node's component.
func (p *painter) items(src []byte, nodes []diag.Span, comp []int) {
	for i, sp := range nodes {
		end := len(src)
		if i+1 < len(nodes) {
			end = lineStart(src, nodes[i+1].StartOffset())
		}
		start := sp.StartOffset()
		if i == 0 {
			start = 0
		}
		p.lines(src, start, end, comp[i])
	}
}
