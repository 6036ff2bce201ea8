package translate

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/rosettac/rosettac/diag"
	rosetta "github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// rmsg is a Rosetta message being written: translations build Rosetta text and
// read it back through grammars/rosetta, so the output is always what the
// Rosetta parser reads and the canonical printer writes.
type rmsg struct {
	src    diag.Span // the source unit it came from
	id     string
	act    string
	sender string   // written before '>' when not ""
	route  []string // nil: no route written
	topic  string
	fields [][2]string
	slots  []string // slots first in the message (each slot's text: lines starting with one space)
	body   []string // then these, with pay inserted before body[apos]
	pay    string   // the payload's slot, or ""
	apos   int
	post   []string // last: the exact source carriers
	bad    bool     // a part could not be written (a header value with white space): the unit needs its exact carrier
}

func (r *rmsg) insertPayloadSlot(s string) { r.pay = s }

// allSlots returns the slots in message order.
func (r *rmsg) allSlots() []string {
	out := append([]string(nil), r.slots...)
	if r.act == "def" && strings.HasPrefix(r.pay, " a ") {
		r.pay = "   " + r.pay[3:] // a def's bindings have no slot key
	}
	for i, s := range r.body {
		if i == r.apos && r.pay != "" {
			out = append(out, r.pay)
		}
		out = append(out, s)
	}
	if r.pay != "" && r.apos >= len(r.body) {
		out = append(out, r.pay)
	}
	return append(out, r.post...)
}

// secret labels the message sens=secret (the strictest label, spec §18.3): it
// carries decrypted content. A sens= it had is replaced.
func (r *rmsg) secret() {
	out := r.fields[:0]
	for _, f := range r.fields {
		if f[0] != "sens" {
			out = append(out, f)
		}
	}
	r.fields = append(out, [2]string{"sens", "secret"})
}

// field adds a header field; a value that is empty or has white space cannot
// be a header atom, so it is left out and the message marked bad.
func (r *rmsg) field(k, v string) {
	if v == "" || strings.IndexFunc(v, unicode.IsSpace) >= 0 {
		r.bad = true
		return
	}
	r.fields = append(r.fields, [2]string{k, v})
}

// text writes the message: its header line (rosetta.WriteHeader, with the
// fields in the order the translation gives them, which is the order its loss
// diagnostics name them in; the printer would put them in canonical order),
// then its slots (each printed by the grammar's printer).
func (r *rmsg) text(b *strings.Builder) {
	h := rosetta.HeaderLine{ID: r.id, Act: r.act, Route: r.route != nil || r.sender != "", Sender: r.sender, Topic: r.topic}
	for _, t := range r.route {
		h.Targets = append(h.Targets, ir.Target{Text: t})
	}
	for _, f := range r.fields {
		h.Fields = append(h.Fields, ir.Field{Key: f[0], Value: f[1]})
	}
	rosetta.WriteHeader(b, h)
	for _, s := range r.allSlots() {
		b.WriteString(s)
		if !strings.HasSuffix(s, "\n") {
			b.WriteByte('\n')
		}
	}
}

// bindingsSlot writes an a slot (or, with key "", a def body) with the
// grammar's printer.
func bindingsSlot(key string, kv [][2]string) string {
	bs := &ir.BindingSlot{SlotHead: ir.SlotHead{Key: key}}
	if key == "" {
		bs.Key = "a" // a def's bindings: the a slot with no key written
	}
	for _, p := range kv {
		bs.Bindings = append(bs.Bindings, &ir.Binding{Key: p[0], Value: p[1]})
	}
	return slotText([]ir.Slot{bs}, key == "")
}

// blockSlot writes a txt block (format "" is txt) with the grammar's printer.
func blockSlot(name, format string, attrs [][2]string, lines []string) string {
	if format == "" {
		format = "txt"
	}
	b := &ir.Block{Name: name, Fmt: format}
	for _, a := range attrs {
		b.Attrs = append(b.Attrs, ir.Attr{Key: a[0], Value: a[1]})
	}
	for _, l := range lines {
		b.Lines = append(b.Lines, ir.BlockLine{Text: l})
	}
	return slotText([]ir.Slot{&ir.BlockSlot{SlotHead: ir.SlotHead{Key: "txt"}, Block: b}}, false)
}

// rosettaDoc joins messages into a transcript text and reads it back.
func rosettaDoc(ms []*rmsg) (*ir.Transcript, string, diag.List) {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteByte('\n')
		}
		m.text(&b)
	}
	src := b.String()
	t, ds := rosetta.Parse(diag.NewSource("<translation>", []byte(src)))
	return t, src, ds
}

