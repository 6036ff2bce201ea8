// Package jsonschema owns `rosettac gen jsonschema`: the functions of an
// AgentDSL [FUNCTIONS] declaration as JSON Schema tool definitions, in the shape
// an MCP host lists tools ({"tools":[{"name","description","inputSchema",
// "outputSchema"}]}) and A2A agents describe skills, so that the Go contract
// (emit/gogen) and the wire contract come from one declaration.
//
// The mapping is internal/toolschema's (docs/gogen.md). Options.MCP writes the
// result of MCP's tools/list exactly as protocol 2025-11-25 defines it, each
// schema naming its dialect (JSON Schema 2020-12, MCP's default) in "$schema";
// a test validates it against the protocol's own schema for every AgentDSL file
// in the repository.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/internal/toolschema"
	"github.com/rosettac/rosettac/ir"
)

// Diagnostic codes (docs/gogen.md).
const (
	CodeNotDSL      = "G004" // the input is not AgentDSL (shared with emit/gogen)
	CodeNoFunctions = "G005" // no [FUNCTIONS] to describe
)

// Options configures Generate.
type Options struct {
	Source string // the input's name
	Output string // the output file's name; "" means Source with .json for its extension
	MCP    bool   // MCP's tools/list result (2025-11-25), every schema with its "$schema"
}

// Generate returns the tool definitions of doc's functions as one JSON file.
func Generate(doc ir.Document, opt Options) ([]emit.File, diag.List) {
	var ds diag.List
	d, ok := doc.(*ir.DSLDoc)
	if !ok || d == nil {
		sp := diag.FileSpan(opt.Source)
		what := "unreadable input"
		if doc != nil {
			sp = doc.Pos().Collapse()
			what = string(doc.Language()) + " input"
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNotDSL, Span: sp,
			Message: "gen reads AgentDSL, not " + what, Hint: "give an .adsl file, or pass --from agentdsl"})
		return nil, ds
	}
	var tools []any
	seen := map[string]bool{}
	for _, b := range d.Blocks {
		fs, ok := b.(*ir.DSLFunctions)
		if !ok {
			continue
		}
		for _, f := range fs.Funcs {
			if seen[f.Name] {
				continue // AD061, reported by the checker
			}
			seen[f.Name] = true
			tools = append(tools, toolschema.Tool(f, toolschema.Options{Dialect: opt.MCP}))
		}
	}
	if len(tools) == 0 {
		sp := d.Span.Collapse()
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoFunctions, Span: sp,
			Message: "no functions to describe: the document has no [FUNCTIONS] block",
			Hint:    "gen jsonschema describes the functions of a [FUNCTIONS] block"})
		return nil, ds
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(toolschema.Object{{Key: "tools", Value: tools}}); err != nil {
		// Every value is a string, a bool or a container of them: a bug.
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoFunctions, Span: d.Span,
			Message: "internal error: " + err.Error(), Hint: "please report this with the input"})
		return nil, ds
	}
	name := opt.Output
	if name == "" {
		name = strings.TrimSuffix(path.Base(opt.Source), path.Ext(opt.Source)) + ".json"
	}
	return []emit.File{{Name: name, Data: b.Bytes()}}, ds
}
