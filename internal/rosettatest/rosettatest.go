// Package rosettatest owns a deliberately small AgentRosetta reader for the
// unit tests of the passes, which may not import a grammar (ARCHITECTURE.md's
// import rules). It reads well-formed messages only: a header line, then slot
// lines (a slot key, then its text), continuation lines and `|` content
// lines, with no tolerance for decoration, fullwidth punctuation or prose.
// Spans are not filled. The real parser is grammars/rosetta; end-to-end tests
// use it through the compiler.
package rosettatest

import (
	"strings"

	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/ir"
)

// messages reads every message of text; a message starts at each unindented
// line whose first word is a message id.
func messages(text string) []*ir.Message {
	var out []*ir.Message
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, Message(strings.Join(cur, "\n")))
		}
		cur = nil
	}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && line[0] != ' ' && rosaddr.IsMsgID(f[0]) {
			flush()
		}
		if len(cur) > 0 || strings.TrimSpace(line) != "" {
			cur = append(cur, line)
		}
	}
	flush()
	return out
}

// Message reads one message.
func Message(text string) *ir.Message {
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	m := &ir.Message{Header: header(lines[0])}
	var cur ir.Slot
	var raw []string
	finish := func() {
		if cur != nil {
			finishSlot(cur, raw)
			m.Slots = append(m.Slots, cur)
		}
		cur, raw = nil, nil
	}
	for _, line := range lines[1:] {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "|"):
			body := strings.TrimPrefix(strings.TrimLeft(line, " \t")[1:], " ")
			bs, ok := cur.(*ir.BlockSlot)
			if !ok {
				finish()
				bs = &ir.BlockSlot{SlotHead: ir.SlotHead{Key: "txt"}, Block: &ir.Block{Name: "body", Fmt: "txt", Implicit: true}}
				cur = bs
			}
			bs.Block.Lines = append(bs.Block.Lines, ir.BlockLine{Text: body})
			continue
		}
		word, rest, _ := strings.Cut(t, " ")
		if m.Header.Act != "def" && ir.IsSlot(word) && !strings.HasPrefix(line, "  ") {
			finish()
			cur = newSlot(word)
			raw = []string{strings.TrimSpace(rest)}
			if bs, ok := cur.(*ir.BlockSlot); ok {
				bs.Block = blockHead(strings.TrimSpace(rest))
			}
			continue
		}
		if cur == nil {
			cur = newSlot("a")
		}
		raw = append(raw, t)
	}
	finish()
	rosaddr.Lower(m) // as grammars/rosetta does: ids, references and addresses
	return m
}

func header(line string) *ir.Header {
	f := strings.Fields(line)
	h := &ir.Header{}
	h.ID.Text = f[0]
	h.Act = f[1]
	for _, w := range f[2:] {
		switch {
		case strings.Contains(w, ">") && !strings.Contains(w, "="):
			from, to, _ := strings.Cut(w, ">")
			h.RouteWritten = true
			if from != "" {
				h.Sender, h.SenderWritten = from, true
			}
			for _, t := range strings.Split(to, ",") {
				if t == "" {
					continue
				}
				kind := ir.TargetAgent
				switch {
				case t == "*":
					kind = ir.TargetBroadcast
				case t[0] == '#':
					kind = ir.TargetTopic
				case t[0] == '@':
					kind = ir.TargetRole
				}
				h.Targets = append(h.Targets, ir.Target{Kind: kind, Text: t})
			}
		case strings.HasPrefix(w, "#") && h.Topic == "":
			h.Topic = w[1:]
		default:
			k, v, ok := strings.Cut(w, "=")
			if ok && (ir.IsHeaderKey(k) || strings.HasPrefix(k, "x_")) {
				h.Fields = append(h.Fields, ir.Field{Key: k, Value: v})
			}
		}
	}
	return h
}

func newSlot(key string) ir.Slot {
	head := ir.SlotHead{Key: key}
	switch key {
	case "a", "assume", "sub":
		return &ir.BindingSlot{SlotHead: head}
	case "unk", "opt":
		return &ir.ListSlot{SlotHead: head}
	case "ctx":
		return &ir.RefSlot{SlotHead: head}
	case "want":
		return &ir.ShapeSlot{SlotHead: head}
	case "txt":
		return &ir.BlockSlot{SlotHead: head}
	case "mark":
		return &ir.MarkSlot{SlotHead: head}
	}
	return &ir.PlainSlot{SlotHead: head}
}

// splitConf splits a trailing ~conf off s.
func splitConf(s string) (string, *ir.Conf) {
	t := strings.TrimRight(s, " \t")
	i := strings.LastIndexAny(t, "~")
	if i < 0 {
		return s, nil
	}
	k := t[i+1:]
	switch {
	case k == "hi" || k == "mid" || k == "lo" || k == "?":
	case len(k) > 0 && strings.Trim(k, "0123456789.") == "" && (k[0] == '0' || k[0] == '1' || k[0] == '.'):
	default:
		return s, nil
	}
	return strings.TrimRight(t[:i], " \t"), &ir.Conf{Kind: k}
}

