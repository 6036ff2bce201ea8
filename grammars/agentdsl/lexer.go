package agentdsl

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
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

var tokenNames = []string{"Ident", "At", "Dot", "Colon", "Pipe", "Star", "LBrack", "RBrack", "Text", "Value", "Other"}

// handLexer is a participle lexer.Definition driven by a Go scan function over
// one line. It is much cheaper than a regexp lexer and lets each line kind type
// its tokens by context.
type handLexer struct {
	symbols map[string]lexer.TokenType
	scan    func(s string, emit func(typ lexer.TokenType, start, end int))
}

func newHandLexer(scan func(s string, emit func(typ lexer.TokenType, start, end int))) *handLexer {
	sym := map[string]lexer.TokenType{"EOF": lexer.EOF}
	for i, n := range tokenNames {
		sym[n] = lexer.TokenType(i)
	}
	return &handLexer{symbols: sym, scan: scan}
}

func (d *handLexer) Symbols() map[string]lexer.TokenType { return d.symbols }

func (d *handLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (d *handLexer) LexString(filename string, s string) (lexer.Lexer, error) {
	l := &tokens{}
	d.scan(s, func(typ lexer.TokenType, start, end int) {
		l.toks = append(l.toks, lexer.Token{Type: typ, Value: s[start:end],
			Pos: lexer.Position{Filename: filename, Offset: start, Line: 1, Column: utf8.RuneCountInString(s[:start]) + 1}})
	})
	l.eof = lexer.EOFToken(lexer.Position{Filename: filename, Offset: len(s), Line: 1, Column: utf8.RuneCountInString(s) + 1})
	return l, nil
}

// tokens replays a scanned token list.
type tokens struct {
	toks []lexer.Token
	i    int
	eof  lexer.Token
}

func (l *tokens) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.eof, nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// isName reports whether s is a field, label or function name: [A-Za-z0-9_]+.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// scanPlain tokenises names and punctuation, skipping blanks: block headers,
// column lines, [Name], IN[...] and OUT[...].
func scanPlain(s string, emit func(lexer.TokenType, int, int)) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case isNameByte(c):
			j := i + 1
			for j < len(s) && isNameByte(s[j]) {
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
				_, n := utf8.DecodeRuneInString(s[i:])
				emit(tOther, i, i+n)
				i += n
				continue
			}
			emit(typ, i, i+1)
			i++
		}
	}
}

// scanDesc tokenises DESC[text]: the text runs to the line's last ']', so a
// description may itself contain brackets.
func scanDesc(s string, emit func(lexer.TokenType, int, int)) {
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
func scanParam(s string, emit func(lexer.TokenType, int, int)) {
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

var (
	plainLexer = newHandLexer(scanPlain)
	descLexer  = newHandLexer(scanDesc)
	paramLexer = newHandLexer(scanParam)
)
