// Package agentdsl owns AgentDSL 0.0.2's syntax: a Go line classifier that reads
// a document line by line and splits rows into cells, the participle grammars of
// its structure lines (grammar.go: block headers, column lines, function
// declarations, call parameters), the lowering of both to ir.DSLDoc, and the
// canonical printer (print.go).
//
// Reading is syntax only; passes/schema checks types, references and calls. The
// reader never fails: every line ends up in the IR (a line that fits nowhere is a
// DSLBad block) and every problem is a diagnostic (codes AD001-AD002).
//
// Stream is the line-by-line reader under Parse: it hands each block to a
// Handler as soon as it is complete and each [DATA] row as it is read, so a
// caller that only checks never holds the rows of a large table.
package agentdsl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/chatter"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// Diagnostic codes of the grammar.
const (
	CodeStray   = "AD001" // a line that belongs to no block, or does not fit the block it stands in
	CodeSyntax  = "AD002" // a structure line (header, columns, function, parameter) that does not parse
	CodeChatter = "AD003" // INFO: a markdown fence, or prose outside any block, kept as prose (issue #21)
)

// Handler receives a document as Stream reads it.
type Handler interface {
	// Block receives each block once it is complete, in source order. A
	// *ir.DSLData comes at its header, before its rows, with Rows empty.
	Block(b ir.DSLBlock)
	// Row receives each row of a [DATA] block. The row and its cells are only
	// valid during the call: the reader reuses them for the next row.
	Row(d *ir.DSLData, r *ir.DSLRow)
}

// Parse reads a whole AgentDSL document into its IR. It never fails; problems
// are diagnostics.
func Parse(src *diag.Source) (*ir.DSLDoc, diag.List) {
	b := &builder{doc: &ir.DSLDoc{Span: src.Span(0, src.Len())}}
	ds := Stream(src, b)
	return b.doc, ds
}

// builder is the Handler behind Parse: it keeps everything. Cells of all rows
// share one growing slab, so a table costs a few large allocations.
type builder struct {
	doc  *ir.DSLDoc
	slab []ir.DSLCell
}

func (b *builder) Block(bl ir.DSLBlock) { b.doc.Blocks = append(b.doc.Blocks, bl) }

func (b *builder) Row(d *ir.DSLData, r *ir.DSLRow) {
	if cap(b.slab)-len(b.slab) < len(r.Cells) {
		b.slab = make([]ir.DSLCell, 0, max(4096, 2*len(r.Cells)))
	}
	n := len(b.slab)
	b.slab = append(b.slab, r.Cells...)
	row := *r
	row.Cells = b.slab[n:len(b.slab):len(b.slab)]
	d.Rows = append(d.Rows, row)
}

// line is one source line without its line ending.
type line struct {
	text string // exact bytes
	off  int    // byte offset of text in the file
	num  int    // 1-based line number
	win  *diag.Source
}

// span returns the span of bytes [start, end) of line l: a span of the whole
// file's Source when the reader has one, else of a window holding just the
// line, made the first time the line needs a span (StreamReader keeps no
// more of its input than the line it is on).
func (r *reader) span(l *line, start, end int) diag.Span {
	if r.src == nil {
		if l.win == nil {
			l.win = diag.NewWindowString(r.file, l.text, l.off, l.num)
		}
		return l.win.Span(l.off+start, l.off+end)
	}
	return r.src.Span(l.off+start, l.off+end)
}

// The states of the reader: which block the current line belongs to.
type state int

const (
	inNone state = iota
	inSchema
	inData
	inFunctions
	inCall
	inResult
	inJSON
)

// reader is Stream's state.
type reader struct {
	file  string
	src   *diag.Source // the whole input, or nil when it is streamed
	h     Handler
	diags diag.List

	st      state
	blocks  int // blocks handed to h so far
	pending []ir.DSLBlock

	// The open block (at most one is non-nil).
	schema *ir.DSLSchema
	data   *ir.DSLData
	funcs  *ir.DSLFunctions
	// afterBlank says the line before was blank: a block ends there, so a
	// `[data]` after it is a marker in a near form, not a function's name.
	afterBlank bool
	call       *ir.DSLCall
	result     *ir.DSLResult
	jsonb      *ir.DSLJSON

	fn         *ir.DSLFunction // the open function of funcs
	lastSchema int             // block index of the latest schema, or -1
	kinds      []ir.DSLTypeKind
	resultWant int // inResult: 0 rows, 1 status line next, 2 error message next, 3 done

	row ir.DSLRow // reused for [DATA] rows

	// Streamed (src nil), the open block's span is stretched once, when the
	// block closes, to the last line extend saw: its start and end are on
	// different line windows, and joining them (Span.Through) allocates.
	endSp   *diag.Span
	endLine line
}

