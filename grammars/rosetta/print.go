package rosetta

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/ir"
)

// Print writes t in canonical form (spec c.9 and 2.1-d):
//
//   - messages and prose runs in source order, separated by one blank line;
//     prose is written back byte for byte;
//   - a header as `id act [sender]>targets #topic re src at ttl pri sens thd x_*`
//     (x_* sorted; repeated fields kept in source order). With terse, the sender
//     is left out when the id implies it, and the route and topic when they are
//     inherited from the re= parent; without terse every part is written;
//   - slots in source order, each on a line starting with one space; bindings
//     one per line with their '=' aligned, marks one per line, lists as
//     [a, b] (as written when that would not read back as the same list),
//     shapes as {k, k?: type}, confs as " ~conf" after the value;
//   - txt blocks as ` txt name [@fmt[/lang]] [k=v...]` and ` | line` (` |` for
//     an empty line); a one-line block written inline (`txt "x"`) stays inline
//     when the line can be written that way; an implicit block (P003/P004)
//     stays a run of bare `|` lines, so that reading the output gives the same
//     IR; content bytes are never changed;
//   - a slot marked Verbatim (or a txt head that did not parse) is written as
//     its raw text, line by line, so that nothing is lost;
//   - a degraded message (input with no header) is written back as its lines.
//
// Print never fails; the output ends with a newline.
func Print(t *ir.Transcript, terse bool) []byte {
	var b strings.Builder
	pr := Printer{Terse: terse, b: &b}
	mi, pi := 0, 0
	for mi < len(t.Messages) || pi < len(t.Prose) {
		if pi < len(t.Prose) && (mi >= len(t.Messages) || t.Prose[pi].Span.StartOffset() < t.Messages[mi].Span.StartOffset()) {
			pr.Prose(t.Prose[pi])
			pi++
			continue
		}
		pr.Message(t.Messages[mi])
		mi++
	}
	return []byte(b.String())
}

// Printer is Print one item at a time, for a writer that never holds the
// whole transcript (rosettac fmt, fed by compiler.ParseItems): Message and
// Prose, called in source order, write what Print writes for each, the
// blank line between items included; Take returns what was written since the
// last Take. The concatenation of the pieces is Print's output.
type Printer struct {
	Terse bool
	b     *strings.Builder
	begun bool
}

func (p *Printer) sep() {
	if p.b == nil {
		p.b = new(strings.Builder)
	}
	if p.begun {
		p.b.WriteByte('\n')
	}
	p.begun = true
}

// Message writes a message.
func (p *Printer) Message(m *ir.Message) {
	p.sep()
	printMessage(p.b, m, p.Terse)
}

// Prose writes a prose run, byte for byte.
func (p *Printer) Prose(pr *ir.Prose) {
	p.sep()
	p.b.WriteString(pr.Text)
	p.b.WriteByte('\n')
}

// Take returns the text written since the last call, and forgets it.
func (p *Printer) Take() string {
	if p.b == nil {
		return ""
	}
	s := p.b.String()
	p.b.Reset()
	return s
}

func printMessage(b *strings.Builder, m *ir.Message, terse bool) {
	if m.Degraded {
		for _, s := range m.Slots {
			if bs, ok := s.(*ir.BlockSlot); ok {
				for _, l := range bs.Block.Lines {
					b.WriteString(l.Text)
					b.WriteByte('\n')
				}
			}
		}
		return
	}
	printHeader(b, m, terse)
	isDef := m.Header.Act == "def"
	for _, s := range m.Slots {
		printSlot(b, s, isDef)
	}
}

func printHeader(b *strings.Builder, m *ir.Message, terse bool) {
	h := m.Header
	senderDerived := h.Sender == h.ID.Agent
	route := true
	if terse {
		switch {
		case m.InheritedTo && senderDerived:
			route = false
		case !m.InheritedTo && senderDerived && !h.RouteWritten && len(h.Targets) == 0:
			route = false // elided, with no parent to fill it in
		}
	}
	sender := h.Sender
	if terse && senderDerived {
		sender = ""
	}
	topic := h.Topic
	if terse && m.InheritedTopic {
		topic = ""
	}
	WriteHeader(b, HeaderLine{ID: h.ID.Text, Act: h.Act, Route: route, Sender: sender, Targets: h.Targets, Topic: topic, Fields: CanonicalFields(h.Fields)})
}

// HeaderLine is what a header line says, as it is to be written: the
// printer fills it from a message (canonical field order, what terse
// elides left out), and translation from what it builds (fields in the
// order its loss diagnostics name them).
type HeaderLine struct {
	ID, Act string
	Route   bool   // write the route: Sender (or nothing), '>', Targets
	Sender  string // "" leaves the sender to the id
	Targets []ir.Target
	Topic   string // "" writes none
	Fields  []ir.Field
}

