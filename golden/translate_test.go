package golden

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// Translation golden files: golden/testdata/translate/*.txtar hold one input
// (input.rose, input.lingua or input.adsl, and key.txt for --key-file) and,
// for every other format, the translation (sections rosetta, lingua,
// agentdsl, json) and its diagnostics (diagnostics.<format>). The test also
// checks the round trips: Lingua and AgentDSL through Rosetta come back as
// their canonical text, and every data JSON reads back to the same document.
// ROSETTAC_UPDATE=1 rewrites the sections.
func TestTranslateGolden(t *testing.T) {
	eachArchive(t, "testdata/translate/*.txtar", func(t *testing.T, file string, ar *txtar.Archive) {
		var name string
		var src []byte
		for _, f := range ar.Files {
			if strings.HasPrefix(f.Name, "input.") {
				name, src = f.Name, f.Data
			}
		}
		opt := compiler.Options{PrivateKey: optional(ar, "key.txt")}
		res := compiler.Check(name, src, opt)
		if res.Doc == nil {
			t.Fatalf("input does not parse: %v", res.Diags)
		}
		got := map[string]string{}
		var names []string
		for _, to := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL, ir.JSON} {
			if to == res.Lang {
				continue
			}
			out, ds := translate.Translate(res.Doc, to)
			got[string(to)] = string(out)
			got["diagnostics."+string(to)] = diagsText(res.Source, ds)
			names = append(names, string(to), "diagnostics."+string(to))
		}
		canon, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
		switch res.Lang {
		case ir.Lingua, ir.AgentDSL:
			// Lossless through Rosetta: the canonical text comes back.
			back := roundTrip(t, got["rosetta"], ir.Rosetta, res.Lang, opt)
			if d := cmp.Diff(string(canon), back); d != "" {
				t.Errorf("%s -> rosetta -> %s is not the canonical text (-want +got):\n%s", res.Lang, res.Lang, d)
			}
		}
		// Data JSON reads back to the same canonical text (AgentDSL's
		// relational form has its own laws, checked in internal/datajson).
		if res.Lang != ir.AgentDSL {
			back := roundTrip(t, got["json"], ir.JSON, res.Lang, opt)
			if d := cmp.Diff(string(canon), back); d != "" {
				t.Errorf("%s -> json -> %s is not the canonical text (-want +got):\n%s", res.Lang, res.Lang, d)
			}
		}
		checkSections(t, file, ar, got, names)
	})
}

// roundTrip reads text in language from (data JSON through the JSON front
// end, which must read it as a Rosetta or Lingua data form) and translates it
// to language to.
func roundTrip(t *testing.T, text string, from, to ir.Language, opt compiler.Options) string {
	t.Helper()
	opt.From = from
	r := compiler.Check("mid", []byte(text), opt)
	if from == ir.JSON && r.Lang == ir.JSON { // not a data form, or T027
		t.Fatalf("the data JSON reads as %s: %v", r.Lang, r.Diags)
	}
	if r.Doc == nil {
		t.Fatalf("translation does not parse: %v", r.Diags)
	}
	out, ds := translate.Translate(r.Doc, to)
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Errorf("round trip: %v", d)
		}
	}
	return string(out)
}
