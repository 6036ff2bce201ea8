package compiler

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/ir"
)

// TestByteOrderMark checks that a leading UTF-8 byte order mark is read as
// the encoding mark it is, in every language: the file checks as it does
// without it, with the same codes at the same lines and columns.
func TestByteOrderMark(t *testing.T) {
	for _, tc := range []struct {
		lang ir.Language
		src  string
	}{
		{ir.Rosetta, "a1.1 tell >a2\n a x = 1 ~hi\n why see @a0.9\n"},
		{ir.Lingua, "👽73|@1|$j:e30=\n^0|$j:{}\n"},
		{ir.AgentDSL, "[SCHEMA:U]\nID:int|N:str\n\n[DATA]\n1|a\nx|b\n"},
	} {
		where := func(r *Result) []string {
			var out []string
			for _, d := range r.Diags {
				out = append(out, d.Code+"@"+d.Span.Start().String())
			}
			return out
		}
		for _, only := range []bool{false, true} {
			plain := Check("f", []byte(tc.src), Options{From: tc.lang, DiagnosticsOnly: only})
			marked := Check("f", []byte("\uFEFF"+tc.src), Options{From: tc.lang, DiagnosticsOnly: only})
			if d := cmp.Diff(where(plain), where(marked)); d != "" {
				t.Errorf("%s (diagnostics only %v): with a BOM (-without +with):\n%s", tc.lang, only, d)
			}
			if len(plain.Diags) == 0 {
				t.Errorf("%s: the sample should have a diagnostic to compare", tc.lang)
			}
		}
	}
}
