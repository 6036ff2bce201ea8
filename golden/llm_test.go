package golden

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestLLMCorpus runs the corpus of model-shaped inputs (testdata/llm): each
// archive has one input, and sections for its diagnostics with their fixes,
// the text `rosettac fix` writes (safe fixes), and for Rosetta the repair
// messages `check --repair` prints. ROSETTAC_UPDATE=1 rewrites the sections.
func TestLLMCorpus(t *testing.T) {
	eachArchive(t, "testdata/llm/*.txtar", func(t *testing.T, path string, ar *txtar.Archive) {
		var name string
		var src []byte
		for _, f := range ar.Files {
			if strings.HasPrefix(f.Name, "input.") {
				name, src = f.Name, f.Data
				break
			}
		}
		if name == "" {
			t.Fatalf("%s: no input file", path)
		}
		lang := compiler.Detect(name, src)
		res := compiler.Check(name, src, compiler.Options{From: lang})
		got := map[string]string{"diagnostics": llmDiagnostics(res.Diags)}
		fixed, _, _ := compiler.Fix(name, src, compiler.Options{From: lang}, diag.Safe)
		got["fix"] = string(fixed)
		names := []string{"diagnostics", "fix"}
		if lang == ir.Rosetta {
			s := compiler.NewSession(compiler.Options{})
			added, _ := s.AddMessages(name, src)
			var b strings.Builder
			for _, a := range added {
				if r := s.Repair(a.Message, a.Diags); r != nil {
					b.WriteString(r.Text)
					b.WriteByte('\n')
				}
			}
			got["repair"] = b.String()
			names = append(names, "repair")
		}
		checkSections(t, path, ar, got, names)
	})
}

// llmDiagnostics prints each diagnostic as line:col severity CODE: message,
// then its fixes.
func llmDiagnostics(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		fmt.Fprintf(&b, "%s %s %s: %s\n", d.Span.Start(), d.Severity, d.Code, d.Message)
		for _, f := range d.Fixes {
			for _, e := range f.Edits {
				fmt.Fprintf(&b, "    fix (%s) %s: %s %q\n", f.Applicability, f.Title, e.Span.Start(), e.NewText)
			}
		}
	}
	return b.String()
}
