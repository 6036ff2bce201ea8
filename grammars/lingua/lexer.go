package lingua

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/rosettac/rosettac/internal/handlex"
)

// Lingua's lexers (grammar.go) are handlex definitions: each field kind has its
// own scan function, so tokens are typed by context (the value after a time
// operator is a Num or an ISO instant, never both), which keeps the grammars
// free of ambiguity and the lexing linear. These are the byte classes and
// helpers the scan functions share.

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digitsEnd returns the index after the run of digits starting at s[i].
func digitsEnd(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// other is handlex.Rune under the name the scan functions of grammar.go use:
// an unexpected character is one whole token.
func other(s string, i int, typ lexer.TokenType, emit handlex.Emit) int {
	return handlex.Rune(s, i, typ, emit)
}
