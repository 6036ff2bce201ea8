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
			p.segs = append(p.segs, Segment{Start: lineStart(src, r.Span.Start.Offset), End: lineEnd(src, r.Span.Start.Offset), Component: adDelimiters})
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
				if pm.ValueSpan.Start.Offset >= pm.NameSpan.End.Offset {
					p.segs = append(p.segs, Segment{Start: pm.NameSpan.End.Offset, End: lineEnd(src, pm.NameSpan.End.Offset), Component: adDelimiters})
				}
				p.span(pm.ValueSpan, adCells)
			}
		}
	}
	return agentdslComponents, p.segs
}
