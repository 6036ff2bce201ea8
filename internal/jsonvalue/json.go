// Package jsonvalue reads JSON text into ir.JSONValue, the one JSON value
// type of rosettac, and writes it back: compact (a Lingua payload's j:
// content), indented (renderings and the data JSON forms), with members in
// source order and duplicates kept, numbers as written and a lone surrogate
// escape kept as its literal. ReadDataForm reads the data JSON form of
// Rosetta and Lingua transcripts (translate --to json) back into their text.
//
// It is shared by passes/decode, the encoder in grammars/lingua, emit/text,
// emit/translate (which writes the data forms and A2A's JSON) and the
// front ends that read JSON forms, so they agree on what a JSON value is.
package jsonvalue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/internal/jsonquote"
	"github.com/rosettac/rosettac/ir"
)

// MaxDepth bounds nesting, so a hostile payload cannot exhaust the stack.
const MaxDepth = 200

// Parse reads one JSON value (and nothing after it). Numbers keep their text;
// a string with a lone surrogate escape keeps its literal (ir.JSONValue.Raw,
// ir.JSONMember.KeyRaw for a key).
// An error is a *SyntaxError.
func Parse(b []byte) (*ir.JSONValue, error) {
	return parse(b, nil)
}

// Literals is where each value of a parsed JSON text is written in it: the
// byte range of its literal, from its first byte to just after its last.
type Literals map[*ir.JSONValue][2]int

// ParseLiterals is Parse that also says where each value is written, for a
// reader that reports positions inside the JSON (ReadDataForm).
func ParseLiterals(b []byte) (*ir.JSONValue, Literals, error) {
	lits := Literals{}
	v, err := parse(b, lits)
	return v, lits, err
}

func parse(b []byte, lits Literals) (*ir.JSONValue, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	p := &parser{b: b, dec: dec, lits: lits}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &SyntaxError{Offset: nextByte(b, dec.InputOffset()), Msg: "data after the JSON value"}
	}
	return v, nil
}

// SyntaxError is JSON that cannot be read: Offset is the byte (counted from
// 0) where it goes wrong, the input's length for JSON that ends early.
type SyntaxError struct {
	Offset int64
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%s at byte %d", e.Msg, e.Offset) }

// parser reads one value with encoding/json's tokenizer; b is its input, for
// the offsets of errors and the literals of lossy strings.
type parser struct {
	b    []byte
	dec  *json.Decoder
	lits Literals // nil unless asked for
}

func (p *parser) value(depth int) (*ir.JSONValue, error) {
	if p.lits == nil {
		return p.value1(depth)
	}
	at := p.dec.InputOffset() // before the separator the decoder reads with the token
	v, err := p.value1(depth)
	if err == nil {
		start := int(at)
		for start < len(p.b) && strings.IndexByte(" \t\r\n,:", p.b[start]) >= 0 {
			start++
		}
		p.lits[v] = [2]int{start, int(p.dec.InputOffset())}
	}
	return v, err
}

func (p *parser) value1(depth int) (*ir.JSONValue, error) {
	if depth > MaxDepth {
		return nil, &SyntaxError{Offset: nextByte(p.b, p.dec.InputOffset()), Msg: fmt.Sprintf("JSON nested more than %d deep", MaxDepth)}
	}
	before := p.dec.InputOffset()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.syntaxErr(err)
	}
	switch t := tok.(type) {
	case nil:
		return &ir.JSONValue{Kind: ir.JSONNull}, nil
	case bool:
		return &ir.JSONValue{Kind: ir.JSONBool, Bool: t}, nil
	case json.Number:
		return &ir.JSONValue{Kind: ir.JSONNumber, Text: string(t)}, nil
	case string:
		return &ir.JSONValue{Kind: ir.JSONString, Text: t, Raw: p.lossyLiteral(before)}, nil
	case json.Delim:
		switch t {
		case '[':
			v := &ir.JSONValue{Kind: ir.JSONArray}
			for p.dec.More() {
				item, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				v.Items = append(v.Items, item)
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, p.syntaxErr(err)
			}
			return v, nil
		case '{':
			v := &ir.JSONValue{Kind: ir.JSONObject}
			for p.dec.More() {
				keyAt := p.dec.InputOffset()
				kt, err := p.dec.Token()
				if err != nil {
					return nil, p.syntaxErr(err)
				}
				key, _ := kt.(string)
				keyRaw := p.lossyLiteral(keyAt)
				val, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				v.Members = append(v.Members, &ir.JSONMember{Key: key, KeyRaw: keyRaw, Value: val})
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, p.syntaxErr(err)
			}
			return v, nil
		}
	}
	return nil, &SyntaxError{Offset: nextByte(p.b, before), Msg: fmt.Sprintf("unexpected %v", tok)}
}

