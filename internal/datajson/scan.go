package datajson

import (
	"bytes"
	"encoding/json"

	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// Scanning without a tree. from_json reads a large input twice over its bytes
// (see rows.go) instead of decoding it into a tree: these decoder methods read
// one value at d.i and move past it, building nothing bigger than a string.
// Like the rest of decoder they run on text that json.Valid accepted.

// skip moves past the value at d.i.
func (d *decoder) skip() {
	s := d.s
	switch s[d.i] {
	case '{', '[':
		depth := 0
		i := d.i
		for {
			switch s[i] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					d.i = i + 1
					return
				}
			case '"':
				d.i = i
				d.skipStr()
				i = d.i
				continue
			}
			i++
		}
	case '"':
		d.skipStr()
	case 't', 'n':
		d.i += 4
	case 'f':
		d.i += 5
	default:
		for d.i < len(s) && isNumByte(s[d.i]) {
			d.i++
		}
	}
}

// skipStr moves past the string at d.i.
func (d *decoder) skipStr() {
	s := d.s
	i := d.i + 1
	for {
		switch s[i] {
		case '"':
			d.i = i + 1
			return
		case '\\':
			i += 2
		default:
			i++
		}
	}
}

// scalar is one value as the scanner reads it, without its elements or
// members: where it is written (Off, Raw), its kind, and for a string its
// decoded text and whether decoding changed it (a lone surrogate escape). It
// is no tree: what from_json needs of a cell or a member, read off the bytes.
type scalar struct {
	Kind  ir.JSONKind
	Off   int    // byte offset of the value in the input
	Raw   string // the value's exact bytes in the input
	Str   string // String: the decoded text
	Lossy bool   // String: it holds an escape (a lone surrogate) that decoding would change
}

// value is the scalar as a JSON value; an array or an object is one of its
// kind without elements or members.
func (v scalar) value() *ir.JSONValue {
	out := &ir.JSONValue{Kind: v.Kind}
	switch v.Kind {
	case ir.JSONBool:
		out.Bool = v.Raw == "true"
	case ir.JSONNumber:
		out.Text = v.Raw
	case ir.JSONString:
		out.Text = v.Str
		if v.Lossy {
			out.Raw = v.Raw
		}
	}
	return out
}

// compact returns the value's text, without insignificant blanks when it
// spans lines, so a JSON value of a pretty-printed input fits one line of an any
// cell. Numbers and string escapes keep their exact text.
func (v scalar) compact() string {
	for i := 0; i < len(v.Raw); i++ {
		switch v.Raw[i] {
		case '\n', '\r':
			var b bytes.Buffer
			_ = json.Compact(&b, []byte(v.Raw))
			return b.String()
		}
	}
	return v.Raw
}

// shallow reads the value at d.i as a scalar and moves past it.
func (d *decoder) shallow() scalar {
	start := d.i
	v := scalar{Off: start}
	switch d.s[start] {
	case '{':
		v.Kind = ir.JSONObject
		d.skip()
	case '[':
		v.Kind = ir.JSONArray
		d.skip()
	case '"':
		v.Kind = ir.JSONString
		v.Str, v.Lossy = d.str()
	case 't', 'f':
		v.Kind = ir.JSONBool
		d.skip()
	case 'n':
		v.Kind = ir.JSONNull
		d.skip()
	default:
		v.Kind = ir.JSONNumber
		d.skip()
	}
	v.Raw = d.s[start:d.i]
	return v
}

// scalar is the value [off, end) as shallow reads it.
func (d *decoder) scalar(off, end int) scalar {
	v := scalar{Kind: kindOf(d.s[off]), Off: off, Raw: d.s[off:end]}
	if v.Kind == ir.JSONString {
		save := d.i
		d.i = off
		v.Str, v.Lossy = d.str()
		d.i = save
	}
	return v
}

