package golden

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/internal/adslgen"
	"github.com/rosettac/rosettac/ir"
)

// BenchmarkAgentDSLvsJSON measures AgentDSL's `check` and `translate --to
// json` against encoding/json decoding the equivalent JSON (what translate
// --to json writes for the same document) into `any`, on generated tables
// (internal/adslgen: ORDERS rows under a tenth as many CUSTOMER rows; 1M rows
// is 46 MB of AgentDSL). encoding/json runs inside each benchmark, after it,
// as many times: the metric encjson/ours is its time over ours, so above 1
// means rosettac is faster (docs/performance.md, "AgentDSL against
// encoding/json"). MB/s is of the AgentDSL bytes.
func BenchmarkAgentDSLvsJSON(b *testing.B) {
	for _, n := range []int{100000, 1000000} {
		src := adslgen.Table(n, 1)
		res := compiler.Check("t.adsl", src, compiler.Options{From: ir.AgentDSL})
		equivalent, ds := translate.Translate(res.Doc, ir.JSON)
		if len(ds) > 0 {
			b.Fatal(ds[0])
		}
		for _, op := range []struct {
			name string
			run  func() int
		}{
			// rosettac check: parse and check in one pass, no IR kept.
			{"check", func() int {
				return len(compiler.Check("t.adsl", src, compiler.Options{From: ir.AgentDSL, DiagnosticsOnly: true}).Diags)
			}},
			// rosettac translate --to json: parse, check, write the JSON.
			{"translate-json", func() int {
				r := compiler.Check("t.adsl", src, compiler.Options{From: ir.AgentDSL})
				out, ds := translate.Translate(r.Doc, ir.JSON)
				if len(out) == 0 {
					return 1
				}
				return len(ds) + len(r.Diags)
			}},
		} {
			b.Run(fmt.Sprintf("rows=%d/%s", n, op.name), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				start := time.Now()
				for b.Loop() {
					if op.run() != 0 {
						b.Fatal("diagnostics on a valid generated table")
					}
				}
				ours := time.Since(start)
				runs := b.N
				b.StopTimer()
				start = time.Now()
				for range runs {
					var v any
					if err := json.Unmarshal(equivalent, &v); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(time.Since(start))/float64(ours), "encjson/ours")
				b.ReportMetric(float64(len(equivalent))/1e6, "json-MB")
			})
		}
	}
}
