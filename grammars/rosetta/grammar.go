package rosetta

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammars, one per kind of structured line or value. The
// lexer has already typed every token by context, so each grammar is a plain
// sequence with ordinary captures.

// headerLine is a header line: msg-id act [ [sender] > targets ] { #topic | key=value }.
// It is kept flat (no nested nodes, no repetition) because it runs once per
// message: the route and the run of topics and fields are one coarse token
// each, and the lowering reads their parts from the lexer (route targets,
// lineLexer.items).
type headerLine struct {
	ID     string `parser:"@ID"`
	Act    string `parser:"@Act"`
	Route  string `parser:"@Route?"`
	Fields string `parser:"@Fields?"`
}

// binding is key [!]= value [~conf].
type binding struct {
	Key   string `parser:"@BindKey"`
	Op    string `parser:"@Op"`
	Value string `parser:"@Value"`
}

// markLine is addr (=|>) value [~conf].
type markLine struct {
	Msg       string   `parser:"@MsgRef?"`
	Block     string   `parser:"@Block"`
	Hash      string   `parser:"(@Hash"`
	Selectors []string `parser:"  (@Sel (Pipe @Sel)*)?)?"`
	Op        string   `parser:"@Op"`
	Value     string   `parser:"@Value"`
	Conf      string   `parser:"@Conf?"`
}

// txtHead is the head of a txt block: [name] [@fmt[/lang]] {attr=value}.
type txtHead struct {
	Name  string `parser:"@Name?"`
	Fmt   string `parser:"@Fmt?"`
	Attrs []attr `parser:"@@*"`
}

// txtInline is an inline txt block: txt "one line". The classifier chooses
// it or txtHead by the first character (isInline), so neither grammar needs
// a disjunction.
type txtInline struct {
	Text string `parser:"@Inline"`
}

// attr is one block attribute.
type attr struct {
	Key   string `parser:"@AttrKey"`
	Value string `parser:"@AttrVal"`
}

// list is an unk or opt value: [ item {, item} ] [~conf] [prose]; the prose
// is text after the closing bracket (a continuation line), kept as written.
type list struct {
	Open  *lexer.Token `parser:"@LBrack?"`
	Items []string     `parser:"(@Item)? (Comma (@Item)?)*"`
	Close *lexer.Token `parser:"@RBrack?"`
	Conf  *lexer.Token `parser:"@Conf?"`
	Rest  *lexer.Token `parser:"@Rest?"`
}

// shape is a want value: { field {, field} } or act { | act }.
type shape struct {
	Braced *keyContract `parser:"  @@"`
	Acts   []string     `parser:"| @Alt (Pipe @Alt)*"`
}

// keyContract is a key contract.
type keyContract struct {
	Open   lexer.Token  `parser:"@LBrace"`
	Fields []shapeField `parser:"(@@)? (Comma (@@)?)*"`
	Close  *lexer.Token `parser:"@RBrace?"`
}

// shapeField is name [?] [: type].
type shapeField struct {
	Name     lexer.Token  `parser:"@Field"`
	Optional *lexer.Token `parser:"@Optional?"`
	Type     *lexer.Token `parser:"@Type?"`
}

func build[G any](m mode) *participle.Parser[G] {
	return participle.MustBuild[G](participle.Lexer(definition{m}))
}

// The parsers, each built once, when it is first needed: a check of a
// transcript the fast path reads whole never needs one, and building all
// seven was 2.6 ms of every process's start (GODEBUG=inittrace=1), about 2%
// of a 10k-message check. sync.OnceValue makes the first use from parse
// workers on several cores safe.
var (
	headerParser = sync.OnceValue(func() *participle.Parser[headerLine] { return build[headerLine](modeHeader) })
	bindParser   = sync.OnceValue(func() *participle.Parser[binding] { return build[binding](modeBind) })
	markParser   = sync.OnceValue(func() *participle.Parser[markLine] { return build[markLine](modeMark) })
	txtParser    = sync.OnceValue(func() *participle.Parser[txtHead] { return build[txtHead](modeTxt) })
	inlineParser = sync.OnceValue(func() *participle.Parser[txtInline] { return build[txtInline](modeInline) })
	listParser   = sync.OnceValue(func() *participle.Parser[list] { return build[list](modeList) })
	shapeParser  = sync.OnceValue(func() *participle.Parser[shape] { return build[shape](modeShape) })
)

// Captures are strings (cheaper in participle than lexer.Token values); the
// lowering takes positions from the lexer's own token list, which the
// grammar has just accepted. Slices of tokens cannot be captured one by one (participle gives a
// []lexer.Token field every token of its node), so repeated captures are
// strings and their positions come from the lexer's own token list, in order.

