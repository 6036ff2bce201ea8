package golden

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestAPIDoc holds docs/api.md to the compiler package: every name the
// package exports (functions, types, constants, variables and the methods of
// exported types) is named on the page in backquotes, and every name in the
// first column of the page's tables is one the package exports.
func TestAPIDoc(t *testing.T) {
	page, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	exported := compilerExports(t)
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`([A-Z][A-Za-z0-9]*)`").FindAllStringSubmatch(string(page), -1) {
		named[m[1]] = true
	}
	var missing []string
	for name := range exported {
		if !named[name] {
			missing = append(missing, name)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("docs/api.md does not name the compiler package's exported %s", strings.Join(missing, ", "))
	}
	// A name in the first column of a table is a claim that the package has it.
	for _, m := range regexp.MustCompile("(?m)^\\| ((?:`[A-Za-z0-9]+`(?:, )?)+) \\|").FindAllStringSubmatch(string(page), -1) {
		for _, n := range regexp.MustCompile("`([A-Za-z0-9]+)`").FindAllStringSubmatch(m[1], -1) {
			if !exported[n[1]] {
				t.Errorf("docs/api.md lists %s, which the compiler package does not export", n[1])
			}
		}
	}
}

// compilerExports returns the exported names of compiler's non-test files,
// methods of exported types included (by their own names).
func compilerExports(t *testing.T) map[string]bool {
	files, _ := filepath.Glob("../compiler/*.go")
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv != nil {
					recv := d.Recv.List[0].Type
					if s, ok := recv.(*ast.StarExpr); ok {
						recv = s.X
					}
					if id, ok := recv.(*ast.Ident); !ok || !id.IsExported() {
						continue
					}
				}
				out[d.Name.Name] = true
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							out[s.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								out[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return out
}
