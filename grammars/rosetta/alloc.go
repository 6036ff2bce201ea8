package rosetta

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// slab hands out the elements of large backing arrays, so that the many small
// IR nodes and slices of a transcript cost one allocation per chunk instead of
// one each: after participle's own, allocation count was the parser's largest
// cost (docs/performance.md). A node keeps its whole chunk reachable, which
// suits an IR that is kept or dropped as a whole.
//
// Chunks start small and double up to slabChunk, so that parsing one message
// (a live host such as the mesh gateway parses each message on its own, and
// keeps it) costs a few small arrays, not a 128-element array of each kind.
type slab[T any] struct {
	buf  []T
	next int // the size of the next chunk
}

// slabChunk is the largest number of elements in one backing array.
const slabChunk = 128

// chunk starts a new backing array with room for at least n elements.
func (s *slab[T]) chunk(n int) {
	c := max(s.next, 2)
	s.next = min(2*c, slabChunk)
	s.buf = make([]T, 0, max(c, n))
}

// new returns a pointer to a zero T.
func (s *slab[T]) new() *T {
	if len(s.buf) == cap(s.buf) {
		s.chunk(1)
	}
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// copyOf returns a copy of src (nil when src is empty, as append to a nil
// slice gives). Its capacity is its length, so that an append by a user of
// the IR reallocates instead of writing over the next slice in the chunk.
func (s *slab[T]) copyOf(src []T) []T {
	n := len(src)
	if n == 0 {
		return nil
	}
	if cap(s.buf)-len(s.buf) < n {
		s.chunk(n)
	}
	a := len(s.buf)
	s.buf = append(s.buf, src...)
	return s.buf[a : a+n : a+n]
}

// nodes holds the parser's slabs, one per kind of IR node or slice element.
type nodes struct {
	msgs       slab[ir.Message]
	headers    slab[ir.Header]
	targets    slab[ir.Target]
	fields     slab[ir.Field]
	slots      slab[ir.Slot]
	plain      slab[ir.PlainSlot]
	bindSlots  slab[ir.BindingSlot]
	blockSlots slab[ir.BlockSlot]
	blocks     slab[ir.Block]
	lists      slab[ir.ListSlot]
	shapes     slab[ir.ShapeSlot]
	refSlots   slab[ir.RefSlot]
	markSlots  slab[ir.MarkSlot]
	bindings   slab[ir.Binding]
	marks      slab[ir.Mark]
	bindPtrs   slab[*ir.Binding]
	markPtrs   slab[*ir.Mark]
	confs      slab[ir.Conf]
	lines      slab[ir.BlockLine]
	refs       slab[ir.Ref]
	items      slab[ir.ListItem]
	shapeFlds  slab[ir.ShapeField]
	acts       slab[string]
	attrs      slab[ir.Attr]
}

// conf returns a new ir.Conf.
func (n *nodes) conf(sp diag.Span, kind string) *ir.Conf {
	c := n.confs.new()
	c.Span, c.Kind = sp, kind
	return c
}
