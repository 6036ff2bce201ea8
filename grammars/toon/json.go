package toon

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
)

// ParseJSON reads one JSON value, keeping its object key order and its
// numbers' exact text (in canonical form). A key repeated in one object keeps
// its first place and its last value, as JavaScript's JSON.parse does. An
// input that is not one JSON value is CodeJSON.
func ParseJSON(src *diag.Source) (Value, diag.List) {
	data := src.Content()[diag.BOMLen(src.Content()):]
	base := len(src.Content()) - len(data)
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	p := &jsonReader{dec: dec}
	v, err := p.value(0)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	if err != nil {
		var ds diag.List
		off := base + int(dec.InputOffset())
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = base + int(se.Offset)
		}
		off = min(off, len(src.Content()))
		code := CodeJSON
		if errors.Is(err, errDepth) {
			code = CodeDepth
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: code, Span: src.Span(off, off),
			Message: "the input is not valid JSON: " + err.Error(), Hint: sectionHints[code]})
		return Value{}, ds
	}
	return v, nil
}

var errDepth = fmt.Errorf("values nest more than %d deep", MaxDepth)

type jsonReader struct{ dec *json.Decoder }

func (p *jsonReader) value(depth int) (Value, error) {
	if depth > MaxDepth {
		return Value{}, errDepth
	}
	t, err := p.dec.Token()
	if err != nil {
		if err == io.EOF {
			err = errors.New("no JSON value")
		}
		return Value{}, err
	}
	switch t := t.(type) {
	case json.Delim:
		if t == '[' {
			items := []Value{}
			for p.dec.More() {
				v, err := p.value(depth + 1)
				if err != nil {
					return Value{}, err
				}
				items = append(items, v)
			}
			if _, err := p.dec.Token(); err != nil {
				return Value{}, err
			}
			return Value{Kind: Array, Items: items}, nil
		}
		var b objectBuilder
		for p.dec.More() {
			kt, err := p.dec.Token()
			if err != nil {
				return Value{}, err
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return Value{}, err
			}
			b.set(kt.(string), v)
		}
		if _, err := p.dec.Token(); err != nil {
			return Value{}, err
		}
		return b.value(), nil
	case json.Number:
		text, ok := canonicalNumber(string(t))
		if !ok {
			return Value{}, fmt.Errorf("number %s has an exponent beyond ±%d, outside rosettac's numeric domain", t, maxExponent)
		}
		return Value{Kind: Number, Text: text}, nil
	case string:
		return StringValue(t), nil
	case bool:
		return BoolValue(t), nil
	}
	return NullValue(), nil
}

// AppendJSON appends v as JSON: compact when indent is "", else one member or
// element a line, indented by indent per level. Numbers are written as their
// canonical text, strings with only the escapes JSON requires.
func AppendJSON(b []byte, v Value, indent string) []byte {
	return appendJSON(b, v, indent, 0)
}

func appendJSON(b []byte, v Value, indent string, depth int) []byte {
	nl := func(b []byte, d int) []byte {
		if indent == "" {
			return b
		}
		b = append(b, '\n')
		for range d {
			b = append(b, indent...)
		}
		return b
	}
	switch v.Kind {
	case Null:
		return append(b, "null"...)
	case Bool:
		if v.Bool {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case Number:
		return append(b, v.Text...)
	case String:
		return appendJSONString(b, v.Text)
	case Array:
		if len(v.Items) == 0 {
			return append(b, "[]"...)
		}
		b = append(b, '[')
		for i, it := range v.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = nl(b, depth+1)
			b = appendJSON(b, it, indent, depth+1)
		}
		b = nl(b, depth)
		return append(b, ']')
	}
	if len(v.Fields) == 0 {
		return append(b, "{}"...)
	}
	b = append(b, '{')
	for i, f := range v.Fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = nl(b, depth+1)
		b = appendJSONString(b, f.Key)
		b = append(b, ':')
		if indent != "" {
			b = append(b, ' ')
		}
		b = appendJSON(b, f.Value, indent, depth+1)
	}
	b = nl(b, depth)
	return append(b, '}')
}

const hexDigits = "0123456789abcdef"

func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}

// Equal reports whether a and b are the same value, key order and number text
// included.
func Equal(a, b Value) bool {
	return bytes.Equal(AppendJSON(nil, a, ""), AppendJSON(nil, b, ""))
}

// SameData reports whether a and b are equal under the TOON spec's equality
// (§2) as far as order goes: arrays in order, objects as key sets, so a row
// of a tabular form, which takes its header's key order, equals the object it
// came from. Number and string text compare exactly.
func SameData(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Bool:
		return a.Bool == b.Bool
	case Number, String:
		return a.Text == b.Text
	case Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !SameData(a.Items[i], b.Items[i]) {
				return false
			}
		}
	case Object:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		bb := objectBuilder{fields: b.Fields}
		for _, f := range a.Fields {
			i, ok := bb.find(f.Key)
			if !ok || !SameData(f.Value, b.Fields[i].Value) {
				return false
			}
		}
	}
	return true
}
