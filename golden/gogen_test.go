package golden

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/gogen"
	"github.com/rosettac/rosettac/emit/jsonschema"
)

// Go generation goldens: golden/testdata/gogen/*.txtar hold an input.adsl and
// options in the archive comment ("package: NAME", "validate: true"); the
// sections out.go (gen go), out.json (gen jsonschema) and diagnostics (the
// checker's and generator's, when there are any) are what rosettac produces.
// ROSETTAC_UPDATE=1 go test ./golden/ rewrites them.

// goldenGo is one golden archive and what rosettac generates from it now.
type goldenGo struct {
	file string
	ar   *txtar.Archive
	pkg  string
	got  map[string]string // section -> regenerated content
}

func loadGoGoldens(t *testing.T) []*goldenGo {
	t.Helper()
	var out []*goldenGo
	for _, file := range goldenFiles(t, "testdata/gogen/*.txtar") {
		ar := readArchive(t, file)
		opts := map[string]string{}
		for _, l := range strings.Split(string(ar.Comment), "\n") {
			if k, v, ok := strings.Cut(l, ": "); ok && !strings.Contains(k, " ") {
				opts[k] = v
			}
		}
		src := optional(ar, "input.adsl")
		if src == nil || opts["package"] == "" {
			t.Fatalf("%s: want an input.adsl section and a package: line", file)
		}
		g := &goldenGo{file: file, ar: ar, pkg: opts["package"], got: map[string]string{}}
		res := compiler.Check("input.adsl", src, compiler.Options{})
		if !res.Diags.HasErrors() {
			goFiles, ds := gogen.Generate(res.Doc, gogen.Options{Package: g.pkg, Source: "input.adsl", Validate: opts["validate"] == "true"})
			res.Diags = append(res.Diags, ds...)
			if len(goFiles) == 1 {
				g.got["out.go"] = string(goFiles[0].Data)
			}
			jsonFiles, ds := jsonschema.Generate(res.Doc, jsonschema.Options{Source: "input.adsl"})
			if len(jsonFiles) == 1 {
				g.got["out.json"] = string(jsonFiles[0].Data)
			} else if len(goFiles) == 1 {
				res.Diags = append(res.Diags, ds...) // only worth showing when Go was generated
			}
			res.Diags.Sort()
		}
		if d := diagText(res); d != "" {
			g.got["diagnostics"] = d
		}
		out = append(out, g)
	}
	return out
}

// TestGoGolden regenerates every golden and fails with "stale generated files"
// and a diff when the result is not what is checked in.
func TestGoGolden(t *testing.T) {
	var stale []string
	for _, g := range loadGoGoldens(t) {
		if update {
			files := []txtar.File{{Name: "input.adsl", Data: g.ar.Files[0].Data}}
			for _, n := range []string{"out.go", "out.json", "diagnostics"} {
				if s, ok := g.got[n]; ok {
					files = append(files, txtar.File{Name: n, Data: []byte(s)})
				}
			}
			g.ar.Files = files
			if err := os.WriteFile(g.file, txtar.Format(g.ar), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want := map[string]string{}
		for _, f := range g.ar.Files[1:] {
			want[f.Name] = string(f.Data)
		}
		for _, n := range []string{"out.go", "out.json", "diagnostics"} {
			if want[n] != g.got[n] {
				stale = append(stale, string(diff.Diff(g.file+" "+n+" (checked in)", []byte(want[n]), g.file+" "+n+" (regenerated)", []byte(g.got[n]))))
			}
		}
	}
	if len(stale) > 0 {
		t.Errorf("stale generated files: regeneration differs from what is checked in (ROSETTAC_UPDATE=1 go test ./golden/ rewrites them):\n%s", strings.Join(stale, "\n"))
	}
}

// TestGoGoldenKinds keeps the golden set honest: the seed's declarations and
// each named edge case have a compiled golden.
func TestGoGoldenKinds(t *testing.T) {
	have := map[string]bool{}
	for _, g := range loadGoGoldens(t) {
		if _, ok := g.got["out.go"]; ok {
			have[strings.TrimSuffix(filepath.Base(g.file), ".txtar")] = true
		}
	}
	for _, n := range []string{"seed_weather", "seed_tools", "seed_customers", "seed_individuals", "edge_no_params",
		"edge_all_optional", "edge_any", "edge_references", "edge_names", "edge_validate"} {
		if !have[n] {
			t.Errorf("golden %s is missing or generates no Go", n)
		}
	}
}

// TestGoGoldenCompiles builds and vets every generated golden in a temporary
// module that uses this repository's runtime package (through a replace
// directive), as a user's module would.
func TestGoGoldenCompiles(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := tempModule(t)
	n := 0
	for _, g := range loadGoGoldens(t) {
		src, ok := g.got["out.go"]
		if !ok {
			continue
		}
		n++
		name := strings.TrimSuffix(filepath.Base(g.file), ".txtar")
		write(t, filepath.Join(dir, name, g.pkg+".go"), src)
	}
	if n < 10 {
		t.Fatalf("only %d goldens generate Go", n)
	}
	runGo(t, dir, "the module of the generated goldens", []string{"build", "./..."}, []string{"vet", "./..."})
}

// tempModule returns a temporary module named gentest that uses this
// repository's runtime package (through a replace directive), as a user's
// module would.
func tempModule(t *testing.T) string {
	t.Helper()
	root := moduleRoot(t)
	dir := t.TempDir()
	gomod := fmt.Sprintf("module gentest\n\ngo 1.26\n\nrequire github.com/rosettac/rosettac v0.0.0\n\nreplace github.com/rosettac/rosettac => %s\n", root)
	write(t, filepath.Join(dir, "go.mod"), gomod)
	if b, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		write(t, filepath.Join(dir, "go.sum"), string(b))
	}
	return dir
}

// goCommand is the go command with args in dir, a module of its own (no
// workspace, no network, this toolchain).
func goCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local")
	return cmd
}

