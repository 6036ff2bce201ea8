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
var jsonFrontEnd = &frontEnd{
	lang: ir.JSON,
	exts: []string{".json"},
	parse: func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		doc, ds := datajson.FromJSON(src, agentdsl.Syntax{})
		if doc == nil {
			return nil, ds
		}
		return doc, ds
	},
	check: func(doc ir.Document, _ *diag.Source, _ *Options) diag.List {
		return schema.Check(doc.(*ir.DSLDoc))
	},
}
