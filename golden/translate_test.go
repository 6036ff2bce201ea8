package golden

import (
	"bytes"
	"path/filepath"
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
	files, _ := filepath.Glob("testdata/translate/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var name string
			var src []byte
			opt := compiler.Options{}
			for _, f := range ar.Files {
				switch {
				case strings.HasPrefix(f.Name, "input."):
					name, src = f.Name, f.Data
				case f.Name == "key.txt":
					opt.PrivateKey = f.Data
				}
			}
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
				got["diagnostics."+string(to)] = translationDiags(res.Source, ds)
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
}

// roundTrip reads text in language from (data JSON through FromJSON) and
// translates it to language to.
func roundTrip(t *testing.T, text string, from, to ir.Language, opt compiler.Options) string {
	t.Helper()
	src := []byte(text)
	if from == ir.JSON {
		l, b, ds := translate.FromJSON("x.json", src)
		if ds.HasErrors() || l == "" {
			t.Fatalf("FromJSON: %q %v", l, ds)
		}
		from, src = l, b
	}
	opt.From = from
	r := compiler.Check("mid", src, opt)
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

func translationDiags(src *diag.Source, ds diag.List) string {
	var b bytes.Buffer
	diag.PrintText(&b, ds, func(string) *diag.Source { return src }, diag.TextOptions{})
	return b.String()
}
