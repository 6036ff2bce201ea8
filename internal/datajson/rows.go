package datajson

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// from_json reads the tables of its input twice, straight off the bytes, so
// that memory follows the schemas, the IDs and the rows written, never a tree
// of the whole input:
//
//   - pass 1 (read, objects, object, value) settles each schema's keys, gathers
//     the masks its columns' types are inferred from, checks the shape and the
//     IDs, and keeps per row only its ID (for duplicates and the rows hint) and,
//     where IDs are written, its offset (to tell a shared row met twice from a
//     duplicate);
//   - decide then settles the columns;
//   - pass 2 (write, writeObject, writeRow) reads the same objects in the same
//     order and writes every row's text and cells.
//
// Pass 1 runs quick first: it checks an object's keys and an array's elements
// as it meets them and stops at the first error. Errors must be the ones a
// reading of the whole tree gives (keys that differ before anything inside
// the object, an array that mixes objects and other values before anything
// inside it, and the reading going on past an error inside a hinted named
// reference), so on an error FromJSON runs pass 1 again carefully: each object's
// keys and each array's mask are read ahead of its contents. Valid input is read
// once quick; only bad input pays for the careful reading.

// walk is one table of the input: the array of objects (or the object) at off
// whose rows belong to n. Pass 2 replays the walks of pass 1 in their order.
type walk struct {
	n      *node
	off    int
	object bool // a bare top-level object: one row
}

// seg is one step of the JSON path of the value being read; paths are written
// out only for an error or a new schema.
type seg struct {
	key string // a member key, or the whole path of the root
	idx int    // an element index; -1 for a member key, -2 for the root
}

// cellVal is one member of the row being written: where its value is, and the
// ID of the row it nests as a named reference. (No ir.JSONValue: the members of a
// million rows pass through here.)
type cellVal struct {
	off, end int
	ref      string
}

// rowErr is a cell that does not fit its column. It is reported when its
// schema's blocks are written, in the order the rows are written in.
type rowErr struct {
	row int
	d   diag.Diagnostic
}

func (f *fromJSON) push(key string, idx int) { f.path = append(f.path, seg{key, idx}) }
func (f *fromJSON) pop() {
	f.path = f.path[:len(f.path)-1]
	if len(f.kept) > len(f.path) {
		f.kept = f.kept[:len(f.path)] // path[len] will be another segment
	}
}

// here is the JSON path of the value being read, kept: the segments not kept
// since they were pushed are linked on to the kept ones, so a schema per
// level of a deep document costs one segment per level, not a path each.
func (f *fromJSON) here() jpath {
	for i := len(f.kept); i < len(f.path); i++ {
		var up *pnode
		if i > 0 {
			up = f.kept[i-1]
		}
		f.kept = append(f.kept, &pnode{f.path[i], up})
	}
	if len(f.kept) == 0 {
		return jpath{}
	}
	return jpath{at: f.kept[len(f.kept)-1]}
}

// jpath is a JSON path kept past the read that found it (a schema's, for
// the errors about it): its segments, a list shared with the paths it
// extends, and text after them. It is written out only when an error names it.
type jpath struct {
	at   *pnode // the last segment, or nil
	tail string // after the segments: ".key", "[0]", or a whole root path
}

// pnode is one segment of kept paths, linked to the one before it.
type pnode struct {
	s  seg
	up *pnode
}

// key is the path of member k of the object at p.
func (p jpath) key(k string) jpath { return jpath{p.at, p.tail + "." + k} }

func (p jpath) String() string {
	var segs []seg
	for n := p.at; n != nil; n = n.up {
		segs = append(segs, n.s)
	}
	var b strings.Builder
	for i := len(segs) - 1; i >= 0; i-- {
		writeSeg(&b, segs[i])
	}
	b.WriteString(p.tail)
	return b.String()
}

// pathStr is the JSON path of the value being read.
func (f *fromJSON) pathStr() string {
	var b strings.Builder
	for _, s := range f.path {
		writeSeg(&b, s)
	}
	return b.String()
}

func writeSeg(b *strings.Builder, s seg) {
	switch s.idx {
	case -2:
		b.WriteString(s.key)
	case -1:
		b.WriteByte('.')
		b.WriteString(s.key)
	default:
		b.WriteByte('[')
		b.WriteString(strconv.Itoa(s.idx))
		b.WriteByte(']')
	}
}

// pathKey is the JSON path of member k of the object being read.
func (f *fromJSON) pathKey(k string) string { return f.pathStr() + "." + k }

// read reads the table at off as rows of n (pass 1): an array of objects, or
// one object when object is set. root is its JSON path.
func (f *fromJSON) read(n *node, off int, object bool, root string) {
	f.walks = append(f.walks, walk{n, off, object})
	f.path = append(f.path[:0], seg{root, -2})
	f.kept = f.kept[:0]
	f.d.i = off
	if object {
		f.object(n)
	} else {
		f.objects(n)
	}
}

