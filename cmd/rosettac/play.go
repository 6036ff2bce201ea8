//go:build !(js && wasm)

package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"github.com/rosettac/rosettac/play"
)

func init() {
	register(&command{name: "play", args: "[--addr HOST:PORT] [--build DIR]", summary: "serve the playground (the compiler in the browser), or write it as static files", run: runPlay})
}

func runPlay(e *env, args []string) int {
	c := commands["play"]
	fs := newFlags(e, c)
	addr := fs.String("addr", "127.0.0.1:8088", "address to listen on")
	build := fs.String("build", "", "write the page as static files into DIR instead of serving it")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if len(rest) > 0 {
		return usageError(e, c, fmt.Errorf("unexpected argument %q", rest[0]))
	}
	// Listen before the build: a bad or busy address is said at once, not
	// after a minute of compiling.
	var l net.Listener
	if *build == "" {
		if l, err = net.Listen("tcp", *addr); err != nil {
			fmt.Fprintf(e.stderr, "rosettac play: %v\n", err)
			return exitUsage
		}
		defer l.Close()
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(e.stderr, "rosettac play: %v\n", err)
		return exitUsage
	}
	root, err := play.ModuleRoot(wd)
	if err != nil {
		fmt.Fprintf(e.stderr, "rosettac play: %v\n", err)
		return exitUsage
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	fmt.Fprintln(e.stderr, "rosettac play: building the compiler for the browser (GOOS=js GOARCH=wasm go build)…")
	site, err := play.Build(root, filepath.Join(cache, "rosettac", "play"))
	if err != nil {
		fmt.Fprintf(e.stderr, "rosettac play: %v\n", err)
		return exitUsage
	}
	if *build != "" {
		if err := site.WriteStatic(*build); err != nil {
			fmt.Fprintf(e.stderr, "rosettac play: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(e.stdout, "wrote the playground to %s\n", *build)
		return exitOK
	}
	h, err := site.Handler()
	if err != nil {
		fmt.Fprintf(e.stderr, "rosettac play: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(e.stdout, "http://%s/\n", l.Addr())
	if err := http.Serve(l, h); err != nil {
		fmt.Fprintf(e.stderr, "rosettac play: %v\n", err)
		return exitUsage
	}
	return exitOK
}
