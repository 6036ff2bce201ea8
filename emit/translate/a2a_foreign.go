package translate

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"mime"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/toon"
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
// warning naming it; a value that is not an A2A Message is T027.

// foreignReader turns other agents' A2A messages into Rosetta data-form
// messages; it keeps what it needs across messages (ids, tasks, counters).
type foreignReader struct {
	src      *diag.Source
	ds       *diag.List
	ids      map[string]string // messageId -> Rosetta id
	taskLast map[string]string // taskId -> the Rosetta id of its latest message
	seq      map[string]int    // role -> messages so far
	used     map[string]bool   // Rosetta ids given
	searchAt int               // where the next "messageId" is looked for (positions)
}

func newForeignReader(src *diag.Source, ds *diag.List) *foreignReader {
	return &foreignReader{src: src, ds: ds, ids: map[string]string{}, taskLast: map[string]string{},
		seq: map[string]int{}, used: map[string]bool{}}
}

// span is the position of the next message's messageId in the source (the
// values carry no offsets; messages are read in source order).
func (r *foreignReader) span() diag.Span {
	key := []byte(`"messageId"`)
	if i := bytes.Index(r.src.Text[r.searchAt:], key); i >= 0 {
		at := r.searchAt + i
		r.searchAt = at + len(key)
		return r.src.Span(at, at+len(key))
	}
	return r.src.Span(0, 0)
}

func (r *foreignReader) lost(sp diag.Span, format string, args ...any) {
	r.ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeLost, Span: sp, Message: fmt.Sprintf(format, args...),
		Hint: "Rosetta has no place for it; keep the A2A message beside the transcript if it matters, or accept the loss (--strict refuses it)"})
}

// message is one foreign Message as a Rosetta data-form message, or an error
// text when m is not a Message.
func (r *foreignReader) message(m toon.Value) (toon.Value, string) {
	sp := r.span()
	if m.Kind != toon.Object || str(m, "kind") != "message" {
		return toon.Value{}, "not an A2A Message (kind \"message\")"
	}
	mid, ok := m.Get("messageId")
	if !ok || mid.Kind != toon.String {
		return toon.Value{}, "an A2A Message needs a messageId string"
	}
	role := str(m, "role")
	if role != "user" && role != "agent" {
		return toon.Value{}, fmt.Sprintf("message %s: role is %q, not user or agent", mid.Text, role)
	}
	parts, ok := m.Get("parts")
	if !ok || parts.Kind != toon.Array {
		return toon.Value{}, fmt.Sprintf("message %s: an A2A Message needs parts", mid.Text)
	}
	other := map[string]string{"user": "agent", "agent": "user"}[role]
	act := map[string]string{"user": "ask", "agent": "tell"}[role]

	var fields []toon.Field
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
			fields = append(fields, kv("x_a2a_id", toon.StringValue(mid.Text)))
		} else {
			r.lost(sp, "the messageId %q is not a Rosetta id and holds blanks, so no header field keeps it (the message is %s)", mid.Text, id)
		}
	}
	r.used[id] = true
	if _, dup := r.ids[mid.Text]; !dup {
		r.ids[mid.Text] = id
	}

	// re=: what the message answers.
	re := ""
	if refs, ok := m.Get("referenceTaskIds"); ok && refs.Kind == toon.Array {
		for i, ref := range refs.Items {
			target := r.taskLast[ref.Text]
			if target == "" {
				target = r.ids[ref.Text]
			}
			if i == 0 && target != "" {
				re = target
				continue
			}
			r.lost(sp, "referenceTaskIds %q of message %s names no earlier message, or is not the first: Rosetta's re= names one", ref.Text, mid.Text)
		}
	}
	task := str(m, "taskId")
	if re == "" && task != "" {
		re = r.taskLast[task]
	}
	if re != "" {
		fields = append([]toon.Field{kv("re", toon.StringValue(re))}, fields...)
	} else if task != "" {
		if fieldValueOK(task) {
			fields = append(fields, kv("x_a2a_task", toon.StringValue(task)))
		} else {
			r.lost(sp, "taskId %q of message %s holds blanks: no header field keeps it", task, mid.Text)
		}
	}
	if task != "" {
		r.taskLast[task] = id
	}

	head := []toon.Field{kv("id", toon.StringValue(id)), kv("act", toon.StringValue(act)),
		kv("from", toon.StringValue(role)), kv("to", arr(toon.StringValue(other)))}
	if ctx := str(m, "contextId"); ctx != "" {
		switch {
		case isTopic(ctx):
			head = append(head, kv("topic", toon.StringValue(ctx)))
		case fieldValueOK(ctx):
			fields = append(fields, kv("x_a2a_context", toon.StringValue(ctx)))
		default:
			r.lost(sp, "contextId %q of message %s holds blanks: neither a topic nor a header field keeps it", ctx, mid.Text)
		}
	}
	if len(fields) > 0 {
		head = append(head, kv("fields", toon.Value{Kind: toon.Object, Fields: fields}))
	}
	if md, ok := m.Get("metadata"); ok && len(md.Fields) > 0 {
		r.lost(sp, "the metadata of message %s (%s) is not carried", mid.Text, keyList(md))
	}
	if ex, ok := m.Get("extensions"); ok && len(ex.Items) > 0 {
		r.lost(sp, "the extensions of message %s are not carried", mid.Text)
	}

	var slots []toon.Value
	for i, p := range parts.Items {
		s, err := r.part(p, role, sp, fmt.Sprintf("message %s part %d", mid.Text, i+1))
		if err != "" {
			return toon.Value{}, err
		}
		slots = append(slots, s)
	}
	head = append(head, kv("slots", arr(slots...)))
	return toon.Value{Kind: toon.Object, Fields: head}, ""
}