// WriteHeader writes h and its line ending: the one writer of header lines.
func WriteHeader(b *strings.Builder, h HeaderLine) {
	b.WriteString(h.ID)
	b.WriteByte(' ')
	b.WriteString(h.Act)
	if h.Route {
		b.WriteByte(' ')
		b.WriteString(h.Sender)
		b.WriteByte('>')
		for i, tg := range h.Targets {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(tg.Text)
		}
	}
	if h.Topic != "" {
		b.WriteString(" #")
		b.WriteString(h.Topic)
	}
	for _, f := range h.Fields {
		b.WriteByte(' ')
		b.WriteString(f.Key)
		b.WriteByte('=')
		b.WriteString(f.Value)
	}
	b.WriteByte('\n')
}

func fieldRank(k string) int {
	for i, h := range HeaderKeys {
		if h == k {
			return i
		}
	}
	return len(HeaderKeys)
}

// CanonicalFields returns the header fields in canonical order: re src at ttl
// pri sens thd, then x_* sorted by key; a repeated key keeps its source order.
func CanonicalFields(fs []ir.Field) []ir.Field {
	out := append([]ir.Field(nil), fs...)
	sort.SliceStable(out, func(i, j int) bool {
		ri, rj := fieldRank(out[i].Key), fieldRank(out[j].Key)
		if ri != rj {
			return ri < rj
		}
		if ri == len(HeaderKeys) {
			return out[i].Key < out[j].Key
		}
		return false
	})
	return out
}

// lines writes text (which may span lines) after lead; later lines are
// indented to the column after lead.
func lines(b *strings.Builder, lead, text string) {
	indent := strings.Repeat(" ", len(lead))
	for i, ln := range strings.Split(text, "\n") {
		if i == 0 {
			b.WriteString(strings.TrimRight(lead+ln, " "))
		} else {
			b.WriteString(indent)
			b.WriteString(ln)
		}
		b.WriteByte('\n')
	}
}

// listString writes a list's items canonically: [a, b].
func listString(s *ir.ListSlot) string {
	var t strings.Builder
	if s.Bracketed {
		t.WriteByte('[')
	}
	for i, it := range s.Items {
		if i > 0 {
			t.WriteString(", ")
		}
		t.WriteString(it.Text)
	}
	if s.Bracketed {
		t.WriteByte(']')
	}
	return t.String()
}

// listReadsBack reports whether text, printed after s's key and read back as
// that slot's list, gives s's items, brackets and conf again. The whole slot
// line is read, since the key's reading takes colons after it ("unk :").
func listReadsBack(text string, s *ir.ListSlot) bool {
	line := s.Key + " " + text
	_, _, rs, _, ok := slotKey(line)
	if !ok {
		return false
	}
	var l lineLexer
	lexLine(&l, modeList, line[rs:])
	bracketed, conf, n := false, "", 0
	for _, tk := range l.toks {
		switch tk.Type {
		case tLBrack:
			bracketed = true
		case tItem:
			if n >= len(s.Items) || s.Items[n].Text != tk.Value {
				return false
			}
			n++
		case tConf:
			_, k := utf8.DecodeRuneInString(tk.Value)
			conf = tk.Value[k:]
		}
	}
	want := ""
	if s.Conf != nil {
		want = s.Conf.Kind
	}
	return bracketed == s.Bracketed && n == len(s.Items) && conf == want
}

// listSpansLines reports whether an item of s runs over more than one line.
func listSpansLines(s *ir.ListSlot) bool {
	for _, it := range s.Items {
		if strings.Contains(it.Text, "\n") {
			return true
		}
	}
	return false
}

func withConf(text string, c *ir.Conf) string {
	if c == nil {
		return text
	}
	if text == "" {
		return "~" + c.Kind
	}
	// A continuation line that is one bare slot word kept its conf glued
	// ("a~0"): with a space it would read back as the start of an `a` slot.
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		if _, _, _, _, ok := slotKey(strings.TrimLeft(text[i+1:], " \t") + " ~" + c.Kind); ok {
			return text + "~" + c.Kind
		}
	}
	return text + " ~" + c.Kind
}

