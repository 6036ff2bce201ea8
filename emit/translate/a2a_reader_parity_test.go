package translate_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/grammars/a2a"
	"github.com/rosettac/rosettac/grammars/rosetta"
)

// TestA2AReaderParity: grammars/a2a's Read, which replaces FromA2A, gives
// the same Rosetta text and the same diagnostics (code, severity, message)
// for every A2A input in A2A_PARITY_DIR (a directory of inputs gathered for
// the move: every transcript of the repository as translate --to a2a writes
// it, the foreign fixtures, refused and hostile inputs). Positions may differ:
// Read's are the values the diagnostics are about.
func TestA2AReaderParity(t *testing.T) {
	dir := os.Getenv("A2A_PARITY_DIR")
	if dir == "" {
		t.Skip("A2A_PARITY_DIR not set")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := diag.NewSource(filepath.Base(f), data)
		old, ods := translate.FromA2A(src)
		got, gds := a2a.Read(src, rosetta.JSONText)
		if string(old) != string(got) || (old == nil) != (got == nil) {
			t.Errorf("%s: text differs:\n%s\nwant\n%s", f, got, old)
		}
		if len(ods) != len(gds) {
			t.Errorf("%s: diagnostics %v, want %v", f, gds, ods)
			continue
		}
		for i := range ods {
			o, g := ods[i], gds[i]
			if o.Code != g.Code || o.Severity != g.Severity || o.Message != g.Message || o.Hint != g.Hint {
				t.Errorf("%s: diagnostic %d:\n%s %s %q %q\nwant\n%s %s %q %q", f, i, g.Code, g.Severity, g.Message, g.Hint, o.Code, o.Severity, o.Message, o.Hint)
			}
		}
	}
	t.Logf("%d inputs", len(files))
}
