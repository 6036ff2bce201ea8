package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// generated runs the shared transcript generator (../shared/bench beside
// the repository, or ROSETTAC_GEN) for n messages, or skips.
func generated(b testing.TB, n int) []byte {
	b.Helper()
	gen := os.Getenv("ROSETTAC_GEN")
	for _, p := range []string{"../../shared/bench/gen_transcript.py", "../../../shared/bench/gen_transcript.py", "/work/shared/bench/gen_transcript.py"} {
		if _, err := os.Stat(p); gen == "" && err == nil {
			gen = p
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

// cpuTime is the process's user and system CPU time, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

type duplex struct {
	io.Reader
	io.Writer
}

func (duplex) Close() error { return nil }

// BenchmarkEditToDiagnostics is the time from a one-character edit in the
// last message of a generated transcript (a didChange with a range, as an
// editor sends it on a key press) to the client holding the diagnostics of
// the whole transcript after it: framing, JSON both ways, the incremental
// check and the conversion to UTF-16 positions. No debounce.
func BenchmarkEditToDiagnostics(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			text := generated(b, n)
			cr, sw := io.Pipe()
			sr, cw := io.Pipe()
			srv := NewServer(Options{})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go srv.Serve(ctx, duplex{sr, sw})
			got := make(chan int, 1)
			h := jsonrpc2.HandlerWithError(func(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
				if req.Method == "textDocument/publishDiagnostics" {
					var p diagnosticsParams
					_ = json.Unmarshal(*req.Params, &p)
					got <- *p.Version
				}
				return nil, nil
			})
			conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(duplex{cr, cw}, jsonrpc2.VSCodeObjectCodec{}), h)
			defer conn.Close()
			var res any
			if err := conn.Call(ctx, "initialize", map[string]any{"capabilities": map[string]any{}}, &res); err != nil {
				b.Fatal(err)
			}
			const u = "file:///bench/t.rose"
			_ = conn.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": u, "languageId": "rosetta", "version": 1, "text": string(text)}})
			<-got
			// A binding line of the last message: type a character at its start, then delete it.
			at := bytes.LastIndex(text, []byte("\n a "))
			line := bytes.Count(text[:at+1], []byte("\n"))
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				version := i + 2
				change := map[string]any{"range": rng{pos{line, 1}, pos{line, 1}}, "text": "x"}
				if i%2 == 1 {
					change = map[string]any{"range": rng{pos{line, 1}, pos{line, 2}}, "text": ""}
				}
				_ = conn.Notify(ctx, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": u, "version": version}, "contentChanges": []any{change}})
				for v := <-got; v != version; v = <-got {
				}
			}
			// CPU time per edit, every thread (GC included): on a shared
			// machine the wall time also counts other processes.
			b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
