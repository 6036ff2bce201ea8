package lingua

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/rosettac/rosettac/internal/handlex"
)

// The participle grammars of Agent Lingua's structured parts. A Go line
// classifier (parse.go) splits lines into messages and messages into fields; each
// structured part then goes through one small parser, built once here: the
// message head (👽DAM, ^S, !E<type><sub>), a time, a condition, a payload and a
// signature line. Targets and identifiers are plain values and need no parser.

// Head grammar: the code of a request, response or error.

type headAST struct {
	Req  *reqAST  `parser:"  @@"`
	Resp *respAST `parser:"| @@"`
	Err  *errAST  `parser:"| @@"`
}

type reqAST struct {
	Domain   string `parser:"Alien @(Digit | Hex)"`
	Action   string `parser:"@(Digit | Hex)"`
	Modifier string `parser:"@(Digit | Hex)?"`
}

type respAST struct {
	Status string `parser:"Caret @(Digit | Hex | Letter)"`
}

// An error's type is a decimal digit (the types are 0-6): !Ea is no error code,
// and a line starting !E and a digit is always Lingua (parse.go's classify).
type errAST struct {
	Type string `parser:"BangE @Digit"`
	Sub  string `parser:"@(Letter | Hex | Digit)?"`
}

const (
	hAlien lexer.TokenType = iota
	hCaret
	hBangE
	hDigit
	hHex
	hLetter
	hOther
)

var headLexer = handlex.New([]string{"Alien", "Caret", "BangE", "Digit", "Hex", "Letter", "Other"},
	func(s string, emit func(lexer.TokenType, int, int)) {
		i := 0
		switch {
		case strings.HasPrefix(s, alien):
			emit(hAlien, 0, len(alien))
			i = len(alien)
		case strings.HasPrefix(s, "^"):
			emit(hCaret, 0, 1)
			i = 1
		case strings.HasPrefix(s, "!E"):
			emit(hBangE, 0, 2)
			i = 2
		}
		for i < len(s) {
			switch c := s[i]; {
			case isDigit(c):
				emit(hDigit, i, i+1)
				i++
			case isHex(c):
				emit(hHex, i, i+1)
				i++
			case isLetter(c):
				emit(hLetter, i, i+1)
				i++
			default:
				i = other(s, i, hOther, emit)
			}
		}
	})

// Time grammar: the value after '~'.

type timeAST struct {
	Op    string     `parser:"@Op"`
	ISO   string     `parser:"( @ISO"`
	Parts []*durPart `parser:"| @@+ )"`
}

type durPart struct {
	Pos  lexer.Position
	N    string `parser:"@Num"`
	Unit string `parser:"@Unit?"`
}

const (
	tOp lexer.TokenType = iota
	tISO
	tNum
	tUnit
	tOther
)

var timeLexer = handlex.New([]string{"Op", "ISO", "Num", "Unit", "Other"},
	func(s string, emit func(lexer.TokenType, int, int)) {
		i := 0
		if len(s) > 0 && strings.IndexByte("+-=*@", s[0]) >= 0 {
			emit(tOp, 0, 1)
			i = 1
		}
		// An instant starts with a four-digit year and a dash; it is one token and
		// its layout is checked by the lowering (time.Parse), which names what is wrong.
		if r := s[i:]; len(r) >= 5 && isDigit(r[0]) && isDigit(r[1]) && isDigit(r[2]) && isDigit(r[3]) && r[4] == '-' {
			emit(tISO, i, len(s))
			return
		}
		for i < len(s) {
			switch c := s[i]; {
			case isDigit(c):
				j := digitsEnd(s, i)
				emit(tNum, i, j)
				i = j
			case isLetter(c):
				emit(tUnit, i, i+1)
				i++
			default:
				i = other(s, i, tOther, emit)
			}
		}
	})

// Condition grammar: the value after '%'.

type condAST struct {
	Type  string   `parser:"@Type"`
	Part  *partAST `parser:"( @@"`
	Op    string   `parser:"| @Op"`
	Value string   `parser:"  @Value? )"`
}

type partAST struct {
	Part string `parser:"@Num Slash"`
	Of   string `parser:"@Num"`
}

const (
	cType lexer.TokenType = iota
	cOp
	cValue
	cNum
	cSlash
	cOther
)

