package golden

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// goldenLanguage is one language's row of the golden harness: where its
// archives are, what their input is called, how far the pipeline runs, and
// the language's own checks beyond the common sections.
type goldenLanguage struct {
	lang    ir.Language
	pattern string // the archives
	input   string // the input section
	// parseOnly stops at the grammar (syntax, lowering, Rosetta's header
	// inheritance): the goldens of a grammar's own reading.
	parseOnly bool
	// stopOnErrors leaves out the sections after out/diagnostics for a
	// document with errors (AgentDSL's fmt refuses one).
	stopOnErrors bool
	// extra adds the language's own sections and checks; nil for none.
	extra  func(t *testing.T, res *compiler.Result, opt compiler.Options, got map[string]string)
	extras []string // the names of the sections extra writes
}

// goldenLanguages has a row per language.
var goldenLanguages = []goldenLanguage{
	{lang: ir.Rosetta, pattern: "testdata/rosetta/*.txtar", input: "input.rose", parseOnly: true,
		extra: func(t *testing.T, res *compiler.Result, _ compiler.Options, got map[string]string) {
			checkRoundTrip(t, res, []byte(got["out/fmt"]))
		}},
	{lang: ir.Lingua, pattern: "testdata/lingua/*.txtar", input: "input.lingua",
		extra: func(t *testing.T, res *compiler.Result, opt compiler.Options, got map[string]string) {
			// fmt is idempotent and keeps the IR.
			fmtOut := []byte(got["out/fmt"])
			again := compiler.Check(res.File, fmtOut, opt)
			if d := cmp.Diff(got["out/ir"], irDump(t, res.File, again.Doc)); d != "" && !res.Diags.HasErrors() {
				t.Errorf("IR changes through fmt (-before +after):\n%s", d)
			}
			if twice, _ := compiler.Format(again, compiler.FormatOptions{Terse: true}); !bytes.Equal(twice, fmtOut) {
				t.Errorf("fmt(fmt(x)) != fmt(x):\n%s", cmp.Diff(string(fmtOut), string(twice)))
			}
		}},
	{lang: ir.AgentDSL, pattern: "testdata/agentdsl/*.txtar", input: "input.adsl", stopOnErrors: true,
		extra: func(t *testing.T, res *compiler.Result, _ compiler.Options, got map[string]string) {
			// from_json of the data JSON, in canonical form.
			back := compiler.Check("input.json", []byte(got["out/json"]), compiler.Options{From: ir.JSON})
			if back.Doc == nil {
				got["out/back"] = back.Diags.String()
				return
			}
			bs, ds := translate.Translate(back.Doc, ir.AgentDSL)
			got["out/back"] = string(bs) + ds.String()
			if !strings.HasSuffix(got["out/back"], "\n") && got["out/back"] != "" {
				got["out/back"] += "\n"
			}
		}, extras: []string{"out/back"}},
}

// TestLanguageGolden is the one golden harness of every language: each
// archive's input section (with key.txt, psk.txt and session.txt as
// --key-file, --psk-file and --session) is read and checked (only parsed,
// for a parseOnly row), and the sections out/ir (irDump), out/diagnostics,
// out/fmt (canonical form), out/text (the English rendering), out/text.zh and
// out/json (translate --to json) are compared, then the language's own
// sections and checks. ROSETTAC_UPDATE=1 rewrites the sections.
func TestLanguageGolden(t *testing.T) {
	needParser(t)
	for _, gl := range goldenLanguages {
		t.Run(string(gl.lang), func(t *testing.T) {
			eachArchive(t, gl.pattern, func(t *testing.T, path string, ar *txtar.Archive) {
				opt := compiler.Options{From: gl.lang, PrivateKey: optional(ar, "key.txt"), PSK: optional(ar, "psk.txt"),
					SessionID: strings.TrimSpace(string(optional(ar, "session.txt")))}
				input := inputSection(t, path, ar, gl.input)
				var res *compiler.Result
				if gl.parseOnly {
					res = compiler.Parse(gl.input, input, opt)
				} else {
					res = compiler.Check(gl.input, input, opt)
				}
				got := map[string]string{"out/ir": irDump(t, gl.input, res.Doc), "out/diagnostics": diagText(res)}
				names := []string{"out/ir", "out/diagnostics"}
				if res.Doc != nil && !(gl.stopOnErrors && res.Diags.HasErrors()) {
					fmtOut, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
					got["out/fmt"] = string(fmtOut)
					for _, lang := range []string{"en", "zh"} {
						out, _ := text.Render(res.Doc, text.Options{Lang: lang})
						got[map[string]string{"en": "out/text", "zh": "out/text.zh"}[lang]] = string(out)
					}
					js, ds := translate.Translate(res.Doc, ir.JSON)
					got["out/json"] = string(js) + ds.String()
					names = append(names, "out/fmt", "out/text", "out/text.zh", "out/json")
					if gl.extra != nil {
						gl.extra(t, res, opt, got)
						names = append(names, gl.extras...)
					}
				}
				checkSections(t, path, ar, got, names)
			})
		})
	}
}