// Stream reads src line by line, handing blocks and rows to h as it goes, and
// returns the syntax diagnostics. It holds one block at a time, and no [DATA]
// row beyond the call to h.Row. Strings in the blocks share src's memory.
func Stream(src *diag.Source, h Handler) diag.List {
	r := &reader{file: src.File, src: src, h: h, lastSchema: -1}
	text := src.Content()
	num := 0
	for off := diag.BOMLen(text); off < len(text); {
		num++
		end, next := diag.LineEnd(text, off)
		r.line(line{text: text[off:end], off: off, num: num})
		off = next
	}
	r.close()
	return r.diags
}

func (r *reader) add(code string, sp diag.Span, hint, format string, args ...any) {
	r.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: code, Span: sp, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// note reports an info: chatter kept, nothing wrong with the document.
func (r *reader) note(code string, sp diag.Span, hint, msg string) {
	r.diags.Add(diag.Diagnostic{Severity: diag.Info, Code: code, Span: sp, Hint: hint, Message: msg})
}

// deliver hands a block to the handler and counts it.
func (r *reader) deliver(b ir.DSLBlock) {
	r.h.Block(b)
	r.blocks++
}

// stray reports a line that fits nowhere and keeps it.
func (r *reader) stray(l *line, t string, hint, why string) {
	sp := r.span(l, len(l.text)-len(strings.TrimLeft(l.text, " \t")), len(strings.TrimRight(l.text, " \t")))
	r.add(CodeStray, sp, hint, "%s", why)
	r.keep(l)
}

// keep keeps a line as a DSLBad block, delivered after the open block so that
// block indexes stay in source order.
func (r *reader) keep(l *line) {
	bad := &ir.DSLBad{Span: r.span(l, 0, len(l.text)), Text: l.text}
	if r.st == inNone || r.st == inData {
		r.deliver(bad)
		return
	}
	r.pending = append(r.pending, bad)
}

// close completes the open block.
func (r *reader) close() {
	if r.endSp != nil {
		l := &r.endLine
		*r.endSp = r.endSp.Through(r.span(l, len(l.text), len(l.text)))
		r.endSp = nil
	}
	switch {
	case r.schema != nil:
		r.deliver(r.schema)
	case r.data != nil:
		// Delivered at its header; its span grows with its rows.
	case r.funcs != nil:
		r.closeFunc()
		r.deliver(r.funcs)
	case r.call != nil:
		r.deliver(r.call)
	case r.result != nil:
		r.deliver(r.result)
	case r.jsonb != nil:
		r.deliver(r.jsonb)
	}
	for _, b := range r.pending {
		r.deliver(b)
	}
	r.pending = r.pending[:0]
	r.schema, r.data, r.funcs, r.call, r.result, r.jsonb, r.fn = nil, nil, nil, nil, nil, nil, nil
	r.st = inNone
}

// extend stretches the open block's span sp to the end of line l (streamed,
// when the block closes).
func (r *reader) extend(sp *diag.Span, l *line) {
	if r.src == nil {
		r.endSp, r.endLine = sp, *l
		return
	}
	*sp = sp.WithEnd(l.off + len(l.text))
}

// headerKind classifies a trimmed line that may open a block.
func headerKind(t string) (state, bool) {
	switch t {
	case "[DATA]":
		return inData, true
	case "[FUNCTIONS]":
		return inFunctions, true
	case "[CALL]":
		return inCall, true
	case "[RESULT]":
		return inResult, true
	case "[JSON]":
		return inJSON, true
	}
	if strings.HasPrefix(t, "[SCHEMA:") {
		return inSchema, true
	}
	return inNone, false
}

// line classifies and reads one line.
func (r *reader) line(l line) {
	t := strings.Trim(l.text, " \t")
	if t == "" {
		// Blank lines separate blocks and are not content; an empty error
		// message is simply absent.
		if r.st == inResult && r.resultWant == 2 {
			r.resultWant = 3
		}
		r.afterBlank = true
		return
	}
	afterBlank := r.afterBlank
	r.afterBlank = false
	lead := len(l.text) - len(strings.TrimLeft(l.text, " \t"))
	if chatter.IsFence(t) {
		// Chatter, the same in every language (Rosetta's P006): a fence
		// ends the open block and is kept as prose; the lines inside are read.
		r.close()
		r.st = inNone
		r.note(CodeChatter, r.span(&l, lead, len(strings.TrimRight(l.text, " \t"))),
			"send the document alone, without a fence", "markdown fence around AgentDSL; kept as prose, the blocks inside are read")
		r.keep(&l)
		return
	}
	if st, ok := headerKind(t); ok {
		r.close()
		r.open(st, &l, t, lead, r.span(&l, lead, lead+len(t)))
		return
	}
	if canon := r.slipMarker(&l, t, lead, afterBlank); canon != "" { // [data], [Schema:X] (slips.go)
		st, _ := headerKind(canon)
		r.close()
		// The label's offsets are kept by aligning the ends; the block
		// spans the line as written.
		r.open(st, &l, canon, lead+len(t)-len(canon), r.span(&l, lead, lead+len(t)))
		return
	}
	switch r.st {
	case inNone:
		if !strings.HasPrefix(t, "[") && !strings.Contains(t, "|") {
			// Prose around the document ("Here is the result:"): chatter,
			// kept as it is written. A line that starts like a marker, or
			// holds a cell separator, is a document line out of place.
			r.note(CodeChatter, r.span(&l, lead, len(strings.TrimRight(l.text, " \t"))),
				"send the document alone, without prose around it", "text outside any block; kept as prose")
			r.keep(&l)
			return
		}
		r.stray(&l, t, "start a block with [SCHEMA:LABEL], [DATA], [FUNCTIONS], [CALL] or [RESULT]", "text outside any block")
	case inSchema:
		r.schemaLine(&l, t, lead)
	case inData:
		r.dataRow(&l)
	case inFunctions:
		r.funcLine(&l, t, lead)
	case inCall:
		r.callLine(&l, t, lead)
	case inResult:
		r.resultLine(&l, t, lead)
	case inJSON:
		if p := r.param(&l, t, lead); p != nil {
			r.jsonb.Params = append(r.jsonb.Params, p)
			r.extend(&r.jsonb.Span, &l)
		}
	}
}

// open starts a block at its header line.
func (r *reader) open(st state, l *line, t string, lead int, sp diag.Span) {
	r.st = st
	switch st {
	case inSchema:
		s := &ir.DSLSchema{Span: sp}
		if ast, err := schemaHeaderParser().ParseString(r.file, t); err != nil {
			r.syntax(l, lead, t, err, "write the header as [SCHEMA:LABEL], LABEL of letters, digits and _")
			s.Label = strings.TrimSuffix(strings.TrimPrefix(t, "[SCHEMA:"), "]")
			s.LabelSpan = sp
			s.Broken = true
		} else {
			s.Label = ast.Label.Text
			s.LabelSpan = r.wordSpan(l, lead, ast.Label.Pos.Offset, ast.Label.EndPos.Offset)
		}
		r.schema = s
		r.kinds = r.kinds[:0]
		r.lastSchema = r.blocks
	case inData:
		r.data = &ir.DSLData{Span: sp, Header: sp, Schema: r.lastSchema}
		r.deliver(r.data)
	case inFunctions:
		r.funcs = &ir.DSLFunctions{Span: sp}
	case inCall:
		r.call = &ir.DSLCall{Span: sp}
	case inResult:
		r.result = &ir.DSLResult{Span: sp}
		r.resultWant = 0
		r.kinds = r.kinds[:0]
	case inJSON:
		r.jsonb = &ir.DSLJSON{Span: sp}
	}
}

func (r *reader) wordSpan(l *line, lead, start, end int) diag.Span {
	return r.span(l, lead+start, lead+end)
}

// syntax reports a participle error on the structure line t (which starts at
// byte lead of l) at the position participle names.
func (r *reader) syntax(l *line, lead int, t string, err error, hint string) {
	off := 0
	msg := err.Error()
	var pe participle.Error
	if errors.As(err, &pe) {
		msg = pe.Message()
		if o := pe.Position().Offset; o >= 0 && o <= len(t) {
			off = o
		}
	}
	end := off + 1
	if end > len(t) {
		end = len(t)
	}
	r.add(CodeSyntax, r.span(l, lead+off, lead+end), hint, "%s", msg)
}

// columns lowers a parsed column list of a line that starts at byte lead.
func (r *reader) columns(l *line, lead int, cs []*columnAST) []*ir.DSLColumn {
	out := make([]*ir.DSLColumn, 0, len(cs))
	for _, c := range cs {
		col := &ir.DSLColumn{Span: r.wordSpan(l, lead, c.Pos.Offset, c.EndPos.Offset), Required: c.Star}
		typ := func(w *wordAST, def ir.DSLTypeKind) ir.DSLType {
			if w == nil {
				return ir.DSLType{Kind: def}
			}
			t := ir.DSLType{Kind: typeKind(w.Text), Text: w.Text, Span: r.wordSpan(l, lead, w.Pos.Offset, w.EndPos.Offset)}
			r.typeSlip(&t) // string, integer (slips.go)
			return t
		}
		ref := func(a *refAST, named bool) *ir.DSLRef {
			return &ir.DSLRef{Span: r.wordSpan(l, lead, a.Pos.Offset, a.EndPos.Offset), Schema: a.Schema, Field: a.Field, Named: named}
		}
		switch {
		case c.Ref != nil:
			col.Ref = ref(c.Ref, false)
			col.Name = adslrt.RefKey(c.Ref.Schema, c.Ref.Field)
			col.NameSpan = col.Ref.Span
			col.Type = typ(c.RefType, ir.DSLInt)
		default:
			col.Name = c.Name.Text
			col.NameSpan = r.wordSpan(l, lead, c.Name.Pos.Offset, c.Name.EndPos.Offset)
			if c.NamedRef != nil {
				col.Ref = ref(c.NamedRef, true)
				col.Type = typ(c.NamedTyp, ir.DSLInt)
			} else {
				col.Type = typ(c.Type, ir.DSLStr)
			}
		}
		out = append(out, col)
	}
	return out
}

// typeKind maps a type name to its kind; an unknown name is DSLBadType.
func typeKind(s string) ir.DSLTypeKind {
	switch s {
	case "int":
		return ir.DSLInt
	case "float":
		return ir.DSLFloat
	case "str":
		return ir.DSLStr
	case "any":
		return ir.DSLAny
	}
	return ir.DSLBadType
}

func (r *reader) setKinds(cols []*ir.DSLColumn) {
	r.kinds = r.kinds[:0]
	for _, c := range cols {
		r.kinds = append(r.kinds, c.Type.Kind)
	}
}

func (r *reader) schemaLine(l *line, t string, lead int) {
	s := r.schema
	if s.Columns != nil || s.ColumnsSpan.IsValid() {
		if len(t) > 0 && (t[0] >= '0' && t[0] <= '9' || t[0] == '-') {
			r.stray(l, t, "put a [DATA] line between the column line and the rows", "a row in a [SCHEMA] block, with no [DATA] line before it")
		} else {
			r.stray(l, t, "a schema has one column line: join the columns with |", "a second column line in a [SCHEMA] block")
		}
		return
	}
	s.ColumnsSpan = r.span(l, lead, lead+len(t))
	r.extend(&s.Span, l)
	ast, err := columnsParser().ParseString(r.file, t)
	if err != nil {
		r.syntax(l, lead, t, err, "write columns as NAME:type|NAME:type, a reference as @SCHEMA.ID:int")
		s.Broken = true
		r.keep(l)
		return
	}
	s.Columns = r.columns(l, lead, ast.Columns)
	r.setKinds(s.Columns)
}

func (r *reader) dataRow(l *line) {
	d := r.data
	r.row.Span = r.span(l, 0, len(l.text))
	r.row.Text = l.text
	r.row.Cells = splitRow(l.text, r.kinds, r.row.Cells[:0])
	r.extend(&d.Span, l)
	r.h.Row(d, &r.row)
}

// splitRow splits a row into cells at '|', appending them to cells. A cell of an
// any column (kinds[i] == DSLAny) that starts a JSON string, array or object
// runs to the end of that JSON value, so JSON text may hold '|'. The splitting
// is runtime/adslrt's, which generated code uses too.
func splitRow(s string, kinds []ir.DSLTypeKind, cells []ir.DSLCell) []ir.DSLCell {
	return adslrt.AppendCells(cells, s, kinds, ir.DSLAny, dslCell)
}

func dslCell(start, end int) ir.DSLCell { return ir.DSLCell{Start: int32(start), End: int32(end)} }

func (r *reader) closeFunc() {
	if r.fn != nil {
		r.funcs.Funcs = append(r.funcs.Funcs, r.fn)
		r.fn = nil
	}
}

func (r *reader) funcLine(l *line, t string, lead int) {
	sp := r.span(l, lead, lead+len(t))
	switch {
	case strings.HasPrefix(t, "["):
		r.closeFunc()
		fn := &ir.DSLFunction{Span: sp}
		if ast, err := nameParser().ParseString(r.file, t); err != nil {
			r.syntax(l, lead, t, err, "write a function entry as [Name], Name of letters, digits and _")
			fn.Name = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
			fn.NameSpan = sp
		} else {
			fn.Name = ast.Name.Text
			fn.NameSpan = r.wordSpan(l, lead, ast.Name.Pos.Offset, ast.Name.EndPos.Offset)
		}
		r.fn = fn
	case r.fn == nil:
		r.stray(l, t, "start each function with its [Name] line", "a function line before any [Name] in [FUNCTIONS]")
		return
	case strings.HasPrefix(t, "DESC"):
		ast, err := descParser().ParseString(r.file, t)
		if err != nil {
			r.syntax(l, lead, t, err, "write the description as DESC[text]")
			r.keep(l)
			return
		}
		d := &ir.DSLText{Span: sp}
		if ast.Text != nil {
			d.Text = ast.Text.Text
			d.Span = r.wordSpan(l, lead, ast.Text.Pos.Offset, ast.Text.EndPos.Offset)
		}
		if r.fn.Desc != nil {
			r.stray(l, t, "keep one DESC line per function", "a second DESC line for function "+r.fn.Name)
			return
		}
		r.fn.Desc = d
	case strings.HasPrefix(t, "IN") || strings.HasPrefix(t, "OUT"):
		ast, err := ioParser().ParseString(r.file, t)
		if err != nil {
			r.syntax(l, lead, t, err, "write parameters as IN[NAME:type*|NAME:type] and results as OUT[NAME:type|...]")
			r.keep(l)
			return
		}
		cols := &ir.DSLColumns{Span: sp, Columns: r.columns(l, lead, ast.Columns)}
		slot := &r.fn.In
		if ast.Kind == "OUT" {
			slot = &r.fn.Out
		}
		if *slot != nil {
			r.stray(l, t, "keep one "+ast.Kind+" line per function: join the fields with |", "a second "+ast.Kind+" line for function "+r.fn.Name)
			return
		}
		*slot = cols
	default:
		r.stray(l, t, "a function has [Name], DESC[...], IN[...] and OUT[...] lines", "a line that is not part of a function declaration")
		return
	}
	r.fn.Span = r.fn.Span.Through(sp)
	r.extend(&r.funcs.Span, l)
}

// param reads a NAME:VALUE line; on a syntax error it reports and returns nil.
func (r *reader) param(l *line, t string, lead int) *ir.DSLParam {
	// The value keeps its exact bytes, trailing blanks included: only the
	// leading indentation of the line is coordination syntax.
	t = l.text[lead:]
	ast, err := paramParser().ParseString(r.file, t)
	if err != nil {
		r.syntax(l, lead, t, err, "write one NAME:VALUE per line")
		r.diags[len(r.diags)-1].Message += " in a NAME:VALUE line"
		r.keep(l)
		return nil
	}
	p := &ir.DSLParam{Span: r.span(l, lead, len(l.text)), Name: ast.Name.Text,
		NameSpan: r.wordSpan(l, lead, ast.Name.Pos.Offset, ast.Name.EndPos.Offset)}
	colon := strings.IndexByte(t, ':')
	p.Value = t[colon+1:]
	p.ValueSpan = r.span(l, lead+colon+1, len(l.text))
	return p
}

func (r *reader) callLine(l *line, t string, lead int) {
	c := r.call
	if strings.HasPrefix(t, "[") {
		if c.Name != "" || c.NameSpan.IsValid() {
			r.stray(l, t, "one [CALL] block calls one function: start another [CALL] block", "a second function name in a [CALL] block")
			return
		}
		sp := r.span(l, lead, lead+len(t))
		c.NameSpan = sp
		if ast, err := nameParser().ParseString(r.file, t); err != nil {
			r.syntax(l, lead, t, err, "write the function as [Name]")
			c.Name = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
		} else {
			c.Name = ast.Name.Text
			c.NameSpan = r.wordSpan(l, lead, ast.Name.Pos.Offset, ast.Name.EndPos.Offset)
		}
		r.extend(&c.Span, l)
		return
	}
	if p := r.param(l, t, lead); p != nil {
		c.Params = append(c.Params, p)
		r.extend(&c.Span, l)
	}
}

// resultMarker returns the [STATUS:str] or [ERROR:str] marker that the
// bracket line t is, written with spaces (`[ERROR:str ]`) or not, or "". Such
// a line also reads as a header of one column, whose canonical form is the
// marker: a reader that took it for a header would read it back, printed, as
// the marker (a FuzzAgentDSLParse crasher).
func resultMarker(t string) string {
	if len(t) < 2 || t[0] != '[' || t[len(t)-1] != ']' {
		return ""
	}
	if t == "[STATUS:str]" || t == "[ERROR:str]" {
		return t
	}
	if !strings.Contains(t, "STATUS") && !strings.Contains(t, "ERROR") {
		return "" // a header line, which resultLine parses next: not twice
	}
	ast, err := bracketColumnsParser().ParseString("", t)
	if err != nil || len(ast.Columns) != 1 {
		return ""
	}
	c := ast.Columns[0]
	if c.Ref != nil || c.NamedRef != nil || c.Star || c.Name == nil || c.Type == nil || c.Type.Text != "str" {
		return ""
	}
	switch c.Name.Text {
	case "STATUS", "ERROR":
		return "[" + c.Name.Text + ":str]"
	}
	return ""
}

func (r *reader) resultLine(l *line, t string, lead int) {
	res := r.result
	sp := r.span(l, lead, lead+len(t))
	if m := resultMarker(t); m != "" {
		t = m
	}
	switch {
	case t == "[STATUS:str]" || t == "[ERROR:str]":
		// Each marker stands once in a [RESULT]; the line after it is its value.
		marker, want, what := &res.StatusMarker, 1, "status"
		if t == "[ERROR:str]" {
			marker, want, what = &res.ErrorMarker, 2, "error line"
		}
		if marker.IsValid() {
			r.stray(l, t, "a [RESULT] has one "+what+": start another [RESULT] block", "a second "+t+" in a [RESULT] block")
			return
		}
		*marker = sp
		r.resultWant = want
	case r.resultWant == 1:
		res.Status = &ir.DSLText{Span: r.span(l, 0, len(l.text)), Text: l.text}
		r.resultWant = 0
		if res.ErrorMarker.IsValid() {
			r.resultWant = 3
		}
	case r.resultWant == 2:
		res.Error = &ir.DSLText{Span: r.span(l, 0, len(l.text)), Text: l.text}
		r.resultWant = 3
	case r.resultWant == 3 || res.StatusMarker.IsValid():
		r.stray(l, t, "the error message is one line after [ERROR:str]; start a new block for more", "a line after the end of a [RESULT] block")
		return
	case strings.HasPrefix(t, "[") && res.Header == nil && !res.Broken && len(res.Rows) == 0:
		res.Header = &ir.DSLColumns{Span: sp}
		ast, err := bracketColumnsParser().ParseString(r.file, t)
		if err != nil {
			r.syntax(l, lead, t, err, "write the result header as [NAME:type|NAME:type]")
			res.Header = nil
			res.Broken = true
			r.keep(l)
		} else {
			res.Header.Columns = r.columns(l, lead, ast.Columns)
		}
		if res.Header != nil {
			r.setKinds(res.Header.Columns)
		}
	default:
		row := ir.DSLRow{Span: r.span(l, 0, len(l.text)), Text: l.text}
		row.Cells = splitRow(l.text, r.kinds, nil)
		res.Rows = append(res.Rows, row)
	}
	r.extend(&res.Span, l)
}