// lossyLiteral returns the literal of the string token read after offset
// before when decoding changed it (a lone surrogate escape), else "".
func (p *parser) lossyLiteral(before int64) string {
	end := int(p.dec.InputOffset())
	start := bytes.IndexByte(p.b[before:end], '"')
	if start < 0 {
		return ""
	}
	lit := p.b[int(before)+start : end]
	if !hasLoneSurrogate(lit) {
		return ""
	}
	return string(lit)
}

// hasLoneSurrogate reports whether a JSON string literal escapes a UTF-16
// surrogate that is not half of a pair.
func hasLoneSurrogate(lit []byte) bool {
	for i := 0; i+1 < len(lit); i++ {
		if lit[i] != '\\' {
			continue
		}
		if lit[i+1] != 'u' || i+6 > len(lit) {
			i++ // the escaped byte is no escape of its own
			continue
		}
		r := hex4(lit[i+2 : i+6])
		switch {
		case 0xD800 <= r && r < 0xDC00: // high: a low one must follow
			if i+12 <= len(lit) && lit[i+6] == '\\' && lit[i+7] == 'u' {
				if lo := hex4(lit[i+8 : i+12]); 0xDC00 <= lo && lo < 0xE000 {
					i += 11
					continue
				}
			}
			return true
		case 0xDC00 <= r && r < 0xE000:
			return true
		}
		i += 5
	}
	return false
}

func hex4(h []byte) rune {
	n, err := strconv.ParseUint(string(h), 16, 32)
	if err != nil {
		return -1
	}
	return rune(n)
}

// syntaxErr turns the tokenizer's error into a SyntaxError at the byte that
// is wrong. The tokenizer's own offsets are of its buffer, not of the input,
// so the offset is encoding/json's whole-input validation's: it counts the
// bytes read up to and including the bad one.
func (p *parser) syntaxErr(err error) error {
	if err == io.EOF {
		return &SyntaxError{Offset: int64(len(p.b)), Msg: "JSON ends early"}
	}
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	var raw json.RawMessage
	if err := json.Unmarshal(p.b, &raw); errors.As(err, &se) {
		if se.Offset >= int64(len(p.b)) && strings.HasPrefix(se.Error(), "unexpected end") {
			return &SyntaxError{Offset: int64(len(p.b)), Msg: "JSON ends early"}
		}
		return &SyntaxError{Offset: max(se.Offset-1, 0), Msg: strings.TrimPrefix(se.Error(), "invalid character ")}
	}
	return &SyntaxError{Offset: nextByte(p.b, p.dec.InputOffset()), Msg: strings.TrimPrefix(se.Error(), "invalid character ")}
}

// nextByte is the offset of the first byte at or after off that is not JSON
// white space: where the next token starts.
func nextByte(b []byte, off int64) int64 {
	for off < int64(len(b)) && strings.IndexByte(" \t\r\n", b[off]) >= 0 {
		off++
	}
	return off
}

// Compact writes v as compact JSON with members in order and short keys as on
// the wire: the form the encoder puts inside j: payloads.
func Compact(v *ir.JSONValue) []byte {
	var b bytes.Buffer
	CompactTo(&b, v)
	return b.Bytes()
}

// CompactTo is Compact appending to b, for a writer that reuses one buffer.
func CompactTo(b *bytes.Buffer, v *ir.JSONValue) { write(b, v, "", "", false) }

// Indent writes v as JSON indented by indent per level, each object key
// replaced by its full name when full is true and the table knows it.
func Indent(v *ir.JSONValue, prefix, indent string, full bool) []byte {
	var b bytes.Buffer
	write(&b, v, prefix, indent, full)
	return b.Bytes()
}

