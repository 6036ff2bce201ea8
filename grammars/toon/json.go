package toon

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// ParseJSON reads one JSON value, keeping its object key order and its
// numbers' exact text (in canonical form). A key repeated in one object keeps
// its first place and its last value, as JavaScript's JSON.parse does. An
// input that is not one JSON value is CodeJSON.
func ParseJSON(src *diag.Source) (*ir.JSONValue, diag.List) {
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
		return nil, ds
	}
	return v, nil
}

var errDepth = fmt.Errorf("values nest more than %d deep", MaxDepth)

type jsonReader struct{ dec *json.Decoder }

func (p *jsonReader) value(depth int) (*ir.JSONValue, error) {
	if depth > MaxDepth {
		return nil, errDepth
	}
	t, err := p.dec.Token()
	if err != nil {
		if err == io.EOF {
			err = errors.New("no JSON value")
		}
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		if t == '[' {
			items := []*ir.JSONValue{}
			for p.dec.More() {
				v, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				items = append(items, v)
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, err
			}
			return &ir.JSONValue{Kind: ir.JSONArray, Items: items}, nil
		}
		var b objectBuilder
		for p.dec.More() {
			kt, err := p.dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			b.set(kt.(string), v)
		}
		if _, err := p.dec.Token(); err != nil {
			return nil, err
		}
		return b.value(), nil
	case json.Number:
		text, ok := canonicalNumber(string(t))
		if !ok {
			return nil, fmt.Errorf("number %s has an exponent beyond ±%d, outside rosettac's numeric domain", t, maxExponent)
		}
		return &ir.JSONValue{Kind: ir.JSONNumber, Text: text}, nil
	case string:
		return stringValue(t), nil
	case bool:
		return &ir.JSONValue{Kind: ir.JSONBool, Bool: t}, nil
	}
	return &ir.JSONValue{Kind: ir.JSONNull}, nil
}

// markOrigin returns the jsonvalue.Mark that records, in o, where each value
// and key of the JSON text came from in the TOON text src: a container to its
// key or header, a primitive or key to its token, claimed as a byte-for-byte
// copy where the JSON's text is as long as the token's (a string's inside
// their quotes); Verify, once the text is whole, withdraws every claim whose
// bytes differ (an escape either side), so a position maps exactly only where
// the bytes agree.
func markOrigin(o *diag.Origin, src string, pos *positions) jsonvalue.Mark {
	return func(v *ir.JSONValue, m *ir.JSONMember, start, end int) {
		var at written
		if m != nil {
			at = pos.key[m]
		} else {
			at = pos.value[v]
		}
		if !at.ok {
			return
		}
		o.Mark(start, at.start, at.end, -1, 0)
		container := m == nil && !isPrimitive(v)
		if container || !at.copied {
			return
		}
		from, to, gen, n := at.start, at.end, start, end-start
		if m != nil || v.Kind == ir.JSONString {
			if to-from >= 2 && src[from] == '"' {
				from, to = from+1, to-1 // a quoted token: its text inside the quotes
			}
			gen, n = gen+1, n-2 // the JSON string's text inside its quotes
		}
		// Only a whole token is a copy: "1.5" written for 1.50 agrees with its
		// first three bytes, but a fix of the number must replace all four.
		if n > 0 && n == to-from {
			o.Mark(gen, at.start, at.end, from, n)
		}
	}
}

// Equal reports whether a and b are the same value, key order and number text
// included.
func Equal(a, b *ir.JSONValue) bool {
	return bytes.Equal(jsonvalue.Compact(a), jsonvalue.Compact(b))
}

// SameData reports whether a and b are equal under the TOON spec's equality
// (§2) as far as order goes: arrays in order, objects as key sets, so a row
// of a tabular form, which takes its header's key order, equals the object it
// came from. Number and string text compare exactly.
func SameData(a, b *ir.JSONValue) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case ir.JSONBool:
		return a.Bool == b.Bool
	case ir.JSONNumber, ir.JSONString:
		return a.Text == b.Text
	case ir.JSONArray:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !SameData(a.Items[i], b.Items[i]) {
				return false
			}
		}
	case ir.JSONObject:
		if len(a.Members) != len(b.Members) {
			return false
		}
		bb := objectBuilder{members: b.Members}
		for _, m := range a.Members {
			i, ok := bb.find(m.Key)
			if !ok || !SameData(m.Value, b.Members[i].Value) {
				return false
			}
		}
	}
	return true
}
