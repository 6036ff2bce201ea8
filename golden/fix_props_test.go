package golden

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
)

// fixInputs returns every input in the repository: the example files, and
// the input sections of the golden archives and CLI scripts, by name.
func fixInputs(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	isInput := func(name string) bool {
		switch strings.ToLower(filepath.Ext(name)) {
		case ".rose", ".lingua", ".adsl":
			return true
		}
		return false
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "fuzz" && filepath.Base(filepath.Dir(path)) == "testdata") {
			return filepath.SkipDir
		}
		switch {
		case d.IsDir():
		case isInput(path):
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			out[path] = b
		case strings.HasSuffix(path, ".txtar"):
			ar, err := txtar.ParseFile(path)
			if err != nil {
				return err
			}
			for _, f := range ar.Files {
				if isInput(f.Name) {
					out[path+"/"+f.Name] = f.Data
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// contentLines are the Rosetta `|` lines of text, in order: the content
// bytes no fix may change (fixes in the other languages are checked by the
// whole text's equality below, since none of them touches a payload or a
// cell either).
func contentLines(text []byte) []string {
	var out []string
	for _, l := range strings.Split(string(text), "\n") {
		if t := strings.TrimLeft(l, " \t"); strings.HasPrefix(t, "|") {
			out = append(out, t)
		}
	}
	return out
}

// TestFixProperties: for every input in the repository, in both fix modes,
// fix is idempotent, leaves no fix of its mode behind, never changes a
// content byte, and never raises the number of errors.
func TestFixProperties(t *testing.T) {
	inputs := fixInputs(t)
	if len(inputs) < 50 {
		t.Fatalf("only %d inputs found", len(inputs))
	}
	changed := 0
	for name, src := range inputs {
		lang := compiler.Detect(name, src)
		for _, min := range []diag.Applicability{diag.Safe, diag.Review} {
			opt := compiler.Options{From: lang}
			before := compiler.Check("in"+filepath.Ext(name), src, opt)
			once, _, res := compiler.Fix("in"+filepath.Ext(name), src, opt, min)
			twice, again, _ := compiler.Fix("in"+filepath.Ext(name), once, opt, min)
			if !bytes.Equal(once, twice) || len(again) > 0 {
				t.Errorf("%s (%v): fix is not idempotent; the second run applied %d fixes", name, min, len(again))
			}
			if got, want := res.Diags.Count(diag.Error), before.Diags.Count(diag.Error); got > want {
				t.Errorf("%s (%v): fix raised the errors from %d to %d: %v", name, min, want, got, res.Diags.Codes())
			}
			if a, b := contentLines(src), contentLines(once); strings.Join(a, "\n") != strings.Join(b, "\n") {
				t.Errorf("%s (%v): fix changed content lines", name, min)
			}
			if !bytes.Equal(src, once) {
				changed++
			}
		}
	}
	t.Logf("%d inputs, %d fixed runs changed the text", len(inputs), changed)
}
