package mesh

import (
	"os"
	"runtime/debug"
)

// ServeGCPercent is the garbage collector's target a gateway process runs
// with (Go's default is 100) unless GOGC is set in its environment. A
// gateway's latency tail is its collector's: on two cores a mark phase takes
// a quarter of the CPU and assists from the goroutines that allocate, for
// 20-50 ms, and the messages that arrive meanwhile wait. At 300 the heap may
// grow to four times what is live before a collection (about 50 MB live
// after 20,000 messages), and collections come a third as often: the p99 at
// 5,000 messages/s was 6-36 ms at 100 and 3-10 ms at 300 (docs/performance.md).
const ServeGCPercent = 300

// TuneGC sets the collector's target to ServeGCPercent unless the GOGC
// environment variable chose one, and returns a function that restores the
// previous target. `rosettac mesh serve` calls it; so does BenchmarkMesh, so
// that the figures are those of the command.
func TuneGC() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	prev := debug.SetGCPercent(ServeGCPercent)
	return func() { debug.SetGCPercent(prev) }
}
