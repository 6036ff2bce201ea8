package lingua

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// Lingua's data JSON form (docs/translation.md):
// {"format":"lingua","items":[...]}, one item per wire line
// ({"line":{"messages":[...],"signature":"0.4@agent-lingua"}}) or prose run
// ({"prose":"..."}). A message has its kind, its code in digits and words, each
// field as written, and its payload: the wire text (exact) and the decoded
// content (JSON, or text).
//
// The form is read through the text it describes: JSONText writes the wire
// text back when the payload has it, and otherwise encodes the content with
// the payload's prefix; Parse then reads the text (the compiler's JSON front
// end, compiler/json.go, tells the form by its "format" member).

// JSONText writes the items of Lingua's data JSON form (the "items" array) as
// Lingua text. An item or message without the documented shape is an error
// naming its JSON path. mark, when not nil, is told which item and message
// each piece of the text comes from (jsonvalue.TextWriter).
func JSONText(items *ir.JSONValue, mark func(at int, v *ir.JSONValue), unread func(path string, v *ir.JSONValue)) (string, error) {
	var b strings.Builder
	r := jsonvalue.NewReads(unread)
	from := func(v *ir.JSONValue) {
		if mark != nil {
			mark(b.Len(), v)
		}
	}
	for i, it := range items.Items {
		if p, ok := r.Str(it, "prose"); ok {
			from(r.Get(it, "prose")) // as written: a prose run is copied
			b.WriteString(p + "\n")
			reportItem(r, i, it)
			continue
		}
		l := r.Get(it, "line")
		if l == nil || l.Kind != ir.JSONObject {
			return "", fmt.Errorf("$.items[%d]: want {\"line\":{...}} or {\"prose\":\"...\"}", i)
		}
		from(l)
		ms := r.Get(l, "messages")
		if ms != nil {
			for j, m := range ms.Items {
				if j > 0 {
					b.WriteString(";;")
				}
				from(m)
				s, err := messageFromJSON(r, m)
				if err != nil {
					return "", fmt.Errorf("$.items[%d].line.messages[%d]: %v", i, j, err)
				}
				b.WriteString(s)
			}
			if len(ms.Items) > 0 {
				b.WriteByte('\n')
			}
		}
		from(l)
		if s, ok := r.Str(l, "signature"); ok {
			b.WriteString(sigPrefix + s + "\n")
		} else if s, ok := r.Str(l, "signature_text"); ok {
			b.WriteString(s + "\n")
		}
		reportItem(r, i, it)
	}
	return b.String(), nil
}

// reportItem tells the reads' unread callback of what items[i] holds that
// its text does not carry: a member no reading of the item, its line, a
// message or its payload looked at. The members that say again what the
// text says (a code's words, a payload's decoded content beside its wire)
// are read: people read them, the text need not carry them.
func reportItem(r *jsonvalue.Reads, i int, it *ir.JSONValue) {
	defer r.NextItem()
	if !r.Reporting() {
		return
	}
	path := fmt.Sprintf("$.items[%d]", i)
	r.Report(it, path)
	l := r.Read(it, "line")
	r.Report(l, path+".line")
	if ms := r.Read(l, "messages"); ms != nil {
		for j, m := range ms.Items {
			mp := fmt.Sprintf("%s.line.messages[%d]", path, j)
			r.Report(m, mp)
			r.Report(r.Read(m, "payload"), mp+".payload")
		}
	}
}

// nameIndex is the position of s in names, or -1.
func nameIndex(names []string, s string) int {
	for i, x := range names {
		if x == s {
			return i
		}
	}
	return -1
}

const hexDigits = "0123456789ABCDEF"

func messageFromJSON(r *jsonvalue.Reads, m *ir.JSONValue) (string, error) {
	kind, _ := r.Str(m, "kind")
	var b strings.Builder
	switch kind {
	case "natural":
		t, _ := r.Str(m, "text")
		return alien + " " + t, nil
	case "bad":
		t, _ := r.Str(m, "text")
		return t, nil
	case "request":
		code, _ := r.Str(m, "code")
		if code != "" {
			r.Touch(m, "domain", "action", "modifier") // the code's words, for people
		}
		if code == "" {
			d, _ := r.Str(m, "domain")
			a, _ := r.Str(m, "action")
			di, ai := nameIndex(ir.LinguaDomainNames[:], strings.ToLower(d)), nameIndex(ir.LinguaActionNames[:], strings.ToLower(a))
			if di < 0 || ai < 0 {
				return "", fmt.Errorf("a request needs code (or domain and action)")
			}
			code = string([]byte{hexDigits[di], hexDigits[ai]})
			if mod, ok := r.Str(m, "modifier"); ok {
				if mi := nameIndex(ir.LinguaModifierNames[:], mod); mi >= 0 {
					code += string(rune('0' + mi))
				}
			}
		}
		b.WriteString(alien + code)
	case "response":
		s, _ := r.Str(m, "status")
		b.WriteString("^" + s)
	case "error":
		t, _ := r.Str(m, "type")
		s, _ := r.Str(m, "sub")
		b.WriteString("!E" + t + s)
		if d, ok := r.Str(m, "details"); ok {
			b.WriteString("|" + d)
		}
	default:
		return "", fmt.Errorf("kind %q is not request, response, error, natural or bad", kind)
	}
	if v, ok := r.Str(m, "target"); ok {
		b.WriteString("|@" + v)
	}
	if v, ok := r.Str(m, "id"); ok {
		b.WriteString("|#" + v)
	}
	if v, ok := r.Str(m, "time"); ok {
		b.WriteString("|~" + v)
	}
	for _, c := range r.Texts(m, "conds") {
		b.WriteString("|%" + c)
	}
	for _, x := range r.Texts(m, "extra") {
		b.WriteString("|" + x)
	}
	if p := r.Get(m, "payload"); p != nil {
		if w, ok := r.Str(p, "wire"); ok {
			r.Touch(p, "prefix", "json", "text", "binary", "secret") // what the wire says, decoded
			b.WriteString("|$" + w)
			return b.String(), nil
		}
		prefix, _ := r.Str(p, "prefix")
		var content []byte
		kind := ir.PayloadText
		switch {
		case r.Get(p, "json") != nil:
			content, kind = jsonvalue.Compact(r.Get(p, "json")), ir.PayloadJSON
		default:
			t, _ := r.Str(p, "text")
			content = []byte(t)
		}
		if prefix != "" {
			k, ok := ir.LinguaPayloadKindOf(prefix)
			if !ok {
				return "", fmt.Errorf("payload prefix %q is not b64, j, z, r or e", prefix)
			}
			kind = k
		}
		s, err := EncodeBytes(kind, content, nil, nil)
		if err != nil {
			return "", fmt.Errorf("payload: %v", err)
		}
		b.WriteString("|$" + s)
	}
	return b.String(), nil
}
