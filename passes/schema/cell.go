package schema

import (
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// problem is what is wrong with one cell: a code, a message and a hint.
type problem struct {
	code, msg, hint string
	warn            bool
}

// CheckCell reports what is wrong with a cell's text for a column of kind k, or
// ok. The text "_" is the empty cell and fits every type. The codes are the AD
// cell codes (AD022-AD027, AD090, AD091).
func CheckCell(k ir.DSLTypeKind, text string) (code, msg, hint string, ok bool) {
	p := checkCell(k, text)
	if p == nil {
		return "", "", "", true
	}
	return p.code, p.msg, p.hint, false
}

// checkCell applies the cell rules of runtime/adslrt (the one home of the rules,
// shared with generated code) and words each fault for the checker, with a
// hint; it adds the checker's own warnings on any cells.
func checkCell(k ir.DSLTypeKind, text string) *problem {
	f := adslrt.CellFault(runtimeKind(k), text)
	if f == adslrt.NoFault {
		if k == ir.DSLAny && text != "_" {
			return anyWarning(text)
		}
		return nil
	}
	p := &problem{code: f.Code()}
	switch f {
	case adslrt.FaultEmpty:
		p.msg, p.hint = "empty cell", "write _ for an empty value"
	case adslrt.FaultNotInt:
		p.msg = "int cell " + strconv.Quote(adslrt.Clip(text)) + " is not an integer"
		p.hint = "write digits with an optional leading -, no leading zeros, no + and no blanks"
	case adslrt.FaultIntOverflow:
		p.msg = "int cell " + adslrt.Clip(text) + " overflows a 64-bit integer"
		p.hint = "int holds -9223372036854775808 to 9223372036854775807; use an any column for bigger numbers"
	case adslrt.FaultNotNumber:
		p.msg = "float cell " + strconv.Quote(text) + " is not a number"
		p.hint = "write a decimal number such as 2.5, -0.5 or 1e-3 (JSON number syntax)"
	case adslrt.FaultFloatRange:
		p.msg = "float cell " + text + " is out of the 64-bit range"
		p.hint = "use an any column for numbers beyond ±1.8e308"
	case adslrt.FaultEmptyValue, adslrt.FaultUnderscoreValue:
		what := "an empty value"
		if f == adslrt.FaultUnderscoreValue {
			what = "the value _"
		}
		p.msg = "multi-value cell " + strconv.Quote(text) + " holds " + what
		p.hint = "a comma separates non-empty values; put a list with empty strings or _ in an any column as JSON"
	case adslrt.FaultNotJSON:
		p.msg = "any cell is not valid JSON: " + adslrt.Clip(text)
		p.hint = "an any cell holds one JSON value on one line, such as {\"k\":1}, [1,2] or \"text\""
	}
	return p
}

// anyWarning is the checker's warning about a valid any cell that JSON
// conversion cannot give back as written, or nil.
func anyWarning(text string) *problem {
	if t := strings.TrimSpace(text); t != text {
		return &problem{code: CodeAnySpace, warn: true, msg: "any cell has blanks around its JSON value",
			hint: "remove them: JSON conversion does not keep them"}
	}
	if text == "null" {
		return &problem{code: CodeAnyNull, warn: true, msg: "any cell holds null",
			hint: "write _ for an empty value: JSON cannot tell null from _"}
	}
	return nil
}

// runtimeKind is k as runtime/adslrt spells it; DSLBadType (a column of unknown
// type, reported on its declaration) is no kind there, so only the rules every
// cell has apply to its cells.
func runtimeKind(k ir.DSLTypeKind) adslrt.Kind {
	switch k {
	case ir.DSLInt:
		return adslrt.Int
	case ir.DSLFloat:
		return adslrt.Float
	case ir.DSLStr:
		return adslrt.Str
	case ir.DSLAny:
		return adslrt.Any
	}
	return 0
}
