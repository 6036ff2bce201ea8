package translate

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// dslTable writes a table that came from Rosetta (a csv block, or bindings
// with an x_cols header) as AgentDSL: the column line and one line per row.
//
// Rosetta text may hold what an AgentDSL row cannot: a '|' in a cell (the
// cell separator), an empty cell, text that is not its column's type, or a
// row whose cell count is not the header's. Written as they are, such rows
// would not read back, or would fail the AgentDSL checker, so:
//   - a str (or untyped) column with a cell that a str cell cannot hold (a
//     '|', an empty text, an empty or _ value between commas) becomes an any
//     column of JSON strings, AgentDSL's way to carry any text (its
//     multi-value meaning, if a cell has commas, is lost);
//   - a row that still would not read back as its cells (a wrong cell count,
//     a '|' in an int, float, reference or non-JSON any cell, a cell that is
//     not its column's type) is left out.
//
// Each change is named in the returned notes (what, for the message's T025),
// so the output always checks and nothing is lost without a diagnostic.
func dslTable(what string, header []string, rows [][]string) (head string, lines []string, notes []string) {
	kinds := make([]adslrt.Kind, len(header))
	for i, h := range header {
		kinds[i] = headerKind(h)
	}
	// Promote the str columns holding text a str cell cannot.
	for i := range header {
		if kinds[i] != adslrt.Str {
			continue
		}
		for _, r := range rows {
			if i < len(r) && (strings.IndexByte(r[i], '|') >= 0 || adslrt.CellFault(adslrt.Str, r[i]) != adslrt.NoFault) {
				name, _, _ := strings.Cut(header[i], ":")
				header[i] = name + ":any"
				kinds[i] = adslrt.Any
				notes = append(notes, "type str of column "+name+" of "+what+" (a cell holds | or an empty value: written as any, a JSON string)")
				for _, r := range rows {
					if i < len(r) && r[i] != "_" {
						j, _ := json.Marshal(r[i])
						r[i] = string(j)
					}
				}
				break
			}
		}
	}
rows:
	for n, r := range rows {
		row := "row " + strconv.Itoa(n+1) + " of " + what
		text := strings.Join(r, "|")
		switch {
		case len(r) != len(header):
			notes = append(notes, row+" ("+plural(len(r), "cell")+", the header has "+strconv.Itoa(len(header))+")")
			continue
		case !slices.Equal(adslrt.SplitRow(text, kinds), r):
			notes = append(notes, row+" (a | in a cell of a column that is not str)")
			continue
		}
		for i, c := range r {
			if _, msg, ok := adslrt.CheckCell(kinds[i], c); !ok {
				name, _, _ := strings.Cut(header[i], ":")
				notes = append(notes, row+" (column "+name+": "+msg+")")
				continue rows
			}
		}
		lines = append(lines, text)
	}
	return strings.Join(header, "|"), lines, notes
}

// headerKind is the kind of an AgentDSL column written NAME:type: a reference
// (@S.F:int or NAME:@S.F) is an int, no type is str, and an unknown type is
// no kind (only the rules every cell has apply).
func headerKind(h string) adslrt.Kind {
	i := strings.LastIndexByte(h, ':')
	if i < 0 {
		return adslrt.Str
	}
	switch t := h[i+1:]; {
	case t == "int" || strings.HasPrefix(t, "@"):
		return adslrt.Int
	case t == "float":
		return adslrt.Float
	case t == "str":
		return adslrt.Str
	case t == "any":
		return adslrt.Any
	}
	return 0
}

// csvTable writes a csv block (its first line the header) through dslTable.
func csvTable(what string, bl *ir.Block) (head string, lines []string, notes []string) {
	rows := make([][]string, 0, len(bl.Lines)-1)
	for _, l := range bl.Lines[1:] {
		rows = append(rows, csvCells(l.Text))
	}
	return dslTable(what, csvCells(bl.Lines[0].Text), rows)
}

// validColumns reports whether a column list reads back as declared: every
// field has a known type and its own name.
func validColumns(cols []*ir.DSLColumn) bool {
	seen := map[string]bool{}
	for _, c := range cols {
		if c.Type.Kind == ir.DSLBadType || seen[c.Name] {
			return false
		}
		seen[c.Name] = true
	}
	return true
}

// schemaHead reports whether [SCHEMA:label] with the column line head is an
// AgentDSL schema: it parses, its label is label, its first column is ID:int
// and its columns are valid.
func schemaHead(label, head string) bool {
	doc, ds := agentdsl.Parse(diag.NewSource("", []byte("[SCHEMA:"+label+"]\n"+head+"\n")))
	if len(ds) > 0 || len(doc.Blocks) != 1 {
		return false
	}
	s, ok := doc.Blocks[0].(*ir.DSLSchema)
	return ok && !s.Broken && s.Label == label && len(s.Columns) > 0 &&
		s.Columns[0].Name == "ID" && s.Columns[0].Type.Kind == ir.DSLInt && s.Columns[0].Ref == nil &&
		validColumns(s.Columns)
}

// resultHead reports whether [head] is an AgentDSL [RESULT] header.
func resultHead(head string) bool {
	doc, ds := agentdsl.Parse(diag.NewSource("", []byte("[RESULT]\n["+head+"]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n")))
	if len(ds) > 0 || len(doc.Blocks) != 1 {
		return false
	}
	r, ok := doc.Blocks[0].(*ir.DSLResult)
	return ok && !r.Broken && r.Header != nil && len(r.Header.Columns) > 0 && validColumns(r.Header.Columns)
}
