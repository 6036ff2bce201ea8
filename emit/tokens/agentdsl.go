package tokens

import "github.com/rosettac/rosettac/ir"

// AgentDSL components, in report order.
const (
	adSchema     = iota // block markers, column lines, declarations, names: the structure
	adCells             // the values: row cells (including "_"), CALL values, STATUS and ERROR text
	adDelimiters        // the | between cells, the : of a CALL line, and the line breaks ending rows
)

var agentdslComponents = []string{"schema lines", "data cells", "delimiters"}

func init() { segmenters[ir.AgentDSL] = segmentAgentDSL }

// segmentAgentDSL leaves the structure as schema lines (the first component),
// and paints rows as delimiters with their cells over them.
func segmentAgentDSL(doc ir.Document, src []byte) ([]string, []Segment) {
	d, ok := doc.(*ir.DSLDoc)
	if !ok {
		return agentdslComponents, nil
	}
	var p painter
	rows := func(rs []ir.DSLRow) {
		for i := range rs {
			r := &rs[i]
			p.segs = append(p.segs, Segment{Start: lineStart(src, r.Span.StartOffset()), End: lineEnd(src, r.Span.StartOffset()), Component: adDelimiters})
			for c := range r.Cells {
				p.span(r.CellSpan(c), adCells)
			}
		}
	}
	text := func(t *ir.DSLText) {
		if t != nil {
			p.span(t.Span, adCells)
		}
	}
	for _, b := range d.Blocks {
		switch b := b.(type) {
		case *ir.DSLData:
			rows(b.Rows)
		case *ir.DSLResult:
			rows(b.Rows)
			text(b.Status)
			text(b.Error)
		case *ir.DSLCall:
			for _, pm := range b.Params {
				if pm.ValueSpan.StartOffset() >= pm.NameSpan.EndOffset() {
					p.segs = append(p.segs, Segment{Start: pm.NameSpan.EndOffset(), End: lineEnd(src, pm.NameSpan.EndOffset()), Component: adDelimiters})
				}
				p.span(pm.ValueSpan, adCells)
			}
		}
	}
	return agentdslComponents, p.segs
}
