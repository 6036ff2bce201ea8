package translate

import (
	"bytes"

	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// RosettaJSONStream writes the data JSON of a Rosetta transcript (translate
// --to json) item by item, for a writer that never holds the transcript or
// the whole output (rosettac translate, fed by compiler.DiagnoseItems). It
// writes the compact form rosettac prints, Translate's output with the
// insignificant white space taken out and a newline after: call Message and
// Prose for the items in source order, then End. Each item is built and
// written alone, the same nodes Translate builds for it.
type RosettaJSONStream struct {
	Out   func([]byte) // gets the output, piece by piece, valid only during the call
	begun bool
	items int
	buf   bytes.Buffer // an item's text, the one buffer for all of them
}

func (s *RosettaJSONStream) item(v *jb) {
	if !s.begun {
		s.Out([]byte(`{"format":"rosetta","items":[`))
		s.begun = true
	}
	if s.items > 0 {
		s.Out([]byte{','})
	}
	s.items++
	s.buf.Reset()
	jsonvalue.CompactTo(&s.buf, v)
	s.Out(s.buf.Bytes())
}

// Message writes a message's item.
func (s *RosettaJSONStream) Message(m *ir.Message) { s.item(set(jobj(), "message", messageJSON(m))) }

// Prose writes a prose run's item.
func (s *RosettaJSONStream) Prose(p *ir.Prose) { s.item(set(jobj(), "prose", jstr(p.Text))) }

// End closes the document (one with no items too).
func (s *RosettaJSONStream) End() {
	if !s.begun {
		s.Out([]byte(`{"format":"rosetta","items":[`))
		s.begun = true
	}
	s.Out([]byte("]}\n"))
}
