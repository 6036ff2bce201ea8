package resolve

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/ir"
)

// TestIndexedFindSame checks that a view's suffix-array search finds
// exactly the offsets of the plain scan, spaces matching line breaks
// included, over random blocks and quotes.
func TestIndexedFindSame(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	alpha := []string{"a", "b", " ", "é", "ab", "\n"}
	for i := range 300 {
		var sb strings.Builder
		for range 20 + rnd.IntN(200) {
			sb.WriteString(alpha[rnd.IntN(len(alpha))])
		}
		b := &ir.Block{Name: "t"}
		for _, l := range strings.Split(sb.String(), "\n") {
			b.Lines = append(b.Lines, ir.BlockLine{Text: l})
		}
		plain, indexed := newView(b), newView(b)
		indexed.searched = 1 << 40 // index from the first search
		for range 10 {
			var q strings.Builder
			for range 1 + rnd.IntN(4) {
				if a := alpha[rnd.IntN(len(alpha))]; a != "\n" {
					q.WriteString(a)
				}
			}
			if q.Len() == 0 {
				continue
			}
			if got, want := indexed.find(q.String()), plain.find(q.String()); !slices.Equal(got, want) {
				t.Fatalf("block %d %q, quote %q: indexed %v, scan %v", i, plain.text, q.String(), got, want)
			}
		}
		if indexed.index == nil {
			t.Fatal("the indexed view built no index")
		}
	}
}

// TestMarksShareOneView checks that N marks on one N-line block build one
// view: resolving them allocates linearly, and their texts share it.
func TestMarksShareOneView(t *testing.T) {
	allocs := func(n int) float64 {
		b := &ir.Block{Name: "t"}
		for i := range n {
			b.Lines = append(b.Lines, ir.BlockLine{Text: fmt.Sprintf("row%d text", i)})
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range n {
			Block(b, []ir.Selector{{Kind: ir.SelLine, From: i + 1, To: i + 1}, {Kind: ir.SelQuote, Quote: "no pe"}})
		}
		runtime.ReadMemStats(&after)
		return float64(after.TotalAlloc - before.TotalAlloc)
	}
	if a, b := allocs(2000), allocs(4000); b/a > 2.3 {
		t.Errorf("bytes allocated ×%.2f when marks and lines double (%.0f → %.0f)", b/a, a, b)
	}
}
