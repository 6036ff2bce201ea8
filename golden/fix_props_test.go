package golden

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/spancheck"
	"github.com/rosettac/rosettac/ir"
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

// contentLines are the Rosetta `|` lines of text, in order, as written.
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
// content byte (the `|` lines as written, and the content the parse reads
// in every language: compiler.Content, so Lingua payloads and AgentDSL rows
// too), never raises the number of errors, and gives text that fmt leaves
// as it is wherever fmt could format the input.
func TestFixProperties(t *testing.T) {
	inputs := fixInputs(t)
	if len(inputs) < 50 {
		t.Fatalf("only %d inputs found", len(inputs))
	}
	changed, unformatted := 0, 0
	kinds := map[ir.Language]int{} // content items read, by language
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
			content := compiler.Content(before.Doc)
			kinds[lang] += len(content)
			if why := spancheck.ContentKept(src, content, compiler.Content(res.Doc)); why != "" {
				t.Errorf("%s (%v): %s", name, min, why)
			}
			if min == diag.Safe {
				if in, ok := formatted("in"+filepath.Ext(name), src, opt); ok {
					out, ok := formatted("in"+filepath.Ext(name), once, opt)
					switch {
					case !ok:
						t.Errorf("%s: fmt formats the input but refuses the fixed text", name)
					case bytes.Equal(in, src) && !bytes.Equal(out, once):
						t.Errorf("%s: the input passes fmt --check, the fixed text does not:\n%s", name, cmp.Diff(string(once), string(out)))
					case !bytes.Equal(out, once):
						unformatted++
					}
				}
			}
			if !bytes.Equal(src, once) {
				changed++
			}
		}
	}
	for _, l := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL} {
		if kinds[l] < 20 {
			t.Errorf("only %d content items read in %s inputs: the content check would be vacuous", kinds[l], l)
		}
	}
	t.Logf("content items by language: %v", kinds)
	t.Logf("%d inputs, %d fixed runs changed the text; %d fixed texts of unformatted inputs fmt would still change", len(inputs), changed, unformatted)
}

// formatted is what `rosettac fmt` writes for src, and false where it
// refuses (a syntax error, or a printer that cannot print the document).
func formatted(name string, src []byte, opt compiler.Options) ([]byte, bool) {
	res := compiler.Parse(name, src, opt)
	if res.Diags.HasErrors() {
		return nil, false
	}
	out, ds := compiler.Format(res, compiler.FormatOptions{})
	return out, !ds.HasErrors()
}