// scalarMask is valueMask of the value at d.i, which is not an array; d.i moves
// past it.
func (d *decoder) scalarMask() mask {
	switch d.s[d.i] {
	case '"':
		if s, lossy := d.str(); !lossy && strSafe(s) {
			return mStr
		}
		return mText
	case 't', 'f':
		d.skip()
		return mBool
	case 'n':
		d.skip()
		return mNull
	case '{':
		d.skip()
		return mObject
	}
	start := d.i
	d.skip()
	return numMask(d.s[start:d.i])
}

// numMask is numberMask, quick for the usual short integer.
func numMask(raw string) mask {
	if _, ok := shortInt(raw); ok {
		return mInt
	}
	return numberMask(raw)
}

// shortInt reads an integer of at most 18 digits (which always fits 64 bits)
// without strconv; ok is false for any other text.
func shortInt(raw string) (int64, bool) {
	s := raw
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if len(raw) > len(s) {
		n = -n
	}
	return n, true
}

// firstItem returns the first byte of the first element of the array at d.i,
// or ']' when it is empty; d.i does not move.
func (d *decoder) firstItem() byte {
	i := d.i + 1
	for isSpace(d.s[i]) {
		i++
	}
	return d.s[i]
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// arrayMask reads the array at d.i and returns its mask, as valueMask does for
// a decoded array.
func (d *decoder) arrayMask() mask {
	d.i++ // '['
	n, objs, strs := 0, 0, 0
	d.space()
	for d.s[d.i] != ']' {
		n++
		switch d.s[d.i] {
		case '{':
			objs++
			d.skip()
		case '"':
			if s, lossy := d.str(); !lossy && strSafe(s) {
				strs++
			}
		default:
			d.skip()
		}
		d.next()
	}
	d.i++ // ']'
	switch {
	case n == 0:
		return mEmpty
	case objs == n:
		return mObjects
	case objs > 0:
		return mObjects | mArray
	case strs == n && strs >= 2:
		return mMulti
	}
	return mArray
}

// mask is the mask of the value at d.i, which it moves past.
func (d *decoder) mask() mask {
	switch d.s[d.i] {
	case '[':
		return d.arrayMask()
	}
	return d.scalarMask()
}

// next moves past the blanks and the comma (if any) after an element or a
// member, to the next one or the closing bracket.
func (d *decoder) next() {
	d.space()
	if d.s[d.i] == ',' {
		d.i++
		d.space()
	}
}

// key reads the key at d.i and the colon after it, leaving d.i at the value.
func (d *decoder) key() string {
	k, _ := d.str()
	d.space()
	d.i++ // ':'
	d.space()
	return k
}

// members returns the keys of the object at off and the offsets of their
// values; d.i does not move.
func (d *decoder) members(off int) (keys []string, offs []int) {
	save := d.i
	d.i = off + 1
	d.space()
	for d.s[d.i] != '}' {
		keys = append(keys, d.key())
		offs = append(offs, d.i)
		d.skip()
		d.next()
	}
	d.i = save
	return keys, offs
}

// valueAt decodes the value at off into a tree, for the small values (hints,
// functions, a call) whose shape is checked member by member; where each of
// its values is written is in d.lits.
func (d *decoder) valueAt(off int) *ir.JSONValue {
	save := d.i
	d.i = off
	if d.lits == nil {
		d.lits = jsonvalue.Literals{}
	}
	v := d.value()
	d.i = save
	return v
}

// offset is where v, which valueAt decoded, is written.
func (d *decoder) offset(v *ir.JSONValue) int { return d.lits[v][0] }

// shallowAt is shallow at off; d.i does not move.
func (d *decoder) shallowAt(off int) scalar {
	save := d.i
	d.i = off
	v := d.shallow()
	d.i = save
	return v
}

// maskAt is mask at off; d.i does not move.
func (d *decoder) maskAt(off int) mask {
	save := d.i
	d.i = off
	m := d.mask()
	d.i = save
	return m
}

// end is the offset just past the value at off.
func (d *decoder) end(off int) int {
	save := d.i
	d.i = off
	d.skip()
	end := d.i
	d.i = save
	return end
}
