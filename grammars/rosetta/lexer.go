package rosetta

import (
	"errors"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types. The lexer types every token by the context it was found in
// (a word after '>' is a Target, the first word of a binding a BindKey), so the
// grammars need no lookahead and no disjunction between line kinds. Trivia
// (white space, the '=' of a header field, list commas' surrounding space) is
// dropped by the lexer.
const (
	tID lexer.TokenType = iota + 1
	tAct
	tGt
	tTarget
	tComma
	tTopic
	tFields
	tBindKey
	tValue
	tConf
	tMsgRef
	tBlock
	tHash
	tSel
	tPipe
	tOp
	tName
	tFmt
	tAttrKey
	tAttrVal
	tInline
	tLBrack
	tItem
	tRBrack
	tLBrace
	tField
	tOptional
	tType
	tRBrace
	tAlt
	tRest
)

var symbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "ID": tID, "Act": tAct, "Route": tGt, "Target": tTarget,
	"Comma": tComma, "Topic": tTopic, "Fields": tFields,
	"BindKey": tBindKey, "Value": tValue, "Conf": tConf,
	"MsgRef": tMsgRef, "Block": tBlock, "Hash": tHash, "Sel": tSel, "Pipe": tPipe, "Op": tOp,
	"Name": tName, "Fmt": tFmt, "AttrKey": tAttrKey, "AttrVal": tAttrVal, "Inline": tInline,
	"LBrack": tLBrack, "Item": tItem, "RBrack": tRBrack, "LBrace": tLBrace, "Field": tField,
	"Optional": tOptional, "Type": tType, "RBrace": tRBrace, "Alt": tAlt, "Rest": tRest,
}

// mode selects which kind of line or value a lexer reads.
type mode int

const (
	modeHeader mode = iota // a whole header line
	modeBind               // key [!]= value [~conf]
	modeMark               // addr (=|>) value [~conf]
	modeTxt                // the text after `txt`: a block head
	modeInline             // the text after `txt`: an inline "..."
	modeList               // an unk/opt value
	modeShape              // a want value
)

var errNoMatch = errors.New("rosetta: line does not match")

// lineLexer holds the tokens of one line, lexed eagerly, and the repairs the
// lexer made (fullwidth punctuation taken as structure, an unclosed delimiter).
type lineLexer struct {
	toks      []lexer.Token
	items     []item  // a header's topics and fields, inside its one Fields token
	peek      *peeker // participle's token buffer, reused (see parseLine)
	i         int
	fullwidth bool // a fullwidth marker was accepted
	unclosed  int  // byte offset of an unclosed '[', '{' or '"', or -1
	unclosedC string

	fast         fastScratch // the fast path's capture structs (fastpath.go)
	grammarOnly  bool        // every line through participle (ParseGrammar)
	fastTaken    int         // lines the fast path read
	fastDeclined int         // lines it handed to participle
}

// Next implements lexer.Lexer.
func (l *lineLexer) Next() (lexer.Token, error) {
	if l.i < len(l.toks) {
		t := l.toks[l.i]
		l.i++
		return t, nil
	}
	return lexer.Token{Type: lexer.EOF}, nil
}

// item is the source range of one topic or field of a header.
type item struct{ start, end int }

func (l *lineLexer) emit(t lexer.TokenType, s string, start, end int) {
	l.toks = append(l.toks, lexer.Token{Type: t, Value: s[start:end], Pos: lexer.Position{Offset: start}})
}

// definition is the participle lexer.Definition of one mode. The parsers are
// always driven through lexLine and ParseFromLexer (so the lexer's repair notes
// stay reachable); Lex and LexString exist for participle's own use.
type definition struct{ mode mode }

func (d definition) Symbols() map[string]lexer.TokenType { return symbols }

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (d definition) LexString(_ string, s string) (lexer.Lexer, error) {
	l := &lineLexer{}
	if !lexLine(l, d.mode, s) {
		return nil, errNoMatch
	}
	return l, nil
}

