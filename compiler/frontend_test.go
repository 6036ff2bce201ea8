package compiler

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

// TestAddFrontEnd adds a language the way docs/architecture.md says ("Adding
// a language"): one row in the table, nothing else. The language is a small
// CSV that lowers to AgentDSL's IR (a header line of names, the first ID, and
// comma-separated rows). Everything that reads the table must pick it up.
func TestAddFrontEnd(t *testing.T) {
	withFrontEnd(t, csvFrontEnd)

	if got := Languages(); !slices.Equal(got, []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL, ir.JSON, ir.TOON, ir.A2A, "csv"}) {
		t.Errorf("Languages() = %v", got)
	}
	if got := LanguageList(); got != "rosetta, lingua, agentdsl, json, toon, a2a or csv" {
		t.Errorf("LanguageList() = %q", got)
	}
	if l, err := ParseLanguage("CSV"); l != "csv" || err != nil {
		t.Errorf("ParseLanguage(CSV) = %q, %v", l, err)
	}
	if _, err := ParseLanguage("toml"); err == nil || !strings.Contains(err.Error(), "a2a or csv") {
		t.Errorf("ParseLanguage(toml) error = %v, want one listing csv", err)
	}
	for _, tt := range []struct {
		file, src string
		want      ir.Language
	}{
		{"t.csv", "anything", "csv"},
		{"t.CSV", "anything", "csv"},
		{"t.txt", "prose\n#csv\nID,NAME\n", "csv"}, // sniffed
		{"t.txt", "#csv\n👽R|a>b|q|x\n", "csv"},     // the first marking line decides
		{"t.txt", "👽R|a>b|q|x\n#csv\n", ir.Lingua},
		{"t.txt", "plain prose\n", ir.Rosetta},
	} {
		if got := Detect(tt.file, []byte(tt.src)); got != tt.want {
			t.Errorf("Detect(%q, %q) = %q, want %q", tt.file, tt.src, got, tt.want)
		}
	}

	src := []byte("ID,NAME\n1,Ada\n1,Grace\n2\n")
	res := Check("people.csv", src, Options{})
	if res.Lang != "csv" {
		t.Fatalf("Check: Lang = %q", res.Lang)
	}
	var codes []string
	for _, d := range res.Diags {
		codes = append(codes, d.Code)
	}
	// The row check is AgentDSL's: a repeated ID, a short row.
	if !slices.Equal(codes, []string{schema.CodeDupID, schema.CodeFewCells}) {
		t.Errorf("Check codes = %v, want AD028 AD020 (%v)", codes, res.Diags)
	}
	if ds := Parse("people.csv", src, Options{}).Diags; len(ds) != 0 {
		t.Errorf("Parse (syntax only) reported %v", ds)
	}
	out, ds := Format(Parse("people.csv", []byte("ID , NAME\n1, Ada\n"), Options{}), FormatOptions{})
	if string(out) != "ID,NAME\n1,Ada\n" || len(ds) != 0 {
		t.Errorf("Format = %q, %v", out, ds)
	}
	if ReaderCheck("csv") != nil || ReaderCheck(ir.AgentDSL) == nil {
		t.Error("ReaderCheck: only AgentDSL checks from a reader")
	}
}

// withFrontEnd adds a row to the table for the rest of the test.
func withFrontEnd(t *testing.T, fe *frontEnd) {
	saved := frontEnds
	frontEnds = append(slices.Clip(frontEnds), fe)
	t.Cleanup(func() { frontEnds = saved })
}

// csvFrontEnd is the test-only row.
var csvFrontEnd = &frontEnd{
	lang:  "csv",
	exts:  []string{".csv"},
	sniff: func(line []byte) bool { return bytes.HasPrefix(line, []byte("#csv")) },
	parse: func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		return parseCSV(src), nil
	},
	check: func(doc ir.Document, _ *diag.Source, _ *Options) diag.List {
		return schema.Check(doc.(*ir.DSLDoc))
	},
	print: func(doc ir.Document, _ FormatOptions) ([]byte, diag.List) {
		var b bytes.Buffer
		for _, bl := range doc.(*ir.DSLDoc).Blocks {
			switch bl := bl.(type) {
			case *ir.DSLSchema:
				for i, c := range bl.Columns {
					if i > 0 {
						b.WriteByte(',')
					}
					b.WriteString(c.Name)
				}
				b.WriteByte('\n')
			case *ir.DSLData:
				for _, r := range bl.Rows {
					for i := range r.Cells {
						if i > 0 {
							b.WriteByte(',')
						}
						b.WriteString(r.Cell(i))
					}
					b.WriteByte('\n')
				}
			}
		}
		return b.Bytes(), nil
	},
}

// parseCSV lowers a CSV file to one AgentDSL schema and its [DATA] block.
func parseCSV(src *diag.Source) *ir.DSLDoc {
	text := string(src.Content())
	doc := &ir.DSLDoc{Span: src.Span(0, len(text))}
	sch := &ir.DSLSchema{Label: "CSV"}
	data := &ir.DSLData{Schema: 0}
	doc.Blocks = []ir.DSLBlock{sch, data}
	for off, n := 0, 0; off < len(text); n++ {
		end, next := diag.LineEnd(text, off)
		line, sp := text[off:end], src.Span(off, end)
		if n == 0 {
			sch.Span, sch.LabelSpan, sch.ColumnsSpan = sp, sp, sp
			for _, name := range strings.Split(line, ",") {
				c := &ir.DSLColumn{Span: sp, NameSpan: sp, Name: strings.TrimSpace(name), Type: ir.DSLType{Kind: ir.DSLStr, Text: "str"}}
				if c.Name == "ID" {
					c.Type = ir.DSLType{Kind: ir.DSLInt, Text: "int"}
				}
				sch.Columns = append(sch.Columns, c)
			}
		} else if strings.TrimSpace(line) != "" {
			row := ir.DSLRow{Span: sp, Text: line}
			for i := 0; i <= len(line); {
				j := strings.IndexByte(line[i:], ',')
				if j < 0 {
					j = len(line) - i
				}
				a, b := i, i+j
				for a < b && line[a] == ' ' {
					a++
				}
				row.Cells = append(row.Cells, ir.DSLCell{Start: int32(a), End: int32(b)})
				i = b + 1
			}
			data.Rows = append(data.Rows, row)
			data.Span = sp
		}
		off = next
	}
	return doc
}
