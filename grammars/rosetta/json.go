package rosetta

import (
	"fmt"
	"slices"
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
func JSONText(items *ir.JSONValue, mark func(at int, v *ir.JSONValue), unread func(path string, v *ir.JSONValue)) (string, error) {
	w := &jsonText{mark: mark, unread: unread}
	for i, it := range items.Items {
		if i > 0 {
			w.WriteByte('\n')
		}
		if err := w.item(i, it); err != nil {
			return "", err
		}
		w.reportItem(i, it)
		w.seen = w.seen[:0]
	}
	return w.String(), nil
}

// item writes items[i].
func (w *jsonText) item(i int, it *ir.JSONValue) error {
	if p := w.get(it, "prose"); p != nil && p.Kind == ir.JSONString {
		w.copied(p, it)
		w.WriteString(p.Text + "\n")
		return nil
	}
	m := w.get(it, "message")
	if m == nil || m.Kind != ir.JSONObject {
		return fmt.Errorf("$.items[%d]: want {\"message\":{...}} or {\"prose\":\"...\"}", i)
	}
	w.from(m)
	if d := w.get(m, "degraded"); d != nil && d.Bool {
		if ls := w.get(m, "lines"); ls != nil {
			for _, l := range ls.Items {
				w.copied(l, m)
				w.WriteString(l.Text + "\n")
			}
		}
		if len(w.texts(m, "lines")) == 0 {
			w.WriteString("\n")
		}
		return nil
	}
	idv, actv := w.get(m, "id"), w.get(m, "act")
	if idv == nil || idv.Kind != ir.JSONString || actv == nil || actv.Kind != ir.JSONString {
		return fmt.Errorf("$.items[%d].message: id and act are required", i)
	}
	id := idv.Text
	w.copied(idv, m)
	w.WriteString(id + " ")
	w.copied(actv, m)
	w.WriteString(actv.Text)
	from, _ := w.str(m, "from")
	if to := w.texts(m, "to"); len(to) > 0 || from != "" && from != idAgent(id) {
		w.WriteByte(' ')
		if t := w.get(m, "to"); t != nil {
			w.from(t)
		} else {
			w.from(w.get(m, "from"))
		}
		w.WriteString(from + ">" + strings.Join(to, ","))
		w.from(m)
	}
	if tp, ok := w.str(m, "topic"); ok && tp != "" {
		w.WriteString(" #")
		w.copied(w.get(m, "topic"), m)
		w.WriteString(tp)
	}
	if f := w.get(m, "fields"); f != nil {
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
	slots := w.get(m, "slots")
	if slots == nil {
		return nil
	}
	for j, s := range slots.Items {
		key, ok := w.str(s, "slot")
		if !ok {
			return fmt.Errorf("$.items[%d].message.slots[%d]: slot is required", i, j)
		}
		w.slot(key, s, w.get(m, "act").Text == "def")
	}
	return nil
}

// reportItem tells unread of what items[i] holds that its text does not
// carry: a member no reading of the item, its message, a slot or a slot's
// bindings, marks or fields looked at (a key the form does not have, or one
// the shape leaves unused, such as "items" beside "bindings").
func (w *jsonText) reportItem(i int, it *ir.JSONValue) {
	if w.unread == nil {
		return
	}
	path := fmt.Sprintf("$.items[%d]", i)
	w.report(it, path)
	m := w.read(it, "message")
	w.report(m, path+".message")
	slots := w.read(m, "slots")
	if slots == nil {
		return
	}
	for j, s := range slots.Items {
		sp := fmt.Sprintf("%s.message.slots[%d]", path, j)
		w.report(s, sp)
		for _, list := range []string{"bindings", "marks", "fields"} {
			if l := w.read(s, list); l != nil {
				for k, x := range l.Items {
					w.report(x, fmt.Sprintf("%s.%s[%d]", sp, list, k))
				}
			}
		}
	}
}

// read is o's member key when it was read, else nil.
func (w *jsonText) read(o *ir.JSONValue, key string) *ir.JSONValue {
	if o == nil || !slices.Contains(w.seen, seenKey{o, key}) {
		return nil
	}
	return o.Member(key)
}

// jsonText is the text JSONText writes, and the marks it makes on the way.
type jsonText struct {
	strings.Builder
	mark func(at int, v *ir.JSONValue)
	// unread, when not nil, is told of each member the text does not carry;
	// seen are the members of the item being written that were read.
	unread func(path string, v *ir.JSONValue)
	seen   []seenKey
}

// seenKey is a member key read of an object.
type seenKey struct {
	o   *ir.JSONValue
	key string
}

// get is o's member key (nil for none, or for no o), which is then read.
func (w *jsonText) get(o *ir.JSONValue, key string) *ir.JSONValue {
	if w.unread != nil && o != nil {
		w.seen = append(w.seen, seenKey{o, key})
	}
	return o.Member(key)
}

// str is get's string, and whether it is one.
func (w *jsonText) str(o *ir.JSONValue, key string) (string, bool) {
	if v := w.get(o, key); v != nil && v.Kind == ir.JSONString {
		return v.Text, true
	}
	return "", false
}

// texts is the Text of each item of get's array (nil for none).
func (w *jsonText) texts(o *ir.JSONValue, key string) []string {
	v := w.get(o, key)
	if v == nil {
		return nil
	}
	var out []string
	for _, it := range v.Items {
		out = append(out, it.Text)
	}
	return out
}

// report tells unread of each member of o, at path, that was not read.
func (w *jsonText) report(o *ir.JSONValue, path string) {
	if w.unread == nil || o == nil {
		return
	}
	for _, m := range o.Members {
		if !slices.Contains(w.seen, seenKey{o, m.Key}) {
			w.unread(path+"."+m.Key, m.Value)
		}
	}
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
	if c := w.get(o, "conf"); c != nil && c.Kind == ir.JSONString {
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
	if c, ok := w.str(o, "conf"); ok {
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
	case w.get(s, "bindings") != nil:
		for i, bd := range w.get(s, "bindings").Items {
			k, _ := w.str(bd, "key")
			v, _ := w.str(bd, "value")
			op := " = "
			if n := w.get(bd, "neg"); n != nil && n.Bool {
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
	case w.get(s, "items") != nil:
		t := strings.Join(w.texts(s, "items"), ", ")
		if br := w.get(s, "bracketed"); br == nil || br.Bool {
			t = "[" + t + "]"
		}
		indent(t, s)
	case w.get(s, "acts") != nil:
		indent(strings.Join(w.texts(s, "acts"), "|"), nil)
	case key == "want" && w.get(s, "fields") != nil:
		var fs []string
		for _, f := range w.get(s, "fields").Items {
			n, _ := w.str(f, "name")
			if o := w.get(f, "optional"); o != nil && o.Bool {
				n += "?"
			}
			if t, ok := w.str(f, "type"); ok {
				n += ": " + t
			}
			fs = append(fs, n)
		}
		indent("{"+strings.Join(fs, ", ")+"}", nil)
	case w.get(s, "lines") != nil:
		name, _ := w.str(s, "name")
		format, _ := w.str(s, "fmt")
		if lang, ok := w.str(s, "lang"); ok {
			format += "/" + lang
		}
		lines := w.texts(s, "lines")
		if in := w.get(s, "inline"); in != nil && in.Bool && len(lines) == 1 {
			w.WriteString(lead + `"`)
			w.copied(w.get(s, "lines").Items[0], s)
			w.WriteString(lines[0] + `"` + "\n")
			return
		}
		var attrs [][2]string
		if a := w.get(s, "attrs"); a != nil {
			for _, m := range a.Members {
				attrs = append(attrs, [2]string{m.Key, m.Value.Text})
			}
		}
		if format == "txt" {
			format = ""
		}
		blockText(&w.Builder, name, format, attrs, lines, func(i int) { w.copied(w.get(s, "lines").Items[i], s) })
	case w.get(s, "marks") != nil:
		for i, mk := range w.get(s, "marks").Items {
			a, _ := w.str(mk, "addr")
			op, _ := w.str(mk, "op")
			v, _ := w.str(mk, "value")
			if i == 0 {
				w.WriteString(lead)
			} else {
				w.WriteString(pad)
			}
			w.line(a+" "+op+" "+v, mk, mk, jsonPiece{w.strMember(mk, "addr"), 0}, jsonPiece{w.strMember(mk, "value"), len(a) + len(op) + 2})
			w.WriteByte('\n')
		}
	default:
		t, _ := w.str(s, "text")
		w.get(s, "refs") // the references in the text, which say them again
		indent(t, s, jsonPiece{w.strMember(s, "text"), 0})
	}
}

// strMember is o's member key when it is a string, or nil.
func (w *jsonText) strMember(o *ir.JSONValue, key string) *ir.JSONValue {
	if v := w.get(o, key); v != nil && v.Kind == ir.JSONString {
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
