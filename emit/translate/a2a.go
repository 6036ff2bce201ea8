package translate

import (
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
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
	var ds diag.List
	items := rosettaJSONValue(t).Member("items")
	var msgs []*jb
	var prose []string
	byID := map[string]*a2aMsg{}
	var order []*a2aMsg
	mi := 0
	for _, it := range items.Items {
		if p := it.Member("prose"); p != nil {
			prose = append(prose, p.Text)
			continue
		}
		m := it.Member("message")
		var irm *ir.Message
		for mi < len(t.Messages) {
			irm = t.Messages[mi]
			mi++
			break
		}
		if deg := m.Member("degraded"); deg != nil && deg.Bool {
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
		if f := m.Member("fields"); f != nil {
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
	var tasks []*jb
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
	out := obj(kv("messages", jarr(msgs...)), kv("tasks", jarr(tasks...)))
	for i := range ds {
		if ds[i].Hint == "" {
			ds[i].Hint = lossHints[ds[i].Code]
		}
		if opt.Strict && ds[i].Severity == diag.Warning {
			ds[i].Severity = diag.Error
		}
	}
	return writeJSON(out), ds
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
	data                   *jb      // its data JSON form
	prose                  []string // the prose before it
	id, act, topic, re, at string
	task                   string
	span                   diag.Span
}

func (am *a2aMsg) message() *jb {
	meta := []*ir.JSONMember{}
	for _, f := range am.data.Members {
		if f.Key != "slots" {
			meta = append(meta, f)
		}
	}
	if len(am.prose) > 0 {
		meta = append(meta, kv("prose_before", jstrs(am.prose)))
	}
	var parts []*jb
	var unknowns []*jb
	for _, s := range am.data.Member("slots").Items {
		parts = append(parts, slotPart(s))
		if str(s, "slot") == "unk" {
			if items := s.Member("items"); items != nil {
				unknowns = append(unknowns, items.Items...)
			}
		}
	}
	fields := []*ir.JSONMember{kv("kind", jstr("message")), kv("messageId", jstr(am.id)),
		kv("role", jstr("agent")), kv("parts", jarr(parts...))}
	if am.topic != "" {
		fields = append(fields, kv("contextId", jstr(am.topic)))
	}
	if am.task != "" {
		fields = append(fields, kv("taskId", jstr(am.task)))
	}
	if am.re != "" {
		fields = append(fields, kv("referenceTaskIds", jarr(jstr(am.re))))
	}
	md := []*ir.JSONMember{kv("rosetta", obj(meta...))}
	if unknowns != nil {
		md = append(md, kv("unknowns", jarr(unknowns...)))
	}
	fields = append(fields, kv("metadata", obj(md...)))
	return obj(fields...)
}

// slotPart is one slot as an A2A part; metadata.rosetta keeps the slot's
// name and every member the part's own fields do not carry.
func slotPart(s *jb) *jb {
	rest := func(skip ...string) (md, rosetta *jb) {
		var fs []*ir.JSONMember
	next:
		for _, f := range s.Members {
			for _, k := range skip {
				if f.Key == k {
					continue next
				}
			}
			fs = append(fs, f)
		}
		rosetta = obj(fs...)
		return obj(kv("rosetta", rosetta)), rosetta
	}
	if text := s.Member("text"); text != nil {
		md, _ := rest("text")
		return obj(kv("kind", jstr("text")), kv("text", text), kv("metadata", md))
	}
	if bs := s.Member("bindings"); bs != nil && uniqueKeys(bs) {
		data := []*ir.JSONMember{}
		conf := []*ir.JSONMember{}
		var neg []*jb
		for _, b := range bs.Items {
			k := str(b, "key")
			val := b.Member("value")
			if val == nil {
				val = &jb{} // null, as a missing member read as before
			}
			data = append(data, kv(k, val))
			if c := b.Member("conf"); c != nil {
				conf = append(conf, kv(k, c))
			}
			if n := b.Member("neg"); n != nil && n.Bool {
				neg = append(neg, jstr(k))
			}
		}
		md, r := rest("bindings")
		if len(conf) > 0 {
			r.Members = append(r.Members, kv("confidence", obj(conf...)))
		}
		if neg != nil {
			r.Members = append(r.Members, kv("negated", jarr(neg...)))
		}
		return obj(kv("kind", jstr("data")), kv("data", obj(data...)), kv("metadata", md))
	}
	if lines := s.Member("lines"); lines != nil {
		var b strings.Builder
		for _, l := range lines.Items {
			b.WriteString(l.Text)
			b.WriteByte('\n')
		}
		file := []*ir.JSONMember{kv("bytes", jstr(base64.StdEncoding.EncodeToString([]byte(b.String())))),
			kv("mimeType", jstr("text/plain"))}
		if n := str(s, "name"); n != "" {
			file = append(file, kv("name", jstr(n)))
		}
		md, r := rest("lines")
		r.Members = append(r.Members, kv("line_count", &jb{Kind: ir.JSONNumber, Text: fmt.Sprint(len(lines.Items))}))
		return obj(kv("kind", jstr("file")), kv("file", obj(file...)), kv("metadata", md))
	}
	// Lists, shapes, marks and bindings with a repeated key: the slot's data
	// form as the data, its name in metadata.
	var data []*ir.JSONMember
	for _, f := range s.Members {
		if f.Key != "slot" {
			data = append(data, f)
		}
	}
	return obj(kv("kind", jstr("data")), kv("data", obj(data...)),
		kv("metadata", obj(kv("rosetta", obj(kv("slot", jstr(str(s, "slot"))), kv("data_form", jbool(true)))))))
}

func uniqueKeys(bs *jb) bool {
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
func a2aTask(ms []*a2aMsg) *jb {
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
	status := []*ir.JSONMember{kv("state", jstr(state))}
	if at := ms[len(ms)-1].at; at != "" {
		status = append(status, kv("timestamp", jstr(at)))
	}
	hist := make([]*jb, len(ms))
	for i, m := range ms {
		hist[i] = m.message()
	}
	return obj(kv("kind", jstr("task")), kv("id", jstr(root.id)), kv("contextId", jstr(ctx)),
		kv("status", obj(status...)), kv("history", jarr(hist...)),
		kv("metadata", obj(kv("rosetta", obj(kv("act", jstr(root.act)))))))
}

// str is member k of v as a string ("" when it is missing).
func str(v *jb, k string) string {
	if m := v.Member(k); m != nil {
		return m.Text
	}
	return ""
}

func kv(k string, v *jb) *ir.JSONMember { return &ir.JSONMember{Key: k, Value: v} }

func obj(ms ...*ir.JSONMember) *jb { return &jb{Kind: ir.JSONObject, Members: ms} }
