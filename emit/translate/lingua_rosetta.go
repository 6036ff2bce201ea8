package translate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	lingua "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/ir"
)

// Lingua -> Rosetta (docs/translation.md has the tables). Every Lingua line is
// translated, then read back through rosettaToLingua; when that does not give
// the line's canonical text byte for byte (a payload whose JSON was not
// compact, an encrypted payload, a field that cannot be read), the first
// message of the line also carries the exact line in a `txt wire @lingua`
// block, which wins on the way back. So Lingua -> Rosetta -> Lingua is exact.

// syntheticAgent names the messages whose Lingua form has no Rosetta id: they
// are numbered lingua1, lingua2, ... and the name is reserved for that.
const syntheticAgent = "lingua"

type l2r struct {
	diags    diag.List
	used     map[string]bool   // Rosetta ids given out
	hashes   map[string]bool   // every # text in the input (synthetic ids avoid them)
	seq      int               // last synthetic number
	lastByID map[string]string // a request's # text -> the Rosetta id of the latest request with it
	acts     map[string]string // Rosetta id -> act
	back     *r2l              // the reverse, for checking each line
	spans    []diag.Span       // source span of each message written, in order
	decrypt  bool              // write decrypted payloads in clear (Options.Decrypt)

	last      *ir.Transcript // the last unit read back: its messages are the output's
	lastDiags diag.List
}

func fromLingua(t *ir.LinguaTranscript, to ir.Language, decrypt bool) ([]byte, diag.List) {
	switch to {
	case ir.Lingua:
		return lingua.Print(t), nil
	case ir.JSON:
		return linguaJSON(t, decrypt)
	case ir.Rosetta:
		tr, _, ds := linguaToRosetta(t, decrypt)
		return printRosetta(tr), ds
	case ir.AgentDSL:
		tr, spans, ds := linguaToRosetta(t, decrypt)
		out, ds2 := rosettaToAgentDSL(tr, spanMap(tr, spans))
		return out, append(ds, ds2...)
	}
	return nil, unsupported(ir.Lingua, to, t.Span)
}

// spanMap maps the messages of an intermediate transcript to the source spans
// they came from, so diagnostics of a second leg point into the input.
func spanMap(tr *ir.Transcript, spans []diag.Span) func(*ir.Message) diag.Span {
	idx := make(map[*ir.Message]diag.Span, len(tr.Messages))
	for i, m := range tr.Messages {
		if i < len(spans) {
			idx[m] = spans[i]
		}
	}
	return func(m *ir.Message) diag.Span { return idx[m] }
}

