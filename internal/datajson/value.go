package datajson

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// Decode parses one JSON text into the one JSON value type, ir.JSONValue:
// members in source order and duplicates kept, numbers as written, a string
// whose escape no UTF-8 text holds (a lone surrogate) with its literal in Raw,
// and every other byte of a string kept as it is (invalid UTF-8 included, as
// json.Valid accepts it). A syntax error is a *SyntaxError naming the byte
// offset.
func Decode(data []byte) (*ir.JSONValue, error) {
	v, _, err := decode(string(data), false)
	return v, err
}

// DecodeLiterals is Decode that also says where each value is written, for a
// reader that reports positions in the JSON (grammars/a2a), as
// jsonvalue.ParseLiterals does.
func DecodeLiterals(data []byte) (*ir.JSONValue, jsonvalue.Literals, error) {
	return decode(string(data), true)
}

func decode(s string, where bool) (*ir.JSONValue, jsonvalue.Literals, error) {
	if err := valid(s); err != nil {
		return nil, nil, err
	}
	d := decoder{s: s}
	if where {
		// About one value in every 32 bytes of JSON text (35 in A2A that
		// translate --to a2a wrote), so that the table seldom grows.
		d.lits = make(jsonvalue.Literals, len(s)/32)
	}
	d.space()
	return d.value(), d.lits, nil
}

// Outline decodes one JSON text down to depth levels of nesting: the values
// inside the top depth arrays and objects are whole if they are strings,
// numbers, booleans or null, and arrays and objects without elements or
// members if they are not. Telling what a document is (a data form's
// "format", an A2A message's "kind") then decodes only the levels that tell
// it and meets no nesting limit but json.Valid's. A syntax error is a
// *SyntaxError.
func Outline(s string, depth int) (*ir.JSONValue, error) {
	if err := valid(s); err != nil {
		return nil, err
	}
	d := decoder{s: s}
	d.space()
	return d.valueTo(depth), nil
}

// decoder walks text that json.Valid accepted, so it need not report errors.
// The members and elements of the containers being decoded are gathered on
// shared stacks and copied out at exact size, an object's members in one
// block, so a large array of objects costs few allocations per object.
type decoder struct {
	s           string
	i           int
	lits        jsonvalue.Literals // where each value decoded is written; nil when no one asks
	memberStack []ir.JSONMember
	itemStack   []*ir.JSONValue
}

func (d *decoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// value decodes the value at d.i into a tree and moves past it.
func (d *decoder) value() *ir.JSONValue { return d.valueTo(-1) }

// valueTo is value down to depth levels of nesting (Outline); a negative
// depth has no end.
func (d *decoder) valueTo(depth int) *ir.JSONValue {
	start := d.i
	var v *ir.JSONValue
	switch c := d.s[d.i]; {
	case depth == 0:
		v = d.shallow().value()
	case c == '{':
		v = &ir.JSONValue{Kind: ir.JSONObject}
		d.i++
		d.space()
		base := len(d.memberStack)
		if d.s[d.i] != '}' {
			for {
				d.space()
				keyAt := d.i
				k, lossy := d.str()
				m := ir.JSONMember{Key: k}
				if lossy {
					m.KeyRaw = d.s[keyAt:d.i]
				}
				d.space()
				d.i++ // ':'
				d.space()
				m.Value = d.valueTo(depth - 1)
				d.memberStack = append(d.memberStack, m)
				d.space()
				if d.s[d.i] == ',' {
					d.i++
					continue
				}
				break
			}
		}
		d.i++ // '}'
		if n := len(d.memberStack) - base; n > 0 {
			block := append([]ir.JSONMember(nil), d.memberStack[base:]...)
			v.Members = make([]*ir.JSONMember, n)
			for j := range block {
				v.Members[j] = &block[j]
			}
			clear(d.memberStack[base:]) // no stale pointers kept alive
			d.memberStack = d.memberStack[:base]
		}
	case c == '[':
		v = &ir.JSONValue{Kind: ir.JSONArray}
		d.i++
		d.space()
		base := len(d.itemStack)
		if d.s[d.i] != ']' {
			for {
				d.space()
				item := d.valueTo(depth - 1)
				d.itemStack = append(d.itemStack, item)
				d.space()
				if d.s[d.i] == ',' {
					d.i++
					continue
				}
				break
			}
		}
		d.i++ // ']'
		if len(d.itemStack) > base {
			v.Items = append([]*ir.JSONValue(nil), d.itemStack[base:]...)
			clear(d.itemStack[base:])
			d.itemStack = d.itemStack[:base]
		}
	default:
		v = d.shallow().value()
	}
	if d.lits != nil {
		d.lits[v] = [2]int{start, d.i}
	}
	return v
}

func isNumByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// str decodes the string at d.i. It reports lossy when a \u escape names a lone
// surrogate, which no UTF-8 text can hold.
func (d *decoder) str() (string, bool) {
	d.i++ // opening quote
	start := d.i
	for d.i < len(d.s) && d.s[d.i] != '"' && d.s[d.i] != '\\' {
		d.i++
	}
	if d.s[d.i] == '"' {
		d.i++
		return d.s[start : d.i-1], false
	}
	var b []byte
	b = append(b, d.s[start:d.i]...)
	lossy := false
	for {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return string(b), lossy
		case c == '\\':
			e := d.s[d.i+1]
			d.i += 2
			switch e {
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r := hex4(d.s[d.i:])
				d.i += 4
				if utf16.IsSurrogate(r) {
					if d.i+6 <= len(d.s) && d.s[d.i] == '\\' && d.s[d.i+1] == 'u' {
						if r2 := hex4(d.s[d.i+2:]); utf16.DecodeRune(r, r2) != utf8.RuneError {
							r = utf16.DecodeRune(r, r2)
							d.i += 6
							b = utf8.AppendRune(b, r)
							continue
						}
					}
					lossy = true
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
			default: // " \ /
				b = append(b, e)
			}
		default:
			b = append(b, c)
			d.i++
		}
	}
}

func hex4(s string) rune {
	n, _ := strconv.ParseUint(s[:4], 16, 32)
	return rune(n)
}

// writeString appends s as a JSON string. Like encoding/json it escapes control
// characters, quotes and backslashes, and (for output that may be embedded in
// HTML or JavaScript) nothing else: every other byte is kept as is.
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b.WriteString(s[start:i])
		switch c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&15])
		}
		start = i + 1
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}
