package golden

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/rosettacompare"
	"github.com/rosettac/rosettac/ir"
)

// TestRosettaGolden runs every testdata/rosetta/*.txtar: the input section
// `input.rose` is parsed (syntax, lowering and session inheritance; no checker)
// and the `ir` (the IR dump, irDump), `fmt` (terse canonical form) and
// `diagnostics` sections are compared. ROSETTAC_UPDATE=1 rewrites them. Each
// case also checks fmt(fmt(x)) == fmt(x) and that fmt(x) reads back to the
// same IR (rosettacompare's comparison form), in both terse and full form.
func TestRosettaGolden(t *testing.T) {
	eachArchive(t, "testdata/rosetta/*.txtar", func(t *testing.T, path string, ar *txtar.Archive) {
		input := inputSection(t, path, ar, "input.rose")
		res := compiler.Parse("input.rose", input, compiler.Options{})
		fmtOut, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
		var ds strings.Builder
		for _, d := range res.Diags {
			ds.WriteString(d.Error())
			if d.Hint != "" {
				ds.WriteString("\n    hint: " + d.Hint)
			}
			ds.WriteByte('\n')
		}
		checkRoundTrip(t, res, fmtOut)
		got := map[string]string{"ir": irDump(t, "input.rose", res.Doc), "fmt": string(fmtOut), "diagnostics": ds.String()}
		checkSections(t, path, ar, got, []string{"ir", "fmt", "diagnostics"})
	})
}

// checkRoundTrip checks fmt idempotence and IR preservation for res.
func checkRoundTrip(t *testing.T, res *compiler.Result, terse []byte) {
	t.Helper()
	if res.Doc == nil {
		return
	}
	want := rosettacompare.Normalize(res.Doc.(*ir.Transcript))
	full, _ := compiler.Format(res, compiler.FormatOptions{Terse: false})
	for _, out := range [][]byte{terse, full} {
		res2 := compiler.Parse(res.File, out, compiler.Options{From: ir.Rosetta})
		if d := cmp.Diff(want, rosettacompare.Normalize(res2.Doc.(*ir.Transcript))); d != "" {
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
	checkFile(t, "testdata/rosetta/grammar.ebnf", []byte(rosetta.Grammar()))
}
