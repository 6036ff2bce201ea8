package datajson_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/adslgen"
	"github.com/rosettac/rosettac/internal/datajson"
)

var benchSizes = []int{10000, 100000, 1000000}

// BenchmarkToJSON measures to_json from the document's bytes (read and convert)
// and, in the same benchmark, decoding the equivalent JSON with encoding/json
// and encoding it again; it reports encjson/tojson, the time ratio (above 1
// means to_json is faster).
func BenchmarkToJSON(b *testing.B) {
	for _, n := range benchSizes {
		src := adslgen.Table(n, 1)
		doc, _ := agentdsl.Parse(diag.NewSource("t.adsl", src))
		equivalent, _ := datajson.ToJSON(doc, syn)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			start := time.Now()
			for b.Loop() {
				doc, _ := agentdsl.Parse(diag.NewSource("t.adsl", src))
				if _, ds := datajson.ToJSON(doc, syn); len(ds) > 0 {
					b.Fatal(ds[0])
				}
			}
			ours := time.Since(start)
			runs := b.N
			b.StopTimer()
			start = time.Now()
			for i := 0; i < runs; i++ {
				var v any
				if err := json.Unmarshal(equivalent, &v); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(v); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(time.Since(start))/float64(ours), "encjson/tojson")
		})
	}
}

// BenchmarkFromJSON measures from_json (read the JSON, infer, print AgentDSL).
// Besides ns/op (wall clock) it reports cpu-ns/op, the process's CPU time per
// run, garbage collection included.
func BenchmarkFromJSON(b *testing.B) {
	for _, n := range benchSizes {
		doc, _ := agentdsl.Parse(diag.NewSource("t.adsl", adslgen.Table(n, 1)))
		data, _ := datajson.ToJSON(doc, syn)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				d, ds := datajson.FromJSON(diag.NewSource("t.json", data), syn)
				if d == nil {
					b.Fatal(ds)
				}
				_ = agentdsl.Print(d)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