// runGo runs the go command once for each of argss in dir, a module of its
// own (no workspace, no network, this toolchain), failing the test with the
// output of each run that fails; where names the module in the message.
func runGo(t *testing.T, dir, where string, argss ...[]string) {
	t.Helper()
	for _, args := range argss {
		if out, err := goCommand(dir, args...).CombinedOutput(); err != nil {
			t.Errorf("go %s in %s: %v\n%s", strings.Join(args, " "), where, err, out)
		}
	}
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gCode matches a Go generation code in Go source.
var gCode = regexp.MustCompile(`"(G[0-9]{3})"`)

// TestGCodesDocumented checks that every G code of emit/gogen and
// emit/jsonschema is catalogued in docs/gogen.md and appears in a test.
func TestGCodesDocumented(t *testing.T) {
	codes := sourceCodes(t, gCode, 4, "emit/gogen", "emit/jsonschema", "emit/agentcard")
	doc, err := os.ReadFile("../docs/gogen.md")
	if err != nil {
		t.Fatal(err)
	}
	tests := filesText("../emit/gogen/*_test.go", "testdata/gogen/*.txtar", "../cmd/rosettac/testdata/script/gen_*.txtar")
	for _, c := range slices.Sorted(maps.Keys(codes)) {
		if !strings.Contains(string(doc), "### "+c+"\n") {
			t.Errorf("%s is not catalogued in docs/gogen.md (### %s)", c, c)
		}
		if !strings.Contains(tests, c) {
			t.Errorf("%s appears in no test", c)
		}
	}
}

// The example module examples/gotools: its generated tools.go must be what its
// go:generate line produces now, and its own tests (real [CALL] texts through
// the generated Dispatch) must pass.
const exampleDir = "../examples/gotools"

func TestExampleGoToolsFresh(t *testing.T) {
	docGo, err := os.ReadFile(filepath.Join(exampleDir, "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	const directive = "//go:generate go tool rosettac gen go tools.adsl -o tools.go --package gotools --validate --mcp\n"
	if !strings.Contains(string(docGo), directive) {
		t.Fatalf("examples/gotools/doc.go lacks %q; keep this test's options in step with it", directive)
	}
	src, err := os.ReadFile(filepath.Join(exampleDir, "tools.adsl"))
	if err != nil {
		t.Fatal(err)
	}
	res := compiler.Check("tools.adsl", src, compiler.Options{})
	if res.Diags.HasErrors() {
		t.Fatalf("tools.adsl: %v", res.Diags)
	}
	files, ds := gogen.Generate(res.Doc, gogen.Options{Package: "gotools", Source: "tools.adsl", Validate: true, MCP: true})
	if len(ds) != 0 || len(files) != 1 {
		t.Fatalf("gen: %v", ds)
	}
	have, err := os.ReadFile(filepath.Join(exampleDir, "tools.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != string(files[0].Data) {
		t.Errorf("stale generated files: examples/gotools/tools.go differs from regeneration (run go generate in examples/gotools):\n%s",
			diff.Diff("tools.go (checked in)", have, "tools.go (regenerated)", files[0].Data))
	}
}

func TestExampleGoToolsModule(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test in a nested module (slow); skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	runGo(t, exampleDir, "examples/gotools", []string{"vet", "./..."}, []string{"test", "-count=1", "./..."})
}
