package gogen

import (
	"strings"

	"github.com/rosettac/rosettac/diag"
)

// initialisms are written in capitals in Go names (the list of golint and
// staticcheck), so FILE_URL becomes FileURL and ID stays ID.
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true, "EOF": true,
	"GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IP": true, "JSON": true,
	"LHS": true, "QPS": true, "RAM": true, "RHS": true, "RPC": true, "SLA": true, "SMTP": true,
	"SQL": true, "SSH": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true, "UI": true,
	"UID": true, "UUID": true, "URI": true, "URL": true, "UTF8": true, "VM": true, "XML": true,
	"XMPP": true, "XSRF": true, "XSS": true,
}

// goName converts an AgentDSL name ([A-Za-z0-9_]+) to an exported Go name: the
// words between underscores are joined, a word written in one case is
// title-cased (CITY and city become City) unless it is an initialism (ID, URL),
// a word in mixed case keeps its inner capitals (GetWeather stays GetWeather),
// and a name that would start with a digit gets the prefix X. It reports false
// for a name with no letter or digit (only underscores).
func goName(s string) (string, bool) {
	var b strings.Builder
	for w := range strings.SplitSeq(s, "_") {
		if w == "" {
			continue
		}
		up, low := strings.ToUpper(w), strings.ToLower(w)
		switch {
		case initialisms[up] && (w == up || w == low):
			b.WriteString(up)
		case w == up || w == low:
			b.WriteString(strings.ToUpper(low[:1]) + low[1:])
		default:
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	out := b.String()
	if out == "" {
		return "", false
	}
	if out[0] >= '0' && out[0] <= '9' {
		out = "X" + out
	}
	return out, true
}

// scope is one Go name space (the package, or one struct's fields and
// methods): it gives out names and reports a collision as a G001 diagnostic at
// the later claim.
type scope struct {
	where string
	taken map[string]claim
	diags *diag.List
}

type claim struct {
	what string    // "function get_weather", "the generated Dispatch"
	span diag.Span // where the AgentDSL name is, or zero for a generated name
}

func newScope(where string, diags *diag.List) *scope {
	return &scope{where: where, taken: map[string]claim{}, diags: diags}
}

// claim takes a Go name for what (an AgentDSL name at span, or a name the
// generator needs when span is zero). It reports false, with a diagnostic, when
// the name is taken.
func (s *scope) claim(goName, what string, span diag.Span) bool {
	return s.claimAll(span, goClaim{goName, what})
}

// goClaim is one Go name a declaration needs, and what needs it.
type goClaim struct{ goName, what string }

// claimAll takes every Go name one AgentDSL name needs (a schema's struct, ID
// type, reader and writer) and reports false when any of them is taken, with
// one diagnostic for the first: one clash of two names is one G001, however many
// generated names it spoils. The free names are still taken, so that a later
// declaration that clashes with them is reported too.
func (s *scope) claimAll(span diag.Span, names ...goClaim) bool {
	ok := true
	for _, n := range names {
		prev, taken := s.taken[n.goName]
		if !taken {
			s.taken[n.goName] = claim{what: n.what, span: span}
			continue
		}
		if ok {
			s.report(n.goName, n.what, span, prev)
		}
		ok = false
	}
	return ok
}

// report adds the G001 diagnostic of what at span clashing with prev over
// goName. plan claims the generated names of a scope first and AgentDSL names
// in document order, so span is always an AgentDSL name, the later of the two.
func (s *scope) report(goName, what string, span diag.Span, prev claim) {
	msg := what + " and " + prev.what + " (" + lineOf(prev.span) + ") both become the Go name " + goName + " " + s.where
	hint := "rename one of them: Go names join the _-separated words of a name in title case, so get_weather and GetWeather are one name"
	if !prev.span.IsValid() {
		msg = what + " becomes the Go name " + goName + " " + s.where + ", which " + prev.what + " already uses"
		hint = "rename it: the generated code needs the name " + goName
	}
	s.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeCollision, Span: span, Message: msg, Hint: hint})
}
