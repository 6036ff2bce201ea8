package rosetta

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"golang.org/x/text/unicode/norm"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/chatter"
	"github.com/rosettac/rosettac/ir"
)

// Parse reads one AgentRosetta document into a transcript. It never fails: every
// repair is a diagnostic, and text that belongs to no message is kept as prose
// (or, when the input has no header at all, wrapped as one degraded note).
// Session inheritance (2.1-c) is not applied here; see compiler.
func Parse(src *diag.Source) (*ir.Transcript, diag.List) {
	return ParseEach(src, nil)
}

// ParseEach is Parse that hands each message to each as soon as it ends,
// instead of keeping it in the transcript (which then holds only prose). A
// checker folds messages into a session this way without the whole
// transcript's IR ever being live at once. With a nil each it is Parse.
func ParseEach(src *diag.Source, each func(*ir.Message)) (*ir.Transcript, diag.List) {
	return parseEach(src, Items{Message: each})
}

// parseEach is ParseEach handing prose runs to it.Prose too (ParseItems on
// one core).
func parseEach(src *diag.Source, it Items) (*ir.Transcript, diag.List) {
	p := &parser{src: src, text: src.Content(), each: it.Message, eachProse: it.Prose}
	p.run()
	return p.t, p.diags
}

// ParseGrammar is Parse with the fast path off (fastpath.go): every
// structured line is read by its participle grammar. It is the definition the
// fast path is held to: Parse and ParseGrammar give the same transcript and
// diagnostics for every input (FuzzRosettaFastPath).
func ParseGrammar(src *diag.Source) (*ir.Transcript, diag.List) {
	p := &parser{src: src, text: src.Content()}
	p.grammarOnly()
	p.run()
	return p.t, p.diags
}

// grammarOnly turns the fast path off in every lexer of p.
func (p *parser) grammarOnly() {
	for _, l := range []*lineLexer{&p.lex, &p.hlex, &p.tlex, &p.rlex} {
		l.grammarOnly = true
	}
}

// fastCounts returns the lines the fast path read and those it declined.
func (p *parser) fastCounts() (taken, declined int) {
	for _, l := range []*lineLexer{&p.lex, &p.hlex, &p.tlex, &p.rlex} {
		taken += l.fastTaken
		declined += l.fastDeclined
	}
	return taken, declined
}

// ParseEachFrom is ParseEach of the messages and prose from byte offset from
// of src on, which must be the start of a line that a whole parse of src read
// as a header: an editor that keeps the messages before an edit parses only
// the rest. A message's parse depends on nothing before its header line, so
// the messages and diagnostics are those the whole parse gives from there on.
func ParseEachFrom(src *diag.Source, from int, each func(*ir.Message)) (*ir.Transcript, diag.List) {
	p := &parser{src: src, text: src.Content(), each: each}
	p.t = &ir.Transcript{Span: p.src.Span(0, p.src.Len())}
	p.lines(max(from, diag.BOMLen(p.text)), len(p.text))
	p.endMessage()
	p.endProse()
	p.releasePeekers()
	return p.t, p.diags
}

// Rereader parses single messages of one source again, for a session that
// dropped their IR (compiler's transcript check). It reuses one parser, and so
// its node slabs, across calls: a fresh parser per message would allocate a
// chunk of every kind of node each time.
type Rereader struct{ p *parser }

// NewRereader returns a Rereader of src.
func NewRereader(src *diag.Source) *Rereader {
	return &Rereader{p: &parser{src: src, text: src.Content(), t: &ir.Transcript{}}}
}

// Message parses again the message whose span is sp (a span Parse gave a
// message of this source). The message is read exactly as in the whole
// transcript, since a message's parse depends on nothing before its header
// line (FuzzRosettaParse checks it). It returns nil when sp holds no message.
func (r *Rereader) Message(sp diag.Span) *ir.Message {
	p := r.p
	p.t.Messages, p.diags = p.t.Messages[:0], p.diags[:0]
	start, end := sp.Offsets()
	// A header read by recovery after a lead (`**`, `- `) has a span that
	// starts after it; the whole parse read the line from its start, and
	// whether the line's end is decoration depends on the lead (recover.go).
	ls := strings.LastIndexByte(p.text[:start], '\n') + 1
	if ls == 0 {
		ls = min(diag.BOMLen(p.text), start)
	}
	// The lead may itself be indented (` **a0 ask`, or after any white
	// space the line's own reading skips, \v and \f included): the whole
	// parse read the line from its start all the same.
	if lead := p.text[ls:start]; ls < start && isHeaderLead(lead[skipWS(lead, 0):]) {
		start = ls
	}
	p.lines(start, min(end, len(p.text)))
	p.endMessage()
	if len(p.t.Messages) == 0 {
		return nil
	}
	return p.t.Messages[0]
}

