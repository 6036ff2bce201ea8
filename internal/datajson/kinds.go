package datajson

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rosettac/rosettac/ir"
)

// mask is the set of value shapes seen under one key. Column types are inferred
// from it, the same way in both directions: from_json reads it off the JSON
// values, to_json off the cells it writes, and writes a hint whenever the
// inferred type would not be the declared one.
type mask uint16

const (
	mNull    mask = 1 << iota // null
	mInt                      // an integer that fits 64 bits
	mFloat                    // a finite number with a fraction or an exponent
	mNumber                   // any other number (too big, out of range)
	mStr                      // a string a str cell can hold as is
	mText                     // any other string
	mMulti                    // an array of two or more strings a str cell can hold
	mEmpty                    // []
	mArray                    // any other array of scalars
	mBool                     // true or false
	mObject                   // an object
	mObjects                  // a non-empty array of objects
)

// inferKind is the column type a mask implies for a plain (non-reference,
// non-nesting) column.
func (m mask) inferKind() ir.DSLTypeKind {
	switch {
	case m&^mNull == 0:
		return ir.DSLStr
	case m&^(mNull|mInt) == 0:
		return ir.DSLInt
	case m&^(mNull|mInt|mFloat) == 0:
		return ir.DSLFloat
	case m&^(mNull|mStr|mMulti) == 0:
		return ir.DSLStr
	}
	return ir.DSLAny
}

// strSafe reports whether s survives as (one value of) a str cell: not empty, not
// "_", no comma, pipe or control character, and no blank at either end
// (docs/agentdsl.md). Other text travels as a JSON string in an any cell.
func strSafe(s string) bool {
	if s == "" || s == "_" || strings.IndexByte(s, ',') >= 0 || strings.IndexByte(s, '|') >= 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return false
		}
	}
	r, _ := utf8.DecodeRuneInString(s)
	l, _ := utf8.DecodeLastRuneInString(s)
	return !unicode.IsSpace(r) && !unicode.IsSpace(l)
}

// numberMask classifies number text.
func numberMask(raw string) mask {
	if strings.ContainsAny(raw, ".eE") {
		if _, err := strconv.ParseFloat(raw, 64); err != nil {
			return mNumber
		}
		return mFloat
	}
	if _, err := strconv.ParseInt(raw, 10, 64); err != nil {
		return mNumber
	}
	return mInt
}

// jsonMask classifies the JSON text of an any cell, read by the scanner
// without a tree; ok is false when the text is not one JSON value.
func jsonMask(text string) (m mask, ok bool) {
	if valid(text) != nil {
		return 0, false
	}
	d := decoder{s: text}
	d.space()
	return d.mask(), true
}

// cellMask classifies the JSON value to_json writes for a cell of kind k.
func cellMask(k ir.DSLTypeKind, text string) mask {
	if text == "_" {
		return mNull
	}
	switch k {
	case ir.DSLInt, ir.DSLFloat:
		return numberMask(text)
	case ir.DSLStr:
		if strings.IndexByte(text, ',') < 0 {
			if strSafe(text) {
				return mStr
			}
			return mText
		}
		n := 0
		for part := range strings.SplitSeq(text, ",") {
			if !strSafe(part) {
				return mArray
			}
			n++
		}
		return mMulti
	case ir.DSLAny:
		if m, ok := jsonMask(text); ok {
			return m
		}
		return mText
	}
	return mText
}
