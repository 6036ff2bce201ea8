package adslrt

import (
	"encoding/json"
	"strconv"
	"strings"
)

// CheckCell reports what is wrong with the text of a cell (or a [CALL] value) of
// kind k: its AgentDSL code and a message, or ok. "_" is the empty cell and fits
// every kind. The rules are those of rosettac's checker: int is JSON integer
// syntax within 64 bits, float a JSON number within range, a str with commas
// holds no empty or _ value, any is one valid JSON value.
func CheckCell(k Kind, text string) (code, msg string, ok bool) {
	if text == "_" {
		return "", "", true
	}
	if text == "" {
		return codeEmptyCell, "empty value (write _ for an empty one)", false
	}
	switch k {
	case Int:
		if !isInt(text) {
			return codeBadInt, "int value " + strconv.Quote(clip(text)) + " is not an integer", false
		}
		if _, err := strconv.ParseInt(text, 10, 64); err != nil {
			return codeIntOverflow, "int value " + clip(text) + " overflows a 64-bit integer", false
		}
	case Float:
		if !isNumber(text) {
			return codeBadFloat, "float value " + strconv.Quote(clip(text)) + " is not a number", false
		}
		if _, err := strconv.ParseFloat(text, 64); err != nil {
			return codeBadFloat, "float value " + clip(text) + " is out of the 64-bit range", false
		}
	case Str:
		if strings.IndexByte(text, ',') >= 0 {
			for part := range strings.SplitSeq(text, ",") {
				if part == "" || part == "_" {
					return codeBadMulti, "multi-value " + strconv.Quote(clip(text)) + " holds an empty or _ value", false
				}
			}
		}
	case Any:
		if !json.Valid([]byte(text)) {
			return codeBadJSON, "any value is not valid JSON: " + clip(text), false
		}
	}
	return "", "", true
}

// isInt reports whether s is -?(0|[1-9][0-9]*).
func isInt(s string) bool {
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

// isNumber reports whether s is a JSON number.
func isNumber(s string) bool {
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

// clip shortens long text for a message without cutting a character.
func clip(s string) string {
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
// to the end of that JSON value, so JSON text may hold '|'. It splits exactly
// as rosettac's reader does.
func SplitRow(s string, kinds []Kind) []string {
	var cells []string
	start := 0
	for col := 0; ; col++ {
		end := -1
		if col < len(kinds) && kinds[col] == Any && start < len(s) {
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
		cells = append(cells, s[start:end])
		if end >= len(s) {
			return cells
		}
		start = end + 1
	}
}

// jsonEnd returns the end of the JSON string, array or object that starts at
// s[i], or -1 when s[i] starts none or it does not close on this line.
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