// lexLine lexes s in mode m into l, reporting whether s has the shape of that
// mode at all (a false here means "not this kind of line", never a panic).
func lexLine(l *lineLexer, m mode, s string) bool {
	l.toks = l.toks[:0]
	l.items = l.items[:0]
	l.i = 0
	l.fullwidth = false
	l.unclosed = -1
	switch m {
	case modeHeader:
		return lexHeader(l, s)
	case modeBind:
		return lexBind(l, s)
	case modeMark:
		return lexMark(l, s)
	case modeTxt:
		return lexTxt(l, s)
	case modeInline:
		return lexInline(l, s)
	case modeList:
		return lexList(l, s)
	case modeShape:
		return lexShape(l, s)
	}
	return false
}

// ---- character classes -------------------------------------------------

func isLower(c byte) bool  { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdent(c byte) bool  { return isLower(c) || isDigit(c) || c == '_' }
func isWord(c byte) bool   { return isLetter(c) || isDigit(c) || c == '_' }

// wsLen returns the byte length of the white-space rune at s[i], or 0. U+3000
// counts as white space in the coordination plane (spec c.1).
func wsLen(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	c := s[i]
	if c < utf8.RuneSelf {
		switch c {
		case ' ', '\t', '\v', '\f', '\r', '\n':
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if unicode.IsSpace(r) {
		return n
	}
	return 0
}

func skipWS(s string, i int) int {
	for i < len(s) {
		n := wsLen(s, i)
		if n == 0 {
			break
		}
		i += n
	}
	return i
}

// trimWS trims coordination white space from both ends of s.
func trimWS(s string) string {
	i := skipWS(s, 0)
	j := len(s)
	for j > i {
		r, n := utf8.DecodeLastRuneInString(s[i:j])
		if r < utf8.RuneSelf {
			switch r {
			case ' ', '\t', '\v', '\f', '\r', '\n':
				j--
				continue
			}
			break
		}
		if !unicode.IsSpace(r) {
			break
		}
		j -= n
	}
	return s[i:j]
}

// Fullwidth forms of the structural markers (spec §7).
const (
	fwGt    = "＞"
	fwEq    = "＝"
	fwHash  = "＃"
	fwAt    = "＠"
	fwTilde = "～"
	fwComma = "，"
	fwColon = "："
)

// marker returns the length of the marker c (or its fullwidth form fw) at s[i],
// or 0, and notes fullwidth use.
func (l *lineLexer) marker(s string, i int, c byte, fw string) int {
	if i >= len(s) {
		return 0
	}
	if s[i] == c {
		return 1
	}
	if fw != "" && strings.HasPrefix(s[i:], fw) {
		l.fullwidth = true
		return len(fw)
	}
	return 0
}

func runOf(s string, i int, f func(byte) bool) int {
	j := i
	for j < len(s) && f(s[j]) {
		j++
	}
	return j
}

// ---- header ------------------------------------------------------------

var acts = map[string]bool{
	"ask": true, "tell": true, "do": true, "take": true, "part": true, "done": true, "fail": true,
	"stop": true, "propose": true, "accept": true, "reject": true, "revise": true, "def": true, "note": true,
}

// Acts lists the 14 acts (spec §8) in the spec's order.
var Acts = []string{"ask", "tell", "do", "take", "part", "done", "fail", "stop", "propose", "accept", "reject", "revise", "def", "note"}

// Slots lists the 14 slots (spec §9) in the spec's order.
var Slots = []string{"q", "a", "why", "ctx", "want", "unk", "assume", "risk", "opt", "sub", "on", "by", "txt", "mark"}

// HeaderKeys lists the header field keys in canonical order (x_* follow, sorted).
var HeaderKeys = []string{"re", "src", "at", "ttl", "pri", "sens", "thd"}

// msgIDEnd returns the end of a message id starting at s[i] (dotted a1.7 or
// compact obs7), or -1.
func msgIDEnd(s string, i int) int {
	if i >= len(s) || !isLower(s[i]) {
		return -1
	}
	j := runOf(s, i+1, isIdent)
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		return runOf(s, j+1, isDigit)
	}
	// compact: letters then digits, nothing else
	k := runOf(s, i, isLower)
	if k == i || k == j {
		return -1
	}
	if runOf(s, k, isDigit) != j {
		return -1
	}
	return j
}

// splitID splits a message id into agent and sequence.
func splitID(id string) (agent, seq string, compact bool) {
	if k := strings.IndexByte(id, '.'); k >= 0 {
		return id[:k], id[k+1:], false
	}
	k := runOf(id, 0, isLower)
	return id[:k], id[k:], true
}

func isHeaderKey(k string) bool {
	switch k {
	case "re", "src", "at", "ttl", "pri", "sens", "thd":
		return true
	}
	if len(k) > 2 && k[0] == 'x' && k[1] == '_' {
		return runOf(k, 2, isIdent) == len(k)
	}
	return false
}

func endOfItem(s string, i int) bool { return i >= len(s) || wsLen(s, i) > 0 }

// headerCandidate is the classifier's cheap test: an id-shaped word, white
// space, and an act word. Only candidates are handed to the header grammar.
func headerCandidate(s string) bool {
	i := skipWS(s, 0)
	j := msgIDEnd(s, i)
	if j < 0 || wsLen(s, j) == 0 {
		return false
	}
	i = skipWS(s, j)
	k := runOf(s, i, isLower)
	return k > i && acts[s[i:k]] && endOfItem(s, k)
}

// nearHeader reports whether s, a headerCandidate, goes on to a route ('>')
// or a header field ('='), fullwidth forms included: then the writer meant a
// header. Prose that merely starts with an id and an act ("step2 done before
// the rollback") has neither.
func nearHeader(s string) bool {
	i := skipWS(s, msgIDEnd(s, skipWS(s, 0)))
	rest := s[runOf(s, i, isLower):]
	return strings.ContainsAny(rest, ">=") || strings.Contains(rest, "＞") || strings.Contains(rest, "＝")
}

func lexHeader(l *lineLexer, s string) bool {
	i := skipWS(s, 0)
	j := msgIDEnd(s, i)
	if j < 0 || wsLen(s, j) == 0 {
		return false
	}
	l.emit(tID, s, i, j)
	i = skipWS(s, j)
	k := runOf(s, i, isLower)
	if k == i || !acts[s[i:k]] || !endOfItem(s, k) {
		return false
	}
	l.emit(tAct, s, i, k)
	i = skipWS(s, k)
	// Route: [sender] '>' targets, one coarse token (the lexer checks the
	// targets; the lowering re-reads them with routeTargets).
	start := i
	if isLower(safeByte(s, i)) {
		w := runOf(s, i, isIdent)
		if l.marker(s, skipWS(s, w), '>', fwGt) > 0 {
			i = skipWS(s, w)
		}
	}
	if n := l.marker(s, i, '>', fwGt); n > 0 {
		mark := len(l.toks)
		e := lexTargets(l, s, i+n)
		if e < 0 {
			return false
		}
		l.toks = l.toks[:mark] // targets are re-read from the route token
		l.emit(tGt, s, start, e)
		i = e
	} else {
		i = start
	}
	// Topics and fields: one coarse Fields token (one capture instead of one
	// per item: each participle capture costs about six allocations); the
	// lowering reads the items from l.items.
	for {
		i = skipWS(s, i)
		if i >= len(s) {
			if n := len(l.items); n > 0 {
				l.emit(tFields, s, l.items[0].start, l.items[n-1].end)
			}
			return true
		}
		if n := l.marker(s, i, '#', fwHash); n > 0 {
			e := topicEnd(s, i+n)
			if e < 0 || !endOfItem(s, e) {
				return false
			}
			l.items = append(l.items, item{i, e})
			i = e
			continue
		}
		w := runOf(s, i, isIdent)
		if w == i || !isHeaderKey(s[i:w]) {
			return false
		}
		g := skipWS(s, w)
		n := l.marker(s, g, '=', fwEq)
		if n == 0 {
			return false
		}
		v := skipWS(s, g+n)
		e := v
		for e < len(s) && wsLen(s, e) == 0 {
			_, sz := utf8.DecodeRuneInString(s[e:])
			e += sz
		}
		if e == v { // spec §6.1: hfield ::= hkey "=" atom
			return false
		}
		l.items = append(l.items, item{i, e}) // key = value
		i = e
	}
}

func safeByte(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// topicEnd scans name { "." name } (letters of either case, digits, '_').
func topicEnd(s string, i int) int {
	if i >= len(s) || !isLetter(s[i]) {
		return -1
	}
	j := runOf(s, i, isWord)
	for j+1 < len(s) && s[j] == '.' && isWord(s[j+1]) {
		j = runOf(s, j+1, isWord)
	}
	return j
}

// lexTargets reads target { , target } after '>'; it returns the offset after
// the route, or -1 when the route is malformed.
//
// A '#' target must follow '>' or ',' directly: after white space, '#name' is
// the message topic (so that a bare '>' followed by a topic reads back as one).
func lexTargets(l *lineLexer, s string, i int) int {
	glued := true
	if j := skipWS(s, i); j > i {
		i, glued = j, false
	}
	first := true
	for {
		start := i
		if !glued && (s[min(i, len(s)-1)] == '#' || strings.HasPrefix(s[i:], fwHash)) {
			if first {
				return start
			}
			return -1
		}
		e := targetEnd(l, s, i)
		if e < 0 {
			if first {
				return start // a bare '>' (route with no targets)
			}
			return -1
		}
		// A word followed by '=' is a header field, not a target.
		if isLower(s[i]) {
			g := skipWS(s, e)
			if l.marker(s, g, '=', fwEq) > 0 {
				if first {
					return start
				}
				return -1
			}
		}
		if !(endOfItem(s, e) || l.marker(s, e, ',', fwComma) > 0) {
			return -1
		}
		l.emit(tTarget, s, i, e)
		first = false
		j := skipWS(s, e)
		n := l.marker(s, j, ',', fwComma)
		if n == 0 {
			return e
		}
		i = j + n
		glued = true
		if k := skipWS(s, i); k > i {
			i, glued = k, false
		}
	}
}

// targetEnd returns the end of one target at s[i], or -1.
func targetEnd(l *lineLexer, s string, i int) int {
	if i >= len(s) {
		return -1
	}
	switch {
	case s[i] == '*':
		return i + 1
	case isLower(s[i]):
		return runOf(s, i, isIdent)
	}
	if n := l.marker(s, i, '#', fwHash); n > 0 {
		if i+n < len(s) && isLower(s[i+n]) {
			return runOf(s, i+n, func(c byte) bool { return isIdent(c) || c == '.' })
		}
		return -1
	}
	if n := l.marker(s, i, '@', fwAt); n > 0 {
		for _, p := range [...]string{"role:", "grp:", "tool:"} {
			if strings.HasPrefix(s[i+n:], p) {
				k := i + n + len(p)
				if k < len(s) && isLower(s[k]) {
					return runOf(s, k, isIdent)
				}
			}
		}
	}
	return -1
}

// ---- conf --------------------------------------------------------------

// splitConf finds a trailing ~conf in s[:end] (trailing white space allowed).
// It returns the end of the value (white space before the conf trimmed), the
// conf's start and end, or confStart == -1 when there is none.
func splitConf(s string, from, end int) (valEnd, confStart, confEnd int) {
	e := end
	for e > from {
		r, n := utf8.DecodeLastRuneInString(s[from:e])
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '\v' || r == '\f' || (r >= utf8.RuneSelf && unicode.IsSpace(r)) {
			e -= n
			continue
		}
		break
	}
	// candidates: hi mid lo ? number
	k := e
	switch {
	case strings.HasSuffix(s[from:e], "hi"), strings.HasSuffix(s[from:e], "lo"):
		k = e - 2
	case strings.HasSuffix(s[from:e], "mid"):
		k = e - 3
	case strings.HasSuffix(s[from:e], "?"):
		k = e - 1
	default:
		k = e
		for k > from && (isDigit(s[k-1]) || s[k-1] == '.') {
			k--
		}
		if !validConfNumber(s[k:e]) {
			return trimEnd(s, from, end), -1, -1
		}
	}
	var t int
	switch {
	case k > from && s[k-1] == '~':
		t = k - 1
	case k-from >= len(fwTilde) && s[k-len(fwTilde):k] == fwTilde:
		t = k - len(fwTilde)
	default:
		return trimEnd(s, from, end), -1, -1
	}
	return trimEnd(s, from, t), t, e
}

// validConfNumber accepts 0?.digits or [01](.digits)? (spec §5.4, as the
// reference reads it).
func validConfNumber(n string) bool {
	if n == "" {
		return false
	}
	if n[0] == '.' {
		return len(n) > 1 && runOf(n, 1, isDigit) == len(n)
	}
	if n[0] != '0' && n[0] != '1' {
		return false
	}
	if len(n) == 1 {
		return true
	}
	if n[1] != '.' || len(n) == 2 {
		return false
	}
	return runOf(n, 2, isDigit) == len(n)
}

func trimEnd(s string, from, end int) int {
	for end > from {
		r, n := utf8.DecodeLastRuneInString(s[from:end])
		if r < utf8.RuneSelf {
			if r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '\v' || r == '\f' {
				end--
				continue
			}
			break
		}
		if !unicode.IsSpace(r) {
			break
		}
		end -= n
	}
	return end
}

// emitValue emits s[i:end] as a Value token (possibly empty) and a Conf token
// when the value ends in one.
func (l *lineLexer) emitValue(s string, i, end int) {
	i = skipWS(s, i)
	v, cs, ce := splitConf(s, i, end)
	if v < i {
		v = i
	}
	l.emit(tValue, s, i, v)
	if cs >= 0 {
		if s[cs] != '~' {
			l.fullwidth = true
		}
		l.emit(tConf, s, cs, ce)
	}
}

// ---- binding -----------------------------------------------------------

// bindKeyEnd returns the end of a binding key ([A-Za-z][A-Za-z0-9_]*, or a
// sender-prefixed symbol a4:BID, spec §14.2), or -1.
func bindKeyEnd(s string, i int) int {
	if i >= len(s) || !isLetter(s[i]) {
		return -1
	}
	j := runOf(s, i, isWord)
	if j+1 < len(s) && s[j] == ':' && s[j+1] >= 'A' && s[j+1] <= 'Z' {
		k := runOf(s, j+1, isWord)
		if strings.ToUpper(s[j+1:k]) == s[j+1:k] {
			return k
		}
	}
	return j
}

// bindShape is the classifier's test for a binding line.
func bindShape(s string) bool {
	i := skipWS(s, 0)
	j := bindKeyEnd(s, i)
	if j < 0 {
		return false
	}
	j = skipWS(s, j)
	if j < len(s) && s[j] == '!' {
		j++
	}
	return j < len(s) && (s[j] == '=' || strings.HasPrefix(s[j:], fwEq))
}

func lexBind(l *lineLexer, s string) bool {
	i := skipWS(s, 0)
	j := bindKeyEnd(s, i)
	if j < 0 {
		return false
	}
	l.emit(tBindKey, s, i, j)
	j = skipWS(s, j)
	if j < len(s) && s[j] == '!' {
		if n := l.marker(s, j+1, '=', fwEq); n > 0 {
			l.emit(tOp, s, j, j+1+n)
			l.emitBindValue(s, j+1+n)
			return true
		}
		return false
	}
	n := l.marker(s, j, '=', fwEq)
	if n == 0 {
		return false
	}
	l.emit(tOp, s, j, j+n)
	l.emitBindValue(s, j+n)
	return true
}

// emitBindValue emits the rest of a binding line, trailing ~conf included, as
// one Value token (the lowering splits the conf off with splitConf).
func (l *lineLexer) emitBindValue(s string, i int) {
	i = skipWS(s, i)
	l.emit(tValue, s, i, trimEnd(s, i, len(s)))
}

// ---- mark --------------------------------------------------------------

// lexMark reads [@msgid[@orig].]block[#sel{|sel}] WS* (=|>) value [~conf].
func lexMark(l *lineLexer, s string) bool {
	i := skipWS(s, 0)
	if n := l.marker(s, i, '@', fwAt); n > 0 {
		e := msgIDEnd(s, i+n)
		if e < 0 {
			return false
		}
		if strings.HasPrefix(s[e:], "@orig") {
			e += len("@orig")
		}
		if e >= len(s) || s[e] != '.' {
			return false
		}
		l.emit(tMsgRef, s, i, e+1)
		i = e + 1
	}
	if i >= len(s) || !isLower(s[i]) {
		return false
	}
	e := runOf(s, i, isIdent)
	l.emit(tBlock, s, i, e)
	i = e
	if n := l.marker(s, i, '#', fwHash); n > 0 {
		l.emit(tHash, s, i, i+n)
		i += n
		for {
			e, ok := selectorEnd(l, s, i)
			if !ok {
				return false
			}
			if e > i {
				l.emit(tSel, s, i, e)
			}
			i = e
			if i < len(s) && s[i] == '|' {
				l.emit(tPipe, s, i, i+1)
				i++
				continue
			}
			break
		}
	}
	i = skipWS(s, i)
	n := l.marker(s, i, '=', fwEq)
	if n == 0 {
		n = l.marker(s, i, '>', fwGt)
	}
	if n == 0 {
		return false
	}
	l.emit(tOp, s, i, i+n)
	l.emitValue(s, i+n, len(s))
	return true
}

// selectorEnd returns the end of one selector starting at s[i]. A quote runs to
// the next '"' (spec §11.2); box=... and other key=value selectors run to
// white space or '|'; anything else to white space, '|', '=' or '>'.
func selectorEnd(l *lineLexer, s string, i int) (int, bool) {
	if strings.HasPrefix(s[i:], `q"`) {
		k := strings.IndexByte(s[i+2:], '"')
		if k < 0 {
			l.unclosed, l.unclosedC = i+1, `"`
			return 0, false
		}
		e := i + 2 + k + 1
		if e < len(s) && s[e] == '@' && e+1 < len(s) && isDigit(s[e+1]) {
			e = runOf(s, e+1, isDigit)
		}
		return e, true
	}
	w := runOf(s, i, isLower)
	if w > i && w < len(s) && s[w] == '=' {
		e := w + 1
		for e < len(s) && wsLen(s, e) == 0 && s[e] != '|' {
			e++
		}
		return e, true
	}
	e := i
	for e < len(s) && wsLen(s, e) == 0 && s[e] != '|' && s[e] != '=' && s[e] != '>' && s[e] != '"' {
		if strings.HasPrefix(s[e:], fwEq) || strings.HasPrefix(s[e:], fwGt) {
			break
		}
		e++
	}
	return e, true
}

// ---- txt head ----------------------------------------------------------

// isInline reports whether the text after `txt` is an inline "..." (it
// starts with a quote); the classifier picks the inline or the block-head
// grammar by it.
func isInline(s string) bool {
	i := skipWS(s, 0)
	return i < len(s) && (s[i] == '"' || strings.HasPrefix(s[i:], "“"))
}

func lexInline(l *lineLexer, s string) bool {
	if !isInline(s) {
		return false
	}
	i := skipWS(s, 0)
	l.emit(tInline, s, i, trimEnd(s, i, len(s)))
	return true
}

func lexTxt(l *lineLexer, s string) bool {
	i := skipWS(s, 0)
	if i < len(s) && isLower(s[i]) {
		e := runOf(s, i, isIdent)
		if !endOfItem(s, e) && s[e] != '@' {
			return false
		}
		l.emit(tName, s, i, e)
		i = skipWS(s, e)
	}
	if i < len(s) && s[i] == '@' {
		e := runOf(s, i+1, isIdent)
		if e == i+1 {
			return false
		}
		if e < len(s) && s[e] == '/' {
			k := runOf(s, e+1, func(c byte) bool { return isWord(c) || c == '-' })
			if k == e+1 {
				return false
			}
			e = k
		}
		if !endOfItem(s, e) {
			return false
		}
		l.emit(tFmt, s, i, e)
		i = e
	}
	for {
		i = skipWS(s, i)
		if i >= len(s) {
			return true
		}
		if !isLower(s[i]) {
			return false
		}
		w := runOf(s, i, isIdent)
		g := skipWS(s, w)
		if g >= len(s) || s[g] != '=' {
			return false
		}
		v := skipWS(s, g+1)
		e := v
		for e < len(s) && wsLen(s, e) == 0 {
			e++
		}
		if e == v {
			return false
		}
		l.emit(tAttrKey, s, i, w)
		l.emit(tAttrVal, s, v, e)
		i = e
	}
}

// ---- list --------------------------------------------------------------

const (
	fwLBrack = "【"
	fwRBrack = "】"
)

// lexList reads [ item {, item} ] [~conf]; brackets are optional (an
// unbracketed list is its items), and a '[' with no ']' is closed at the end
// of the text (spec §7).
func lexList(l *lineLexer, s string) bool {
	i := skipWS(s, 0)
	end := len(s)
	vEnd, cs, ce := splitConf(s, i, end)
	open := 0
	if strings.HasPrefix(s[i:], "[") {
		open = 1
	} else if strings.HasPrefix(s[i:], fwLBrack) {
		open = len(fwLBrack)
	}
	closeAt, rest := -1, -1
	if open > 0 {
		l.emit(tLBrack, s, i, i+open)
		i += open
		if c, n := balancedClose(s, i, end); c >= 0 && trimEnd(s, c+n, vEnd) > c+n {
			// Text follows the list (a prose line after `unk [...]`): the
			// list ends at its own bracket, then an optional ~conf on that
			// line, and the rest is prose that continues the slot.
			closeAt, vEnd, cs = c, c+n, -1
			k := skipWS(s, vEnd)
			lineEnd := end
			if j := strings.IndexByte(s[k:end], '\n'); j >= 0 {
				lineEnd = k + j
			}
			rest = k
			if v, c1, c2 := splitConf(s, k, lineEnd); c1 >= 0 && v <= k {
				cs, ce, rest = c1, c2, skipWS(s, c2)
			}
		}
		switch {
		case closeAt >= 0:
		case vEnd > i && s[vEnd-1] == ']':
			closeAt = vEnd - 1
		case vEnd-i >= len(fwRBrack) && s[vEnd-len(fwRBrack):vEnd] == fwRBrack:
			closeAt = vEnd - len(fwRBrack)
		default:
			// A conf-looking tail inside an unclosed list is list text.
			if cs >= 0 {
				vEnd, cs = trimEnd(s, i, end), -1
			}
			l.unclosed, l.unclosedC = i-open, "]"
		}
	} else if cs >= 0 {
		// No brackets: a trailing ~conf belongs to the text.
		vEnd, cs = trimEnd(s, i, end), -1
	}
	stop := vEnd
	if closeAt >= 0 {
		stop = closeAt
	}
	for i < stop {
		j := i
		for j < stop && s[j] != ',' && !strings.HasPrefix(s[j:], fwComma) {
			j++
		}
		a, b := skipWS(s, i), trimEnd(s, i, j)
		if a < b {
			l.emit(tItem, s, a, b)
		}
		if j >= stop {
			break
		}
		n := l.marker(s, j, ',', fwComma)
		l.emit(tComma, s, j, j+n)
		i = j + n
	}
	if closeAt >= 0 {
		l.emit(tRBrack, s, closeAt, vEnd)
	}
	if cs >= 0 {
		l.emit(tConf, s, cs, ce)
	}
	if rest >= 0 {
		if e := trimEnd(s, rest, end); e > rest {
			l.emit(tRest, s, rest, e)
		}
	}
	return true
}

// balancedClose finds the bracket (] or 】) that closes a list opened before
// s[i], counting nested brackets, and returns its offset and length, or -1.
func balancedClose(s string, i, end int) (int, int) {
	depth := 0
	for j := i; j < end; j++ {
		switch {
		case s[j] == '[':
			depth++
		case strings.HasPrefix(s[j:end], fwLBrack):
			depth++
		case s[j] == ']' || strings.HasPrefix(s[j:end], fwRBrack):
			n := 1
			if s[j] != ']' {
				n = len(fwRBrack)
			}
			if depth == 0 {
				return j, n
			}
			depth--
		}
	}
	return -1, 0
}

// ---- shape -------------------------------------------------------------

// lexShape reads { field {, field} } or act { | act }. A '{' with no '}' is
// closed at the end of the text (spec §7).
func lexShape(l *lineLexer, s string) bool {
	i := skipWS(s, 0)
	end := trimEnd(s, i, len(s))
	if i >= end {
		return false
	}
	if s[i] != '{' {
		for i < end {
			j := i
			for j < end && s[j] != '|' {
				j++
			}
			a, b := skipWS(s, i), trimEnd(s, i, j)
			w := runOf(s, a, isLower)
			if w != b || !acts[s[a:b]] {
				return false
			}
			l.emit(tAlt, s, a, b)
			if j >= end {
				return true
			}
			l.emit(tPipe, s, j, j+1)
			i = j + 1
			if i >= end {
				return false
			}
		}
		return true
	}
	l.emit(tLBrace, s, i, i+1)
	i++
	closeAt := end - 1
	if s[closeAt] != '}' || closeAt < i {
		closeAt = end
		l.unclosed, l.unclosedC = i-1, "}"
	}
	for i < closeAt {
		// one field: up to a top-level comma
		j, depth := i, 0
		for j < closeAt {
			c := s[j]
			switch {
			case c == '[' || c == '{' || strings.HasPrefix(s[j:], fwLBrack):
				depth++
			case c == ']' || c == '}' || strings.HasPrefix(s[j:], fwRBrack):
				depth--
			}
			if depth <= 0 && (c == ',' || strings.HasPrefix(s[j:], fwComma)) {
				break
			}
			_, sz := utf8.DecodeRuneInString(s[j:])
			j += sz
		}
		a := skipWS(s, i)
		b := trimEnd(s, i, j)
		if a < b {
			if !lexShapeField(l, s, a, b) {
				return false
			}
		}
		if j >= closeAt {
			break
		}
		n := l.marker(s, j, ',', fwComma)
		l.emit(tComma, s, j, j+n)
		i = j + n
	}
	if closeAt < end {
		l.emit(tRBrace, s, closeAt, end)
	}
	return true
}

// lexShapeField reads name [?] [: type] in s[a:b].
func lexShapeField(l *lineLexer, s string, a, b int) bool {
	w := runOf(s[:b], a, isWord)
	if w == a || !isLetter(s[a]) && s[a] != '_' {
		return false
	}
	l.emit(tField, s, a, w)
	i := skipWS(s[:b], w)
	if i < b && s[i] == '?' {
		l.emit(tOptional, s, i, i+1)
		i = skipWS(s[:b], i+1)
	}
	if i >= b {
		return true
	}
	if s[i] != ':' {
		return false
	}
	t := skipWS(s[:b], i+1)
	if t >= b {
		return false
	}
	l.emit(tType, s, t, b)
	return true
}
