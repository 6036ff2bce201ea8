//go:build js && wasm

package main

// The playground's entry points (main_js.go) under the Go wasm test runner,
// as the page's worker calls them: GOOS=js GOARCH=wasm go test -exec
// "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run TestWasm ./cmd/rosettac
// (.ci/run; Node.js runs it). The other tests of this package drive the
// native binary and are not built here.

import (
	"bytes"
	"io/fs"
	"os"
	"strings"
	"syscall/js"
	"testing"
)

// jsBytes is b as the Uint8Array the worker passes.
func jsBytes(b []byte) js.Value {
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}

func jsArgs(args ...string) js.Value {
	a := make([]any, len(args))
	for i, s := range args {
		a[i] = s
	}
	return js.ValueOf(a)
}

// runJS calls rosettacRun as the worker does and reads its result object.
func runJS(t *testing.T, stdin []byte, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	r, ok := jsRun(js.Undefined(), []js.Value{jsArgs(args...), jsBytes(stdin)}).(map[string]any)
	if !ok {
		t.Fatalf("rosettacRun(%q) did not return an object", args)
	}
	return r["code"].(int), r["stdout"].(string), r["stderr"].(string)
}

// TestJSRun: rosettacRun(args, stdin) is the CLI's run on those bytes, its
// exit code, standard output and standard error.
func TestWasmRun(t *testing.T) {
	src, err := os.ReadFile("../../examples/incident.rose")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--format", "json", "-"},
		{"render", "--lang", "zh", "--view", "decision", "-"},
		{"translate", "--to", "lingua", "-"},
		{"fmt", "-"},
		{"check", "--no-such-flag", "-"},
	} {
		code, stdout, stderr := runJS(t, src, args...)
		var out, errOut bytes.Buffer
		wantCode := run(args, bytes.NewReader(src), &out, &errOut)
		if code != wantCode || stdout != out.String() || stderr != errOut.String() {
			t.Errorf("rosettacRun(%q) = %d, %.200q, %.200q; run gives %d, %.200q, %.200q", args, code, stdout, stderr, wantCode, out.String(), errOut.String())
		}
		if args[1] != "--no-such-flag" && stdout == "" {
			t.Errorf("rosettacRun(%q) printed nothing", args)
		}
	}
	r := jsRun(js.Undefined(), nil).(map[string]any)
	if r["code"] != exitUsage || !strings.Contains(r["stderr"].(string), "no arguments") {
		t.Errorf("rosettacRun() = %v, want a usage error", r)
	}
}

// TestJSSetKey: a key pasted with rosettacSetKey is what --key-file names,
// read from nowhere else; an empty text removes it.
func TestWasmSetKey(t *testing.T) {
	src, err := os.ReadFile("../../examples/handshake.lingua")
	if err != nil {
		t.Fatal(err)
	}
	key, err := os.ReadFile("../../examples/handshake.alice.key")
	if err != nil {
		t.Fatal(err)
	}
	// What the CLI prints reading the key from a file.
	pasted := openKeyFile
	openKeyFile = func(name string) (fs.File, error) { return os.Open(name) }
	var want bytes.Buffer
	run([]string{"render", "--key-file", "../../examples/handshake.alice.key", "-"}, bytes.NewReader(src), &want, &bytes.Buffer{})
	openKeyFile = pasted

	jsSetKey(js.Undefined(), []js.Value{js.ValueOf("pasted.key"), js.ValueOf(string(key))})
	_, got, stderr := runJS(t, src, "render", "--key-file", "pasted.key", "-")
	if got != want.String() {
		t.Errorf("with the pasted key the rendering is %.300q (%s), with the key file %.300q", got, stderr, want.String())
	}
	_, locked, _ := runJS(t, src, "render", "-")
	if locked == want.String() {
		t.Fatal("the rendering without a key is the decrypted one: the test shows nothing")
	}
	jsSetKey(js.Undefined(), []js.Value{js.ValueOf("pasted.key"), js.ValueOf("")})
	if code, _, stderr := runJS(t, src, "render", "--key-file", "pasted.key", "-"); code == exitOK || !strings.Contains(stderr, "pasted.key") {
		t.Errorf("after the key is removed: exit %d, %q; want an error naming pasted.key", code, stderr)
	}
	// The file the pasted name would name on disk is not read either.
	if code, _, _ := runJS(t, src, "render", "--key-file", "../../examples/handshake.alice.key", "-"); code == exitOK {
		t.Error("a key file on disk was read: the browser build reads pasted keys only")
	}
}

// TestWasmSetVocabulary: rosettacSetVocabulary refuses a call without bytes
// and an encoding rosettac does not count; the file it is given is the one
// rosettac tokens counts with (a file that is not a vocabulary fails the
// count, naming the file).
func TestWasmSetVocabulary(t *testing.T) {
	if msg := jsSetVocabulary(js.Undefined(), []js.Value{js.ValueOf("o200k_base")}); msg == "" {
		t.Error("rosettacSetVocabulary without bytes: no error")
	}
	if msg := jsSetVocabulary(js.Undefined(), []js.Value{js.ValueOf("no_such_encoding"), jsBytes([]byte("IQ== 0\n"))}); msg == "" {
		t.Error("rosettacSetVocabulary of an unknown encoding: no error")
	}
	for _, enc := range []string{"o200k_base", "cl100k_base"} {
		if msg := jsSetVocabulary(js.Undefined(), []js.Value{js.ValueOf(enc), jsBytes([]byte("not a vocabulary\n"))}); msg != "" {
			t.Errorf("rosettacSetVocabulary(%s): %s", enc, msg)
		}
	}
	code, _, stderr := runJS(t, []byte("a1.1 note >a2\n q hi\n"), "tokens", "-")
	if code == exitOK || !strings.Contains(stderr, ".tiktoken") {
		t.Errorf("tokens with a vocabulary that is not one: exit %d, %q; want an error naming the file", code, stderr)
	}
}
