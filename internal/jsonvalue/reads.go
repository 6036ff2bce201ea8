package jsonvalue

import (
	"strconv"

	"github.com/rosettac/rosettac/ir"
)

// Reads keeps which members of a data form's objects a TextWriter has read,
// so that it can tell its unread callback of the others (a key the form does
// not have, or one its shape leaves unused): the check is of what the writer
// read, so no separate list of keys can drift from it. A writer reads every
// member through Get (or Str, Texts), and reports an object once it is
// written. With a nil callback nothing is kept.
type Reads struct {
	unread func(path string, v *ir.JSONValue)
	// seen are the members read of the item being written; misfit, per
	// array read by Texts, its elements that hold no text. Sets, so that
	// telling what was read costs the same for every member however large
	// the item.
	seen   map[readKey]struct{}
	misfit map[readKey][]int
}

// readKey is a member key read of an object.
type readKey struct {
	o   *ir.JSONValue
	key string
}

// NewReads keeps reads for unread, which may be nil.
func NewReads(unread func(path string, v *ir.JSONValue)) *Reads {
	r := &Reads{unread: unread}
	if unread != nil {
		r.seen, r.misfit = map[readKey]struct{}{}, map[readKey][]int{}
	}
	return r
}

// note records that o's member key was read.
func (r *Reads) note(o *ir.JSONValue, key string) {
	if r.unread != nil && o != nil {
		r.seen[readKey{o, key}] = struct{}{}
	}
}

// Get is o's member key (nil for none, or for no o), which is then read.
func (r *Reads) Get(o *ir.JSONValue, key string) *ir.JSONValue {
	r.note(o, key)
	return o.Member(key)
}

// Str is o's member key as a string, and whether it is one. A member that
// is there but not a string is not read: the text does not carry it, and
// Report says so.
func (r *Reads) Str(o *ir.JSONValue, key string) (string, bool) {
	v := o.Member(key)
	if v != nil && v.Kind != ir.JSONString {
		return "", false
	}
	r.note(o, key)
	if v == nil {
		return "", false
	}
	return v.Text, true
}

// Texts is o.Texts(key), which is then read. An element that is neither a
// string nor a number has no text to give (its Text is empty): Report names
// it.
func (r *Reads) Texts(o *ir.JSONValue, key string) []string {
	v := r.Get(o, key)
	if at := (readKey{o, key}); r.unread != nil && v != nil && r.misfit[at] == nil {
		bad := []int{}
		for i, it := range v.Items {
			if it.Kind != ir.JSONString && it.Kind != ir.JSONNumber {
				bad = append(bad, i)
			}
		}
		r.misfit[at] = bad
	}
	return o.Texts(key)
}

// Touch reads the members keys of o that the text says in other words
// (derived members, such as a Lingua code's domain beside the code): they
// are not lost when the text leaves them out.
func (r *Reads) Touch(o *ir.JSONValue, keys ...string) {
	for _, k := range keys {
		r.note(o, k)
	}
}

// Read is o's member key when it was read, else nil: where a report goes on
// into what the writer went into.
func (r *Reads) Read(o *ir.JSONValue, key string) *ir.JSONValue {
	if _, ok := r.seen[readKey{o, key}]; o == nil || !ok {
		return nil
	}
	return o.Member(key)
}

// Report tells unread of each member of o, at JSON path, that was not read,
// and of each element without text of the arrays of o that Texts read.
func (r *Reads) Report(o *ir.JSONValue, path string) {
	if r.unread == nil || o == nil {
		return
	}
	for _, m := range o.Members {
		if _, ok := r.seen[readKey{o, m.Key}]; !ok {
			r.unread(path+"."+m.Key, m.Value)
		}
	}
	for _, m := range o.Members {
		for _, i := range r.misfit[readKey{o, m.Key}] {
			r.unread(path+"."+m.Key+"["+strconv.Itoa(i)+"]", m.Value.Items[i])
		}
	}
}

// Reporting reports whether anyone listens: a writer builds paths only then.
func (r *Reads) Reporting() bool { return r.unread != nil }

// NextItem forgets the reads of the item written, once it is reported. A
// set grown large by one item is made anew rather than cleared, since
// clearing costs its size at every later item.
func (r *Reads) NextItem() {
	if r.unread == nil {
		return
	}
	if len(r.seen) > 1024 {
		r.seen, r.misfit = map[readKey]struct{}{}, map[readKey][]int{}
		return
	}
	clear(r.seen)
	clear(r.misfit)
}