// refs lists the references in s (@ then a letter, digit or '_', then
// letters, digits and _:./#@=&-).
func refs(s string) []ir.Ref {
	var out []ir.Ref
	for i := 0; i < len(s); i++ {
		if s[i] != '@' || i+1 >= len(s) || !word(s[i+1]) {
			continue
		}
		j := i + 1
		for j < len(s) && (word(s[j]) || strings.IndexByte(":./#@=&-", s[j]) >= 0) {
			j++
		}
		out = append(out, ir.Ref{Text: s[i:j]})
		i = j - 1
	}
	return out
}

func word(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func finishSlot(s ir.Slot, raw []string) {
	h := s.Head()
	h.Raw = strings.TrimSpace(strings.Join(raw, "\n"))
	h.Refs = refs(h.Raw)
	switch s := s.(type) {
	case *ir.PlainSlot:
		s.Text, s.Conf = splitConf(h.Raw)
	case *ir.BindingSlot:
		for _, line := range raw {
			key, val, neg, ok := binding(line)
			if ok {
				v, c := splitConf(val)
				s.Bindings = append(s.Bindings, &ir.Binding{Key: key, Neg: neg, Value: strings.TrimSpace(v), Conf: c})
			} else if n := len(s.Bindings); n > 0 && strings.TrimSpace(line) != "" {
				b := s.Bindings[n-1]
				v, c := splitConf(b.Value + " " + strings.TrimSpace(line))
				b.Value = v
				if c != nil {
					b.Conf = c
				}
			}
		}
		if len(s.Bindings) == 0 {
			s.Text, s.Conf = splitConf(h.Raw)
		}
	case *ir.ListSlot:
		t := h.Raw
		if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
			t, s.Bracketed = t[1:len(t)-1], true
		}
		for _, it := range strings.Split(t, ",") {
			if it = strings.TrimSpace(it); it != "" {
				s.Items = append(s.Items, ir.ListItem{Text: it})
			}
		}
	case *ir.ShapeSlot:
		s.Shape = shape(h.Raw)
	case *ir.BlockSlot:
		h.Raw = ""
		if len(raw) > 0 {
			h.Raw = strings.TrimSpace(raw[0])
		}
		h.Refs = refs(h.Raw)
	case *ir.MarkSlot:
		for _, line := range raw {
			if mk := mark(line); mk != nil {
				s.Marks = append(s.Marks, mk)
			}
		}
	}
}

func binding(line string) (key, val string, neg, ok bool) {
	t := strings.TrimSpace(line)
	i := 0
	for i < len(t) && (word(t[i]) || t[i] == ':') {
		i++
	}
	if i == 0 || !(t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z') {
		return "", "", false, false
	}
	key = t[:i]
	rest := strings.TrimLeft(t[i:], " ")
	if strings.HasPrefix(rest, "!=") {
		return key, strings.TrimSpace(rest[2:]), true, true
	}
	if strings.HasPrefix(rest, "=") {
		return key, strings.TrimSpace(rest[1:]), false, true
	}
	return "", "", false, false
}

// shape reads a want value: {k, k?: type, ...} or act|act.
func shape(raw string) ir.Shape {
	var sh ir.Shape
	if strings.HasPrefix(raw, "{") && strings.HasSuffix(raw, "}") {
		sh.Braced = true
		depth, start := 0, 1
		inner := raw[:len(raw)-1] + ","
		for i := 1; i < len(inner); i++ {
			switch inner[i] {
			case '[', '{':
				depth++
			case ']', '}':
				depth--
			case ',':
				if depth > 0 {
					continue
				}
				part := strings.TrimSpace(inner[start:i])
				start = i + 1
				if part == "" {
					continue
				}
				name, ty, _ := strings.Cut(part, ":")
				name, ty = strings.TrimSpace(name), strings.TrimSpace(ty)
				f := ir.ShapeField{Name: strings.TrimSuffix(name, "?"), Type: ty, Optional: strings.HasSuffix(name, "?")}
				f.IsSlot = ir.IsSlot(f.Name)
				sh.Fields = append(sh.Fields, f)
			}
		}
		return sh
	}
	for _, a := range strings.Split(raw, "|") {
		if a = strings.TrimSpace(a); a != "" {
			sh.Acts = append(sh.Acts, a)
		}
	}
	return sh
}

func blockHead(raw string) *ir.Block {
	b := &ir.Block{Name: "body", Fmt: "txt"}
	if strings.HasPrefix(raw, `"`) {
		b.Inline = true
		b.Lines = []ir.BlockLine{{Text: strings.Trim(raw, `"`)}}
		return b
	}
	for i, w := range strings.Fields(raw) {
		switch {
		case i == 0 && !strings.ContainsAny(w, "@="):
			b.Name = w
		case strings.HasPrefix(w, "@"):
			b.Fmt, b.Lang, _ = strings.Cut(w[1:], "/")
		default:
			k, v, _ := strings.Cut(w, "=")
			b.Attrs = append(b.Attrs, ir.Attr{Key: k, Value: v})
		}
	}
	return b
}

func mark(line string) *ir.Mark {
	t := strings.TrimSpace(line)
	inq := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c == '"' {
			inq = !inq
			continue
		}
		if inq || c != '=' && c != '>' {
			continue
		}
		v, conf := splitConf(strings.TrimSpace(t[i+1:]))
		return &ir.Mark{Addr: ir.Address{Text: strings.TrimSpace(t[:i])}, Op: c, Value: strings.TrimSpace(v), Conf: conf}
	}
	return nil
}
