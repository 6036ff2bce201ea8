package translate

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/toon"
	"github.com/rosettac/rosettac/ir"
)

// The A2A leg (docs/interop.md, "Rosetta ↔ A2A"): a Rosetta transcript as A2A
// 0.3 Messages, and its obligations as Tasks. It is built on Rosetta's data
// JSON form (translate --to json), so the mapping has one source of truth:
//
//   - each message is a Message: messageId its id, role "agent", contextId its
//     topic (the thread), taskId the obligation it belongs to (the ask, do or
//     propose at the root of its re= chain), referenceTaskIds its re=;
//   - each slot is one Part, in order: a prose slot a TextPart, a slot of
//     bindings a DataPart ({key: value}, the confidences and negations in the
//     part's metadata), a txt block a FilePart (its bytes, base64), any other
//     slot (unk lists, want shapes, marks) a DataPart of its data form; the
//     known unknowns are also listed in the message's metadata;
//   - whatever A2A has no field for (the act, sender, targets, header fields,
//     each slot's name and form) travels in metadata under "rosetta", so
//     Rosetta → A2A → Rosetta returns the canonical text;
//   - each obligation is a Task whose history is its messages and whose state
//     is the obligation's: open (submitted), taken (working), answered with a
//     question (input-required), discharged (completed), failed, rejected,
//     withdrawn (canceled).
//
// What A2A cannot carry is a T diagnostic: a message without a header
// (degraded) has no counterpart (T024), and prose after the last message is
// lost (T025); prose before a message travels in its metadata.
//
// Reading A2A (--from a2a, an A2A-shaped .json) is a front end's: the
// compiler's A2A row, with grammars/a2a, reads these Messages back into the
// Rosetta text they came from.

// A2AProtocol is the A2A protocol version of the JSON Schema the output is
// checked against (the official A2A schema, which internal/interoptest's
// tests validate the output with).
const A2AProtocol = "0.3.0"

// ToA2A translates a Rosetta transcript to {"messages": [...], "tasks": [...]}.
func ToA2A(doc ir.Document, opt Options) ([]byte, diag.List) {
	t, ok := doc.(*ir.Transcript)
	if !ok {
		var ds diag.List
		sp := diag.Span{}
		if doc != nil {
			sp = doc.Pos().Collapse()
		}
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeUnsupported, Span: sp,
			Message: fmt.Sprintf("translate --to a2a reads AgentRosetta, not %s", langName(doc)),
			Hint:    "translate it to rosetta first: rosettac translate --to rosetta, then --to a2a"})
		return nil, ds
	}
	data := rosettaJSON(t)
	v, ds := toon.ParseJSON(diag.NewSource(docFile(doc), data))
	if ds.HasErrors() {
		return nil, ds
	}
	items, _ := v.Get("items")
	var msgs []toon.Value
	var prose []string
	byID := map[string]*a2aMsg{}
	var order []*a2aMsg
	mi := 0
	for _, it := range items.Items {
		if p, ok := it.Get("prose"); ok {
			prose = append(prose, p.Text)
			continue
		}
		m, _ := it.Get("message")
		var irm *ir.Message
		for mi < len(t.Messages) {
			irm = t.Messages[mi]
			mi++
			break
		}
		if deg, ok := m.Get("degraded"); ok && deg.Bool {
			sp := diag.Span{}
			if irm != nil {
				sp = irm.Span
			}
			ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoCounter, Span: sp,
				Message: "a message without a header has no A2A counterpart (an A2A message needs an id and a sender)"})
			prose = nil
			continue
		}
		am := &a2aMsg{data: m, prose: prose}
		prose = nil
		am.id = str(m, "id")
		am.act = str(m, "act")
		am.topic = str(m, "topic")
		if f, ok := m.Get("fields"); ok {
			am.re = str(f, "re")
			am.at = str(f, "at")
		}
		if irm != nil {
			am.span = irm.Span
		}
		byID[am.id] = am
		order = append(order, am)
	}
	if len(prose) > 0 {
		ds.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeLost, Span: t.Span.WithEnd(t.Span.EndOffset()).Collapse(),
			Message: "prose after the last message has no place in A2A and is lost"})
	}
	// Tasks: an obligation is opened by ask, do or propose; a reply joins the
	// task of the message it answers.
	for _, am := range order {
		if p := byID[am.re]; am.re != "" && p != nil && p.task != "" {
			am.task = p.task
		} else if opensTask(am.act) {
			am.task = am.id
		}
	}
	var tasks []toon.Value
	taskIndex := map[string]int{}
	var taskMsgs [][]*a2aMsg
	for _, am := range order {
		msgs = append(msgs, am.message())
		if am.task == "" {
			continue
		}
		i, ok := taskIndex[am.task]
		if !ok {
			i = len(taskMsgs)
			taskIndex[am.task] = i
			taskMsgs = append(taskMsgs, nil)
		}
		taskMsgs[i] = append(taskMsgs[i], am)
	}
	for _, tm := range taskMsgs {
		tasks = append(tasks, a2aTask(tm))
	}
	out := obj(kv("messages", arr(msgs...)), kv("tasks", arr(tasks...)))
	for i := range ds {
		if ds[i].Hint == "" {
			ds[i].Hint = lossHints[ds[i].Code]
		}
		if opt.Strict && ds[i].Severity == diag.Warning {
			ds[i].Severity = diag.Error
		}
	}
	return append(toon.AppendJSON(nil, out, "  "), '\n'), ds
}

