package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

// JSON input is AgentDSL's data form (docs/agentdsl.md): from_json reads it into
// an AgentDSL document, which the AgentDSL checker then checks. A file that is
// not of the supported shape gets T010-T012 diagnostics naming its JSON path.
func init() {
	registerParser(ir.JSON, func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		doc, ds := datajson.FromJSON(src, agentdsl.Syntax{})
		if doc == nil {
			return nil, ds
		}
		return doc, ds
	})
	registerChecker(ir.JSON, func(doc ir.Document, _ *diag.Source, _ *Options) diag.List {
		return schema.Check(doc.(*ir.DSLDoc))
	})
}
