package toon

import (
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// EncodeOptions are the encoder's options (§13).
type EncodeOptions struct {
	Delimiter byte // ',' (the default when 0), '\t' or '|'
	Indent    int  // spaces per level; 0 means 2
}

// Encode writes v as canonical TOON: LF line ends, no trailing spaces and no
// final newline (§12). Its output decodes to v, except that tabular and keyed
// tabular forms give every row its header's key order (§2).
func Encode(v *ir.JSONValue, opt EncodeOptions) []byte {
	e := &encoder{delim: opt.Delimiter, indent: opt.Indent}
	if e.delim == 0 {
		e.delim = ','
	}
	if e.indent <= 0 {
		e.indent = 2
	}
	if v.Kind != ir.JSONObject {
		e.start(0)
	}
	switch {
	case v.Kind == ir.JSONArray:
		e.array(0, "", false, v, true)
	case v.Kind == ir.JSONObject:
		if fs, ok := keyedFields(v); ok {
			e.start(0)
			e.keyed(0, "", false, v, fs)
		} else {
			e.fields(0, v)
		}
	default:
		e.out = append(e.out, e.primitive(v)...)
	}
	return e.out
}

type encoder struct {
	out    []byte
	delim  byte
	indent int
	lines  int
}

// start begins a line at depth.
func (e *encoder) start(depth int) {
	if e.lines > 0 {
		e.out = append(e.out, '\n')
	}
	e.lines++
	for range depth * e.indent {
		e.out = append(e.out, ' ')
	}
}

// fields writes an object's members at depth.
func (e *encoder) fields(depth int, v *ir.JSONValue) {
	for _, m := range v.Members {
		e.start(depth)
		e.member(depth, m.Key, m.Value)
	}
}

// member writes key and its value after the line's indentation (already
// written); nested content goes at depth+1.
func (e *encoder) member(depth int, key string, v *ir.JSONValue) {
	k := encodeKey(key)
	switch v.Kind {
	case ir.JSONArray:
		e.array(depth, k, true, v, false)
	case ir.JSONObject:
		if len(v.Members) == 0 {
			e.out = append(e.out, k...)
			e.out = append(e.out, ':')
		} else if fs, ok := keyedFields(v); ok {
			e.keyed(depth, k, true, v, fs)
		} else {
			e.out = append(e.out, k...)
			e.out = append(e.out, ':')
			e.fields(depth+1, v)
		}
	default:
		e.out = append(e.out, k...)
		e.out = append(e.out, ": "...)
		e.out = append(e.out, e.primitive(v)...)
	}
}

// header writes key[N<delim>] and the fields segment, and the colon.
func (e *encoder) header(key string, n int, keyed bool, fs []field) {
	e.out = append(e.out, key...)
	e.out = append(e.out, '[')
	e.out = appendInt(e.out, n)
	if keyed {
		e.out = append(e.out, ':')
	}
	if e.delim != ',' {
		e.out = append(e.out, e.delim)
	}
	e.out = append(e.out, ']')
	if fs != nil {
		e.fieldList(fs)
	}
	e.out = append(e.out, ':')
}

func (e *encoder) fieldList(fs []field) {
	e.out = append(e.out, '{')
	for i, f := range fs {
		if i > 0 {
			e.out = append(e.out, e.delim)
		}
		e.out = append(e.out, encodeKey(f.name)...)
		if f.sub != nil {
			e.fieldList(f.sub)
		}
	}
	e.out = append(e.out, '}')
}

// array writes an array after the line's indentation: key (encoded, "" when
// keyless), its header and its content at depth+1. A field with an empty array
// is key: [] and the root's is [] (§9.1); a list item's is [0]: (§9.2).
func (e *encoder) array(depth int, key string, isField bool, v *ir.JSONValue, root bool) {
	if len(v.Items) == 0 && (isField || root) {
		if isField {
			e.out = append(e.out, key...)
			e.out = append(e.out, ": []"...)
		} else {
			e.out = append(e.out, "[]"...)
		}
		return
	}
	if allPrimitive(v.Items) {
		e.header(key, len(v.Items), false, nil)
		if len(v.Items) > 0 {
			e.out = append(e.out, ' ')
			e.cells(v.Items)
		}
		return
	}
	// A keyless header with fields stands only at the root (§6).
	if key != "" || root {
		if fs, ok := tabularFields(v.Items); ok {
			e.header(key, len(v.Items), false, fs)
			for _, it := range v.Items {
				e.start(depth + 1)
				e.row(fs, it)
			}
			return
		}
	}
	e.header(key, len(v.Items), false, nil)
	for _, it := range v.Items {
		e.start(depth + 1)
		e.item(depth+1, it)
	}
}

// keyed writes an object in keyed tabular form (§9.5).
func (e *encoder) keyed(depth int, key string, isField bool, v *ir.JSONValue, fs []field) {
	e.header(key, len(v.Members), true, fs)
	for _, m := range v.Members {
		e.start(depth + 1)
		e.out = append(e.out, encodeKey(m.Key)...)
		e.out = append(e.out, ": "...)
		e.row(fs, m.Value)
	}
}

// item writes a list item whose marker stands at depth (indentation written).
func (e *encoder) item(depth int, v *ir.JSONValue) {
	switch {
	case v.Kind == ir.JSONArray:
		e.out = append(e.out, "- "...)
		e.array(depth, "", false, v, false)
	case v.Kind == ir.JSONObject && len(v.Members) == 0:
		e.out = append(e.out, '-')
	case v.Kind == ir.JSONObject:
		// The first field goes on the hyphen line and the others at depth+1;
		// the first field's own content is then at depth+2 (§10).
		e.out = append(e.out, "- "...)
		e.member(depth+1, v.Members[0].Key, v.Members[0].Value)
		for _, m := range v.Members[1:] {
			e.start(depth + 1)
			e.member(depth+1, m.Key, m.Value)
		}
	default:
		e.out = append(e.out, "- "...)
		e.out = append(e.out, e.primitive(v)...)
	}
}

// row writes an element's leaf values in the fields' depth-first order.
func (e *encoder) row(fs []field, v *ir.JSONValue) {
	first := true
	var walk func(fs []field, v *ir.JSONValue)
	walk = func(fs []field, v *ir.JSONValue) {
		for _, f := range fs {
			c := v.Member(f.name)
			if f.sub != nil {
				walk(f.sub, c)
				continue
			}
			if !first {
				e.out = append(e.out, e.delim)
			}
			first = false
			e.out = append(e.out, e.primitive(c)...)
		}
	}
	walk(fs, v)
}

func (e *encoder) cells(items []*ir.JSONValue) {
	for i, it := range items {
		if i > 0 {
			e.out = append(e.out, e.delim)
		}
		e.out = append(e.out, e.primitive(it)...)
	}
}

// primitive encodes a primitive, quoting a string when §7.2 requires it. The
// encoder uses one delimiter throughout, so the document delimiter and every
// active delimiter are the same (§11.1).
func (e *encoder) primitive(v *ir.JSONValue) string {
	switch {
	case v == nil || v.Kind == ir.JSONNull: // nil: a row without the field, which uniformFields rules out
		return "null"
	case v.Kind == ir.JSONBool:
		if v.Bool {
			return "true"
		}
		return "false"
	case v.Kind == ir.JSONNumber:
		return v.Text
	}
	if needsQuotes(v.Text, e.delim) {
		return quote(v.Text)
	}
	return v.Text
}

func allPrimitive(vs []*ir.JSONValue) bool {
	for _, v := range vs {
		if !isPrimitive(v) {
			return false
		}
	}
	return true
}

// tabularFields returns the header fields of an array of objects that can be
// written as a table (§9.3): every element a non-empty object with the same
// keys, every column uniform-primitive or nested-uniform.
func tabularFields(items []*ir.JSONValue) ([]field, bool) {
	if len(items) == 0 {
		return nil, false
	}
	return uniformFields(items)
}

// keyedFields returns the fields of an object that can be written in keyed
// tabular form (§9.5): at least two entries, whose values are uniform as the
// elements of a table are.
func keyedFields(v *ir.JSONValue) ([]field, bool) {
	if len(v.Members) < 2 {
		return nil, false
	}
	vals := make([]*ir.JSONValue, len(v.Members))
	for i, m := range v.Members {
		vals[i] = m.Value
	}
	return uniformFields(vals)
}

// uniformFields is the field tree shared by objs, in the first object's key
// order, if they are all non-empty objects with one key set whose columns are
// each all primitives or themselves uniform objects.
func uniformFields(objs []*ir.JSONValue) ([]field, bool) {
	first := objs[0]
	if first.Kind != ir.JSONObject || len(first.Members) == 0 {
		return nil, false
	}
	for _, o := range objs[1:] {
		if o.Kind != ir.JSONObject || len(o.Members) != len(first.Members) {
			return nil, false
		}
	}
	fs := make([]field, 0, len(first.Members))
	col := make([]*ir.JSONValue, len(objs))
	for _, f := range first.Members {
		prim := isPrimitive(f.Value)
		for i, o := range objs {
			c := o.Member(f.Key)
			if c == nil || isPrimitive(c) != prim {
				return nil, false
			}
			col[i] = c
		}
		if prim {
			fs = append(fs, field{name: f.Key})
			continue
		}
		sub, ok := uniformFields(col)
		if !ok {
			return nil, false
		}
		fs = append(fs, field{name: f.Key, sub: sub})
	}
	return fs, true
}

// encodeKey writes a key, quoted unless §7.3 allows it bare.
func encodeKey(k string) string {
	if isUnquotedKey(k) {
		return k
	}
	return quote(k)
}

// needsQuotes reports whether a string value must be quoted (§7.2).
func needsQuotes(s string, delim byte) bool {
	if s == "" || s == "true" || s == "false" || s == "null" {
		return true
	}
	if c := s[0]; c == ' ' || c == '\t' || c == '-' || c == '#' {
		return true
	}
	if c := s[len(s)-1]; c == ' ' || c == '\t' {
		return true
	}
	if isNumericLike(s) {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20, c == ':', c == '"', c == '\\', c == '[', c == ']', c == '{', c == '}', c == delim:
			return true
		}
	}
	return false
}

// isNumericLike is §7.2's /^[+-]?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?$/i.
func isNumericLike(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" || !isDigit(s[0]) {
		return false
	}
	// Leading zeros are numeric-like here: the token grammar without §4's
	// leading-zero rule.
	for len(s) > 1 && s[0] == '0' && isDigit(s[1]) {
		s = s[1:]
	}
	return isNumberToken(s)
}

// quote writes s as a quoted string with §7.1's escapes.
func quote(s string) string {
	var sb strings.Builder
	sb.Grow(len(s) + 2)
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			sb.WriteString(`\\`)
		case c == '"':
			sb.WriteString(`\"`)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\r':
			sb.WriteString(`\r`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c < 0x20:
			sb.WriteString(`\u00`)
			sb.WriteByte(hexDigits[c>>4])
			sb.WriteByte(hexDigits[c&0xF])
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

const hexDigits = "0123456789abcdef"

func appendInt(b []byte, n int) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}
