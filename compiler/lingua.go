package compiler

import (
	"github.com/rosettac/rosettac/diag"
	grammar "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/ir"
)

// Agent Lingua: grammars/lingua parses and prints.
func init() {
	registerParser(ir.Lingua, func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		return grammar.Parse(src)
	})
	registerPrinter(ir.Lingua, func(doc ir.Document, _ FormatOptions) ([]byte, diag.List) {
		return grammar.Print(doc.(*ir.LinguaTranscript)), nil
	})
}