func linguaToRosetta(t *ir.LinguaTranscript, decrypt bool) (*ir.Transcript, []diag.Span, diag.List) {
	c := &l2r{used: map[string]bool{}, hashes: map[string]bool{}, lastByID: map[string]string{}, acts: map[string]string{}, decrypt: decrypt}
	c.back = newR2L(nil)
	for _, it := range t.Items {
		if l, ok := it.(*ir.LinguaLine); ok {
			for _, m := range l.Messages {
				if f := ir.LinguaFieldsOf(m); f != nil && f.ID != nil {
					c.hashes[f.ID.Text] = true
				}
			}
		}
	}
	var out []*ir.Message // the units as read back (each parsed once, for its check)
	var outDiags diag.List
	for _, it := range t.Items {
		var unit []*rmsg
		var want string
		force := false
		switch it := it.(type) {
		case *ir.LinguaProse:
			m := c.newMsg(it.Span)
			m.act = "note"
			m.slots = []string{blockSlot("prose", "", nil, strings.Split(it.Text, "\n"))}
			unit, want = []*rmsg{m}, it.Text+"\n"
		case *ir.LinguaLine:
			want = exactLine(it)
			prev := ""
			for _, lm := range it.Messages {
				m, f := c.message(lm)
				force = force || f
				if prev != "" {
					m.field("x_then", prev)
				}
				prev = m.id
				unit = append(unit, m)
			}
			if s := it.Signature; s != nil {
				if len(unit) == 0 {
					m := c.newMsg(s.Span)
					m.act = "note"
					unit = append(unit, m)
				}
				if s.Version != "" && !strings.ContainsAny(s.Version+s.Source, " \t") {
					unit[len(unit)-1].field("x_sig", s.Version+"@"+s.Source)
				} else {
					force = true
				}
			}
		}
		if len(unit) == 0 {
			continue
		}
		for _, m := range unit {
			force = force || m.bad
		}
		if got := ""; force || func() bool { got = c.roundTrip(unit); return got != want }() {
			unit[0].carryExact("wire", "lingua", want)
			c.diags.Add(diag.Diagnostic{Severity: diag.Info, Code: CodeVerbatim, Span: it.Pos(), MessageID: unit[0].id,
				Message: "this Lingua line is also carried as its exact text (txt wire @lingua in " + unit[0].id + "), so the round trip keeps every byte",
				Hint:    "the bindings beside it are a readable view; the wire block is what translates back"})
			if got = c.roundTrip(unit); got != want {
				c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeInternal, Span: it.Pos(),
					Message: fmt.Sprintf("translation of this line does not read back (got %q)", got)})
			}
		}
		out = append(out, c.last.Messages...)
		outDiags = append(outDiags, c.lastDiags...)
		for _, m := range unit {
			c.spans = append(c.spans, m.src)
		}
	}
	tr, ds := &ir.Transcript{Messages: out}, outDiags
	for _, d := range ds {
		if d.Severity == diag.Error {
			d.Code, d.Message = CodeInternal, "translated Rosetta does not parse: "+d.Message
			c.diags.Add(d)
		}
	}
	return tr, c.spans, c.diags
}

// exactLine is a wire line (with its signature line) exactly as the input has
// it, the text the round trip must give back: a line that is not in canonical
// form (👽2a for 👽2A, fields out of order) is carried as its exact text, so
// T026 keeps every byte. A line whose bytes a Rosetta content line cannot
// carry (a \r) gives its canonical form instead.
func exactLine(it *ir.LinguaLine) string {
	canonical := string(lingua.Print(&ir.LinguaTranscript{Items: []ir.LinguaItem{it}}))
	src := it.Span.Source()
	if src == nil || !it.Span.IsValid() {
		return canonical
	}
	start, end := it.Span.Offsets()
	if sg := it.Signature; sg != nil && sg.Span.IsValid() && sg.Span.EndOffset() > end {
		end = sg.Span.EndOffset()
	}
	text := src.Content()
	if start < 0 || end > len(text) || start > end {
		return canonical
	}
	exact := text[start:end] + "\n"
	if strings.ContainsRune(exact[:len(exact)-1], '\r') {
		return canonical
	}
	return exact
}

// roundTrip reads a unit's Rosetta text back and translates it to Lingua.
func (c *l2r) roundTrip(unit []*rmsg) string {
	c.last, _, c.lastDiags = rosettaDoc(unit)
	return string(c.back.run(c.last))
}

func (c *l2r) newMsg(sp diag.Span) *rmsg {
	for {
		c.seq++
		id := syntheticAgent + strconv.Itoa(c.seq)
		if !c.used[id] && !c.hashes[id] {
			c.used[id] = true
			return &rmsg{src: sp, id: id}
		}
	}
}

// msgIDAgent returns the agent of a Rosetta message id, or "" when s is not one.
func msgIDAgent(s string) string {
	if a, seq, ok := strings.Cut(s, "."); ok {
		if isIdentName(a) && seq != "" && strings.Trim(seq, "0123456789") == "" {
			return a
		}
		return ""
	}
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 || i == len(s) || strings.Trim(s[i:], "0123456789") != "" {
		return ""
	}
	return s[:i]
}

