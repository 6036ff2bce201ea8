package translate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	lingua "github.com/rosettac/rosettac/grammars/lingua"
	rosetta "github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/internal/linguajson"
	"github.com/rosettac/rosettac/internal/rostime"
	"github.com/rosettac/rosettac/ir"
)

// Rosetta -> Lingua. The Lingua header carries the act and topic (as a code),
// the first route target, the id or the correlation id, the time and the
// conditions; the payload carries the bindings, and a text block as text.
// What the header cannot carry travels in the payload's JSON under the member
// "ro" (roKey): the id of a reply, a sender that is not the id's agent, an act
// the code does not imply, more targets, a topic, re=, other header fields,
// and every other slot as canonical Rosetta text. Lingua has no confidence and
// no known unknowns: those are dropped with T001 and T002.

// roKey is the payload member that carries the Rosetta parts a Lingua header
// cannot (a custom two-letter key, as the field table allows). Its own
// members are keys a Lingua checker accepts (L211): id, from, act, re, to,
// fields and body (table names or 2-3 letters), tp for the topic and ap for
// the payload's position among the slots; a reader also takes the long
// names topic and apos, which earlier versions wrote.
const roKey = "ro"

// The "ro" members whose Rosetta names are not Lingua keys.
const (
	roTopic = "tp"
	roAPos  = "ap"
)

type r2l struct {
	lid   map[string]string // Rosetta id of a request -> the # it was written with
	acts  map[string]string // Rosetta id -> act
	diags diag.List
	span  func(*ir.Message) diag.Span

	b    strings.Builder
	open bool // a message line is open (no newline written yet)
	skip bool // the open line was written verbatim: skip its x_then members
}

func newR2L(span func(*ir.Message) diag.Span) *r2l {
	if span == nil {
		span = func(m *ir.Message) diag.Span { return m.Span }
	}
	return &r2l{lid: map[string]string{}, acts: map[string]string{}, span: span}
}

func fromRosetta(t *ir.Transcript, to ir.Language) ([]byte, diag.List) {
	switch to {
	case ir.Rosetta:
		return printRosetta(t), nil
	case ir.JSON:
		return rosettaJSON(t), nil
	case ir.Lingua:
		c := newR2L(nil)
		out := c.run(t)
		return out, c.diags
	case ir.AgentDSL:
		return rosettaToAgentDSL(t, nil)
	}
	return nil, unsupported(ir.Rosetta, to, t.Span)
}

// run translates a transcript: messages and prose runs in source order.
func (c *r2l) run(t *ir.Transcript) []byte {
	c.b.Reset()
	c.open, c.skip = false, false
	mi, pi := 0, 0
	for mi < len(t.Messages) || pi < len(t.Prose) {
		if pi < len(t.Prose) && (mi >= len(t.Messages) || t.Prose[pi].Span.StartOffset() < t.Messages[mi].Span.StartOffset()) {
			c.closeLine()
			c.b.WriteString(t.Prose[pi].Text + "\n")
			pi++
			continue
		}
		c.add(t.Messages[mi])
		mi++
	}
	c.closeLine()
	return []byte(c.b.String())
}

func (c *r2l) closeLine() {
	if c.open {
		c.b.WriteByte('\n')
		c.open = false
	}
}

func (c *r2l) lost(m *ir.Message, sev diag.Severity, code, format string, args ...any) {
	id := ""
	if m.Header != nil {
		id = m.Header.ID.Text
	}
	c.diags.Add(diag.Diagnostic{Severity: sev, Code: code, Span: c.span(m), MessageID: id, Message: fmt.Sprintf(format, args...)})
}

// lostAt reports a loss at sp, a span inside m, when the source is m's own
// (otherwise at m's source unit).
func (c *r2l) lostAt(m *ir.Message, sp diag.Span, sev diag.Severity, code, format string, args ...any) {
	n := len(c.diags)
	c.lost(m, sev, code, format, args...)
	if sp.IsValid() && c.span(m) == m.Span {
		c.diags[n].Span = sp
	}
}

