//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMappedInputCutShort: a mapped input that another program cuts short
// while rosettac reads it faults on the pages past its new end. That is an
// exit 2 naming the file, never a crash or an "internal error", whether the
// fault is met by the command's own goroutine (a small input, parsed whole)
// or by the parallel parser's (a large one).
func TestMappedInputCutShort(t *testing.T) {
	defer func(m int64, f func(string)) { mapMin, afterMap = m, f }(mapMin, afterMap)
	mapMin = 0
	msg := "a1 tell a>b\n a status = ok ~hi\n unk []\n\n"
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		size int   // the file as written
		keep int64 // what is left of it once mapped
	}{
		{"small.rose", len(msg) * 4, 0},
		{"large.rose", 1 << 20, 8 << 10},    // cut before the parallel parser's first cut (64 KiB)
		{"larger.rose", 1 << 20, 100 << 10}, // met by its workers and the goroutine that cuts
	} {
		path := filepath.Join(dir, tc.name)
		data := bytes.Repeat([]byte(msg), tc.size/len(msg)+1)
		for _, cmd := range [][]string{{"check"}, {"render"}, {"translate", "--to", "json"}} {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			afterMap = func(name string) {
				if err := os.Truncate(name, tc.keep); err != nil {
					t.Fatal(err)
				}
			}
			code, _, stderr := runCLI(append(cmd, path)...)
			if code != exitUsage || !strings.Contains(stderr, path+" changed while it was read") || strings.Contains(stderr, "internal error") {
				t.Errorf("%s %s cut to %d bytes: exit %d, stderr %q; want exit 2 naming the file", strings.Join(cmd, " "), tc.name, tc.keep, code, stderr)
			}
		}
	}
}