// tok returns the first token of type t that the last lexLine produced (the
// grammar has accepted them, so a captured string's token is there).
func (l *lineLexer) tok(t lexer.TokenType) lexer.Token { return l.nth(t, 0) }

// nth returns the i-th token of type t that the last lexLine produced.
func (l *lineLexer) nth(t lexer.TokenType, i int) lexer.Token {
	for _, tk := range l.toks {
		if countTokenSteps {
			tokenSteps.Add(1)
		}
		if tk.Type == t {
			if i == 0 {
				return tk
			}
			i--
		}
	}
	return lexer.Token{}
}

// tokenSteps counts the tokens nth and next look at, for the test that their
// work grows linearly with a line's tokens (TestTokenLookupsLinear).
var tokenSteps atomic.Int64

// countTokenSteps turns the count on. It is off outside that test: one shared
// counter written on every token lookup would be contended by the parse
// workers of ParseEachParallel.
var countTokenSteps bool

// next returns the first token of type t at or after index from of the
// tokens the last lexLine produced, and the index after it: a loop over a
// line's tokens of one type goes on from the last, where nth in a loop would
// walk the line again per token (one address of n selectors was n²).
func (l *lineLexer) next(t lexer.TokenType, from int) (lexer.Token, int) {
	for i := from; i < len(l.toks); i++ {
		if countTokenSteps {
			tokenSteps.Add(1)
		}
		if l.toks[i].Type == t {
			return l.toks[i], i + 1
		}
	}
	return lexer.Token{}, len(l.toks)
}

// parseLine lexes s in mode m and reads the tokens: by the fast path
// (fastpath.go) when they are one of the common sequences, else by p. It
// returns nil when s does not have the shape of that kind of line. What it
// returns may be the lexer's scratch struct: read it before l lexes again.
func parseLine[G any](l *lineLexer, p *participle.Parser[G], m mode, s string) *G {
	if !lexLine(l, m, s) {
		return nil
	}
	if !l.grammarOnly {
		if g, ok := fastRead(l, m).(*G); ok {
			l.fastTaken++
			return g
		}
		l.fastDeclined++
	}
	peek := l.peeking()
	if peek == nil {
		var err error
		if peek, err = lexer.Upgrade(l); err != nil {
			return nil
		}
	}
	g, err := p.ParseFromLexer(peek)
	if err != nil {
		return nil
	}
	return g
}

// peeker is a participle PeekingLexer kept for every line a lineLexer reads.
//
// lexer.Upgrade builds a new PeekingLexer per call, appending the tokens one by
// one (a slice regrown four or five times, a map, the struct): that was about
// 14% of a parse. participle has no way to refill a PeekingLexer, but the
// slice its Range method returns is a view of the PeekingLexer's own tokens,
// so a line's tokens (and an EOF after them) are copied into that view and
// the cursor is reset to the start. participle reads the tokens only during
// the parse call, and captures are strings of the line, so nothing keeps the
// old contents. peekReuse checks once that the view is shared; if a participle
// version copies it instead, every line goes through lexer.Upgrade again.
type peeker struct {
	pl    *lexer.PeekingLexer
	start lexer.Checkpoint
	toks  []lexer.Token // pl's tokens
}

// peekCap is the number of tokens (EOF included) a reused PeekingLexer holds;
// longer lines (many selectors, attributes or list items) are upgraded anew.
const peekCap = 32

// placeholders is a lexer of peekCap-1 tokens and EOF, to size a peeker.
type placeholders struct{ n int }

func (f *placeholders) Next() (lexer.Token, error) {
	if f.n >= peekCap-1 {
		return lexer.Token{Type: lexer.EOF}, nil
	}
	f.n++
	return lexer.Token{Type: tValue}, nil
}

func newPeeker() *peeker {
	pl, err := lexer.Upgrade(&placeholders{})
	if err != nil {
		return nil
	}
	return &peeker{pl: pl, start: pl.MakeCheckpoint(), toks: pl.Range(0, peekCap)}
}

// load puts toks and an EOF into the PeekingLexer and rewinds it.
func (k *peeker) load(toks []lexer.Token) *lexer.PeekingLexer {
	n := copy(k.toks, toks)
	k.toks[n] = lexer.Token{Type: lexer.EOF}
	k.pl.LoadCheckpoint(k.start)
	return k.pl
}

// peekReuse reports whether a token written into a peeker's view is the token
// its PeekingLexer then reads (checked once, at start-up).
var peekReuse = func() bool {
	k := newPeeker()
	if k == nil {
		return false
	}
	pl := k.load([]lexer.Token{{Type: tID, Value: "a1.1"}})
	t := pl.Next()
	return t.Type == tID && t.Value == "a1.1" && pl.Peek().EOF()
}()

