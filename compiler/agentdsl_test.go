package compiler

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/internal/adslgen"
)

// TestStreamingCheckAgrees: checking while streaming reports exactly what
// checking the whole IR reports.
func TestStreamingCheckAgrees(t *testing.T) {
	inputs := map[string][]byte{
		"big.adsl": adslgen.Table(2000, 1),
		"bad.adsl": []byte("[SCHEMA:P]\nID:int|N:str\n[DATA]\n1|a\n1|b\nx|c\n[SCHEMA:C]\nID:int|@P.ID:int|@Q.ID:int\n[DATA]\n1|9|_\n" +
			"[SCHEMA:F]\nID:int|@L.ID:int\n[DATA]\n1|5\n[SCHEMA:L]\nID:int\n[DATA]\n4\n[CALL]\n[G]\n[RESULT]\n[A:int]\nx\n"),
	}
	files, _ := filepath.Glob("../examples/*.adsl")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = b
	}
	for name, src := range inputs {
		full := Check(name, src, Options{})
		stream := Diagnose(name, src, Options{})
		if diff := cmp.Diff(full.Diags.String(), stream.Diags.String()); diff != "" {
			t.Errorf("%s: streaming check differs (-full +stream):\n%s", name, diff)
		}
	}
}

// TestStreamingCheckMemory: a streaming check allocates a few bytes per row (the
// ID set), where parsing allocates the rows. It measures bytes allocated, which
// is deterministic, not time.
func TestStreamingCheckMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	const rows = 200000
	src := adslgen.Table(rows, 1)
	perRow := func(check func(string, []byte, Options) *Result) float64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := check("big.adsl", src, Options{})
		runtime.ReadMemStats(&after)
		if len(r.Diags) > 0 {
			t.Fatalf("generated table has diagnostics: %v", r.Diags[0])
		}
		return float64(after.TotalAlloc-before.TotalAlloc) / rows
	}
	stream, full := perRow(Diagnose), perRow(Check)
	t.Logf("bytes allocated per row: streaming %.1f, whole IR %.1f", stream, full)
	// The source's line index (8 bytes a line) and the ID bitmaps are all that grow.
	if stream > 24 {
		t.Errorf("streaming check allocates %.1f bytes per row; want only the line index and ID sets", stream)
	}
	if full < 4*stream {
		t.Errorf("whole-IR check allocates %.1f bytes per row, streaming %.1f: the test no longer tells them apart", full, stream)
	}
}
