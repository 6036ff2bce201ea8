package rosetta

import (
	"bytes"
	"runtime"
	"testing"
	"time"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestParallelPanicRaisedInCaller: a panic in the consumer's prepare step,
// which runs on the parsing goroutines, is raised in the caller's goroutine.
func TestParallelPanicRaisedInCaller(t *testing.T) {
	text := bytes.Repeat([]byte("a1 tell a>b\n a status = ok ~hi\n unk []\n\n"), (1<<20)/40)
	src := diag.NewSource("big.rose", text)
	defer func() {
		if r := recover(); r != "prepare broke" {
			t.Fatalf("recovered %v, want the prepare step's panic", r)
		}
	}()
	n := 0
	parseItems(src, prepItems[int]{prepare: func(m *ir.Message) int {
		if m.Span.StartOffset() > 300<<10 {
			panic("prepare broke")
		}
		return 0
	}, message: func(*ir.Message, int) { n++ }}, 2, chunkSize)
	t.Fatalf("parsed %d messages without the panic", n)
}

// TestParallelConsumerPanicLeavesNoGoroutine: when the consumer panics, the
// goroutines that parse and cut finish instead of waiting for it forever.
func TestParallelConsumerPanicLeavesNoGoroutine(t *testing.T) {
	text := bytes.Repeat([]byte("a1 tell a>b\n a status = ok ~hi\n unk []\n\n"), (1<<20)/40)
	src := diag.NewSource("big.rose", text)
	before := runtime.NumGoroutine()
	func() {
		defer func() { _ = recover() }()
		parseParallel(src, func(*ir.Message) { panic("consumer broke") }, 2, chunkSize)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left behind by the consumer's panic", n-before)
	}
}
