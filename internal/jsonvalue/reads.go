package jsonvalue

import (
	"slices"
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
	seen   []readKey  // the members read of the item being written
	misfit []misfitAt // elements Texts read that hold no text
}

// misfitAt is element i of o's array key, which has no text to give.
type misfitAt struct {
	o   *ir.JSONValue
	key string
	i   int
}

// readKey is a member key read of an object.
type readKey struct {
	o   *ir.JSONValue
	key string
}

// NewReads keeps reads for unread, which may be nil.
func NewReads(unread func(path string, v *ir.JSONValue)) *Reads { return &Reads{unread: unread} }

// Get is o's member key (nil for none, or for no o), which is then read.
func (r *Reads) Get(o *ir.JSONValue, key string) *ir.JSONValue {
	if r.unread != nil && o != nil {
		r.seen = append(r.seen, readKey{o, key})
	}
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
	r.Get(o, key)
	if v == nil {
		return "", false
	}
	return v.Text, true
}

// Texts is o.Texts(key), which is then read. An element that is neither a
// string nor a number has no text to give (its Text is empty): Report names
// it.
func (r *Reads) Texts(o *ir.JSONValue, key string) []string {
	r.Get(o, key)
	if r.unread != nil {
		if v := o.Member(key); v != nil {
			for i, it := range v.Items {
				if it.Kind != ir.JSONString && it.Kind != ir.JSONNumber && !slices.Contains(r.misfit, misfitAt{o, key, i}) {
					r.misfit = append(r.misfit, misfitAt{o, key, i})
				}
			}
		}
	}
	return o.Texts(key)
}

// Touch reads the members keys of o that the text says in other words
// (derived members, such as a Lingua code's domain beside the code): they
// are not lost when the text leaves them out.
func (r *Reads) Touch(o *ir.JSONValue, keys ...string) {
	for _, k := range keys {
		r.Get(o, k)
	}
}

// Read is o's member key when it was read, else nil: where a report goes on
// into what the writer went into.
func (r *Reads) Read(o *ir.JSONValue, key string) *ir.JSONValue {
	if o == nil || !slices.Contains(r.seen, readKey{o, key}) {
		return nil
	}
	return o.Member(key)
}

// Report tells unread of each member of o, at JSON path, that was not read.
func (r *Reads) Report(o *ir.JSONValue, path string) {
	if r.unread == nil || o == nil {
		return
	}
	for _, m := range o.Members {
		if !slices.Contains(r.seen, readKey{o, m.Key}) {
			r.unread(path+"."+m.Key, m.Value)
		}
	}
	for _, f := range r.misfit {
		if f.o == o {
			r.unread(path+"."+f.key+"["+strconv.Itoa(f.i)+"]", o.Member(f.key).Items[f.i])
		}
	}
}

// Reporting reports whether anyone listens: a writer builds paths only then.
func (r *Reads) Reporting() bool { return r.unread != nil }

// NextItem forgets the reads of the item written, once it is reported.
func (r *Reads) NextItem() { r.seen, r.misfit = r.seen[:0], r.misfit[:0] }