// plainValue reports whether a JSON string can be written as a binding value
// as it is: one line, no surrounding space, not itself JSON (which would read
// back as another type), no trailing ~conf.
func plainValue(s string) bool {
	if s == "" || strings.TrimSpace(s) != s || strings.ContainsAny(s, "\r\n\t") || json.Valid([]byte(s)) {
		return false
	}
	if i := strings.LastIndexAny(s, "~～"); i >= 0 && i > len(s)-8 {
		return false
	}
	return true
}

// bindingValue writes a JSON value as a binding value.
func bindingValue(v *ir.JSONValue) string {
	if v.Kind == ir.JSONString && v.Raw == "" && plainValue(v.Text) {
		return v.Text
	}
	return string(jsonvalue.Compact(v))
}

// jsonOfValue reads a binding value back as JSON: JSON text is that value,
// anything else a string.
func jsonOfValue(s string) *ir.JSONValue {
	if json.Valid([]byte(s)) {
		if v, err := jsonvalue.Parse([]byte(s)); err == nil {
			return v
		}
	}
	return &ir.JSONValue{Kind: ir.JSONString, Text: s}
}

// stripConf returns a copy of a slot without its confidences, and whether it
// had any.
func stripConf(s ir.Slot) (ir.Slot, bool) {
	if s.Head().Verbatim {
		return s, false
	}
	switch s := s.(type) {
	case *ir.PlainSlot:
		c := *s
		c.Conf = nil
		return &c, s.Conf != nil
	case *ir.BindingSlot:
		c := *s
		had := s.Conf != nil
		c.Conf = nil
		c.Bindings = make([]*ir.Binding, len(s.Bindings))
		for i, b := range s.Bindings {
			nb := *b
			had = had || b.Conf != nil
			nb.Conf = nil
			c.Bindings[i] = &nb
		}
		return &c, had
	case *ir.ListSlot:
		c := *s
		c.Conf = nil
		return &c, s.Conf != nil
	case *ir.MarkSlot:
		c := *s
		had := false
		c.Marks = make([]*ir.Mark, len(s.Marks))
		for i, m := range s.Marks {
			nm := *m
			had = had || m.Conf != nil
			nm.Conf = nil
			c.Marks[i] = &nm
		}
		return &c, had
	}
	return s, false
}

// slotText prints slots as canonical Rosetta slot lines.
func slotText(slots []ir.Slot, isDef bool) string {
	if len(slots) == 0 {
		return ""
	}
	act := "note"
	if isDef {
		act = "def"
	}
	m := &ir.Message{Header: &ir.Header{ID: ir.MsgID{Text: "x1", Agent: "x"}, Act: act, Sender: "x"}, Slots: slots}
	out := string(rosetta.Print(&ir.Transcript{Messages: []*ir.Message{m}}, true))
	_, body, _ := strings.Cut(out, "\n")
	return body
}

// blockOf returns the first txt block of m named name, or nil.
func blockOf(m *ir.Message, name string) *ir.BlockSlot {
	for _, s := range m.Slots {
		if b, ok := s.(*ir.BlockSlot); ok && !b.Block.Unparsed && b.Block.Name == name {
			return b
		}
	}
	return nil
}

func blockLines(b *ir.Block) []string {
	out := make([]string, len(b.Lines))
	for i, l := range b.Lines {
		out[i] = l.Text
	}
	return out
}

// writtenTargets returns the targets the author wrote (not inherited).
func writtenTargets(m *ir.Message) []ir.Target {
	if m.InheritedTo {
		return nil
	}
	return m.Header.Targets
}

// writtenTopic returns the topic the author wrote (not inherited).
func writtenTopic(m *ir.Message) string {
	if m.InheritedTopic {
		return ""
	}
	return m.Header.Topic
}

// isSlotName reports whether k is a core slot name (a binding key that would
// read as a new slot at the start of a line).
func isSlotName(k string) bool { return rosetta.IsSlot(k) }

// splitSlots splits canonical slot text into one text per slot: a slot starts
// at a line with one space and a word.
func splitSlots(body string) []string {
	var out []string
	for _, ln := range strings.SplitAfter(body, "\n") {
		if ln == "" {
			continue
		}
		if len(out) == 0 || len(ln) > 1 && ln[0] == ' ' && ln[1] != ' ' && ln[1] != '|' {
			out = append(out, ln)
		} else {
			out[len(out)-1] += ln
		}
	}
	return out
}

// carryExact adds a block holding a unit's exact source text. A def's body
// is bindings only (a txt line there is not a block), so a def that needs the
// block becomes a note carrying just that block.
func (r *rmsg) carryExact(name, fmt, text string) {
	if r.act == "def" {
		r.act = "note"
		r.slots, r.body, r.pay = nil, nil, ""
	}
	r.post = append(r.post, blockSlot(name, fmt, nil, strings.Split(strings.TrimSuffix(text, "\n"), "\n")))
}
