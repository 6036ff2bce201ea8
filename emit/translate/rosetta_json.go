package translate

import (
	rosetta "github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// The data JSON of a Rosetta transcript (translate --to json; the shape is in
// docs/translation.md): {"format":"rosetta","items":[...]}, one item per
// message ({"message":{...}}) or prose run ({"prose":"..."}), in source order.
// A message has its header parts and its slots as plain objects. The reader
// of the same shape is the grammar's (rosetta.JSONText), through the
// compiler's JSON front end.

// jb builds JSON values in order.
type jb = ir.JSONValue

func jstr(s string) *jb     { return &jb{Kind: ir.JSONString, Text: s} }
func jbool(b bool) *jb      { return &jb{Kind: ir.JSONBool, Bool: b} }
func jarr(items ...*jb) *jb { return &jb{Kind: ir.JSONArray, Items: items} }
func jobj() *jb             { return &jb{Kind: ir.JSONObject} }
func set(o *jb, k string, v *jb) *jb {
	o.Members = append(o.Members, &ir.JSONMember{Key: k, Value: v})
	return o
}

func jstrs(ss []string) *jb {
	a := jarr()
	for _, s := range ss {
		a.Items = append(a.Items, jstr(s))
	}
	return a
}

func writeJSON(v *jb) []byte {
	return append(jsonvalue.Indent(v, "", "  ", false), '\n')
}

func rosettaJSON(t *ir.Transcript) []byte { return writeJSON(rosettaJSONValue(t)) }

// rosettaJSONValue is the data JSON form of t (rosettaJSON writes it; the A2A
// leg reads it).
func rosettaJSONValue(t *ir.Transcript) *jb {
	items := jarr()
	mi, pi := 0, 0
	for mi < len(t.Messages) || pi < len(t.Prose) {
		if pi < len(t.Prose) && (mi >= len(t.Messages) || t.Prose[pi].Span.StartOffset() < t.Messages[mi].Span.StartOffset()) {
			items.Items = append(items.Items, set(jobj(), "prose", jstr(t.Prose[pi].Text)))
			pi++
			continue
		}
		items.Items = append(items.Items, set(jobj(), "message", messageJSON(t.Messages[mi])))
		mi++
	}
	return set(set(jobj(), "format", jstr("rosetta")), "items", items)
}

func confJSON(o *jb, c *ir.Conf) {
	if c != nil {
		set(o, "conf", jstr(c.Kind))
	}
}

func messageJSON(m *ir.Message) *jb {
	o := jobj()
	if m.Degraded || m.Header == nil {
		var lines []string
		for _, s := range m.Slots {
			if b, ok := s.(*ir.BlockSlot); ok {
				lines = append(lines, blockLines(b.Block)...)
			}
		}
		return set(set(o, "degraded", jbool(true)), "lines", jstrs(lines))
	}
	h := m.Header
	set(set(set(o, "id", jstr(h.ID.Text)), "act", jstr(h.Act)), "from", jstr(h.Sender))
	var to []string
	for _, t := range h.Targets {
		to = append(to, t.Text)
	}
	set(o, "to", jstrs(to))
	if h.Topic != "" {
		set(o, "topic", jstr(h.Topic))
	}
	if len(h.Fields) > 0 {
		f := jobj()
		for _, fd := range rosetta.CanonicalFields(h.Fields) {
			set(f, fd.Key, jstr(fd.Value))
		}
		set(o, "fields", f)
	}
	slots := jarr()
	for _, s := range m.Slots {
		slots.Items = append(slots.Items, slotJSON(s))
	}
	return set(o, "slots", slots)
}

func slotJSON(s ir.Slot) *jb {
	h := s.Head()
	o := set(jobj(), "slot", jstr(h.Key))
	if h.Verbatim {
		return set(o, "text", jstr(h.Raw))
	}
	switch s := s.(type) {
	case *ir.PlainSlot:
		set(o, "text", jstr(s.Text))
		confJSON(o, s.Conf)
	case *ir.RefSlot:
		var refs []string
		for _, r := range s.Refs {
			refs = append(refs, r.Text)
		}
		set(set(o, "text", jstr(s.Raw)), "refs", jstrs(refs))
	case *ir.BindingSlot:
		if len(s.Bindings) == 0 {
			set(o, "text", jstr(s.Text))
			confJSON(o, s.Conf)
			break
		}
		bs := jarr()
		for _, b := range s.Bindings {
			bo := set(set(jobj(), "key", jstr(b.Key)), "value", jstr(b.Value))
			if b.Neg {
				set(bo, "neg", jbool(true))
			}
			confJSON(bo, b.Conf)
			bs.Items = append(bs.Items, bo)
		}
		set(o, "bindings", bs)
	case *ir.ListSlot:
		var items []string
		for _, it := range s.Items {
			items = append(items, it.Text)
		}
		set(o, "items", jstrs(items))
		if !s.Bracketed {
			set(o, "bracketed", jbool(false))
		}
		confJSON(o, s.Conf)
		if s.Prose != "" {
			set(o, "prose", jstr(s.Prose))
		}
	case *ir.ShapeSlot:
		if !s.Shape.Braced {
			set(o, "acts", jstrs(s.Shape.Acts))
			break
		}
		fs := jarr()
		for _, f := range s.Shape.Fields {
			fo := set(jobj(), "name", jstr(f.Name))
			if f.Type != "" {
				set(fo, "type", jstr(f.Type))
			}
			if f.Optional {
				set(fo, "optional", jbool(true))
			}
			fs.Items = append(fs.Items, fo)
		}
		set(o, "fields", fs)
	case *ir.BlockSlot:
		b := s.Block
		if b.Unparsed {
			return set(o, "text", jstr(h.Raw))
		}
		set(set(o, "name", jstr(b.Name)), "fmt", jstr(b.Fmt))
		if b.Lang != "" {
			set(o, "lang", jstr(b.Lang))
		}
		if len(b.Attrs) > 0 {
			a := jobj()
			for _, at := range b.Attrs {
				set(a, at.Key, jstr(at.Value))
			}
			set(o, "attrs", a)
		}
		if b.Inline {
			set(o, "inline", jbool(true))
		}
		set(o, "lines", jstrs(blockLines(b)))
	case *ir.MarkSlot:
		ms := jarr()
		for _, mk := range s.Marks {
			mo := set(set(set(jobj(), "addr", jstr(mk.Addr.Text)), "op", jstr(string(mk.Op))), "value", jstr(mk.Value))
			confJSON(mo, mk.Conf)
			ms.Items = append(ms.Items, mo)
		}
		set(o, "marks", ms)
	}
	return o
}
