package tokens

import (
	"sort"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Rosetta components, in report order.
const (
	rsHeaders    = iota // header lines: id, act, route, topic, fields
	rsReferences        // @refs in slot text, and mark addresses
	rsSlotKeys          // the slot names (q, a, why, txt, mark, ...)
	rsConfidence        // ~hi ~mid ~lo ~? ~0.85
	rsPayload           // everything else in a message: values, bindings, lists, shapes, block headers
	rsContent           // txt content lines, "| " prefix included
	rsProse             // text outside any message
)

var rosettaComponents = []string{"headers", "references", "slot keys", "confidence", "payload", "content", "prose"}

func init() { segmenters[ir.Rosetta] = segmentRosetta }

// segmentRosetta paints each message as payload, then its header line, slot
// keys, references, confidence marks and content lines over it.
func segmentRosetta(doc ir.Document, src []byte) ([]string, []Segment) {
	t, ok := doc.(*ir.Transcript)
	if !ok {
		return rosettaComponents, nil
	}
	var p painter
	var spans []diag.Span
	var comps []int
	for _, m := range t.Messages {
		spans, comps = append(spans, m.Span), append(comps, rsPayload)
	}
	for _, pr := range t.Prose {
		spans, comps = append(spans, pr.Span), append(comps, rsProse)
	}
	order := make([]int, len(spans))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return spans[order[i]].StartOffset() < spans[order[j]].StartOffset() })
	sorted, sortedComps := make([]diag.Span, len(spans)), make([]int, len(spans))
	for i, k := range order {
		sorted[i], sortedComps[i] = spans[k], comps[k]
	}
	p.items(src, sorted, sortedComps)

	conf := func(c *ir.Conf) {
		if c != nil {
			p.word(src, c.Span, rsConfidence)
		}
	}
	for _, m := range t.Messages {
		if h := m.Header; h != nil && h.Span.EndOffset() > h.Span.StartOffset() {
			p.segs = append(p.segs, Segment{Start: lineStart(src, h.Span.StartOffset()), End: lineEnd(src, h.Span.EndOffset()-1), Component: rsHeaders})
		}
		for _, s := range m.Slots {
			head := s.Head()
			if k := head.KeySpan; k.EndOffset() > k.StartOffset() {
				// The indentation before a key is part of the slot syntax.
				start := k.StartOffset()
				if ls := lineStart(src, start); isBlank(src[ls:start]) {
					start = ls
				}
				p.segs = append(p.segs, Segment{Start: start, End: k.EndOffset(), Component: rsSlotKeys})
			}
			for _, r := range head.Refs {
				p.word(src, r.Span, rsReferences)
			}
			switch s := s.(type) {
			case *ir.PlainSlot:
				conf(s.Conf)
			case *ir.BindingSlot:
				conf(s.Conf)
				for _, b := range s.Bindings {
					conf(b.Conf)
				}
			case *ir.MarkSlot:
				for _, mk := range s.Marks {
					p.word(src, mk.Addr.Span, rsReferences)
					conf(mk.Conf)
				}
			case *ir.BlockSlot:
				if s.Block == nil {
					continue
				}
				for _, l := range s.Block.Lines {
					if start := lineStart(src, l.Span.StartOffset()); !s.Block.Inline && isContentLine(src[start:]) {
						p.segs = append(p.segs, Segment{Start: start, End: lineEnd(src, start), Component: rsContent})
					} else {
						p.span(l.Span, rsContent)
					}
				}
			}
		}
	}
	return rosettaComponents, p.segs
}

// isContentLine reports whether a line is a "| " content line, so that all of
// it, the prefix and the line break included, is charged to content.
func isContentLine(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' {
			return c == '|'
		}
	}
	return false
}

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}
