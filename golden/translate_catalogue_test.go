package golden

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTranslationCatalogue checks that every T code in emit/translate and
// internal/datajson is documented in docs/translation.md (a "### CODE"
// heading), and that every code of emit/translate a user can meet appears in
// a golden file or a CLI script.
func TestTranslationCatalogue(t *testing.T) {
	root, _ := filepath.Abs("..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "translation.md"))
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^### (T[0-9]{3})$`).FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = true
	}
	var testdata strings.Builder
	for _, pat := range []string{"testdata/translate/*.txtar", "../cmd/rosettac/testdata/script/translate_*.txtar"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			b, _ := os.ReadFile(f)
			testdata.Write(b)
		}
	}
	lit := regexp.MustCompile(`"(T[0-9]{3})"`)
	for _, dir := range []string{"emit/translate", "internal/datajson"} {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, _ := os.ReadFile(f)
			for _, m := range lit.FindAllStringSubmatch(string(b), -1) {
				code := m[1]
				if !documented[code] {
					t.Errorf("%s (%s) is not documented in docs/translation.md", code, filepath.Base(f))
				}
				// T000 and T028 are not reachable from valid use (an unknown
				// document type; a translation bug), so no test can show them.
				if dir == "emit/translate" && code != "T000" && code != "T028" && !strings.Contains(testdata.String(), code) {
					t.Errorf("%s appears in no translation golden file or CLI script", code)
				}
			}
		}
	}
}
