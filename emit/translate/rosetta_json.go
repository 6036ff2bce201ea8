package translate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
	rosetta "github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/internal/linguajson"
	"github.com/rosettac/rosettac/ir"
)

// The data JSON of a Rosetta transcript (translate --to json; the shape is in
// docs/translation.md): {"format":"rosetta","items":[...]}, one item per
// message ({"message":{...}}) or prose run ({"prose":"..."}), in source order.
// A message has its header parts and its slots as plain objects. --from json
// reads the same shape back into Rosetta text.

// jb builds JSON values in order.
type jb = ir.LinguaJSON

func jstr(s string) *jb     { return &jb{Kind: ir.JSONString, Text: s} }
func jbool(b bool) *jb      { return &jb{Kind: ir.JSONBool, Bool: b} }
func jarr(items ...*jb) *jb { return &jb{Kind: ir.JSONArray, Items: items} }
func jobj() *jb             { return &jb{Kind: ir.JSONObject} }
func set(o *jb, k string, v *jb) *jb {
	o.Members = append(o.Members, &ir.LinguaMember{Key: k, Value: v})
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
	return append(linguajson.Indent(v, "", "  ", false), '\n')
}

func rosettaJSON(t *ir.Transcript) []byte {
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
	return writeJSON(set(set(jobj(), "format", jstr("rosetta")), "items", items))
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

// FromJSON reads data JSON (translate --to json output) back into the text of
// the language it describes. It returns "" as the language when the JSON is
// not a Rosetta or Lingua data form (AgentDSL's relational JSON has no
// "format" member), with a diagnostic when it cannot be read at all.
func FromJSON(name string, data []byte) (ir.Language, []byte, diag.List) {
	var ds diag.List
	src := diag.NewSource(name, data)
	bad := func(off int, format string, args ...any) (ir.Language, []byte, diag.List) {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeBadJSON, Span: src.Span(off, off), Message: fmt.Sprintf(format, args...),
			Hint: "give the output of rosettac translate --to json (docs/translation.md has its shape)"})
		return "", nil, ds
	}
	// Ours only when "format" names Rosetta or Lingua and "items" is an array:
	// AgentDSL's relational JSON may well have a key named format. Only the
	// top level is read to tell: AgentDSL data nests to any depth, which the
	// Lingua limit on payload JSON must not refuse.
	top, err := datajson.Shallow(data)
	if err != nil {
		var se *datajson.SyntaxError
		if errors.As(err, &se) {
			return bad(se.Offset, "%v", err)
		}
		return bad(0, "input is not JSON: %v", err)
	}
	format, items := top.Field("format"), top.Field("items")
	if top.Kind != datajson.Object || format == nil || format.Kind != datajson.String ||
		format.Str != "rosetta" && format.Str != "lingua" || items == nil || items.Kind != datajson.Array {
		return "", nil, nil
	}
	v, err := linguajson.Parse(data)
	if err != nil {
		var se *linguajson.SyntaxError
		if errors.As(err, &se) {
			return bad(int(se.Offset), "%s data JSON: %v", format.Str, err)
		}
		return bad(0, "%s data JSON: %v", format.Str, err)
	}
	var out string
	var err2 error
	if format.Str == "rosetta" {
		out, err2 = rosettaFromJSON(v.Member("items"))
	} else {
		out, err2 = linguaFromJSON(v.Member("items"))
	}
	if err2 != nil {
		return bad(0, "%v", err2)
	}
	return ir.Language(format.Str), []byte(out), ds
}

// jget returns member k as a string, and whether it is one.
func jget(o *jb, k string) (string, bool) {
	v := o.Member(k)
	if v == nil || v.Kind != ir.JSONString {
		return "", false
	}
	return v.Text, true
}

func jstrings(o *jb, k string) []string {
	v := o.Member(k)
	if v == nil {
		return nil
	}
	var out []string
	for _, it := range v.Items {
		out = append(out, it.Text)
	}
	return out
}

func withConfJSON(text string, o *jb) string {
	if c, ok := jget(o, "conf"); ok {
		return strings.TrimSpace(text + " ~" + c)
	}
	return text
}

