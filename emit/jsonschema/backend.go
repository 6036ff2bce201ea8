package jsonschema

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/ir"
)

// Generate as a backend (gen jsonschema, compile --emit jsonschema): reads
// Options.Source and Output.
func init() {
	emit.Register(&emit.Backend{Name: "jsonschema", Summary: "JSON Schema tool definitions of AgentDSL [FUNCTIONS]", Ext: ".json",
		Emit: func(doc ir.Document, opt emit.Options) ([]emit.File, diag.List) {
			return Generate(doc, Options{Source: opt.Source, Output: opt.Output, MCP: opt.MCP})
		}})
}
