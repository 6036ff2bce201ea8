package golden

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/rosettacompare"
	"github.com/rosettac/rosettac/ir"
)

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
