package handlex

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
)

const (
	tWord lexer.TokenType = iota
	tOther
)

// scanWords is a scan function of the kind the grammars write: words of
// ASCII letters, blanks skipped, any other character one token.
func scanWords(s string, emit Emit) {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ':
			i++
		case 'a' <= c && c <= 'z':
			j := i
			for j < len(s) && 'a' <= s[j] && s[j] <= 'z' {
				j++
			}
			emit(tWord, i, j)
			i = j
		default:
			i = Rune(s, i, tOther, emit)
		}
	}
}

func TestLexString(t *testing.T) {
	d := New([]string{"Word", "Other"}, scanWords)
	if d := cmp.Diff(map[string]lexer.TokenType{"EOF": lexer.EOF, "Word": tWord, "Other": tOther}, d.Symbols()); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	type tok struct {
		Type        lexer.TokenType
		Value       string
		Offset, Col int
	}
	for _, tt := range []struct {
		in   string
		want []tok
	}{
		{"", []tok{{lexer.EOF, "", 0, 1}}},
		{"ab cd", []tok{{tWord, "ab", 0, 1}, {tWord, "cd", 3, 4}, {lexer.EOF, "", 5, 6}}},
		// Columns count runes, offsets bytes; an unexpected rune is one token.
		{"é x", []tok{{tOther, "é", 0, 1}, {tWord, "x", 3, 3}, {lexer.EOF, "", 4, 4}}},
		{"a👽", []tok{{tWord, "a", 0, 1}, {tOther, "👽", 1, 2}, {lexer.EOF, "", 5, 3}}},
	} {
		for _, lex := range []func() (lexer.Lexer, error){
			func() (lexer.Lexer, error) { return d.LexString("f", tt.in) },
			func() (lexer.Lexer, error) { return d.Lex("f", strings.NewReader(tt.in)) },
		} {
			l, err := lex()
			if err != nil {
				t.Fatal(err)
			}
			var got []tok
			for {
				tk, err := l.Next()
				if err != nil {
					t.Fatal(err)
				}
				if tk.Pos.Filename != "f" || tk.Pos.Line != 1 {
					t.Errorf("%q: token %q at %v, want f line 1", tt.in, tk.Value, tk.Pos)
				}
				got = append(got, tok{tk.Type, tk.Value, tk.Pos.Offset, tk.Pos.Column})
				if tk.EOF() {
					break
				}
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%q (-want +got):\n%s", tt.in, d)
			}
		}
	}
}
