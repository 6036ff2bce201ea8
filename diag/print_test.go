package diag

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPrintTextSnippets checks the caret snippet: under the span's columns
// (a byte order mark is not a column), cut to a window on a long line, and
// left out where the line is empty.
func TestPrintTextSnippets(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		start, end int
		want       string
	}{
		{"columns", "a1.1 tell >a2\n", 5, 9, "f:1:6: error X1: m\n    a1.1 tell >a2\n         ^^^^\n"},
		{"bom", "\uFEFFa1.1 tell >a2\n", 8, 12, "f:1:6: error X1: m\n    a1.1 tell >a2\n         ^^^^\n"},
		{"empty file", "", 0, 0, "f:1:1: error X1: m\n"},
		{"blank line", "x\n\ny\n", 2, 2, "f:2:1: error X1: m\n"},
	} {
		src := NewSource("f", []byte(tc.text))
		var b bytes.Buffer
		PrintText(&b, List{{Severity: Error, Code: "X1", Message: "m", Span: src.Span(tc.start, tc.end)}}, nil, TextOptions{})
		if d := cmp.Diff(tc.want, b.String()); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
}
