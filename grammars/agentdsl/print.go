package agentdsl

import (
	"bytes"

	"github.com/rosettac/rosettac/ir"
)

// Print writes doc in canonical form: one blank line between blocks (and between
// the functions of a [FUNCTIONS] block), a schema's column line right after its
// header, no blanks inside structure lines, every row, value, status and message
// byte for byte, and a final newline. A schema is always followed by its
// [DATA] block, written empty when the input had none, so that a table with no
// rows has one spelling. Printing a document read by Parse and reading the
// output again gives the same IR, positions aside.
func Print(doc *ir.DSLDoc) []byte {
	var b bytes.Buffer
	for i, bl := range doc.Blocks {
		if i > 0 {
			b.WriteByte('\n')
		}
		printBlock(&b, bl)
		if _, ok := bl.(*ir.DSLSchema); ok {
			if i+1 >= len(doc.Blocks) || !isData(doc.Blocks[i+1]) {
				b.WriteString("\n[DATA]\n")
			}
		}
	}
	return b.Bytes()
}

func isData(b ir.DSLBlock) bool { _, ok := b.(*ir.DSLData); return ok }

func printBlock(b *bytes.Buffer, bl ir.DSLBlock) {
	switch x := bl.(type) {
	case *ir.DSLSchema:
		b.WriteString("[SCHEMA:")
		b.WriteString(x.Label)
		b.WriteString("]\n")
		if x.Columns != nil {
			PrintColumns(b, x.Columns)
			b.WriteByte('\n')
		}
	case *ir.DSLData:
		b.WriteString("[DATA]\n")
		for i := range x.Rows {
			b.WriteString(x.Rows[i].Text)
			b.WriteByte('\n')
		}
	case *ir.DSLFunctions:
		b.WriteString("[FUNCTIONS]\n")
		for i, f := range x.Funcs {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString("[" + f.Name + "]\n")
			if f.Desc != nil {
				b.WriteString("DESC[" + f.Desc.Text + "]\n")
			}
			if f.In != nil {
				b.WriteString("IN[")
				PrintColumns(b, f.In.Columns)
				b.WriteString("]\n")
			}
			if f.Out != nil {
				b.WriteString("OUT[")
				PrintColumns(b, f.Out.Columns)
				b.WriteString("]\n")
			}
		}
	case *ir.DSLCall:
		b.WriteString("[CALL]\n")
		if x.Name != "" {
			b.WriteString("[" + x.Name + "]\n")
		}
		printParams(b, x.Params)
	case *ir.DSLResult:
		b.WriteString("[RESULT]\n")
		if x.Header != nil {
			b.WriteByte('[')
			PrintColumns(b, x.Header.Columns)
			b.WriteString("]\n")
		}
		for i := range x.Rows {
			b.WriteString(x.Rows[i].Text)
			b.WriteByte('\n')
		}
		if x.StatusMarker.IsValid() || x.Status != nil {
			b.WriteString("[STATUS:str]\n")
		}
		if x.Status != nil {
			b.WriteString(x.Status.Text)
			b.WriteByte('\n')
		}
		if x.ErrorMarker.IsValid() || x.Error != nil {
			b.WriteString("[ERROR:str]\n")
		}
		if x.Error != nil {
			b.WriteString(x.Error.Text)
			b.WriteByte('\n')
		}
	case *ir.DSLJSON:
		b.WriteString("[JSON]\n")
		printParams(b, x.Params)
	case *ir.DSLBad:
		b.WriteString(x.Text)
		b.WriteByte('\n')
	}
}

func printParams(b *bytes.Buffer, ps []*ir.DSLParam) {
	for _, p := range ps {
		b.WriteString(p.Name)
		b.WriteByte(':')
		b.WriteString(p.Value)
		b.WriteByte('\n')
	}
}

// PrintColumns writes a column list in canonical form: NAME:type|@S.F:type|...
func PrintColumns(b *bytes.Buffer, cols []*ir.DSLColumn) {
	for i, c := range cols {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(ColumnString(c))
	}
}

// ColumnString is one column in canonical form.
func ColumnString(c *ir.DSLColumn) string {
	var s string
	switch {
	case c.Ref != nil && !c.Ref.Named:
		s = "@" + c.Ref.Schema + "." + c.Ref.Field
	case c.Ref != nil:
		s = c.Name + ":@" + c.Ref.Schema + "." + c.Ref.Field
	default:
		s = c.Name
	}
	if c.Type.Text != "" {
		s += ":" + c.Type.Text
	}
	if c.Required {
		s += "*"
	}
	return s
}
