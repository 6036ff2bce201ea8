package text

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/width"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func init() { register(ir.AgentDSL, renderAgentDSL) }

// dslWords are the few words an AgentDSL rendering uses, per language.
var dslWords = map[string]map[string]string{
	"en": {"table": "table", "rows": "rows", "row": "row", "functions": "functions", "call": "call", "result": "result",
		"status": "status", "error": "error", "nodesc": "(no description)", "json": "json", "bad": "not read", "none": "(none)"},
	"zh": {"table": "表", "rows": "行", "row": "行", "functions": "函数", "call": "调用", "result": "结果",
		"status": "状态", "error": "错误", "nodesc": "（无描述）", "json": "json", "bad": "未读取", "none": "（无）"},
}

// renderAgentDSL shows schemas with their data as aligned tables (the header
// row gives each column's name and type), functions as signatures with their
// description, calls as calls, and results as a table with their status.
func renderAgentDSL(doc ir.Document, opt Options) ([]byte, diag.List) {
	d := doc.(*ir.DSLDoc)
	w := dslWords[opt.Lang]
	if w == nil {
		w = dslWords["en"]
	}
	arrow, rule := "→", "─"
	if opt.ASCII {
		arrow, rule = "->", "-"
	}
	var b bytes.Buffer
	var schema *ir.DSLSchema
	sep := func() {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
	}
	for i, bl := range d.Blocks {
		switch x := bl.(type) {
		case *ir.DSLSchema:
			schema = x
			if i+1 < len(d.Blocks) {
				if _, ok := d.Blocks[i+1].(*ir.DSLData); ok {
					continue // rendered with its rows
				}
			}
			sep()
			renderTable(&b, w["table"]+" "+x.Label, x.Columns, nil, w, rule)
		case *ir.DSLData:
			sep()
			title, cols := w["rows"], []*ir.DSLColumn(nil)
			if x.Schema >= 0 && schema != nil {
				title, cols = w["table"]+" "+schema.Label, schema.Columns
			}
			renderTable(&b, title, cols, x.Rows, w, rule)
		case *ir.DSLFunctions:
			sep()
			b.WriteString(w["functions"] + "\n")
			for _, f := range x.Funcs {
				b.WriteString("  " + f.Name + "(" + signature(f.In) + ")")
				if f.Out != nil {
					b.WriteString(" " + arrow + " (" + signature(f.Out) + ")")
				}
				b.WriteByte('\n')
				desc := w["nodesc"]
				if f.Desc != nil {
					desc = f.Desc.Text
				}
				b.WriteString("      " + escape(desc) + "\n")
			}
		case *ir.DSLCall:
			sep()
			b.WriteString(w["call"] + " " + x.Name + "(")
			for j, p := range x.Params {
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString(p.Name + ": " + escape(p.Value))
			}
			b.WriteString(")\n")
		case *ir.DSLResult:
			sep()
			if x.Header != nil {
				renderTable(&b, w["result"], x.Header.Columns, x.Rows, w, rule)
			} else {
				b.WriteString(w["result"] + "\n")
			}
			if x.Status != nil {
				b.WriteString(w["status"] + ": " + escape(x.Status.Text) + "\n")
			}
			if x.Error != nil {
				b.WriteString(w["error"] + ": " + escape(x.Error.Text) + "\n")
			}
		case *ir.DSLJSON:
			sep()
			b.WriteString(w["json"] + "\n")
			for _, p := range x.Params {
				b.WriteString("  " + p.Name + ": " + escape(p.Value) + "\n")
			}
		case *ir.DSLBad:
			sep()
			b.WriteString(w["bad"] + ": " + escape(x.Text) + "\n")
		}
	}
	return b.Bytes(), nil
}

// signature writes a field list as NAME type, NAME type*, ...
func signature(c *ir.DSLColumns) string {
	if c == nil {
		return ""
	}
	parts := make([]string, len(c.Columns))
	for i, col := range c.Columns {
		parts[i] = col.Name + " " + typeName(col)
		if col.Required {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, ", ")
}

func typeName(c *ir.DSLColumn) string {
	if c.Ref != nil {
		return "@" + c.Ref.Schema + "." + c.Ref.Field
	}
	if c.Type.Text == "" {
		return c.Type.Kind.String()
	}
	return c.Type.Text
}

// renderTable writes a title, then the header (name and type of each column) and
// the rows, each column padded to its widest cell.
func renderTable(b *bytes.Buffer, title string, cols []*ir.DSLColumn, rows []ir.DSLRow, w map[string]string, rule string) {
	b.WriteString(title + "\n")
	n := len(cols)
	for i := range rows {
		n = max(n, len(rows[i].Cells))
	}
	if n == 0 {
		b.WriteString("  " + w["none"] + "\n")
		return
	}
	table := make([][]string, 0, len(rows)+2)
	head, types := make([]string, n), make([]string, n)
	for j, c := range cols {
		head[j], types[j] = c.Name, typeName(c)
	}
	table = append(table, head, types)
	for i := range rows {
		r := make([]string, n)
		for j := range rows[i].Cells {
			r[j] = escape(rows[i].Cell(j))
		}
		table = append(table, r)
	}
	widths := make([]int, n)
	for _, r := range table {
		for j, c := range r {
			widths[j] = max(widths[j], displayWidth(c))
		}
	}
	line := func(r []string) {
		var l strings.Builder
		l.WriteString("  ")
		for j, c := range r {
			l.WriteString(c)
			if j < len(r)-1 {
				l.WriteString(strings.Repeat(" ", widths[j]-displayWidth(c)+2))
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	line(table[0])
	line(table[1])
	rules := make([]string, n)
	for j := range rules {
		rules[j] = strings.Repeat(rule, max(widths[j], 1))
	}
	line(rules)
	for _, r := range table[2:] {
		line(r)
	}
}

// displayWidth counts terminal columns: wide East Asian characters take two.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			if !unicode.Is(unicode.Mn, r) {
				n++
			}
		}
	}
	return n
}

// escape shows control characters (and so terminal escape sequences) as Go
// escapes, never raw.
func escape(s string) string {
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.Quote(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}
