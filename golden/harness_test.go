package golden

// The set-up every golden test shares: where the module and the reference's
// spec files are, and the txtar archives whose sections hold what each stage
// is expected to produce. A test computes its stages' output as a list of
// sections; checkSections compares them with the archive or, under
// ROSETTAC_UPDATE=1, writes them into it. The goldens of the languages share
// one harness (TestLanguageGolden, languages_test.go): a new language is a row
// of goldenLanguages and a directory of archives; a backend's golden test
// needs no more than eachArchive, inputSection and checkSections.

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	emitjson "github.com/rosettac/rosettac/emit/json"
	"github.com/rosettac/rosettac/ir"
)

// update is set by ROSETTAC_UPDATE=1: golden files are rewritten from what
// rosettac produces instead of compared with it.
var update = os.Getenv("ROSETTAC_UPDATE") != ""

// moduleRoot is the absolute directory of the module (go test runs the golden
// tests in golden/).
func moduleRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

var refSpecDir = flag.String("refspec", "", "directory holding the reference's spec files (EXAMPLES.md, PROMPT.md); "+
	"default: ref/spec beside the module or beside one of its parents, else /work/ref/spec")

// refSpecPath is where one of the reference implementation's spec files is
// (the reference's text is never committed): in -refspec, else in ref/spec
// found upward from the module (a checkout or a worktree of it), else in
// /work/ref/spec, where the development machines keep it.
// ROSETTAC_EXAMPLES names EXAMPLES.md itself, as for emit/text's tests.
func refSpecPath(name string) string {
	if p := os.Getenv("ROSETTAC_EXAMPLES"); p != "" && name == "EXAMPLES.md" {
		return p
	}
	if *refSpecDir != "" {
		return filepath.Join(*refSpecDir, name)
	}
	dir, _ := filepath.Abs("..")
	for {
		p := filepath.Join(filepath.Dir(dir), "ref", "spec")
		if _, err := os.Stat(p); err == nil {
			return filepath.Join(p, name)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return filepath.Join("/work/ref/spec", name)
		}
		dir = parent
	}
}

// examplesPath is where the reference's spec/EXAMPLES.md is.
func examplesPath() string { return refSpecPath("EXAMPLES.md") }

// refSpecFile reads one of the reference's spec files, skipping the test when
// it is not there.
func refSpecFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(refSpecPath(name))
	if err != nil {
		t.Skipf("reference spec not available: %v", err)
	}
	return b
}

// fencedBlocks returns each fenced code block of a markdown file (a line
// starting with ``` opens one, the next such line closes it) with the 1-based
// line of its first content line.
func fencedBlocks(text string) (blocks []string, lines []int) {
	ls := strings.Split(text, "\n")
	for i := 0; i < len(ls); i++ {
		if !strings.HasPrefix(ls[i], "```") {
			continue
		}
		j := i + 1
		for j < len(ls) && !strings.HasPrefix(ls[j], "```") {
			j++
		}
		blocks = append(blocks, strings.Join(ls[i+1:min(j, len(ls))], "\n"))
		lines = append(lines, i+2)
		i = j
	}
	return
}

// sourceCodes returns the diagnostic codes that the first group of re finds
// in the non-test Go files of dirs (relative to the module root), each with
// the name of the first file that uses it. Fewer than min codes fails the
// test: a catalogue check whose scan finds nothing must not pass.
func sourceCodes(t *testing.T, re *regexp.Regexp, min int, dirs ...string) map[string]string {
	t.Helper()
	codes := map[string]string{}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(moduleRoot(t), dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range re.FindAllStringSubmatch(string(b), -1) {
				if _, ok := codes[m[1]]; !ok {
					codes[m[1]] = filepath.Base(f)
				}
			}
		}
	}
	if len(codes) < min {
		t.Fatalf("found only %d codes in %s; is the scan broken?", len(codes), strings.Join(dirs, ", "))
	}
	return codes
}

// filesText is the content of every file that one of patterns matches, one
// after the other: the tests and scripts in which a catalogue check looks for
// the codes they trigger.
func filesText(patterns ...string) string {
	var b strings.Builder
	for _, pat := range patterns {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			data, _ := os.ReadFile(f)
			b.Write(data)
		}
	}
	return b.String()
}

// needParser fails the test on a build with no Rosetta front end: a lost
// registration is a failure, never a skip.
func needParser(t *testing.T) {
	t.Helper()
	if !slices.Contains(compiler.Languages(), ir.Rosetta) {
		t.Fatal("no Rosetta front end in compiler.Languages()")
	}
}

// readArchive parses the txtar archive at path.
func readArchive(t testing.TB, path string) *txtar.Archive {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return ar
}