// message translates one Lingua message; force reports that it cannot come
// back exactly from its Rosetta form.
func (c *l2r) message(lm ir.LinguaMessage) (*rmsg, bool) {
	switch lm := lm.(type) {
	case *ir.LinguaNatural:
		m := c.newMsg(lm.Span)
		m.act = "ask"
		m.slots = []string{" q " + lm.Text}
		c.acts[m.id] = m.act
		return m, false
	case *ir.LinguaBad:
		m := c.newMsg(lm.Span)
		m.act = "note"
		return m, true
	}
	f := ir.LinguaFieldsOf(lm)
	var m *rmsg
	force := len(f.Extra) > 0
	switch lm := lm.(type) {
	case *ir.LinguaRequest:
		if f.ID != nil && msgIDAgent(f.ID.Text) != "" && msgIDAgent(f.ID.Text) != syntheticAgent && !c.used[f.ID.Text] {
			m = &rmsg{src: f.Span, id: f.ID.Text}
			c.used[m.id] = true
		} else {
			m = c.newMsg(f.Span)
			if f.ID != nil {
				m.field("x_id", f.ID.Text)
			}
		}
		m.act = requestAct(lm.Action)
		topic, ok := codeTopic(lm.Domain, lm.Action, lm.Modifier)
		force = force || !ok
		m.topic = topic
	case *ir.LinguaResponse:
		m = c.newMsg(f.Span)
		parent := c.reply(f, m)
		m.act = respAct(lm.Status, c.acts[parent])
	case *ir.LinguaError:
		m = c.newMsg(f.Span)
		c.reply(f, m)
		m.act = "fail"
		e, ok := errTypeOf(lm.Type, lm.Sub)
		if !ok {
			e, force = errType{code: "upstream", phrase: "unknown error"}, true
		}
		why := " why " + e.code + " " + e.phrase
		if lm.Details != "" {
			why += ": " + lm.Details
		}
		m.slots = append(m.slots, why)
	}
	if t := f.Target; t != nil {
		if rt := routeOf(t); rt != "" && targetOf(rt) == t.Text {
			m.route = []string{rt}
		} else {
			m.field("x_to", t.Text)
		}
	}
	if t := f.Time; t != nil {
		if t.Op == '@' {
			m.field("at", "@t:"+t.Text[1:])
		} else {
			m.field("x_time", t.Text)
		}
	}
	if len(f.Conds) > 0 {
		cs := make([]string, len(f.Conds))
		for i, cd := range f.Conds {
			cs[i] = "%" + cd.Text
		}
		m.slots = append([]string{" on " + strings.Join(cs, " ")}, m.slots...)
	}
	if c.payload(f, m) {
		force = true
	}
	if _, ok := lm.(*ir.LinguaError); ok {
		for _, b := range m.body {
			if strings.HasPrefix(b, " why ") { // the why travelled in "ro"
				m.slots = m.slots[:len(m.slots)-1]
				break
			}
		}
	}
	// x_status is written when the act (after any "ro" act) does not give the
	// status, or when nothing else marks the message as a reply.
	if r, ok := lm.(*ir.LinguaResponse); ok && (actStatus[m.act] != r.Status || !hasField(m, "re") && !hasField(m, "x_id")) {
		m.field("x_status", string(r.Status))
	}
	if _, ok := lm.(*ir.LinguaRequest); ok && f.ID != nil {
		c.lastByID[f.ID.Text] = m.id
	}
	c.acts[m.id] = m.act
	return m, force
}

func hasField(m *rmsg, k string) bool {
	for _, f := range m.fields {
		if f[0] == k {
			return true
		}
	}
	return false
}

// reply writes the # of a response or error: re= the request it answers when
// one came before with that #, re= the id itself when it is a Rosetta id, else
// x_id. It returns the parent's Rosetta id, or "".
func (c *l2r) reply(f *ir.LinguaFields, m *rmsg) string {
	if f.ID == nil {
		return ""
	}
	if p := c.lastByID[f.ID.Text]; p != "" {
		m.field("re", p)
		return p
	}
	if a := msgIDAgent(f.ID.Text); a != "" && a != syntheticAgent {
		m.field("re", f.ID.Text)
		return ""
	}
	m.field("x_id", f.ID.Text)
	return ""
}

