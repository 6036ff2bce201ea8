package datajson

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Kind is the JSON type of a Value.
type Kind uint8

// JSON types.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// Value is one decoded JSON value that keeps what encoding/json forgets: the
// order of an object's keys, the exact text of a number and the exact bytes of
// every value.
type Value struct {
	Kind  Kind
	Off   int     // byte offset of the value in the input
	Raw   string  // the value's exact bytes in the input
	Str   string  // String: the decoded text
	Lossy bool    // String: it holds an escape (a lone surrogate) that decoding would change
	Items []Value // Array elements; Object values (in key order)
	Keys  []string
}

// Decode parses one JSON text. Syntax errors name the byte offset.
func Decode(data []byte) (*Value, error) {
	s := string(data)
	if err := valid(s); err != nil {
		return nil, err
	}
	d := decoder{s: s}
	d.space()
	v := d.value()
	return &v, nil
}

// Shallow decodes one JSON text's top-level value without what it nests: an
// object's keys and its values as shallow reads them (Kind, Off and Raw, Str
// for a string), any other value likewise. Telling what a document is then
// builds no tree of it and meets no nesting limit but json.Valid's. A syntax
// error is a *SyntaxError.
func Shallow(data []byte) (*Value, error) { return ShallowString(string(data)) }

// ShallowString is Shallow of text held as a string (a diag.Source's
// content), without copying it.
func ShallowString(s string) (*Value, error) {
	if err := valid(s); err != nil {
		return nil, err
	}
	d := decoder{s: s}
	d.space()
	if s[d.i] != '{' {
		v := d.shallow()
		return &v, nil
	}
	v := Value{Kind: Object, Off: d.i}
	d.i++
	for d.space(); s[d.i] != '}'; d.space() {
		if s[d.i] == ',' {
			d.i++
			d.space()
		}
		k, _ := d.str()
		d.space()
		d.i++ // the colon
		d.space()
		v.Keys = append(v.Keys, k)
		v.Items = append(v.Items, d.shallow())
	}
	v.Raw = s[v.Off : d.i+1]
	return &v, nil
}

// decoder walks text that json.Valid accepted, so it need not report errors.
// Children are gathered on one shared stack and copied out at exact size, and
// key lists are shared between objects with the same keys (the rows of a
// table), so a large array of objects costs about one allocation per object.
type decoder struct {
	s     string
	i     int
	stack []Value
	keys  []string
	seen  [][]string // recent key lists, for sharing
}

// keyList returns a list equal to ks, shared with an earlier object's when the
// same keys were seen recently.
func (d *decoder) keyList(ks []string) []string {
	for _, c := range d.seen {
		if len(c) == len(ks) {
			same := true
			for i := range c {
				if c[i] != ks[i] {
					same = false
					break
				}
			}
			if same {
				return c
			}
		}
	}
	out := append([]string(nil), ks...)
	if len(d.seen) < 16 {
		d.seen = append(d.seen, out)
	} else {
		d.seen[len(out)%16] = out
	}
	return out
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

func (d *decoder) value() Value {
	start := d.i
	v := Value{Off: start}
	switch c := d.s[d.i]; {
	case c == '{':
		v.Kind = Object
		d.i++
		d.space()
		base, kbase := len(d.stack), len(d.keys)
		if d.s[d.i] != '}' {
			for {
				d.space()
				k := d.value()
				d.keys = append(d.keys, k.Str)
				d.space()
				d.i++ // ':'
				d.space()
				d.stack = append(d.stack, d.value())
				d.space()
				if d.s[d.i] == ',' {
					d.i++
					continue
				}
				break
			}
		}
		d.i++ // '}'
		v.Keys = d.keyList(d.keys[kbase:])
		v.Items = append([]Value(nil), d.stack[base:]...)
		d.stack, d.keys = d.stack[:base], d.keys[:kbase]
	case c == '[':
		v.Kind = Array
		d.i++
		d.space()
		base := len(d.stack)
		if d.s[d.i] != ']' {
			for {
				d.space()
				d.stack = append(d.stack, d.value())
				d.space()
				if d.s[d.i] == ',' {
					d.i++
					continue
				}
				break
			}
		}
		d.i++ // ']'
		if len(d.stack) > base {
			v.Items = append([]Value(nil), d.stack[base:]...)
		}
		d.stack = d.stack[:base]
	case c == '"':
		v.Kind = String
		v.Str, v.Lossy = d.str()
	case c == 't':
		v.Kind = Bool
		d.i += 4
	case c == 'f':
		v.Kind = Bool
		d.i += 5
	case c == 'n':
		v.Kind = Null
		d.i += 4
	default:
		v.Kind = Number
		for d.i < len(d.s) && isNumByte(d.s[d.i]) {
			d.i++
		}
	}
	v.Raw = d.s[start:d.i]
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

// Field returns the value of key k of an object, or nil.
func (v *Value) Field(k string) *Value {
	for i, key := range v.Keys {
		if key == k {
			return &v.Items[i]
		}
	}
	return nil
}

// compact returns the value's text, without insignificant blanks when it
// spans lines, so a JSON value of a pretty-printed input fits one line of an any
// cell. Numbers and string escapes keep their exact text.
func (v *Value) compact() string {
	for i := 0; i < len(v.Raw); i++ {
		switch v.Raw[i] {
		case '\n', '\r':
			var b bytes.Buffer
			_ = json.Compact(&b, []byte(v.Raw))
			return b.String()
		}
	}
	return v.Raw
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
