package ir

import (
	"reflect"

	"github.com/rosettac/rosettac/diag"
)

// A Visitor's Visit is called for each node Walk meets. If it returns a
// non-nil Visitor w, Walk visits the node's children with w, then calls
// w.Visit(nil). (The contract of go/ast.Walk.)
type Visitor interface {
	Visit(n Node) (w Visitor)
}

// Walk visits n and every node below it, depth first, children in field
// order and slices in order. The nodes are the IR values with a Pos method:
// every struct of this package except the pass results (Resolution,
// LinguaDecoded, JSONValue) and the plain values inside nodes (Shape,
// Selector). An embedded struct (a slot's SlotHead) is part of the node that
// embeds it, not a child. Walk reads the IR through reflection, so a field
// added to a node is walked without further work; it never modifies the IR.
func Walk(v Visitor, n Node) {
	if n == nil || v == nil {
		return
	}
	walkValue(v, reflect.ValueOf(n))
}

// Inspect walks n like Walk and calls f for each node, and f(nil) after a
// node's children; f returning false skips the node's children (and the
// f(nil) after them).
func Inspect(n Node, f func(Node) bool) { Walk(inspector(f), n) }

type inspector func(Node) bool

func (f inspector) Visit(n Node) Visitor {
	if f(n) {
		return f
	}
	return nil
}

var (
	nodeType   = reflect.TypeFor[Node]()
	spanPkg    = reflect.TypeFor[diag.Span]().PkgPath()
	resultType = map[reflect.Type]bool{
		reflect.TypeFor[Resolution]():    true,
		reflect.TypeFor[LinguaDecoded](): true,
		reflect.TypeFor[JSONValue]():     true,
	}
)

// walkValue walks whatever v holds: a node (visited, then its fields), or a
// pointer, interface, slice or struct that may hold nodes.
func walkValue(v Visitor, rv reflect.Value) {
	switch rv.Kind() {
	case reflect.Pointer:
		if rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
			return
		}
		walkStruct(v, rv.Elem(), rv)
	case reflect.Interface:
		if !rv.IsNil() {
			walkValue(v, rv.Elem())
		}
	case reflect.Slice, reflect.Array:
		switch rv.Type().Elem().Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Struct, reflect.Slice:
			for i := range rv.Len() {
				walkValue(v, rv.Index(i))
			}
		}
	case reflect.Struct:
		if rv.CanAddr() {
			walkStruct(v, rv, rv.Addr())
		} else {
			walkFields(v, rv)
		}
	}
}

// walkStruct walks the struct s, whose address is ptr: as a node when *T is
// one, else through its fields.
func walkStruct(v Visitor, s, ptr reflect.Value) {
	t := s.Type()
	if t.PkgPath() == spanPkg || resultType[t] {
		return
	}
	if !ptr.Type().Implements(nodeType) {
		walkFields(v, s)
		return
	}
	w := v.Visit(ptr.Interface().(Node))
	if w == nil {
		return
	}
	walkFields(w, s)
	w.Visit(nil)
}

// walkFields walks the exported fields of s, an embedded struct's fields as
// s's own.
func walkFields(v Visitor, s reflect.Value) {
	t := s.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			walkFields(v, s.Field(i))
		case f.IsExported():
			walkValue(v, s.Field(i))
		}
	}
}

// NodeAt returns the nodes under n whose spans hold byte offset off, outermost
// first, ending with the innermost: the chain a language server's hover or
// go-to-definition starts from. A span holds off when start <= off < end, or
// off == end for an empty span at off. It returns nil when no node does.
// Nodes without a valid span (the zero Span) are passed through, not
// returned.
func NodeAt(n Node, off int) []Node {
	var stack, best []Node
	Inspect(n, func(x Node) bool {
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		sp := x.Pos()
		if sp.IsValid() && !holds(sp, off) {
			stack = append(stack, nil) // popped by the f(nil) after its children
			return true
		}
		if sp.IsValid() {
			stack = append(stack, x)
			if chain := compact(stack); len(chain) > len(best) {
				best = chain
			}
		} else {
			stack = append(stack, nil)
		}
		return true
	})
	return best
}

func holds(sp diag.Span, off int) bool {
	start, end := sp.Offsets()
	return start <= off && off < end || start == end && off == start
}

// compact returns the non-nil nodes of stack, in a new slice.
func compact(stack []Node) []Node {
	out := make([]Node, 0, len(stack))
	for _, x := range stack {
		if x != nil {
			out = append(out, x)
		}
	}
	return out
}

// Positions of the values inside nodes, so that Walk reaches them and a
// language server can point at them.
func (n *MsgID) Pos() diag.Span      { return n.Span }
func (n *Target) Pos() diag.Span     { return n.Span }
func (n *Field) Pos() diag.Span      { return n.Span }
func (n *Conf) Pos() diag.Span       { return n.Span }
func (n *Ref) Pos() diag.Span        { return n.Span }
func (n *ListItem) Pos() diag.Span   { return n.Span }
func (n *ShapeField) Pos() diag.Span { return n.Span }
func (n *Attr) Pos() diag.Span       { return n.Span }
func (n *BlockLine) Pos() diag.Span  { return n.Span }
func (n *Address) Pos() diag.Span    { return n.Span }
