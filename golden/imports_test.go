package golden

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/rosettac/rosettac"

// adslrtPkg is the runtime of generated Go code, a std-only leaf (see allowed).
const adslrtPkg = "runtime/adslrt"

// allowed says which module-internal and third-party imports each package may
// have (standard library imports are always allowed). Keys are package path
// patterns relative to the module: "grammars/*" matches every grammar package.
// This is the table of ARCHITECTURE.md; golang.org/x/text is allowed where Unicode
// normalisation is needed, go-internal's diff where the CLI prints diffs.
// emit/gogen may use grammars/agentdsl's printer (as translate does) to write
// the canonical [FUNCTIONS] text and column lines into generated code.
//
// runtime/adslrt is allowed below grammars, passes, internal and emit: it is a
// std-only leaf shared by the compiler and the Go code gogen generates (like
// protobuf-go's protoimpl), and it is the one home of AgentDSL's cell rules
// (cell kinds, row splitting, names), so the checker and generated code cannot
// disagree about a cell. docs/architecture.md records this table.
var allowed = map[string][]string{
	"diag":             {},
	"ir":               {"diag"},
	"grammars/*":       {"ir", "diag", "internal/*", "github.com/alecthomas/participle/v2*", "golang.org/x/text/*", adslrtPkg},
	"passes/*":         {"ir", "diag", "internal/*", adslrtPkg},
	"internal/*":       {"ir", "diag", "internal/*", "golang.org/x/text/*", adslrtPkg},
	"internal/handlex": {"github.com/alecthomas/participle/v2/lexer"}, // the grammars' hand lexer: participle's lexer types only
	// Test helpers for the interop fixtures: a maintained JSON Schema
	// validator for the official MCP and A2A schemas. Only tests import it.
	"internal/interoptest": {"github.com/santhosh-tekuri/jsonschema/v6*"},
	"compiler":             {"grammars/*", "passes/*", "ir", "diag", "internal/*"},
	"emit":                 {"ir", "diag"},
	"emit/json":            {"emit", "ir", "diag", "internal/*", adslrtPkg},
	"emit/text":            {"emit", "ir", "diag", "internal/*", "golang.org/x/text/*", adslrtPkg},
	"emit/translate":       {"emit", "ir", "diag", "internal/*", "grammars/*", "emit/json", adslrtPkg},
	"emit/gogen":           {"emit", "ir", "diag", "internal/*", "github.com/dave/jennifer/*", "grammars/agentdsl", adslrtPkg},
	"emit/agentcard":       {"emit", "ir", "diag", "internal/*", adslrtPkg},
	"emit/jsonschema":      {"emit", "ir", "diag", "internal/*", adslrtPkg},
	"emit/tokens":          {"emit", "ir", "diag", "internal/*", "github.com/tiktoken-go/tokenizer*", "github.com/dlclark/regexp2", adslrtPkg}, // regexp2: the pre-tokenizer of tiktoken-go's codecs, run by rosettac's own merge
	".":                    {},
	// The configuration file: its loader reads YAML with positions, and
	// takes the act names from the Rosetta grammar that defines them.
	"config": {"diag", "grammars/rosetta", "go.yaml.in/yaml/v3"},
	// The runtime of generated Go code: generated packages import it, so it stays
	// std-only (no compiler, no participle) to keep users' programs small.
	"runtime/adslrt": {},
	// The language server: the protocol's types (glsp) and framing (jsonrpc2),
	// the compiler's entry points, the configuration file, the renderings.
	"lsp": {"compiler", "config", "docs", "emit", "emit/*", "diag", "ir", "github.com/tliron/glsp*", "github.com/sourcegraph/jsonrpc2"},
	// rosettac's tools as an MCP server: a thin layer over the compiler, as
	// ARCHITECTURE.md's servers are; docs gives it the catalogue pages.
	"play": {"compiler", "emit/*", "diag", "ir"},
	// The playground's go generate step: esbuild's Go API bundles the editor.
	"play/internal/bundle": {"github.com/evanw/esbuild/pkg/api"},
	// A program that reads a Go wasm's code by package (docs/performance.md).
	"play/internal/wasmsize": {},
	"mcpserver":              {"compiler", "emit", "emit/*", "diag", "ir", "docs", "github.com/modelcontextprotocol/go-sdk/*"},
	// The documentation pages, embedded, and the diagnostic catalogue read from them.
	"docs":         {},
	"cmd/rosettac": {"compiler", "config", "emit", "emit/*", "diag", "ir", "lsp", "mcpserver", "mesh", "play", "github.com/modelcontextprotocol/go-sdk/mcp", "github.com/rogpeppe/go-internal/diff"},
	// The live mesh: the gateway and the Go client on NATS JetStream; its
	// policy is the configuration file's mesh section.
	"mesh":   {"compiler", "config", "emit", "emit/*", "diag", "ir", "github.com/nats-io/*"},
	"bench":  {"*"}, // a program: the token benchmark suite
	"golden": {"*"},
	"fuzz":   {"*"},
}

func match(pattern, path string) bool {
	if pattern == "*" {
		return true
	}
	if strings.HasSuffix(pattern, "*") {
		return strings.HasPrefix(path, strings.TrimSuffix(pattern, "*"))
	}
	return pattern == path
}

// TestImportRules parses the imports of every non-test Go file of the module
// (reading the files, so the test cache notices any change) and checks them
// against the table.
func TestImportRules(t *testing.T) {
	root := moduleRoot(t)
	imports := map[string]map[string]bool{} // package dir -> imports
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "examples" || rel == "testdata" || strings.HasSuffix(rel, "/testdata") || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(rel))
		if imports[dir] == nil {
			imports[dir] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			imports[dir][p] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, imps := range imports {
		rules, found := allowed[pkg]
		if !found {
			for pattern, r := range allowed {
				if strings.HasSuffix(pattern, "/*") && match(pattern, pkg) {
					rules, found = r, true
				}
			}
		}
		if !found {
			t.Errorf("package %s is not in the import table of golden/imports_test.go (and ARCHITECTURE.md); add it", pkg)
			continue
		}
		for imp := range imps {
			if !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") {
				continue // standard library
			}
			rel := strings.TrimPrefix(imp, module+"/")
			ok := false
			for _, r := range rules {
				if match(r, rel) {
					ok = true
					break
				}
			}
			if !ok {
				t.Errorf("%s imports %s, which the architecture does not allow", pkg, rel)
			}
		}
	}
}
