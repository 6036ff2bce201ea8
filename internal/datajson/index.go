package datajson

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
		for int64(len(x.dense)) <= id {
			x.dense = append(x.dense, 0)
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
