package compiler

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/rosettac/rosettac/ir"
)

// genTranscript runs the shared generator (../shared/bench/gen_transcript.py
// beside the repository, or ROSETTAC_GEN) for n messages, caching the output
// in the test's temp directory; it skips when the generator or python3 is
// missing.
func genTranscript(b testing.TB, n int) []byte {
	b.Helper()
	gen := os.Getenv("ROSETTAC_GEN")
	if gen == "" {
		for _, p := range []string{"../../shared/bench/gen_transcript.py", "../../../shared/bench/gen_transcript.py", "/work/shared/bench/gen_transcript.py"} {
			if _, err := os.Stat(p); err == nil {
				gen = p
				break
			}
		}
	}
	if gen == "" {
		b.Skip("gen_transcript.py not found (set ROSETTAC_GEN)")
	}
	cache := filepath.Join(os.TempDir(), fmt.Sprintf("rosettac-bench-%d.rose", n))
	if data, err := os.ReadFile(cache); err == nil {
		return data
	}
	out, err := exec.Command("python3", gen, "--messages", fmt.Sprint(n), "--seed", "1").Output()
	if err != nil {
		b.Skipf("generator failed: %v", err)
	}
	_ = os.WriteFile(cache, out, 0o644)
	return out
}

// BenchmarkCheckRosetta measures parse plus every pass over generated
// transcripts of growing size, the way rosettac check runs it (stream: each
// message into the session as it is parsed, Diagnose) and
// keeping the whole IR (ir: what compile does). MB/s comes from SetBytes;
// heap/input is the live heap after the check relative to the input size, and
// peak/input the live heap at the end of the fold, while the session still
// holds everything it kept (the check's largest live heap: the session only
// grows).
func BenchmarkCheckRosetta(b *testing.B) {
	if !slices.Contains(Languages(), ir.Rosetta) {
		b.Skip("no Rosetta parser registered")
	}
	for _, n := range []int{1000, 10000, 100000} {
		for _, mode := range []string{"stream", "ir"} {
			b.Run(fmt.Sprintf("messages=%d/%s", n, mode), func(b *testing.B) {
				src := genTranscript(b, n)
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				opt, check := Options{From: ir.Rosetta}, Check
				if mode == "stream" {
					check = Diagnose
				}
				var res *Result
				var peak uint64
				checkedHook = func() { peak = liveHeap() }
				defer func() { checkedHook = nil }()
				cpu0 := cpuTime()
				for b.Loop() {
					res = check("bench.rose", src, opt)
				}
				if d := cpuTime() - cpu0; d > 0 {
					b.ReportMetric(float64(len(src))*float64(b.N)/d.Seconds()/1e6, "MB/cpu-s")
				}
				after := liveHeap()
				if mode == "ir" {
					peak = after // the IR is kept: the end is the peak
				}
				b.ReportMetric(float64(after)/float64(len(src)), "heap/input")
				b.ReportMetric(float64(peak)/float64(len(src)), "peak/input")
				if res.Diags.HasErrors() {
					b.Logf("%d error-level diagnostics, first: %v", res.Diags.Count(2), res.Diags.Err())
				}
				runtime.KeepAlive(res)
			})
		}
	}
}

// BenchmarkSessionOnly measures the passes alone (the parse is not timed),
// and reports check-heap/input: the heap the checker's results and session
// keep, beyond the parsed IR, relative to the input size.
func BenchmarkSessionOnly(b *testing.B) {
	if !slices.Contains(Languages(), ir.Rosetta) {
		b.Skip("no Rosetta parser registered")
	}
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("messages=%d", n), func(b *testing.B) {
			src := genTranscript(b, n)
			b.SetBytes(int64(len(src)))
			var extra float64
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				res := Parse("bench.rose", src, Options{From: ir.Rosetta})
				var ms runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&ms)
				before := ms.HeapAlloc
				b.StartTimer()
				c0 := cpuTime()
				ds := checkRosetta(res.Doc, res.Source, &Options{})
				cpu += cpuTime() - c0
				b.StopTimer()
				runtime.GC()
				runtime.ReadMemStats(&ms)
				extra = float64(ms.HeapAlloc-before) / float64(len(src))
				runtime.KeepAlive(ds)
				runtime.KeepAlive(res)
				b.StartTimer()
			}
			b.ReportMetric(extra, "check-heap/input")
			if cpu > 0 {
				b.ReportMetric(float64(len(src))*float64(b.N)/cpu.Seconds()/1e6, "MB/cpu-s")
			}
		})
	}
}

// liveHeap collects garbage and returns the bytes still in use.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// cpuTime is the process's CPU time so far: steadier than wall time on a
// shared machine (run with GOMAXPROCS=1 for the one-core figure).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
