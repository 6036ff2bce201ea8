package text

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/internal/rostime"
	"github.com/rosettac/rosettac/ir"
)

// AgentRosetta rendering (spec §17). The layout is the reference renderer's,
// line for line, with the deviations docs/conformance.md lists under
// "Rendering": it never crashes, never labels an out-of-window mark as
// orphaned, loses nothing (invariant I-7), and no line ends in whitespace.

func init() { register(ir.Rosetta, renderRosetta) }

func renderRosetta(doc ir.Document, opt Options) ([]byte, diag.List) {
	t, ok := doc.(*ir.Transcript)
	if !ok || t == nil {
		return nil, nil
	}
	msgs := t.Messages
	var only *ir.Block // --block: the one block to render
	switch {
	case opt.Block != "":
		m, b, ok := findBlock(t, opt.Block)
		if !ok {
			return nil, notFound(t, "block "+opt.Block, "name a block as @id.block, e.g. @a2.7.tgt: a message id of the transcript and one of its txt blocks")
		}
		msgs, only = []*ir.Message{m}, b
	case opt.Msg != "":
		m := findMsg(t, strings.TrimPrefix(opt.Msg, "@"))
		if m == nil {
			return nil, notFound(t, "message "+opt.Msg, "give the id of a message of the transcript, e.g. a2.7 or obs7")
		}
		msgs = []*ir.Message{m}
	}
	if opt.Bare {
		return bareRosetta(msgs, only, opt.BareHeaders), nil
	}
	if only == nil && opt.Msg == "" {
		// The whole transcript, as a stream renders it (one mechanism): the
		// marks later messages put on blocks first, then message by message
		// with the prose between them where it stands, under a marker saying
		// it was not read (in every view but clean).
		var marks ForeignMarks
		for _, m := range msgs {
			marks.Add(m)
		}
		var out []byte
		s := NewRosettaStream(opt, &marks, func(b []byte) { out = append(out, b...) })
		prose := t.Prose
		for _, m := range msgs {
			for len(prose) > 0 && prose[0].Span.StartOffset() < m.Span.StartOffset() {
				s.Prose(prose[0])
				prose = prose[1:]
			}
			s.Message(m)
		}
		for _, p := range prose {
			s.Prose(p)
		}
		return out, nil
	}
	r := newRosRenderer(opt)
	r.foreign = foreignMarks(t)
	if only != nil {
		var out rosLines
		r.block(&out, only, r.marginMarks(msgs[0], r.keep == nil || r.keep["mark"]))
		return joinLines(out.finish()), nil
	}
	return joinLines(r.message(msgs[0])), nil // --msg
}

// bareRosetta is the deliverable itself: the exact bytes of every carried txt
// line of msgs (or of the one block only), in order, each ended by '\n'. No
// header, gutter or mark; with headers, each block starts with a "# id.block"
// line and blocks are a blank line apart.
func bareRosetta(msgs []*ir.Message, only *ir.Block, headers bool) []byte {
	var out []byte
	first := true
	for _, m := range msgs {
		for _, s := range m.Slots {
			bs, ok := s.(*ir.BlockSlot)
			if !ok || bs.Block == nil || only != nil && bs.Block != only {
				continue
			}
			if headers {
				if !first {
					out = append(out, '\n')
				}
				id := "?"
				if m.Header != nil {
					id = m.Header.ID.Text
				}
				out = append(out, "# "+id+"."+bs.Block.Name+"\n"...)
			}
			first = false
			for _, l := range bs.Block.Lines {
				out = append(out, l.Text...)
				out = append(out, '\n')
			}
		}
	}
	return out
}

func joinLines(lines []string) []byte {
	var out []byte
	for _, l := range lines {
		out = append(out, l...)
		out = append(out, '\n')
	}
	return out
}

// findMsg returns the first message with this id, or nil.
func findMsg(t *ir.Transcript, id string) *ir.Message {
	for _, m := range t.Messages {
		if m.Header != nil && m.Header.ID.Text == id {
			return m
		}
	}
	return nil
}

// findBlock reads @id.block (the @ optional; the id may be dotted, a1.7.tgt)
// and finds that message's block of that name (the last, as marks do).
func findBlock(t *ir.Transcript, addr string) (*ir.Message, *ir.Block, bool) {
	a := strings.TrimPrefix(addr, "@")
	k := strings.LastIndexByte(a, '.')
	if k <= 0 || strings.ContainsAny(a, "#|") {
		return nil, nil, false
	}
	m := findMsg(t, a[:k])
	if m == nil {
		return nil, nil, false
	}
	b := rosblock.Find(m, a[k+1:])
	return m, b, b != nil
}

