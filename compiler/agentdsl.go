package compiler

import (
	"fmt"
	"io"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

// AgentDSL: grammars/agentdsl reads and prints, passes/schema checks.
//
// When only diagnostics are wanted (Diagnose, rosettac check),
// the reader streams: each block and each row goes straight to the checker and
// no row is kept, so checking a table of millions of rows holds the schemas and
// the row IDs, never the rows.
var agentDSLFrontEnd = &frontEnd{
	lang: ir.AgentDSL,
	exts: []string{".adsl"},
	sniff: func(line []byte) bool {
		return hasAnyPrefix(line, "[SCHEMA:", "[DATA]", "[FUNCTIONS]", "[CALL]", "[RESULT]")
	},
	parse: func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		return agentdsl.Parse(src)
	},
	check: func(doc ir.Document, _ *diag.Source, _ *Options) diag.List {
		return schema.Check(doc.(*ir.DSLDoc))
	},
	diagnose: func(src *diag.Source, _ *Options) (ir.Document, diag.List) {
		return streamCheck(src)
	},
	print: func(doc ir.Document, _ FormatOptions) ([]byte, diag.List) {
		return agentdsl.Print(doc.(*ir.DSLDoc)), nil
	},
	checkReader: CheckReaderLimit,
	stream:      newAgentDSLStream,
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
	s := &skeleton{doc: &ir.DSLDoc{Span: src.Span(0, src.Len())}, c: schema.New()}
	ds := agentdsl.Stream(src, s)
	return s.doc, append(ds, s.c.Finish()...)
}

// CheckReader checks an AgentDSL document read from rd, streaming: it never
// holds the input or its rows, only the schemas and the row IDs, so it checks
// documents of any size (no size limit applies). Result.Source is nil; a
// caller that wants source snippets in printed diagnostics may attach one.
// It reports F001 for an empty input and F002 for bytes that are not UTF-8,
// as Check does; a read error is returned as is.
func CheckReader(file string, rd io.Reader) (*Result, error) {
	return CheckReaderLimit(file, rd, DefaultMaxBytes)
}

// CheckReaderLimit is CheckReader holding at most maxLine bytes of one line
// (0 means DefaultMaxBytes); a longer line is an F005 error and ends the check.
func CheckReaderLimit(file string, rd io.Reader, maxLine int64) (*Result, error) {
	if maxLine <= 0 {
		maxLine = DefaultMaxBytes
	}
	res := &Result{File: file, Lang: ir.AgentDSL}
	s := &skeleton{doc: &ir.DSLDoc{}, c: schema.New()}
	ds, st, err := agentdsl.StreamReaderLimit(file, rd, s, maxLine)
	if err != nil {
		return nil, err
	}
	switch {
	case st.LongLine.IsValid():
		res.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeLineTooLong, Span: st.LongLine,
			Message: fmt.Sprintf("line %d is longer than %d bytes; checking stopped there", st.LongLine.Start().Line, maxLine),
			Hint:    "a streamed check holds one line at a time: raise the limit with --max-bytes if the line is meant to be that long"})
		return res, nil
	case st.BadUTF8.IsValid():
		res.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeNotUTF8, Span: st.BadUTF8,
			Message: fmt.Sprintf("input is not valid UTF-8 (byte 0x%02x at offset %d)", st.BadByte, st.BadUTF8.StartOffset()),
			Hint:    "re-encode the file as UTF-8"})
		return res, nil
	case !st.NonBlank:
		res.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeEmpty, Span: diag.NewWindow(file, nil, 0, 1).Span(0, 0),
			Message: "input is empty", Hint: "give a file with at least one message"})
		return res, nil
	}
	res.Doc = s.doc
	res.Diags = append(ds, s.c.Finish()...)
	res.Diags.Sort()
	res.Diags = res.Diags.Dedup()
	return res, nil
}