func (c *r2l) add(m *ir.Message) {
	if m.Degraded || m.Header == nil {
		c.closeLine()
		for _, s := range m.Slots {
			if b, ok := s.(*ir.BlockSlot); ok {
				c.b.WriteString(strings.Join(blockLines(b.Block), "\n") + "\n")
			}
		}
		return
	}
	h := m.Header
	_, then := h.Field("x_then")
	c.acts[h.ID.Text] = h.Act
	if then && c.skip {
		c.register(m)
		return
	}
	if !then {
		c.closeLine()
	}
	c.skip = false
	if w := blockOf(m, "wire"); w != nil && w.Block.Fmt == "lingua" {
		c.closeLine()
		c.b.WriteString(strings.Join(blockLines(w.Block), "\n") + "\n")
		c.skip = true
		c.open = false
		c.register(m)
		return
	}
	if p := blockOf(m, "prose"); p != nil && h.Act == "note" && len(m.Slots) == 1 && len(h.Fields) == 0 {
		c.closeLine()
		c.b.WriteString(strings.Join(blockLines(p.Block), "\n") + "\n")
		return
	}
	text, sig, hasSig := c.message(m)
	if text != "" {
		if c.open {
			c.b.WriteString(";;")
		}
		c.b.WriteString(text)
		c.open = true
	}
	if hasSig {
		c.closeLine()
		c.b.WriteString("--👽lingua/" + sig + "\n")
	}
}

// answerable reports whether a reply to re can be a Lingua response: its
// parent was written as a request (a response matches a request's #, L203),
// or the fragment never shows it (the Rosetta side reports that, E008). A
// reply to a message that became an error or a response is written as a
// request instead, its act and re= in "ro", so nothing is lost and the
// Lingua checker finds no response without a request.
func (c *r2l) answerable(re string) bool {
	if re == "" {
		return true
	}
	if _, ok := c.lid[re]; ok {
		return true
	}
	_, seen := c.acts[re]
	return !seen
}

// register records the # a request carried verbatim was written with, for
// the replies to it.
func (c *r2l) register(m *ir.Message) {
	h := m.Header
	if !m.InheritedTopic {
		if _, _, _, ok := topicCode(h.Topic); ok {
			if x, ok := h.Field("x_id"); ok {
				c.lid[h.ID.Text] = x
			} else if msgIDAgent(h.ID.Text) != syntheticAgent {
				c.lid[h.ID.Text] = h.ID.Text
			}
		}
	}
}

// roObject collects the members of the "ro" payload member.
type roObject struct{ members []*ir.JSONMember }

func (r *roObject) str(k, v string) {
	r.members = append(r.members, &ir.JSONMember{Key: k, Value: &ir.JSONValue{Kind: ir.JSONString, Text: v}})
}

func (r *roObject) add(k string, v *ir.JSONValue) {
	r.members = append(r.members, &ir.JSONMember{Key: k, Value: v})
}

