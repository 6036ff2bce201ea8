package lsp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/ir"
)

// itemKind says what a span of a Rosetta document is.
type itemKind int

const (
	itemID       itemKind = iota // a header's message id
	itemAct                      // a header's act
	itemAgent                    // a sender or a target
	itemTopic                    // a header's #topic
	itemField                    // a header field key=value
	itemSlotKey                  // a slot's key
	itemBindKey                  // a binding's key
	itemRef                      // an @reference in a slot
	itemMark                     // a mark's address
	itemConf                     // a ~confidence
	itemFailCode                 // the failure code a fail's or reject's why starts with
	itemContent                  // a content line (| ...)
	itemProse                    // text outside any message
)

// item is one span of a Rosetta document that the server can say something
// about: hovers, definitions, references and semantic tokens all read the
// same list, so they agree on what a span is.
type item struct {
	kind       itemKind
	start, end int
	msg        *ir.Message
	field      *ir.Field
	ref        *ir.Ref
	mark       *ir.Mark
	conf       *ir.Conf
	text       string // the failure code, the block name of a content line
}

// rosettaItems lists every item of m, in no particular order.
func rosettaItems(m *ir.Message, src []byte) []item {
	var out []item
	add := func(k itemKind, sp diag.Span, f func(*item)) {
		if !sp.IsValid() || sp.Len() == 0 {
			return
		}
		it := item{kind: k, msg: m}
		it.start, it.end = sp.Offsets()
		if f != nil {
			f(&it)
		}
		out = append(out, it)
	}
	conf := func(c *ir.Conf) {
		if c != nil {
			add(itemConf, c.Span, func(it *item) { it.conf = c })
		}
	}
	if h := m.Header; h != nil && !m.Degraded {
		add(itemID, h.ID.Span, nil)
		add(itemAct, h.ActSpan, nil)
		add(itemAgent, h.SenderSpan, nil)
		for _, t := range h.Targets {
			if t.Kind == ir.TargetTopic {
				add(itemTopic, t.Span, nil)
			} else {
				add(itemAgent, t.Span, nil)
			}
		}
		add(itemTopic, h.TopicSpan, nil)
		for i := range h.Fields {
			f := &h.Fields[i]
			add(itemField, f.Span, func(it *item) { it.field = f })
		}
	}
	for _, s := range m.Slots {
		head := s.Head()
		add(itemSlotKey, head.KeySpan, nil)
		var marks []*ir.Mark
		if ms, ok := s.(*ir.MarkSlot); ok {
			marks = ms.Marks
		}
		for i := range head.Refs {
			r := &head.Refs[i]
			inMark := false // a mark's address is a mark item, which knows its resolution
			for _, mk := range marks {
				inMark = inMark || mk.Addr.Span.IsValid() && r.Span.StartOffset() >= mk.Addr.Span.StartOffset() && r.Span.EndOffset() <= mk.Addr.Span.EndOffset()
			}
			if !inMark {
				add(itemRef, r.Span, func(it *item) { it.ref = r })
			}
		}
		switch s := s.(type) {
		case *ir.PlainSlot:
			conf(s.Conf)
			if s.Key == "why" && m.Header != nil && (m.Header.Act == "fail" || m.Header.Act == "reject") {
				if a, b, code := failCode(src, head.KeySpan); code != "" {
					out = append(out, item{kind: itemFailCode, start: a, end: b, msg: m, text: code})
				}
			}
		case *ir.BindingSlot:
			conf(s.Conf)
			for _, b := range s.Bindings {
				add(itemBindKey, b.KeySpan, nil)
				conf(b.Conf)
			}
		case *ir.ListSlot:
			conf(s.Conf)
		case *ir.BlockSlot:
			if s.Block != nil {
				for _, l := range s.Block.Lines {
					add(itemContent, l.Span, func(it *item) { it.text = s.Block.Name })
				}
			}
		case *ir.MarkSlot:
			for _, mk := range s.Marks {
				add(itemMark, mk.Addr.Span, func(it *item) { it.mark = mk })
				conf(mk.Conf)
			}
		}
	}
	return out
}

