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
// naming its JSON path. mark, when not nil, is told where each piece of the
// text comes from (jsonvalue.TextWriter), so that a check of the text
// reports in the JSON.
func JSONText(items *ir.JSONValue, mark func(at int, v *ir.JSONValue)) (string, error) {
	w := &jsonText{mark: mark}
	for i, it := range items.Items {
		if i > 0 {
			w.WriteByte('\n')
		}
		if p := it.Member("prose"); p != nil && p.Kind == ir.JSONString {
			w.copied(p, it)
			w.WriteString(p.Text + "\n")
			continue
		}
		m := it.Member("message")
		if m == nil || m.Kind != ir.JSONObject {
			return "", fmt.Errorf("$.items[%d]: want {\"message\":{...}} or {\"prose\":\"...\"}", i)
		}
		w.from(m)
		if d := m.Member("degraded"); d != nil && d.Bool {
			if ls := m.Member("lines"); ls != nil {
				for _, l := range ls.Items {
					w.copied(l, m)
					w.WriteString(l.Text + "\n")
				}
			}
			if len(m.Texts("lines")) == 0 {
				w.WriteString("\n")
			}
			continue
		}
		idv, actv := m.Member("id"), m.Member("act")
		if idv == nil || idv.Kind != ir.JSONString || actv == nil || actv.Kind != ir.JSONString {
			return "", fmt.Errorf("$.items[%d].message: id and act are required", i)
		}
		id := idv.Text
		w.copied(idv, m)
		w.WriteString(id + " ")
		w.copied(actv, m)
		w.WriteString(actv.Text)
		from, _ := m.Str("from")
		if to := m.Texts("to"); len(to) > 0 || from != "" && from != idAgent(id) {
			w.WriteByte(' ')
			if t := m.Member("to"); t != nil {
				w.from(t)
			} else {
				w.from(m.Member("from"))
			}
			w.WriteString(from + ">" + strings.Join(to, ","))
			w.from(m)
		}
		if tp, ok := m.Str("topic"); ok && tp != "" {
			w.WriteString(" #")
			w.copied(m.Member("topic"), m)
			w.WriteString(tp)
		}
		if f := m.Member("fields"); f != nil {
			for _, fd := range f.Members {
				w.WriteByte(' ')
				w.from(f)
				w.WriteString(fd.Key + "=")
				w.copied(fd.Value, f)
				w.WriteString(fd.Value.Text)
			}
			w.from(m)
		}
		w.WriteByte('\n')
		slots := m.Member("slots")
		if slots == nil {
			continue
		}
		for j, s := range slots.Items {
			key, ok := s.Str("slot")
			if !ok {
				return "", fmt.Errorf("$.items[%d].message.slots[%d]: slot is required", i, j)
			}
			w.slot(key, s, m.Member("act").Text == "def")
		}
	}
	return w.String(), nil
}

// jsonText is the text JSONText writes, and the marks it makes on the way.
type jsonText struct {
	strings.Builder
	mark func(at int, v *ir.JSONValue)
}

// from marks that what is written next comes from v.
func (w *jsonText) from(v *ir.JSONValue) {
	if w.mark != nil && v != nil {
		w.mark(w.Len(), v)
	}
}

// copied marks that the string v is written next as it is, and that what
// follows it comes from parent again.
func (w *jsonText) copied(v, parent *ir.JSONValue) {
	if w.mark == nil || v == nil {
		return
	}
	w.mark(w.Len(), v)
	w.mark(w.Len()+len(v.Text), parent)
}

// line writes one line built from pieces: each is a string of the JSON
// written as it is at its offset in text, or the text around them, which
// comes from parent. conf, when not nil, is the member whose grade ends the
// line (withConfJSON).
func (w *jsonText) line(text string, parent, conf *ir.JSONValue, pieces ...jsonPiece) {
	out := withConfJSON(text, conf)
	base := w.Len()
	w.from(parent)
	if w.mark != nil && strings.HasPrefix(out, text) {
		// Nothing of text was trimmed: the pieces stand where text has them.
		for _, p := range pieces {
			if p.v != nil && p.at+len(p.v.Text) <= len(out) && out[p.at:p.at+len(p.v.Text)] == p.v.Text {
				w.mark(base+p.at, p.v)
				w.mark(base+p.at+len(p.v.Text), parent)
			}
		}
		if c := confMember(conf); c != nil && strings.HasSuffix(out, "~"+c.Text) {
			w.mark(base+len(out)-len(c.Text), c)
		}
	}
	w.WriteString(out)
}

// jsonPiece is a string of the JSON at offset at of a line's text.
type jsonPiece struct {
	v  *ir.JSONValue
	at int
}

