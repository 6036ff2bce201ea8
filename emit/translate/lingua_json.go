package translate

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
	lingua "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/internal/linguajson"
	"github.com/rosettac/rosettac/ir"
)

// The data JSON of a Lingua transcript (docs/translation.md):
// {"format":"lingua","items":[...]}, one item per wire line
// ({"line":{"messages":[...],"signature":"0.4@agent-lingua"}}) or prose run
// ({"prose":"..."}). A message has its kind, its code in digits and words, each
// field as written, and its payload: the wire text (exact) and the decoded
// content (JSON, or text). --from json writes the wire text back when it is
// there, and otherwise encodes the content with the payload's prefix.

func linguaJSON(t *ir.LinguaTranscript, decrypt bool) ([]byte, diag.List) {
	var ds diag.List
	items := jarr()
	for _, it := range t.Items {
		switch it := it.(type) {
		case *ir.LinguaProse:
			items.Items = append(items.Items, set(jobj(), "prose", jstr(it.Text)))
		case *ir.LinguaLine:
			l := jobj()
			ms := jarr()
			for _, m := range it.Messages {
				ms.Items = append(ms.Items, linguaMessageJSON(m, decrypt, &ds))
			}
			set(l, "messages", ms)
			if s := it.Signature; s != nil {
				if s.Version == "" {
					set(l, "signature_text", jstr(s.Source))
				} else {
					set(l, "signature", jstr(s.Version+"@"+s.Source))
				}
			}
			items.Items = append(items.Items, set(jobj(), "line", l))
		}
	}
	return writeJSON(set(set(jobj(), "format", jstr("lingua")), "items", items)), ds
}

func digit(b byte) string {
	if b == 0 {
		return ""
	}
	return string(b)
}

func linguaMessageJSON(m ir.LinguaMessage, decrypt bool, ds *diag.List) *jb {
	o := jobj()
	switch m := m.(type) {
	case *ir.LinguaNatural:
		return set(set(o, "kind", jstr("natural")), "text", jstr(m.Text))
	case *ir.LinguaBad:
		return set(set(o, "kind", jstr("bad")), "text", jstr(m.Text))
	case *ir.LinguaRequest:
		set(set(o, "kind", jstr("request")), "code", jstr(string([]byte{m.Domain, m.Action})+digit(m.Modifier)))
		if d, a := hexVal(m.Domain), hexVal(m.Action); d >= 0 && a >= 0 {
			set(set(o, "domain", jstr(strings.ToUpper(linguaDomains[d]))), "action", jstr(strings.ToUpper(linguaActions[a])))
		}
		if m.Modifier >= '0' && m.Modifier <= '9' {
			set(o, "modifier", jstr(linguaModifiers[m.Modifier-'0']))
		}
	case *ir.LinguaResponse:
		set(set(o, "kind", jstr("response")), "status", jstr(digit(m.Status)))
	case *ir.LinguaError:
		set(set(o, "kind", jstr("error")), "type", jstr(digit(m.Type)))
		if m.Sub != 0 {
			set(o, "sub", jstr(digit(m.Sub)))
		}
		if m.Details != "" {
			set(o, "details", jstr(m.Details))
		}
	}
	f := ir.LinguaFieldsOf(m)
	if f.Target != nil {
		set(o, "target", jstr(f.Target.Text))
	}
	if f.ID != nil {
		set(o, "id", jstr(f.ID.Text))
	}
	if f.Time != nil {
		set(o, "time", jstr(f.Time.Text))
	}
	if len(f.Conds) > 0 {
		cs := jarr()
		for _, c := range f.Conds {
			cs.Items = append(cs.Items, jstr(c.Text))
		}
		set(o, "conds", cs)
	}
	if len(f.Extra) > 0 {
		xs := jarr()
		for _, x := range f.Extra {
			xs.Items = append(xs.Items, jstr(x.Text))
		}
		set(o, "extra", xs)
	}
	if pl := f.Payload; pl != nil {
		p := set(set(jobj(), "prefix", jstr(payloadPrefix[pl.Kind])), "wire", jstr(pl.Text))
		d := pl.Decoded
		if pl.Kind == ir.PayloadEncrypted && d != nil {
			if decrypt {
				ds.Add(unsealed(pl, "", `"secret": true marks it`))
				set(p, "secret", jbool(true))
			} else {
				ds.Add(sealed(pl, ""))
				d = nil
			}
		}
		if d != nil {
			switch {
			case d.JSON != nil:
				set(p, "json", d.JSON)
			case d.Binary:
				set(p, "binary", jbool(true))
			default:
				set(p, "text", jstr(d.Text))
			}
		}
		set(o, "payload", p)
	}
	return o
}

