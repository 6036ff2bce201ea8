// Package a2a reads Google's Agent2Agent protocol (A2A 0.3) messages as
// AgentRosetta text: the compiler's A2A row (compiler/a2a.go) hands that text
// to its Rosetta row, so an A2A file is checked, compiled, rendered and
// translated as the transcript it describes (docs/interop.md, "Rosetta ↔
// A2A"). Writing A2A (translate --to a2a) is a back end and lives in
// emit/translate.
//
// A Message rosettac wrote carries its act, sender and slots in
// metadata.rosetta and reads back into the text it came from; a Message
// another agent wrote is mapped as foreign.go describes, every loss a T025
// warning. Both are built as Rosetta's data JSON form
// ({"format":"rosetta","items":[...]}) and written as text by the Rosetta
// grammar's writer, which the caller passes (a grammar imports no other
// grammar), through internal/jsonvalue.WriteDataForm: the mapping has one
// source of truth, the data form translate --to json writes.
//
// The JSON is read with internal/datajson, which keeps each value's byte
// offset, so every A2A diagnostic is at the value it is about in the A2A
// file. A key repeated in one object keeps its first place and its last value,
// as JavaScript's JSON.parse does; a data part's JSON is carried byte for byte
// (re-indented, never re-encoded).
package a2a

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// The diagnostic codes of the reader: those of translation (docs/translation.md)
// for what Rosetta cannot carry and for what is not A2A, and TOON's codes for
// input that is not JSON, which --from a2a has reported since it read A2A with
// TOON's JSON reader (docs/interop.md lists them).
const (
	CodeLost     = "T025"  // a part of a message Rosetta cannot carry (named in the message)
	CodeVerbatim = "T026"  // file bytes that are not text, carried as base64 (info)
	CodeBadA2A   = "T027"  // a value that is not an A2A Message, Task or list of them (error)
	CodeJSON     = "TN013" // input that is not one JSON value
)

// Read reads A2A JSON into Rosetta text: the output of translate --to a2a
// ({"messages": [...]}), an array of Messages, one Message, or a Task (its
// history). write is the Rosetta grammar's data-form writer
// (rosetta.JSONText). The text is nil when src cannot be read; the
// diagnostics are in src.
func Read(src *diag.Source, write jsonvalue.TextWriter) ([]byte, diag.List) {
	var ds diag.List
	content := src.Content()
	base := diag.BOMLen(content) // an encoding mark, not JSON text
	v, lits, err := datajson.DecodeLiterals([]byte(content[base:]))
	if err != nil {
		off, why := len(content), err.Error()
		var se *datajson.SyntaxError
		if errors.As(err, &se) {
			off, why = base+se.Offset, se.Reason()
		}
		if strings.TrimLeft(content[base:], " \t\r\n") == "" {
			why = "no JSON value"
		}
		off = min(off, len(content))
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeJSON, Span: src.Span(off, off),
			Message: "the input is not valid JSON: " + why, Hint: "give one JSON value"})
		return nil, ds
	}
	r := newReader(src, base, lits, &ds)
	bad := func(at *ir.JSONValue, format string, args ...any) ([]byte, diag.List) {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeBadA2A, Span: r.span(at), Message: fmt.Sprintf(format, args...),
			Hint: "give A2A Messages (the Message definition of the A2A JSON Schema), a Task, or what rosettac translate --to a2a wrote (docs/interop.md)"})
		return nil, ds
	}
	const want = "expected an A2A Message, an array of them, a Task, or {\"messages\": [...]}"
	var list []*ir.JSONValue
	switch kind := str(v, "kind"); {
	case v.Kind == ir.JSONArray:
		list = v.Items
	case v.Kind == ir.JSONObject && kind == "message":
		list = []*ir.JSONValue{v}
	case v.Kind == ir.JSONObject && kind == "task":
		list = items(get(v, "history"))
		if st := get(v, "status"); st != nil {
			at := st
			if state := get(st, "state"); state != nil {
				at = state
			}
			ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeLost, Span: r.span(at),
				Message: fmt.Sprintf("the Task's state %q is not carried: Rosetta's obligation state follows from the messages", str(st, "state")),
				Hint:    "accept the loss (--strict refuses it); the messages of its history are read"})
		}
	case v.Kind == ir.JSONObject:
		ms := get(v, "messages")
		if ms == nil || ms.Kind != ir.JSONArray {
			return bad(v, want)
		}
		list = ms.Items
	default:
		return bad(v, want)
	}
	var out []*ir.JSONValue
	for i := range list {
		m := list[i]
		meta := get(get(m, "metadata"), "rosetta")
		if meta == nil || meta.Kind != ir.JSONObject {
			fm, f := r.message(m)
			if f != nil {
				return bad(f.at, "message %d: %s", i+1, f.msg)
			}
			out = append(out, obj(kv("message", fm)))
			continue
		}
		// A message rosettac wrote: its header is metadata.rosetta, each
		// part's metadata.rosetta its slot.
		var head []*ir.JSONMember
		var prose []*ir.JSONValue
		for _, f := range fields(meta) {
			if f.key == "prose_before" {
				prose = items(f.v)
				continue
			}
			head = append(head, kv(f.key, value(f.v)))
		}
		r.used[str(meta, "id")] = true
		r.ids[str(m, "messageId")] = str(meta, "id")
		if t := str(m, "taskId"); t != "" {
			r.taskLast[t] = str(meta, "id")
		}
		for i := range prose {
			out = append(out, obj(kv("prose", value(prose[i]))))
		}
		var slots []*ir.JSONValue
		parts := items(get(m, "parts"))
		for i := range parts {
			s, f := partSlot(parts[i])
			if f != nil {
				return bad(f.at, "message %s: %s", str(m, "messageId"), f.msg)
			}
			slots = append(slots, s)
		}
		head = append(head, kv("slots", arr(slots...)))
		out = append(out, obj(kv("message", &ir.JSONValue{Kind: ir.JSONObject, Members: head})))
	}
	// The data form is rosettac's own, built here, and in no file: what its
	// writer refuses (a metadata.rosetta without the form's shape) is
	// reported at the start of the A2A file, whose text it is about, and a
	// member it does not carry at the A2A value it was taken from when the
	// form holds that value itself (a string, number or boolean of
	// metadata.rosetta; value copies arrays and objects).
	text, more := jsonvalue.WriteDataForm(src, "rosetta", arr(out...), write, func(v *ir.JSONValue) diag.Span {
		if _, ok := r.lits[v]; ok && v != nil {
			return r.span(v)
		}
		return src.Span(base, base)
	})
	if more.HasErrors() {
		text = nil
	}
	return text, append(ds, more...)
}

