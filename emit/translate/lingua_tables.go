package translate

import (
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// The Lingua code tables (docs/translation.md, "Lingua and Rosetta"). A
// request's code becomes a Rosetta topic #domain.action[.modifier] spelled with
// these names (ir's), so the code travels exactly and a Rosetta reader sees words.
var (
	linguaDomains   = ir.LinguaDomainNames
	linguaActions   = ir.LinguaActionNames
	linguaModifiers = ir.LinguaModifierNames
)

const hexDigits = "0123456789ABCDEF"

func hexVal(c byte) int { return strings.IndexByte(hexDigits, c) }

// codeTopic is the Rosetta topic of a request code.
func codeTopic(dom, act, mod byte) (string, bool) {
	d, a := hexVal(dom), hexVal(act)
	if d < 0 || a < 0 {
		return "", false
	}
	t := linguaDomains[d] + "." + linguaActions[a]
	switch {
	case mod == 0:
	case mod >= '0' && mod <= '9':
		t += "." + linguaModifiers[mod-'0']
	case hexVal(mod) >= 0:
		t += ".m" + string(mod)
	default:
		return "", false
	}
	return t, true
}

// topicCode reads a Rosetta topic written by codeTopic back into a code.
func topicCode(topic string) (dom, act, mod byte, ok bool) {
	parts := strings.Split(topic, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, 0, 0, false
	}
	d, a := index(linguaDomains[:], parts[0]), index(linguaActions[:], parts[1])
	if d < 0 || a < 0 {
		return 0, 0, 0, false
	}
	dom, act = hexDigits[d], hexDigits[a]
	if len(parts) == 3 {
		p := parts[2]
		if m := index(linguaModifiers[:], p); m >= 0 {
			mod = byte('0' + m)
		} else if len(p) == 2 && p[0] == 'm' && hexVal(p[1]) >= 10 {
			mod = p[1]
		} else {
			return 0, 0, 0, false
		}
	}
	return dom, act, mod, true
}

func index(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// requestAct is the Rosetta act of a request by its action digit: reads are
// asks, a heartbeat is a note, everything else asks for an action.
func requestAct(action byte) string {
	switch action {
	case '0':
		return "note"
	case '1', '6', '9':
		return "ask"
	}
	return "do"
}

// actCode is the request code a Rosetta act becomes when its topic is not a
// Lingua code: MSG (message) with the closest action.
var actCode = map[string]string{
	"ask": "16", "note": "10", "do": "1F", "tell": "13", "propose": "13", "stop": "14",
	"revise": "15", "def": "02", "accept": "13", "reject": "1A", "take": "13", "part": "13",
	"done": "13", "fail": "1A",
}

// respAct is the act a response status becomes: success answers a do with
// done and anything else with tell; waiting and queued are a take; retry and
// failed a fail; reject a reject; partial (and any other status) a part.
func respAct(status byte, parentAct string) string {
	switch status {
	case '0':
		if parentAct == "do" {
			return "done"
		}
		return "tell"
	case '2', '3':
		return "take"
	case '8', '9':
		return "fail"
	case 'A':
		return "reject"
	}
	return "part"
}

// actStatus is the status a reply act becomes.
var actStatus = map[string]byte{"tell": '0', "done": '0', "accept": '0', "part": '1', "take": '3', "reject": 'A', "fail": '9'}

// Lingua error types and the Rosetta failure codes closest to them.
type errType struct {
	typ, sub byte
	code     string
	phrase   string
}

var errTypes = []errType{
	{'0', 0, "upstream", "unknown error"},
	{'1', 0, "malformed", "parse error"},
	{'2', 0, "denied", "permission denied"},
	{'2', 'R', "denied", "read permission denied"},
	{'2', 'W', "denied", "write permission denied"},
	{'2', 'X', "denied", "execute permission denied"},
	{'3', 0, "notfound", "target not found"},
	{'4', 0, "timeout", "timed out"},
	{'5', 0, "busy", "rate limited"},
	{'6', 0, "malformed", "invalid payload"},
}

func errTypeOf(typ, sub byte) (errType, bool) {
	for _, e := range errTypes {
		if e.typ == typ && e.sub == sub {
			return e, true
		}
	}
	return errType{}, false
}

// codeErrType is the Lingua error type of a failure code with no phrase.
var codeErrType = map[string]byte{"notfound": '3', "denied": '2', "timeout": '4', "busy": '5', "malformed": '1'}

// Targets (seed: target encoding) and their Rosetta route targets.
var linguaTargets = []struct{ lingua, rosetta string }{
	{"0", "@role:self"}, {"S", "@role:internal"}, {"H", "@role:human"}, {"A", "*"},
	{"1", "@grp:general"}, {"2", "@grp:aithoughts"}, {"3", "@grp:builders"},
}

func isIdentName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// routeOf is the Rosetta target of a Lingua target, or "" when none fits.
func routeOf(t *ir.LinguaTarget) string {
	for _, m := range linguaTargets {
		if t.Text == m.lingua {
			return m.rosetta
		}
	}
	if n, ok := strings.CutPrefix(t.Text, "99"); ok && isIdentName(n) {
		return "@grp:" + n
	}
	if isIdentName(t.Text) && t.Kind == ir.TargetAgentName {
		return t.Text
	}
	return ""
}

// targetOf is the Lingua target of a Rosetta target, or "" when none fits.
func targetOf(tg string) string {
	for _, m := range linguaTargets {
		if tg == m.rosetta {
			return m.lingua
		}
	}
	if n, ok := strings.CutPrefix(tg, "@grp:"); ok {
		return "99" + n
	}
	if isIdentName(tg) {
		return tg
	}
	return ""
}
