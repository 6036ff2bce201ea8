package json

import (
	"bytes"
	"reflect"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// IRStream writes IR's file for a Rosetta transcript message by message
// (compile --emit ir, fed by compiler.DiagnoseItems), never holding the
// transcript or the whole file: Begin with the transcript's source, Message
// for each message in order, then End with the transcript the check returned
// (its prose) and the file's diagnostics. The bytes are IR's for the
// transcript of those messages and prose, its Checked count left out (a
// whole Check has none).
type IRStream struct {
	Name string       // the input's name, as IR's name
	Out  func([]byte) // gets the file, piece by piece
	b    bytes.Buffer
	n    int
}

func (s *IRStream) flush() {
	s.Out(s.b.Bytes())
	s.b.Reset()
}

// Begin writes the head of the file, up to the transcript's messages.
func (s *IRStream) Begin(src *diag.Source) {
	b := &s.b
	writeHead(b, s.Name, ir.Rosetta)
	b.WriteString(`{"node":`)
	writeString(b, reflect.TypeOf(ir.Transcript{}).Name())
	b.WriteString(`,"span":`)
	writeSpan(b, src.Span(0, src.Len()))
	s.flush()
}

// Message writes one message.
func (s *IRStream) Message(m *ir.Message) {
	if s.n == 0 {
		s.b.WriteString(`,"messages":[`)
	} else {
		s.b.WriteByte(',')
	}
	s.n++
	encode(&s.b, reflect.ValueOf(m))
	s.flush()
}

// End writes the transcript's prose and the diagnostics, and closes the file.
func (s *IRStream) End(t *ir.Transcript, diags diag.List) {
	b := &s.b
	if s.n > 0 {
		b.WriteByte(']')
	}
	if len(t.Prose) > 0 {
		b.WriteString(`,"prose":`)
		encode(b, reflect.ValueOf(t.Prose))
	}
	b.WriteByte('}')
	writeTail(b, diags)
	s.flush()
}