// part is one foreign part as a slot's data form.
func (r *foreignReader) part(p toon.Value, role string, sp diag.Span, what string) (toon.Value, string) {
	if md, ok := p.Get("metadata"); ok && len(md.Fields) > 0 {
		r.lost(sp, "the metadata of %s (%s) is not carried", what, keyList(md))
	}
	switch str(p, "kind") {
	case "text":
		t, ok := p.Get("text")
		if !ok || t.Kind != toon.String {
			return toon.Value{}, what + ": a text part needs a text string"
		}
		if proseOK(t.Text) {
			slot := "a"
			if role == "user" {
				slot = "q"
			}
			return obj(kv("slot", toon.StringValue(slot)), kv("text", t)), ""
		}
		return linesSlot("text", "", t.Text), ""
	case "data":
		d, ok := p.Get("data")
		if !ok || d.Kind != toon.Object {
			return toon.Value{}, what + ": a data part needs a data object"
		}
		if bs, ok := bindingsOf(d); ok {
			return obj(kv("slot", toon.StringValue("a")), kv("bindings", arr(bs...))), ""
		}
		return linesSlot("data", "json", strings.TrimSuffix(string(toon.AppendJSON(nil, d, "  ")), "\n")), ""
	case "file":
		f, ok := p.Get("file")
		if !ok || f.Kind != toon.Object {
			return toon.Value{}, what + ": a file part needs a file object"
		}
		name := fileBlockName(str(f, "name"))
		if b, ok := f.Get("bytes"); ok {
			format := ""
			if mt := str(f, "mimeType"); mt != "" {
				format = mimeFormat(mt)
				if format == "" {
					r.lost(sp, "the MIME type %q of %s is not carried (a txt block's format is a word)", mt, what)
				}
			}
			raw, err := base64.StdEncoding.DecodeString(b.Text)
			if err != nil {
				return toon.Value{}, what + ": the file's bytes are not base64"
			}
			if textLines(raw) {
				return linesSlot(name, format, strings.TrimSuffix(string(raw), "\n")), ""
			}
			r.ds.Add(diag.Diagnostic{Severity: diag.Info, Code: CodeVerbatim, Span: sp,
				Message: fmt.Sprintf("the bytes of %s are not text: carried as base64 in a txt block @base64", what)})
			var lines []string
			for s := b.Text; len(s) > 0; {
				n := min(76, len(s))
				lines = append(lines, s[:n])
				s = s[n:]
			}
			return linesSlot(name, "base64", strings.Join(lines, "\n")), ""
		}
		if u, ok := f.Get("uri"); ok && proseOK(u.Text) {
			var gone []string
			if n := str(f, "name"); n != "" {
				gone = append(gone, "name "+strconv.Quote(n))
			}
			if mt := str(f, "mimeType"); mt != "" {
				gone = append(gone, "MIME type "+strconv.Quote(mt))
			}
			if gone != nil {
				r.lost(sp, "the %s of %s, a file by uri, not carried: the ctx slot holds the uri", strings.Join(gone, " and "), what)
			}
			return obj(kv("slot", toon.StringValue("ctx")), kv("text", u)), ""
		}
		return toon.Value{}, what + ": a file part needs bytes or a uri (on one line)"
	}
	return toon.Value{}, fmt.Sprintf("%s: a part of unknown kind %q", what, str(p, "kind"))
}

// linesSlot is a txt block holding text's lines.
func linesSlot(name, format, text string) toon.Value {
	var lines []toon.Value
	for l := range strings.SplitSeq(text, "\n") {
		lines = append(lines, toon.StringValue(l))
	}
	fs := []toon.Field{kv("slot", toon.StringValue("txt")), kv("name", toon.StringValue(name))}
	if format != "" {
		fs = append(fs, kv("fmt", toon.StringValue(format)))
	}
	return toon.Value{Kind: toon.Object, Fields: append(fs, kv("lines", arr(lines...)))}
}

// bindingsOf is a data object as bindings key = value, when every key is a
// Rosetta binding key and every value a string a binding line holds as it
// is.
func bindingsOf(d toon.Value) ([]toon.Value, bool) {
	if len(d.Fields) == 0 {
		return nil, false
	}
	var bs []toon.Value
	for _, f := range d.Fields {
		// Only strings: a binding's value is text, and a number or a boolean
		// read back from it would come back as a string.
		text := f.Value.Text
		if !isIdentWord(f.Key) || f.Value.Kind != toon.String || !valueOK(text) {
			return nil, false
		}
		bs = append(bs, obj(kv("key", toon.StringValue(f.Key)), kv("value", toon.StringValue(text))))
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

func keyList(v toon.Value) string {
	ks := make([]string, len(v.Fields))
	for i, f := range v.Fields {
		ks[i] = f.Key
	}
	return strings.Join(ks, ", ")
}
