package gogen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
)

// BenchmarkGenerate generates Go for declarations of growing size (n functions
// with 4 parameters and 3 results, and n/10 schemas of 6 columns).
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		var s strings.Builder
		s.WriteString("[FUNCTIONS]\n")
		for i := range n {
			fmt.Fprintf(&s, "[Func%d]\nDESC[function %d]\nIN[A:str*|B:int|C:float|D:any]\nOUT[X:str|Y:int|Z:float]\n\n", i, i)
		}
		for i := range n / 10 {
			fmt.Fprintf(&s, "[SCHEMA:T%d]\nID:int|A:str|B:int|C:float|D:any|E:str\n\n", i)
		}
		doc, _ := agentdsl.Parse(diag.NewSource("b.adsl", []byte(s.String())))
		b.Run(fmt.Sprintf("funcs=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, ds := Generate(doc, Options{Package: "p", Source: "b.adsl"}); len(ds) > 0 {
					b.Fatal(ds)
				}
			}
		})
	}
}
