package agentdsl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// Dump writes doc as a stable debug listing for golden files: one line per node,
// indented by depth, with the node's line:col, its kind and its fields; cells as
// quoted strings.
func Dump(doc *ir.DSLDoc) string {
	var b strings.Builder
	w := func(depth int, format string, args ...any) {
		b.WriteString(strings.Repeat("  ", depth))
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
	}
	cols := func(depth int, cs []*ir.DSLColumn) {
		for _, c := range cs {
			ref := ""
			if c.Ref != nil {
				ref = fmt.Sprintf(" ref=%s.%s", c.Ref.Schema, c.Ref.Field)
				if c.Ref.Named {
					ref += " named"
				}
			}
			req := ""
			if c.Required {
				req = " required"
			}
			w(depth, "%s column %s %s%s%s", c.Span.Start(), c.Name, c.Type.Kind, ref, req)
		}
	}
	rows := func(depth int, rs []ir.DSLRow) {
		for i := range rs {
			r := &rs[i]
			cells := make([]string, len(r.Cells))
			for j := range r.Cells {
				cells[j] = strconv.Quote(r.Cell(j))
			}
			w(depth, "%s row %s", r.Span.Start(), strings.Join(cells, " "))
		}
	}
	for _, bl := range doc.Blocks {
		switch x := bl.(type) {
		case *ir.DSLSchema:
			w(0, "%s schema %s", x.Span.Start(), x.Label)
			cols(1, x.Columns)
		case *ir.DSLData:
			w(0, "%s data schema=%d rows=%d", x.Span.Start(), x.Schema, len(x.Rows))
			rows(1, x.Rows)
		case *ir.DSLFunctions:
			w(0, "%s functions", x.Span.Start())
			for _, f := range x.Funcs {
				w(1, "%s function %s", f.Span.Start(), f.Name)
				if f.Desc != nil {
					w(2, "%s desc %q", f.Desc.Span.Start(), f.Desc.Text)
				}
				if f.In != nil {
					w(2, "%s in", f.In.Span.Start())
					cols(3, f.In.Columns)
				}
				if f.Out != nil {
					w(2, "%s out", f.Out.Span.Start())
					cols(3, f.Out.Columns)
				}
			}
		case *ir.DSLCall:
			w(0, "%s call %s", x.Span.Start(), x.Name)
			for _, p := range x.Params {
				w(1, "%s param %s %q", p.Span.Start(), p.Name, p.Value)
			}
		case *ir.DSLResult:
			w(0, "%s result", x.Span.Start())
			if x.Header != nil {
				w(1, "%s header", x.Header.Span.Start())
				cols(2, x.Header.Columns)
			}
			rows(1, x.Rows)
			if x.Status != nil {
				w(1, "%s status %q", x.Status.Span.Start(), x.Status.Text)
			}
			if x.ErrorMarker.IsValid() {
				w(1, "%s error-marker", x.ErrorMarker.Start())
			}
			if x.Error != nil {
				w(1, "%s error %q", x.Error.Span.Start(), x.Error.Text)
			}
		case *ir.DSLJSON:
			w(0, "%s json", x.Span.Start())
			for _, p := range x.Params {
				w(1, "%s param %s %q", p.Span.Start(), p.Name, p.Value)
			}
		case *ir.DSLBad:
			w(0, "%s bad %q", x.Span.Start(), x.Text)
		}
	}
	return b.String()
}
