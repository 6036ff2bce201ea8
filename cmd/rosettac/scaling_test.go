package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/tokens"
	"github.com/rosettac/rosettac/internal/hostile"
)

// The scaling suite: every shape of internal/hostile (../shared/bench/hostile.py
// in Go), every command, run in-process at n and 2n. Work is measured in ways
// that do not depend on the machine's speed or load: allocations (count and
// bytes) and the counters of the loops that were quadratic and allocate
// nothing (diag's column counting, the BPE merge). Each must grow at most
// maxGrowth times when the input doubles; quadratic work grows about 4 times.

// maxGrowth is the largest growth per doubling the suite accepts. Linear
// work measures about 2 (less, with fixed costs); quadratic work about 4.
// The bound is above the 2.3 for time because allocation measures
// step when a buffer's doubling crosses a size (a linear run measured 2.32).
const maxGrowth = 2.5

// scalingCommands are the commands each language runs through.
var scalingCommands = map[string][][]string{
	"rose":   allCommands,
	"adsl":   allCommands,
	"lingua": allCommands,
	"json": {
		{"check", "--from", "json"},
		{"check", "--from", "json", "--format", "json"},
		{"translate", "--from", "json", "--to", "agentdsl"},
		{"translate", "--from", "json", "--to", "smallest"},
		{"tokens"},
	},
}

var allCommands = [][]string{
	{"check"},
	{"check", "--format", "json"},
	{"check", "--format", "sarif"},
	{"render"},
	{"fmt"},
	{"translate", "--to", "json"},
	{"translate", "--to", "smallest"},
	{"compile", "--emit", "ir"},
	{"tokens"},
}

// knownSuperLinear are the shape and command pairs still known to grow
// super-linearly, each with its cause; the suite reports them as skipped
// measures (t.Log) instead of failing, so that every other pair keeps its
// bound. Each is an open item of issue 14 (docs/performance.md, "hostile
// input"); remove the entry with the fix.
var knownSuperLinear = map[string]string{
	"rose_symbols/check --format sarif":    "bytes allocated ×2.55 at the test's size, allocations ×2 or less: the whole SARIF log is encoded in one buffer, whose doubling steps there; not diagnosed further",
	"adsl_anydeep/translate --to smallest": "the indented JSON candidate of a deep any cell is depth² bytes of indentation",
}

// scalingTarget is the size in bytes of a shape's smaller document in the
// test; scalingN finds the n that makes it.
const scalingTarget = 12 << 10

// scalingN is the n at which shape s's document is about target bytes.
func scalingN(s hostile.Shape, target int) int {
	if s.Kind == "lingua_zmany" {
		return max(1, target>>13) // each payload inflates to 1 MiB: few of them
	}
	probe := len(s.Gen(100))
	return max(4, 100*target/probe)
}

// work is what one run cost.
type work struct {
	allocs, bytes, columns, merges uint64
}

func (w work) String() string {
	return fmt.Sprintf("%d allocs, %d B, %d column bytes, %d merge steps", w.allocs, w.bytes, w.columns, w.merges)
}

