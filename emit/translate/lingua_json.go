package translate

import (
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// The data JSON of a Lingua transcript (docs/translation.md):
// {"format":"lingua","items":[...]}, one item per wire line
// ({"line":{"messages":[...],"signature":"0.4@agent-lingua"}}) or prose run
// ({"prose":"..."}). A message has its kind, its code in digits and words, each
// field as written, and its payload: the wire text (exact) and the decoded
// content (JSON, or text). The reader is the grammar's (lingua.JSONText),
// through the compiler's JSON front end.

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
		p := set(set(jobj(), "prefix", jstr(pl.Kind.Prefix())), "wire", jstr(pl.Text))
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
