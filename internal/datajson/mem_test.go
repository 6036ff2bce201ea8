package datajson_test

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/adslgen"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/ir"
)

// TestFromJSONMemory: from_json allocates what its output holds (the rows'
// IR: a DSLRow, its text and its cells), one copy of the input and a few bytes
// per row of IDs, never a tree of the JSON (decoding into one cost about 1,500
// bytes a row of this table beyond those).
func TestFromJSONMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	doc, _ := agentdsl.Parse(diag.NewSource("t.adsl", adslgen.Table(50000, 1)))
	data, _ := datajson.ToJSON(doc, syn)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	back, ds := datajson.FromJSON(diag.NewSource("t.json", data), syn)
	runtime.ReadMemStats(&after)
	if back == nil {
		t.Fatal(ds)
	}
	rows, text, cells := 0, 0, 0
	for _, bl := range back.Blocks {
		if d, ok := bl.(*ir.DSLData); ok {
			for _, r := range d.Rows {
				rows++
				text += len(r.Text)
				cells += len(r.Cells)
			}
		}
	}
	output := rows*int(unsafe.Sizeof(ir.DSLRow{})) + text + cells*int(unsafe.Sizeof(ir.DSLCell{}))
	extra := float64(int(after.TotalAlloc-before.TotalAlloc)-output-len(data)) / float64(rows)
	t.Logf("%d rows, %d bytes of JSON: %.0f bytes allocated per row beyond the output and the input's copy", rows, len(data), extra)
	// About 60: the IDs' index and offsets (grown by doubling) and the size
	// classes the rows' texts round up to.
	if extra > 150 {
		t.Errorf("from_json allocates %.0f bytes per row beyond its output and one copy of the input; want IDs and offsets only", extra)
	}
}
