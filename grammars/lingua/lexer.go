package lingua

import (
	"io"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// handLexer is a participle lexer.Definition driven by a Go scan function. Each
// field kind has its own scan function, so tokens are typed by context (the
// value after a time operator is a Num or an ISO instant, never both), which
// keeps the grammars free of ambiguity and the lexing linear.
type handLexer struct {
	names   []string
	symbols map[string]lexer.TokenType
	scan    func(s string, emit func(typ lexer.TokenType, start, end int))
}

// newHandLexer defines the token types names (numbered 0, 1, ... in order) and
// the scan function that produces them.
func newHandLexer(names []string, scan func(s string, emit func(typ lexer.TokenType, start, end int))) *handLexer {
	sym := map[string]lexer.TokenType{"EOF": lexer.EOF}
	for i, n := range names {
		sym[n] = lexer.TokenType(i)
	}
	return &handLexer{names: names, symbols: sym, scan: scan}
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

// other emits the rune at s[i:] as token typ and returns the index after it, so
// an unexpected character is one whole token (never half a UTF-8 sequence).
func other(s string, i int, typ lexer.TokenType, emit func(lexer.TokenType, int, int)) int {
	_, n := utf8.DecodeRuneInString(s[i:])
	emit(typ, i, i+n)
	return i + n
}