// ParseMessage is NewRereader(src).Message(sp).
func ParseMessage(src *diag.Source, sp diag.Span) *ir.Message {
	return NewRereader(src).Message(sp)
}

// lineRef locates one source line.
type lineRef struct {
	start int // byte offset of the line's first byte
	end   int // byte offset of the end of its text (before "\r\n" or "\n")
}

// seg is the text of (part of) one coordination line as the grammars see it:
// NFC-normalised (spec c.1), with a map back to source offsets.
type seg struct {
	text    string
	src     int // source offset of text[0]
	line    lineRef
	changed bool // NFC changed the bytes; offsets inside are approximate (clamped to the line)
	// offs, when set, is the source offset of each byte of text and of its
	// end: text is a header line rewritten by recovery (recover.go).
	offs []int
}

func (s seg) off(i int) int {
	if s.offs != nil {
		return s.offs[min(max(i, 0), len(s.offs)-1)]
	}
	o := s.src + i
	if s.changed && o > s.line.end {
		o = s.line.end
	}
	return o
}

type parser struct {
	each func(*ir.Message) // ParseEach's callback, or nil to keep messages in t
	// eachProse (ParseItems) gets the prose runs of t in order, each before
	// the first message after it; proseOut counts those handed out. They are
	// handed out when a message follows, or at the end, never as they end:
	// input with no header drops its prose for one degraded message.
	eachProse func(*ir.Prose)
	proseOut  int
	src       *diag.Source
	text      string
	t         *ir.Transcript
	diags     diag.List
	lex       lineLexer // slot lines and values
	hlex      lineLexer // header lines (kept apart: ending a message lowers its last slot)
	tlex      lineLexer // route targets, re-read from the header's route token
	rlex      lineLexer // header parts tried by recovery (recover.go)

	cur      *msgState
	msgBuf   msgState  // cur points here while a message is open
	slotBuf  slotState // reused for every slot (its slices keep their capacity)
	slotsBuf []ir.Slot // the current message's slots, copied out at its end
	nodes    nodes     // slabs for the IR's nodes and slices
	// scratch slices, copied into the slabs once complete
	tgtBuf    []ir.Target
	fieldBuf  []ir.Field
	refBuf    []ir.Ref
	itemBuf   []ir.ListItem
	sfBuf     []ir.ShapeField
	actBuf    []string
	attrBuf   []ir.Attr
	sawBlank  bool // a blank line since the last line of the current message
	proseOn   bool // in a run of prose
	prose     struct{ start, end int }
	lastLine  lineRef
	anyHeader bool
}

// msgState is the message being read.
type msgState struct {
	m        *ir.Message
	isDef    bool
	slot     *slotState
	last     int     // source offset of the end of the message's last line
	lastLine lineRef // and that line
}

// slotState is the slot being read.
type slotState struct {
	key     string
	keySpan diag.Span
	start   int
	end     int // source offset of the end of the slot's last line
	endLine lineRef
	rawLen  int      // length of the raw text built from segs
	segs    []rawSeg // the raw text's lines, joined by '\n' at endSlot
	lines   []ir.BlockLine

	// binding and mark slots
	ops      []int // raw offsets of the marks' operators: a reference stops there
	binds    []*ir.Binding
	marks    []*ir.Mark
	indent   int  // bytes of white space before the slot key on its line
	noteOpen bool // the last mark ended its line with its operator: its note follows
	loose    bool // lines before the first entry
	verbatim bool

	// txt slots
	block      *ir.Block
	fmtTok     string // the head's @fmt[/lang] as written: a format, not a reference
	inlineOpen bool   // an inline "... whose closing quote has not been seen
	inlineSeg  seg    // where that quote opened
	looseSeg   seg    // the first line before the first entry
	implicit   string
}

type rawSeg struct {
	at  int // offset in raw
	seg seg
}

// pos clamps off to line l (a slot's offsets can run past the text it was cut from).
func (p *parser) pos(l lineRef, off int) int {
	return min(max(off, l.start), len(p.text))
}

func (p *parser) span(l lineRef, a, b int) diag.Span {
	return p.src.Span(p.pos(l, a), p.pos(l, b))
}

func (p *parser) spanTo(l lineRef, a int, l2 lineRef, b int) diag.Span {
	return p.src.Span(p.pos(l, a), p.pos(l2, b))
}