// failCode finds the word after a why slot's key: the failure code.
func failCode(src []byte, key diag.Span) (start, end int, code string) {
	if !key.IsValid() {
		return 0, 0, ""
	}
	i := key.EndOffset()
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == ':') {
		i++
	}
	j := i
	for j < len(src) && src[j] >= 'a' && src[j] <= 'z' {
		j++
	}
	return i, j, string(src[i:j])
}

// rosettaDoc is what the server reads of a checked Rosetta document.
type rosettaDoc struct {
	t    *ir.Transcript
	sess *compiler.Session
	src  []byte
}

func (d *document) rosetta() *rosettaDoc {
	t, ok := d.res.Doc.(*ir.Transcript)
	if !ok || d.edited == nil {
		return nil
	}
	return &rosettaDoc{t: t, sess: d.edited.Session(), src: d.text}
}

// messageAt is the message whose span holds off, or nil.
func (r *rosettaDoc) messageAt(off int) *ir.Message {
	ms := r.t.Messages
	i := sort.Search(len(ms), func(i int) bool { return ms[i].Span.StartOffset() > off }) - 1
	if i < 0 || off > ms[i].Span.EndOffset() {
		return nil
	}
	return ms[i]
}

// itemAt is the smallest item holding off, or nil.
func (r *rosettaDoc) itemAt(off int) *item {
	m := r.messageAt(off)
	if m == nil {
		return nil
	}
	var best *item
	items := rosettaItems(m, r.src)
	for i := range items {
		it := &items[i]
		if it.start <= off && off <= it.end && (best == nil || it.end-it.start < best.end-best.start) {
			best = it
		}
	}
	return best
}

// byID is the first message with this id, or nil.
func (r *rosettaDoc) byID(id string) *ir.Message {
	for _, m := range r.t.Messages {
		if m.Header != nil && !m.Degraded && m.Header.ID.Text == id {
			return m
		}
	}
	return nil
}