func confMember(o *ir.JSONValue) *ir.JSONValue {
	if c := o.Member("conf"); c != nil && c.Kind == ir.JSONString {
		return c
	}
	return nil
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

// withConfJSON appends the grade of o's "conf" member to text (o may be nil).
func withConfJSON(text string, o *ir.JSONValue) string {
	if c, ok := o.Str("conf"); ok {
		return strings.TrimSpace(text + " ~" + c)
	}
	return text
}

// slot writes one slot of the data form as its slot lines.
func (w *jsonText) slot(key string, s *ir.JSONValue, isDef bool) {
	lead := " " + key + " "
	if isDef && key == "a" {
		lead = " "
	}
	pad := strings.Repeat(" ", len(lead))
	w.from(s)
	// indent writes a slot's text after its key, its lines under the
	// first; conf is the member whose grade ends it, or nil.
	indent := func(text string, conf *ir.JSONValue, pieces ...jsonPiece) {
		if strings.Contains(text, "\n") {
			w.from(s)
			w.WriteString(lead + strings.ReplaceAll(withConfJSON(text, conf), "\n", "\n"+pad) + "\n")
			return
		}
		w.WriteString(lead)
		w.line(text, s, conf, pieces...)
		w.WriteByte('\n')
	}
	switch {
	case s.Member("bindings") != nil:
		for i, bd := range s.Member("bindings").Items {
			k, _ := bd.Str("key")
			v, _ := bd.Str("value")
			op := " = "
			if n := bd.Member("neg"); n != nil && n.Bool {
				op = " != "
			}
			if i == 0 {
				w.WriteString(lead)
			} else {
				w.WriteString(pad)
			}
			w.line(k+op+v, bd, bd, jsonPiece{strMember(bd, "key"), 0}, jsonPiece{strMember(bd, "value"), len(k) + len(op)})
			w.WriteByte('\n')
		}
	case s.Member("items") != nil:
		t := strings.Join(s.Texts("items"), ", ")
		if br := s.Member("bracketed"); br == nil || br.Bool {
			t = "[" + t + "]"
		}
		indent(t, s)
	case s.Member("acts") != nil:
		indent(strings.Join(s.Texts("acts"), "|"), nil)
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
		indent("{"+strings.Join(fs, ", ")+"}", nil)
	case s.Member("lines") != nil:
		name, _ := s.Str("name")
		format, _ := s.Str("fmt")
		if lang, ok := s.Str("lang"); ok {
			format += "/" + lang
		}
		lines := s.Texts("lines")
		if in := s.Member("inline"); in != nil && in.Bool && len(lines) == 1 {
			w.WriteString(lead + `"`)
			w.copied(s.Member("lines").Items[0], s)
			w.WriteString(lines[0] + `"` + "\n")
			return
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
		blockText(&w.Builder, name, format, attrs, lines, func(i int) { w.copied(s.Member("lines").Items[i], s) })
	case s.Member("marks") != nil:
		for i, mk := range s.Member("marks").Items {
			a, _ := mk.Str("addr")
			op, _ := mk.Str("op")
			v, _ := mk.Str("value")
			if i == 0 {
				w.WriteString(lead)
			} else {
				w.WriteString(pad)
			}
			w.line(a+" "+op+" "+v, mk, mk, jsonPiece{strMember(mk, "addr"), 0}, jsonPiece{strMember(mk, "value"), len(a) + len(op) + 2})
			w.WriteByte('\n')
		}
	default:
		t, _ := s.Str("text")
		indent(t, s, jsonPiece{strMember(s, "text"), 0})
	}
}

// strMember is o's member key when it is a string, or nil.
func strMember(o *ir.JSONValue, key string) *ir.JSONValue {
	if v := o.Member(key); v != nil && v.Kind == ir.JSONString {
		return v
	}
	return nil
}

// BlockText writes a txt block slot: its head (name, @fmt unless txt, the
// attributes in order) and one | line per content line. Translation writes
// blocks with it too.
func BlockText(name, format string, attrs [][2]string, lines []string) string {
	var b strings.Builder
	blockText(&b, name, format, attrs, lines, nil)
	return b.String()
}

// blockText is BlockText into b; line, when not nil, is called just before
// the text of content line i is written.
func blockText(b *strings.Builder, name, format string, attrs [][2]string, lines []string, line func(i int)) {
	b.WriteString(" txt " + name)
	if format != "" && format != "txt" {
		b.WriteString(" @" + format)
	}
	for _, a := range attrs {
		b.WriteString(" " + a[0] + "=" + a[1])
	}
	b.WriteByte('\n')
	for i, l := range lines {
		if l == "" {
			b.WriteString(" |\n")
			continue
		}
		b.WriteString(" | ")
		if line != nil {
			line(i)
		}
		b.WriteString(l + "\n")
	}
}
