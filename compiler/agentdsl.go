package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

// AgentDSL's stages: grammars/agentdsl reads and prints, passes/schema checks.
func init() {
	registerParser(ir.AgentDSL, func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		return agentdsl.Parse(src)
	})
	registerChecker(ir.AgentDSL, func(doc ir.Document, _ *diag.Source, _ *Options) diag.List {
		return schema.Check(doc.(*ir.DSLDoc))
	})
	registerPrinter(ir.AgentDSL, func(doc ir.Document, _ FormatOptions) ([]byte, diag.List) {
		return agentdsl.Print(doc.(*ir.DSLDoc)), nil
	})
}
