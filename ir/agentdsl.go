package ir

import (
	"github.com/rosettac/rosettac/diag"
)

// AgentDSL 0.0.2 (seed 002; rules and decisions in docs/agentdsl.md). A document
// is a sequence of blocks; [DATA] and [RESULT] rows keep their exact bytes and
// are split into cells by byte ranges, so a row of a million-row table costs one
// string header and a few integers, not one allocation per cell.

// DSLDoc is one AgentDSL file: its blocks in source order.
type DSLDoc struct {
	Span   diag.Span
	Blocks []DSLBlock
}

// DSLBlock is one block: *DSLSchema, *DSLData, *DSLFunctions, *DSLCall,
// *DSLResult, *DSLJSON or *DSLBad.
type DSLBlock interface {
	Node
	dslBlock()
}

// DSLSchema is a [SCHEMA:LABEL] block and its column line.
type DSLSchema struct {
	Span        diag.Span    // the header line through the column line
	Label       string       // as written (case-sensitive)
	LabelSpan   diag.Span    //
	Columns     []*DSLColumn // in order; nil when the column line is missing
	ColumnsSpan diag.Span    // the column line, or zero when missing
	Broken      bool         // the header or column line did not parse (AD002): its rows are not checked
}

// DSLData is a [DATA] block: rows for the schema declared just before it.
type DSLData struct {
	Span   diag.Span // the [DATA] line through the last row
	Header diag.Span // the [DATA] line
	Schema int       // index in DSLDoc.Blocks of the schema the rows belong to, or -1 for none
	Rows   []DSLRow  // in source order (left empty by the streaming scanner)
}

// DSLFunctions is a [FUNCTIONS] block: function declarations.
type DSLFunctions struct {
	Span  diag.Span
	Funcs []*DSLFunction
}

// DSLFunction is one [Name] entry of a [FUNCTIONS] block.
type DSLFunction struct {
	Span     diag.Span
	Name     string
	NameSpan diag.Span
	Desc     *DSLText    // DESC[...], or nil when missing (AD060)
	In       *DSLColumns // IN[...], or nil when absent
	Out      *DSLColumns // OUT[...], or nil when absent
}

// DSLColumns is a bracketed, typed field list: IN[...], OUT[...] or a [RESULT]
// header.
type DSLColumns struct {
	Span    diag.Span
	Columns []*DSLColumn
}

// DSLCall is a [CALL] block: the function name and its PARAM:VALUE lines.
type DSLCall struct {
	Span     diag.Span
	Name     string    // "" when the [Name] line is missing
	NameSpan diag.Span //
	Params   []*DSLParam
}

// DSLParam is one KEY:VALUE line of a [CALL] or [JSON] block.
type DSLParam struct {
	Span      diag.Span
	Name      string
	NameSpan  diag.Span
	Value     string // exact bytes after the first ':', to the end of the line
	ValueSpan diag.Span
}

// DSLResult is a [RESULT] block: an optional typed header with rows, then the
// status and the error message.
type DSLResult struct {
	Span         diag.Span
	Header       *DSLColumns // [FIELD:type|...], or nil when the result has no rows header
	Rows         []DSLRow    // cells typed by Header
	StatusMarker diag.Span   // the [STATUS:str] line, or zero when missing
	Status       *DSLText    // the line after [STATUS:str], or nil
	ErrorMarker  diag.Span   // the [ERROR:str] line, or zero when missing
	Error        *DSLText    // the message after [ERROR:str], or nil when there is none
	Broken       bool        // the header did not parse (AD002): its rows are not checked
}

// DSLJSON is rosettac's [JSON] block: KEY:VALUE lines that say what a JSON value
// needs and AgentDSL's seed syntax lacks (docs/agentdsl.md): ARRAY:LABEL or
// OBJECT:LABEL (the JSON is a bare array or object holding that schema's rows)
// NOID:LABEL,... (those schemas' IDs were assigned by from_json) and
// KEYS:LABEL=KEY,... (the JSON order of the keys of LABEL's objects, when an
// array of objects came before another key).
type DSLJSON struct {
	Span   diag.Span
	Params []*DSLParam
}

// DSLBad is text that is not AgentDSL where it stands (kept byte for byte and
// reported by the parser).
type DSLBad struct {
	Span diag.Span
	Text string
}

// DSLText is a piece of free text: a DESC, a status, an error message.
type DSLText struct {
	Span diag.Span
	Text string // exact bytes
}

// DSLColumn is one typed field: a schema column, a function parameter or
// result, or a [RESULT] header field.
type DSLColumn struct {
	Span     diag.Span
	Name     string    // the field's key: as written, or SCHEMA_FIELD for an unnamed reference @SCHEMA.FIELD
	NameSpan diag.Span // the written name, or the reference for an unnamed reference
	Type     DSLType   // the value type
	Ref      *DSLRef   // the referenced field, or nil
	Required bool      // IN[...]: marked with *
}

