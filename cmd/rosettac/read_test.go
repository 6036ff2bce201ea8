package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestReadAtMost: the one-buffer read of a file of known size gives what
// io.ReadAll of the same limit gives, when the size is right, when the file
// grew or shrank since it was measured, and at the limit.
func TestReadAtMost(t *testing.T) {
	text := strings.Repeat("a1 tell b: hi\n", 1000)
	for _, tc := range []struct {
		name    string
		n, size int64
		want    int
	}{
		{"exact", 1 << 20, int64(len(text)), len(text)},
		{"grew", 1 << 20, int64(len(text)) / 3, len(text)},
		{"shrank", 1 << 20, int64(len(text)) * 2, len(text)},
		{"empty size", 1 << 20, 0, len(text)},
		{"limit", 100, int64(len(text)), 100},
		{"pipe", 1 << 20, -1, len(text)},
		{"pipe limit", 100, -1, 100},
	} {
		got, err := readAtMost(strings.NewReader(text), tc.n, tc.size)
		if err != nil || !bytes.Equal(got, []byte(text[:tc.want])) {
			t.Errorf("%s: got %d bytes (err %v), want the first %d", tc.name, len(got), err, tc.want)
		}
	}
}