// Is reports whether text, one JSON text, has A2A's shape, clearly enough to
// be read as A2A without --from a2a: a Message (an object whose kind is
// "message" with a messageId, a role and parts), a non-empty array of
// Messages, a Task (kind "task" with an id and a status) or what translate
// --to a2a writes ({"messages": [Message...], "tasks": [...]}). A key must
// spell messageId literally: text without it is told without being decoded,
// which keeps the JSON row's large relational data cheap to tell.
func Is(text string) bool {
	if !strings.Contains(text, `"messageId"`) {
		return false
	}
	v, err := datajson.Outline(text, 3) // a message's members, in {"messages": [...]}
	if err != nil {
		return false
	}
	switch v.Kind {
	case ir.JSONArray:
		return allMessages(v)
	case ir.JSONObject:
		switch str(v, "kind") {
		case "message":
			return isMessage(v)
		case "task":
			return get(v, "id") != nil && get(v, "status") != nil
		}
		ms, ts := get(v, "messages"), get(v, "tasks")
		return len(v.Members) == 2 && ms != nil && allMessages(ms) && ts != nil && ts.Kind == ir.JSONArray
	}
	return false
}

// allMessages reports whether v is a non-empty array of Messages.
func allMessages(v *ir.JSONValue) bool {
	if v.Kind != ir.JSONArray || len(v.Items) == 0 {
		return false
	}
	for i := range v.Items {
		if !isMessage(v.Items[i]) {
			return false
		}
	}
	return true
}

// isMessage reports whether v has the members every A2A Message has.
func isMessage(v *ir.JSONValue) bool {
	return v.Kind == ir.JSONObject && str(v, "kind") == "message" &&
		get(v, "messageId") != nil && get(v, "role") != nil && get(v, "parts") != nil
}