// Mark is told, as IndentMarked writes, where each value and key starts and
// ends in the text: a primitive's whole literal, a container's opening
// bracket, a key's string with its quotes (m is then the member, else nil).
// It is called in the order of start, for a caller that maps the JSON back to
// where its values came from (the TOON decoder's Origin).
type Mark func(v *ir.JSONValue, m *ir.JSONMember, start, end int)

// IndentMarked is Indent (no prefix, wire keys) that calls mark for each
// value and key written.
func IndentMarked(v *ir.JSONValue, indent string, mark Mark) []byte {
	var b bytes.Buffer
	w := writer{b: &b, indent: indent, mark: mark}
	w.value(v, 0)
	return b.Bytes()
}

func write(b *bytes.Buffer, v *ir.JSONValue, prefix, indent string, full bool) {
	w := writer{b: b, prefix: prefix, indent: indent, full: full}
	w.value(v, 0)
}

// writer is the one JSON writer of ir.JSONValue.
type writer struct {
	b              *bytes.Buffer
	prefix, indent string
	full           bool // full names for keys the field table knows
	mark           Mark // nil: no marks
}

func (w *writer) nl(depth int) {
	if w.indent != "" {
		w.b.WriteByte('\n')
		w.b.WriteString(w.prefix)
		for range depth {
			w.b.WriteString(w.indent)
		}
	}
}

func (w *writer) marked(v *ir.JSONValue, m *ir.JSONMember, start int) {
	if w.mark != nil {
		w.mark(v, m, start, w.b.Len())
	}
}

func (w *writer) value(v *ir.JSONValue, depth int) {
	start := w.b.Len()
	switch v.Kind {
	case ir.JSONNull:
		w.b.WriteString("null")
	case ir.JSONBool:
		w.b.WriteString(strconv.FormatBool(v.Bool))
	case ir.JSONNumber:
		w.b.WriteString(v.Text)
	case ir.JSONString:
		if v.Raw != "" {
			w.b.WriteString(v.Raw) // a lone surrogate escape, as written
		} else {
			writeString(w.b, v.Text)
		}
	case ir.JSONArray:
		w.b.WriteByte('[')
		w.marked(v, nil, start)
		for i, it := range v.Items {
			if i > 0 {
				w.b.WriteByte(',')
			}
			w.nl(depth + 1)
			w.value(it, depth+1)
		}
		if len(v.Items) > 0 {
			w.nl(depth)
		}
		w.b.WriteByte(']')
		return
	case ir.JSONObject:
		w.b.WriteByte('{')
		w.marked(v, nil, start)
		for i, m := range v.Members {
			if i > 0 {
				w.b.WriteByte(',')
			}
			w.nl(depth + 1)
			key := m.Key
			if w.full {
				key = DisplayKey(v, m)
			}
			at := w.b.Len()
			if m.KeyRaw != "" && key == m.Key {
				w.b.WriteString(m.KeyRaw) // a lone surrogate escape, as written
			} else {
				writeString(w.b, key)
			}
			w.marked(nil, m, at)
			w.b.WriteByte(':')
			if w.indent != "" {
				w.b.WriteByte(' ')
			}
			w.value(m.Value, depth+1)
		}
		if len(v.Members) > 0 {
			w.nl(depth)
		}
		w.b.WriteByte('}')
		return
	}
	w.marked(v, nil, start)
}

func writeString(b *bytes.Buffer, s string) { jsonquote.Write(b, s) }

// DisplayKey returns the name to show for member m of object obj: its full name,
// or its wire key when it has none. When two members of obj expand to the same
// name (c and ct are both "content"), the wire key is added in brackets, so the
// view never merges them.
func DisplayKey(obj *ir.JSONValue, m *ir.JSONMember) string {
	if m.Full == "" {
		return m.Key
	}
	for _, o := range obj.Members {
		if o != m && (o.Full == m.Full || o.Full == "" && o.Key == m.Full) {
			return m.Full + " [" + m.Key + "]"
		}
	}
	return m.Full
}
