package golden

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// rosettaCodeDirs are the packages whose diagnostic codes docs/diagnostics.md
// catalogues (AgentRosetta and input problems).
var rosettaCodeDirs = []string{"compiler", "passes/resolve", "passes/epistemic", "grammars/rosetta", "mesh"}

// codeLit matches a Rosetta or input diagnostic code as a Go string literal.
var codeLit = regexp.MustCompile(`"((?:[PEWIDFM][0-9]{3}|S[0-9]{1,2})[a-z]?)"`)

// TestCatalogue checks that every code in the checker's and parser's source is
// documented in docs/diagnostics.md (as a "### CODE" heading) and is named in
// some test: a _test.go file other than this one, or a testdata file. That a
// documented code is actually produced by some input is
// TestEveryCodeTriggered's (triggers_test.go).
func TestCatalogue(t *testing.T) {
	root := moduleRoot(t)
	codes := sourceCodes(t, codeLit, 40, rosettaCodeDirs...) // code -> first file using it
	doc, err := os.ReadFile(filepath.Join(root, "docs", "diagnostics.md"))
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^### (\S+)$`).FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = true
	}
	var tests strings.Builder
	self, _ := filepath.Abs("catalogue_test.go")
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		inTestdata := strings.Contains(filepath.ToSlash(path), "/testdata/")
		if path == self || !(strings.HasSuffix(path, "_test.go") || inTestdata) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		tests.Write(b)
		tests.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := tests.String()
	for _, c := range slices.Sorted(maps.Keys(codes)) {
		if !documented[c] {
			t.Errorf("%s (used in %s) is missing from docs/diagnostics.md", c, codes[c])
		}
		if !strings.Contains(all, c) {
			t.Errorf("%s (used in %s) appears in no test", c, codes[c])
		}
	}
}
