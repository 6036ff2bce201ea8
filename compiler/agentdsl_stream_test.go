package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestCheckReaderMatchesCheck: checking from a reader, a line at a time, reports
// exactly what checking the bytes in memory reports, on every AgentDSL example
// and on broken documents.
func TestCheckReaderMatchesCheck(t *testing.T) {
	inputs := map[string][]byte{
		"broken.adsl": []byte("[SCHEMA:U]\nID:int|N:str|S:float\n\n[DATA]\n1|a|x\n1|b|2.5\r\r\n2|c\n[CALL]\n[Nope]\nA:1\n"),
		"crlf.adsl":   []byte("[SCHEMA:U]\r\nID:int|N:str\r\n\r\n[DATA]\r\n1|é\r\n"),
		"bom.adsl":    []byte("\uFEFF[SCHEMA:U]\nID:int|N:str\n\n[DATA]\n1|a\nx|b\n"),
		"utf8.adsl":   []byte("[SCHEMA:U]\nID:int|N:str\n\n[DATA]\n1|é\xff\n"),
		// AD080 points at the whole [JSON] block: its span ends lines after
		// the header line, which the streamed reader no longer holds.
		"json.adsl": []byte("[SCHEMA:U]\nID:int|N:str\n\n[DATA]\n1|a\n\n[JSON]\nARRAY:U\nOBJECT:U\n"),
	}
	files, _ := filepath.Glob("../examples/*.adsl")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(f)] = b
	}
	if len(inputs) < 5 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	for name, src := range inputs {
		want := Diagnose(name, src, Options{From: ir.AgentDSL})
		got, err := CheckReader(name, bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want.Diags, got.Diags); d != "" {
			t.Errorf("%s: diagnostics (-in memory +streamed):\n%s", name, d)
		}
		// Equal spans have equal offsets; the printed line and column of
		// both ends must agree too (each reader computes them from its own
		// source).
		var w, g bytes.Buffer
		if err := diag.PrintJSON(&w, want.Diags); err != nil {
			t.Fatal(err)
		}
		if err := diag.PrintJSON(&g, got.Diags); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(w.String(), g.String()); d != "" {
			t.Errorf("%s: printed diagnostics (-in memory +streamed):\n%s", name, d)
		}
	}
}

func TestCheckReaderInputProblems(t *testing.T) {
	for _, tt := range []struct {
		src, code, pos string
	}{
		{" \n\t\n", "F001", "1:1"},
		{"\uFEFF", "F001", "1:1"}, // an encoding mark and nothing else
		{"\uFEFF \n\n", "F001", "1:1"},
		{"[SCHEMA:U]\nID:int\n\n[DATA]\n1\xff\n", "F002", "5:2"},
	} {
		r, err := CheckReader("x.adsl", strings.NewReader(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Diags) != 1 || r.Diags[0].Code != tt.code || r.Diags[0].Span.Start().String() != tt.pos {
			t.Errorf("%q: got %v, want one %s at %s", tt.src, r.Diags, tt.code, tt.pos)
		}
		// Every language's in-memory check says the same of the bytes.
		for _, lang := range []ir.Language{ir.AgentDSL, ir.Rosetta, ir.Lingua} {
			for _, only := range []bool{false, true} {
				check := Check
				if only {
					check = Diagnose
				}
				m := check("x", []byte(tt.src), Options{From: lang})
				if len(m.Diags) != 1 || m.Diags[0].Code != tt.code || m.Diags[0].Span.Start().String() != tt.pos {
					t.Errorf("%q, %s (diagnostics only %v): Check gives %v, want one %s at %s", tt.src, lang, only, m.Diags, tt.code, tt.pos)
				}
			}
		}
	}
}
