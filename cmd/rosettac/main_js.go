//go:build js && wasm

// The playground's entry point: the same CLI, compiled to WebAssembly for the
// browser (GOOS=js GOARCH=wasm, loaded by Go's own wasm_exec.js). Every tab of
// the page is one run of a CLI command on the editor's bytes, so the page shows
// exactly what rosettac prints.

package main

import (
	"bytes"
	"io/fs"
	"syscall/js"
	"time"

	"github.com/rosettac/rosettac/emit/tokens"
)

// pastedKeys are the Lingua keys pasted into the page, by the name the page
// passes to --key-file or --psk-file. They stay in this process: nothing here
// sends them anywhere.
var pastedKeys = map[string][]byte{}

// pastedKey is a pasted key opened as a file: what readKeyFile reads and
// stats. (testing/fstest's MapFS would do, with testing/iotest and log.)
type pastedKey struct {
	*bytes.Reader
	name string
}

func (k pastedKey) Stat() (fs.FileInfo, error) { return k, nil }
func (k pastedKey) Close() error               { return nil }
func (k pastedKey) Name() string               { return k.name }
func (k pastedKey) Mode() fs.FileMode          { return 0o600 }
func (k pastedKey) ModTime() time.Time         { return time.Time{} }
func (k pastedKey) IsDir() bool                { return false }
func (k pastedKey) Sys() any                   { return nil }

func openPastedKey(name string) (fs.File, error) {
	b, ok := pastedKeys[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return pastedKey{bytes.NewReader(b), name}, nil
}

// The CLI's key-file reads look among the pasted keys (set before main, so
// the entry points' tests, main_js_test.go, run with it too).
func init() {
	openKeyFile = openPastedKey
}

func main() {
	js.Global().Set("rosettacRun", js.FuncOf(jsRun))
	js.Global().Set("rosettacSetKey", js.FuncOf(jsSetKey))
	js.Global().Set("rosettacSetVocabulary", js.FuncOf(jsSetVocabulary))
	if ready := js.Global().Get("rosettacReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// jsRun is rosettacRun(argsArray, stdinUint8Array) -> {code, stdout, stderr}.
func jsRun(_ js.Value, a []js.Value) any {
	if len(a) < 1 {
		return map[string]any{"code": exitUsage, "stdout": "", "stderr": "rosettacRun: no arguments"}
	}
	args := make([]string, a[0].Length())
	for i := range args {
		args[i] = a[0].Index(i).String()
	}
	var in []byte
	if len(a) > 1 && a[1].Type() == js.TypeObject {
		in = make([]byte, a[1].Length())
		js.CopyBytesToGo(in, a[1])
	}
	var stdout, stderr bytes.Buffer
	code := run(args, bytes.NewReader(in), &stdout, &stderr)
	return map[string]any{"code": code, "stdout": stdout.String(), "stderr": stderr.String()}
}

// jsSetKey is rosettacSetKey(name, text): a pasted key under a virtual file
// name (an empty text removes it).
func jsSetKey(_ js.Value, a []js.Value) any {
	if len(a) < 2 {
		return nil
	}
	name := a[0].String()
	if a[1].String() == "" {
		delete(pastedKeys, name)
		return nil
	}
	pastedKeys[name] = []byte(a[1].String())
	return nil
}

// jsSetVocabulary is rosettacSetVocabulary(encoding, fileUint8Array) -> error
// text or "": the browser build has no vocabulary compiled in (emit/tokens),
// so the worker fetches each encoding's file and hands it over here.
func jsSetVocabulary(_ js.Value, a []js.Value) any {
	if len(a) < 2 || a[1].Type() != js.TypeObject {
		return "rosettacSetVocabulary(encoding, bytes)"
	}
	file := make([]byte, a[1].Length())
	js.CopyBytesToGo(file, a[1])
	if err := tokens.SetVocabulary(a[0].String(), file); err != nil {
		return err.Error()
	}
	return ""
}
