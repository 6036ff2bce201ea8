// Package json owns rosettac's JSON backends: the IR dump (compile --emit ir), a
// documented, versioned form of every node with its positions and pass results.
//
// The IR form is produced by walking the typed IR with reflection, so the three
// languages share one encoder and a field added to the IR appears without
// further work. Its shape (docs/ir-json.md):
//
//   - an object per struct node, "node" first (the Go type name), then the fields
//     in declaration order under snake_case names; zero values are omitted;
//   - a span as {"start":[line,col,offset],"end":[line,col,offset]} (col counts
//     code points, offset bytes);
//   - maps with sorted keys; byte slices as base64 strings; Ref-like strings as is.
package json

import (
	"bytes"
	"encoding/base64"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/internal/jsonquote"
	"github.com/rosettac/rosettac/ir"
)

// IRSchema names the version of the IR JSON form. Bump it on any incompatible change.
const IRSchema = "rosettac.ir/v2"

// IR returns the document (and its diagnostics) as one JSON file named name.
func IR(name string, doc ir.Document, diags diag.List) emit.File {
	var b bytes.Buffer
	var lang ir.Language
	if doc != nil {
		lang = doc.Language()
	}
	writeHead(&b, name, lang)
	if doc == nil {
		b.WriteString("null")
	} else {
		encode(&b, reflect.ValueOf(doc))
	}
	writeTail(&b, diags)
	return emit.File{Name: name + ".ir.json", Data: b.Bytes()}
}

// writeHead writes the file's members before the document's value.
func writeHead(b *bytes.Buffer, name string, lang ir.Language) {
	b.WriteString(`{"schema":`)
	writeString(b, IRSchema)
	b.WriteString(`,"file":`)
	writeString(b, name)
	b.WriteString(`,"language":`)
	writeString(b, string(lang))
	b.WriteString(`,"document":`)
}

// writeTail writes the diagnostics after the document, and closes the file.
func writeTail(b *bytes.Buffer, diags diag.List) {
	b.WriteString(`,"diagnostics":[`)
	for i, d := range diags {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"code":`)
		writeString(b, d.Code)
		b.WriteString(`,"severity":`)
		writeString(b, d.Severity.String())
		b.WriteString(`,"message":`)
		writeString(b, d.Message)
		if d.Hint != "" {
			b.WriteString(`,"hint":`)
			writeString(b, d.Hint)
		}
		if d.MessageID != "" {
			b.WriteString(`,"msg":`)
			writeString(b, d.MessageID)
		}
		b.WriteString(`,"span":`)
		writeSpan(b, d.Span)
		b.WriteByte('}')
	}
	b.WriteString("]}\n")
}

var spanType = reflect.TypeOf(diag.Span{})

func encode(b *bytes.Buffer, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("null")
			return
		}
		encode(b, v.Elem())
	case reflect.Struct:
		if v.Type() == spanType {
			writeSpan(b, v.Interface().(diag.Span))
			return
		}
		b.WriteString(`{"node":`)
		writeString(b, v.Type().Name())
		encodeFields(b, v)
		b.WriteByte('}')
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			writeString(b, base64.StdEncoding.EncodeToString(v.Bytes()))
			return
		}
		b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			encode(b, v.Index(i))
		}
		b.WriteByte(']')
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keyString(keys[i]) < keyString(keys[j]) })
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, keyString(k))
			b.WriteByte(':')
			encode(b, v.MapIndex(k))
		}
		b.WriteByte('}')
	case reflect.String:
		writeString(b, v.String())
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64))
	default:
		b.WriteString("null")
	}
}

// encodeFields writes ,"name":value for every non-zero exported field, with
// embedded structs flattened into their parent.
func encodeFields(b *bytes.Buffer, v reflect.Value) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		fv := v.Field(i)
		if f.Anonymous && fv.Kind() == reflect.Struct && f.Type != spanType {
			encodeFields(b, fv)
			continue
		}
		if fv.IsZero() || (fv.Kind() == reflect.Slice || fv.Kind() == reflect.Map) && fv.Len() == 0 {
			continue
		}
		b.WriteByte(',')
		writeString(b, snake(f.Name))
		b.WriteByte(':')
		encode(b, fv)
	}
}

func keyString(k reflect.Value) string {
	if k.Kind() == reflect.String {
		return k.String()
	}
	var b bytes.Buffer
	encode(&b, k)
	return b.String()
}

func writeSpan(b *bytes.Buffer, s diag.Span) {
	st, en := s.Start(), s.End()
	var buf [80]byte // the digits in place, not a string each
	out := append(buf[:0], `{"start":[`...)
	out = appendInts(out, st.Line, st.Col, s.StartOffset())
	out = append(out, `],"end":[`...)
	out = appendInts(out, en.Line, en.Col, s.EndOffset())
	b.Write(append(out, "]}"...))
}

// appendInts appends the numbers, comma-separated.
func appendInts(out []byte, ns ...int) []byte {
	for i, n := range ns {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendInt(out, int64(n), 10)
	}
	return out
}

func writeString(b *bytes.Buffer, s string) { jsonquote.Write(b, s) }

// snake turns a Go field name into snake_case (KeySpan -> key_span, ID -> id),
// each name once (snakes): the IR has a few dozen field names, and a file
// writes them once per node.
func snake(name string) string {
	if s, ok := snakes.Load(name); ok {
		return s.(string)
	}
	s := snakeOf(name)
	snakes.Store(name, s)
	return s
}

var snakes sync.Map

func snakeOf(name string) string {
	var out strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1]))) {
				out.WriteByte('_')
			}
			out.WriteRune(unicode.ToLower(r))
		} else {
			out.WriteRune(r)
		}
	}
	return out.String()
}
