package compiler

import (
	"fmt"
	"testing"

	"github.com/rosettac/rosettac/internal/adslgen"
)

// benchSizes are the table sizes (ORDERS rows; CUSTOMER has a tenth as many).
var benchSizes = []int{10000, 100000, 1000000}

// BenchmarkAgentDSLCheck measures rosettac check on generated tables: the
// streaming check (what the command runs) and the check of the whole IR.
func BenchmarkAgentDSLCheck(b *testing.B) {
	for _, n := range benchSizes {
		src := adslgen.Table(n, 1)
		for _, mode := range []struct {
			name  string
			check func(string, []byte, Options) *Result
		}{{"stream", Diagnose}, {"ir", Check}} {
			b.Run(fmt.Sprintf("rows=%d/%s", n, mode.name), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					if r := mode.check("t.adsl", src, Options{}); len(r.Diags) > 0 {
						b.Fatal(r.Diags[0])
					}
				}
			})
		}
	}
}
