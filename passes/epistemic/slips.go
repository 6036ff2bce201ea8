package epistemic

import (
	"strings"

	"github.com/rosettac/rosettac/diag"
)

// failPhrases are the words models write where a failure code belongs, and
// the code each means: a why that starts "Timed out fetching …" is a timeout.
// Longer phrases first, so "not found" wins over "not".
var failPhrases = []struct{ phrase, code string }{
	{"timed out", "timeout"}, {"time out", "timeout"}, {"time-out", "timeout"}, {"timeout", "timeout"},
	{"not found", "notfound"}, {"not-found", "notfound"}, {"no such", "notfound"}, {"missing", "notfound"},
	{"permission denied", "denied"}, {"access denied", "denied"}, {"forbidden", "denied"}, {"unauthorized", "denied"},
	{"rate limited", "busy"}, {"rate-limited", "busy"}, {"too many requests", "busy"}, {"overloaded", "busy"},
	{"over budget", "budget"}, {"out of budget", "budget"},
	{"not supported", "unsupported"}, {"upstream", "upstream"}, {"no results", "empty"}, {"out of date", "stale"},
}

// nearFailCode returns the failure code the start of a why means, when it
// is not one: a phrase of failPhrases, or a word one or two edits from a
// code (`notfoud`, `time_out`), or "" when there is no good guess. misspelt
// says the first word is a code misspelt (replace it), not prose that means
// one (write the code before it).
func nearFailCode(why string) (code string, misspelt bool) {
	low := strings.ToLower(strings.TrimSpace(why))
	first, _, _ := strings.Cut(low, " ")
	first = strings.Trim(first, ".,:;!")
	if g, ok := diag.Closest(strings.ReplaceAll(first, "_", ""), FailCodes); ok {
		return g, true
	}
	for _, p := range failPhrases {
		if strings.HasPrefix(low, p.phrase) {
			return p.code, false
		}
	}
	return "", false
}

// withFailCodeFix adds to d, the E016 or E016b of a why whose first word is
// at sp, the fix that writes the failure code the why means before it (a
// review fix: the code is read from prose).
func withFailCodeFix(d *diag.Diagnostic, why string, sp diag.Span) {
	code, misspelt := nearFailCode(why)
	if code == "" || !sp.IsValid() {
		return
	}
	d.Message += " (did you mean `" + code + "`?)"
	if misspelt {
		d.Fixes = append(d.Fixes, diag.Replace("write the failure code as "+code, diag.Review, sp, code))
		return
	}
	d.Fixes = append(d.Fixes, diag.Replace("start why with the failure code "+code, diag.Review, sp.Collapse(), code+" "))
}
