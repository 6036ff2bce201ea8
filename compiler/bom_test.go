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
			check := Check
			if only {
				check = Diagnose
			}
			plain := check("f", []byte(tc.src), Options{From: tc.lang})
			marked := check("f", []byte("\uFEFF"+tc.src), Options{From: tc.lang})
			if d := cmp.Diff(where(plain), where(marked)); d != "" {
				t.Errorf("%s (diagnostics only %v): with a BOM (-without +with):\n%s", tc.lang, only, d)
			}
			if len(plain.Diags) == 0 {
				t.Errorf("%s: the sample should have a diagnostic to compare", tc.lang)
			}
		}
	}
}

// TestDetectByteOrderMark: a file whose language comes from its content (no
// known extension, standard input) is detected as the same language with a
// leading byte order mark as without, when its first line is what tells.
func TestDetectByteOrderMark(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want ir.Language
	}{
		{"👽73|@1|$j:e30=\n", ir.Lingua},
		{"^0|$j:{}\n", ir.Lingua},
		{"[SCHEMA:U]\nID:int|N:str\n", ir.AgentDSL},
		{"[DATA]\n1|a\n", ir.AgentDSL},
		{"a1.1 tell >a2\n", ir.Rosetta},
	} {
		if got := Detect("-", []byte(tc.src)); got != tc.want {
			t.Fatalf("%q: Detect = %s, want %s (the test's own premise)", tc.src, got, tc.want)
		}
		if got := Detect("-", []byte("\uFEFF"+tc.src)); got != tc.want {
			t.Errorf("%q with a byte order mark: Detect = %s, want %s", tc.src, got, tc.want)
		}
	}
}
