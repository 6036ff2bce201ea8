package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTokensExitCodes pins the exit codes testscript cannot see: 2 for a usage
// error or an unreadable file, 0 for a clean count.
func TestTokensExitCodes(t *testing.T) {
	dir := t.TempDir()
	msg := filepath.Join(dir, "m.rose")
	if err := os.WriteFile(msg, []byte("dba4 tell re=obs3\n a lag = 3s ~hi\n unk []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want int
	}{
		{[]string{"tokens", msg}, 0},
		{[]string{"tokens", "--encoding", "cl100k_base", "--by", "component", msg}, 0},
		{[]string{"tokens", "--encoding", "p50k_base", msg}, 2},
		{[]string{"tokens", "--by", "line", msg}, 2},
		{[]string{"tokens", filepath.Join(dir, "nosuch.rose")}, 2},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if got := run(tt.args, strings.NewReader(""), &stdout, &stderr); got != tt.want {
			t.Errorf("rosettac %s: exit %d, want %d; stderr:\n%s", strings.Join(tt.args, " "), got, tt.want, stderr.String())
		}
	}
}
