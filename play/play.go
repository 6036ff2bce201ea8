// Package play serves the rosettac playground: a page that runs the compiler
// itself in the browser (cmd/rosettac built for GOOS=js GOARCH=wasm, loaded by
// Go's own wasm_exec.js in a web worker), with the examples of examples/ and
// the tokenizer vocabularies as files. Once loaded, the page needs no network:
// everything it uses is served from here.
package play

//go:generate go run ./internal/bundle

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/rosettac/rosettac/emit/tokens"
)

//go:embed static
var static embed.FS

// Site is what the page needs besides its embedded files: the compiled wasm,
// Go's loader for it, the tokenizer vocabularies and the examples.
type Site struct {
	Wasm         string            // path of rosettac.wasm
	GoWasm       string            // path of rosettac-go.wasm, the build the Go tab runs
	WasmExec     string            // path of Go's wasm_exec.js
	Vocabularies map[string]string // path of each encoding's vocabulary file, by URL name (o200k_base.tiktoken)
	Examples     string            // directory of the examples (examples/ of the module)
}

// ModuleRoot finds rosettac's module root by walking up from dir to the
// go.mod that declares github.com/rosettac/rosettac.
func ModuleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil &&
			strings.HasPrefix(strings.TrimSpace(string(b)), "module github.com/rosettac/rosettac\n") {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no rosettac module above %s: run rosettac play inside a checkout of github.com/rosettac/rosettac (go run ./cmd/rosettac play)", dir)
		}
	}
}

// Build compiles cmd/rosettac for the browser into cacheDir and returns the
// Site. It runs the go command, which `go run ./cmd/rosettac play` always has.
//
// It builds twice. rosettac.wasm, which the page loads, has every command but
// gen go's backend (cmd/rosettac/backend_go.go): emit/gogen and go/format,
// which jennifer formats every file with, are 2 MB that only the Go tab uses.
// rosettac-go.wasm is the whole CLI with the rosettac_gogen tag, loaded in a
// worker of its own the first time the Go tab is opened.
func Build(root, cacheDir string) (*Site, error) {
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return nil, err
	}
	wasm, goWasm := filepath.Join(cacheDir, "rosettac.wasm"), filepath.Join(cacheDir, "rosettac-go.wasm")
	for _, b := range []struct {
		out   string
		flags []string
	}{
		{wasm, noInline},
		// The Go tab generates small files: none of it is hot, so none
		// of it is inlined, 1 MB less to load.
		{goWasm, []string{"-tags", "rosettac_gogen", "-gcflags=all=-l"}},
	} {
		args := append([]string{"build", "-trimpath", "-ldflags=-s -w", "-o", b.out}, b.flags...)
		cmd := exec.Command("go", append(args, "./cmd/rosettac")...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("building the playground's wasm (GOOS=js GOARCH=wasm go %s in %s): %v\n%s", strings.Join(cmd.Args[1:], " "), root, err, out)
		}
	}
	goroot := runtime.GOROOT()
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		goroot = strings.TrimSpace(string(out))
	}
	exec := filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(exec); err != nil {
		return nil, fmt.Errorf("Go's wasm loader: %v", err)
	}
	vocabs, err := writeVocabularies(cacheDir)
	if err != nil {
		return nil, err
	}
	return &Site{Wasm: wasm, GoWasm: goWasm, WasmExec: exec, Vocabularies: vocabs, Examples: filepath.Join(root, "examples")}, nil
}

