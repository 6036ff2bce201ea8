package a2a

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// Reading A2A messages that another agent wrote (docs/interop.md, "Rosetta ↔
// A2A", "Messages rosettac did not write"): a Message without
// metadata.rosetta has no act, sender, targets or slot names, so they are
// derived from what A2A does say, the same way every time:
//
//   - the sender is the role (user or agent) and the target the other role; a
//     user's message is an ask, an agent's a tell;
//   - the id is the messageId when it is a Rosetta message id, else
//     ROLE.N (the Nth message of that role) with the messageId kept in the
//     header field x_a2a_id;
//   - contextId is the topic when it is a Rosetta topic, else x_a2a_context;
//   - re= is the message of the first referenceTaskIds entry, or else the
//     latest earlier message of the same taskId; a taskId no earlier message
//     opened is kept in x_a2a_task;
//   - a one-line text part is a q (user) or a (agent) slot, a text part of
//     several lines a txt block (its lines kept byte for byte);
//   - a data part of simple strings is an a slot of bindings, any other data
//     part (numbers, booleans, nesting) a txt block @json holding its JSON, so
//     no value changes type;
//   - a file part with text bytes is a txt block named by the file, with
//     binary bytes a txt block @base64 of them (T026), with a uri a ctx slot
//     holding the uri.
//
// What has no place in Rosetta (message and part metadata, extensions, a
// file's MIME type, further referenceTaskIds, a Task's state) is a T025
// warning naming it, at the value it names; a value that is not an A2A
// Message is T027, at that value.

// reader turns A2A messages into Rosetta data-form messages; it keeps what
// it needs across messages (ids, tasks, counters), and rosettac's own
// messages add to it (Read), so that a foreign reply finds what it answers.
type reader struct {
	src      *diag.Source
	base     int                // where the JSON starts in src (after an encoding mark)
	lits     jsonvalue.Literals // where each value is written, from base
	ds       *diag.List
	ids      map[string]string // messageId -> Rosetta id
	taskLast map[string]string // taskId -> the Rosetta id of its latest message
	seq      map[string]int    // role -> messages so far
	used     map[string]bool   // Rosetta ids given
}

func newReader(src *diag.Source, base int, lits jsonvalue.Literals, ds *diag.List) *reader {
	return &reader{src: src, base: base, lits: lits, ds: ds, ids: map[string]string{}, taskLast: map[string]string{},
		seq: map[string]int{}, used: map[string]bool{}}
}

// span is where v is written in the source.
func (r *reader) span(v *ir.JSONValue) diag.Span {
	at := r.lits[v]
	return r.src.Span(r.base+at[0], r.base+at[1])
}

// indented is v's JSON text two-space indented, its literals byte for byte.
func (r *reader) indented(v *ir.JSONValue) string {
	at := r.lits[v]
	raw := r.src.Content()[r.base+at[0] : r.base+at[1]]
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(raw), "", "  "); err != nil {
		return raw // never: datajson read it as JSON
	}
	return b.String()
}

func (r *reader) lost(at *ir.JSONValue, format string, args ...any) {
	r.ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeLost, Span: r.span(at), Message: fmt.Sprintf(format, args...),
		Hint: "Rosetta has no place for it; keep the A2A message beside the transcript if it matters, or accept the loss (--strict refuses it)"})
}