// section returns the data of the file called name in ar.
func section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// optional is the section of ar called name, or nil: an input a test can do
// without (a key file, options).
func optional(ar *txtar.Archive, name string) []byte {
	b, _ := section(ar, name)
	return b
}

// inputSection returns the section of ar called name, failing the test when
// there is none: an archive's input is not optional.
func inputSection(t testing.TB, path string, ar *txtar.Archive, name string) []byte {
	t.Helper()
	data, ok := section(ar, name)
	if !ok {
		t.Fatalf("%s: no %s section", path, name)
	}
	return data
}

// archiveSection reads one section of the archive at path.
func archiveSection(t testing.TB, path, name string) []byte {
	t.Helper()
	return inputSection(t, path, readArchive(t, path), name)
}

// goldenFiles returns the files that pattern matches. It fails when there is
// none, so that a moved directory cannot pass by testing nothing.
func goldenFiles(t testing.TB, pattern string) []string {
	t.Helper()
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		t.Fatalf("no golden files match %s", pattern)
	}
	return files
}

// eachFile runs fn as a subtest, named after the file, for every file that
// pattern matches (goldenFiles), with its content.
func eachFile(t *testing.T, pattern string, fn func(t *testing.T, path string, data []byte)) {
	t.Helper()
	for _, path := range goldenFiles(t, pattern) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fn(t, path, data)
		})
	}
}

// eachArchive is eachFile for txtar archives.
func eachArchive(t *testing.T, pattern string, fn func(t *testing.T, path string, ar *txtar.Archive)) {
	t.Helper()
	eachFile(t, pattern, func(t *testing.T, path string, data []byte) { fn(t, path, txtar.Parse(data)) })
}

// checkSections compares the named sections of got with the sections of ar
// of the same names. Under ROSETTAC_UPDATE=1 it writes them into ar instead,
// each in place of the section of its name or, when ar has none, after the
// others in names' order, keeping every other file (inputs, options) as it
// is, and saves ar at path.
func checkSections(t *testing.T, path string, ar *txtar.Archive, got map[string]string, names []string) {
	t.Helper()
	if update {
		for _, n := range names {
			i := 0
			for i < len(ar.Files) && ar.Files[i].Name != n {
				i++
			}
			if i < len(ar.Files) {
				ar.Files[i].Data = []byte(got[n])
			} else {
				ar.Files = append(ar.Files, txtar.File{Name: n, Data: []byte(got[n])})
			}
		}
		if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, n := range names {
		want, ok := section(ar, n)
		if !ok {
			t.Errorf("%s: section %s missing (ROSETTAC_UPDATE=1 writes it)", filepath.Base(path), n)
			continue
		}
		if d := cmp.Diff(string(want), got[n]); d != "" {
			t.Errorf("%s: section %s (-golden +got):\n%s", filepath.Base(path), n, d)
		}
	}
}

// checkFile compares the file at path with got, or writes got there under
// ROSETTAC_UPDATE=1: a golden that is a whole file (a grammar's EBNF).
func checkFile(t *testing.T, path string, got []byte) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (ROSETTAC_UPDATE=1 writes it)", err)
	}
	if d := cmp.Diff(string(want), string(got)); d != "" {
		t.Errorf("%s changed (-golden +got); review, then ROSETTAC_UPDATE=1 rewrites it:\n%s", filepath.Base(path), d)
	}
}

// diagText is res's diagnostics as rosettac prints them (text form, no
// colour), positions resolved in res's source, in position order (the
// command line ranks them by severity and groups repeats; a golden keeps
// each one where it is).
func diagText(res *compiler.Result) string { return diagsText(res.Source, res.Diags) }

// diagsText prints ds as text, their positions resolved in src: diagnostics
// that are not a check's own (a translation's).
func diagsText(src *diag.Source, ds diag.List) string {
	var b bytes.Buffer
	diag.PrintText(&b, ds, func(string) *diag.Source { return src }, diag.TextOptions{})
	return b.String()
}

// irDump is the IR of doc in the one reflective form every language's
// golden files compare: the IR JSON of compile --emit ir (emit/json, which
// walks the typed IR with reflection; docs/ir-json.md) without the
// diagnostics, indented, with each span on one line.
func irDump(t testing.TB, name string, doc ir.Document) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Indent(&b, emitjson.IR(name, doc, nil).Data, "", "  "); err != nil {
		t.Fatal(err)
	}
	out := spanPosition.ReplaceAllString(b.String(), "[$1, $2, $3]")
	return spanObject.ReplaceAllString(out, `{"start": $1, "end": $2}`) + "\n"
}

var (
	spanPosition = regexp.MustCompile(`\[\s*(\d+),\s*(\d+),\s*(\d+)\s*\]`)
	spanObject   = regexp.MustCompile(`\{\s*"start": (\[[^\]]*\]),\s*"end": (\[[^\]]*\])\s*\}`)
)
