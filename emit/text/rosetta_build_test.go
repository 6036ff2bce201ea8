package text

import (
	"strings"

	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/ir"
)

// Builders for hand-made Rosetta IR, so the renderer is tested without the
// parser. They fill what the parser fills: keys, values, raw text, refs.

func rmsg(id, act, sender, targets, topic string, fields ...string) *ir.Message {
	h := &ir.Header{ID: ir.MsgID{Text: id}, Act: act, Sender: sender, Topic: topic}
	for _, t := range strings.Fields(strings.ReplaceAll(targets, ",", " ")) {
		k := ir.TargetAgent
		switch {
		case t == "*":
			k = ir.TargetBroadcast
		case strings.HasPrefix(t, "#"):
			k = ir.TargetTopic
		case strings.HasPrefix(t, "@"):
			k = ir.TargetRole
		}
		h.Targets = append(h.Targets, ir.Target{Kind: k, Text: t})
	}
	for _, f := range fields {
		k, v, _ := strings.Cut(f, "=")
		h.Fields = append(h.Fields, ir.Field{Key: k, Value: v})
	}
	return &ir.Message{Header: h}
}

func with(m *ir.Message, slots ...ir.Slot) *ir.Message {
	m.Slots = append(m.Slots, slots...)
	return m
}

func conf(k string) *ir.Conf {
	if k == "" {
		return nil
	}
	return &ir.Conf{Kind: k}
}

func head(key, raw string) ir.SlotHead {
	h := ir.SlotHead{Key: key, Raw: raw}
	for i := 0; i < len(raw); {
		if n, ok := isRefStart(raw, i); ok {
			h.Refs = append(h.Refs, ir.Ref{Text: raw[i : i+n]})
			i += n
			continue
		}
		i++
	}
	return h
}

func plain(key, text, c string) *ir.PlainSlot {
	return &ir.PlainSlot{SlotHead: head(key, text), Text: text, Conf: conf(c)}
}

// bind is "key=value~conf", "key!=value~conf".
func bind(spec string) *ir.Binding {
	kv, c, _ := strings.Cut(spec, "~")
	k, v, _ := strings.Cut(kv, "=")
	b := &ir.Binding{Key: k, Value: v, Conf: conf(c)}
	if strings.HasSuffix(k, "!") {
		b.Key, b.Neg = strings.TrimSuffix(k, "!"), true
	}
	return b
}

func binds(key string, specs ...string) *ir.BindingSlot {
	s := &ir.BindingSlot{SlotHead: head(key, strings.Join(specs, "\n"))}
	for _, sp := range specs {
		s.Bindings = append(s.Bindings, bind(sp))
	}
	return s
}

func list(key string, items ...string) *ir.ListSlot {
	s := &ir.ListSlot{SlotHead: head(key, "["+strings.Join(items, ", ")+"]"), Bracketed: true}
	for _, it := range items {
		s.Items = append(s.Items, ir.ListItem{Text: it})
	}
	return s
}

func ctx(raw string) *ir.RefSlot { return &ir.RefSlot{SlotHead: head("ctx", raw)} }

// want takes "name", "name?", "name: type" fields, or acts "a|b".
func want(spec ...string) *ir.ShapeSlot {
	s := &ir.ShapeSlot{}
	if len(spec) == 1 && strings.Contains(spec[0], "|") && !strings.Contains(spec[0], "[") {
		s.SlotHead = head("want", spec[0])
		s.Shape.Acts = strings.Split(spec[0], "|")
		return s
	}
	s.SlotHead = head("want", "{"+strings.Join(spec, ", ")+"}")
	s.Shape.Braced = true
	for _, f := range spec {
		name, typ, _ := strings.Cut(f, ":")
		name, typ = strings.TrimSpace(name), strings.TrimSpace(typ)
		sf := ir.ShapeField{Name: strings.TrimSuffix(name, "?"), Type: typ, Optional: strings.HasSuffix(name, "?")}
		_, sf.IsSlot = rosSlotWords[sf.Name]
		s.Shape.Fields = append(s.Shape.Fields, sf)
	}
	return s
}

// block is a txt block; attrs are "k=v".
func block(name, fmtLang string, attrs []string, lines ...string) *ir.BlockSlot {
	b := &ir.Block{Name: name, Fmt: "txt"}
	if fmtLang != "" {
		f, l, _ := strings.Cut(fmtLang, "/")
		b.Fmt, b.Lang = f, l
	}
	for _, a := range attrs {
		k, v, _ := strings.Cut(a, "=")
		b.Attrs = append(b.Attrs, ir.Attr{Key: k, Value: v})
	}
	for _, l := range lines {
		b.Lines = append(b.Lines, ir.BlockLine{Text: l})
	}
	return &ir.BlockSlot{SlotHead: ir.SlotHead{Key: "txt", Raw: name}, Block: b}
}

// mark is addr, op, value, conf and how the address resolved (nil: not resolved).
func mark(addr string, op byte, value, c string, res *ir.Resolution) *ir.Mark {
	a := ir.Address{Text: addr}
	rest := addr
	if strings.HasPrefix(rest, "@") {
		id, r, _ := strings.Cut(rest[1:], ".")
		if strings.Count(addr, ".") >= 2 {
			seq, r2, _ := strings.Cut(r, ".")
			id, r = id+"."+seq, r2
		}
		a.Msg, rest = id, r
	}
	a.Block, _, a.HasSpan = strings.Cut(rest, "#")
	for _, s := range strings.Split(rosaddr.SpanText(addr), "|") {
		switch {
		case s == "":
		case strings.HasPrefix(s, "L"):
			sel := ir.Selector{Kind: ir.SelLine, Text: s}
			for _, c := range s[1:] {
				if c < '0' || c > '9' {
					break
				}
				sel.From = sel.From*10 + int(c-'0')
			}
			a.Selectors = append(a.Selectors, sel)
		case strings.HasPrefix(s, "q"):
			a.Selectors = append(a.Selectors, ir.Selector{Kind: ir.SelQuote, Text: s, Quote: strings.Trim(s[1:], `"`)})
		default:
			a.Selectors = append(a.Selectors, ir.Selector{Kind: ir.SelBad, Text: s})
		}
	}
	return &ir.Mark{Addr: a, Op: op, Value: value, Conf: conf(c), Resolution: res}
}

func marks(ms ...*ir.Mark) *ir.MarkSlot {
	s := &ir.MarkSlot{SlotHead: ir.SlotHead{Key: "mark"}}
	s.Marks = ms
	return s
}

func res(st ir.ResolutionStatus, text string, line int) *ir.Resolution {
	return &ir.Resolution{Status: st, Text: text, Line: line}
}

func transcript(ms ...*ir.Message) *ir.Transcript { return &ir.Transcript{Messages: ms} }
