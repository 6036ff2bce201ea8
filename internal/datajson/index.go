package datajson

import "strconv"

// idIndex maps row IDs to row indexes. IDs are usually small and dense, so it
// keeps a slice indexed by ID and falls back to a map for the rest; a million
// rows cost one int32 slice, not a million map entries.
type idIndex struct {
	dense []int32 // index+1 by ID; 0 means absent
	other map[int64]int32
}

// newIDIndex sizes the dense part for about n dense IDs.
func newIDIndex(n int) *idIndex { return &idIndex{dense: make([]int32, 0, n+1)} }

func (x *idIndex) set(id int64, i int32) {
	if id >= 0 && id < int64(2*cap(x.dense)+1024) {
		if id >= int64(len(x.dense)) {
			x.dense = grow(x.dense, int(id)+1)
		}
		x.dense[id] = i + 1
		return
	}
	if x.other == nil {
		x.other = map[int64]int32{}
	}
	x.other[id] = i
}

func (x *idIndex) get(id int64) (int32, bool) {
	if id >= 0 && id < int64(len(x.dense)) {
		if v := x.dense[id]; v != 0 {
			return v - 1, true
		}
	}
	i, ok := x.other[id]
	return i, ok
}

// rowIDs maps the ID text of a table's rows to row indexes. Row IDs are JSON
// integers that fit 64 bits, whose text is their value's but for -0, which
// gets a slot of its own; any other text is no row's ID.
type rowIDs struct {
	idx     idIndex
	negZero int32 // index+1 of the row with ID -0; 0 means none
}

func (r *rowIDs) get(id string) (int, bool) {
	if id == "-0" {
		return int(r.negZero) - 1, r.negZero != 0
	}
	n, ok := intID(id)
	if !ok {
		return 0, false
	}
	i, ok := r.idx.get(n)
	return int(i), ok
}

func (r *rowIDs) set(id string, i int) {
	if id == "-0" {
		r.negZero = int32(i) + 1
		return
	}
	n, _ := intID(id)
	r.idx.set(n, int32(i))
}

// intID is the value of a row ID, false for text that is not one.
func intID(id string) (int64, bool) {
	if n, ok := shortInt(id); ok {
		return n, true
	}
	if numberMask(id) != mInt {
		return 0, false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	return n, err == nil
}

// grow returns s lengthened to n (n > len(s)) with zeros, doubling its
// capacity when it must move: a table read row by row then allocates about
// twice its final size in all, where append's growth of large slices (a
// quarter at a time) would allocate about five times.
func grow[T any](s []T, n int) []T {
	if n > cap(s) {
		t := make([]T, len(s), max(n, 2*cap(s)))
		copy(t, s)
		s = t
	}
	return s[:n]
}