// runShape writes shape s at size n to dir and runs one command on it,
// returning the work done.
func runShape(t testing.TB, dir string, s hostile.Shape, n int, args []string) work {
	t.Helper()
	path := filepath.Join(dir, fmt.Sprintf("%s-%d.%s", s.Kind, n, s.Ext))
	if _, err := os.Stat(path); err != nil {
		if err := os.WriteFile(path, []byte(s.Gen(n)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args = append(append([]string{}, args...), shapeFlags(t, dir, s, args[0])...)
	args = append(args, path)
	var stderr bytes.Buffer
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cols, merges := diag.ColumnWork(), tokens.MergeWork()
	code := run(args, strings.NewReader(""), io.Discard, &stderr)
	runtime.ReadMemStats(&after)
	w := work{after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc,
		diag.ColumnWork() - cols, tokens.MergeWork() - merges}
	if code > exitDiags || strings.Contains(stderr.String(), "internal error") {
		t.Errorf("rosettac %s on %s(%d): exit %d\n%.600s", strings.Join(args[:len(args)-1], " "), s.Kind, n, code, stderr.String())
	}
	return w
}

// shapeFlags are the flags a shape needs (lingua_enc's pre-shared key, for
// the commands that decode payloads: fmt and tokens take no key flags).
func shapeFlags(t testing.TB, dir string, s hostile.Shape, command string) []string {
	if s.Kind != "lingua_enc" || command == "fmt" || command == "tokens" {
		return nil
	}
	psk := filepath.Join(dir, "psk")
	if err := os.WriteFile(psk, []byte(hostile.PSK), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"--psk-file", psk, "--session", hostile.PSKSession}
}

// growth is b's measure over a's, 1 where both are small (a fixed cost).
func growth(a, b uint64, floor uint64) float64 {
	if b <= floor {
		return 1
	}
	return float64(b) / float64(max(a, 1))
}

// TestScaling runs every shape through every command at two sizes and fails
// when any measure of the work grows super-linearly.
func TestScaling(t *testing.T) {
	if testing.Short() {
		t.Skip("the scaling suite runs every command on every shape twice")
	}
	dir := t.TempDir()
	// ROSETTAC_SCALING_TARGET sets the smaller document's size in bytes, and
	// ROSETTAC_SCALING_REPORT names a file that gets every measure's growth
	// (tab-separated: shape, command, n, allocations, bytes, column bytes,
	// merge steps), the figures of docs/performance.md's hostile-input table.
	target := scalingTarget
	if v, err := strconv.Atoi(os.Getenv("ROSETTAC_SCALING_TARGET")); err == nil && v > 0 {
		target = v
	}
	var report io.Writer = io.Discard
	if name := os.Getenv("ROSETTAC_SCALING_REPORT"); name != "" {
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		report = f
	}
	for _, s := range hostile.Shapes {
		t.Run(s.Kind, func(t *testing.T) {
			n := scalingN(s, target)
			for _, args := range scalingCommands[s.Ext] {
				a := runShape(t, dir, s, n, args)
				b := runShape(t, dir, s, 2*n, args)
				checks := []struct {
					what        string
					a, b, floor uint64
				}{
					{"allocations", a.allocs, b.allocs, 2000},
					{"bytes allocated", a.bytes, b.bytes, 1 << 20}, // under 1 MB a buffer doubling or a one-time table reads as growth (a flaky ×2.76 at 0.4 MB)
					{"column bytes counted", a.columns, b.columns, 64 << 10},
					{"BPE merge steps", a.merges, b.merges, 64 << 10},
				}
				fmt.Fprintf(report, "%s\t%s\t%d\t%.2f\t%.2f\t%.2f\t%.2f\n", s.Kind, strings.Join(args, " "), n,
					growth(a.allocs, b.allocs, 0), growth(a.bytes, b.bytes, 0), growth(a.columns, b.columns, 0), growth(a.merges, b.merges, 0))
				known := knownSuperLinear[s.Kind+"/"+strings.Join(args, " ")]
				for _, c := range checks {
					if g := growth(c.a, c.b, c.floor); g > maxGrowth && known != "" {
						t.Logf("known: rosettac %s: %s ×%.2f (%s)", strings.Join(args, " "), c.what, g, known)
					} else if g > maxGrowth {
						t.Errorf("rosettac %s: %s ×%.2f from n=%d to %d (%d → %d)", strings.Join(args, " "), c.what, g, n, 2*n, c.a, c.b)
					}
				}
			}
		})
	}
}

// BenchmarkHostile runs every shape through every command at four sizes
// (n, 2n, 4n, 8n from the test's n); ns/op, B/op and allocs/op per size show
// the growth per doubling.
func BenchmarkHostile(b *testing.B) {
	dir := b.TempDir()
	for _, s := range hostile.Shapes {
		n := scalingN(s, scalingTarget)
		for _, args := range scalingCommands[s.Ext] {
			for _, k := range []int{1, 2, 4, 8} {
				name := fmt.Sprintf("%s/%s/n=%d", s.Kind, strings.Join(args, "_"), k*n)
				b.Run(name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						runShape(b, dir, s, k*n, args)
					}
				})
			}
		}
	}
}