func langName(doc ir.Document) string {
	if doc == nil {
		return "unreadable input"
	}
	return string(doc.Language())
}

// opensTask reports whether an act opens an obligation.
func opensTask(act string) bool { return act == "ask" || act == "do" || act == "propose" }

// a2aMsg is one Rosetta message on its way to A2A.
type a2aMsg struct {
	data                   toon.Value // its data JSON form
	prose                  []string   // the prose before it
	id, act, topic, re, at string
	task                   string
	span                   diag.Span
}

func (am *a2aMsg) message() toon.Value {
	meta := []toon.Field{}
	for _, f := range am.data.Fields {
		if f.Key != "slots" {
			meta = append(meta, f)
		}
	}
	if len(am.prose) > 0 {
		ps := make([]toon.Value, len(am.prose))
		for i, p := range am.prose {
			ps[i] = toon.StringValue(p)
		}
		meta = append(meta, toon.Field{Key: "prose_before", Value: arr(ps...)})
	}
	slots, _ := am.data.Get("slots")
	var parts []toon.Value
	var unknowns []toon.Value
	for _, s := range slots.Items {
		parts = append(parts, slotPart(s))
		if str(s, "slot") == "unk" {
			if items, ok := s.Get("items"); ok {
				unknowns = append(unknowns, items.Items...)
			}
		}
	}
	fields := []toon.Field{kv("kind", toon.StringValue("message")), kv("messageId", toon.StringValue(am.id)),
		kv("role", toon.StringValue("agent")), kv("parts", arr(parts...))}
	if am.topic != "" {
		fields = append(fields, kv("contextId", toon.StringValue(am.topic)))
	}
	if am.task != "" {
		fields = append(fields, kv("taskId", toon.StringValue(am.task)))
	}
	if am.re != "" {
		fields = append(fields, kv("referenceTaskIds", arr(toon.StringValue(am.re))))
	}
	md := []toon.Field{kv("rosetta", toon.Value{Kind: toon.Object, Fields: meta})}
	if unknowns != nil {
		md = append(md, kv("unknowns", arr(unknowns...)))
	}
	fields = append(fields, kv("metadata", toon.Value{Kind: toon.Object, Fields: md}))
	return toon.Value{Kind: toon.Object, Fields: fields}
}

