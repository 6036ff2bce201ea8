package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
)

func init() {
	register(&command{name: "gen", args: "go|jsonschema|agentcard [flags] FILE...",
		summary: "generate typed Go (gen go) or JSON Schema tool definitions (gen jsonschema) from AgentDSL declarations, or an A2A Agent Card (gen agentcard HELLO.rose TOOLS.adsl)",
		run:     runGen})
}

// genTargets are the backends gen runs: the ones that generate from AgentDSL
// declarations.
var genTargets = map[string]bool{"go": true, "jsonschema": true}

func runGen(e *env, args []string) int {
	c := commands["gen"]
	if len(args) > 0 && args[0] == "agentcard" {
		return runGenAgentCard(e, c, args[1:])
	}
	if len(args) == 0 || !genTargets[args[0]] || emit.Lookup(args[0]) == nil {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprintf(e.stdout, "usage: rosettac gen %s\n\n%s\n\nrun 'rosettac gen go -h' or 'rosettac gen jsonschema -h' for the flags\n", c.args, c.summary)
			return exitOK
		}
		what := "missing target"
		if len(args) > 0 {
			what = fmt.Sprintf("unknown target %q", args[0])
		}
		return usageError(e, c, fmt.Errorf("%s: want gen go, gen jsonschema or gen agentcard", what))
	}
	kind, target := args[0], emit.Lookup(args[0])
	sub := &command{name: "gen " + kind, args: "[flags] FILE.adsl", summary: c.summary}
	fs := newFlags(e, sub)
	var in inputFlags
	var df diagFlags
	var out, pkg string
	var check, validate, mcp bool
	in.register(fs, e.stderr)
	df.registerProduct(fs)
	df.registerStrict(fs)
	fs.StringVar(&out, "o", "", "output file (default: standard output)")
	fs.BoolVar(&check, "check", false, "write nothing; exit 1 with a diff when the -o file is not what gen would write")
	if kind == "go" {
		fs.StringVar(&pkg, "package", "", "package name of the generated file (default: the input's base name)")
		fs.BoolVar(&validate, "validate", false, "also generate Validate methods")
		fs.BoolVar(&mcp, "mcp", false, "also generate RegisterMCP, which serves the functions as MCP tools with the official Go SDK")
	} else {
		fs.BoolVar(&mcp, "mcp", false, "write MCP's tools/list result (protocol 2025-11-25), each schema naming its dialect")
	}
	files, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return usageError(e, sub, err)
	}
	if len(files) != 1 {
		return usageError(e, sub, fmt.Errorf("want one input file, got %d", len(files)))
	}
	if check && out == "" {
		return usageError(e, sub, errors.New("--check compares with the file named by -o"))
	}
	if kind == "go" {
		if pkg == "" && files[0] == "-" {
			return usageError(e, sub, errors.New("standard input has no file name to take a package name from: name one with --package"))
		}
		if pkg == "" {
			pkg = defaultPackage(files[0])
		}
		if !token.IsIdentifier(pkg) || pkg == "_" {
			return usageError(e, sub, fmt.Errorf("--package: %q is not a Go package name; name one with --package", pkg))
		}
	}
	results, code := loadFiles(e, sub, files, &in, &df, compiler.Check)
	if len(results) == 0 {
		return max(code, exitUsage) // a usage error, or the file could not be read
	}
	r := results[0]
	var gen []emit.File
	if !r.Diags.HasErrors() {
		var ds diag.List
		gen, ds = target.Emit(r.Doc, emit.Options{Source: sourceName(files[0], r.File, out), Output: filepath.Base(out), Package: pkg, Validate: validate, MCP: mcp})
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
	}
	exit := report(e.stderr, results, &df)
	if exit != exitOK || len(gen) == 0 {
		if exit == exitOK {
			exit = exitDiags
		}
		return exit
	}
	data := gen[0].Data
	switch {
	case check:
		old, err := os.ReadFile(out)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", sub.name, err)
			return exitUsage
		}
		if !bytes.Equal(old, data) {
			e.stdout.Write(diff.Diff(out, old, out+" (generated)", data))
			// The fix is the same command without --check, flags and all.
			regen := []string{"rosettac", "gen", kind, files[0], "-o", out}
			if kind == "go" {
				regen = append(regen, "--package", pkg)
				if validate {
					regen = append(regen, "--validate")
				}
			}
			if mcp {
				regen = append(regen, "--mcp")
			}
			fmt.Fprintf(e.stderr, "rosettac %s: %s is stale: run %s\n", sub.name, out, strings.Join(regen, " "))
			return exitDiags
		}
		return exitOK
	case out != "":
		if err := os.WriteFile(out, data, 0o644); err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", sub.name, err)
			return exitUsage
		}
		return exitOK
	}
	return writeAll(e, sub, e.stdout, data)
}

// sourceName is the input's name for the "// source:" line: relative to the
// output's directory when there is an output, so that the same file is
// generated from any working directory (go generate runs in the package's),
// else as given.
func sourceName(arg, file, out string) string {
	if arg == "-" || out == "" {
		return filepath.ToSlash(file)
	}
	absIn, err1 := filepath.Abs(arg)
	absOut, err2 := filepath.Abs(out)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(arg)
	}
	rel, err := filepath.Rel(filepath.Dir(absOut), absIn)
	if err != nil {
		return filepath.ToSlash(arg)
	}
	return filepath.ToSlash(rel)
}

// defaultPackage makes a package name of the input's base name: weather.adsl
// gives weather, my-tools.adsl mytools.
func defaultPackage(file string) string {
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		if r >= 'a' && r <= 'z' || r == '_' || r >= '0' && r <= '9' && b.Len() > 0 {
			b.WriteRune(r)
		}
	}
	if token.IsKeyword(b.String()) {
		return b.String() + "_"
	}
	return b.String()
}