// objects reads the array of objects at d.i as rows of n.
func (f *fromJSON) objects(n *node) {
	d := &f.d
	if d.s[d.i] != '[' {
		f.shape(d.i, f.pathStr(), "a %s where an array of objects is expected", kindName(kindOf(d.s[d.i])))
		return
	}
	d.i++
	d.space()
	for i := 0; d.s[d.i] != ']'; i++ {
		if f.failed {
			return
		}
		f.push("", i)
		if d.s[d.i] != '{' {
			f.shape(d.i, f.pathStr(), "a %s in an array of objects", kindName(kindOf(d.s[d.i])))
			f.pop()
			return
		}
		f.object(n)
		f.pop()
		if f.failed {
			return // d.i is inside the object
		}
		d.next()
	}
	d.i++
}

// object reads the object at d.i as a row of n. Unless f.failed, d.i is then
// past it.
func (f *fromJSON) object(n *node) {
	d := &f.d
	off := d.i
	var keys []string
	var offs []int
	if f.careful || !n.keysSet {
		keys, offs = d.members(off)
	}
	if !n.keysSet {
		f.firstObject(n, keys, offs)
		if f.failed {
			return
		}
	} else if f.careful && !slices.Equal(keys, n.keys) {
		f.keysDiffer(n, off)
		return
	}
	d.i = off + 1
	d.space()
	var id string
	ki := 0
	switch {
	case n.result:
	case n.hasID:
		if d.s[d.i] == '}' || d.key() != n.keys[0] {
			f.keysDiffer(n, off) // quick only: careful read them ahead
			return
		}
		v := d.shallow()
		if v.Kind != ir.JSONNumber || numMask(v.Raw) != mInt {
			f.shape(v.Off, f.pathKey("ID"), "ID is %s; a row ID is a 64-bit integer", v.Raw)
			return
		}
		id = v.Raw
		if i, ok := n.ids.get(id); ok {
			if n.shared && d.s[off:d.end(off)] == d.s[n.starts[i]:d.end(n.starts[i])] {
				d.i = off
				d.skip()
				return // the same row, referenced twice
			}
			f.shape(v.Off, f.pathKey("ID"), "duplicate ID %s in %s", id, n.label)
			return
		}
		n.starts = grow(n.starts, len(n.starts)+1)
		n.starts[len(n.starts)-1] = off
		d.next()
		ki = 1
	default:
		n.nextID++
		id = strconv.FormatInt(n.nextID, 10)
	}
	if !n.result {
		n.ids.set(id, n.count)
	}
	n.count++
	start := ki
	for ; d.s[d.i] != '}'; ki++ {
		if k := d.key(); ki >= len(n.keys) || k != n.keys[ki] {
			f.keysDiffer(n, off) // quick only: careful read them ahead
			return
		}
		c := n.cols[ki-start]
		vo := d.i
		f.value(n, c)
		if f.failed {
			if !f.careful || c.hinted == nil {
				return
			}
			// The tree reading goes on after a hinted value.
			d.i = vo
			d.skip()
		}
		d.next()
	}
	if ki != len(n.keys) {
		f.keysDiffer(n, off)
		return
	}
	d.i++
}

func (f *fromJSON) keysDiffer(n *node, off int) {
	keys, _ := f.d.members(off)
	f.shape(off, f.pathStr(), "keys %s differ from %s at %s; objects of one table share one key set in one order",
		strings.Join(keys, ","), strings.Join(n.keys, ","), n.path)
}

// value reads the value at d.i of column c of a row of n.
func (f *fromJSON) value(n *node, c *fcol) {
	d := &f.d
	if c.hinted != nil {
		if c.hinted.Ref == nil || !c.hinted.Ref.Named {
			d.skip()
			return
		}
		switch d.s[d.i] {
		case '{':
			f.push(c.key, -1)
			f.object(c.target)
			f.pop()
		case 'n':
			d.skip()
		default:
			f.shape(d.i, f.pathKey(c.key), "a %s where the reference %s holds an object", kindName(kindOf(d.s[d.i])), c.key)
			d.skip()
		}
		return
	}
	switch d.s[d.i] {
	case '{':
		c.m |= mObject
		if c.target == nil {
			c.target = f.newNode(c.key, false, f.here().key(c.key), nil)
			c.target.shared = true
		}
		f.push(c.key, -1)
		f.object(c.target)
		f.pop()
	case '[':
		m := mObjects // quick: objects() stops at an element that is not one
		if f.careful || d.firstItem() != '{' {
			m = d.maskAt(d.i)
		}
		c.m |= m
		switch m {
		case mObjects:
			if n.result {
				f.shape(d.i, f.pathKey(c.key), "an array of objects in a $result row; result rows have no ID to nest under")
				return
			}
			f.push(c.key, -1)
			if c.child == nil {
				c.child = f.newNode(c.key, true, jpath{f.here().at, "[0]"}, n)
			}
			f.objects(c.child)
			f.pop()
		case mObjects | mArray:
			f.shape(d.i, f.pathKey(c.key), "an array that mixes objects and other values")
		default:
			d.skip()
		}
	default:
		c.m |= d.scalarMask()
	}
}