// message is one foreign Message as a Rosetta data-form message, or why m is
// not a Message.
func (r *reader) message(m *ir.JSONValue) (*ir.JSONValue, *fault) {
	if m.Kind != ir.JSONObject || str(m, "kind") != "message" {
		return nil, &fault{m, "not an A2A Message (kind \"message\")"}
	}
	mid := get(m, "messageId")
	if mid == nil || mid.Kind != ir.JSONString {
		return nil, &fault{m, "an A2A Message needs a messageId string"}
	}
	role := str(m, "role")
	if role != "user" && role != "agent" {
		at := get(m, "role")
		if at == nil {
			at = m
		}
		return nil, &fault{at, fmt.Sprintf("message %s: role is %q, not user or agent", mid.Text, role)}
	}
	parts := get(m, "parts")
	if parts == nil || parts.Kind != ir.JSONArray {
		return nil, &fault{m, fmt.Sprintf("message %s: an A2A Message needs parts", mid.Text)}
	}
	other := map[string]string{"user": "agent", "agent": "user"}[role]
	act := map[string]string{"user": "ask", "agent": "tell"}[role]

	var fs []*ir.JSONMember
	id := mid.Text
	if !isRosettaID(id) || r.used[id] {
		for {
			r.seq[role]++
			id = role + "." + strconv.Itoa(r.seq[role])
			if !r.used[id] {
				break
			}
		}
		if fieldValueOK(mid.Text) {
			fs = append(fs, kv("x_a2a_id", jstr(mid.Text)))
		} else {
			r.lost(mid, "the messageId %q is not a Rosetta id and holds blanks, so no header field keeps it (the message is %s)", mid.Text, id)
		}
	}
	r.used[id] = true
	if _, dup := r.ids[mid.Text]; !dup {
		r.ids[mid.Text] = id
	}

	// re=: what the message answers.
	re := ""
	if refs := get(m, "referenceTaskIds"); refs != nil && refs.Kind == ir.JSONArray {
		for i := range refs.Items {
			ref := refs.Items[i]
			target := r.taskLast[text(ref)]
			if target == "" {
				target = r.ids[text(ref)]
			}
			if i == 0 && target != "" {
				re = target
				continue
			}
			r.lost(ref, "referenceTaskIds %q of message %s names no earlier message, or is not the first: Rosetta's re= names one", text(ref), mid.Text)
		}
	}
	task := str(m, "taskId")
	if re == "" && task != "" {
		re = r.taskLast[task]
	}
	if re != "" {
		fs = append([]*ir.JSONMember{kv("re", jstr(re))}, fs...)
	} else if task != "" {
		if fieldValueOK(task) {
			fs = append(fs, kv("x_a2a_task", jstr(task)))
		} else {
			r.lost(get(m, "taskId"), "taskId %q of message %s holds blanks: no header field keeps it", task, mid.Text)
		}
	}
	if task != "" {
		r.taskLast[task] = id
	}

	head := []*ir.JSONMember{kv("id", jstr(id)), kv("act", jstr(act)),
		kv("from", jstr(role)), kv("to", arr(jstr(other)))}
	if ctx := str(m, "contextId"); ctx != "" {
		switch {
		case isTopic(ctx):
			head = append(head, kv("topic", jstr(ctx)))
		case fieldValueOK(ctx):
			fs = append(fs, kv("x_a2a_context", jstr(ctx)))
		default:
			r.lost(get(m, "contextId"), "contextId %q of message %s holds blanks: neither a topic nor a header field keeps it", ctx, mid.Text)
		}
	}
	if len(fs) > 0 {
		head = append(head, kv("fields", obj(fs...)))
	}
	if md := get(m, "metadata"); len(fields(md)) > 0 {
		r.lost(md, "the metadata of message %s (%s) is not carried", mid.Text, keyList(md))
	}
	if ex := get(m, "extensions"); len(items(ex)) > 0 {
		r.lost(ex, "the extensions of message %s are not carried", mid.Text)
	}

	var slots []*ir.JSONValue
	for i := range parts.Items {
		s, f := r.part(parts.Items[i], role, fmt.Sprintf("message %s part %d", mid.Text, i+1))
		if f != nil {
			return nil, f
		}
		slots = append(slots, s)
	}
	head = append(head, kv("slots", arr(slots...)))
	return obj(head...), nil
}

// part is one foreign part as a slot's data form; what names it in messages.
func (r *reader) part(p *ir.JSONValue, role, what string) (*ir.JSONValue, *fault) {
	if md := get(p, "metadata"); len(fields(md)) > 0 {
		r.lost(md, "the metadata of %s (%s) is not carried", what, keyList(md))
	}
	switch str(p, "kind") {
	case "text":
		t := get(p, "text")
		if t == nil || t.Kind != ir.JSONString {
			return nil, &fault{p, what + ": a text part needs a text string"}
		}
		if proseOK(t.Text) {
			slot := "a"
			if role == "user" {
				slot = "q"
			}
			return obj(kv("slot", jstr(slot)), kv("text", jstr(t.Text))), nil
		}
		return linesSlot("text", "", t.Text), nil
	case "data":
		d := get(p, "data")
		if d == nil || d.Kind != ir.JSONObject {
			return nil, &fault{p, what + ": a data part needs a data object"}
		}
		if bs, ok := bindingsOf(d); ok {
			return obj(kv("slot", jstr("a")), kv("bindings", arr(bs...))), nil
		}
		return linesSlot("data", "json", r.indented(d)), nil
	case "file":
		f := get(p, "file")
		if f == nil || f.Kind != ir.JSONObject {
			return nil, &fault{p, what + ": a file part needs a file object"}
		}
		name := fileBlockName(str(f, "name"))
		if b := get(f, "bytes"); b != nil {
			format := ""
			if mt := str(f, "mimeType"); mt != "" {
				format = mimeFormat(mt)
				if format == "" {
					r.lost(get(f, "mimeType"), "the MIME type %q of %s is not carried (a txt block's format is a word)", mt, what)
				}
			}
			raw, err := base64.StdEncoding.DecodeString(text(b))
			if err != nil {
				return nil, &fault{b, what + ": the file's bytes are not base64"}
			}
			if textLines(raw) {
				return linesSlot(name, format, strings.TrimSuffix(string(raw), "\n")), nil
			}
			r.ds.Add(diag.Diagnostic{Severity: diag.Info, Code: CodeVerbatim, Span: r.span(b),
				Message: fmt.Sprintf("the bytes of %s are not text: carried as base64 in a txt block @base64", what)})
			var lines []string
			for s := text(b); len(s) > 0; {
				n := min(76, len(s))
				lines = append(lines, s[:n])
				s = s[n:]
			}
			return linesSlot(name, "base64", strings.Join(lines, "\n")), nil
		}
		if u := get(f, "uri"); u != nil && proseOK(text(u)) {
			var gone []string
			if n := str(f, "name"); n != "" {
				gone = append(gone, "name "+strconv.Quote(n))
			}
			if mt := str(f, "mimeType"); mt != "" {
				gone = append(gone, "MIME type "+strconv.Quote(mt))
			}
			if gone != nil {
				r.lost(f, "the %s of %s, a file by uri, not carried: the ctx slot holds the uri", strings.Join(gone, " and "), what)
			}
			return obj(kv("slot", jstr("ctx")), kv("text", value(u))), nil
		}
		return nil, &fault{f, what + ": a file part needs bytes or a uri (on one line)"}
	}
	return nil, &fault{p, fmt.Sprintf("%s: a part of unknown kind %q", what, str(p, "kind"))}
}

