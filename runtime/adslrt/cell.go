package adslrt

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Fault is one way the text of a cell (or of a [CALL] value) breaks AgentDSL's
// cell rules. The rules live here once, in this std-only package that generated
// code already imports: rosettac's checker (passes/schema) and this runtime
// both ask CellFault, so they cannot disagree about a cell, and each words a
// fault for its own reader.
type Fault uint8

// The faults. Code gives each one's AgentDSL diagnostic code.
const (
	NoFault              Fault = iota // the text fits the kind
	FaultEmpty                        // "": write _ for an empty cell (AD026)
	FaultNotInt                       // an int that is not -?(0|[1-9][0-9]*) (AD022)
	FaultIntOverflow                  // an int beyond 64 bits (AD023)
	FaultNotNumber                    // a float that is not JSON number syntax (AD024)
	FaultFloatRange                   // a float beyond the 64-bit range (AD024)
	FaultEmptyValue                   // a str with commas holding an empty value (AD027)
	FaultUnderscoreValue              // a str with commas holding the value _ (AD027)
	FaultNotJSON                      // an any that is not one valid JSON value (AD025)
)

// Code returns the fault's AgentDSL diagnostic code, or "" for NoFault.
func (f Fault) Code() string {
	switch f {
	case FaultEmpty:
		return codeEmptyCell
	case FaultNotInt:
		return codeBadInt
	case FaultIntOverflow:
		return codeIntOverflow
	case FaultNotNumber, FaultFloatRange:
		return codeBadFloat
	case FaultEmptyValue, FaultUnderscoreValue:
		return codeBadMulti
	case FaultNotJSON:
		return codeBadJSON
	}
	return ""
}

// CellFault applies the cell rules to the text of a cell of kind k. "_" is the
// empty cell and fits every kind. An int is JSON integer syntax within 64 bits,
// a float a JSON number within range, a str with commas holds no empty or _
// value, an any is one valid JSON value. A kind that is none of the four (a
// column of unknown type) only has the rules every cell has.
func CellFault(k Kind, text string) Fault {
	if text == "_" {
		return NoFault
	}
	if text == "" {
		return FaultEmpty
	}
	switch k {
	case Int:
		if !IsInt(text) {
			return FaultNotInt
		}
		if _, err := strconv.ParseInt(text, 10, 64); err != nil {
			return FaultIntOverflow
		}
	case Float:
		if !IsNumber(text) {
			return FaultNotNumber
		}
		if _, err := strconv.ParseFloat(text, 64); err != nil {
			return FaultFloatRange
		}
	case Str:
		if strings.IndexByte(text, ',') < 0 {
			return NoFault
		}
		for part := range strings.SplitSeq(text, ",") {
			switch part {
			case "":
				return FaultEmptyValue
			case "_":
				return FaultUnderscoreValue
			}
		}
	case Any:
		if !json.Valid([]byte(text)) {
			return FaultNotJSON
		}
	}
	return NoFault
}

// CheckCell reports what is wrong with the text of a cell (or a [CALL] value) of
// kind k: its AgentDSL code and a message, or ok. The rules are CellFault's,
// which rosettac's checker applies too.
func CheckCell(k Kind, text string) (code, msg string, ok bool) {
	f := CellFault(k, text)
	switch f {
	case NoFault:
		return "", "", true
	case FaultEmpty:
		msg = "empty value (write _ for an empty one)"
	case FaultNotInt:
		msg = "int value " + strconv.Quote(Clip(text)) + " is not an integer"
	case FaultIntOverflow:
		msg = "int value " + Clip(text) + " overflows a 64-bit integer"
	case FaultNotNumber:
		msg = "float value " + strconv.Quote(Clip(text)) + " is not a number"
	case FaultFloatRange:
		msg = "float value " + Clip(text) + " is out of the 64-bit range"
	case FaultEmptyValue, FaultUnderscoreValue:
		msg = "multi-value " + strconv.Quote(Clip(text)) + " holds an empty or _ value"
	case FaultNotJSON:
		msg = "any value is not valid JSON: " + Clip(text)
	}
	return f.Code(), msg, false
}

// IsInt reports whether s is an integer in JSON syntax: -?(0|[1-9][0-9]*).
func IsInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
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

// IsNumber reports whether s is a number in JSON syntax:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func IsNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	start := i
	if n := digits(); n == 0 || n > 1 && s[start] == '0' {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// Clip shortens text longer than 40 bytes to 37 and "..." for a message,
// without cutting a character. Long cells stay readable in one line of error.
func Clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	i := 37
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "..."
}

// SplitRow splits a [DATA] or [RESULT] row into its cells at '|'. A cell of an
// any column (kinds[i] == Any) that starts a JSON string, array or object runs
// to the end of that JSON value, so JSON text may hold '|'.
func SplitRow(s string, kinds []Kind) []string {
	return AppendCells(nil, s, kinds, Any, func(start, end int) string { return s[start:end] })
}

// AppendCells is the one row splitter of AgentDSL: SplitRow and rosettac's
// reader (grammars/agentdsl) both use it, so they cannot split a row
// differently. It splits row s at '|' and appends cell(start, end) for each
// cell's bytes s[start:end] to cells. A cell of column i where kinds[i] ==
// anyKind that starts a JSON string, array or object runs to the end of that
// JSON value when a '|' or the end of s follows it, so JSON text may hold '|'.
// K is generic so that the reader can pass its own kind type.
func AppendCells[K comparable, C any](cells []C, s string, kinds []K, anyKind K, cell func(start, end int) C) []C {
	start := 0
	for col := 0; ; col++ {
		end := -1
		if col < len(kinds) && kinds[col] == anyKind && start < len(s) {
			if e := jsonEnd(s, start); e > start && (e == len(s) || s[e] == '|') {
				end = e
			}
		}
		if end < 0 {
			if i := strings.IndexByte(s[start:], '|'); i >= 0 {
				end = start + i
			} else {
				end = len(s)
			}
		}
		cells = append(cells, cell(start, end))
		if end >= len(s) {
			return cells
		}
		start = end + 1
	}
}

// jsonEnd returns the end of the JSON string, array or object that starts at
// s[i], or -1 when s[i] starts none or it does not close on this line. It only
// tracks strings and nesting; whether the JSON is valid is CellFault's concern.
func jsonEnd(s string, i int) int {
	switch s[i] {
	case '"', '[', '{':
	default:
		return -1
	}
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '"':
			j++
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return -1
			}
			if depth == 0 {
				return j + 1
			}
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return j + 1
			}
			if depth < 0 {
				return -1
			}
		}
	}
	return -1
}
