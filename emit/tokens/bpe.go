package tokens

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/dlclark/regexp2"
)

// bpe is one encoding as rosettac runs it: tiktoken-go's vocabulary and
// pre-tokenizer expression, with a byte-pair merge of its own. tiktoken-go
// merges a pre-token by scanning every remaining pair for the lowest rank
// before each merge, which is quadratic in the pre-token's length: one
// 1 MB piece without spaces took minutes. Here the pairs wait in a heap
// ordered by (rank, offset), so each merge is a pop and two pushes: the same
// merge order (lowest rank first, leftmost on a tie), so exactly the same
// tokens, in O(n log n).
type bpe struct {
	name  string
	vocab map[string]uint
	split *regexp2.Regexp
	lib   libraryEncoder // the library's own codec, when its fields could not be read
}

// libraryEncoder is the method of tiktoken-go's codec the fallback uses (an
// interface, so the browser build, which does not link the library, has it too).
type libraryEncoder interface {
	Encode(text string) (ids []uint, tokens []string, err error)
}

// encode calls yield with the length in bytes of each token of text, in order.
func (b *bpe) encode(text string, yield func(n int)) error {
	if b.lib != nil {
		_, toks, err := b.lib.Encode(text)
		for _, t := range toks {
			yield(len(t))
		}
		return err
	}
	var m merger
	match, err := b.split.FindStringMatch(text)
	for err == nil && match != nil {
		piece := match.String()
		if _, ok := b.vocab[piece]; ok {
			yield(len(piece))
		} else {
			m.merge(b.vocab, piece, yield)
		}
		match, err = b.split.FindNextMatch(match)
	}
	if err != nil {
		return fmt.Errorf("error matching: %v", err)
	}
	return nil
}

// mergeWork counts the merge steps (heap pushes) of every merge, for the
// scaling tests: it grows with n log n of the pieces merged.
var mergeWork atomic.Uint64

// MergeWork reports the byte-pair merge steps taken so far in this process.
func MergeWork() uint64 { return mergeWork.Load() }

// merger is the scratch of one byte-pair merge, reused across the pieces of
// one text.
type merger struct {
	start []int  // start[i]: the offset where part i begins (parts start as bytes)
	next  []int  // the part after i; len(piece) past the last
	prev  []int  // the part before i; -1 before the first
	rank  []uint // the rank of part i merged with the part after it
	pairs pairHeap
}

const noRank = math.MaxUint

// merge splits piece into vocabulary tokens the way tiktoken does: start
// from single bytes and, while any two adjacent parts form a token, merge
// the pair of lowest rank, the leftmost of equal ranks.
func (m *merger) merge(vocab map[string]uint, piece string, yield func(n int)) {
	n := len(piece)
	m.start, m.next, m.prev, m.rank = grow(m.start, n+1), grow(m.next, n), grow(m.prev, n), growU(m.rank, n)
	m.pairs = m.pairs[:0]
	for i := range n {
		m.start[i], m.next[i], m.prev[i] = i, i+1, i-1
	}
	m.start[n] = n
	// end is the offset where the part after i ends: the merged pair's end.
	end := func(i int) int {
		j := m.next[i]
		if j >= n {
			return -1
		}
		if k := m.next[j]; k < n {
			return m.start[k]
		}
		return n
	}
	rankOf := func(i int) uint {
		if e := end(i); e >= 0 {
			if r, ok := vocab[piece[m.start[i]:e]]; ok {
				return r
			}
		}
		return noRank
	}
	push := func(i int) {
		m.rank[i] = rankOf(i)
		if m.rank[i] != noRank {
			m.pairs.push(pair{m.rank[i], i})
			mergeWork.Add(1)
		}
	}
	for i := range n {
		push(i)
	}
	for len(m.pairs) > 0 {
		p := m.pairs.pop()
		i := p.part
		if m.start[i] < 0 || m.rank[i] != p.rank {
			continue // merged away, or its pair has changed since
		}
		j := m.next[i] // merge j into i
		m.next[i] = m.next[j]
		if m.next[j] < n {
			m.prev[m.next[j]] = i
		}
		m.start[j] = -1
		push(i)
		if m.prev[i] >= 0 {
			push(m.prev[i])
		}
	}
	for i := 0; i < n; i = m.next[i] {
		e := n
		if m.next[i] < n {
			e = m.start[m.next[i]]
		}
		yield(e - m.start[i])
	}
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func growU(s []uint, n int) []uint {
	if cap(s) < n {
		return make([]uint, n)
	}
	return s[:n]
}

// pair is a mergeable pair in the heap: part and the part after it, whose
// merge is token rank.
type pair struct {
	rank uint
	part int
}

// pairHeap is a binary min-heap of pairs ordered by rank, then by position
// (leftmost first): the order tiktoken merges in. Its own push and pop keep
// pairs out of interfaces (container/heap would allocate one per push).
type pairHeap []pair

func (a pair) before(b pair) bool { return a.rank < b.rank || a.rank == b.rank && a.part < b.part }

func (h *pairHeap) push(p pair) {
	*h = append(*h, p)
	s := *h
	for i := len(s) - 1; i > 0; {
		up := (i - 1) / 2
		if !s[i].before(s[up]) {
			break
		}
		s[i], s[up] = s[up], s[i]
		i = up
	}
}

func (h *pairHeap) pop() pair {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for i := 0; ; {
		l, r, least := 2*i+1, 2*i+2, i
		if l < len(s) && s[l].before(s[least]) {
			least = l
		}
		if r < len(s) && s[r].before(s[least]) {
			least = r
		}
		if least == i {
			break
		}
		s[i], s[least] = s[least], s[i]
		i = least
	}
	*h = s
	return top
}
