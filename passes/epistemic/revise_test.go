package epistemic

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// naiveNewest is the walk without memory: the reference for newestRevision.
func naiveNewest(revised map[string]string, id string) string {
	seen := map[string]bool{}
	for {
		next, ok := revised[id]
		if !ok || seen[id] {
			return id
		}
		seen[id] = true
		id = next
	}
}

// TestNewestRevisionSame checks the remembered walk against the plain one
// over random revision graphs: chains, forks (a link replaced), links to
// ids that already have revisions, cycles and self-revisions.
func TestNewestRevisionSame(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 7))
	for round := range 200 {
		s := NewState(Options{})
		ids := 5 + rnd.IntN(40)
		for step := range 400 {
			a, b := fmt.Sprint(rnd.IntN(ids)), fmt.Sprint(rnd.IntN(ids))
			if rnd.IntN(3) == 0 {
				s.revise(a, b)
				continue
			}
			if got, want := s.newestRevision(a), naiveNewest(s.revised, a); got != want {
				t.Fatalf("round %d step %d: newest revision of %s is %s, want %s (links %v)", round, step, a, got, want, s.revised)
			}
		}
	}
}

// TestRevisionLookupsLinear checks that citing the original of a long
// revision chain costs a step per citation, not the chain's length.
func TestRevisionLookupsLinear(t *testing.T) {
	s := NewState(Options{})
	const n = 5000
	for i := 1; i < n; i++ {
		s.revise(fmt.Sprint(i), fmt.Sprint(i+1))
	}
	allocs := testing.AllocsPerRun(100, func() { s.newestRevision("1") })
	if allocs > 2 {
		t.Errorf("a lookup through a remembered chain of %d allocates %.0f times", n, allocs)
	}
}
