package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
)

// AgentDSL's stages: grammars/agentdsl reads and prints, passes/schema checks.
func init() {
	registerParser(ir.AgentDSL, func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		return agentdsl.Parse(src)
	})
	registerPrinter(ir.AgentDSL, func(doc ir.Document, _ FormatOptions) ([]byte, diag.List) {
		return agentdsl.Print(doc.(*ir.DSLDoc)), nil
	})
}
