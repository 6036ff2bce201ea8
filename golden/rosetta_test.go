package golden

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	emitjson "github.com/rosettac/rosettac/emit/json"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/rosettanorm"
	"github.com/rosettac/rosettac/ir"
)

var update = os.Getenv("ROSETTAC_UPDATE") != ""

// TestRosettaGolden runs every testdata/rosetta/*.txtar: the input section
// `input.rose` is parsed (syntax, lowering and session inheritance; no checker)
// and the `ir` (IR JSON, indented), `fmt` (terse canonical form) and
// `diagnostics` sections are compared. ROSETTAC_UPDATE=1 rewrites them. Each
// case also checks fmt(fmt(x)) == fmt(x) and that fmt(x) reads back to the
// same IR (rosettanorm's comparison form), in both terse and full form.
func TestRosettaGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/rosetta/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input []byte
			for _, f := range ar.Files {
				if f.Name == "input.rose" {
					input = f.Data
				}
			}
			if input == nil {
				t.Fatal("no input.rose section")
			}
			res := compiler.Parse("input.rose", input, compiler.Options{})
			irOut := emitjson.IR("input.rose", res.Doc, res.Diags).Data
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, irOut, "", "  "); err != nil {
				t.Fatal(err)
			}
			fmtOut, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
			var ds strings.Builder
			for _, d := range res.Diags {
				ds.WriteString(d.Error())
				if d.Hint != "" {
					ds.WriteString("\n    hint: " + d.Hint)
				}
				ds.WriteByte('\n')
			}
			got := map[string][]byte{"ir": pretty.Bytes(), "fmt": fmtOut, "diagnostics": []byte(ds.String())}
			checkRoundTrip(t, res, fmtOut)
			sections := []string{"input.rose", "ir", "fmt", "diagnostics"}
			if update {
				out := &txtar.Archive{Comment: ar.Comment}
				for _, name := range sections {
					data := input
					if name != "input.rose" {
						data = got[name]
					}
					out.Files = append(out.Files, txtar.File{Name: name, Data: data})
				}
				if err := os.WriteFile(file, txtar.Format(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, f := range ar.Files {
				if g, ok := got[f.Name]; ok {
					if d := cmp.Diff(string(f.Data), string(g)); d != "" {
						t.Errorf("section %s (-golden +got):\n%s", f.Name, d)
					}
					delete(got, f.Name)
				}
			}
			for name := range got {
				t.Errorf("missing section %s (run with ROSETTAC_UPDATE=1)", name)
			}
		})
	}
}

// checkRoundTrip checks fmt idempotence and IR preservation for res.
func checkRoundTrip(t *testing.T, res *compiler.Result, terse []byte) {
	t.Helper()
	if res.Doc == nil {
		return
	}
	want := rosettanorm.Normalize(res.Doc.(*ir.Transcript))
	full, _ := compiler.Format(res, compiler.FormatOptions{Terse: false})
	for _, out := range [][]byte{terse, full} {
		res2 := compiler.Parse(res.File, out, compiler.Options{From: ir.Rosetta})
		if d := cmp.Diff(want, rosettanorm.Normalize(res2.Doc.(*ir.Transcript))); d != "" {
			t.Errorf("IR of fmt(x) != IR of x (-x +fmt(x)):\n%s\nfmt(x):\n%s", d, out)
		}
		again, _ := compiler.Format(res2, compiler.FormatOptions{Terse: bytes.Equal(out, terse)})
		if !bytes.Equal(again, out) {
			t.Errorf("fmt(fmt(x)) != fmt(x):\n%s", cmp.Diff(string(out), string(again)))
		}
	}
}

// TestGrammarEBNF keeps testdata/rosetta/grammar.ebnf equal to the grammar.
func TestGrammarEBNF(t *testing.T) {
	const file = "testdata/rosetta/grammar.ebnf"
	got := rosetta.Grammar()
	if update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("grammar changed (-golden +now); review and run ROSETTAC_UPDATE=1:\n%s", d)
	}
}
