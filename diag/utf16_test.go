package diag

import "testing"

func TestUTF16Columns(t *testing.T) {
	text := "\uFEFFab\n👽x|é\n"
	s := NewSource("f", []byte(text))
	for _, tt := range []struct {
		off, line, col int
	}{
		{3, 1, 1},  // a, after the byte order mark
		{4, 1, 2},  // b
		{6, 2, 1},  // 👽
		{10, 2, 3}, // x: 👽 is two code units (one code point: Pos.Col is 2)
		{11, 2, 4}, // |
		{12, 2, 5}, // é is one
		{14, 2, 6}, // the line end
	} {
		if got := s.UTF16Col(tt.off); got != tt.col {
			t.Errorf("UTF16Col(%d) = %d, want %d", tt.off, got, tt.col)
		}
		if got := s.OffsetUTF16(tt.line, tt.col); got != tt.off {
			t.Errorf("OffsetUTF16(%d, %d) = %d, want %d", tt.line, tt.col, got, tt.off)
		}
	}
	if got := s.OffsetUTF16(2, 2); got != 6 {
		t.Errorf("OffsetUTF16 inside a surrogate pair = %d, want 6 (the code point's start)", got)
	}
	if got := s.OffsetUTF16(2, 99); got != 14 {
		t.Errorf("OffsetUTF16 past the line's end = %d, want 14", got)
	}
	if got := s.Pos(10).Col; got != 2 {
		t.Errorf("Pos(10).Col = %d, want 2 (code points)", got)
	}
}
