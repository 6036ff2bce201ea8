package tokens

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// componentCase is a small document whose breakdown was computed independently:
// segments marked by hand on the bytes, tokens from js-tiktoken, attributed by
// first byte (by a script outside the repository).
type componentCase struct {
	name string
	text string
	want map[string][]Component // by encoding
}

// TestComponents measures each language's documents and checks the
// breakdown by component under every encoding.
func TestComponents(t *testing.T) {
	for _, l := range []struct {
		lang  ir.Language
		cases []componentCase
	}{{ir.Rosetta, rosettaComponentCases}, {ir.Lingua, linguaComponentCases}} {
		t.Run(string(l.lang), func(t *testing.T) { checkComponents(t, l.lang, l.cases) })
	}
}

func checkComponents(t *testing.T, lang ir.Language, tests []componentCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := compiler.Parse("x", []byte(tt.text), compiler.Options{From: lang})
			if res.Doc == nil {
				t.Fatalf("no document: %v", res.Diags)
			}
			for _, enc := range Encodings {
				got, err := Measure(enc, []byte(tt.text), res.Doc, true)
				if err != nil {
					t.Fatal(err)
				}
				sum := 0
				for _, c := range got.Components {
					sum += c.Tokens
				}
				if sum != got.Total {
					t.Errorf("%s: components sum to %d, total is %d", enc, sum, got.Total)
				}
				if d := cmp.Diff(tt.want[enc], got.Components); d != "" {
					t.Errorf("%s components (-want +got):\n%s", enc, d)
				}
			}
		})
	}
}