// write is pass 2: it reads every table again and writes its rows.
func (f *fromJSON) write() {
	for _, n := range f.nodes {
		n.colIdx = make([]int, len(n.final))
		for j, col := range n.final {
			n.colIdx[j] = -1
			if c := n.byKey[col.Name]; c != nil {
				n.colIdx[j] = slices.Index(n.cols, c)
			}
		}
		n.out = make([]ir.DSLRow, 0, n.count)
		n.nextID = 0 // the IDs assigned again, in the same order
	}
	d := &f.d
	for _, w := range f.walks {
		d.i = w.off
		if w.object {
			f.writeObject(w.n, "")
			continue
		}
		d.i++ // '['
		d.space()
		for d.s[d.i] != ']' {
			f.writeObject(w.n, "")
			d.next()
		}
	}
}

// writeObject writes the object at d.i as a row of n (unless it is a shared row
// met again) and returns its ID.
func (f *fromJSON) writeObject(n *node, parentID string) string {
	d := &f.d
	off := d.i
	d.i++ // '{'
	d.space()
	var id string
	switch {
	case n.result:
	case n.hasID:
		d.key()
		vo := d.i
		d.skip()
		id = d.s[vo:d.i]
		if i, _ := n.ids.get(id); i < len(n.out) {
			d.i = off
			d.skip()
			return id // the same row, referenced twice
		}
		d.next()
	default:
		n.nextID++
		id = strconv.FormatInt(n.nextID, 10)
	}
	row := len(n.out)
	n.out = append(n.out, ir.DSLRow{Span: f.span(off)})
	base := len(f.vals)
	for _, c := range n.cols {
		d.skipStr() // the key: pass 1 checked it
		d.space()
		d.i++ // ':'
		d.space()
		var ref string
		vo := d.i
		switch {
		case c.hinted != nil && (c.hinted.Ref == nil || !c.hinted.Ref.Named):
			d.skip()
		case d.s[vo] == '{':
			ref = f.writeObject(c.target, "")
		case d.s[vo] == '[' && c.hinted == nil && d.firstItem() == '{':
			d.i++
			d.space()
			for d.s[d.i] != ']' {
				f.writeObject(c.child, id)
				d.next()
			}
			d.i++
		default:
			d.skip()
		}
		f.vals = append(f.vals, cellVal{vo, d.i, ref})
		d.next()
	}
	d.i++ // '}'
	f.writeRow(n, row, id, parentID, f.vals[base:])
	f.vals = f.vals[:base]
	return id
}

// writeRow writes the text and cells of row i of n from the values of its
// members.
func (f *fromJSON) writeRow(n *node, i int, id, parent string, vals []cellVal) {
	b := f.buf[:0]
	nf := len(n.final)
	if cap(n.cells)-len(n.cells) < nf {
		n.cells = make([]ir.DSLCell, 0, nf*256)
	}
	cells := n.cells[len(n.cells) : len(n.cells)+nf : len(n.cells)+nf]
	n.cells = n.cells[:len(n.cells)+nf]
	for j, col := range n.final {
		if j > 0 {
			b = append(b, '|')
		}
		cs := len(b)
		switch {
		case col.Name == "ID" && col.Ref == nil && !n.result:
			b = append(b, id...)
		case col.Ref != nil && !col.Ref.Named && n.parent != nil && col.Ref.Schema == n.parent.label && parent != "":
			b = append(b, parent...)
		default:
			k := n.colIdx[j]
			switch {
			case k < 0:
				b = append(b, '_')
			case col.Ref != nil && col.Ref.Named:
				if vals[k].ref == "" {
					b = append(b, '_')
				} else {
					b = append(b, vals[k].ref...)
				}
			default:
				v := f.d.scalar(vals[k].off, vals[k].end)
				ok := true
				if v.Kind == ir.JSONArray && col.Type.Kind == ir.DSLStr {
					b, ok = f.d.appendStrList(b, v.Off)
				} else {
					var text string
					text, ok = cellText(col.Type.Kind, &v)
					b = append(b, text...)
				}
				if ok && j == nf-1 && len(b) > cs && b[len(b)-1] == '\r' {
					ok = false // it would read back as part of the line ending
				}
				if !ok {
					n.errs = append(n.errs, rowErr{i, f.shapeDiag(v.Off, n.path.key(col.Name).String(), "%s does not fit column %s", adslrt.Clip(v.Raw), f.syn.FormatColumns([]*ir.DSLColumn{col}))})
				}
			}
		}
		cells[j] = ir.DSLCell{Start: int32(cs), End: int32(len(b))}
	}
	n.out[i].Text = string(b)
	n.out[i].Cells = cells
	f.buf = b
}
