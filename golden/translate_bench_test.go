package golden

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// BenchmarkTranslate measures each pair over generated inputs of growing
// sizes (the number of generated transcripts joined), so cost growth is
// visible: it must be linear. The input is checked once, outside the timer.
func BenchmarkTranslate(b *testing.B) {
	gens := []struct {
		from ir.Language
		gen  func(*rand.Rand) string
		sep  string
	}{
		{ir.Lingua, genLinguaT, ""},
		{ir.Rosetta, genRosetta, "\n"},
		{ir.AgentDSL, genAgentDSL, "\n"},
	}
	for _, g := range gens {
		for _, n := range []int{10, 100, 1000} {
			r := rand.New(rand.NewPCG(1, uint64(n)))
			var parts []string
			for i := 0; i < n; i++ {
				s := g.gen(r)
				if g.from == ir.Rosetta {
					// distinct ids per part, so replies keep their parents
					s = strings.NewReplacer("ops", fmt.Sprintf("ops%dx", i), "db", fmt.Sprintf("db%dx", i), "a1.", fmt.Sprintf("a%dx.", i)).Replace(s)
				}
				parts = append(parts, s)
			}
			src := []byte(strings.Join(parts, g.sep))
			res := compiler.Check("in", src, compiler.Options{From: g.from})
			for _, to := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL, ir.JSON} {
				if to == g.from {
					continue
				}
				b.Run(fmt.Sprintf("%s-%s/n=%d", g.from, to, n), func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					for i := 0; i < b.N; i++ {
						translate.Translate(res.Doc, to)
					}
				})
			}
		}
	}
}