func rosettaFromJSON(items *jb) (string, error) {
	var b strings.Builder
	for i, it := range items.Items {
		if i > 0 {
			b.WriteByte('\n')
		}
		if p, ok := jget(it, "prose"); ok {
			b.WriteString(p + "\n")
			continue
		}
		m := it.Member("message")
		if m == nil || m.Kind != ir.JSONObject {
			return "", fmt.Errorf("$.items[%d]: want {\"message\":{...}} or {\"prose\":\"...\"}", i)
		}
		if d := m.Member("degraded"); d != nil && d.Bool {
			b.WriteString(strings.Join(jstrings(m, "lines"), "\n") + "\n")
			continue
		}
		id, ok1 := jget(m, "id")
		act, ok2 := jget(m, "act")
		if !ok1 || !ok2 {
			return "", fmt.Errorf("$.items[%d].message: id and act are required", i)
		}
		b.WriteString(id + " " + act)
		from, _ := jget(m, "from")
		if to := jstrings(m, "to"); len(to) > 0 || from != "" && from != msgIDAgent(id) {
			b.WriteString(" " + from + ">" + strings.Join(to, ","))
		}
		if tp, ok := jget(m, "topic"); ok && tp != "" {
			b.WriteString(" #" + tp)
		}
		if f := m.Member("fields"); f != nil {
			for _, fd := range f.Members {
				b.WriteString(" " + fd.Key + "=" + fd.Value.Text)
			}
		}
		b.WriteByte('\n')
		slots := m.Member("slots")
		if slots == nil {
			continue
		}
		for j, s := range slots.Items {
			key, ok := jget(s, "slot")
			if !ok {
				return "", fmt.Errorf("$.items[%d].message.slots[%d]: slot is required", i, j)
			}
			b.WriteString(slotFromJSON(key, s, act == "def"))
		}
	}
	return b.String(), nil
}

func slotFromJSON(key string, s *jb, isDef bool) string {
	lead := " " + key + " "
	if isDef && key == "a" {
		lead = " "
	}
	indent := func(text string) string {
		return lead + strings.ReplaceAll(text, "\n", "\n"+strings.Repeat(" ", len(lead))) + "\n"
	}
	switch {
	case s.Member("bindings") != nil:
		var b strings.Builder
		for i, bd := range s.Member("bindings").Items {
			k, _ := jget(bd, "key")
			v, _ := jget(bd, "value")
			op := " = "
			if n := bd.Member("neg"); n != nil && n.Bool {
				op = " != "
			}
			if i == 0 {
				b.WriteString(lead)
			} else {
				b.WriteString(strings.Repeat(" ", len(lead)))
			}
			b.WriteString(withConfJSON(k+op+v, bd) + "\n")
		}
		return b.String()
	case s.Member("items") != nil:
		t := strings.Join(jstrings(s, "items"), ", ")
		if br := s.Member("bracketed"); br == nil || br.Bool {
			t = "[" + t + "]"
		}
		return indent(withConfJSON(t, s))
	case s.Member("acts") != nil:
		return indent(strings.Join(jstrings(s, "acts"), "|"))
	case key == "want" && s.Member("fields") != nil:
		var fs []string
		for _, f := range s.Member("fields").Items {
			n, _ := jget(f, "name")
			if o := f.Member("optional"); o != nil && o.Bool {
				n += "?"
			}
			if t, ok := jget(f, "type"); ok {
				n += ": " + t
			}
			fs = append(fs, n)
		}
		return indent("{" + strings.Join(fs, ", ") + "}")
	case s.Member("lines") != nil:
		name, _ := jget(s, "name")
		format, _ := jget(s, "fmt")
		if lang, ok := jget(s, "lang"); ok {
			format += "/" + lang
		}
		lines := jstrings(s, "lines")
		if in := s.Member("inline"); in != nil && in.Bool && len(lines) == 1 {
			return lead + `"` + lines[0] + `"` + "\n"
		}
		var attrs [][2]string
		if a := s.Member("attrs"); a != nil {
			for _, m := range a.Members {
				attrs = append(attrs, [2]string{m.Key, m.Value.Text})
			}
		}
		if format == "txt" {
			format = ""
		}
		return blockSlot(name, format, attrs, lines)
	case s.Member("marks") != nil:
		var b strings.Builder
		for i, mk := range s.Member("marks").Items {
			a, _ := jget(mk, "addr")
			op, _ := jget(mk, "op")
			v, _ := jget(mk, "value")
			if i == 0 {
				b.WriteString(lead)
			} else {
				b.WriteString(strings.Repeat(" ", len(lead)))
			}
			b.WriteString(withConfJSON(a+" "+op+" "+v, mk) + "\n")
		}
		return b.String()
	}
	t, _ := jget(s, "text")
	return indent(withConfJSON(t, s))
}