func printSlot(b *strings.Builder, s ir.Slot, isDef bool) {
	h := s.Head()
	lead := " " + h.Key + " "
	if isDef && h.Key == "a" && !h.KeySpan.IsValid() {
		lead = " "
	}
	if h.Verbatim {
		lines(b, lead, h.Raw)
		return
	}
	switch s := s.(type) {
	case *ir.PlainSlot:
		lines(b, lead, withConf(s.Text, s.Conf))
	case *ir.RefSlot:
		lines(b, lead, s.Raw)
	case *ir.BindingSlot:
		if len(s.Bindings) == 0 {
			lines(b, lead, withConf(s.Text, s.Conf))
			return
		}
		w := 0
		for _, bd := range s.Bindings {
			if n := len(bd.Key); n > w {
				w = n
			}
		}
		pad := strings.Repeat(" ", len(lead))
		for i, bd := range s.Bindings {
			if i == 0 {
				b.WriteString(lead)
			} else {
				b.WriteString(pad)
			}
			op := " = "
			if bd.Neg {
				op = " != "
			}
			key := bd.Key + strings.Repeat(" ", w-len(bd.Key))
			if i > 0 && !isDef && ir.IsSlot(bd.Key) {
				// "a = x" on a line of its own would open an a slot; "a= x" cannot.
				key, op = bd.Key, op[1:]
			}
			line := key + op + withConf(bd.Value, bd.Conf)
			b.WriteString(strings.TrimRight(line, " "))
			b.WriteByte('\n')
		}
	case *ir.ListSlot:
		text := withConf(listString(s), s.Conf)
		if s.Prose != "" || listSpansLines(s) || !listReadsBack(text, s) {
			// Joined again, the items would read as another list ("unk ,["
			// would print "unk [", an empty bracketed list), or a later line
			// of an item as a slot line of its own ("unk 0\nunk," would
			// print "unk" alone): write the list as it was written.
			lines(b, lead, s.Raw)
			return
		}
		lines(b, lead, text)
	case *ir.ShapeSlot:
		lines(b, lead, ShapeString(s.Shape))
	case *ir.MarkSlot:
		if len(s.Marks) == 0 {
			lines(b, lead, s.Raw)
			return
		}
		pad := strings.Repeat(" ", len(lead))
		for i, mk := range s.Marks {
			if i == 0 {
				b.WriteString(lead)
			} else {
				b.WriteString(pad)
			}
			sep := " "
			if i > 0 && ir.IsSlot(mk.Addr.Text) {
				sep = "" // as for bindings: "a = x" would open an a slot
			}
			line := mk.Addr.Text + sep + string(mk.Op) + " " + withConf(mk.Value, mk.Conf)
			b.WriteString(strings.TrimRight(line, " "))
			b.WriteByte('\n')
		}
	case *ir.BlockSlot:
		printBlock(b, s, lead)
	}
}

// ShapeString writes a want shape in canonical form.
func ShapeString(sh ir.Shape) string {
	if !sh.Braced {
		return strings.Join(sh.Acts, "|")
	}
	var t strings.Builder
	t.WriteByte('{')
	for i, f := range sh.Fields {
		if i > 0 {
			t.WriteString(", ")
		}
		t.WriteString(f.Name)
		if f.Optional {
			t.WriteByte('?')
		}
		if f.Type != "" {
			t.WriteString(": ")
			t.WriteString(f.Type)
		}
	}
	t.WriteByte('}')
	return t.String()
}

// inlineSafe reports whether a one-line block can be written as txt "line".
func inlineSafe(bl *ir.Block) bool {
	if !bl.Inline || len(bl.Lines) != 1 || len(bl.Attrs) > 0 || bl.Name != "body" || bl.Fmt != "txt" || bl.Lang != "" {
		return false
	}
	t := bl.Lines[0].Text
	return t != "" && trimWS(t) == t && !strings.ContainsAny(t, "\n\r")
}

func printBlock(b *strings.Builder, s *ir.BlockSlot, lead string) {
	bl := s.Block
	switch {
	case bl.Implicit:
		// bare content lines re-open the same implicit block
	case bl.Unparsed:
		lines(b, lead, s.Raw)
	case inlineSafe(bl):
		b.WriteString(lead)
		b.WriteByte('"')
		b.WriteString(bl.Lines[0].Text)
		b.WriteString("\"\n")
		return
	default:
		b.WriteString(" txt ")
		b.WriteString(bl.Name)
		if bl.Fmt != "txt" || bl.Lang != "" {
			b.WriteString(" @")
			b.WriteString(bl.Fmt)
			if bl.Lang != "" {
				b.WriteByte('/')
				b.WriteString(bl.Lang)
			}
		}
		for _, a := range bl.Attrs {
			b.WriteByte(' ')
			b.WriteString(a.Key)
			b.WriteByte('=')
			b.WriteString(a.Value)
		}
		b.WriteByte('\n')
	}
	for _, l := range bl.Lines {
		if l.Text == "" {
			b.WriteString(" |\n")
			continue
		}
		b.WriteString(" | ")
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
}
