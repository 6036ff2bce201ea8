package agentdsl

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestStreamReaderSpans: reading from an io.Reader, which holds one line at a
// time, gives every block and function the span reading the bytes in memory
// gives, both ends' lines and columns included (a block's end is on another
// line than its header).
func TestStreamReaderSpans(t *testing.T) {
	src := "\uFEFF[SCHEMA:U]\nID:int|N:str\n\n[DATA]\n1|a\n2|é\n\n[FUNCTIONS]\n[Get]\nDESC[get a row]\nIN[ID:int*]\nOUT[N:str]\n\n" +
		"[CALL]\n[Get]\nID:1\n\n[RESULT]\n[N:str]\nb\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n\n[JSON]\nARRAY:U\n"
	var mem, rd recorder
	Stream(diag.NewSource("x.adsl", []byte(src)), &mem)
	if _, _, err := StreamReader("x.adsl", strings.NewReader(src), &rd); err != nil {
		t.Fatal(err)
	}
	if len(mem.blocks) < 6 {
		t.Fatalf("only %d blocks", len(mem.blocks))
	}
	if d := cmp.Diff(mem.positions(), rd.positions()); d != "" {
		t.Errorf("block spans (-in memory +from a reader):\n%s", d)
	}
}

// recorder keeps every block it is given.
type recorder struct{ blocks []ir.DSLBlock }

func (r *recorder) Block(b ir.DSLBlock)         { r.blocks = append(r.blocks, b) }
func (r *recorder) Row(*ir.DSLData, *ir.DSLRow) {}
func (r *recorder) positions() (out []string) {
	add := func(sp diag.Span) { out = append(out, sp.Start().String()+"-"+sp.End().String()) }
	for _, b := range r.blocks {
		add(b.Pos())
		if f, ok := b.(*ir.DSLFunctions); ok {
			for _, fn := range f.Funcs {
				add(fn.Span)
			}
		}
	}
	return out
}
