package rosetta

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/hostile"
)

// TestTokenLookupsLinear: reading a line's tokens of one type in order (an
// address's selectors, a txt head's attributes) looks at each token a bounded
// number of times, so the work grows linearly with the line (issue 14:
// rose_alts_line, one address with n alternatives, was n² token visits, 75 s
// of CPU at 1.5 MB).
func TestTokenLookupsLinear(t *testing.T) {
	attrs := func(n int) string {
		var b strings.Builder
		b.WriteString("a1.1 tell >b #t\n txt body")
		for i := range n {
			fmt.Fprintf(&b, " k%d=v%d", i, i)
		}
		b.WriteString("\n | x\n")
		return b.String()
	}
	altsLine, ok := hostile.ByKind("rose_alts_line")
	if !ok {
		t.Fatal("no rose_alts_line shape")
	}
	for _, c := range []struct {
		name string
		gen  func(int) string
	}{
		{"rose_alts_line", altsLine.Gen},
		{"txt attributes", attrs},
	} {
		countTokenSteps = true
		defer func() { countTokenSteps = false }()
		steps := func(n int) int64 {
			before := tokenSteps.Load()
			Parse(diag.NewSource("a.rose", []byte(c.gen(n))))
			return tokenSteps.Load() - before
		}
		a, b := steps(2000), steps(4000)
		if g := float64(b) / float64(max(a, 1)); g > 2.3 || a < 2000 {
			t.Errorf("%s: token visits %d at n=2000, %d at 4000: ×%.2f per doubling", c.name, a, b, g)
		}
	}
}
