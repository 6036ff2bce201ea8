package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExitCodes pins the exit codes of docs/cli.md that testscript cannot
// tell apart (it sees only zero or not): 0 for asked-for help and version,
// 1 for error diagnostics, 2 for usage errors and unreadable files, which win
// over 1 when several files are given.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.rose", "a1.1 tell >b\n a x = 1 ~hi\n unk []\n")
	bad := write("bad.rose", "a1.2 tell a1>a3\n txt body\n | one line\n mark body#L7 = nope ~hi\n unk []\n")
	empty := write("empty.rose", "")
	missing := filepath.Join(dir, "nosuch.rose")
	tests := []struct {
		args []string
		want int
	}{
		{[]string{"check", "-h"}, 0},
		{[]string{"help", "fmt"}, 0},
		{[]string{"gen", "go", "--help"}, 0},
		{[]string{"--version"}, 0},
		{[]string{"help", "nosuch"}, 2},
		{[]string{"check", "--bogus", ok}, 2},
		{[]string{"check", ok}, 0},
		{[]string{"check", bad}, 1},
		{[]string{"check", bad, missing}, 2},
		{[]string{"check", missing, ok}, 2},
		{[]string{"check", "-", "-"}, 2},
		{[]string{"fmt", ok, missing}, 2},
		{[]string{"render", ok, missing}, 2},
		{[]string{"translate", "--to", "json", missing, ok}, 2},
		{[]string{"gen", "go", missing}, 2},
		{[]string{"tokens", empty}, 1},
		{[]string{"tokens", "--vs", empty, ok}, 1},
		{[]string{"tokens", "--vs", missing, ok}, 2},
		{[]string{"compile", "--max-bytes", "4", ok}, 1},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if got := run(tt.args, strings.NewReader(""), &stdout, &stderr); got != tt.want {
			t.Errorf("rosettac %s: exit %d, want %d; stderr:\n%s", strings.Join(tt.args, " "), got, tt.want, stderr.String())
		}
		if strings.Contains(stderr.String(), "goroutine ") {
			t.Errorf("rosettac %s: a stack trace on stderr:\n%s", strings.Join(tt.args, " "), stderr.String())
		}
	}
}

// endless is standard input that never ends; it fails the read once far more
// than any limit the test sets has been taken from it.
type endless struct{ read int }

var errReadTooMuch = errors.New("read past the limit")

func (r *endless) Read(p []byte) (int, error) {
	if r.read > 1<<20 {
		return 0, errReadTooMuch
	}
	for i := range p {
		p[i] = 'x'
	}
	r.read += len(p)
	return len(p), nil
}

// TestStdinLimit checks that an input over --max-bytes is refused after the
// limit is reached, not after all of it is read: an endless pipe gets F003.
func TestStdinLimit(t *testing.T) {
	for _, cmd := range []string{"check", "compile", "fmt", "render", "tokens"} {
		var stdout, stderr bytes.Buffer
		in := &endless{}
		got := run([]string{cmd, "--max-bytes", "1000", "-"}, in, &stdout, &stderr)
		if got != exitDiags || !strings.Contains(stderr.String(), "F003: input is more than 1000 bytes") {
			t.Errorf("rosettac %s of an endless stdin: exit %d, want 1 with F003; read %d bytes; stderr:\n%s", cmd, got, in.read, stderr.String())
		}
	}
}
