// Package chatter recognises what models put around the messages of every
// language (issue #21 point 8: chatter the same in every language): a
// markdown code fence. The three grammars ask this one rule, so a fence is
// chatter (kept as prose, reported as info, the lines inside read) in all of
// them or in none.
package chatter

import "strings"

// IsFence reports whether s, its leading white space removed, is a markdown
// code fence line: three or more backticks or tildes, then at most one info
// word (```rosetta, ~~~ lingua, ```json) and white space. A line with more
// after the marker (```a1.1 tell >a2```) is not a fence: the grammars read it
// as the text it decorates.
func IsFence(s string) bool {
	if len(s) < 3 || s[0] != '`' && s[0] != '~' {
		return false
	}
	i := 0
	for i < len(s) && s[i] == s[0] {
		i++
	}
	if i < 3 {
		return false
	}
	info := strings.Trim(s[i:], " \t")
	return !strings.ContainsAny(info, " \t`")
}
