package diag

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPrintLLM: errors before warnings, no infos, each on one line with the
// offending text, the hint and the first fix; the budget keeps the first
// problem whatever its length and ends with a line saying what was cut.
func TestPrintLLM(t *testing.T) {
	src := NewSource("f", []byte("a1.1 tell >a2\nsecond line\n"))
	l := List{
		{Severity: Info, Code: "I1", Message: "an info", Span: src.Span(0, 4)},
		{Severity: Warning, Code: "W1", Message: "a\nwarning", Span: src.Span(14, 20), Hint: "do x"},
		{Severity: Error, Code: "E1", Message: "an error", Span: src.Span(5, 9),
			Fixes: []Fix{{Title: "use ask", Applicability: Safe}}},
	}
	words := func(s string) int { return len(bytes.Fields([]byte(s))) }
	for _, tc := range []struct {
		name string
		max  int
		want string
	}{
		{"all", 0, "f:1:6 error E1: an error | text: \"tell\" | fix (safe): use ask\n" +
			"f:2:1 warning W1: a warning | text: \"second\" | expected: do x\n"},
		{"cut", 1, "f:1:6 error E1: an error | text: \"tell\" | fix (safe): use ask\n" +
			"... 1 more left out (0 errors, 1 warnings): fix these first, then check again\n"},
	} {
		var b bytes.Buffer
		PrintLLM(&b, l, nil, LLMOptions{MaxTokens: tc.max, Count: words})
		if d := cmp.Diff(tc.want, b.String()); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
	var b bytes.Buffer
	PrintLLM(&b, l[:1], nil, LLMOptions{})
	if b.String() != "no errors or warnings\n" {
		t.Errorf("infos only: %q", b.String())
	}
}
