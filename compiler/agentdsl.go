package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

// AgentDSL's stages: grammars/agentdsl reads and prints, passes/schema checks.
//
// When only diagnostics are wanted (Options.DiagnosticsOnly, rosettac check),
// the reader streams: each block and each row goes straight to the checker and
// no row is kept, so checking a table of millions of rows holds the schemas and
// the row IDs, never the rows. The parse stage then returns the checker's
// diagnostics too, and the check stage has nothing left to do.
func init() {
	registerParser(ir.AgentDSL, func(src *diag.Source, opt *Options) (ir.Document, diag.List) {
		if opt.DiagnosticsOnly && !opt.syntaxOnly {
			return streamCheck(src)
		}
		return agentdsl.Parse(src)
	})
	registerChecker(ir.AgentDSL, func(doc ir.Document, _ *diag.Source, opt *Options) diag.List {
		if opt.DiagnosticsOnly {
			return nil // checked while streaming
		}
		return schema.Check(doc.(*ir.DSLDoc))
	})
	registerPrinter(ir.AgentDSL, func(doc ir.Document, _ FormatOptions) ([]byte, diag.List) {
		return agentdsl.Print(doc.(*ir.DSLDoc)), nil
	})
}

// skeleton keeps every block but no row, and passes everything on to the checker.
type skeleton struct {
	doc *ir.DSLDoc
	c   *schema.Checker
}

func (s *skeleton) Block(b ir.DSLBlock) {
	s.doc.Blocks = append(s.doc.Blocks, b)
	s.c.Block(b)
}

func (s *skeleton) Row(d *ir.DSLData, r *ir.DSLRow) { s.c.Row(d, r) }

func streamCheck(src *diag.Source) (ir.Document, diag.List) {
	s := &skeleton{doc: &ir.DSLDoc{Span: src.Span(0, len(src.Text))}, c: schema.New()}
	ds := agentdsl.StreamBytes(src.File, src.Text, s)
	return s.doc, append(ds, s.c.Finish()...)
}
