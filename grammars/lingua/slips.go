package lingua

import (
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/diagtext"
	"github.com/rosettac/rosettac/ir"
)

// What models write instead of Lingua's codes (issue #21): a request code in
// the seed's mnemonics or words (👽WEB.GET), a condition type as a word or in
// lower case (%karma>100, %k>5), an operator of another language (==, !=,
// >=). Each is read as what it means where that is certain (a warning and a
// safe fix), and reported with the nearest code from the tables in
// ir/lingua_codes.go where it is not (an error, a review fix at most).

// Codes of the slips.
const (
	CodeCondSlip = "L012" // WARN: a condition in a near form read as it means: a type as a word or in lower case, == or !=
	CodeWordCode = "L013" // WARN: a request code in mnemonics or words (👽WEB.GET) read as its hex digits
)

// fix is a one-edit fix at source offsets.
func (p *parser) fix(title string, a diag.Applicability, start, end int, text string) []diag.Fix {
	return []diag.Fix{diag.Replace(title, a, p.span(start, end), text)}
}

func (p *parser) add(sev diag.Severity, code string, start, end int, msg, hint string, fixes []diag.Fix) {
	p.errs.Add(diag.Diagnostic{Severity: sev, Code: code, Span: p.span(start, end), Message: msg, Hint: hint, Fixes: fixes})
}

// codeWords splits a request code written in words at any of . _ : / - or a
// space: "WEB.GET" → ["WEB", "GET"].
func codeWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("._:/- \t", r) })
}

// lookupWord finds the entry of t whose mnemonic or word is w (any case),
// or the nearest one by edit distance (exact false).
func lookupWord(t []ir.LinguaCode, w string) (e ir.LinguaCode, exact, ok bool) {
	low := strings.ToLower(w)
	var names []string
	for _, c := range t {
		if strings.ToLower(c.Mnemonic) == low || strings.ToLower(c.Word) == low {
			return c, true, true
		}
		if c.Mnemonic != "" {
			names = append(names, strings.ToLower(c.Mnemonic))
		}
		names = append(names, strings.ToLower(c.Word))
	}
	g, ok := diag.Closest(low, names)
	if !ok {
		return ir.LinguaCode{}, false, false
	}
	for _, c := range t {
		if strings.ToLower(c.Mnemonic) == g || strings.ToLower(c.Word) == g {
			return c, false, true
		}
	}
	return ir.LinguaCode{}, false, false
}

// wordCode reads head (👽 and what follows, up to the first field) as a
// request code written in words: a domain and an action, each a mnemonic or
// a word of the tables, and optionally a modifier word. It returns the code
// in hex digits, and whether every word was found exactly; ok is false when
// head is not written in words at all.
func wordCode(head string) (code string, exact, ok bool) {
	ws := codeWords(strings.TrimPrefix(head, alien))
	if len(ws) < 2 || len(ws) > 3 {
		return "", false, false
	}
	exact = true
	tables := [][]ir.LinguaCode{ir.LinguaDomains, ir.LinguaActions, ir.LinguaModifiers}
	var b strings.Builder
	b.WriteString(alien)
	for i, w := range ws {
		if len(w) < 3 {
			return "", false, false // a digit or two: not words
		}
		e, ex, found := lookupWord(tables[i], w)
		if !found {
			return "", false, false
		}
		exact = exact && ex
		b.WriteByte(e.Code)
	}
	return b.String(), exact, true
}

// codeInWords reports a request code written in words (L013) and returns the
// head to parse instead, or "" when head is not one. A code whose words are
// all in the tables is read as its digits (a warning, a safe fix); one with
// a near miss is left unread (L001 with a did-you-mean and a review fix).
func (p *parser) codeInWords(head string, start int) string {
	code, exact, ok := wordCode(head)
	if !ok {
		return ""
	}
	end := start + len(head)
	if !exact {
		p.add(diag.Error, CodeBadHead, start, end,
			"message code "+strconv.Quote(diagtext.Clip(head))+" is not hex digits (did you mean "+code+"?)",
			"a request code is 👽, a domain and an action as hex digits (👽31 is web get): "+tableHint(), p.fix("write the code as "+code, diag.Review, start, end, code))
		return ""
	}
	p.add(diag.Warning, CodeWordCode, start, end,
		"message code "+strconv.Quote(diagtext.Clip(head))+" is written in words; read as "+code,
		"write the code as hex digits: 👽, the domain, the action, an optional modifier", p.fix("write the code as "+code, diag.Safe, start, end, code))
	return code
}

// tableHint names the domain and action digits in a few words.
func tableHint() string {
	var ds, as []string
	for _, c := range ir.LinguaDomains {
		ds = append(ds, string(c.Code)+" "+c.Mnemonic)
	}
	for _, c := range ir.LinguaActions {
		as = append(as, string(c.Code)+" "+c.Mnemonic)
	}
	return "domains " + strings.Join(ds, ", ") + "; actions " + strings.Join(as, ", ")
}

// condTypeHint lists the condition types.
func condTypeHint() string {
	var ts []string
	for _, c := range ir.LinguaCondTypes {
		ts = append(ts, string(c.Code)+" "+c.Word)
	}
	return "the condition types are " + strings.Join(ts, ", ")
}

