// Package rosettacompare owns the comparison form of an AgentRosetta transcript
// used by the round-trip tests (golden, fuzz, grammar tests): what "the IR of
// fmt(x) equals the IR of x" means, written down once.
//
// Normalize returns a deep copy with everything the canonical printer is
// allowed to change cleared:
//   - every diag.Span (positions move when text is reformatted);
//   - how the header was written: SenderWritten, RouteWritten (the value is the
//     same; terse form folds derivable parts away, spec §6.2.1);
//   - Block.Inline (spec I-3: txt "x" and a one-line block are the same AST);
//   - SlotHead.Raw of slots that are not Verbatim (spacing and conf layout are
//     canonicalised; the structured fields carry the meaning);
//   - header field order (canonical order is re src at ttl pri sens thd x_*).
//
// Prose keeps its text but loses its position. Diagnostics are not part of it.
package rosettacompare

import (
	"reflect"
	"sort"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

var spanType = reflect.TypeOf(diag.Span{})

// Normalize returns the comparison form of t (t itself is not changed).
func Normalize(t *ir.Transcript) *ir.Transcript {
	if t == nil {
		return nil
	}
	c := deepCopy(reflect.ValueOf(t)).Interface().(*ir.Transcript)
	for _, m := range c.Messages {
		if h := m.Header; h != nil {
			h.SenderWritten, h.RouteWritten = false, false
			rank := func(k string) int {
				for i, x := range []string{"re", "src", "at", "ttl", "pri", "sens", "thd"} {
					if x == k {
						return i
					}
				}
				return 7
			}
			sort.SliceStable(h.Fields, func(i, j int) bool {
				ri, rj := rank(h.Fields[i].Key), rank(h.Fields[j].Key)
				if ri != rj {
					return ri < rj
				}
				return ri == 7 && h.Fields[i].Key < h.Fields[j].Key
			})
		}
		for _, s := range m.Slots {
			hd := s.Head()
			if !hd.Verbatim {
				hd.Raw = ""
			}
			if b, ok := s.(*ir.BlockSlot); ok && b.Block != nil {
				b.Block.Inline = false
				if b.Block.Unparsed {
					hd.Raw = b.Raw
				}
			}
		}
	}
	return c
}

// deepCopy copies v, zeroing every diag.Span on the way.
func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type().Elem())
		n.Elem().Set(deepCopy(v.Elem()))
		return n
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type()).Elem()
		n.Set(deepCopy(v.Elem()))
		return n
	case reflect.Struct:
		if v.Type() == spanType {
			return reflect.Zero(spanType)
		}
		n := reflect.New(v.Type()).Elem()
		for i := 0; i < v.NumField(); i++ {
			if n.Field(i).CanSet() {
				n.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			n.Index(i).Set(deepCopy(v.Index(i)))
		}
		return n
	}
	return v
}
