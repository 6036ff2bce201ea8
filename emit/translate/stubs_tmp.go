package translate

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func agentDSLJSON(d *ir.DSLDoc) ([]byte, diag.List) {
	return nil, unsupported(ir.AgentDSL, ir.JSON, d.Span)
}
