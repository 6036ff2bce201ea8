// Package handlex owns the scaffolding of rosettac's hand-written participle
// lexers: a lexer.Definition built from a list of token names and a Go scan
// function over one line of text. The line-oriented grammars (grammars/agentdsl,
// grammars/lingua) use it instead of participle's regexp lexer because a scan
// function is much cheaper and can type its tokens by context (the line kind,
// or what came before), which keeps the grammars free of ambiguity (the
// sanctioned design for line-oriented grammars: a line classifier in front of
// small per-line participle parsers). Each grammar keeps its own token
// names and scan functions; this package only turns them into participle
// tokens with positions.
package handlex

import (
	"io"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Emit receives one token from a scan function: its type and its bytes
// s[start:end] of the scanned text. It is an alias so that scan functions
// written with the plain func type fit Scan.
type Emit = func(typ lexer.TokenType, start, end int)

// Scan tokenises one line of text s, calling emit for each token in order.
// Bytes it emits no token for (blanks) are skipped.
type Scan func(s string, emit Emit)

// Definition is a participle lexer.Definition driven by a Scan function.
type Definition struct {
	symbols map[string]lexer.TokenType
	scan    Scan
}

// New defines the token types names, numbered 0, 1, ... in order (so a grammar
// declares its types as iota constants in the same order), and the scan
// function that produces them. participle's EOF is added.
func New(names []string, scan Scan) *Definition {
	sym := map[string]lexer.TokenType{"EOF": lexer.EOF}
	for i, n := range names {
		sym[n] = lexer.TokenType(i)
	}
	return &Definition{symbols: sym, scan: scan}
}

// Symbols returns the token types by name, as participle's grammar tags use
// them.
func (d *Definition) Symbols() map[string]lexer.TokenType { return d.symbols }

// Lex reads r and lexes it as one line.
func (d *Definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

// LexString lexes s as one line: positions are on line 1, with byte offsets
// and rune columns, which the grammars convert to file positions.
func (d *Definition) LexString(filename string, s string) (lexer.Lexer, error) {
	l := &tokens{}
	// Columns are counted on from the previous token, never from the line's
	// start: a line of n tokens costs O(n), not O(n²) (a schema line of
	// 100,000 columns took over a minute). A scan function emits in order;
	// one that stepped back would be recounted from the start.
	at, col := 0, 1
	column := func(off int) int {
		if off < at {
			at, col = 0, 1
		}
		col += utf8.RuneCountInString(s[at:off])
		at = off
		return col
	}
	d.scan(s, func(typ lexer.TokenType, start, end int) {
		l.toks = append(l.toks, lexer.Token{Type: typ, Value: s[start:end],
			Pos: lexer.Position{Filename: filename, Offset: start, Line: 1, Column: column(start)}})
	})
	l.eof = lexer.EOFToken(lexer.Position{Filename: filename, Offset: len(s), Line: 1, Column: column(len(s))})
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

// Rune emits the rune at s[i:] as one token of type typ and returns the index
// after it, so an unexpected character is one whole token (never half a UTF-8
// sequence) and a syntax error points at it.
func Rune(s string, i int, typ lexer.TokenType, emit Emit) int {
	_, n := utf8.DecodeRuneInString(s[i:])
	emit(typ, i, i+n)
	return i + n
}
