package agentdsl

import (
	"github.com/rosettac/rosettac/diag"
)

// Feeder reads a document that arrives in pieces (compiler.Stream), each a
// whole number of blocks: Feed reads one piece as its own source, handing its
// blocks and rows to the Handler as Stream does, and closes the open block at
// the piece's end. What later blocks read of earlier ones (the schema a [DATA]
// block follows, block indexes) carries over from piece to piece.
type Feeder struct{ r *reader }

// NewFeeder returns a Feeder that hands what it reads to h.
func NewFeeder(h Handler) *Feeder {
	return &Feeder{r: &reader{h: h, lastSchema: -1}}
}

// Feed reads src, one or more whole blocks, and returns its syntax
// diagnostics. Strings in the blocks share src's memory.
func (f *Feeder) Feed(src *diag.Source) diag.List {
	r := f.r
	r.file, r.src, r.diags = src.File, src, nil
	content := r.src.Content()
	num := 0
	for off := diag.BOMLen(content); off < len(content); {
		num++
		end, next := diag.LineEnd(content, off)
		r.line(line{text: content[off:end], off: off, num: num})
		off = next
	}
	r.close()
	return r.diags
}