func linguaFromJSON(items *jb) (string, error) {
	var b strings.Builder
	for i, it := range items.Items {
		if p, ok := jget(it, "prose"); ok {
			b.WriteString(p + "\n")
			continue
		}
		l := it.Member("line")
		if l == nil || l.Kind != ir.JSONObject {
			return "", fmt.Errorf("$.items[%d]: want {\"line\":{...}} or {\"prose\":\"...\"}", i)
		}
		ms := l.Member("messages")
		if ms != nil {
			for j, m := range ms.Items {
				if j > 0 {
					b.WriteString(";;")
				}
				s, err := linguaMessageFromJSON(m)
				if err != nil {
					return "", fmt.Errorf("$.items[%d].line.messages[%d]: %v", i, j, err)
				}
				b.WriteString(s)
			}
			if len(ms.Items) > 0 {
				b.WriteByte('\n')
			}
		}
		if s, ok := jget(l, "signature"); ok {
			b.WriteString("--👽lingua/" + s + "\n")
		} else if s, ok := jget(l, "signature_text"); ok {
			b.WriteString(s + "\n")
		}
	}
	return b.String(), nil
}

func linguaMessageFromJSON(m *jb) (string, error) {
	kind, _ := jget(m, "kind")
	var b strings.Builder
	switch kind {
	case "natural":
		t, _ := jget(m, "text")
		return alienMark + " " + t, nil
	case "bad":
		t, _ := jget(m, "text")
		return t, nil
	case "request":
		code, _ := jget(m, "code")
		if code == "" {
			d, _ := jget(m, "domain")
			a, _ := jget(m, "action")
			di, ai := index(linguaDomains[:], strings.ToLower(d)), index(linguaActions[:], strings.ToLower(a))
			if di < 0 || ai < 0 {
				return "", fmt.Errorf("a request needs code (or domain and action)")
			}
			code = string([]byte{hexDigits[di], hexDigits[ai]})
			if mod, ok := jget(m, "modifier"); ok {
				if mi := index(linguaModifiers[:], mod); mi >= 0 {
					code += string(rune('0' + mi))
				}
			}
		}
		b.WriteString(alienMark + code)
	case "response":
		s, _ := jget(m, "status")
		b.WriteString("^" + s)
	case "error":
		t, _ := jget(m, "type")
		s, _ := jget(m, "sub")
		b.WriteString("!E" + t + s)
		if d, ok := jget(m, "details"); ok {
			b.WriteString("|" + d)
		}
	default:
		return "", fmt.Errorf("kind %q is not request, response, error, natural or bad", kind)
	}
	if v, ok := jget(m, "target"); ok {
		b.WriteString("|@" + v)
	}
	if v, ok := jget(m, "id"); ok {
		b.WriteString("|#" + v)
	}
	if v, ok := jget(m, "time"); ok {
		b.WriteString("|~" + v)
	}
	for _, c := range jstrings(m, "conds") {
		b.WriteString("|%" + c)
	}
	for _, x := range jstrings(m, "extra") {
		b.WriteString("|" + x)
	}
	if p := m.Member("payload"); p != nil {
		if w, ok := jget(p, "wire"); ok {
			b.WriteString("|$" + w)
			return b.String(), nil
		}
		prefix, _ := jget(p, "prefix")
		var content []byte
		kind := ir.PayloadText
		switch {
		case p.Member("json") != nil:
			content, kind = linguajson.Compact(p.Member("json")), ir.PayloadJSON
		default:
			t, _ := jget(p, "text")
			content = []byte(t)
		}
		if prefix != "" {
			k, ok := payloadKind(prefix)
			if !ok {
				return "", fmt.Errorf("payload prefix %q is not b64, j, z, r or e", prefix)
			}
			kind = k
		}
		s, err := lingua.EncodeBytes(kind, content, nil, nil)
		if err != nil {
			return "", fmt.Errorf("payload: %v", err)
		}
		b.WriteString("|$" + s)
	}
	return b.String(), nil
}
