package rosetta

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/ir"
)

// Rosetta's data JSON form (translate --to json; the shape is in
// docs/translation.md): {"format":"rosetta","items":[...]}, one item per
// message ({"message":{...}}) or prose run ({"prose":"..."}), in source order.
// A message has its header parts and its slots as plain objects.
//
// The form is read through the text it describes: JSONText writes the items
// back as Rosetta text, which Parse then reads as any transcript, so a data
// form reads exactly as the text it came from (the compiler's JSON front end,
// compiler/json.go, tells the form by its "format" member and reads it so).

// JSONText writes the items of Rosetta's data JSON form (the "items" array)
// as Rosetta text. An item or slot without the documented shape is an error
// naming its JSON path.
func JSONText(items *ir.LinguaJSON) (string, error) {
	var b strings.Builder
	for i, it := range items.Items {
		if i > 0 {
			b.WriteByte('\n')
		}
		if p, ok := it.Str("prose"); ok {
			b.WriteString(p + "\n")
			continue
		}
		m := it.Member("message")
		if m == nil || m.Kind != ir.JSONObject {
			return "", fmt.Errorf("$.items[%d]: want {\"message\":{...}} or {\"prose\":\"...\"}", i)
		}
		if d := m.Member("degraded"); d != nil && d.Bool {
			b.WriteString(strings.Join(m.Texts("lines"), "\n") + "\n")
			continue
		}
		id, ok1 := m.Str("id")
		act, ok2 := m.Str("act")
		if !ok1 || !ok2 {
			return "", fmt.Errorf("$.items[%d].message: id and act are required", i)
		}
		b.WriteString(id + " " + act)
		from, _ := m.Str("from")
		if to := m.Texts("to"); len(to) > 0 || from != "" && from != idAgent(id) {
			b.WriteString(" " + from + ">" + strings.Join(to, ","))
		}
		if tp, ok := m.Str("topic"); ok && tp != "" {
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
			key, ok := s.Str("slot")
			if !ok {
				return "", fmt.Errorf("$.items[%d].message.slots[%d]: slot is required", i, j)
			}
			b.WriteString(slotFromJSON(key, s, act == "def"))
		}
	}
	return b.String(), nil
}

// idAgent is the agent of a message id (a1 of a1.7, obs of obs7), or "" when
// id is not one: a message whose sender is its id's agent needs no route.
func idAgent(id string) string {
	if !rosaddr.IsMsgID(id) {
		return ""
	}
	agent, _ := rosaddr.SplitID(id)
	return agent
}

// withConfJSON appends the grade of a "conf" member to text.
func withConfJSON(text string, o *ir.LinguaJSON) string {
	if c, ok := o.Str("conf"); ok {
		return strings.TrimSpace(text + " ~" + c)
	}
	return text
}

// slotFromJSON writes one slot of the data form as its slot lines.
func slotFromJSON(key string, s *ir.LinguaJSON, isDef bool) string {
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
			k, _ := bd.Str("key")
			v, _ := bd.Str("value")
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
		t := strings.Join(s.Texts("items"), ", ")
		if br := s.Member("bracketed"); br == nil || br.Bool {
			t = "[" + t + "]"
		}
		return indent(withConfJSON(t, s))
	case s.Member("acts") != nil:
		return indent(strings.Join(s.Texts("acts"), "|"))
	case key == "want" && s.Member("fields") != nil:
		var fs []string
		for _, f := range s.Member("fields").Items {
			n, _ := f.Str("name")
			if o := f.Member("optional"); o != nil && o.Bool {
				n += "?"
			}
			if t, ok := f.Str("type"); ok {
				n += ": " + t
			}
			fs = append(fs, n)
		}
		return indent("{" + strings.Join(fs, ", ") + "}")
	case s.Member("lines") != nil:
		name, _ := s.Str("name")
		format, _ := s.Str("fmt")
		if lang, ok := s.Str("lang"); ok {
			format += "/" + lang
		}
		lines := s.Texts("lines")
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
		return BlockText(name, format, attrs, lines)
	case s.Member("marks") != nil:
		var b strings.Builder
		for i, mk := range s.Member("marks").Items {
			a, _ := mk.Str("addr")
			op, _ := mk.Str("op")
			v, _ := mk.Str("value")
			if i == 0 {
				b.WriteString(lead)
			} else {
				b.WriteString(strings.Repeat(" ", len(lead)))
			}
			b.WriteString(withConfJSON(a+" "+op+" "+v, mk) + "\n")
		}
		return b.String()
	}
	t, _ := s.Str("text")
	return indent(withConfJSON(t, s))
}

// BlockText writes a txt block slot: its head (name, @fmt unless txt, the
// attributes in order) and one | line per content line. Translation writes
// blocks with it too.
func BlockText(name, format string, attrs [][2]string, lines []string) string {
	var b strings.Builder
	b.WriteString(" txt " + name)
	if format != "" && format != "txt" {
		b.WriteString(" @" + format)
	}
	for _, a := range attrs {
		b.WriteString(" " + a[0] + "=" + a[1])
	}
	b.WriteByte('\n')
	for _, l := range lines {
		if l == "" {
			b.WriteString(" |\n")
		} else {
			b.WriteString(" | " + l + "\n")
		}
	}
	return b.String()
}
