package lsp

import (
	"fmt"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func within(sp diag.Span, off int) bool {
	if !sp.IsValid() {
		return false
	}
	a, b := sp.Offsets()
	return a <= off && off <= b
}

func (d *document) dsl() *ir.DSLDoc {
	doc, _ := d.res.Doc.(*ir.DSLDoc)
	return doc
}

// dslCell is the [DATA] cell at off: its row, column index and the schema.
func dslCell(doc *ir.DSLDoc, off int) (row *ir.DSLRow, col int, sch *ir.DSLSchema) {
	for _, b := range doc.Blocks {
		data, ok := b.(*ir.DSLData)
		if !ok || !within(data.Span, off) || data.Schema < 0 {
			continue
		}
		sch, _ = doc.Blocks[data.Schema].(*ir.DSLSchema)
		for i := range data.Rows {
			r := &data.Rows[i]
			if !within(r.Span, off) {
				continue
			}
			for c := range r.Cells {
				if within(r.CellSpan(c), off) {
					return r, c, sch
				}
			}
		}
	}
	return nil, 0, nil
}

// dslRow finds the row of schema label whose field has value, and its span.
func dslRow(doc *ir.DSLDoc, label, field, value string) *ir.DSLRow {
	for _, b := range doc.Blocks {
		data, ok := b.(*ir.DSLData)
		if !ok || data.Schema < 0 {
			continue
		}
		sch, _ := doc.Blocks[data.Schema].(*ir.DSLSchema)
		if sch == nil || sch.Label != label {
			continue
		}
		col := -1
		for i, c := range sch.Columns {
			if c.Name == field {
				col = i
			}
		}
		if col < 0 {
			continue
		}
		for i := range data.Rows {
			r := &data.Rows[i]
			if col < len(r.Cells) && r.Cell(col) == value {
				return r
			}
		}
	}
	return nil
}

func dslFunction(doc *ir.DSLDoc, name string) *ir.DSLFunction {
	for _, b := range doc.Blocks {
		if fs, ok := b.(*ir.DSLFunctions); ok {
			for _, f := range fs.Funcs {
				if f.Name == name {
					return f
				}
			}
		}
	}
	return nil
}

func columnText(c *ir.DSLColumn) string {
	t := c.Type.Text
	if t == "" {
		t = "str"
	}
	s := fmt.Sprintf("`%s`: %s", c.Name, t)
	if c.Ref != nil {
		s += fmt.Sprintf(", references `@%s.%s`", c.Ref.Schema, c.Ref.Field)
	}
	if c.Required {
		s += ", required"
	}
	return s
}

func signature(f *ir.DSLFunction) string {
	cols := func(cs *ir.DSLColumns) string {
		if cs == nil {
			return ""
		}
		var p []string
		for _, c := range cs.Columns {
			t := c.Type.Text
			if t == "" {
				t = "str"
			}
			req := ""
			if c.Required {
				req = "*"
			}
			p = append(p, c.Name+" "+t+req)
		}
		return strings.Join(p, ", ")
	}
	s := fmt.Sprintf("%s(%s) → (%s)", f.Name, cols(f.In), cols(f.Out))
	if f.Desc != nil {
		s += "\n\n" + f.Desc.Text
	}
	return s
}

// agentdslHover: on a cell, its column, type and the row a reference names;
// on a column, its type; on a [CALL]'s name, the function's declaration.
func agentdslHover(d *document, off int) (string, int, int) {
	doc := d.dsl()
	if doc == nil {
		return "", 0, 0
	}
	if row, col, sch := dslCell(doc, off); row != nil {
		a, b := row.CellSpan(col).Offsets()
		if sch == nil || col >= len(sch.Columns) {
			return fmt.Sprintf("cell %d (no column)", col+1), a, b
		}
		c := sch.Columns[col]
		h := fmt.Sprintf("[SCHEMA:%s] column %d, %s", sch.Label, col+1, columnText(c))
		if c.Ref != nil {
			if r := dslRow(doc, c.Ref.Schema, c.Ref.Field, row.Cell(col)); r != nil {
				h += fmt.Sprintf("\n\n`@%s.%s = %s` is the row (line %d):\n\n```text\n%s\n```", c.Ref.Schema, c.Ref.Field, row.Cell(col), r.Span.Start().Line, r.Text)
			} else {
				h += fmt.Sprintf("\n\nno %s row has %s = %s", c.Ref.Schema, c.Ref.Field, row.Cell(col))
			}
		}
		return h, a, b
	}
	for _, b := range doc.Blocks {
		switch b := b.(type) {
		case *ir.DSLSchema:
			for _, c := range b.Columns {
				if within(c.Span, off) {
					x, y := c.Span.Offsets()
					return columnText(c), x, y
				}
			}
		case *ir.DSLFunctions:
			for _, f := range b.Funcs {
				if within(f.NameSpan, off) {
					x, y := f.NameSpan.Offsets()
					return "```text\n" + signature(f) + "\n```", x, y
				}
			}
		case *ir.DSLCall:
			if within(b.NameSpan, off) {
				x, y := b.NameSpan.Offsets()
				if f := dslFunction(doc, b.Name); f != nil {
					return "```text\n" + signature(f) + "\n```", x, y
				}
				return fmt.Sprintf("`%s` is not declared in a [FUNCTIONS] block", b.Name), x, y
			}
		}
	}
	return "", 0, 0
}

// agentdslDefinition: a [CALL] to its declaration, a reference cell to the
// row it names, a @SCHEMA.FIELD column to the schema.
func agentdslDefinition(d *document, off int) (int, int, bool) {
	doc := d.dsl()
	if doc == nil {
		return 0, 0, false
	}
	if row, col, sch := dslCell(doc, off); row != nil && sch != nil && col < len(sch.Columns) {
		if c := sch.Columns[col]; c.Ref != nil {
			if r := dslRow(doc, c.Ref.Schema, c.Ref.Field, row.Cell(col)); r != nil {
				a, b := r.Span.Offsets()
				return a, b, true
			}
		}
		return 0, 0, false
	}
	for _, b := range doc.Blocks {
		switch b := b.(type) {
		case *ir.DSLCall:
			if within(b.NameSpan, off) {
				if f := dslFunction(doc, b.Name); f != nil {
					x, y := f.NameSpan.Offsets()
					return x, y, true
				}
			}
		case *ir.DSLSchema:
			for _, c := range b.Columns {
				if c.Ref != nil && within(c.Ref.Span, off) {
					for _, s := range doc.Schemas() {
						if s.Label == c.Ref.Schema {
							x, y := s.LabelSpan.Offsets()
							return x, y, true
						}
					}
				}
			}
		}
	}
	return 0, 0, false
}

func agentdslCompletion(d *document, before string, add func(protocol.CompletionItemKind, string, ...string)) {
	doc := d.dsl()
	rest, _ := lastWord(before)
	switch {
	case strings.HasSuffix(rest, "[") && strings.TrimSpace(rest) == "[":
		add(protocol.CompletionItemKindKeyword, "block", "SCHEMA:", "DATA]", "FUNCTIONS]", "CALL]", "RESULT]", "JSON]")
	case strings.HasSuffix(rest, "@") && doc != nil:
		for _, s := range doc.Schemas() {
			add(protocol.CompletionItemKindStruct, "schema", s.Label+".")
		}
	case strings.HasSuffix(rest, ":") && !strings.Contains(strings.TrimSuffix(rest, ":"), ":"):
		add(protocol.CompletionItemKindKeyword, "type", "int", "float", "str", "any")
	case doc != nil:
		for _, b := range doc.Blocks {
			if fs, ok := b.(*ir.DSLFunctions); ok {
				for _, f := range fs.Funcs {
					add(protocol.CompletionItemKindFunction, "function", f.Name)
				}
			}
		}
	}
}

func agentdslSymbols(doc *ir.DSLDoc, sym func(name, detail string, kind protocol.SymbolKind, sp, sel diag.Span) protocol.DocumentSymbol) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	for _, b := range doc.Blocks {
		switch b := b.(type) {
		case *ir.DSLSchema:
			s := sym("[SCHEMA:"+b.Label+"]", "", protocol.SymbolKindStruct, b.Span, b.LabelSpan)
			for _, c := range b.Columns {
				s.Children = append(s.Children, sym(c.Name, c.Type.Text, protocol.SymbolKindField, c.Span, c.NameSpan))
			}
			out = append(out, s)
		case *ir.DSLData:
			out = append(out, sym("[DATA]", fmt.Sprintf("%d rows", len(b.Rows)), protocol.SymbolKindArray, b.Span, b.Header))
		case *ir.DSLFunctions:
			s := sym("[FUNCTIONS]", "", protocol.SymbolKindNamespace, b.Span, diag.Span{})
			for _, f := range b.Funcs {
				s.Children = append(s.Children, sym(f.Name, "", protocol.SymbolKindFunction, f.Span, f.NameSpan))
			}
			out = append(out, s)
		case *ir.DSLCall:
			out = append(out, sym("[CALL] "+b.Name, "", protocol.SymbolKindEvent, b.Span, b.NameSpan))
		case *ir.DSLResult:
			out = append(out, sym("[RESULT]", "", protocol.SymbolKindObject, b.Span, diag.Span{}))
		case *ir.DSLJSON:
			out = append(out, sym("[JSON]", "", protocol.SymbolKindObject, b.Span, diag.Span{}))
		}
	}
	return out
}