// noInline compiles, without inlining, the packages of rosettac.wasm that
// run once per click on a small output (translations, the CLI's commands):
// inlining copies code, 0.3 MB of wasm there, and buys nothing a person
// notices. diag runs once per diagnostic, not per byte: its Span accessors
// and constructors, inlined into every pass, are another 0.18 MB. The A2A
// reader (grammars/a2a, in emit/translate before it was a front end) reads a
// protocol's messages, not a transcript of megabytes: 35 KB. grammars/lingua
// is 105 KB smaller without inlining, and checking 5 MB of Lingua natively
// built so took the same time (0.98x, docs/performance.md). The check's hot
// path (the other grammars, passes, participle) keeps inlining.
var noInline = []string{
	"-gcflags=github.com/rosettac/rosettac/cmd/rosettac=-l",
	"-gcflags=github.com/rosettac/rosettac/diag=-l",
	"-gcflags=github.com/rosettac/rosettac/emit/text=-l",
	"-gcflags=github.com/rosettac/rosettac/emit/translate=-l",
	"-gcflags=github.com/rosettac/rosettac/internal/datajson=-l",
	"-gcflags=github.com/rosettac/rosettac/grammars/toon=-l",
	"-gcflags=github.com/rosettac/rosettac/grammars/a2a=-l",
	"-gcflags=github.com/rosettac/rosettac/grammars/lingua=-l",
}

// writeVocabularies writes each encoding's vocabulary file into dir. The
// browser build has none compiled in (emit/tokens): they would be most of the
// wasm, so the worker fetches them from here, the tables compiled into this
// binary, and counts stay exactly rosettac tokens' counts.
func writeVocabularies(dir string) (map[string]string, error) {
	m := map[string]string{}
	for _, enc := range tokens.Encodings {
		var b bytes.Buffer
		if err := tokens.WriteVocabulary(&b, enc); err != nil {
			return nil, err
		}
		name := enc + ".tiktoken"
		if err := writeFile(filepath.Join(dir, name), b.Bytes()); err != nil {
			return nil, err
		}
		m[name] = filepath.Join(dir, name)
	}
	return m, nil
}

// examples lists the example files a person can open from the menu (not keys).
func (s *Site) examples() ([]string, error) {
	ents, err := os.ReadDir(s.Examples)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		switch filepath.Ext(e.Name()) {
		case ".rose", ".lingua", ".adsl", ".json":
			if e.Type().IsRegular() {
				names = append(names, e.Name())
			}
		}
	}
	sort.Strings(names)
	return names, nil
}

// files are the page's files by URL path, besides the embedded ones.
func (s *Site) files() (map[string]string, error) {
	m := map[string]string{"rosettac.wasm": s.Wasm, "rosettac-go.wasm": s.GoWasm, "wasm_exec.js": s.WasmExec}
	for name, path := range s.Vocabularies {
		m[name] = path
	}
	names, err := s.examples()
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		m["examples/"+n] = filepath.Join(s.Examples, n)
	}
	return m, nil
}

// examplesJS is the menu's list, a script so the static build needs no server.
func (s *Site) examplesJS() ([]byte, error) {
	names, err := s.examples()
	if err != nil {
		return nil, err
	}
	return []byte(fmt.Sprintf("self.rosettacExamples = [%s];\n", quoteAll(names))), nil
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// Handler serves the page.
func (s *Site) Handler() (http.Handler, error) {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	files, err := s.files()
	if err != nil {
		return nil, err
	}
	list, err := s.examplesJS()
	if err != nil {
		return nil, err
	}
	page := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(r.URL.Path, "/")
		if p == "examples.js" {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(list)
			return
		}
		if f, ok := files[p]; ok {
			if strings.HasSuffix(p, ".wasm") {
				w.Header().Set("Content-Type", "application/wasm")
			} else if strings.HasSuffix(p, ".js") {
				w.Header().Set("Content-Type", "text/javascript")
			} else {
				w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			}
			http.ServeFile(w, r, f)
			return
		}
		page.ServeHTTP(w, r)
	}), nil
}

// WriteStatic writes the page as static files into dir, for any web server.
func (s *Site) WriteStatic(dir string) error {
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		return writeFile(filepath.Join(dir, strings.TrimPrefix(p, "static/")), b)
	})
	if err != nil {
		return err
	}
	files, err := s.files()
	if err != nil {
		return err
	}
	for p, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(p)), b); err != nil {
			return err
		}
	}
	list, err := s.examplesJS()
	if err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "examples.js"), list)
}

func writeFile(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(name, b, 0o644); err != nil {
		return errors.Join(fmt.Errorf("writing the playground"), err)
	}
	return nil
}
