package translate

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
)

// dslTable writes a table that came from Rosetta (a csv block, or bindings
// with an x_cols header) as AgentDSL: the column line and one line per row.
//
// Rosetta text may hold what an AgentDSL row cannot: a '|' in a cell (the
// cell separator), or a row whose cell count is not the header's. Written as
// they are, such rows would not read back as the cells they came from, so:
//   - a str (or untyped) column with a cell holding '|' becomes an any column
//     of JSON strings, AgentDSL's one way to carry '|' (its multi-value
//     meaning, if a cell also has commas, is lost);
//   - a row that still would not split back into its cells (a wrong cell
//     count, a '|' in an int, float, reference or non-JSON any cell) is left
//     out.
//
// Each change is named in the returned notes (what, for the message's T025),
// so nothing is lost without a diagnostic.
func dslTable(what string, header []string, rows [][]string) (head string, lines []string, notes []string) {
	kinds := make([]ir.DSLTypeKind, len(header))
	for i, h := range header {
		kinds[i] = headerKind(h)
	}
	// Promote str columns that a '|' would split.
	for i := range header {
		if kinds[i] != ir.DSLStr {
			continue
		}
		for _, r := range rows {
			if i < len(r) && strings.IndexByte(r[i], '|') >= 0 {
				name, _, _ := strings.Cut(header[i], ":")
				header[i] = name + ":any"
				kinds[i] = ir.DSLAny
				notes = append(notes, "type str of column "+name+" of "+what+" (a cell holds |: written as any, a JSON string)")
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
	var cells []ir.DSLCell
	for n, r := range rows {
		text := strings.Join(r, "|")
		cells = agentdsl.SplitRow(text, kinds, cells[:0])
		switch {
		case len(r) != len(header):
			notes = append(notes, "row "+strconv.Itoa(n+1)+" of "+what+" ("+plural(len(r), "cell")+", the header has "+strconv.Itoa(len(header))+")")
			continue
		case !sameCells(text, cells, r):
			notes = append(notes, "row "+strconv.Itoa(n+1)+" of "+what+" (a | in a cell of a column that is not str)")
			continue
		}
		lines = append(lines, text)
	}
	return strings.Join(header, "|"), lines, notes
}

// headerKind is the kind of an AgentDSL column written NAME:type (a
// reference, @S.F:int or NAME:@S.F, is an int; no type is str).
func headerKind(h string) ir.DSLTypeKind {
	i := strings.LastIndexByte(h, ':')
	if i < 0 {
		return ir.DSLStr
	}
	switch t := h[i+1:]; {
	case t == "any":
		return ir.DSLAny
	case t == "str":
		return ir.DSLStr
	case t == "float":
		return ir.DSLFloat
	default:
		return ir.DSLInt
	}
}

// sameCells reports whether the cells split from text are want, in order.
func sameCells(text string, cells []ir.DSLCell, want []string) bool {
	if len(cells) != len(want) {
		return false
	}
	for i, c := range cells {
		if text[c.Start:c.End] != want[i] {
			return false
		}
	}
	return true
}

// csvTable writes a csv block (its first line the header) through dslTable.
func csvTable(what string, bl *ir.Block) (head string, lines []string, notes []string) {
	rows := make([][]string, 0, len(bl.Lines)-1)
	for _, l := range bl.Lines[1:] {
		rows = append(rows, csvCells(l.Text))
	}
	return dslTable(what, csvCells(bl.Lines[0].Text), rows)
}
