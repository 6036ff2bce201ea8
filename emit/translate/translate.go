// Package translate owns cross-format translation: a checked document printed
// as another language, with a T diagnostic for every piece of information the
// target cannot carry. This issue gives it AgentDSL to and from its JSON data
// form (internal/datajson); Rosetta and Lingua pairs come later.
package translate

import (
	"fmt"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/ir"
)

// CodeUnsupported is the diagnostic for a pair of languages with no translation yet.
const CodeUnsupported = "T000"

// Translate prints doc in language to. Documents read from JSON data are
// AgentDSL documents, so --from json --to agentdsl is Translate(doc, AgentDSL).
func Translate(doc ir.Document, to ir.Language) ([]byte, diag.List) {
	if d, ok := doc.(*ir.DSLDoc); ok {
		switch to {
		case ir.JSON:
			return datajson.ToJSON(d, agentdsl.Syntax{})
		case ir.AgentDSL:
			return agentdsl.Print(d), nil
		}
	}
	var ds diag.List
	sp := doc.Pos()
	sp.End = sp.Start
	ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeUnsupported, Span: sp,
		Message: fmt.Sprintf("translation from %s to %s is not implemented yet", doc.Language(), to),
		Hint:    "AgentDSL translates to json and agentdsl; JSON data translates to agentdsl"})
	return nil, ds
}