func agentdslTokens(doc *ir.DSLDoc, add func(diag.Span, int)) {
	cols := func(cs []*ir.DSLColumn) {
		for _, c := range cs {
			add(c.NameSpan, tokSlot)
			add(c.Type.Span, tokType)
			if c.Ref != nil {
				add(c.Ref.Span, tokAddress)
			}
		}
	}
	for _, b := range doc.Blocks {
		switch b := b.(type) {
		case *ir.DSLSchema:
			add(b.LabelSpan, tokFunction)
			cols(b.Columns)
		case *ir.DSLData:
			add(b.Header, tokAct)
			for i := range b.Rows {
				r := &b.Rows[i]
				for c := range r.Cells {
					add(r.CellSpan(c), tokContent)
				}
			}
		case *ir.DSLFunctions:
			for _, f := range b.Funcs {
				add(f.NameSpan, tokFunction)
				if f.In != nil {
					cols(f.In.Columns)
				}
				if f.Out != nil {
					cols(f.Out.Columns)
				}
				if f.Desc != nil {
					add(f.Desc.Span, tokContent)
				}
			}
		case *ir.DSLCall:
			add(b.NameSpan, tokFunction)
			for _, p := range b.Params {
				add(p.NameSpan, tokSlot)
				add(p.ValueSpan, tokContent)
			}
		case *ir.DSLResult:
			if b.Header != nil {
				cols(b.Header.Columns)
			}
			for i := range b.Rows {
				r := &b.Rows[i]
				for c := range r.Cells {
					add(r.CellSpan(c), tokContent)
				}
			}
		}
	}
}
