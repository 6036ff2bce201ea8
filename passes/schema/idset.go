package schema

// idSet is a set of row IDs. IDs are usually small and dense (1, 2, 3, ...), so
// it keeps them in a bitmap, one bit per possible ID, and falls back to a map
// for IDs that would make the bitmap sparse (negative, or far beyond the count).
// A million dense IDs cost 125 KB.
type idSet struct {
	bits  []uint64
	other map[int64]struct{}
	n     int
}

// Add adds id and reports whether it was new.
func (s *idSet) Add(id int64) bool {
	if id >= 0 && id < int64(len(s.bits))*64 {
		w, b := id/64, uint64(1)<<(id%64)
		if s.bits[w]&b != 0 {
			return false
		}
		s.bits[w] |= b
		s.n++
		return true
	}
	// Grow the bitmap while it stays at most a few times denser than a map.
	if id >= 0 && id < int64(max(1<<16, 8*(s.n+1))) {
		words := int(id/64) + 1
		words = max(words, 2*len(s.bits))
		grown := make([]uint64, words)
		copy(grown, s.bits)
		s.bits = grown
		// Move map entries that now fall inside the bitmap.
		for k := range s.other {
			if k >= 0 && k < int64(len(s.bits))*64 {
				s.bits[k/64] |= 1 << (k % 64)
				delete(s.other, k)
			}
		}
		return s.Add(id)
	}
	if s.other == nil {
		s.other = map[int64]struct{}{}
	}
	if _, ok := s.other[id]; ok {
		return false
	}
	s.other[id] = struct{}{}
	s.n++
	return true
}

// Has reports whether id is in the set.
func (s *idSet) Has(id int64) bool {
	if id >= 0 && id < int64(len(s.bits))*64 {
		return s.bits[id/64]&(1<<(id%64)) != 0
	}
	_, ok := s.other[id]
	return ok
}

// Len is the number of IDs in the set.
func (s *idSet) Len() int { return s.n }