// partSlot rebuilds a slot's data form from a part rosettac wrote.
func partSlot(p *ir.JSONValue) (*ir.JSONValue, *fault) {
	r := get(get(p, "metadata"), "rosetta")
	if r == nil {
		return nil, &fault{p, "a part without metadata.rosetta"}
	}
	if isTrue(get(r, "data_form")) {
		fs := []*ir.JSONMember{kv("slot", jstr(str(r, "slot")))}
		for _, f := range fields(get(p, "data")) {
			fs = append(fs, kv(f.key, value(f.v)))
		}
		return &ir.JSONValue{Kind: ir.JSONObject, Members: fs}, nil
	}
	var fs []*ir.JSONMember
	var conf, neg *ir.JSONValue
	for _, f := range fields(r) {
		switch f.key {
		case "confidence":
			conf = f.v
		case "negated":
			neg = f.v
		case "line_count":
		default:
			fs = append(fs, kv(f.key, value(f.v)))
		}
	}
	// The slot's own member (text, bindings) follows its name, where the
	// data form has it.
	insertAfterSlot := func(m *ir.JSONMember) {
		for i, x := range fs {
			if x.Key == "slot" {
				fs = append(fs[:i+1], append([]*ir.JSONMember{m}, fs[i+1:]...)...)
				return
			}
		}
		fs = append(fs, m)
	}
	switch str(p, "kind") {
	case "text":
		insertAfterSlot(kv("text", value(get(p, "text"))))
	case "data":
		var bs []*ir.JSONValue
		for _, f := range fields(get(p, "data")) {
			b := []*ir.JSONMember{kv("key", jstr(f.key)), kv("value", value(f.v))}
			negs := items(neg)
			for i := range negs {
				if text(negs[i]) == f.key {
					b = append(b, kv("neg", jbool(true)))
				}
			}
			if c := get(conf, f.key); c != nil {
				b = append(b, kv("conf", value(c)))
			}
			bs = append(bs, &ir.JSONValue{Kind: ir.JSONObject, Members: b})
		}
		insertAfterSlot(kv("bindings", arr(bs...)))
	case "file":
		raw, err := base64.StdEncoding.DecodeString(str(get(p, "file"), "bytes"))
		if err != nil {
			return nil, &fault{p, "a file part whose bytes are not base64"}
		}
		var lines []*ir.JSONValue
		if len(raw) > 0 {
			for l := range strings.SplitSeq(strings.TrimSuffix(string(raw), "\n"), "\n") {
				lines = append(lines, jstr(l))
			}
		}
		fs = append(fs, kv("lines", arr(lines...)))
	default:
		return nil, &fault{p, "a part of unknown kind " + str(p, "kind")}
	}
	return &ir.JSONValue{Kind: ir.JSONObject, Members: fs}, nil
}

// fault is why a value is not what A2A says it is, and the value.
type fault struct {
	at  *ir.JSONValue
	msg string
}

// field is one member of an object as JSON.parse keeps it.
type field struct {
	key string
	v   *ir.JSONValue
}

// fields are v's members, a repeated key in its first place with its last
// value; none when v is not an object.
func fields(v *ir.JSONValue) []field {
	if v == nil || v.Kind != ir.JSONObject {
		return nil
	}
	out := make([]field, 0, len(v.Members))
	at := map[string]int{}
	for _, m := range v.Members {
		if j, ok := at[m.Key]; ok {
			out[j].v = m.Value
			continue
		}
		at[m.Key] = len(out)
		out = append(out, field{m.Key, m.Value})
	}
	return out
}

// get is the value of key k of an object (its last, for a repeated key), or
// nil when v is no object or has no such key.
func get(v *ir.JSONValue, k string) *ir.JSONValue {
	if v == nil || v.Kind != ir.JSONObject {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == k {
			return v.Members[i].Value
		}
	}
	return nil
}

// items are an array's elements; none when v is not an array.
func items(v *ir.JSONValue) []*ir.JSONValue {
	if v == nil || v.Kind != ir.JSONArray {
		return nil
	}
	return v.Items
}

// text is a string's text or a number's digits, else "".
func text(v *ir.JSONValue) string {
	switch {
	case v == nil:
		return ""
	case v.Kind == ir.JSONString, v.Kind == ir.JSONNumber:
		return v.Text
	}
	return ""
}

// str is text of member k of v.
func str(v *ir.JSONValue, k string) string { return text(get(v, k)) }

func isTrue(v *ir.JSONValue) bool { return v != nil && v.Kind == ir.JSONBool && v.Bool }

// value is v as a value of the data form: the same JSON (numbers as written,
// a string whose escape no UTF-8 text holds with its literal), each key of an
// object once with its last value, where its first stands; null for no value.
func value(v *ir.JSONValue) *ir.JSONValue {
	switch {
	case v == nil:
		return &ir.JSONValue{Kind: ir.JSONNull}
	case v.Kind == ir.JSONArray:
		out := &ir.JSONValue{Kind: ir.JSONArray, Items: make([]*ir.JSONValue, len(v.Items))}
		for i, it := range v.Items {
			out.Items[i] = value(it)
		}
		return out
	case v.Kind == ir.JSONObject:
		out := &ir.JSONValue{Kind: ir.JSONObject}
		for _, f := range fields(v) {
			out.Members = append(out.Members, kv(f.key, value(f.v)))
		}
		return out
	}
	return v
}

func jstr(s string) *ir.JSONValue { return &ir.JSONValue{Kind: ir.JSONString, Text: s} }

func jbool(b bool) *ir.JSONValue { return &ir.JSONValue{Kind: ir.JSONBool, Bool: b} }

func kv(k string, v *ir.JSONValue) *ir.JSONMember { return &ir.JSONMember{Key: k, Value: v} }

func obj(ms ...*ir.JSONMember) *ir.JSONValue {
	return &ir.JSONValue{Kind: ir.JSONObject, Members: ms}
}

func arr(vs ...*ir.JSONValue) *ir.JSONValue {
	return &ir.JSONValue{Kind: ir.JSONArray, Items: vs}
}
