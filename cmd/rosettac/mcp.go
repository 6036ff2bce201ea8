//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rosettac/rosettac/mcpserver"
)

func init() {
	register(&command{name: "mcp", summary: "serve rosettac's tools (check, fix, render, translate, tokens, repair) as an MCP server on standard input and output", run: runMCP})
}

func runMCP(e *env, args []string) int {
	c := commands["mcp"]
	fs := newFlags(e, c)
	if err := fs.Parse(args); err != nil {
		return usageError(e, c, err)
	}
	if fs.NArg() > 0 {
		return usageError(e, c, fmt.Errorf("takes no arguments"))
	}
	t := &mcp.IOTransport{Reader: io.NopCloser(e.stdin), Writer: nopWriteCloser{e.stdout}}
	if err := mcpserver.New(Version).Run(context.Background(), t); err != nil {
		fmt.Fprintf(e.stderr, "rosettac mcp: %v\n", err)
		return exitUsage
	}
	return exitOK
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
