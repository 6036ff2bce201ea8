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
func JSONText(items *ir.JSONValue, mark func(at int, v *ir.JSONValue), _ func(path string, v *ir.JSONValue)) (string, error) {
	var b strings.Builder
	from := func(v *ir.JSONValue) {
		if mark != nil {
			mark(b.Len(), v)
		}
	}
	for i, it := range items.Items {
		if p, ok := it.Str("prose"); ok {
			from(it.Member("prose")) // as written: a prose run is copied
			b.WriteString(p + "\n")
			continue
		}
		l := it.Member("line")
		if l == nil || l.Kind != ir.JSONObject {
			return "", fmt.Errorf("$.items[%d]: want {\"line\":{...}} or {\"prose\":\"...\"}", i)
		}
		from(l)
		ms := l.Member("messages")
		if ms != nil {
			for j, m := range ms.Items {
				if j > 0 {
					b.WriteString(";;")
				}
				from(m)
				s, err := messageFromJSON(m)
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
		if s, ok := l.Str("signature"); ok {
			b.WriteString(sigPrefix + s + "\n")
		} else if s, ok := l.Str("signature_text"); ok {
			b.WriteString(s + "\n")
		}
	}
	return b.String(), nil
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

func messageFromJSON(m *ir.JSONValue) (string, error) {
	kind, _ := m.Str("kind")
	var b strings.Builder
	switch kind {
	case "natural":
		t, _ := m.Str("text")
		return alien + " " + t, nil
	case "bad":
		t, _ := m.Str("text")
		return t, nil
	case "request":
		code, _ := m.Str("code")
		if code == "" {
			d, _ := m.Str("domain")
			a, _ := m.Str("action")
			di, ai := nameIndex(ir.LinguaDomainNames[:], strings.ToLower(d)), nameIndex(ir.LinguaActionNames[:], strings.ToLower(a))
			if di < 0 || ai < 0 {
				return "", fmt.Errorf("a request needs code (or domain and action)")
			}
			code = string([]byte{hexDigits[di], hexDigits[ai]})
			if mod, ok := m.Str("modifier"); ok {
				if mi := nameIndex(ir.LinguaModifierNames[:], mod); mi >= 0 {
					code += string(rune('0' + mi))
				}
			}
		}
		b.WriteString(alien + code)
	case "response":
		s, _ := m.Str("status")
		b.WriteString("^" + s)
	case "error":
		t, _ := m.Str("type")
		s, _ := m.Str("sub")
		b.WriteString("!E" + t + s)
		if d, ok := m.Str("details"); ok {
			b.WriteString("|" + d)
		}
	default:
		return "", fmt.Errorf("kind %q is not request, response, error, natural or bad", kind)
	}
	if v, ok := m.Str("target"); ok {
		b.WriteString("|@" + v)
	}
	if v, ok := m.Str("id"); ok {
		b.WriteString("|#" + v)
	}
	if v, ok := m.Str("time"); ok {
		b.WriteString("|~" + v)
	}
	for _, c := range m.Texts("conds") {
		b.WriteString("|%" + c)
	}
	for _, x := range m.Texts("extra") {
		b.WriteString("|" + x)
	}
	if p := m.Member("payload"); p != nil {
		if w, ok := p.Str("wire"); ok {
			b.WriteString("|$" + w)
			return b.String(), nil
		}
		prefix, _ := p.Str("prefix")
		var content []byte
		kind := ir.PayloadText
		switch {
		case p.Member("json") != nil:
			content, kind = jsonvalue.Compact(p.Member("json")), ir.PayloadJSON
		default:
			t, _ := p.Str("text")
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
