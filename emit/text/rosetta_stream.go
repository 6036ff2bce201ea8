package text

import "github.com/rosettac/rosettac/ir"

// RosettaStream renders a Rosetta transcript handed out message by message
// and prose run by prose run, in source order (compiler.DiagnoseItems), as
// Render renders the whole transcript: the same bytes, without holding it.
// Marks that later messages put on a message's blocks come from a first pass
// over the same transcript (ForeignMarks). It renders the whole transcript
// only: --msg, --block and --bare select across it and go through Render.
type RosettaStream struct {
	r       *rosRenderer
	marks   *ForeignMarks
	prose   bool
	lang    string
	ord     int
	emitted int
	out     func([]byte) // each rendered item, with the blank line before it
	buf     []byte       // out's bytes, reused item after item
}

// NewRosettaStream starts a rendering with opt (its Msg, Block and Bare are
// not for a stream) and the marks of the first pass, which are complete:
// none can be added after; out gets the bytes, item by item, valid only
// during its call (the next item reuses them).
func NewRosettaStream(opt Options, marks *ForeignMarks, out func([]byte)) *RosettaStream {
	marks.added()
	return &RosettaStream{r: newRosRenderer(opt), marks: marks, prose: opt.View != "clean", lang: opt.Lang, out: out}
}

// Message renders the next message.
func (s *RosettaStream) Message(m *ir.Message) {
	s.r.foreign = s.marks.of(s.ord, m)
	s.ord++
	s.emit(s.r.message(m))
}

// Prose renders a prose run between messages (in the clean view, nothing).
func (s *RosettaStream) Prose(p *ir.Prose) {
	if s.prose {
		s.emit(unreadLines(s.lang, p.Text))
	}
}

func (s *RosettaStream) emit(lines []string) {
	if len(lines) == 0 {
		return
	}
	b := s.buf[:0]
	if s.emitted > 0 {
		b = append(b, '\n')
	}
	s.emitted++
	for _, ln := range lines {
		b = append(b, ln...)
		b = append(b, '\n')
	}
	s.buf = b
	s.out(b)
}