// DSLTypeKind classifies a value type.
type DSLTypeKind int

// Value types. A reference's values are its target's (integer row IDs).
const (
	DSLBadType DSLTypeKind = iota // unknown type name (AD011); Text keeps it
	DSLInt                        // 64-bit signed integer
	DSLFloat                      // 64-bit IEEE 754
	DSLStr                        // UTF-8 text; a comma separates values
	DSLAny                        // one line of JSON
)

// String returns the type's AgentDSL spelling.
func (k DSLTypeKind) String() string {
	switch k {
	case DSLInt:
		return "int"
	case DSLFloat:
		return "float"
	case DSLStr:
		return "str"
	case DSLAny:
		return "any"
	}
	return "bad"
}

// DSLType is a column's value type as written.
type DSLType struct {
	Kind DSLTypeKind
	Text string    // as written: "int", "str", ...; "" when no type was written (an untyped IN parameter is str, a named reference int)
	Span diag.Span // zero when not written
}

// DSLRef is the target of a reference column: @SCHEMA.FIELD.
type DSLRef struct {
	Span   diag.Span
	Schema string
	Field  string
	Named  bool // written NAME:@SCHEMA.FIELD (the JSON key is NAME and the referenced row nests as an object there)
}

// DSLRow is one row of a [DATA] or [RESULT] block: its exact bytes and the byte
// ranges of its cells.
type DSLRow struct {
	Span  diag.Span // the line, without its line ending
	Text  string    // the line's exact bytes
	Cells []DSLCell // in column order
}

// DSLCell is one cell of a row: the byte range [Start, End) of DSLRow.Text. The
// text "_" is the empty cell.
type DSLCell struct {
	Start, End int32
}

// Cell returns the exact bytes of cell i.
func (r *DSLRow) Cell(i int) string {
	c := r.Cells[i]
	return r.Text[c.Start:c.End]
}

// CellSpan returns the span of cell i. Columns count code points, as every
// rosettac position does.
func (r *DSLRow) CellSpan(i int) diag.Span {
	c := r.Cells[i]
	return r.SubSpan(int(c.Start), int(c.End))
}

// SubSpan returns the span of the bytes [start, end) of the row's text. A row
// built from another format (from_json) has an empty span at the value it came
// from; its cells all share that span.
func (r *DSLRow) SubSpan(start, end int) diag.Span {
	s := r.Span
	if s.Len() == 0 {
		return s
	}
	return s.At(s.StartOffset()+start, s.StartOffset()+end)
}

// Schemas returns the document's schemas in order.
func (d *DSLDoc) Schemas() []*DSLSchema {
	var out []*DSLSchema
	for _, b := range d.Blocks {
		if s, ok := b.(*DSLSchema); ok {
			out = append(out, s)
		}
	}
	return out
}

// Column returns the column named name, or nil.
func (s *DSLSchema) Column(name string) *DSLColumn {
	for _, c := range s.Columns {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Document.
func (*DSLDoc) document() {}

// Language.
func (*DSLDoc) Language() Language { return AgentDSL }

// DSLBlock.
func (*DSLSchema) dslBlock()    {}
func (*DSLData) dslBlock()      {}
func (*DSLFunctions) dslBlock() {}
func (*DSLCall) dslBlock()      {}
func (*DSLResult) dslBlock()    {}
func (*DSLJSON) dslBlock()      {}
func (*DSLBad) dslBlock()       {}

// Node.
func (n *DSLDoc) Pos() diag.Span       { return n.Span }
func (n *DSLSchema) Pos() diag.Span    { return n.Span }
func (n *DSLData) Pos() diag.Span      { return n.Span }
func (n *DSLFunctions) Pos() diag.Span { return n.Span }
func (n *DSLFunction) Pos() diag.Span  { return n.Span }
func (n *DSLColumns) Pos() diag.Span   { return n.Span }
func (n *DSLCall) Pos() diag.Span      { return n.Span }
func (n *DSLParam) Pos() diag.Span     { return n.Span }
func (n *DSLResult) Pos() diag.Span    { return n.Span }
func (n *DSLJSON) Pos() diag.Span      { return n.Span }
func (n *DSLBad) Pos() diag.Span       { return n.Span }
func (n *DSLText) Pos() diag.Span      { return n.Span }
func (n *DSLColumn) Pos() diag.Span    { return n.Span }
func (n *DSLRef) Pos() diag.Span       { return n.Span }
func (n *DSLRow) Pos() diag.Span       { return n.Span }
