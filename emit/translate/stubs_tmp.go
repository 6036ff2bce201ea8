package translate

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func agentDSLJSON(d *ir.DSLDoc) ([]byte, diag.List) { return nil, unsupported(ir.AgentDSL, ir.JSON, d.Span) }
func rosettaJSON(t *ir.Transcript) []byte      { return nil }
func linguaJSON(t *ir.LinguaTranscript) []byte { return nil }

func FromJSON(name string, data []byte) (ir.Language, []byte, diag.List) { return "", nil, nil }
