//go:build unix

package rosetta

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"

	"github.com/rosettac/rosettac/diag"
)

// TestParallelFaultRaisedInCaller: a mapped text cut short while the
// parallel parser reads it (another program truncated the file) faults on
// the pages past its new end; cut at 100 KiB, the goroutine that finds the
// cut points meets it first (near 128 KiB). The fault is raised in the
// caller's goroutine, where cmd/rosettac tells it apart, instead of crashing
// the process. TestParallelWorkerFaultRaisedInCaller has a worker meet it.
func TestParallelFaultRaisedInCaller(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cut.rose")
	text := bytes.Repeat([]byte("a1 tell a>b\n a status = ok ~hi\n unk []\n\n"), (1<<20)/40)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := syscall.Mmap(int(f.Fd()), 0, len(text), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("no mmap here: %v", err)
	}
	defer syscall.Munmap(data)
	src := diag.NewSource(path, data)
	// Past the first cut (64 KiB) and its lines, which the caller reads.
	if err := os.Truncate(path, 100<<10); err != nil {
		t.Fatal(err)
	}
	parseWantingFault(t, src)
}

// TestParallelWorkerFaultRaisedInCaller: a fault in the middle of a piece,
// away from the cut points, is met by the worker that parses the piece; it
// too is raised in the caller's goroutine. (A page of the text is made
// unreadable, as a file cut short underneath leaves its tail.)
func TestParallelWorkerFaultRaisedInCaller(t *testing.T) {
	text := bytes.Repeat([]byte("a1 tell a>b\n a status = ok ~hi\n unk []\n\n"), (1<<20)/40)
	data, err := syscall.Mmap(-1, 0, len(text), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("no anonymous mmap here: %v", err)
	}
	defer syscall.Munmap(data)
	copy(data, text)
	page := os.Getpagesize()
	hole := (96 << 10) / page * page // inside the second piece: its cuts are near 64 and 128 KiB
	if err := syscall.Mprotect(data[hole:hole+page], syscall.PROT_NONE); err != nil {
		t.Skipf("no mprotect here: %v", err)
	}
	src := diag.NewSource("hole.rose", data)
	parseWantingFault(t, src)
}

// parseWantingFault parses src on two workers, and fails unless the parse
// raises a memory fault in this goroutine.
func parseWantingFault(t *testing.T, src *diag.Source) {
	t.Helper()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if _, ok := r.(interface{ Addr() uintptr }); !ok {
			t.Fatalf("recovered %v (%T), want the fault", r, r)
		}
	}()
	parseParallel(src, nil, 2, chunkSize)
	t.Fatal("the parse met no fault")
}