// message translates one message. It returns its wire text ("" for a line
// that is only a signature) and the signature to write after its line.
func (c *r2l) message(m *ir.Message) (string, string, bool) {
	h := m.Header
	id := h.ID.Text
	synthetic := msgIDAgent(id) == syntheticAgent
	x := map[string]string{}
	ro := &roObject{}
	var other [][2]string
	var at, re string
	for _, f := range h.Fields {
		switch f.Key {
		case "x_then", "x_sig", "x_id", "x_time", "x_enc", "x_to", "x_status":
			x[f.Key] = f.Value
		case "re":
			re = f.Value
		case "at":
			// A time of day (at=@t:14:02:20) is relative to the session
			// epoch, which Lingua's ~@ (an ISO time) cannot say: it travels
			// in "ro" as written, like any other field.
			if at == "" && strings.HasPrefix(f.Value, "@t:") && !rostime.IsTimeOfDay(f.Value) {
				at = f.Value
				continue
			}
			other = append(other, [2]string{f.Key, f.Value})
		default:
			other = append(other, [2]string{f.Key, f.Value})
		}
	}
	sig, hasSig := x["x_sig"]
	topic, targets := writtenTopic(m), writtenTargets(m)

	// What kind of Lingua message: a request (by its code topic, or by its
	// act), a response, an error, or a natural-language line.
	dom, action, mod, isCode := topicCode(topic)
	var why *ir.PlainSlot
	for _, s := range m.Slots {
		if p, ok := s.(*ir.PlainSlot); ok && p.Key == "why" && !p.Verbatim && why == nil {
			why = p
		}
	}
	whyCode := ""
	if why != nil {
		whyCode, _, _ = strings.Cut(why.Text, " ")
		if !isFailureCode(whyCode) {
			whyCode = ""
		}
	}
	kind := "request" // or "response", "error"
	switch {
	case isCode:
	case x["x_status"] != "":
		kind = "response"
	case h.Act == "fail" && whyCode != "":
		kind = "error"
	case actStatus[h.Act] != 0 && (re != "" || x["x_id"] != "") && c.answerable(re):
		kind = "response"
	case c.natural(m, synthetic):
		q := m.Slots[0].(*ir.PlainSlot)
		return alienMark + " " + q.Text, sig, hasSig
	}
	if hasSig && kind == "request" && !isCode && h.Act == "note" && synthetic && len(m.Slots) == 0 && len(targets) == 0 &&
		topic == "" && len(h.Fields) == 1 {
		return "", sig, true // a line that is only a signature
	}

	var b strings.Builder
	var errSlot ir.Slot
	switch kind {
	case "request":
		if !isCode {
			code := actCode[h.Act]
			if code == "" {
				code = "13"
			}
			dom, action, mod = code[0], code[1], 0
			ro.str(roTopic, topic) // "" too: the code's topic is not the message's

		}
		b.WriteString(alienMark)
		b.WriteByte(dom)
		b.WriteByte(action)
		if mod != 0 {
			b.WriteByte(mod)
		}
		if requestAct(action) != h.Act {
			ro.str("act", h.Act)
		}
	case "response":
		st := actStatus[h.Act]
		if s := x["x_status"]; s != "" {
			st = s[0]
		}
		b.WriteByte('^')
		b.WriteByte(st)
		if respAct(st, c.acts[re]) != h.Act {
			ro.str("act", h.Act)
		}
	case "error":
		rest := strings.TrimPrefix(why.Text[len(whyCode):], " ")
		e, details, ok := errorOf(whyCode, rest)
		if ok {
			errSlot = why // its confidence, if any, is reported with the others below
		} else {
			e = errType{typ: codeErrType[whyCode], code: whyCode}
			if e.typ == 0 {
				e.typ = '0'
			}
		}
		b.WriteString("!E")
		b.WriteByte(e.typ)
		if e.sub != 0 {
			b.WriteByte(e.sub)
		}
		if errSlot != nil && details != "" {
			b.WriteString("|" + details)
		}
	}
	if kind != "request" && topic != "" {
		ro.str(roTopic, topic)
	}
	if s := h.Sender; s != h.ID.Agent {
		ro.str("from", s)
	}

	// @ target.
	var extra []string
	if t := x["x_to"]; t != "" {
		b.WriteString("|@" + t)
		for _, tg := range targets {
			extra = append(extra, tg.Text)
		}
	} else if len(targets) > 0 {
		if t := targetOf(targets[0].Text); t != "" {
			b.WriteString("|@" + t)
			targets = targets[1:]
		}
		for _, tg := range targets {
			extra = append(extra, tg.Text)
		}
	}
	if len(extra) > 0 {
		arr := &ir.JSONValue{Kind: ir.JSONArray}
		for _, e := range extra {
			arr.Items = append(arr.Items, &ir.JSONValue{Kind: ir.JSONString, Text: e})
		}
		ro.add("to", arr)
	}

	// # id: a request's own id, a reply's correlation id.
	hash := ""
	switch {
	case kind == "request":
		if xid := x["x_id"]; xid != "" {
			hash = xid
			if !synthetic {
				ro.str("id", id)
			}
		} else if !synthetic {
			hash = id
		}
		if re != "" {
			ro.str("re", re)
		}
	default:
		switch {
		case re != "":
			hash = re
			if l, ok := c.lid[re]; ok {
				hash = l
			}
			if xid := x["x_id"]; xid != "" {
				ro.add("fields", fieldsJSON([][2]string{{"x_id", xid}}))
			}
		case x["x_id"] != "":
			hash = x["x_id"]
		}
		if !synthetic {
			ro.str("id", id)
		}
	}
	if hash != "" {
		b.WriteString("|#" + hash)
	}

	// ~ time.
	if t := x["x_time"]; t != "" {
		b.WriteString("|~" + t)
		if at != "" {
			other = append(other, [2]string{"at", at})
		}
	} else if at != "" {
		b.WriteString("|~@" + strings.TrimPrefix(at, "@t:"))
	}

	// Slots: % conditions, the payload, and the rest for "ro".
	var rest []ir.Slot
	var bindings *ir.BindingSlot
	var text *ir.BlockSlot
	apos, tpos := -1, -1
	var confs, unks []string
	var confAt, unkAt diag.Span
	condsDone := false
	for _, s := range m.Slots {
		sh := s.Head()
		switch s := s.(type) {
		case *ir.PlainSlot:
			if s.Key == "on" && !condsDone && !s.Verbatim && s.Conf == nil && strings.HasPrefix(s.Text, "%") && !strings.Contains(s.Text, "\n") {
				condsDone = true
				for _, cd := range strings.Split(s.Text[1:], " %") {
					b.WriteString("|%" + cd)
				}
				continue
			}
			if s == errSlot {
				if s.Conf != nil {
					confs = append(confs, "why")
					if !confAt.IsValid() {
						confAt = s.Conf.Span
					}
				}
				continue
			}
		case *ir.BindingSlot:
			if s.Key == "a" && bindings == nil && jsonBindings(s) && !sh.Verbatim {
				bindings, apos = s, len(rest)
				continue
			}
		case *ir.BlockSlot:
			if b := s.Block; text == nil && bindings == nil && b.Name == "body" && (b.Fmt == "txt" || b.Fmt == "json") &&
				b.Lang == "" && len(b.Attrs) == 0 && !b.Implicit && !b.Unparsed && !b.Inline && len(b.Lines) > 0 {
				text, tpos = s, len(rest)
				continue
			}
		}
		if s.Head().Key == "unk" {
			unks = append(unks, sh.Raw)
			if !unkAt.IsValid() {
				unkAt = sh.Span
			}
			continue
		}
		st, had := stripConf(s)
		if bs, ok := s.(*ir.BindingSlot); ok && had && bs.Key == "a" && bindings == nil && bs.Conf == nil && !sh.Verbatim && jsonValues(bs) {
			// the slot the payload would have been, but for its keys: its
			// confidences are named binding by binding, as the payload's are
			for _, bd := range bs.Bindings {
				if bd.Conf != nil {
					confs = append(confs, "a."+bd.Key)
					if !confAt.IsValid() || bd.Conf.Span.StartOffset() < confAt.StartOffset() {
						confAt = bd.Conf.Span
					}
				}
			}
			had = false
		}
		if had {
			confs = append(confs, sh.Key)
			if !confAt.IsValid() {
				confAt = sh.Span
			}
		}
		rest = append(rest, st)
	}
	if bindings != nil {
		for _, bd := range bindings.Bindings {
			if bd.Conf != nil {
				confs = append(confs, "a."+bd.Key)
				if !confAt.IsValid() || bd.Conf.Span.StartOffset() < confAt.StartOffset() {
					confAt = bd.Conf.Span
				}
			}
		}
	}
	if len(confs) > 0 {
		c.lostAt(m, confAt, diag.Warning, CodeConf, "Lingua has no confidence: %s of %s dropped", plural(len(confs), "confidence"), strings.Join(dedup(confs), ", "))
	}
	if len(unks) > 0 {
		c.lostAt(m, unkAt, diag.Warning, CodeUnknowns, "Lingua has no known unknowns: unk %s of %s dropped", strings.Join(unks, " "), id)
	}
	if text != nil && (bindings != nil || len(rest) > 0 || len(ro.members) > 0 || len(other) > 0) {
		// a text payload cannot sit beside JSON: the block travels in "ro"
		rest = append(rest[:tpos], append([]ir.Slot{text}, rest[tpos:]...)...)
		if bindings != nil && tpos <= apos {
			apos++
		}
		text = nil
	} else if text != nil {
		apos = tpos
	}
	if len(other) > 0 {
		ro.add("fields", fieldsJSON(other))
	}
	if len(rest) > 0 {
		ro.str("body", slotText(rest, h.Act == "def"))
	}
	if apos > 0 && (bindings != nil || text != nil) {
		ro.add(roAPos, &ir.JSONValue{Kind: ir.JSONNumber, Text: strconv.Itoa(apos)})
	}

	// $ payload.
	var content []byte
	def := ir.PayloadJSON
	switch {
	case bindings != nil || len(ro.members) > 0:
		obj := &ir.JSONValue{Kind: ir.JSONObject}
		if bindings != nil {
			for _, bd := range bindings.Bindings {
				obj.Members = append(obj.Members, &ir.JSONMember{Key: bd.Key, Value: jsonOfValue(bd.Value)})
			}
		}
		if len(ro.members) > 0 {
			obj.Members = append(obj.Members, &ir.JSONMember{Key: roKey, Value: &ir.JSONValue{Kind: ir.JSONObject, Members: ro.members}})
		}
		content = jsonvalue.Compact(obj)
	case text != nil:
		content = []byte(strings.Join(blockLines(text.Block), "\n"))
		if text.Block.Fmt == "txt" {
			def = ir.PayloadText
		}
	case x["x_enc"] == "j":
		content = []byte("{}")
	}
	pk := def
	if e := x["x_enc"]; e != "" {
		if k, ok := ir.LinguaPayloadKindOf(e); ok {
			pk = k
		}
	}
	if content != nil || x["x_enc"] != "" {
		pl, err := lingua.EncodeBytes(pk, content, nil, nil)
		if err != nil {
			sev := diag.Warning
			if pk == ir.PayloadEncrypted {
				sev = diag.Error
			}
			c.lost(m, sev, CodeEncrypted, "the payload cannot be written as x_enc=%s (%v): it is left out", pk.Prefix(), err)
		} else {
			b.WriteString("|$" + pl)
		}
	}
	if kind == "request" && hash != "" {
		c.lid[id] = hash
	}
	return b.String(), sig, hasSig
}

