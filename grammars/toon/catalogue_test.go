package toon

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestCatalogue: every TN code is catalogued in docs/interop.md (### TNnnn)
// and pinned by a test input in TestDecodeDiagnostics or TestDepthLimit.
func TestCatalogue(t *testing.T) {
	doc, err := os.ReadFile("../../docs/interop.md")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile("codes.go")
	tests, _ := os.ReadFile("toon_test.go")
	codes := regexp.MustCompile(`"(TN[0-9]{3})"`).FindAllStringSubmatch(string(src), -1)
	if len(codes) < 13 {
		t.Fatalf("found %d codes", len(codes))
	}
	for _, m := range codes {
		c := m[1]
		if !strings.Contains(string(doc), "### "+c+"\n") {
			t.Errorf("%s is not catalogued in docs/interop.md", c)
		}
		if c != CodeJSON && c != CodeDepth && !strings.Contains(string(tests), c) {
			t.Errorf("%s has no test input", c)
		}
	}
}
