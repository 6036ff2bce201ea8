package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
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
// messages `check --repair` prints. ROSETTAC_UPDATE=1 rewrites the sections
// (not `cases`, which TestLLMCorpusCoverage reads).
func TestLLMCorpus(t *testing.T) {
	eachArchive(t, "testdata/llm/*.txtar", func(t *testing.T, path string, ar *txtar.Archive) {
		name, src := llmInput(t, path, ar)
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

// llmInput returns the input file of a corpus archive.
func llmInput(t *testing.T, path string, ar *txtar.Archive) (string, []byte) {
	t.Helper()
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "input.") {
			return f.Name, f.Data
		}
	}
	t.Fatalf("%s: no input file", path)
	return "", nil
}

// llmClasses are the classes of slips issue #21 asks the corpus to hold at
// least three different cases of (points 1, 2, 4 and 8), each with the codes
// (CODE or CODE/severity) a case of it must be reported with. A case is one
// diagnostic: an archive's `cases` section names it by its line:column and
// class, so a class can only be counted for a diagnostic the input really
// gets, and three cases must be three positions with three different lines.
var llmClasses = []struct {
	name  string
	codes []string
}{
	// 1. Header recovery, token by token.
	{"header/act-case", []string{"P017/warning"}},
	{"header/act-misspelt", []string{"P017/error"}},
	{"header/topic", []string{"P020"}},
	{"header/at", []string{"P018"}},
	{"header/ttl", []string{"P018"}},
	{"header/pri", []string{"P018", "E015"}},
	{"header/key", []string{"P018", "P019"}},
	{"header/stray", []string{"P019"}},
	{"header/decoration-bold", []string{"P016"}},
	{"header/decoration-underscore", []string{"P016"}},
	{"header/decoration-backtick", []string{"P016"}},
	{"header/decoration-list", []string{"P016"}},
	{"header/decoration-heading", []string{"P016"}},
	// 2. Slot-level slips, Rosetta.
	{"confidence/word", []string{"P021"}},
	{"confidence/case", []string{"P021"}},
	{"confidence/bracketed", []string{"P021"}},
	{"confidence/percent", []string{"P021"}},
	{"failcode/prose", []string{"E016", "E016b"}},
	{"failcode/misspelt", []string{"E016", "E016b"}},
	{"slot/label-case", []string{"P022/warning"}},
	{"slot/label-long", []string{"P022/warning"}},
	{"slot/colon", []string{"P007"}},
	{"slot/near-miss", []string{"P022/error"}},
	// 2. Lingua codes and conditions.
	{"lingua/code-words", []string{"L013"}},
	{"lingua/code-near", []string{"L001"}},
	{"lingua/condition-type", []string{"L012"}},
	{"lingua/condition-operator", []string{"L012"}},
	{"lingua/condition-no-value", []string{"L005"}},
	{"lingua/condition-unknown-type", []string{"L005"}},
	{"lingua/condition-comparison", []string{"L005"}},
	// 2. AgentDSL markers and types.
	{"agentdsl/marker-case", []string{"AD004/warning"}},
	{"agentdsl/marker-near", []string{"AD004/error"}},
	{"agentdsl/type-foreign", []string{"AD005"}},
	{"agentdsl/type-case", []string{"AD005"}},
	{"agentdsl/type-near", []string{"AD011"}},
	// 4. Duplicates.
	{"duplicate/redelivery", []string{"D001"}},
	{"duplicate/conflict", []string{"D002"}},
	// 8. Chatter, the same in every language.
	{"chatter/rosetta", []string{"P002", "P006"}},
	{"chatter/lingua", []string{"L011"}},
	{"chatter/agentdsl", []string{"AD003"}},
}

// TestLLMCorpusCoverage checks that the corpus holds at least three
// different cases of every class of llmClasses, each reported as its class
// says (TestLLMCorpus checks the rest of what it gets: fixes, fix output and
// repair messages), and that every case names a known class. -v prints the
// table of classes with their cases.
func TestLLMCorpusCoverage(t *testing.T) {
	codes := map[string][]string{}
	for _, c := range llmClasses {
		codes[c.name] = c.codes
	}
	type hit struct{ at, line string }
	hits := map[string][]hit{}
	eachArchive(t, "testdata/llm/*.txtar", func(t *testing.T, path string, ar *txtar.Archive) {
		name, src := llmInput(t, path, ar)
		cases, ok := section(ar, "cases")
		if !ok {
			t.Fatalf("%s: no cases section (line:column class, one a line)", path)
		}
		res := compiler.Check(name, src, compiler.Options{From: compiler.Detect(name, src)})
		lines := strings.Split(string(src), "\n")
		for _, c := range strings.Split(strings.TrimSpace(string(cases)), "\n") {
			pos, class, _ := strings.Cut(c, " ")
			want, known := codes[class]
			if !known {
				t.Errorf("%s: case %q: unknown class %q", path, c, class)
				continue
			}
			var got []string
			var span string // what the diagnostic of the class points at
			for _, d := range res.Diags {
				if d.Span.Start().String() != pos {
					continue
				}
				got = append(got, d.Code, d.Code+"/"+d.Severity.String())
				if span == "" && (slices.Contains(want, d.Code) || slices.Contains(want, d.Code+"/"+d.Severity.String())) {
					span = string(src[d.Span.StartOffset():d.Span.EndOffset()])
				}
			}
			if span == "" && !slices.ContainsFunc(want, func(w string) bool { return slices.Contains(got, w) }) {
				t.Errorf("%s: case %s wants %s at %s, got %v", path, c, strings.Join(want, " or "), pos, got)
				continue
			}
			var line int
			fmt.Sscanf(pos, "%d:", &line)
			// Two cases differ when their lines or what they point at do:
			// the four foreign types of one AgentDSL column line are four
			// cases, a closing fence written as its opening one is not.
			hits[class] = append(hits[class], hit{filepath.Base(path) + ":" + pos, strings.TrimSpace(lines[line-1]) + "\x00" + span})
		}
	})
	var table strings.Builder
	for _, c := range llmClasses {
		hs := hits[c.name]
		distinct := map[string]bool{}
		var where []string
		for _, h := range hs {
			distinct[h.line] = true
			where = append(where, h.at)
		}
		sort.Strings(where)
		fmt.Fprintf(&table, "| %s | %s | %d | %s |\n", c.name, strings.Join(c.codes, ", "), len(distinct), strings.Join(where, " "))
		if len(distinct) < 3 {
			t.Errorf("class %s has %d different cases in testdata/llm, want at least 3 (issue #21)", c.name, len(distinct))
		}
	}
	t.Logf("class | codes | different cases | where\n%s", table.String())
}

// TestRepairDocLoop: the Go retry loop docs/repair.md shows is the body of
// compiler's ExampleSession_retry, which go test compiles and runs, so the
// page cannot show a loop that does not build or does something else.
func TestRepairDocLoop(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "docs", "repair.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(page), "## A host's retry loop in Go\n")
	_, block, ok2 := strings.Cut(after, "```go\n")
	block, _, ok3 := strings.Cut(block, "```\n")
	if !ok || !ok2 || !ok3 || strings.Count(block, "\n") < 10 {
		t.Fatalf("docs/repair.md has no Go retry loop under its heading")
	}
	ex, err := os.ReadFile(filepath.Join("..", "compiler", "example_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, found := strings.Cut(string(ex), "func ExampleSession_retry() {\n")
	if !found {
		t.Fatal("compiler has no ExampleSession_retry")
	}
	var indented strings.Builder
	for _, l := range strings.SplitAfter(block, "\n") {
		if l != "" {
			indented.WriteString("\t" + l)
		}
	}
	if !strings.Contains(body, indented.String()) {
		t.Errorf("docs/repair.md's retry loop is not the body of ExampleSession_retry; copy it from compiler/example_test.go:\n%s", block)
	}
}