const alienMark = "👽"

// natural reports whether m is a Lingua natural-language line: an ask with a
// synthetic id and nothing but a one-line q.
func (c *r2l) natural(m *ir.Message, synthetic bool) bool {
	h := m.Header
	if h.Act != "ask" || !synthetic || len(writtenTargets(m)) > 0 || writtenTopic(m) != "" || len(m.Slots) != 1 {
		return false
	}
	for _, f := range h.Fields {
		if f.Key != "x_then" && f.Key != "x_sig" {
			return false
		}
	}
	q, ok := m.Slots[0].(*ir.PlainSlot)
	return ok && q.Key == "q" && q.Conf == nil && !q.Verbatim && q.Text != "" && !strings.Contains(q.Text, "\n")
}

// plainBindings reports whether every line of an a slot is key = value, so the
// slot is a JSON object.
func plainBindings(s *ir.BindingSlot) bool {
	if len(s.Bindings) == 0 {
		return false
	}
	for _, b := range s.Bindings {
		if b.Neg || strings.Contains(b.Key, ":") {
			return false
		}
	}
	return true
}

// linguaKeys reports whether every binding key of s, and every key inside a
// value that is JSON, is a key a Lingua checker accepts (L211: the field
// table, or 2-3 letters). A slot with another key (cause, verdict, x) travels
// in "ro" as Rosetta text: a binding key is content, and renaming it would
// need a legend.
func linguaKeys(s *ir.BindingSlot) bool {
	for _, b := range s.Bindings {
		if !linguajson.IsKey(b.Key) || !linguajson.KeysOK(jsonOfValue(b.Value)) {
			return false
		}
	}
	return true
}

