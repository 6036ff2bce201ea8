package gogen

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/ir"
)

// Generate as a backend (gen go, compile --emit go): reads Options.Source,
// Output, Package and Validate.
func init() {
	emit.Register(&emit.Backend{Name: "go", Summary: "typed Go for AgentDSL [FUNCTIONS] and [SCHEMA] blocks (docs/gogen.md)", Ext: ".go",
		Emit: func(doc ir.Document, opt emit.Options) ([]emit.File, diag.List) {
			return Generate(doc, Options{Package: opt.Package, Source: opt.Source, Output: opt.Output, Validate: opt.Validate, MCP: opt.MCP})
		}})
}
