package text

import (
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// genTranscript runs the shared generator (gen_transcript.py, byte-
// deterministic per size and seed) and checks its output; the benchmark is
// skipped where the generator, python3 or a Rosetta front end is missing.
func genTranscript(b *testing.B, n int) *ir.Transcript {
	b.Helper()
	gen := os.Getenv("ROSETTAC_GEN_TRANSCRIPT")
	if gen == "" {
		gen = "/work/shared/bench/gen_transcript.py"
	}
	if _, err := os.Stat(gen); err != nil {
		b.Skipf("no transcript generator: %v", err)
	}
	src, err := exec.Command("python3", gen, "--messages", fmt.Sprint(n), "--seed", "1").Output()
	if err != nil {
		b.Skipf("generator failed: %v", err)
	}
	res := compiler.Check("gen.rose", src, compiler.Options{From: ir.Rosetta})
	tr, ok := res.Doc.(*ir.Transcript)
	if !ok || tr == nil || len(tr.Messages) != n {
		b.Skipf("no Rosetta front end, or it read %d messages", len(tr.Messages))
	}
	return tr
}

// BenchmarkRosettaRender renders generated transcripts of growing size, full
// view, English; ns/op divided by the message count should stay flat.
func BenchmarkRosettaRender(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("messages=%d", n), func(b *testing.B) {
			tr := genTranscript(b, n)
			out, _ := Render(tr, Options{Lang: "en", View: "full"})
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				Render(tr, Options{Lang: "en", View: "full"})
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/msg")
		})
	}
}
