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
// Values are rosettac's one JSON value type, ir.JSONValue, which keeps what
// Go's maps would lose: object key order, and each number's text. The codec
// holds numbers as exact decimals in the spec's canonical form (§2), never as
// float64, so a 20-digit integer or a long fraction survives decode and
// encode unchanged (docs/interop.md, "TOON"), and gives an object each key
// once (the last value wins, as in JavaScript).
package toon

import "github.com/rosettac/rosettac/ir"

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

// positions are where Decode read each value and key; a value or key not in
// them was built (a row's nested object, the empty root).
type positions struct {
	value map[*ir.JSONValue]written
	key   map[*ir.JSONMember]written
}

// newPositions sizes the tables for a document of n bytes: growing a map
// rehashes everything in it, which was most of what the tables cost, and a
// TOON document holds about one value and one key for every few bytes.
func newPositions(n int) *positions {
	return &positions{value: make(map[*ir.JSONValue]written, n/8), key: make(map[*ir.JSONMember]written, n/12)}
}

// placed is v at w unless the decoder placed it already. Nil positions
// (a decode no one asked where) keep nothing.
func (p *positions) placed(v *ir.JSONValue, w written) *ir.JSONValue {
	if p == nil {
		return v
	}
	if _, ok := p.value[v]; !ok && w.ok {
		p.value[v] = w
	}
	return v
}

func isPrimitive(v *ir.JSONValue) bool { return v.Kind < ir.JSONArray }

func stringValue(s string) *ir.JSONValue { return &ir.JSONValue{Kind: ir.JSONString, Text: s} }

func emptyArray() *ir.JSONValue { return &ir.JSONValue{Kind: ir.JSONArray, Items: []*ir.JSONValue{}} }

func emptyObject() *ir.JSONValue {
	return &ir.JSONValue{Kind: ir.JSONObject, Members: []*ir.JSONMember{}}
}

// objectBuilder collects an object's members with last-write-wins for a
// repeated key: the key keeps its first place and takes the last value, as a
// JavaScript object (the reference implementation's) does.
type objectBuilder struct {
	members []*ir.JSONMember
	index   map[string]int // built once the object is large enough to need it
	pos     *positions     // where keys were read; nil for JSON input and when no one asks
}

// set adds key, or replaces its value; it reports whether the key was new.
func (b *objectBuilder) set(key string, v *ir.JSONValue) bool { return b.setAt(key, written{}, v) }

// setAt is set of a key the decoder read at keyAt.
func (b *objectBuilder) setAt(key string, keyAt written, v *ir.JSONValue) bool {
	i, found := b.find(key)
	var m *ir.JSONMember
	if found {
		m = b.members[i]
		m.Value = v
	} else {
		m = &ir.JSONMember{Key: key, Value: v}
		b.members = append(b.members, m)
		if b.index != nil {
			b.index[key] = len(b.members) - 1
		}
	}
	if b.pos != nil {
		if keyAt.ok {
			b.pos.key[m] = keyAt
		} else {
			delete(b.pos.key, m)
		}
	}
	return !found
}

func (b *objectBuilder) has(key string) bool {
	_, ok := b.find(key)
	return ok
}

func (b *objectBuilder) find(key string) (int, bool) {
	if b.index == nil && len(b.members) > 16 {
		b.index = make(map[string]int, 2*len(b.members))
		for i, m := range b.members {
			b.index[m.Key] = i
		}
	}
	if b.index != nil {
		i, ok := b.index[key]
		return i, ok
	}
	for i, m := range b.members {
		if m.Key == key {
			return i, true
		}
	}
	return 0, false
}

func (b *objectBuilder) value() *ir.JSONValue {
	ms := b.members
	if ms == nil {
		ms = []*ir.JSONMember{}
	}
	return &ir.JSONValue{Kind: ir.JSONObject, Members: ms}
}