func (p *parser) report(sev diag.Severity, code string, sp diag.Span, msg, hint string) {
	p.add(diag.Diagnostic{Severity: sev, Code: code, Span: sp, Message: msg, Hint: hint})
}

// add appends d, naming the message being read.
func (p *parser) add(d diag.Diagnostic) {
	if p.cur != nil && p.cur.m.Header != nil {
		d.MessageID = p.cur.m.Header.ID.Text
	}
	p.diags = append(p.diags, d)
}

// ---- the line loop -----------------------------------------------------

func (p *parser) run() {
	p.t = &ir.Transcript{Span: p.src.Span(0, p.src.Len())}
	p.lines(diag.BOMLen(p.text), len(p.text))
	p.endMessage()
	p.endProse()
	if !p.anyHeader {
		p.degrade()
	}
	p.handProse(-1)
	p.releasePeekers()
}

// handProse hands the prose runs not yet handed out that start before offset
// before (all of them when it is negative) to eachProse.
func (p *parser) handProse(before int) {
	if p.eachProse == nil {
		return
	}
	for ; p.proseOut < len(p.t.Prose); p.proseOut++ {
		pr := p.t.Prose[p.proseOut]
		if before >= 0 && pr.Span.StartOffset() >= before {
			return
		}
		p.eachProse(pr)
	}
}

// releasePeekers hands the line lexers' peekers back to the pool once a
// parse is over (participle reads them only during a line's parse call, and
// captures are strings of the source, so nothing refers to them after).
func (p *parser) releasePeekers() {
	for _, l := range []*lineLexer{&p.lex, &p.hlex, &p.tlex, &p.rlex} {
		l.releasePeek()
	}
}

// lines reads the lines that start in text[from:to].
func (p *parser) lines(from, to int) {
	for start := from; start < to; {
		end, next := diag.LineEnd(p.text, start)
		l := lineRef{start: start, end: end}
		p.line(l)
		p.lastLine = l
		start = next
	}
}

func (p *parser) line(l lineRef) {
	s := p.text[l.start:l.end]
	i := skipWS(s, 0)
	if i == len(s) { // blank
		p.sawBlank = true
		return
	}
	switch {
	case s[i] == '|':
		if p.cur == nil {
			p.proseLine(l)
			return
		}
		p.content(l, l.start+i)
		return
	case chatter.IsFence(s[i:]):
		if p.cur != nil {
			p.report(diag.Info, CodeFence, p.span(l, l.start+i, l.end),
				"markdown fence in the coordination plane ends the message; kept as prose",
				"fences are not Rosetta syntax: put code in a txt block, one `| ` line per line")
			p.endMessage()
		}
		p.proseLine(l)
		return
	}
	sg := p.coord(l, i)
	near := false
	if headerCandidate(sg.text) {
		if g := parseLine(&p.hlex, headerParser(), modeHeader, sg.text); g != nil {
			p.endMessage()
			p.endProse()
			p.header(g, sg, l)
			p.nearFields(sg)
			return
		}
		near = nearHeader(sg.text)
	}
	if p.recovered(l, sg) {
		return
	}
	if p.cur == nil {
		p.warnNearHeader(near, l, sg)
		p.proseLine(l)
		return
	}
	if p.sawBlank && i == 0 && !p.continues(sg.text) {
		// After a blank line, unindented text that is neither a slot line nor a
		// binding is prose between messages (spec §7: prose around the block).
		p.endMessage()
		p.warnNearHeader(near, l, sg)
		p.proseLine(l)
		return
	}
	p.sawBlank = false
	p.warnNearHeader(near, l, sg)
	p.body(l, sg)
}

// warnNearHeader reports a line that starts like a header and has a route or
// a field but does not parse as one (P015), once the line's place is known, so
// the warning names the message the line ends up in, if any. The reference
// takes any line that starts with an id and an act as a header; rosettac takes
// only a line that parses whole (rosetta.md), so without this a message whose
// header has one bad part would pass for prose with only an INFO.
func (p *parser) warnNearHeader(near bool, l lineRef, sg seg) {
	if !near {
		return
	}
	p.report(diag.Error, CodeNearHeader, p.span(l, sg.off(0), sg.off(len(sg.text))),
		"this line starts like a header but does not parse as one; it is read as text, not as a message",
		"a header is `id act [sender]>targets [#topic] [key=value ...]` with ASCII names and nothing else; fix the part that is not, or move the prose off the line")
}