// notFound is R003: what --msg or --block names is not in the transcript.
func notFound(t *ir.Transcript, what, hint string) diag.List {
	var ds diag.List
	ds.Add(diag.Diagnostic{Severity: diag.Error, Code: "R003", Span: t.Pos(),
		Message: what + " is not in this transcript", Hint: hint})
	return ds
}

// rosRenderer renders messages in one language, view and glyph set.
type rosRenderer struct {
	zh   bool
	g    *rosGlyphs
	keep map[string]bool // slots the view keeps; nil keeps all
	// foreign holds the marks of other messages on each block (foreignMarks).
	foreign map[*ir.Block][]foreignMark
}

func newRosRenderer(opt Options) *rosRenderer {
	r := &rosRenderer{zh: opt.Lang == "zh", g: &rosUnicode}
	if opt.ASCII {
		r.g = &rosASCII
	}
	// An unknown view shows everything, as the reference does; the CLI rejects it.
	if slots, ok := rosViews[opt.View]; ok {
		r.keep = map[string]bool{}
		for _, s := range slots {
			r.keep[s] = true
		}
	}
	return r
}

// message renders one message as lines without their '\n'.
func (r *rosRenderer) message(m *ir.Message) []string {
	var out rosLines
	code := rosFailCode(m)
	out.add(r.header(m))
	out.add(r.g.rule)
	if code != "" {
		out.add(r.failure(code))
	}
	showMarks := r.keep == nil || r.keep["mark"]
	drawn := r.marginMarks(m, showMarks)
	for _, s := range m.Slots {
		h := s.Head()
		if r.keep != nil && !r.keep[h.Key] {
			continue
		}
		label := h.Key
		if w, ok := rosSlotWords[h.Key]; ok {
			label = w.in(r.zh)
		}
		switch s := s.(type) {
		case *ir.BlockSlot:
			if s.Block != nil {
				r.block(&out, s.Block, drawn)
				continue
			}
		case *ir.MarkSlot:
			r.looseMarks(&out, label, s, drawn)
			continue
		case *ir.BindingSlot:
			if len(s.Bindings) > 0 {
				out.add(label)
				for _, b := range s.Bindings {
					out.add("  " + r.g.bullet + " " + b.Key + ": " + r.bindingValue(b) + r.conf(b.Conf))
				}
				continue
			}
			r.plain(&out, label, s.Text, s.Conf)
			continue
		case *ir.ListSlot:
			if len(s.Items) == 0 && (s.Bracketed || strings.TrimSpace(h.Raw) == "") {
				out.add(label + "  " + rosWordDeclaredNone.in(r.zh))
				r.listProse(&out, s)
				continue
			}
			if len(s.Items) > 0 {
				items := make([]string, len(s.Items))
				for i, it := range s.Items {
					items[i] = r.prose(it.Text)
				}
				out.add(label + "  " + strings.Join(items, r.listSep()))
				r.listProse(&out, s)
				continue
			}
		case *ir.RefSlot:
			if len(h.Refs) > 0 && onlyRefs(h.Raw) {
				refs := make([]string, len(h.Refs))
				for i, ref := range h.Refs {
					refs[i] = r.refWords(ref.Text)
				}
				out.add(label + "  " + strings.Join(refs, r.listSep()))
				continue
			}
		case *ir.ShapeSlot:
			if body, ok := r.shape(&s.Shape); ok {
				out.add(label + "  " + body)
				continue
			}
		case *ir.PlainSlot:
			text := s.Text
			if h.Key == "why" && code != "" {
				text = dropFirstWord(strings.TrimSpace(text), code)
			}
			r.plain(&out, label, text, s.Conf)
			continue
		}
		r.plain(&out, label, h.Raw, nil)
	}
	return out.finish()
}

// listProse renders the prose after a list's closing bracket, indented under
// the list, as written.
func (r *rosRenderer) listProse(out *rosLines, s *ir.ListSlot) {
	if s.Prose == "" {
		return
	}
	for _, l := range strings.Split(r.prose(s.Prose), "\n") {
		out.add("    " + l)
	}
}

// rosLines collects rendered lines.
type rosLines struct {
	lines []string
	safe  map[int]bool // lines already made safe (content lines keep their tabs)
}

func (l *rosLines) add(s string) { l.lines = append(l.lines, s) }

// addSafe adds a line whose agent text is already escaped (contentSafe).
func (l *rosLines) addSafe(s string) {
	if l.safe == nil {
		l.safe = map[int]bool{}
	}
	l.safe[len(l.lines)] = true
	l.lines = append(l.lines, s)
}

// finish makes every line safe for a terminal and strips the spaces the
// layout leaves when a part is empty (an empty value, a whole-block mark).
// Content that really ends in whitespace was escaped before it got here.
func (l *rosLines) finish() []string {
	for i, s := range l.lines {
		if !l.safe[i] {
			l.lines[i] = termSafeTail(strings.TrimRight(termSafe(s), " "))
		}
	}
	return l.lines
}

