// Package toon owns TOON (Token-Oriented Object Notation, spec 4.0): its
// decoder, which reads TOON text into the JSON data model with a diagnostic for
// every strict-mode error of the spec's §14, and its encoder, which writes a
// JSON value as canonical TOON.
//
// TOON is line-oriented, like AgentDSL: a line classifier (decode.go) splits
// the document into lines, strips comment lines, measures indentation and
// decides what each line is; the structured part of a line, an array header
// with its bracket and field segments, is read by a small participle grammar
// (header.go), built once.
//
// The data model keeps what JSON text says and Go's maps would lose: object
// key order, and each number's text. Numbers are held as exact decimals in the
// spec's canonical form (§2), never as float64, so a 20-digit integer or a long
// fraction survives decode and encode unchanged (docs/interop.md, "TOON").
package toon

// Kind is the kind of a JSON value.
type Kind uint8

// The kinds of Value.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// Value is a JSON value with its object key order and its numbers' canonical
// decimal text.
type Value struct {
	Kind   Kind
	Bool   bool    // Bool's value
	Text   string  // String's value, or Number's canonical text (§2)
	Items  []Value // Array's elements
	Fields []Field // Object's members, in order, keys unique
	at     written // where Decode read it; zero for a value built or read from JSON
}

// Field is one member of an object.
type Field struct {
	Key   string
	Value Value
	keyAt written // where Decode read the key
}

// written is where a decoded value or key stands in the TOON text, for the
// Origin DecodeJSON gives: a primitive's token (a string's with its quotes),
// a container's key or header. copied says the token's text is the value's
// own (a key that a tabular row takes from its header is placed at the
// row's cell, not copied from it).
type written struct {
	start, end int
	ok, copied bool
}

// token is a value or key read from src[start:end] as written.
func token(start, end int) written { return written{start: start, end: end, ok: true, copied: true} }

// near is a place that is not the value's text (a container's header, a row
// field's cell).
func near(start, end int) written { return written{start: start, end: end, ok: true} }

// placed is v at w unless the decoder placed it already.
func placed(v Value, w written) Value {
	if !v.at.ok {
		v.at = w
	}
	return v
}

// IsPrimitive reports whether v is a string, number, boolean or null.
func (v Value) IsPrimitive() bool { return v.Kind < Array }

// Get returns the value of key in an object, and whether it is there.
func (v Value) Get(key string) (Value, bool) {
	for _, f := range v.Fields {
		if f.Key == key {
			return f.Value, true
		}
	}
	return Value{}, false
}

// StringValue, NumberValue and the other constructors build values.
func StringValue(s string) Value { return Value{Kind: String, Text: s} }

// BoolValue is a boolean.
func BoolValue(b bool) Value { return Value{Kind: Bool, Bool: b} }

// NullValue is null.
func NullValue() Value { return Value{Kind: Null} }

// objectBuilder collects an object's members with last-write-wins for a
// repeated key: the key keeps its first place and takes the last value, as a
// JavaScript object (the reference implementation's) does.
type objectBuilder struct {
	fields []Field
	index  map[string]int // built once the object is large enough to need it
}

// set adds key, or replaces its value; it reports whether the key was new.
func (b *objectBuilder) set(key string, v Value) bool { return b.setAt(key, written{}, v) }

// setAt is set of a key the decoder read at keyAt.
func (b *objectBuilder) setAt(key string, keyAt written, v Value) bool {
	if i, ok := b.find(key); ok {
		b.fields[i].Value, b.fields[i].keyAt = v, keyAt
		return false
	}
	b.fields = append(b.fields, Field{Key: key, Value: v, keyAt: keyAt})
	if b.index != nil {
		b.index[key] = len(b.fields) - 1
	}
	return true
}

func (b *objectBuilder) has(key string) bool {
	_, ok := b.find(key)
	return ok
}

func (b *objectBuilder) find(key string) (int, bool) {
	if b.index == nil && len(b.fields) > 16 {
		b.index = make(map[string]int, 2*len(b.fields))
		for i, f := range b.fields {
			b.index[f.Key] = i
		}
	}
	if b.index != nil {
		i, ok := b.index[key]
		return i, ok
	}
	for i, f := range b.fields {
		if f.Key == key {
			return i, true
		}
	}
	return 0, false
}

func (b *objectBuilder) value() Value {
	fs := b.fields
	if fs == nil {
		fs = []Field{}
	}
	return Value{Kind: Object, Fields: fs}
}
