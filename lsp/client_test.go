package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// TestMain serves the protocol on the process's standard input and output
// when ROSETTAC_LSP_SERVE is set: the protocol tests start the test binary
// again that way, so they drive the server through the stdio transport an
// editor uses, pipes and framing included.
func TestMain(m *testing.M) {
	if os.Getenv("ROSETTAC_LSP_SERVE") == "1" {
		srv := NewServer(Options{Version: "test", Log: os.Stderr})
		_ = srv.Serve(context.Background(), stdio{os.Stdin, os.Stdout})
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

// client is a protocol client of a server process.
type client struct {
	t     *testing.T
	cmd   *exec.Cmd
	conn  *jsonrpc2.Conn
	mu    sync.Mutex
	diags map[string][]diagnosticsParams // by URI, in arrival order
	got   chan diagnosticsParams
	msgs  chan string // window/showMessage texts
}

type diagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

type diagnostic struct {
	Range    rng    `json:"range"`
	Severity int    `json:"severity"`
	Code     string `json:"code"`
	Source   string `json:"source"`
	Message  string `json:"message"`
}

type pos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type rng struct {
	Start pos `json:"start"`
	End   pos `json:"end"`
}

type pipe struct {
	io.ReadCloser
	w io.WriteCloser
}

func (p pipe) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipe) Close() error {
	p.w.Close()
	return p.ReadCloser.Close()
}

// startServer starts the test binary as a language server and initializes
// it with capabilities (nil: none), returning the initialize result.
func startServer(t *testing.T, capabilities any, initOptions any) (*client, map[string]any) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ROSETTAC_LSP_SERVE=1")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, cmd: cmd, diags: map[string][]diagnosticsParams{}, got: make(chan diagnosticsParams, 100), msgs: make(chan string, 10)}
	h := jsonrpc2.HandlerWithError(func(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		switch req.Method {
		case "textDocument/publishDiagnostics":
			var p diagnosticsParams
			if err := json.Unmarshal(*req.Params, &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.mu.Lock()
			c.diags[p.URI] = append(c.diags[p.URI], p)
			c.mu.Unlock()
			c.got <- p
		case "window/showMessage":
			var p struct{ Message string }
			_ = json.Unmarshal(*req.Params, &p)
			c.msgs <- p.Message
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipe{out, in}, jsonrpc2.VSCodeObjectCodec{}), h)
	t.Cleanup(func() {
		c.conn.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	if capabilities == nil {
		capabilities = map[string]any{}
	}
	var res map[string]any
	c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": capabilities, "initializationOptions": initOptions}, &res)
	c.notify("initialized", map[string]any{})
	return c, res
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// callErr is call for a request expected to fail.
func (c *client) callErr(method string, params any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var r any
	return c.conn.Call(ctx, method, params, &r)
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// wait returns the next diagnostics published for uri at version.
func (c *client) wait(uri string, version int) diagnosticsParams {
	c.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case p := <-c.got:
			if p.URI == uri && p.Version != nil && *p.Version == version {
				return p
			}
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d", uri, version)
		}
	}
}

func (c *client) open(uri, lang, text string) diagnosticsParams {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": 1, "text": text}})
	return c.wait(uri, 1)
}

// change sends one ranged change.
func (c *client) change(uri string, version int, r rng, text string) diagnosticsParams {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"range": r, "text": text}}})
	return c.wait(uri, version)
}

func codes(p diagnosticsParams) []string {
	var out []string
	for _, d := range p.Diagnostics {
		out = append(out, d.Code)
	}
	return out
}

func has(p diagnosticsParams, code string) *diagnostic {
	for i := range p.Diagnostics {
		if p.Diagnostics[i].Code == code {
			return &p.Diagnostics[i]
		}
	}
	return nil
}

func td(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos{line, char}}
}