func (r *rosRenderer) listSep() string {
	if r.zh {
		return "；"
	}
	return "; "
}

// header renders the first line: route, act, topic, re, relay source, tags.
func (r *rosRenderer) header(m *ir.Message) string {
	h := m.Header
	if h == nil {
		h = &ir.Header{Sender: "?", Act: "note", Targets: []ir.Target{{Kind: ir.TargetBroadcast, Text: "*"}}}
	}
	act := h.Act
	if w, ok := rosActWords[act]; ok {
		act = w.in(r.zh)
	}
	to := make([]string, len(h.Targets))
	for i, t := range h.Targets {
		to[i] = r.target(t.Text)
	}
	route := strings.Join(to, ", ")
	if route == "" {
		route = rosWordNoRecipients.in(r.zh)
	}
	dot := " " + r.g.dot + " "
	var b strings.Builder
	b.WriteString(h.Sender + " " + r.g.arrow + " " + route + dot + act)
	if h.Topic != "" {
		b.WriteString(dot + "#" + h.Topic)
	}
	last := map[string]int{} // key -> index of its last field: the one in force
	for i, f := range h.Fields {
		last[f.Key] = i
	}
	used := map[int]bool{}
	if i, ok := last["re"]; ok {
		used[i] = true
		b.WriteString(r.dotted(rosWordRe) + h.Fields[i].Value)
	}
	if i, ok := last["src"]; ok {
		used[i] = true
		b.WriteString(r.dotted(rosWordRelaying) + strings.TrimLeft(h.Fields[i].Value, "@"))
	}
	var tags []string
	tag := func(key string, word func(v string) (string, bool)) {
		if i, ok := last[key]; ok {
			if w, ok := word(h.Fields[i].Value); ok {
				used[i] = true
				tags = append(tags, w)
			}
		}
	}
	tag("pri", func(v string) (string, bool) { w, ok := rosPriWords[v]; return w.in(r.zh), ok })
	tag("sens", func(v string) (string, bool) { w, ok := rosSensWords[v]; return w.in(r.zh), ok })
	tag("at", func(v string) (string, bool) {
		t, ok := rostime.Parse(v, m.Epoch)
		return rosWordAsOf.in(r.zh) + rostime.ISOZ(t), ok
	})
	tag("ttl", func(v string) (string, bool) { return rosWordValidFor.in(r.zh) + v, rostime.IsDuration(v) })
	tag("thd", func(v string) (string, bool) { return "thd=" + v, v != "" })
	// Whatever has no word (x_ extensions, unknown pri or sens, an at= that does
	// not resolve, a repeated key) is shown as written: the reference drops it.
	for i, f := range h.Fields {
		if !used[i] {
			tags = append(tags, f.Key+"="+f.Value)
		}
	}
	if len(tags) > 0 {
		b.WriteString("  [" + strings.Join(tags, dot) + "]")
	}
	return b.String()
}

// dotted turns a " · re " phrase into the glyph set in use.
func (r *rosRenderer) dotted(w rosWord) string {
	s := w.in(r.zh)
	if r.g.dot != "·" {
		s = strings.Replace(s, "·", r.g.dot, 1)
	}
	return s
}

func (r *rosRenderer) target(t string) string {
	switch {
	case t == "*":
		return rosWordEveryone.in(r.zh)
	case strings.HasPrefix(t, "#"):
		if r.zh {
			return t + " 订阅者"
		}
		return "subscribers of " + t
	case strings.HasPrefix(t, "@"):
		return r.refWords(t)
	}
	return t
}

// failure renders the failure line with what an orchestrator should do.
func (r *rosRenderer) failure(code string) string {
	word, known := rosFailWords[code]
	shown := code
	var bits []string
	if known {
		shown = word.in(r.zh)
		if shown != code {
			bits = append(bits, code)
		}
	}
	switch {
	case rosRetryable[code]:
		bits = append(bits, rosWordRetryable.in(r.zh))
	case rosMustEscalate[code]:
		bits = append(bits, rosWordEscalate.in(r.zh))
	case !known:
		// E016b: an unknown code is treated conservatively, not retried, escalated.
		bits = append(bits, rosWordUnknownCode.in(r.zh), rosWordEscalate.in(r.zh))
	}
	line := rosWordFailure.in(r.zh) + shown
	if len(bits) > 0 {
		if r.zh {
			line += "（" + strings.Join(bits, "，") + "）"
		} else {
			line += " (" + strings.Join(bits, ", ") + ")"
		}
	}
	return line
}

