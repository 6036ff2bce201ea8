// Package spancheck checks the spans of a parsed document against the bytes it
// was parsed from, for the fuzz targets and the tests that feed a front end
// arbitrary input.
//
// A range check cannot fail: diag.Source.Span clamps every offset into the
// source, so a span computed from a wrong offset still lies inside the input.
// What a wrong offset does break is nesting and content, and that is what
// Tree checks: every node's span lies inside the span of the nearest node
// above it that has one (found with ir.Walk, so a node kind added to the IR
// is checked without further work), every other span a node holds (a key, a
// value, a name) lies inside the node's own span, and the source bytes at the
// span of a content line, a row, a payload or a piece of prose are the
// node's text, byte for byte.
package spancheck

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Tree checks the spans of every node under doc against src, the bytes doc
// was parsed from (offsets are offsets into src). It returns the first
// violation found, or nil.
func Tree(src []byte, doc ir.Node) error {
	c := &checker{src: src}
	ir.Walk(c, doc)
	return c.err
}

// Diags checks that every diagnostic's span is ordered and that its printed
// positions (line and column of both ends) are those of its offsets in src.
func Diags(src []byte, ds diag.List) error {
	s := diag.NewSource("spancheck", src)
	for _, d := range ds {
		sp := d.Span
		if !sp.IsValid() {
			continue
		}
		if sp.EndOffset() < sp.StartOffset() {
			return fmt.Errorf("diagnostic %s: span %v ends before it starts", d.Code, sp)
		}
		for _, p := range []diag.Pos{sp.Start(), sp.End()} {
			if p.Offset > len(src) {
				return fmt.Errorf("diagnostic %s: offset %d past the input (%d bytes)", d.Code, p.Offset, len(src))
			}
			if want := s.Pos(p.Offset); want.Line != p.Line || want.Col != p.Col {
				return fmt.Errorf("diagnostic %s: position %d:%d, but offset %d is %d:%d", d.Code, p.Line, p.Col, p.Offset, want.Line, want.Col)
			}
		}
	}
	return nil
}

// checker is the ir.Visitor of Tree: stack holds the nodes above the one
// visited, innermost last.
type checker struct {
	src   []byte
	stack []ir.Node
	err   error
}

func (c *checker) Visit(n ir.Node) ir.Visitor {
	if c.err != nil {
		return nil
	}
	if n == nil {
		c.stack = c.stack[:len(c.stack)-1]
		return c
	}
	c.err = c.node(n)
	if c.err != nil {
		return nil
	}
	c.stack = append(c.stack, n)
	return c
}

// node checks one node against its enclosing node and the source.
func (c *checker) node(n ir.Node) error {
	sp := n.Pos()
	if !sp.IsValid() {
		return nil
	}
	start, end := sp.Offsets()
	if end < start || end > len(c.src) {
		return fmt.Errorf("%T: span [%d,%d) is not a range of the %d-byte input", n, start, end, len(c.src))
	}
	p := c.parent()
	if line, ok := p.(*ir.LinguaLine); ok && n == ir.Node(line.Signature) && len(line.Messages) > 0 {
		// A line's span is its messages, without the signature after them
		// (ir.LinguaLine): the signature follows the line and nests in the
		// node above it. (A signature that follows no message is its line.)
		if _, le := line.Span.Offsets(); start < le {
			return fmt.Errorf("signature at [%d,%d) starts inside its line's messages, which end at %d", start, end, le)
		}
		p = c.parentAbove(line)
	}
	if p != nil {
		ps, pe := p.Pos().Offsets()
		if start < ps || end > pe {
			return fmt.Errorf("%T at [%d,%d) %q lies outside its parent %T at [%d,%d) %q", n, start, end, c.src[start:end], p, ps, pe, c.src[ps:pe])
		}
	}
	if err := c.inner(n, start, end); err != nil {
		return err
	}
	return c.text(n, c.src[start:end])
}

