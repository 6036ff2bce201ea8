package rosetta

import (
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/rosettac/rosettac/diag"
)

// BenchmarkParse parses generated transcripts of 1k, 10k and 100k messages
// (gen_transcript.py --seed 1, made in the setup; skipped without python3 or
// ../shared). b.SetBytes makes the MB/s column comparable across sizes, so
// linear growth shows as a flat MB/s.
func BenchmarkParse(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			src := generate(b, n, 1)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			runtime.GC()
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tr, _ := Parse(diag.NewSource("bench.rose", src))
				if len(tr.Messages) != n {
					b.Fatalf("%d messages", len(tr.Messages))
				}
			}
			b.StopTimer()
			// Throughput per CPU second (user+system, all threads, GC
			// included): on a shared machine this is steadier than wall
			// time; with GOMAXPROCS=1 it is the one-core figure.
			if d := cpuTime() - cpu0; d > 0 {
				b.ReportMetric(float64(len(src))*float64(b.N)/d.Seconds()/1e6, "MB/cpu-s")
			}
		})
	}
}

// BenchmarkPrint prints the 10k transcript in canonical form.
func BenchmarkPrint(b *testing.B) {
	src := generate(b, 10000, 1)
	tr, _ := Parse(diag.NewSource("bench.rose", src))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Print(tr, true)
	}
}

// cpuTime is the process's CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