// peeking returns the lexer's PeekingLexer loaded with its current tokens, or
// nil when they must go through lexer.Upgrade instead.
func (l *lineLexer) peeking() *lexer.PeekingLexer {
	if !peekReuse || len(l.toks) >= peekCap {
		return nil
	}
	if l.peek == nil {
		if k, _ := peekers.Get().(*peeker); k != nil {
			l.peek = k
		} else if l.peek = newPeeker(); l.peek == nil {
			return nil
		}
	}
	return l.peek.load(l.toks)
}

// peekers keeps the peekers of finished parses. A parse of one message (a
// live host, the mesh gateway, an editor's keystroke) reads a handful of
// lines, and building its three or four peekers (lexer.Upgrade of peekCap
// tokens each) was about 40% of its parse (docs/performance.md, Mesh).
var peekers = sync.Pool{}

// releasePeek returns l's peeker to the pool; l builds or takes another if
// it reads a line again.
func (l *lineLexer) releasePeek() {
	if l.peek != nil {
		peekers.Put(l.peek)
		l.peek = nil
	}
}

// Grammar returns the grammars as EBNF, one section per kind of line, with the
// lexer's token classes described first. It is the documented, reviewed form
// of the syntax (golden/testdata/rosetta/grammar.ebnf).
func Grammar() string {
	var b strings.Builder
	b.WriteString(tokenDoc)
	for _, s := range []struct{ name, ebnf string }{
		{"header line", headerParser().String()},
		{"binding (a, assume, sub lines; every def line)", bindParser().String()},
		{"mark line", markParser().String()},
		{"txt head (the text after `txt`, when it does not start with a quote)", txtParser().String()},
		{"inline txt (the text after `txt`, when it starts with a quote)", inlineParser().String()},
		{"list value (unk, opt)", listParser().String()},
		{"shape value (want)", shapeParser().String()},
	} {
		b.WriteString("\n(* " + s.name + " *)\n")
		b.WriteString(s.ebnf)
		b.WriteString("\n")
	}
	return b.String()
}

const tokenDoc = `(* AgentRosetta 2.1 as rosettac reads it.

   A Go classifier reads the input line by line (lines end at LF; a CR before it
   belongs to the line ending) and sorts each line:
     blank        only white space
     content      WS* "|" [" "] <exact bytes>          never lexed, never normalised
     fence        WS* "` + "```" + `" [A-Za-z0-9_-]* WS*        coordination only: ends the message, kept as prose
     header       a line the whole of which the header grammar accepts
     slot line    [decoration] slotkey [":"] [WS value]  decoration: - * + • or 1. 1)
     continuation anything else inside a message
     prose        text outside any message
   Slot lines of q why ctx risk on by are taken by the classifier (key + rest).
   The grammars below run on one line (header, binding, mark, txt head) or on a
   slot's whole text (list, shape). The lexer types tokens by context:
     ID       msg-id: [a-z][a-z0-9_]* "." [0-9]+ | [a-z]+ [0-9]+
     Act      ask tell do take part done fail stop propose accept reject revise def note
     Route    [agent-id] WS* (">" | "＞") WS* [ target { WS* ("," | "，") WS* target } ]
              target: "*" | agent-id | "#" name{.name} | "@" (role|grp|tool) ":" name
              (a "#" target must follow ">" or "," directly)
     Fields   item { WS+ item }, the rest of a header; each item is
              a topic ("#" | "＃") name { "." name }
              or a field (re|src|at|ttl|pri|sens|thd|x_name) WS* ("=" | "＝") WS* <non-space run>
     BindKey  [A-Za-z][A-Za-z0-9_]* [":" SYMBOL]
     Value    the rest of the line (a binding's trailing ~conf is split off by the
              lowering; a mark's is a Conf token)
     Conf     ("~" | "～") ( hi | mid | lo | "?" | 0?.digits | [01](.digits)? )
     MsgRef   "@" msg-id ["@orig"] "."      Block  block-id      Hash "#"
     Sel      L3 | L3-7 | L3.c5-9 | p2 | p2-4 | c40-88 | q"..." ["@" n] | key=value (box=...)
     Pipe     "|"                           Op     "=" | "!=" | ">" (or fullwidth)
     Inline   a quoted string ("..." or “...”) after txt
     Name     block-id    Fmt "@" fmt ["/" lang]    AttrKey name    AttrVal non-space run
     LBrack   "[" | "【"   Item text up to "," | "，"   RBrack "]" | "】"
     LBrace   "{"   Field name   Optional "?"   Type text after ":"   RBrace "}"
     Alt      an act, in an act alternation
   An unclosed "[", "{" or quote is closed at the end of the text (P005). *)
`
