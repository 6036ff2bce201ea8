package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/tokens"
	"github.com/rosettac/rosettac/ir"
)

// tableAfter returns the markdown table rows (header first) of the section
// headed "## title" in out.
func tableAfter(t *testing.T, out, title string) [][]string {
	t.Helper()
	_, sec, ok := strings.Cut(out, "## "+title+"\n")
	if !ok {
		t.Fatalf("no section %q in the output:\n%s", title, out)
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	var rows [][]string
	for _, line := range strings.Split(sec, "\n") {
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if strings.HasPrefix(cells[0], "---") {
			continue
		}
		rows = append(rows, cells)
	}
	if len(rows) < 2 {
		t.Fatalf("section %q has no table rows:\n%s", title, sec)
	}
	for _, r := range rows[1:] {
		if len(r) != len(rows[0]) {
			t.Errorf("section %q: row %q has %d cells, the header %d", title, r, len(r), len(rows[0]))
		}
	}
	return rows
}

// TestRunShape runs the suite as CI does, on the small case set, and checks the
// output's shape: every section, every column under both encodings, every case
// and every comparison present.
func TestRunShape(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-cases", "testdata/cases"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	out := stdout.String()

	byCase := tableAfter(t, out, "Every case")
	wantHeader := []string{"case", "kind", "format", "baseline"}
	for _, enc := range tokens.Encodings {
		wantHeader = append(wantHeader, enc+" format", enc+" baseline", enc+" change")
	}
	if d := cmp.Diff(wantHeader, byCase[0]); d != "" {
		t.Errorf("columns of the per-case table (-want +got):\n%s", d)
	}
	var got [][3]string
	for _, r := range byCase[1:] {
		got = append(got, [3]string{r[0], r[2], r[3]})
		for _, c := range []string{r[6], r[9]} {
			if !regexp.MustCompile(`^[+-]\d+\.\d%$`).MatchString(c) {
				t.Errorf("row %q: change %q is not a signed percentage", r, c)
			}
		}
	}
	want := [][3]string{
		{"tiny-pair", fRosetta, fProse},
		{"tiny-long", fRosetta, fProse},
		{"tiny-table", fAgentDSL, fJSONPretty},
		{"tiny-table", fAgentDSL, fJSONCompact},
		{"tiny-table", fTOON, fJSONCompact},
		{"tiny-table", fAgentDSL, fTOON},
		{"tiny-lingua", fLingua, fJSONCompact},
		{"tiny-lingua", fLingua, fEnglish},
		{"tiny-lingua", fLinguaBare, fEnglish},
		{"tiny-mesh", fRosetta, fProse},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("cases and comparisons, in order (-want +got):\n%s", d)
	}

	summary := tableAfter(t, out, "Summary")
	if len(summary) != 1+10 {
		t.Errorf("summary has %d comparison rows, want 10", len(summary)-1)
	}
	mesh := tableAfter(t, out, "Mesh cost, measured")
	if len(mesh) != 1+len(tokens.Encodings) || mesh[1][1] != tokens.Encodings[0] || mesh[2][1] != tokens.Encodings[1] {
		t.Errorf("mesh table rows: %q", mesh)
	}
	proj := tableAfter(t, out, "Mesh cost, projected")
	if len(proj) != 1+len(tokens.Encodings)*len(projections) {
		t.Errorf("projection has %d rows, want %d", len(proj)-1, len(tokens.Encodings)*len(projections))
	}
	fmtRows := tableAfter(t, out, "rosettac fmt")
	if len(fmtRows) < 1+3 { // the three Rosetta files, and a total row once fmt works
		t.Errorf("fmt table has %d rows, want one per Rosetta file", len(fmtRows)-1)
	}
	for _, sec := range []string{"## Headline numbers", "## Components", "## Negative results"} {
		if !strings.Contains(out, sec+"\n") {
			t.Errorf("no %q section", sec)
		}
	}
	// The tiny Lingua case is larger than its English: it must be stated.
	if !regexp.MustCompile(`(?m)^- tiny-lingua .*Lingua is \*\*larger\*\* than English`).MatchString(out) {
		t.Errorf("the negative result for tiny-lingua is not stated:\n%s", out)
	}
}

// TestWrite checks that -write produces the full report: method and results.
func TestWrite(t *testing.T) {
	file := filepath.Join(t.TempDir(), "benchmarks.md")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-cases", "testdata/cases", "-write", file}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Token benchmarks", "## Method", "### The mesh-cost model", "Wp + N·A",
		"| tiny-mesh | mesh | two agents on a four-line artifact |", "## Negative results", "o200k_base", "cl100k_base"} {
		if !bytes.Contains(doc, []byte(want)) {
			t.Errorf("report lacks %q", want)
		}
	}
	for _, sec := range []string{"## Every case\n", "## Negative results\n"} {
		_, body, _ := strings.Cut(stdout.String(), sec)
		body, _, _ = strings.Cut(body, "\n## ")
		if len(body) < 10 || !bytes.Contains(doc, []byte(body)) {
			t.Errorf("report does not contain the printed section %q:\n%s", sec, body)
		}
	}
}

