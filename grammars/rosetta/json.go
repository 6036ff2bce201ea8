package rosetta

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/internal/jsonvalue"
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
func JSONText(items *ir.JSONValue, mark func(at int, v *ir.JSONValue), unread func(path string, v *ir.JSONValue)) (string, error) {
	w := &jsonText{mark: mark, Reads: jsonvalue.NewReads(unread)}
	for i, it := range items.Items {
		if i > 0 {
			w.WriteByte('\n')
		}
		if err := w.item(i, it); err != nil {
			return "", err
		}
		w.reportItem(i, it)
		w.NextItem()
	}
	return w.String(), nil
}

// item writes items[i].
func (w *jsonText) item(i int, it *ir.JSONValue) error {
	if p := w.Get(it, "prose"); p != nil && p.Kind == ir.JSONString {
		w.copied(p, it)
		w.WriteString(p.Text + "\n")
		return nil
	}
	m := w.Get(it, "message")
	if m == nil || m.Kind != ir.JSONObject {
		return fmt.Errorf("$.items[%d]: want {\"message\":{...}} or {\"prose\":\"...\"}", i)
	}
	w.from(m)
	if d := w.Get(m, "degraded"); d != nil && d.Bool {
		if ls := w.Get(m, "lines"); ls != nil {
			for _, l := range ls.Items {
				w.copied(l, m)
				w.WriteString(l.Text + "\n")
			}
		}
		if len(w.Texts(m, "lines")) == 0 {
			w.WriteString("\n")
		}
		return nil
	}
	idv, actv := w.Get(m, "id"), w.Get(m, "act")
	if idv == nil || idv.Kind != ir.JSONString || actv == nil || actv.Kind != ir.JSONString {
		return fmt.Errorf("$.items[%d].message: id and act are required", i)
	}
	id := idv.Text
	w.copied(idv, m)
	w.WriteString(id + " ")
	w.copied(actv, m)
	w.WriteString(actv.Text)
	from, _ := w.Str(m, "from")
	if to := w.Texts(m, "to"); len(to) > 0 || from != "" && from != idAgent(id) {
		w.WriteByte(' ')
		if t := w.Get(m, "to"); t != nil {
			w.from(t)
		} else {
			w.from(w.Get(m, "from"))
		}
		w.WriteString(from + ">" + strings.Join(to, ","))
		w.from(m)
	}
	if tp, ok := w.Str(m, "topic"); ok && tp != "" {
		w.WriteString(" #")
		w.copied(w.Get(m, "topic"), m)
		w.WriteString(tp)
	}
	if f := w.Get(m, "fields"); f != nil {
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
	slots := w.Get(m, "slots")
	if slots == nil {
		return nil
	}
	for j, s := range slots.Items {
		key, ok := w.Str(s, "slot")
		if !ok {
			return fmt.Errorf("$.items[%d].message.slots[%d]: slot is required", i, j)
		}
		w.slot(key, s, w.Get(m, "act").Text == "def")
	}
	return nil
}

// reportItem tells unread of what items[i] holds that its text does not
// carry: a member no reading of the item, its message, a slot or a slot's
// bindings, marks or fields looked at (a key the form does not have, or one
// the shape leaves unused, such as "items" beside "bindings").
func (w *jsonText) reportItem(i int, it *ir.JSONValue) {
	if !w.Reporting() {
		return
	}
	path := fmt.Sprintf("$.items[%d]", i)
	w.Report(it, path)
	m := w.Read(it, "message")
	w.Report(m, path+".message")
	slots := w.Read(m, "slots")
	if slots == nil {
		return
	}
	for j, s := range slots.Items {
		sp := fmt.Sprintf("%s.message.slots[%d]", path, j)
		w.Report(s, sp)
		for _, list := range []string{"bindings", "marks", "fields"} {
			if l := w.Read(s, list); l != nil {
				for k, x := range l.Items {
					w.Report(x, fmt.Sprintf("%s.%s[%d]", sp, list, k))
				}
			}
		}
	}
}

// jsonText is the text JSONText writes, and the marks it makes on the way.
type jsonText struct {
	strings.Builder
	mark             func(at int, v *ir.JSONValue)
	*jsonvalue.Reads // what was read of the item being written
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
	out := w.withConfJSON(text, conf)
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
		if c := w.confMember(conf); c != nil && strings.HasSuffix(out, "~"+c.Text) {
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

func (w *jsonText) confMember(o *ir.JSONValue) *ir.JSONValue {
	if c := w.Get(o, "conf"); c != nil && c.Kind == ir.JSONString {
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
func (w *jsonText) withConfJSON(text string, o *ir.JSONValue) string {
	if c, ok := w.Str(o, "conf"); ok {
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
			w.WriteString(lead + strings.ReplaceAll(w.withConfJSON(text, conf), "\n", "\n"+pad) + "\n")
			return
		}
		w.WriteString(lead)
		w.line(text, s, conf, pieces...)
		w.WriteByte('\n')
	}
	switch {
	case w.Get(s, "bindings") != nil:
		for i, bd := range w.Get(s, "bindings").Items {
			k, _ := w.Str(bd, "key")
			v, _ := w.Str(bd, "value")
			op := " = "
			if n := w.Get(bd, "neg"); n != nil && n.Bool {
				op = " != "
			}
			if i == 0 {
				w.WriteString(lead)
			} else {
				w.WriteString(pad)
			}
			w.line(k+op+v, bd, bd, jsonPiece{w.strMember(bd, "key"), 0}, jsonPiece{w.strMember(bd, "value"), len(k) + len(op)})
			w.WriteByte('\n')
		}
	case w.Get(s, "items") != nil:
		t := strings.Join(w.Texts(s, "items"), ", ")
		if br := w.Get(s, "bracketed"); br == nil || br.Bool {
			t = "[" + t + "]"
		}
		indent(t, s)
	case w.Get(s, "acts") != nil:
		indent(strings.Join(w.Texts(s, "acts"), "|"), nil)
	case key == "want" && w.Get(s, "fields") != nil:
		var fs []string
		for _, f := range w.Get(s, "fields").Items {
			n, _ := w.Str(f, "name")
			if o := w.Get(f, "optional"); o != nil && o.Bool {
				n += "?"
			}
			if t, ok := w.Str(f, "type"); ok {
				n += ": " + t
			}
			fs = append(fs, n)
		}
		indent("{"+strings.Join(fs, ", ")+"}", nil)
	case w.Get(s, "lines") != nil:
		name, _ := w.Str(s, "name")
		format, _ := w.Str(s, "fmt")
		if lang, ok := w.Str(s, "lang"); ok {
			format += "/" + lang
		}
		lines := w.Texts(s, "lines")
		if in := w.Get(s, "inline"); in != nil && in.Bool && len(lines) == 1 {
			w.WriteString(lead + `"`)
			w.copied(w.Get(s, "lines").Items[0], s)
			w.WriteString(lines[0] + `"` + "\n")
			return
		}
		var attrs [][2]string
		if a := w.Get(s, "attrs"); a != nil {
			for _, m := range a.Members {
				attrs = append(attrs, [2]string{m.Key, m.Value.Text})
			}
		}
		if format == "txt" {
			format = ""
		}
		blockText(&w.Builder, name, format, attrs, lines, func(i int) { w.copied(w.Get(s, "lines").Items[i], s) })
	case w.Get(s, "marks") != nil:
		for i, mk := range w.Get(s, "marks").Items {
			a, _ := w.Str(mk, "addr")
			op, _ := w.Str(mk, "op")
			v, _ := w.Str(mk, "value")
			if i == 0 {
				w.WriteString(lead)
			} else {
				w.WriteString(pad)
			}
			w.line(a+" "+op+" "+v, mk, mk, jsonPiece{w.strMember(mk, "addr"), 0}, jsonPiece{w.strMember(mk, "value"), len(a) + len(op) + 2})
			w.WriteByte('\n')
		}
	default:
		t, _ := w.Str(s, "text")
		w.Touch(s, "refs") // the references in the text, which say them again
		indent(t, s, jsonPiece{w.strMember(s, "text"), 0})
	}
}

// strMember is o's member key when it is a string, or nil.
func (w *jsonText) strMember(o *ir.JSONValue, key string) *ir.JSONValue {
	if v := w.Get(o, key); v != nil && v.Kind == ir.JSONString {
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
