// Package linguajson owns the JSON of Agent Lingua payloads: reading JSON into
// ir.LinguaJSON with object members in wire order (duplicates kept), writing it
// back compact (the encoder) or indented (renderings), and the table of short
// field names (t title, c content, ...) that decoding expands as a view.
//
// It is shared by passes/decode, the encoder in grammars/lingua and emit/text,
// so the three agree on what a payload's JSON is.
package linguajson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// MaxDepth bounds nesting, so a hostile payload cannot exhaust the stack.
const MaxDepth = 200

// Parse reads one JSON value (and nothing after it). Numbers keep their text.
func Parse(b []byte) (*ir.LinguaJSON, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := parseValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the JSON value at byte %d", dec.InputOffset())
	}
	return v, nil
}

func parseValue(dec *json.Decoder, depth int) (*ir.LinguaJSON, error) {
	if depth > MaxDepth {
		return nil, errors.New("JSON nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, syntaxErr(err, dec)
	}
	switch t := tok.(type) {
	case nil:
		return &ir.LinguaJSON{Kind: ir.JSONNull}, nil
	case bool:
		return &ir.LinguaJSON{Kind: ir.JSONBool, Bool: t}, nil
	case json.Number:
		return &ir.LinguaJSON{Kind: ir.JSONNumber, Text: string(t)}, nil
	case string:
		return &ir.LinguaJSON{Kind: ir.JSONString, Text: t}, nil
	case json.Delim:
		switch t {
		case '[':
			v := &ir.LinguaJSON{Kind: ir.JSONArray}
			for dec.More() {
				item, err := parseValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.Items = append(v.Items, item)
			}
			if _, err := dec.Token(); err != nil {
				return nil, syntaxErr(err, dec)
			}
			return v, nil
		case '{':
			v := &ir.LinguaJSON{Kind: ir.JSONObject}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, syntaxErr(err, dec)
				}
				key, _ := kt.(string)
				val, err := parseValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.Members = append(v.Members, &ir.LinguaMember{Key: key, Value: val})
			}
			if _, err := dec.Token(); err != nil {
				return nil, syntaxErr(err, dec)
			}
			return v, nil
		}
	}
	return nil, fmt.Errorf("unexpected %v at byte %d", tok, dec.InputOffset())
}

func syntaxErr(err error, dec *json.Decoder) error {
	if err == io.EOF {
		return fmt.Errorf("JSON ends early at byte %d", dec.InputOffset())
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%s at byte %d", strings.TrimPrefix(se.Error(), "invalid character "), se.Offset)
	}
	return err
}

// Compact writes v as compact JSON with members in order and short keys as on
// the wire: the form the encoder puts inside j: payloads.
func Compact(v *ir.LinguaJSON) []byte {
	var b bytes.Buffer
	write(&b, v, "", "", false)
	return b.Bytes()
}

// Indent writes v as JSON indented by indent per level, each object key
// replaced by its full name when full is true and the table knows it.
func Indent(v *ir.LinguaJSON, prefix, indent string, full bool) []byte {
	var b bytes.Buffer
	write(&b, v, prefix, indent, full)
	return b.Bytes()
}

func write(b *bytes.Buffer, v *ir.LinguaJSON, prefix, indent string, full bool) {
	nl := func(depth int) {
		if indent != "" {
			b.WriteByte('\n')
			b.WriteString(prefix)
			b.WriteString(strings.Repeat(indent, depth))
		}
	}
	var rec func(v *ir.LinguaJSON, depth int)
	rec = func(v *ir.LinguaJSON, depth int) {
		switch v.Kind {
		case ir.JSONNull:
			b.WriteString("null")
		case ir.JSONBool:
			b.WriteString(strconv.FormatBool(v.Bool))
		case ir.JSONNumber:
			b.WriteString(v.Text)
		case ir.JSONString:
			writeString(b, v.Text)
		case ir.JSONArray:
			b.WriteByte('[')
			for i, it := range v.Items {
				if i > 0 {
					b.WriteByte(',')
				}
				nl(depth + 1)
				rec(it, depth+1)
			}
			if len(v.Items) > 0 {
				nl(depth)
			}
			b.WriteByte(']')
		case ir.JSONObject:
			b.WriteByte('{')
			for i, m := range v.Members {
				if i > 0 {
					b.WriteByte(',')
				}
				nl(depth + 1)
				key := m.Key
				if full {
					key = DisplayKey(v, m)
				}
				writeString(b, key)
				b.WriteByte(':')
				if indent != "" {
					b.WriteByte(' ')
				}
				rec(m.Value, depth+1)
			}
			if len(v.Members) > 0 {
				nl(depth)
			}
			b.WriteByte('}')
		}
	}
	rec(v, 0)
}

func writeString(b *bytes.Buffer, s string) {
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a Go string always encodes
	b.Write(bytes.TrimSuffix(tmp.Bytes(), []byte("\n")))
}
