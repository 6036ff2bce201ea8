package diag

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSourceLines checks the line index NewSource builds, through Pos and
// LineCount, on the edge cases of line ends.
func TestSourceLines(t *testing.T) {
	for _, tc := range []struct {
		text  string
		lines int
		off   int
		want  Pos
	}{
		{"", 1, 0, Pos{Offset: 0, Line: 1, Col: 1}},
		{"abc", 1, 2, Pos{Offset: 2, Line: 1, Col: 3}},
		{"abc\n", 2, 4, Pos{Offset: 4, Line: 2, Col: 1}},
		{"a\nb\r\nc", 3, 5, Pos{Offset: 5, Line: 3, Col: 1}},
		{"a\n\n\né", 4, 5, Pos{Offset: 5, Line: 4, Col: 2}},
		{"\n", 2, 0, Pos{Offset: 0, Line: 1, Col: 1}},
	} {
		s := NewSource("f", []byte(tc.text))
		if got := s.LineCount(); got != tc.lines {
			t.Errorf("%q: %d lines, want %d", tc.text, got, tc.lines)
		}
		if diff := cmp.Diff(tc.want, s.Pos(tc.off)); diff != "" {
			t.Errorf("%q: Pos(%d) (-want +got):\n%s", tc.text, tc.off, diff)
		}
	}
}