// parent is the nearest node above the one visited that has a span.
func (c *checker) parent() ir.Node { return c.parentAbove(nil) }

// parentAbove is the nearest node with a span above below (above the node
// visited when below is nil).
func (c *checker) parentAbove(below ir.Node) ir.Node {
	i := len(c.stack) - 1
	if below != nil {
		for i >= 0 && c.stack[i] != below {
			i--
		}
		i--
	}
	for ; i >= 0; i-- {
		if c.stack[i].Pos().IsValid() {
			return c.stack[i]
		}
	}
	return nil
}

var spanType = reflect.TypeFor[diag.Span]()

// inner checks that the other spans of n (fields of type diag.Span beside
// the one Pos returns, embedded structs' included) lie inside [start, end).
func (c *checker) inner(n ir.Node, start, end int) error {
	rv := reflect.ValueOf(n)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		return nil
	}
	return spanFields(rv.Elem(), func(name string, sp diag.Span) error {
		if !sp.IsValid() {
			return nil
		}
		s, e := sp.Offsets()
		if s < start || e > end || e < s {
			return fmt.Errorf("%T.%s at [%d,%d) lies outside the node's span [%d,%d) %q", n, name, s, e, start, end, c.src[start:end])
		}
		return nil
	})
}

// spanFields calls fn for each diag.Span field of the struct s.
func spanFields(s reflect.Value, fn func(string, diag.Span) error) error {
	t := s.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case f.Type == spanType:
			if err := fn(f.Name, s.Field(i).Interface().(diag.Span)); err != nil {
				return err
			}
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			if err := spanFields(s.Field(i), fn); err != nil {
				return err
			}
		}
	}
	return nil
}

// text checks that the bytes at a content node's span are its text.
func (c *checker) text(n ir.Node, at []byte) error {
	var want string
	switch x := n.(type) {
	case *ir.BlockLine:
		if b, ok := c.parent().(*ir.Block); ok && b.Inline {
			// An inline txt "..." line's Text is the quoted text trimmed of
			// spaces; its span covers the quoted text.
			if strings.TrimSpace(string(at)) != strings.TrimSpace(x.Text) || !strings.Contains(string(at), x.Text) {
				return fmt.Errorf("inline content line %q is not the input's bytes %q at its span", x.Text, at)
			}
			return nil
		}
		want = x.Text
	case *ir.Prose:
		want = x.Text
	case *ir.DSLRow:
		for i := range x.Cells {
			s, e := x.CellSpan(i).Offsets()
			if got := string(c.src[s:e]); got != x.Cell(i) {
				return fmt.Errorf("cell %d %q of row %q is not the input's bytes %q at its span", i, x.Cell(i), x.Text, got)
			}
		}
		want = x.Text
	case *ir.DSLText:
		if x.Text == "" {
			return nil // an empty DESC[] points at its line, there being no text to point at
		}
		want = x.Text
	case *ir.LinguaPayload:
		want = "$" + x.Text
	default:
		return nil
	}
	if string(at) != want {
		return fmt.Errorf("%T text %q is not the input's bytes %q at its span", n, want, at)
	}
	return nil
}

// ContentKept reports how the content bytes of fixed (compiler.Content)
// relate to those of the input, or "" when they are kept: every content item
// of the input is one of fixed, in order, and every item fixed has more is
// bytes of the input (a review fix that makes a line readable, such as
// 👽3G → 👽31, brings its payload into the IR; no fix writes content).
func ContentKept(src []byte, in, fixed []string) string {
	j := 0
	for _, c := range fixed {
		if j < len(in) && c == in[j] {
			j++
			continue
		}
		if !strings.Contains(string(src), c) {
			return "content item " + strconv.Quote(c) + " of the fixed text is not in the input"
		}
	}
	if j < len(in) {
		return "content item " + strconv.Quote(in[j]) + " of the input is not in the fixed text"
	}
	return ""
}