// payload writes a decoded payload as bindings (a JSON object), a txt body
// block (text, or other JSON), and x_enc when the payload's prefix is not the
// one its content implies. A payload with a "ro" member (written by Rosetta ->
// Lingua) gives back the Rosetta parts it carries.
func (c *l2r) payload(f *ir.LinguaFields, m *rmsg) bool {
	pl := f.Payload
	if pl == nil {
		return false
	}
	d := pl.Decoded
	if pl.Kind == ir.PayloadEncrypted && d != nil {
		if !c.decrypt {
			c.diags.Add(sealed(pl, m.id))
			d = nil // carried as ciphertext, as without a key
		} else {
			c.diags.Add(unsealed(pl, m.id, "labelled sens=secret"))
			defer m.secret()
		}
	}
	if d == nil || d.Binary {
		if pl.Kind == ir.PayloadEncrypted && pl.Decoded == nil {
			c.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeEncrypted, Span: pl.Span, MessageID: m.id,
				Message: "encrypted payload cannot be read without a key: its content is not visible in the translation (the ciphertext travels in txt wire)",
				Hint:    "give --key-file or --psk-file (and --session when the input has no handshake) to translate the content"})
		}
		m.field("x_enc", pl.Kind.Prefix())
		return true
	}
	force := false
	var def ir.LinguaPayloadKind
	var slot string
	switch {
	case d.JSON != nil && d.JSON.Kind == ir.JSONObject:
		def = ir.PayloadJSON
		var kv [][2]string
		for _, mem := range d.JSON.Members {
			if mem.Key == roKey && mem.Value.Kind == ir.JSONObject {
				if !c.applyRO(mem.Value, m) {
					force = true
				}
				continue
			}
			if !isBindingKey(mem.Key) {
				force = true
				continue
			}
			kv = append(kv, [2]string{mem.Key, bindingValue(mem.Value)})
		}
		if len(kv) > 0 {
			slot = bindingsSlot("a", kv)
		} else if len(d.JSON.Members) == 0 {
			force = true
		}
	case d.JSON != nil:
		def = ir.PayloadJSON
		slot = blockSlot("body", "json", nil, []string{bindingValue(d.JSON)})
	default:
		def = ir.PayloadText
		if d.Text == "" {
			force = true
		} else {
			slot = blockSlot("body", "", nil, strings.Split(d.Text, "\n"))
		}
	}
	if pl.Kind != def {
		m.field("x_enc", pl.Kind.Prefix())
	}
	if slot != "" {
		m.insertPayloadSlot(slot)
	}
	return force || pl.Kind == ir.PayloadEncrypted
}

// sealed is T023 for an encrypted payload the input decrypted but the
// translation does not write in clear (no --decrypt).
func sealed(pl *ir.LinguaPayload, id string) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Warning, Code: CodeEncrypted, Span: pl.Span, MessageID: id,
		Message: "encrypted payload decrypted with the key given, but not written in clear: the ciphertext travels in the translation",
		Hint:    "pass --decrypt to write the plaintext (the Rosetta messages are then labelled sens=secret)"}
}

// unsealed is T029: what a --decrypt translation wrote in clear.
func unsealed(pl *ir.LinguaPayload, id, label string) diag.Diagnostic {
	what := "the decrypted payload"
	if id != "" {
		what += " of " + id
	}
	return diag.Diagnostic{Severity: diag.Info, Code: CodeDecrypted, Span: pl.Span, MessageID: id,
		Message: what + " is written in clear (--decrypt); " + label,
		Hint:    "keep the translation where the plaintext may be read, or translate without --decrypt"}
}

// isBindingKey reports whether k can be a Rosetta binding key that reads back
// as one (not a slot name, which would start a new slot).
func isBindingKey(k string) bool {
	if k == "" || !(k[0] >= 'a' && k[0] <= 'z' || k[0] >= 'A' && k[0] <= 'Z') || isSlotName(k) {
		return false
	}
	for i := 1; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