// linesSlot is a txt block holding text's lines.
func linesSlot(name, format, text string) *ir.JSONValue {
	var lines []*ir.JSONValue
	for l := range strings.SplitSeq(text, "\n") {
		lines = append(lines, jstr(l))
	}
	fs := []*ir.JSONMember{kv("slot", jstr("txt")), kv("name", jstr(name))}
	if format != "" {
		fs = append(fs, kv("fmt", jstr(format)))
	}
	return obj(append(fs, kv("lines", arr(lines...)))...)
}

// bindingsOf is a data object as bindings key = value, when every key is a
// Rosetta binding key and every value a string a binding line holds as it
// is.
func bindingsOf(d *ir.JSONValue) ([]*ir.JSONValue, bool) {
	fs := fields(d)
	if len(fs) == 0 {
		return nil, false
	}
	var bs []*ir.JSONValue
	for _, f := range fs {
		// Only strings: a binding's value is text, and a number or a boolean
		// read back from it would come back as a string.
		if !isIdentWord(f.key) || f.v.Kind != ir.JSONString || !valueOK(f.v.Text) {
			return nil, false
		}
		bs = append(bs, obj(kv("key", jstr(f.key)), kv("value", jstr(f.v.Text))))
	}
	return bs, true
}

// valueOK reports whether a binding line carries s as it is: one line,
// nothing Rosetta reads as syntax (a confidence, a list, a quote), no blank
// at either end.
func valueOK(s string) bool {
	return s != "" && proseOK(s) && !strings.ContainsAny(s, ",~\"[]{}|=") && strings.TrimSpace(s) == s
}

// proseOK reports whether a prose slot carries s byte for byte: one line,
// printable, no blank at either end, no ~ (a confidence).
func proseOK(s string) bool {
	if s == "" || strings.TrimSpace(s) != s || strings.Contains(s, "~") || !utf8.ValidString(s) {
		return false
	}
	for _, c := range s {
		if c < ' ' || c == 0x7f {
			return false
		}
	}
	return !strings.HasPrefix(s, "|") && !strings.HasPrefix(s, "@")
}

// textLines reports whether bytes are text a txt block holds line by line.
func textLines(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for _, c := range b {
		if c < ' ' && c != '\n' && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// fieldValueOK reports whether a header field value carries s: no blank.
func fieldValueOK(s string) bool {
	return s != "" && utf8.ValidString(s) && !strings.ContainsFunc(s, func(c rune) bool { return c <= ' ' || c == 0x7f })
}

// isRosettaID reports whether s is a dotted message id (agent.seq).
func isRosettaID(s string) bool {
	agent, seq, ok := strings.Cut(s, ".")
	if !ok || !isIdentWord(agent) || seq == "" {
		return false
	}
	for _, c := range seq {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isIdentWord is a lower-case letter then lower-case letters, digits and _.
func isIdentWord(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// isTopic is name { "." name }, a name letters, digits and _.
func isTopic(s string) bool {
	for n := range strings.SplitSeq(s, ".") {
		if n == "" {
			return false
		}
		for _, c := range []byte(n) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
				return false
			}
		}
	}
	return true
}

// fileBlockName is a file name as a txt block name: lower-case letters, digits
// and _, "file" when nothing is left.
func fileBlockName(s string) string {
	if i := strings.LastIndexByte(s, '.'); i > 0 {
		s = s[:i]
	}
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' && b.Len() > 0:
			b.WriteRune(c)
		case b.Len() > 0 && (c == '_' || c == '-' || c == ' '):
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "file"
	}
	return strings.TrimRight(b.String(), "_")
}

// mimeFormat is a MIME type as a txt block's format word (text/csv is csv,
// application/json json, text/plain none), or "" when it has none.
func mimeFormat(mt string) string {
	t, _, err := mime.ParseMediaType(mt)
	if err != nil {
		return ""
	}
	if t == "text/plain" {
		return "txt"
	}
	_, sub, _ := strings.Cut(t, "/")
	sub = strings.TrimPrefix(sub, "x-")
	if !isIdentWord(sub) {
		return ""
	}
	return sub
}

// keyList names an object's keys, each once.
func keyList(v *ir.JSONValue) string {
	fs := fields(v)
	ks := make([]string, len(fs))
	for i, f := range fs {
		ks[i] = f.key
	}
	return strings.Join(ks, ", ")
}
