package schema

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/ir"
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

func checkCell(k ir.DSLTypeKind, text string) *problem {
	if text == "_" {
		return nil
	}
	if text == "" {
		return &problem{code: CodeEmptyCell, msg: "empty cell", hint: "write _ for an empty value"}
	}
	switch k {
	case ir.DSLInt:
		return checkInt(text)
	case ir.DSLFloat:
		if !datajson.IsNumber(text) {
			return &problem{code: CodeBadFloat, msg: "float cell " + strconv.Quote(text) + " is not a number",
				hint: "write a decimal number such as 2.5, -0.5 or 1e-3 (JSON number syntax)"}
		}
		if _, err := strconv.ParseFloat(text, 64); err != nil {
			return &problem{code: CodeBadFloat, msg: "float cell " + text + " is out of the 64-bit range",
				hint: "use an any column for numbers beyond ±1.8e308"}
		}
	case ir.DSLStr:
		if strings.IndexByte(text, ',') < 0 {
			return nil
		}
		for part := range strings.SplitSeq(text, ",") {
			if part == "" || part == "_" {
				what := "an empty value"
				if part == "_" {
					what = "the value _"
				}
				return &problem{code: CodeBadMulti, msg: "multi-value cell " + strconv.Quote(text) + " holds " + what,
					hint: "a comma separates non-empty values; put a list with empty strings or _ in an any column as JSON"}
			}
		}
	case ir.DSLAny:
		if !json.Valid([]byte(text)) {
			return &problem{code: CodeBadJSON, msg: "any cell is not valid JSON: " + clip(text),
				hint: "an any cell holds one JSON value on one line, such as {\"k\":1}, [1,2] or \"text\""}
		}
		if t := strings.TrimSpace(text); t != text {
			return &problem{code: CodeAnySpace, warn: true, msg: "any cell has blanks around its JSON value",
				hint: "remove them: JSON conversion does not keep them"}
		}
		if text == "null" {
			return &problem{code: CodeAnyNull, warn: true, msg: "any cell holds null",
				hint: "write _ for an empty value: JSON cannot tell null from _"}
		}
	}
	return nil
}

func checkInt(text string) *problem {
	if !isJSONInt(text) {
		return &problem{code: CodeBadInt, msg: "int cell " + strconv.Quote(clip(text)) + " is not an integer",
			hint: "write digits with an optional leading -, no leading zeros, no + and no blanks"}
	}
	if _, err := strconv.ParseInt(text, 10, 64); err != nil {
		return &problem{code: CodeIntOverflow, msg: "int cell " + clip(text) + " overflows a 64-bit integer",
			hint: "int holds -9223372036854775808 to 9223372036854775807; use an any column for bigger numbers"}
	}
	return nil
}

// isJSONInt reports whether s is -?(0|[1-9][0-9]*).
func isJSONInt(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// clip shortens long cell text for a message without cutting a character.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	i := 37
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
