package agentdsl

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/rosettac/rosettac/internal/handlex"
	"github.com/rosettac/rosettac/runtime/adslrt"
)

// The token types of every AgentDSL structure line. One token set serves all
// grammars; the scan function chosen for a line kind decides which of them a
// line produces, so free text (a DESC, a parameter value) is one token and never
// re-tokenised.
const (
	tIdent  lexer.TokenType = iota // [A-Za-z0-9_]+
	tAt                            // @
	tDot                           // .
	tColon                         // :
	tPipe                          // |
	tStar                          // *
	tLBrack                        // [
	tRBrack                        // ]
	tText                          // DESC text: everything between DESC[ and the line's last ]
	tValue                         // a parameter value: everything after the first ':'
	tOther                         // any other character (a syntax error with a position)
)

// tokenNames are the token types by name, in the order of the constants.
var tokenNames = []string{"Ident", "At", "Dot", "Colon", "Pipe", "Star", "LBrack", "RBrack", "Text", "Value", "Other"}

// scanPlain tokenises names and punctuation, skipping blanks: block headers,
// column lines, [Name], IN[...] and OUT[...].
func scanPlain(s string, emit handlex.Emit) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case adslrt.IsNameByte(c):
			j := i + 1
			for j < len(s) && adslrt.IsNameByte(s[j]) {
				j++
			}
			emit(tIdent, i, j)
			i = j
		default:
			typ := tOther
			switch c {
			case '@':
				typ = tAt
			case '.':
				typ = tDot
			case ':':
				typ = tColon
			case '|':
				typ = tPipe
			case '*':
				typ = tStar
			case '[':
				typ = tLBrack
			case ']':
				typ = tRBrack
			}
			if typ == tOther {
				i = handlex.Rune(s, i, tOther, emit)
				continue
			}
			emit(typ, i, i+1)
			i++
		}
	}
}

// scanDesc tokenises DESC[text]: the text runs to the line's last ']', so a
// description may itself contain brackets.
func scanDesc(s string, emit handlex.Emit) {
	open := strings.IndexByte(s, '[')
	end := strings.LastIndexByte(s, ']')
	if open < 0 || end < open {
		scanPlain(s, emit)
		return
	}
	scanPlain(s[:open], emit)
	emit(tLBrack, open, open+1)
	if end > open+1 {
		emit(tText, open+1, end)
	}
	emit(tRBrack, end, end+1)
	rest := s[end+1:]
	scanPlain(rest, func(t lexer.TokenType, a, b int) { emit(t, end+1+a, end+1+b) })
}

// scanParam tokenises NAME:VALUE: the value is every byte after the first ':'.
func scanParam(s string, emit handlex.Emit) {
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		scanPlain(s, emit)
		return
	}
	scanPlain(s[:colon], emit)
	emit(tColon, colon, colon+1)
	if colon+1 < len(s) {
		emit(tValue, colon+1, len(s))
	}
}

// The lexers of the line kinds: one token set, three scan functions.
var (
	plainLexer = handlex.New(tokenNames, scanPlain)
	descLexer  = handlex.New(tokenNames, scanDesc)
	paramLexer = handlex.New(tokenNames, scanParam)
)