// rosFailCode is the failure code of a fail or reject: the first word of its
// first why, without a trailing ':' or ',', lowercased, when it has the shape
// of a code ([a-z][a-z_]{2,}); "" otherwise.
func rosFailCode(m *ir.Message) string {
	if m.Header == nil || m.Header.Act != "fail" && m.Header.Act != "reject" {
		return ""
	}
	for _, s := range m.Slots {
		if s.Head().Key != "why" {
			continue
		}
		text := s.Head().Raw
		if p, ok := s.(*ir.PlainSlot); ok {
			text = p.Text
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			return ""
		}
		w := strings.ToLower(strings.TrimRight(f[0], ":,"))
		if len(w) < 3 || w[0] < 'a' || w[0] > 'z' {
			return ""
		}
		for i := 1; i < len(w); i++ {
			if (w[i] < 'a' || w[i] > 'z') && w[i] != '_' {
				return ""
			}
		}
		return w
	}
	return ""
}

// dropFirstWord removes the failure code from the front of a why: the failure
// line already says it. Unlike the reference, a code alone on the first line
// keeps the lines after it.
func dropFirstWord(text, code string) string {
	end := strings.IndexAny(text, " \t\n")
	first := text
	if end >= 0 {
		first = text[:end]
	}
	if first != code {
		return text
	}
	if end < 0 {
		return ""
	}
	return strings.TrimLeft(text[end:], " \t\n")
}

// plain renders free text under its label; later lines are indented, and the
// confidence goes on the last line, where it was written.
func (r *rosRenderer) plain(out *rosLines, label, text string, c *ir.Conf) {
	lines := strings.Split(r.prose(strings.TrimSpace(text)), "\n")
	lines[len(lines)-1] += r.conf(c)
	out.add(label + "  " + lines[0])
	for _, l := range lines[1:] {
		out.add("    " + l)
	}
}

func (r *rosRenderer) bindingValue(b *ir.Binding) string {
	val := r.prose(b.Value)
	if b.Neg {
		val = rosWordNot.in(r.zh) + val
	}
	if rest, ok := strings.CutPrefix(val, "!"); ok {
		val = rosWordCommits.in(r.zh) + strings.TrimSpace(rest)
	}
	return val
}

// conf renders a confidence in words, or a percentage for a number.
func (r *rosRenderer) conf(c *ir.Conf) string {
	if c == nil {
		return ""
	}
	var w string
	if cw, ok := rosConfWords[c.Kind]; ok {
		w = cw.in(r.zh)
	} else if v, err := strconv.ParseFloat(c.Kind, 64); err == nil {
		pct := strconv.FormatFloat(v*100, 'f', 0, 64) + "%"
		if r.zh {
			w = "置信 " + pct
		} else {
			w = "confidence " + pct
		}
	} else {
		w = c.Kind // never dropped
	}
	if r.zh {
		return "（" + w + "）"
	}
	return " (" + w + ")"
}

// shape renders a want contract: every name, whether it is optional, and its
// type (the reference shows neither bare slot names nor types).
func (r *rosRenderer) shape(sh *ir.Shape) (string, bool) {
	if len(sh.Acts) > 0 {
		acts := make([]string, len(sh.Acts))
		for i, a := range sh.Acts {
			acts[i] = a
			if w, ok := rosActWords[a]; ok {
				acts[i] = w.in(r.zh)
			}
		}
		return rosWordReplyWith.in(r.zh) + strings.Join(acts, rosWordOr.in(r.zh)) + rosWordReplyWithEnd.in(r.zh), true
	}
	if !sh.Braced {
		return "", false
	}
	var req, opt []string
	for _, f := range sh.Fields {
		name := f.Name
		if f.Type != "" {
			if r.zh {
				name += "（" + f.Type + "）"
			} else {
				name += " (" + f.Type + ")"
			}
		}
		if f.Optional {
			opt = append(opt, name)
		} else {
			req = append(req, name)
		}
	}
	sep := ", "
	if r.zh {
		sep = "、"
	}
	var parts []string
	if len(req) > 0 {
		parts = append(parts, rosWordContain.in(r.zh)+strings.Join(req, sep))
	}
	if len(opt) > 0 {
		parts = append(parts, rosWordOptional.in(r.zh)+strings.Join(opt, sep))
	}
	if len(parts) == 0 {
		return rosWordAnyReply.in(r.zh), true
	}
	return strings.Join(parts, r.listSep()), true
}

// onlyRefs reports whether raw holds nothing but references, spaces and
// commas; otherwise a ctx renders as text so that nothing in it is lost.
func onlyRefs(raw string) bool {
	for i := 0; i < len(raw); {
		if n, ok := isRefStart(raw, i); ok {
			i += n
			continue
		}
		c, n := utf8.DecodeRuneInString(raw[i:])
		if c != ' ' && c != '\t' && c != '\n' && c != ',' && c != '，' {
			return false
		}
		i += n
	}
	return true
}