// condSlip repairs a condition written in a near form before it is parsed:
// a type as a word (%karma>100), an operator of two characters (==, !=).
// s is the value after '%', at source offset start. It returns the text to
// parse, which maps byte for byte to s only where nothing was repaired; the
// caller keeps s as the condition's text.
func (p *parser) condSlip(s string, start int) string {
	w := 0
	for w < len(s) && isLetter(s[w]) {
		w++
	}
	if w > 1 {
		word := s[:w]
		e, exact, ok := lookupWord(ir.LinguaCondTypes, word)
		if ok && exact || ok && strings.HasSuffix(strings.ToLower(word), "s") && strings.EqualFold(strings.TrimSuffix(strings.ToLower(word), "s"), e.Word) {
			p.add(diag.Warning, CodeCondSlip, start, start+w,
				"condition type `"+word+"` is written as a word; read as "+string(e.Code),
				condTypeHint()+", one capital letter each", p.fix("write the type as "+string(e.Code), diag.Safe, start, start+w, string(e.Code)))
			s = string(e.Code) + s[w:]
			start += w - 1
			w = 1
		} else if ok {
			p.add(diag.Error, CodeBadCond, start, start+w,
				"condition type `"+word+"` is not a condition type (did you mean "+string(e.Code)+" "+e.Word+"?)",
				condTypeHint(), p.fix("write the type as "+string(e.Code), diag.Review, start, start+w, string(e.Code)))
			return ""
		}
	}
	if w == 1 && len(s) >= 3 {
		switch op := s[1:3]; op {
		case "==", "!=", "<>":
			// <> is SQL's not equal: Lingua's !, as != is.
			one := op[:1]
			if op == "<>" {
				one = "!"
			}
			p.add(diag.Warning, CodeCondSlip, start+1, start+3,
				"operator `"+op+"` read as `"+one+"`",
				"the operators are > < = ! (not equal) ~ (contains), one character each", p.fix("write the operator as "+one, diag.Safe, start+1, start+3, one))
			s = s[:1] + one + s[3:]
		case ">=", "<=", "=>", "=<":
			// => and =< are >= and <= written the other way round; all four
			// are read as their first character, the rest the value.
			cmp := strings.Trim(op, "=")
			var fixes []diag.Fix
			bound := s[3:]
			if n, err := strconv.ParseInt(bound, 10, 64); err == nil && n > -1<<62 && n < 1<<62 {
				// For a whole number N, >=N is >N-1 and <=N is <N+1.
				if cmp == ">" {
					n--
				} else {
					n++
				}
				fixes = p.fix("write "+cmp+strconv.FormatInt(n, 10), diag.Review, start+1, start+len(s), cmp+strconv.FormatInt(n, 10))
			}
			p.add(diag.Error, CodeBadCond, start+1, start+3,
				"operator `"+op+"` is not a Lingua operator; the condition is read as `"+op[:1]+"` with the value `"+op[1:]+bound+"`",
				"the operators are > < = ! ~, one character each; for whole numbers write %K>99 for at least 100", fixes)
		}
	}
	return s
}

// condChecks reports what the grammar reads but the tables refuse: a type
// in lower case (L012, read in upper case), a type not in the tables, and
// an operator with no value (L005). The condition is kept.
func (p *parser) condChecks(c *ir.LinguaCond, start int) {
	if _, ok := ir.LinguaLookup(ir.LinguaCondTypes, c.Type); !ok {
		up := c.Type
		if 'a' <= up && up <= 'z' {
			up -= 'a' - 'A'
		}
		if _, ok := ir.LinguaLookup(ir.LinguaCondTypes, up); ok {
			p.add(diag.Warning, CodeCondSlip, start, start+1,
				"condition type `"+string(c.Type)+"` written in lower case; read as "+string(up),
				condTypeHint()+", one capital letter each", p.fix("write the type as "+string(up), diag.Safe, start, start+1, string(up)))
			c.Type = up
		} else {
			p.add(diag.Error, CodeBadCond, start, start+1,
				"condition %"+diagtext.Clip(c.Text)+": `"+string(c.Type)+"` is not a condition type", condTypeHint(), nil)
		}
	}
	if c.Op != 0 && c.Value == "" {
		p.add(diag.Error, CodeBadCond, start-1, start+len(c.Text),
			"condition %"+diagtext.Clip(c.Text)+" has no value after its operator", "write the value the condition compares with: %K>100, %T~agent", nil)
	}
}

// letterCode reads a request code with a letter where a hex digit belongs
// (👽3G: G is no hex digit): a letter that begins exactly one entry of its
// position's table, by mnemonic or word (G: GET, the action 1), stands for
// that entry's digit, so 👽3G is taken to mean 👽31, web get. It returns the
// code in digits and the words of its entries; ok is false when head is not
// 👽 and two or three letters and digits with a letter that is no hex
// digit, or when such a letter begins no entry or more than one (👽3S:
// SUB, SYN, subscribe and sync all start with S).
func letterCode(head string) (code, words string, ok bool) {
	s, found := strings.CutPrefix(head, alien)
	if !found || len(s) < 2 || len(s) > 3 {
		return "", "", false
	}
	tables := [][]ir.LinguaCode{ir.LinguaDomains, ir.LinguaActions, ir.LinguaModifiers}
	var b strings.Builder
	var ws []string
	b.WriteString(alien)
	guessed := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if up := strings.ToUpper(string(c))[0]; strings.IndexByte("0123456789ABCDEF", up) >= 0 {
			e, _ := ir.LinguaLookup(tables[i], up)
			if e.Word == "" {
				return "", "", false // a modifier digit the table does not have
			}
			b.WriteByte(up)
			ws = append(ws, e.Word)
			continue
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return "", "", false
		}
		var match []ir.LinguaCode
		for _, e := range tables[i] {
			if strings.EqualFold(e.Mnemonic[:min(1, len(e.Mnemonic))], string(c)) || strings.EqualFold(e.Word[:1], string(c)) {
				match = append(match, e)
			}
		}
		if len(match) != 1 {
			return "", "", false
		}
		b.WriteByte(match[0].Code)
		ws = append(ws, match[0].Word)
		guessed = true
	}
	return b.String(), strings.Join(ws, " "), guessed
}