// refTarget is the message id an @reference or an address names, or "".
func refTarget(text string) string {
	s := strings.TrimPrefix(text, "@")
	if i := strings.IndexAny(s, ":"); i >= 0 && !strings.Contains(s[:i], ".") {
		return "" // a scheme: @commit:9f2a
	}
	// @a1.7, @a1.7.tgt#L3, @obs7.body: the id is what a message id can be.
	if i := strings.IndexAny(s, "#|@"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	switch {
	case len(parts) >= 2 && isDigits(parts[1]):
		return parts[0] + "." + parts[1]
	case len(parts) >= 1 && compactID(parts[0]):
		return parts[0]
	}
	return ""
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// compactID reports whether s is letters then digits (obs7).
func compactID(s string) bool {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	return i > 0 && isDigits(s[i:])
}

// hover is the hover text of the item at off.
func (r *rosettaDoc) hover(off int, lang string) (string, *item) {
	it := r.itemAt(off)
	if it == nil {
		return "", nil
	}
	switch it.kind {
	case itemID, itemAct, itemAgent, itemTopic:
		out, _ := text.Render(&ir.Transcript{Messages: []*ir.Message{it.msg}}, text.Options{Lang: lang})
		return "```text\n" + strings.TrimRight(string(out), "\n") + "\n```", it
	case itemField:
		f := it.field
		if f.Key == "re" || f.Key == "src" {
			if m := r.byID(f.Value); m != nil {
				return fmt.Sprintf("`%s=%s`: %s", f.Key, f.Value, headerLine(m, r.src)), it
			}
			return fmt.Sprintf("`%s=%s`: no message %s in this transcript", f.Key, f.Value, f.Value), it
		}
		return fmt.Sprintf("header field `%s` = `%s`", f.Key, f.Value), it
	case itemRef:
		return r.resolveText(it.ref.Text), it
	case itemMark:
		mk := it.mark
		if res := mk.Resolution; res != nil {
			return resolutionText(mk.Addr.Text, res.Status, res.Conf, res.Text, res.Line, res.Detail), it
		}
		return r.resolveText(mk.Addr.Text), it
	case itemConf:
		return confText(it.conf.Kind), it
	case itemFailCode:
		return failCodeText(it.text), it
	case itemSlotKey:
		return fmt.Sprintf("slot `%s`", strings.TrimSpace(string(r.src[it.start:it.end]))), it
	}
	return "", it
}

// headerLine is a message's header line as written, and where it is.
func headerLine(m *ir.Message, src []byte) string {
	a, b := m.Header.Span.Offsets()
	return fmt.Sprintf("`%s` (line %d)", strings.TrimSpace(string(src[a:b])), m.Header.Span.Start().Line)
}

// resolveText resolves an address through the session: its text, status
// and confidence.
func (r *rosettaDoc) resolveText(addr string) string {
	if id := refTarget(addr); id != "" && !strings.ContainsAny(strings.TrimPrefix(addr, "@"+id), ".#") {
		if m := r.byID(id); m != nil {
			return fmt.Sprintf("`%s`: %s", addr, headerLine(m, r.src))
		}
	}
	if refTarget(addr) == "" && strings.Contains(addr, ":") {
		scheme, rest, _ := strings.Cut(strings.TrimPrefix(addr, "@"), ":")
		return fmt.Sprintf("`%s`: a %s reference (`%s`), outside the transcript", addr, scheme, rest)
	}
	if r.sess == nil {
		return ""
	}
	res := r.sess.Resolve(addr)
	return resolutionText(addr, res.Status, res.Conf.String(), res.Text, 0, "")
}

// resolutionText says what an address resolved to, with status and confidence.
func resolutionText(addr string, status ir.ResolutionStatus, conf, txt string, line int, detail string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "`%s` → **%s**", addr, status)
	if line > 0 {
		fmt.Fprintf(&b, " at L%d", line)
	}
	if conf != "" {
		fmt.Fprintf(&b, ", ~%s", conf)
	}
	if detail != "" {
		fmt.Fprintf(&b, " (%s)", detail)
	}
	if txt != "" {
		b.WriteString("\n\n```text\n" + txt + "\n```")
	}
	return b.String()
}

// confText is what a confidence literal means (spec §10).
func confText(kind string) string {
	switch kind {
	case "hi":
		return "`~hi`: high confidence: the sender would act on it without checking"
	case "mid":
		return "`~mid`: medium confidence: probably right, worth a check before acting"
	case "lo":
		return "`~lo`: low confidence: a guess; do not act on it alone"
	case "?":
		return "`~?`: confidence not assessed"
	}
	return fmt.Sprintf("`~%s`: a numeric confidence (a probability in [0, 1]; hi, mid and lo are the grades)", kind)
}

// failCodeText is what a failure code means for the obligation it fails.
func failCodeText(code string) string {
	known := false
	for _, c := range compiler.Vocabulary().FailCodes {
		known = known || c == code
	}
	switch {
	case !known:
		return fmt.Sprintf("`%s` is not a failure code (E006/E016): start why with one of %s", code, strings.Join(compiler.Vocabulary().FailCodes, ", "))
	case compiler.FailCodeEscalates(code):
		return fmt.Sprintf("failure code `%s`: must be escalated to a person (E017)", code)
	case compiler.FailCodeRetryable(code):
		return fmt.Sprintf("failure code `%s`: retryable (idempotent by msg-id)", code)
	}
	return fmt.Sprintf("failure code `%s`: not retryable as is", code)
}

// definition is the span an item names: a re= or src= parent's header, the
// line or block an address resolves to, the message a reference names.
func (r *rosettaDoc) definition(off int) (start, end int, ok bool) {
	it := r.itemAt(off)
	if it == nil {
		return 0, 0, false
	}
	idSpan := func(m *ir.Message) (int, int, bool) {
		a, b := m.Header.ID.Span.Offsets()
		return a, b, true
	}
	switch it.kind {
	case itemField:
		if m := r.byID(it.field.Value); m != nil && (it.field.Key == "re" || it.field.Key == "src") {
			return idSpan(m)
		}
	case itemRef, itemMark:
		addr, local := "", it.msg
		var res *ir.Resolution
		if it.ref != nil {
			addr = it.ref.Text
		} else {
			addr, res = it.mark.Addr.Text, it.mark.Resolution
			if it.mark.Addr.Msg != "" {
				local = nil
			}
		}
		target := local
		if id := refTarget(addr); id != "" {
			target = r.byID(id)
		}
		if target == nil {
			return 0, 0, false
		}
		block := blockName(addr)
		if blk := findBlock(target, block); blk != nil {
			line := lineSelector(addr)
			if res != nil {
				line = res.Line
			}
			if line > 0 && line <= len(blk.Lines) {
				a, b := blk.Lines[line-1].Span.Offsets()
				return a, b, true
			}
			a, _ := blk.Span.Offsets()
			return a, a, true
		}
		return idSpan(target)
	}
	return 0, 0, false
}

// lineSelector is n of an address's first #Ln selector, or 0.
func lineSelector(addr string) int {
	_, sel, ok := strings.Cut(addr, "#")
	if !ok || !strings.HasPrefix(sel, "L") {
		return 0
	}
	n := 0
	for _, c := range sel[1:] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// blockName is the block an address names (tgt in @a1.7.tgt#L3 or tgt#L3),
// or "".
func blockName(addr string) string {
	s := strings.TrimPrefix(addr, "@")
	if i := strings.IndexAny(s, "#|"); i >= 0 {
		s = s[:i]
	}
	if id := refTarget(addr); id != "" {
		s = strings.TrimPrefix(strings.TrimPrefix(s, id), ".")
	}
	s = strings.TrimSuffix(s, "@orig")
	return s
}

func findBlock(m *ir.Message, name string) *ir.Block {
	if name == "" {
		return nil
	}
	for _, s := range m.Slots {
		if b, ok := s.(*ir.BlockSlot); ok && b.Block != nil && b.Block.Name == name {
			return b.Block
		}
	}
	return nil
}

// references are the spans that name the message at off: replies' re= and
// src= fields, references and mark addresses naming its id, and, with decl,
// its own id.
func (r *rosettaDoc) references(off int, decl bool) [][2]int {
	it := r.itemAt(off)
	m := r.messageAt(off)
	if it != nil {
		switch it.kind {
		case itemField:
			m = r.byID(it.field.Value)
		case itemRef:
			m = r.byID(refTarget(it.ref.Text))
		case itemMark:
			if it.mark.Addr.Msg != "" {
				m = r.byID(it.mark.Addr.Msg)
			}
		}
	}
	if m == nil || m.Header == nil || m.Degraded {
		return nil
	}
	id := m.Header.ID.Text
	var out [][2]int
	if decl {
		a, b := m.Header.ID.Span.Offsets()
		out = append(out, [2]int{a, b})
	}
	for _, o := range r.t.Messages {
		for _, it := range rosettaItems(o, r.src) {
			hit := false
			switch it.kind {
			case itemField:
				hit = (it.field.Key == "re" || it.field.Key == "src") && it.field.Value == id
			case itemRef:
				hit = refTarget(it.ref.Text) == id
			case itemMark:
				hit = it.mark.Addr.Msg == id
			}
			if hit {
				out = append(out, [2]int{it.start, it.end})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	// A reference can be both a slot's @ref and a mark's address.
	uniq := out[:0]
	for _, s := range out {
		if len(uniq) == 0 || uniq[len(uniq)-1] != s {
			uniq = append(uniq, s)
		}
	}
	return uniq
}
