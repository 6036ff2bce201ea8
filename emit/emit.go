// Package emit owns the backend contract: a backend takes a checked document and
// returns an ordered list of named files. Backends are pure; the command line
// writes the files (and refuses names that escape the output directory).
//
// Each backend package registers its Backend from an init function (emit/json
// registers "ir", emit/gogen "go", emit/jsonschema "jsonschema"); the command
// line reads the registry for `compile --emit` and `gen`, so adding a backend is
// one package and one Register call (docs/architecture.md, "Adding a backend").
package emit

import (
	"fmt"
	"sort"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// File is one output of a backend.
type File struct {
	Name string // relative, slash-separated path
	Data []byte
}

// Backend is one kind of output.
type Backend struct {
	Name    string // the --emit value and the gen target: "ir", "go", "jsonschema"
	Summary string // one line for help
	Ext     string // extension of the output's default name (Options.Output)

	// Emit produces the outputs of one checked document. It never panics: a
	// document it cannot handle (another language, nothing to emit) gives
	// diagnostics and no file.
	Emit func(doc ir.Document, opt Options) ([]File, diag.List)
}

// Options is what a backend is told about its input and output. Each backend
// reads the fields its documentation names and ignores the others.
type Options struct {
	Source string      // the input's name as the outputs show it
	Output string      // the output file's name; "" means Source with Backend.Ext for its extension
	Diags  diag.List   // the input's diagnostics, for outputs that carry them (ir)
	Lang   ir.Language // the language the input was read as (JSON data is read into AgentDSL's IR)
	Text   string      // the input's text, for an output that is the input itself (json of JSON)

	// Go (gen go).
	Package  string // Go package name of the generated file
	Validate bool   // also generate Validate methods

	// MCP: gen go writes RegisterMCP for the official MCP Go SDK; gen
	// jsonschema writes MCP's tools/list result (protocol 2025-11-25).
	MCP bool
}

var backends = map[string]*Backend{}

// Register adds a backend to the registry. It panics on a name registered
// twice, which is a programming error found at start-up.
func Register(b *Backend) {
	if backends[b.Name] != nil {
		panic(fmt.Sprintf("emit: backend %q registered twice", b.Name))
	}
	backends[b.Name] = b
}

// Lookup returns the backend called name, or nil.
func Lookup(name string) *Backend { return backends[name] }

// Backends lists the registered backends, sorted by name.
func Backends() []*Backend {
	out := make([]*Backend, 0, len(backends))
	for _, b := range backends {
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