// coord returns the coordination text of line l from offset i on, NFC-normalised.
func (p *parser) coord(l lineRef, i int) seg {
	s := p.text[l.start+i : l.end]
	sg := seg{text: s, src: l.start + i, line: l}
	for k := 0; k < len(s); k++ {
		if s[k] >= utf8.RuneSelf {
			if !norm.NFC.IsNormalString(s) {
				sg.text = norm.NFC.String(s)
				sg.changed = true
				p.report(diag.Info, CodeNormalised, p.span(l, l.start+i, l.end),
					"coordination line is not in Unicode NFC; read (and formatted) in NFC",
					"content that must keep its exact bytes belongs on `| ` lines")
			}
			break
		}
	}
	return sg
}

// continues reports whether unindented text after a blank line still belongs
// to the current message: a slot line, a binding, or a mark.
func (p *parser) continues(s string) bool {
	if _, _, _, _, ok := slotKey(s); ok {
		return true
	}
	if _, _, _, _, certain, ok := slotLabel(s); ok && certain {
		return true
	}
	_, rest := stripDecoration(s)
	return bindShape(rest) || (p.cur.slot != nil && p.cur.slot.key == "mark" && lexLine(&p.lex, modeMark, rest))
}

func (p *parser) proseLine(l lineRef) {
	if !p.proseOn {
		p.proseOn = true
		p.prose.start = l.start + skipWS(p.text[l.start:l.end], 0)
	}
	p.prose.end = l.end
	p.sawBlank = false
}

