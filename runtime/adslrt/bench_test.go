package adslrt

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkReadCall reads and checks [CALL] texts with growing numbers of
// parameters.
func BenchmarkReadCall(b *testing.B) {
	for _, n := range []int{1, 10, 100} {
		f := Function{Name: "F"}
		var s strings.Builder
		s.WriteString("[CALL]\n[F]\n")
		for i := range n {
			f.In = append(f.In, Column{Name: fmt.Sprintf("P%d", i), Kind: Kind(i%4 + 1)})
			v := []string{"42", "2.5", "some text", `{"k":[1,2]}`}[i%4]
			fmt.Fprintf(&s, "P%d:%s\n", i, v)
		}
		text := s.String()
		b.Run(fmt.Sprintf("params=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := ReadCall(text, []Function{f}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
