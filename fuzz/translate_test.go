package fuzz

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// FuzzTranslate: any input in any language translates to every other format
// without a panic; Lingua and AgentDSL come back through Rosetta as their
// canonical text; data JSON (the compiler's JSON front end) never
// panics and what it reads checks without a translation error.
func FuzzTranslate(f *testing.F) {
	files, _ := filepath.Glob("../golden/testdata/translate/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			continue
		}
		for _, af := range ar.Files {
			if strings.HasPrefix(af.Name, "input.") || af.Name == "json" {
				f.Add(af.Data)
			}
		}
	}
	f.Add([]byte(`{"format":"lingua","items":[{"line":{"messages":[{"kind":"request","code":"73"}]}}]}`))
	// Members the forms' readers do not carry (T025).
	f.Add([]byte(`{"format":"rosetta","items":[{"message":{"id":"a1","act":"tell","x":"v","topic":7,"slots":[{"slot":"txt","name":"n","lines":["a",true]}]}}]}`))
	f.Add([]byte(`{"format":"lingua","items":[{"line":{"messages":[{"kind":"natural","text":"hi","lang":"en"}],"mood":[1]}}]}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		if r := compiler.Parse("f.json", src, compiler.Options{From: ir.JSON}); r.Lang != ir.JSON {
			// A member the form's reader does not carry (T025, named by its
			// JSON path) is reported at that member's value in the JSON.
			for _, d := range r.Diags {
				if d.Code == "T025" && strings.HasPrefix(d.Message, "$.items") {
					if lit := src[d.Span.StartOffset():d.Span.EndOffset()]; !json.Valid(lit) {
						t.Fatalf("%s at %q, not at a JSON value", d.Message, lit)
					}
				}
			}
			src = []byte(r.Source.Content()) // a Rosetta or Lingua data form: the text it describes
		}
		for _, from := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL} {
			res := compiler.Check("f", src, compiler.Options{From: from})
			if res.Doc == nil {
				continue
			}
			checkTree(t, src, res.Doc, res.Diags)
			for _, to := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL, ir.JSON} {
				out, ds := translate.Translate(res.Doc, to)
				for _, d := range ds {
					if d.Code == translate.CodeInternal {
						t.Fatalf("%s -> %s: %v", from, to, d)
					}
				}
				if to != ir.Rosetta || from == ir.Rosetta {
					continue
				}
				mid := compiler.Check("m.rose", out, compiler.Options{From: ir.Rosetta})
				if mid.Doc == nil {
					t.Fatalf("%s -> rosetta does not parse:\n%s", from, out)
				}
				checkTree(t, out, mid.Doc, mid.Diags)
				back, _ := translate.Translate(mid.Doc, from)
				canon, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
				if string(back) != string(canon) {
					// A unit carried as its exact text (T026, a wire block)
					// comes back as written, not canonical: it must then read
					// as the same document, canonical once formatted.
					again, _ := compiler.Format(compiler.Parse("b", back, compiler.Options{From: from}), compiler.FormatOptions{Terse: true})
					if !hasCode(ds, translate.CodeVerbatim) || string(again) != string(canon) {
						t.Fatalf("%s -> rosetta -> %s is not canonical:\n%q\n%q", from, from, canon, back)
					}
				}
			}
		}
	})
}

// hasCode reports whether ds holds a diagnostic with code.
func hasCode(ds diag.List, code string) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}
