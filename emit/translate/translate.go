package translate

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/ir"
)

// CodeUnsupported is the diagnostic for a pair of languages rosettac cannot translate.
const CodeUnsupported = "T000"

// agentDSLJSON is AgentDSL's data form: the relational to_json of
// docs/agentdsl.md (internal/datajson). JSON data read back (--from json) is
// an AgentDSL document, so --from json --to agentdsl prints it.
func agentDSLJSON(d *ir.DSLDoc) ([]byte, diag.List) {
	return datajson.ToJSON(d, agentdsl.Syntax{})
}
