package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/ir"
)

// TestAddBackend adds a backend the way docs/architecture.md says ("Adding a
// backend"): one emit.Register call, nothing in the command line. compile
// --emit must offer it, run it and write its file. (It stays registered for
// the rest of this test binary's in-process tests; the scripts run in
// processes of their own, which never run this test.)
func TestAddBackend(t *testing.T) {
	emit.Register(&emit.Backend{Name: "zz-count", Summary: "the number of diagnostics (test only)", Ext: ".count",
		Emit: func(doc ir.Document, opt emit.Options) ([]emit.File, diag.List) {
			return []emit.File{{Name: opt.Output, Data: fmt.Appendf(nil, "%s %s %d\n", opt.Source, doc.Language(), len(opt.Diags))}}, nil
		}})
	dir := t.TempDir()
	in := filepath.Join(dir, "ok.rose")
	if err := os.WriteFile(in, []byte("a1.1 tell >b\n a x = 1 ~hi\n unk []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compile", "-h"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "go, ir, json, jsonschema, text, zz-count") {
		t.Errorf("compile -h (exit %d) does not list the backend:\n%s", code, stdout.String())
	}
	stdout.Reset()
	out := filepath.Join(dir, "out")
	if code := run([]string{"compile", "--emit", "zz-count,ir", "-o", out, in}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("compile --emit zz-count: exit %d\n%s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(out, "ok.count"))
	if err != nil || string(got) != "ok.rose rosetta 0\n" {
		t.Errorf("ok.count = %q, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(out, "ok.rose.ir.json")); err != nil {
		t.Errorf("the ir backend wrote nothing: %v", err)
	}
}
