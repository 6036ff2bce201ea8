//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"io"

	"github.com/rosettac/rosettac/lsp"
)

func init() {
	register(&command{name: "lsp", summary: "the language server (Language Server Protocol on stdin and stdout)", run: runLSP})
}

// runLSP serves the protocol on the command's standard input and output
// until the client sends exit or closes the input; protocol errors go to
// standard error.
func runLSP(e *env, args []string) int {
	c := commands["lsp"]
	fs := newFlags(e, c)
	fs.Bool("stdio", true, "serve on standard input and output (the only transport; editors pass it)")
	if err := fs.Parse(args); err != nil {
		return usageError(e, c, err)
	}
	if fs.NArg() > 0 {
		return usageError(e, c, fmt.Errorf("takes no arguments"))
	}
	srv := lsp.NewServer(lsp.Options{Version: Version, Log: e.stderr})
	if err := srv.Serve(context.Background(), stdio{e.stdin, e.stdout}); err != nil {
		fmt.Fprintf(e.stderr, "rosettac lsp: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// stdio is the command's standard input and output as one stream.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
