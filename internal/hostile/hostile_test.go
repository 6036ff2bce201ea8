package hostile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// differs are the kinds whose bytes may differ from hostile.py's: zlib
// output, a random draw, AES-GCM with its own nonces' layout, the baseline
// generator, JSON spacing (encoding/json writes no blanks).
var differs = map[string]bool{"lingua_zmany": true, "adsl_join": true, "lingua_enc": true, "rose_gen": true,
	"json_wide": true, "lingua_jbig": true, "lingua_offers": true}

// TestSameAsHostilePy compares every generator with hostile.py's, where
// ../shared and python3 are present.
func TestSameAsHostilePy(t *testing.T) {
	py := filepath.Join("..", "..", "..", "shared", "bench", "hostile.py")
	if _, err := os.Stat(py); err != nil {
		t.Skip("../shared/bench/hostile.py is not present")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	out, err := exec.Command("python3", py, "list").Output()
	if err != nil {
		t.Fatal(err)
	}
	listed := strings.Fields(string(out))
	if len(listed) != 2*len(Shapes) {
		t.Errorf("hostile.py lists %d kinds, this package %d", len(listed)/2, len(Shapes))
	}
	for i := 0; i+1 < len(listed); i += 2 {
		kind, ext := listed[i], listed[i+1]
		s, ok := ByKind(kind)
		if !ok {
			t.Errorf("hostile.py kind %s has no Go generator", kind)
			continue
		}
		if s.Ext != ext {
			t.Errorf("%s: extension %s, hostile.py %s", kind, s.Ext, ext)
		}
		if differs[kind] {
			continue
		}
		for _, n := range []int{7, 130} {
			want, err := exec.Command("python3", py, kind, strconv.Itoa(n)).Output()
			if err != nil {
				t.Fatalf("%s %d: %v", kind, n, err)
			}
			if got := s.Gen(n); got != string(want) {
				t.Errorf("%s %d: differs from hostile.py\n got %.200q\nwant %.200q", kind, n, got, want)
			}
		}
	}
}

// TestLinear checks that every shape grows about linearly with n, as the
// scaling tests assume.
func TestLinear(t *testing.T) {
	for _, s := range Shapes {
		if s.Kind == "lingua_zmany" {
			continue // 1.4 KB a payload: linear, but slow to build twice here
		}
		a, b := len(s.Gen(200)), len(s.Gen(400))
		if r := float64(b) / float64(a); r < 1.3 || r > 2.3 {
			t.Errorf("%s: %d bytes at 200, %d at 400 (×%.2f)", s.Kind, a, b, r)
		}
	}
}
