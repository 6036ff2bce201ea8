package translate

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func fromAgentDSL(d *ir.DSLDoc, to ir.Language) ([]byte, diag.List) { return nil, nil }
func rosettaToAgentDSL(t *ir.Transcript, span func(*ir.Message) diag.Span) ([]byte, diag.List) {
	return nil, nil
}
func rosettaJSON(t *ir.Transcript) []byte      { return nil }
func linguaJSON(t *ir.LinguaTranscript) []byte { return nil }

func FromJSON(name string, data []byte) (ir.Language, []byte, diag.List) { return "", nil, nil }