var condLexer = handlex.New([]string{"Type", "Op", "Value", "Num", "Slash", "Other"},
	func(s string, emit func(lexer.TokenType, int, int)) {
		i := 0
		if len(s) > 0 && isLetter(s[0]) {
			emit(cType, 0, 1)
			i = 1
		}
		switch {
		case i < len(s) && strings.IndexByte("<>=!~", s[i]) >= 0:
			emit(cOp, i, i+1)
			if i+1 < len(s) {
				emit(cValue, i+1, len(s))
			}
			return
		case i < len(s) && isDigit(s[i]):
			for i < len(s) {
				switch c := s[i]; {
				case isDigit(c):
					j := digitsEnd(s, i)
					emit(cNum, i, j)
					i = j
				case c == '/':
					emit(cSlash, i, i+1)
					i++
				default:
					i = other(s, i, cOther, emit)
				}
			}
			return
		}
		for i < len(s) {
			i = other(s, i, cOther, emit)
		}
	})

// Payload grammar: the value after '$'. The body is one token: its bytes are
// content and are decoded by passes/decode, never by the grammar.

type payloadAST struct {
	Prefix string `parser:"@Prefix?"`
	Nonce  string `parser:"(@Nonce Colon)?"`
	Body   string `parser:"@Body?"`
}

const (
	pPrefix lexer.TokenType = iota
	pNonce
	pColon
	pBody
)

var payloadLexer = handlex.New([]string{"Prefix", "Nonce", "Colon", "Body"},
	func(s string, emit func(lexer.TokenType, int, int)) {
		i := 0
		if len(s) >= 2 && s[1] == ':' && 'a' <= s[0] && s[0] <= 'z' {
			emit(pPrefix, 0, 2)
			i = 2
			if s[0] == 'e' {
				if j := strings.IndexByte(s[2:], ':'); j >= 0 {
					emit(pNonce, 2, 2+j)
					emit(pColon, 2+j, 3+j)
					i = 3 + j
				}
			}
		}
		if i < len(s) {
			emit(pBody, i, len(s))
		}
	})

// Signature grammar: a whole signature line.

type sigAST struct {
	Version string `parser:"Sig @Version"`
	Source  string `parser:"At @Source"`
}

const (
	sSig lexer.TokenType = iota
	sVersion
	sAt
	sSource
	sOther
)

var sigLexer = handlex.New([]string{"Sig", "Version", "At", "Source", "Other"},
	func(s string, emit func(lexer.TokenType, int, int)) {
		i := 0
		if strings.HasPrefix(s, sigPrefix) {
			emit(sSig, 0, len(sigPrefix))
			i = len(sigPrefix)
		}
		j := i
		for j < len(s) && (isDigit(s[j]) || isLetter(s[j]) || s[j] == '.' || s[j] == '-') {
			j++
		}
		if j > i {
			emit(sVersion, i, j)
			i = j
		}
		if i < len(s) && s[i] == '@' {
			emit(sAt, i, i+1)
			if i+1 < len(s) && !strings.ContainsAny(s[i+1:], " \t") {
				emit(sSource, i+1, len(s))
				return
			}
			i++
		}
		for i < len(s) {
			i = other(s, i, sOther, emit)
		}
	})

// The parsers, each built when it is first needed (sync.OnceValue, safe from
// several goroutines): a process that reads no such input builds none, where
// building them all at init was a millisecond or two of every start.
var (
	headParser    = sync.OnceValue(func() *participle.Parser[headAST] { return participle.MustBuild[headAST](participle.Lexer(headLexer)) })
	timeParser    = sync.OnceValue(func() *participle.Parser[timeAST] { return participle.MustBuild[timeAST](participle.Lexer(timeLexer)) })
	condParser    = sync.OnceValue(func() *participle.Parser[condAST] { return participle.MustBuild[condAST](participle.Lexer(condLexer)) })
	payloadParser = sync.OnceValue(func() *participle.Parser[payloadAST] {
		return participle.MustBuild[payloadAST](participle.Lexer(payloadLexer))
	})
	sigParser = sync.OnceValue(func() *participle.Parser[sigAST] { return participle.MustBuild[sigAST](participle.Lexer(sigLexer)) })
)

// grammar returns the EBNF of every Lingua grammar, for the golden file that
// documents them.
func grammar() string {
	var b strings.Builder
	for _, g := range []struct{ name, ebnf string }{
		{"head", headParser().String()},
		{"time", timeParser().String()},
		{"condition", condParser().String()},
		{"payload", payloadParser().String()},
		{"signature", sigParser().String()},
	} {
		b.WriteString("(* " + g.name + " *)\n" + g.ebnf + "\n\n")
	}
	return b.String()
}

const (
	alien     = "👽"
	sigPrefix = "--👽lingua/"
)
