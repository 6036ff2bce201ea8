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
	w := jsonWriter{b: b, indent: indent}
	w.value(v, 0)
	return w.b
}

// jsonWriter writes JSON text, and, with an Origin, marks where each value
// and key the decoder placed came from (DecodeJSON).
type jsonWriter struct {
	b      []byte
	indent string
	o      *diag.Origin // nil: no marks
	src    string       // o.From's content
}

func (w *jsonWriter) nl(depth int) {
	if w.indent == "" {
		return
	}
	w.b = append(w.b, '\n')
	for range depth {
		w.b = append(w.b, w.indent...)
	}
}

// mark records that the JSON from here on comes from at.
func (w *jsonWriter) mark(at written) {
	if w.o != nil && at.ok {
		w.o.Mark(len(w.b), at.start, at.end, -1, 0)
	}
}

// begin marks the JSON from here on as coming from at, the token a
// primitive or key was decoded from, and returns where its text starts.
func (w *jsonWriter) begin(at written) int {
	w.mark(at)
	return len(w.b)
}

// end claims, for a token written since gen, that the JSON's text is copied
// from at where at is the token as written and as long as that text (a
// string's inside its quotes); Verify, once the text is whole, withdraws
// every claim whose bytes differ (an escape either side), so a position maps
// exactly only where the bytes agree.
func (w *jsonWriter) end(at written, gen int, str bool) {
	if w.o == nil || !at.ok || !at.copied {
		return
	}
	from, to, n := at.start, at.end, len(w.b)-gen
	if str {
		if to-from >= 2 && w.src[from] == '"' {
			from, to = from+1, to-1 // a quoted token: its text inside the quotes
		}
		gen, n = gen+1, n-2 // the JSON string's text inside its quotes
	}
	// Only a whole token is a copy: "1.5" written for 1.50 agrees with its
	// first three bytes, but a fix of the number must replace all four.
	if n > 0 && n == to-from {
		w.o.Mark(gen, at.start, at.end, from, n)
	}
}

// str writes s as a JSON string decoded from at.
func (w *jsonWriter) str(s string, at written) {
	gen := w.begin(at)
	w.b = appendJSONString(w.b, s)
	w.end(at, gen, true)
}

func (w *jsonWriter) value(v Value, depth int) {
	switch v.Kind {
	case Null, Bool, Number:
		gen := w.begin(v.at)
		switch {
		case v.Kind == Null:
			w.b = append(w.b, "null"...)
		case v.Kind == Number:
			w.b = append(w.b, v.Text...)
		case v.Bool:
			w.b = append(w.b, "true"...)
		default:
			w.b = append(w.b, "false"...)
		}
		w.end(v.at, gen, false)
		return
	case String:
		w.str(v.Text, v.at)
		return
	}
	w.mark(v.at)
	if v.Kind == Array {
		if len(v.Items) == 0 {
			w.b = append(w.b, "[]"...)
			return
		}
		w.b = append(w.b, '[')
		for i, it := range v.Items {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.nl(depth + 1)
			w.value(it, depth+1)
		}
		w.nl(depth)
		w.b = append(w.b, ']')
		return
	}
	if len(v.Fields) == 0 {
		w.b = append(w.b, "{}"...)
		return
	}
	w.b = append(w.b, '{')
	for i, f := range v.Fields {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.nl(depth + 1)
		w.str(f.Key, f.keyAt)
		w.b = append(w.b, ':')
		if w.indent != "" {
			w.b = append(w.b, ' ')
		}
		w.value(f.Value, depth+1)
	}
	w.nl(depth)
	w.b = append(w.b, '}')
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
