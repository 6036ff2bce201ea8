package rosetta

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/rosettacompare"
)

// roundTrip checks, for both printing modes, that printing is idempotent and
// that the printed text parses to the same IR (without session inheritance,
// which the compiler package applies; compiler-level tests cover it).
func roundTrip(t *testing.T, name, src string) {
	t.Helper()
	t1, _ := Parse(diag.NewSource(name, []byte(src)))
	for _, terse := range []bool{false, true} {
		out := Print(t1, terse)
		t2, _ := Parse(diag.NewSource(name, out))
		if !terse {
			if d := cmp.Diff(rosettacompare.Normalize(t1), rosettacompare.Normalize(t2)); d != "" {
				t.Errorf("%s: IR of fmt(x) differs from IR of x (-x +fmt):\n%s\nfmt:\n%s", name, d, out)
				return
			}
		}
		if again := Print(t2, terse); string(again) != string(out) {
			t.Errorf("%s (terse=%v): fmt(fmt(x)) != fmt(x):\n%s", name, terse, cmp.Diff(string(out), string(again)))
			return
		}
	}
}

// moduleRoot finds the directory holding go.mod.
func moduleRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// findGenerator looks for shared/bench/gen_transcript.py beside the module
// root, then beside each of its parents (a worktree sits one level deeper than
// the main checkout).
func findGenerator(root string) string {
	dir, _ := filepath.Abs(root)
	for {
		p := filepath.Join(filepath.Dir(dir), "shared", "bench", "gen_transcript.py")
		if _, err := os.Stat(p); err == nil {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// generate runs ../shared/bench/gen_transcript.py (relative to the module
// root), skipping the test when python3 or the generator is missing.
func generate(t testing.TB, n, seed int) []byte {
	t.Helper()
	gen := findGenerator(moduleRoot(t))
	if gen == "" {
		t.Skip("generator ../shared/bench/gen_transcript.py not found")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not available")
	}
	out, err := exec.Command(py, gen, "--messages", strconv.Itoa(n), "--seed", strconv.Itoa(seed)).Output()
	if err != nil {
		t.Skipf("generator failed: %v", err)
	}
	return out
}

func TestGeneratedRoundTrip(t *testing.T) {
	for seed := 1; seed <= 3; seed++ {
		src := generate(t, 400, seed)
		tr, ds := Parse(diag.NewSource("gen.rose", src))
		if len(tr.Messages) != 400 {
			t.Errorf("seed %d: %d messages, want 400", seed, len(tr.Messages))
		}
		for _, d := range ds {
			if d.Severity > diag.Info {
				t.Errorf("seed %d: %v", seed, d)
			}
		}
		roundTrip(t, "gen"+strconv.Itoa(seed)+".rose", string(src))
	}
}