// jsonBindings reports whether an a slot can be the payload's JSON object:
// its bindings are plain, and each value comes back from its JSON member as
// written. A value such as "quoted" (a JSON string whose text is plain, so it
// would come back as quoted) or {"a": 1} (JSON that is not compact) has no
// member that gives it back; such a slot travels in "ro" as Rosetta text.
func jsonBindings(s *ir.BindingSlot) bool {
	return jsonValues(s) && linguaKeys(s)
}

// jsonValues is jsonBindings without the test of the keys.
func jsonValues(s *ir.BindingSlot) bool {
	if !plainBindings(s) {
		return false
	}
	for _, b := range s.Bindings {
		if bindingValue(jsonOfValue(b.Value)) != b.Value {
			return false
		}
	}
	return true
}

// errorOf reads "phrase[: details]" after a failure code back into an error type.
func errorOf(code, rest string) (errType, string, bool) {
	best := -1
	for i, e := range errTypes {
		if e.code == code && strings.HasPrefix(rest, e.phrase) && (best < 0 || len(e.phrase) > len(errTypes[best].phrase)) {
			r := rest[len(e.phrase):]
			if r == "" || strings.HasPrefix(r, ": ") {
				best = i
			}
		}
	}
	if best < 0 {
		return errType{}, "", false
	}
	d := strings.TrimPrefix(rest[len(errTypes[best].phrase):], ": ")
	if strings.HasPrefix(rest[len(errTypes[best].phrase):], ": ") && d == "" {
		return errType{}, "", false
	}
	return errTypes[best], d, true
}