// TestMeshModel checks the model's arithmetic on hand-computed numbers.
func TestMeshModel(t *testing.T) {
	m := &meshResult{N: 2, A: counts{100}, W: counts{30}, Wp: counts{40}, D: counts{20}, C: counts{100}}
	got := []int{m.ProseMesh(0), m.ProseExcerpts(0), m.Coarse(0), m.Precise(0)}
	if d := cmp.Diff([]int{240, 60, 130, 50}, got); d != "" {
		t.Errorf("measured model (-want +got):\n%s", d)
	}
	// A = 1000, N = 4: prose 40+4000; coarse share 100/(2·100) = ½ so 30+2000;
	// mean span 10 so 30+40.
	pm, co, pr := m.project(0, 1000, 4)
	if d := cmp.Diff([]int{4040, 2030, 70}, []int{pm, co, pr}); d != "" {
		t.Errorf("projection (-want +got):\n%s", d)
	}
}

func TestCaseErrors(t *testing.T) {
	tests := []struct{ name, archive, want string }{
		{"no kind", "title: x\n-- prose.txt --\na\n", `kind "" is not one of`},
		{"unknown key", "kind: pair\ntitle: x\nfoo: bar\n", `unknown key "foo"`},
		{"missing file", "kind: pair\ntitle: x\n-- prose.txt --\na\n", "needs a non-empty rosetta.rose"},
		{"extra file", "kind: pair\ntitle: x\n-- rosetta.rose --\na\n-- prose.txt --\nb\n-- x.txt --\nc\n", "exactly the files"},
		{"bad json", "kind: table\ntitle: x\n-- doc.adsl --\na\n-- data.json --\n{\n", "not valid JSON"},
		{"no agents", "kind: mesh\ntitle: x\n-- rosetta.rose --\na\n-- prose.txt --\nb\n-- artifact.txt --\nc\n", "at least one agent"},
		{"range outside", "kind: mesh\ntitle: x\nagent: a L1-3 L1\n-- rosetta.rose --\na\n-- prose.txt --\nb\n-- artifact.txt --\nc\n", "outside the artifact's 1 lines"},
		{"bad range", "kind: mesh\ntitle: x\nagent: a 1-3 L1\n", `does not start with L`},
		{"agent outside mesh", "kind: pair\ntitle: x\nagent: a L1 L1\n-- rosetta.rose --\na\n-- prose.txt --\nb\n", "mesh cases only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseCase("c", []byte(tt.archive))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestBuiltinCases checks the team's cases: they load, the long conversation
// has at least 24 messages, and every file parses in its language without an
// error (so the formats compared are real, valid documents).
func TestBuiltinCases(t *testing.T) {
	cases, err := loadCases(builtinCases, "cases")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, c := range cases {
		seen[c.Kind]++
	}
	for _, k := range kinds {
		if seen[k.name] == 0 {
			t.Errorf("no built-in %s case", k.name)
		}
	}
	have := map[ir.Language]bool{}
	for _, l := range compiler.Languages() {
		have[l] = true
	}
	for _, f := range corpusFiles(cases) {
		if !have[f.lang] {
			t.Logf("%s: no %s front end in this build; not parsed", f.name, f.lang)
			continue
		}
		res := compiler.Check(f.name, f.data, compiler.Options{From: f.lang})
		for _, d := range res.Diags {
			if d.Severity == diag.Error {
				t.Errorf("%s:%s: %s %s: %s", f.name, d.Span.Start(), d.Severity, d.Code, d.Message)
			}
		}
		if tr, ok := res.Doc.(*ir.Transcript); ok && strings.HasPrefix(f.name, "payments-incident/") && len(tr.Messages) < 24 {
			t.Errorf("the long conversation has %d messages, want at least 24", len(tr.Messages))
		}
	}
}