// slotPart is one slot as an A2A part; metadata.rosetta keeps the slot's
// name and every member the part's own fields do not carry.
func slotPart(s toon.Value) toon.Value {
	rest := func(skip ...string) toon.Value {
		var fs []toon.Field
	next:
		for _, f := range s.Fields {
			for _, k := range skip {
				if f.Key == k {
					continue next
				}
			}
			fs = append(fs, f)
		}
		return obj(kv("rosetta", toon.Value{Kind: toon.Object, Fields: fs}))
	}
	if text, ok := s.Get("text"); ok {
		return obj(kv("kind", toon.StringValue("text")), kv("text", text), kv("metadata", rest("text")))
	}
	if bs, ok := s.Get("bindings"); ok && uniqueKeys(bs) {
		data := []toon.Field{}
		conf := []toon.Field{}
		var neg []toon.Value
		for _, b := range bs.Items {
			k := str(b, "key")
			val, _ := b.Get("value")
			data = append(data, kv(k, val))
			if c, ok := b.Get("conf"); ok {
				conf = append(conf, kv(k, c))
			}
			if n, ok := b.Get("neg"); ok && n.Bool {
				neg = append(neg, toon.StringValue(k))
			}
		}
		md := rest("bindings")
		r := &md.Fields[0].Value
		if len(conf) > 0 {
			r.Fields = append(r.Fields, kv("confidence", toon.Value{Kind: toon.Object, Fields: conf}))
		}
		if neg != nil {
			r.Fields = append(r.Fields, kv("negated", arr(neg...)))
		}
		return obj(kv("kind", toon.StringValue("data")), kv("data", toon.Value{Kind: toon.Object, Fields: data}), kv("metadata", md))
	}
	if lines, ok := s.Get("lines"); ok {
		var b strings.Builder
		for _, l := range lines.Items {
			b.WriteString(l.Text)
			b.WriteByte('\n')
		}
		file := []toon.Field{kv("bytes", toon.StringValue(base64.StdEncoding.EncodeToString([]byte(b.String())))),
			kv("mimeType", toon.StringValue("text/plain"))}
		if n := str(s, "name"); n != "" {
			file = append(file, kv("name", toon.StringValue(n)))
		}
		md := rest("lines")
		r := &md.Fields[0].Value
		r.Fields = append(r.Fields, kv("line_count", toon.Value{Kind: toon.Number, Text: fmt.Sprint(len(lines.Items))}))
		return obj(kv("kind", toon.StringValue("file")), kv("file", toon.Value{Kind: toon.Object, Fields: file}), kv("metadata", md))
	}
	// Lists, shapes, marks and bindings with a repeated key: the slot's data
	// form as the data, its name in metadata.
	var data []toon.Field
	for _, f := range s.Fields {
		if f.Key != "slot" {
			data = append(data, f)
		}
	}
	return obj(kv("kind", toon.StringValue("data")), kv("data", toon.Value{Kind: toon.Object, Fields: data}),
		kv("metadata", obj(kv("rosetta", obj(kv("slot", toon.StringValue(str(s, "slot"))), kv("data_form", toon.BoolValue(true)))))))
}

func uniqueKeys(bs toon.Value) bool {
	seen := map[string]bool{}
	for _, b := range bs.Items {
		k := str(b, "key")
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// a2aTask is one obligation as a Task: its state is its last message's.
func a2aTask(ms []*a2aMsg) toon.Value {
	root := ms[0]
	state := "submitted"
	for _, m := range ms[1:] {
		switch m.act {
		case "take", "part", "revise":
			state = "working"
		case "ask":
			state = "input-required"
		case "tell", "done", "accept":
			state = "completed"
		case "fail":
			state = "failed"
		case "reject":
			state = "rejected"
		case "stop":
			state = "canceled"
		}
	}
	ctx := root.topic
	if ctx == "" {
		ctx = root.id
	}
	status := []toon.Field{kv("state", toon.StringValue(state))}
	if at := ms[len(ms)-1].at; at != "" {
		status = append(status, kv("timestamp", toon.StringValue(at)))
	}
	hist := make([]toon.Value, len(ms))
	for i, m := range ms {
		hist[i] = m.message()
	}
	return obj(kv("kind", toon.StringValue("task")), kv("id", toon.StringValue(root.id)), kv("contextId", toon.StringValue(ctx)),
		kv("status", toon.Value{Kind: toon.Object, Fields: status}), kv("history", arr(hist...)),
		kv("metadata", obj(kv("rosetta", obj(kv("act", toon.StringValue(root.act)))))))
}

func str(v toon.Value, k string) string {
	s, _ := v.Get(k)
	return s.Text
}

func kv(k string, v toon.Value) toon.Field { return toon.Field{Key: k, Value: v} }

func obj(fs ...toon.Field) toon.Value { return toon.Value{Kind: toon.Object, Fields: fs} }

func arr(vs ...toon.Value) toon.Value {
	if vs == nil {
		vs = []toon.Value{}
	}
	return toon.Value{Kind: toon.Array, Items: vs}
}
