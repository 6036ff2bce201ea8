// Package adslrt is the runtime of the Go code that `rosettac gen go` generates
// from AgentDSL declarations, in the way protoimpl is protobuf-go's: generated
// files call it, people rarely do.
//
// It owns the three pieces of AgentDSL text a generated package must read and
// write at run time: a [CALL] block (read and checked against the declared
// parameters), a [RESULT] block (written, SUCCESS with rows or ERROR with a
// message), and a schema's [SCHEMA]/[DATA] blocks (read and written). The
// generated code holds the declarations as data (Function, Table, Column) and
// converts between typed Go structs and Values/RowWriter itself, so this package
// uses no reflection.
//
// Why a runtime package rather than self-contained generated files: the reader
// and writer are a few hundred lines that would otherwise be copied into every
// generated file and every golden; one copy can be tested and fixed once. It
// imports only the standard library (never rosettac's compiler or participle),
// so a program that uses generated code stays small, and its API only grows:
// generated files keep compiling against newer versions of it.
//
// It reads AgentDSL 0.0.2 exactly as rosettac's checker does, because it is
// the one home of AgentDSL's cell rules (CellFault) and row splitting
// (AppendCells): being a std-only leaf, every layer of rosettac may import it,
// and the reader and checker do, so they and generated code cannot disagree
// about a cell. Its errors carry the checker's AD codes.
package adslrt

import (
	"strconv"
	"strings"
)

// Kind is a value type of AgentDSL.
type Kind uint8

// The value types. A reference column is Int: its values are row IDs.
const (
	Int   Kind = iota + 1 // int: 64-bit signed integer
	Float                 // float: 64-bit IEEE 754
	Str                   // str: UTF-8 text without line breaks; a comma separates values
	Any                   // any: one JSON value on one line
)

// String returns the kind's AgentDSL spelling.
func (k Kind) String() string {
	switch k {
	case Int:
		return "int"
	case Float:
		return "float"
	case Str:
		return "str"
	case Any:
		return "any"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Column is one declared field: a function parameter or result, or a schema
// column.
type Column struct {
	Name     string // the field's key as declared (SCHEMA_FIELD for an unnamed reference)
	Kind     Kind   //
	Required bool   // a parameter marked * (and a schema's ID): absence is an error
}

// Function is one declared function of a [FUNCTIONS] block.
type Function struct {
	Name   string   // as declared
	In     []Column // IN[...], in order
	Out    []Column // OUT[...], in order; nil when the function returns no rows
	Header string   // the canonical [RESULT] header line, [A:str|B:int], or "" when Out is nil
}

// Table is one declared schema.
type Table struct {
	Label   string   // [SCHEMA:LABEL]
	Columns []Column // in order; the first is ID:int
	Line    string   // the canonical column line, ID:int|NAME:str|...
}

// Error is one problem with AgentDSL text read or written at run time. Code is
// the AgentDSL diagnostic code rosettac's checker reports for the same problem
// (docs/gogen.md lists them), so an agent can act on it.
type Error struct {
	Code string // AD041, AD043, ...
	Line int    // 1-based line of the text read, or 0 when the problem has no line
	Msg  string // what is wrong and what to do
}

// Error formats the problem as CODE line N: message.
func (e *Error) Error() string {
	if e.Line > 0 {
		return e.Code + " line " + strconv.Itoa(e.Line) + ": " + e.Msg
	}
	return e.Code + ": " + e.Msg
}

// Errors is every problem found in one text, in the order found. Reading a call
// reports them all at once, so that an agent can fix its call in one step.
type Errors []*Error

// Error joins the problems with "; " on one line: a [RESULT] error message is
// one line.
func (es Errors) Error() string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = e.Error()
	}
	return strings.Join(s, "; ")
}

// Unwrap returns the problems, for errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// errs collects problems.
type errs struct{ list Errors }

func (c *errs) add(code string, line int, msg string) {
	c.list = append(c.list, &Error{Code: code, Line: line, Msg: msg})
}

func (c *errs) err() error {
	if len(c.list) == 0 {
		return nil
	}
	return c.list
}

// The AgentDSL codes this package reports (the checker's, passes/schema).
const (
	codeStray        = "AD001"
	codeSyntax       = "AD002"
	codeNoID         = "AD010"
	codeUnknownType  = "AD011"
	codeFewCells     = "AD020"
	codeManyCells    = "AD021"
	codeBadInt       = "AD022"
	codeIntOverflow  = "AD023"
	codeBadFloat     = "AD024"
	codeBadJSON      = "AD025"
	codeEmptyCell    = "AD026"
	codeBadMulti     = "AD027"
	codeDupID        = "AD028"
	codeNoSchema     = "AD032"
	codeUnknownFunc  = "AD040"
	codeMissingParam = "AD041"
	codeUnknownParam = "AD042"
	codeParamType    = "AD043"
	codeDupParam     = "AD044"
	codeNoCallName   = "AD046"
	codeDupField     = "AD012"
	codeDupSchema    = "AD013"
)

// RefKey returns the key of an unnamed reference column @SCHEMA.FIELD:
// SCHEMA_FIELD (@CUSTOMER.ID:int is the column CUSTOMER_ID). It is the one home
// of that rule: rosettac's reader names the column with it, so the key is the
// same in the document's rows, in a [CALL], in translate --to json, in the
// struct tags of generated Go and in this package's table reader.
func RefKey(schema, field string) string { return schema + "_" + field }

// IsName reports whether s is an AgentDSL name (a field, label or function):
// [A-Za-z0-9_]+. rosettac's reader, its JSON mapping and this runtime all check
// names with it.
func IsName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !IsNameByte(s[i]) {
			return false
		}
	}
	return true
}

// IsNameByte reports whether c may stand in an AgentDSL name: [A-Za-z0-9_].
func IsNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// lines splits text into lines without their line endings (\n or \r\n).
func lines(text string) []string {
	ls := strings.Split(text, "\n")
	if n := len(ls); n > 0 && ls[n-1] == "" {
		ls = ls[:n-1]
	}
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// trim strips the blanks the grammar ignores around structure lines.
func trim(s string) string { return strings.Trim(s, " \t") }