func (p *parser) endProse() {
	if !p.proseOn {
		return
	}
	p.proseOn = false
	a, b := p.prose.start, p.prose.end
	pr := &ir.Prose{Span: p.src.Span(a, b), Text: p.text[a:b]}
	p.t.Prose = append(p.t.Prose, pr)
	n := strings.Count(pr.Text, "\n") + 1
	msg := "text outside any message is kept as prose"
	if n > 1 {
		msg += " (" + itoa(n) + " lines)"
	}
	p.diags = append(p.diags, diag.Diagnostic{Severity: diag.Info, Code: CodeProse, Span: pr.Span, Message: msg,
		Hint: "only messages are coordination; fmt keeps this text verbatim"})
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// degrade wraps an input with no header at all as one note (P001).
func (p *parser) degrade() {
	p.t.Prose = nil
	kept := p.diags[:0]
	for _, d := range p.diags {
		if d.Code != CodeProse && d.Code != CodeFence {
			kept = append(kept, d)
		}
	}
	p.diags = kept
	// First and last non-blank lines.
	first, last := -1, -1
	var lines []lineRef
	text := p.text
	for start := diag.BOMLen(text); start < len(text); {
		end, next := diag.LineEnd(text, start)
		l := lineRef{start, end}
		if skipWS(text[start:end], 0) < end-start {
			if first < 0 {
				first = len(lines)
			}
			last = len(lines)
		}
		lines = append(lines, l)
		start = next
	}
	if first < 0 {
		return
	}
	lines = lines[first : last+1]
	sp := p.spanTo(lines[0], lines[0].start, lines[len(lines)-1], lines[len(lines)-1].end)
	blk := &ir.Block{Span: sp, Name: "body", Fmt: "txt"}
	for _, l := range lines {
		blk.Lines = append(blk.Lines, ir.BlockLine{Span: p.span(l, l.start, l.end), Text: text[l.start:l.end]})
	}
	slot := &ir.BlockSlot{SlotHead: ir.SlotHead{Span: sp, Key: "txt"}, Block: blk}
	m := &ir.Message{Span: sp, Degraded: true, Slots: []ir.Slot{slot},
		Header: &ir.Header{Act: "note", Sender: "?", Targets: []ir.Target{{Kind: ir.TargetBroadcast, Text: "*"}}}}
	p.emit(m)
	p.diags = append(p.diags, diag.Diagnostic{Severity: diag.Warning, Code: CodeNoHeader, Span: p.src.Span(lines[0].start, lines[0].end),
		Message: "no Rosetta header found; the text is wrapped as a note with one txt block",
		Hint:    "start a message with a header such as `a1.1 tell >a2`"})
}

// ---- messages ----------------------------------------------------------

func (p *parser) header(g *headerLine, sg seg, l lineRef) {
	p.anyHeader = true
	p.sawBlank = false
	idTok, actTok := p.hlex.toks[0], p.hlex.toks[1]
	h := p.nodes.headers.new()
	h.Span = p.span(l, sg.off(idTok.Pos.Offset), l.end)
	h.ID.Text = idTok.Value
	h.ID.Span = p.tokSpan(sg, idTok)
	h.Act = g.Act
	h.ActSpan = p.tokSpan(sg, actTok)
	m := p.nodes.msgs.new()
	m.Header = h
	p.msgBuf = msgState{m: m, isDef: h.Act == "def", last: l.end, lastLine: l}
	p.cur = &p.msgBuf
	if g.Route != "" {
		r := p.hlex.toks[2]
		h.RouteWritten = true
		if w := runOf(r.Value, 0, isIdent); w > 0 {
			h.Sender = r.Value[:w]
			h.SenderSpan = p.span(l, sg.off(r.Pos.Offset), sg.off(r.Pos.Offset+w))
			h.SenderWritten = true
		}
		gt := r.Pos.Offset + strings.IndexAny(r.Value, ">＞")
		p.tlex.toks = p.tlex.toks[:0]
		lexTargets(&p.tlex, sg.text, gt+p.tlex.marker(sg.text, gt, '>', fwGt))
		p.tgtBuf = p.tgtBuf[:0]
		for _, tk := range p.tlex.toks {
			tg := ir.Target{Span: p.tokSpan(sg, tk), Text: foldMarker(tk.Value)}
			switch tg.Text[0] {
			case '*':
				tg.Kind = ir.TargetBroadcast
			case '#':
				tg.Kind = ir.TargetTopic
			case '@':
				tg.Kind = ir.TargetRole
			default:
				tg.Kind = ir.TargetAgent
			}
			p.tgtBuf = append(p.tgtBuf, tg)
		}
		h.Targets = p.nodes.targets.copyOf(p.tgtBuf)
	}
	topics := 0
	p.fieldBuf = p.fieldBuf[:0]
	for _, it := range p.hlex.items {
		v := sg.text[it.start:it.end]
		sp := p.span(l, sg.off(it.start), sg.off(it.end))
		if v[0] == '#' || strings.HasPrefix(v, fwHash) {
			topics++
			if topics > 1 {
				p.report(diag.Warning, CodeDupTopic, sp,
					"a second #topic in one header; only the first ("+h.Topic+") is used",
					"a message has one topic: remove this one, or route to it as a target after '>'")
				continue
			}
			_, n := utf8.DecodeRuneInString(v)
			h.Topic = v[n:]
			h.TopicSpan = sp
			continue
		}
		w := runOf(v, 0, isIdent)
		e := skipWS(v, w)
		_, n := utf8.DecodeRuneInString(v[e:])
		p.fieldBuf = append(p.fieldBuf, ir.Field{Key: v[:w], Value: v[skipWS(v, e+n):], Span: sp})
	}
	h.Fields = p.nodes.fields.copyOf(p.fieldBuf)
	if p.hlex.fullwidth {
		p.report(diag.Info, CodeFullwidth, h.Span, "fullwidth punctuation read as header syntax",
			"write ASCII > = # @ , in headers")
	}
}

// foldMarker folds a leading fullwidth ＠ or ＃ to ASCII.
func foldMarker(s string) string {
	switch {
	case strings.HasPrefix(s, fwAt):
		return "@" + s[len(fwAt):]
	case strings.HasPrefix(s, fwHash):
		return "#" + s[len(fwHash):]
	}
	return s
}

func (p *parser) tokSpan(sg seg, t lexer.Token) diag.Span {
	return p.span(sg.line, sg.off(t.Pos.Offset), sg.off(t.Pos.Offset+len(t.Value)))
}

// newSlot resets the reusable slot state for a new slot.
func (p *parser) newSlot(key string, start int, l lineRef) *slotState {
	ss := &p.slotBuf
	*ss = slotState{key: key, start: start, end: l.end, endLine: l,
		segs: ss.segs[:0], lines: ss.lines[:0], binds: ss.binds[:0], marks: ss.marks[:0], ops: ss.ops[:0]}
	return ss
}

// newBinding and newMark allocate IR nodes from slabs (one allocation per
// 256 nodes instead of one per node).
func (p *parser) newBinding() *ir.Binding { return p.nodes.bindings.new() }

func (p *parser) newMark() *ir.Mark { return p.nodes.marks.new() }

// emit keeps a finished message in the transcript, or hands it to each.
func (p *parser) emit(m *ir.Message) {
	Lower(m)
	if p.each != nil {
		p.handProse(m.Span.StartOffset())
		p.each(m)
		return
	}
	p.t.Messages = append(p.t.Messages, m)
}

func (p *parser) endMessage() {
	c := p.cur
	if c == nil {
		return
	}
	p.endSlot()
	m := c.m
	m.Slots = p.nodes.slots.copyOf(p.slotsBuf)
	p.slotsBuf = p.slotsBuf[:0]
	m.Span = m.Header.Span.WithEnd(p.pos(c.lastLine, c.last))
	p.emit(m)
	p.cur = nil
}