var failureCodes = map[string]bool{"notfound": true, "denied": true, "timeout": true, "budget": true, "ambiguous": true,
	"unsafe": true, "unsupported": true, "conflict": true, "upstream": true, "stuck": true, "malformed": true,
	"empty": true, "stale": true, "busy": true}

func isFailureCode(s string) bool { return failureCodes[s] }

// fieldsJSON writes header fields for "ro": an object of key to value when
// every key is a Lingua key (re, at, ttl, pri, src, thd), else an array of
// [key, value] pairs, since sens and x_* keys are not (L211) and an array has
// no keys.
func fieldsJSON(kv [][2]string) *ir.JSONValue {
	str := func(s string) *ir.JSONValue { return &ir.JSONValue{Kind: ir.JSONString, Text: s} }
	pairs := false
	for _, p := range kv {
		pairs = pairs || !linguajson.IsKey(p[0])
	}
	if pairs {
		a := &ir.JSONValue{Kind: ir.JSONArray}
		for _, p := range kv {
			a.Items = append(a.Items, &ir.JSONValue{Kind: ir.JSONArray, Items: []*ir.JSONValue{str(p[0]), str(p[1])}})
		}
		return a
	}
	o := &ir.JSONValue{Kind: ir.JSONObject}
	for _, p := range kv {
		o.Members = append(o.Members, &ir.JSONMember{Key: p[0], Value: str(p[1])})
	}
	return o
}

// fieldsOf reads what fieldsJSON wrote back into m's header fields; it
// reports false for a shape fieldsJSON does not write.
func fieldsOf(v *ir.JSONValue, m *rmsg) bool {
	switch v.Kind {
	case ir.JSONObject:
		for _, f := range v.Members {
			m.field(f.Key, f.Value.Text)
		}
		return true
	case ir.JSONArray:
		for _, it := range v.Items {
			if it.Kind != ir.JSONArray || len(it.Items) != 2 || it.Items[0].Kind != ir.JSONString || it.Items[1].Kind != ir.JSONString {
				return false
			}
		}
		for _, it := range v.Items {
			m.field(it.Items[0].Text, it.Items[1].Text)
		}
		return true
	}
	return false
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return strconv.Itoa(n) + " " + w + "s"
}

func dedup(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// applyRO gives a message back the Rosetta parts a payload's "ro" member
// carries. It reports false when the member has a shape it did not write.
func (c *l2r) applyRO(v *ir.JSONValue, m *rmsg) bool {
	ok := true
	for _, mem := range v.Members {
		val := mem.Value
		s := val.Text
		isStr := val.Kind == ir.JSONString
		switch {
		case mem.Key == "id" && isStr && msgIDAgent(s) != "" && !c.used[s]:
			c.used[s] = true
			m.id = s
		case mem.Key == "from" && isStr && isIdentName(s):
			m.sender = s
		case mem.Key == "act" && isStr && actCode[s] != "":
			m.act = s
		case (mem.Key == roTopic || mem.Key == "topic") && isStr:
			m.topic = s
		case mem.Key == "re" && isStr && s != "":
			m.field("re", s)
		case mem.Key == "to" && val.Kind == ir.JSONArray:
			for _, it := range val.Items {
				m.route = append(m.route, it.Text)
			}
		case mem.Key == "fields":
			ok = fieldsOf(val, m) && ok
		case mem.Key == "body" && isStr:
			m.body = append(m.body, splitSlots(s)...)
		case (mem.Key == roAPos || mem.Key == "apos") && val.Kind == ir.JSONNumber:
			n, err := strconv.Atoi(val.Text)
			if err != nil || n < 0 {
				ok = false
			}
			m.apos = n
		default:
			ok = false
		}
	}
	return ok
}

// printRosetta writes a transcript in canonical (terse) form.
func printRosetta(t *ir.Transcript) []byte { return rosetta.Print(t, true) }
