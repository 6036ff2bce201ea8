// Package lingua owns Agent Lingua 0.4's syntax: a Go line classifier that tells
// wire lines, signature lines and prose apart and splits messages into fields,
// the participle grammars of the structured parts (grammar.go), the lowering of
// all of it to ir.LinguaTranscript, and the canonical printer and encoder that
// write the IR back as Lingua wire text (print.go, encode.go).
//
// Parsing is syntax only: payloads keep their bytes and are decoded by
// passes/decode. Bad input becomes a diagnostic (codes L001-L010) and, where a
// message or field cannot be read, a node that keeps its bytes verbatim.
package lingua

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/alecthomas/participle/v2"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/chatter"
	"github.com/rosettac/rosettac/internal/diagtext"
	"github.com/rosettac/rosettac/ir"
)

// Diagnostic codes of the grammar.
const (
	CodeBadHead      = "L001" // a message head that is not 👽DA[M], ^S or !E<type>[<sub>]
	CodeNoMarker     = "L002" // a field with no known marker
	CodeRepeated     = "L003" // a marker other than % written twice in one message
	CodeBadTime      = "L004" // a ~ field that is not a duration, Unix time or ISO instant
	CodeBadCond      = "L005" // a % field that is not <type><op><value> or P<n>/<m>
	CodeBadPayload   = "L006" // a $ field with an unknown prefix or an e: payload without a nonce
	CodeBadSignature = "L007" // a --👽lingua/ line that is not --👽lingua/<version>@<source>
	CodeEmptyField   = "L008" // an empty field, message or value
	CodeLowerHex     = "L009" // a code written with lower-case hex digits
	CodeLoneSig      = "L010" // a signature line that follows no message
	CodeFence        = "L011" // INFO: a markdown fence around Lingua lines, kept as prose
)

// Parse reads a Lingua file into its IR. It never fails: every line ends up in
// the transcript (as a message, a signature or prose) and every problem is a
// diagnostic.
func Parse(src *diag.Source) (*ir.LinguaTranscript, diag.List) {
	p := &parser{src: src}
	p.doc = &ir.LinguaTranscript{Span: src.Span(0, src.Len())}
	text := src.Content()
	var prose *ir.LinguaProse
	var proseLines []string
	flush := func() {
		if prose != nil {
			prose.Text = strings.Join(proseLines, "\n")
			p.doc.Items = append(p.doc.Items, prose)
			prose, proseLines = nil, nil
		}
	}
	var last *ir.LinguaLine // the wire line just before, for its signature
	for off := diag.BOMLen(text); off < len(text); {
		lineEnd, next := diag.LineEnd(text, off)
		line := text[off:lineEnd]
		trimmed := strings.TrimLeft(line, " \t")
		start := off + len(line) - len(trimmed)
		switch classify(trimmed) {
		case kindSignature:
			flush()
			sig := p.signature(trimmed, start)
			if last != nil && last.Signature == nil {
				last.Signature = sig
			} else {
				p.errs.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeLoneSig, Span: sig.Span,
					Message: "signature line follows no message",
					Hint:    "put the signature on the line right after the message it signs"})
				p.doc.Items = append(p.doc.Items, &ir.LinguaLine{Span: sig.Span, Signature: sig})
			}
			last = nil
		case kindWire:
			flush()
			last = p.wire(trimmed, start)
			p.doc.Items = append(p.doc.Items, last)
		default:
			if chatter.IsFence(trimmed) {
				// Chatter, the same in every language (Rosetta's P006): the
				// fence is kept as prose and said, the lines inside are read.
				p.errs.Add(diag.Diagnostic{Severity: diag.Info, Code: CodeFence, Span: src.Span(start, lineEnd),
					Message: "markdown fence around Lingua lines; kept as prose, the lines inside are read",
					Hint:    "send the message lines alone, without a fence"})
			}
			if prose == nil {
				prose = &ir.LinguaProse{Span: src.Span(off, off)}
			}
			prose.Span = prose.Span.WithEnd(lineEnd)
			proseLines = append(proseLines, line)
			last = nil
		}
		off = next
	}
	flush()
	return p.doc, p.errs
}

type lineKind int

const (
	kindProse lineKind = iota
	kindWire
	kindSignature
)

// classify tells a wire line, a signature line and prose apart by their first
// bytes. A line starting with 👽 is always Lingua (a bad code is reported, not
// taken for prose). A line starting with ^ or !E is Lingua when it is written
// like a message, well formed or not, so that a malformed response or error
// gets its L001 instead of passing silently as prose; prose such as
// "^ see above", "^^", "!Everyone" or "!E-mail me" stays prose.
func classify(s string) lineKind {
	switch {
	case strings.HasPrefix(s, sigPrefix):
		return kindSignature
	case strings.HasPrefix(s, alien):
		return kindWire
	case strings.HasPrefix(s, "^"), strings.HasPrefix(s, "!E"):
		if looksLikeMessage(s) {
			return kindWire
		}
	}
	return kindProse
}

// looksLikeMessage reports whether s, which starts with ^ or !E, is written
// like a response or error message: a code (^ and one letter or digit, !E and
// a digit, with nothing after but fields or ;;), !E and one capital (a subtype
// without its type), a short code that starts with a digit and runs to the end
// of the line (^0A, ^10: malformed, L001), or a head without spaces followed by
// fields or another message (^x|#1, !E|late).
func looksLikeMessage(s string) bool {
	head := s
	if i := strings.IndexByte(s, '|'); i >= 0 {
		head = s[:i]
	}
	if i := strings.Index(head, ";;"); i >= 0 {
		head = head[:i]
	}
	marker := 1
	if s[0] == '!' {
		marker = 2
	}
	code := head[marker:]
	switch {
	case marker == 2 && code != "" && isDigit(code[0]):
		return true // !E<digit> has always been Lingua
	case len(head) < len(s):
		return !strings.ContainsAny(head, " \t") // fields or ;; follow the head
	case len(code) == 1 && marker == 1:
		return isDigit(code[0]) || isLetter(code[0]) // ^0, ^A
	case len(code) == 1:
		return 'A' <= code[0] && code[0] <= 'Z' // !EW: the type is missing
	case len(code) > 1 && len(code) <= 3 && isDigit(code[0]):
		return strings.IndexFunc(code, func(r rune) bool { return r > 0x7f || !isDigit(byte(r)) && !isLetter(byte(r)) }) < 0
	}
	return false
}

type parser struct {
	src  *diag.Source
	doc  *ir.LinguaTranscript
	errs diag.List
}

func (p *parser) span(start, end int) diag.Span { return p.src.Span(start, end) }

func (p *parser) errorf(code string, start, end int, hint, format string, args ...any) {
	p.errs.Add(diag.Diagnostic{Severity: diag.Error, Code: code, Span: p.span(start, end), Hint: hint, Message: fmt.Sprintf(format, args...)})
}

func (p *parser) warnf(code string, start, end int, hint, format string, args ...any) {
	p.errs.Add(diag.Diagnostic{Severity: diag.Warning, Code: code, Span: p.span(start, end), Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// syntaxOffset returns the offset of a participle error inside the parsed text.
func syntaxOffset(err error, n int) int {
	var pe participle.Error
	if errors.As(err, &pe) {
		if off := pe.Position().Offset; off >= 0 && off <= n {
			return off
		}
	}
	return 0
}

// tokenAt returns the text of the token at off, for messages ("unexpected x").
func tokenAt(s string, off int) string {
	if off >= len(s) {
		return "end of field"
	}
	r := []rune(s[off:])
	return strconv.Quote(string(r[:1]))
}

func (p *parser) signature(s string, start int) *ir.LinguaSignature {
	sig := &ir.LinguaSignature{Span: p.span(start, start+len(s))}
	ast, err := sigParser().ParseString("", s)
	if err != nil {
		off := syntaxOffset(err, len(s))
		p.errorf(CodeBadSignature, start+off, start+len(s), "write it as --👽lingua/0.4@agent-lingua (or @<URL>)",
			"signature line cannot be read at %s: want --👽lingua/<version>@<source>", tokenAt(s, off))
		sig.Source = s // kept verbatim
		return sig
	}
	sig.Version, sig.Source = ast.Version, ast.Source
	vs := start + len(sigPrefix)
	sig.VersionSpan = p.span(vs, vs+len(ast.Version))
	return sig
}

// wire reads one wire line: messages separated by ";;".
func (p *parser) wire(s string, start int) *ir.LinguaLine {
	line := &ir.LinguaLine{Span: p.span(start, start+len(s))}
	for off := 0; ; {
		end := strings.Index(s[off:], ";;")
		if end < 0 {
			end = len(s)
		} else {
			end += off
		}
		part := s[off:end]
		if part == "" {
			p.warnf(CodeEmptyField, start+off, start+end+2, "remove the extra ;;", "empty message in a compound (;; with nothing on one side)")
		} else {
			line.Messages = append(line.Messages, p.message(part, start+off))
		}
		if end == len(s) {
			break
		}
		off = end + 2
	}
	return line
}

// message reads one message of a wire line; s starts at byte offset start.
func (p *parser) message(s string, start int) ir.LinguaMessage {
	if strings.HasPrefix(s, alien+" ") || strings.HasPrefix(s, alien+"\t") {
		return &ir.LinguaNatural{Span: p.span(start, start+len(s)), Text: s[len(alien)+1:]}
	}
	headEnd := strings.IndexByte(s, '|')
	if headEnd < 0 {
		headEnd = len(s)
	}
	head := s[:headEnd]
	ast, err := headParser().ParseString("", head)
	inWords := false
	if err != nil {
		n := len(p.errs)
		if code := p.codeInWords(head, start); code != "" { // 👽WEB.GET (slips.go)
			ast, err = headParser().ParseString("", code)
			inWords = true
		} else if len(p.errs) > n {
			return &ir.LinguaBad{Span: p.span(start, start+len(s)), Text: s} // reported, with its did-you-mean
		}
	}
	if err != nil {
		const hint = "a request starts 👽 and two or three hex digits (👽73, 👽739), a response ^ and a status (^0), an error !E and a type (!E2W)"
		if off := syntaxOffset(err, len(head)); off < len(head) {
			msg := "message code cannot be read at " + tokenAt(head, off)
			var fixes []diag.Fix
			if code, words, ok := letterCode(head); ok { // 👽3G (slips.go)
				msg += " (did you mean " + code + ", " + words + "?)"
				fixes = p.fix("write the code as "+code, diag.Review, start, start+headEnd, code)
			}
			p.add(diag.Error, CodeBadHead, start+off, start+headEnd, msg, hint, fixes)
		} else { // the code stops short: the whole of it is the problem
			p.errorf(CodeBadHead, start, start+headEnd, hint, "message code %s is incomplete", strconv.Quote(diagtext.Clip(head)))
		}
		return &ir.LinguaBad{Span: p.span(start, start+len(s)), Text: s}
	}
	codeSpan := p.span(start, start+headEnd)
	// Only a request's code is hex digits (domain, action, modifier), where
	// case carries no meaning: those are read in upper case (L009 says so, and
	// the printer writes them so). A status, an error type and a subtype keep
	// the byte as written: ^a is not ^A (reject) and !E2w is not !E2W, so
	// reading them in upper case would let fmt change what a message says.
	if ast.Req != nil && !inWords && strings.ContainsAny(head, "abcdef") {
		p.warnf(CodeLowerHex, start, start+headEnd, "write code digits in upper case ("+strings.ToUpper(head)+")", "code %s uses lower-case hex digits", head)
	}
	var msg ir.LinguaMessage
	var f *ir.LinguaFields
	var details *string
	switch {
	case ast.Req != nil:
		r := &ir.LinguaRequest{CodeSpan: codeSpan, Domain: upper(ast.Req.Domain), Action: upper(ast.Req.Action), Modifier: upper(ast.Req.Modifier)}
		msg, f = r, &r.LinguaFields
	case ast.Resp != nil:
		r := &ir.LinguaResponse{CodeSpan: codeSpan, Status: ast.Resp.Status[0]}
		msg, f = r, &r.LinguaFields
	default:
		r := &ir.LinguaError{CodeSpan: codeSpan, Type: ast.Err.Type[0], Sub: firstByte(ast.Err.Sub)}
		msg, f, details = r, &r.LinguaFields, &r.Details
	}
	f.Span = p.span(start, start+len(s))
	f.Raw = s
	if headEnd < len(s) {
		p.fields(f, s, start, headEnd+1, details)
	}
	return msg
}

// upper returns the hex digit s (one byte, or "" for none) in upper case, or 0.
func upper(s string) byte {
	c := firstByte(s)
	if 'a' <= c && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c
}

// firstByte returns the one-byte token s as a byte, or 0 for an absent one.
func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// fields reads the fields of message s from byte i (after a '|'). The payload
// is the last field and runs to the end of the message, so it may contain '|'.
func (p *parser) fields(f *ir.LinguaFields, s string, start, i int, details *string) {
	for {
		end := len(s)
		if i < len(s) && s[i] != '$' {
			if j := strings.IndexByte(s[i:], '|'); j >= 0 {
				end = i + j
			}
		}
		p.field(f, s[i:end], start+i, details)
		if end >= len(s) {
			return
		}
		i = end + 1
	}
}

func (p *parser) field(f *ir.LinguaFields, s string, start int, details *string) {
	end := start + len(s)
	if s == "" {
		p.warnf(CodeEmptyField, start-1, start, "remove the extra |", "empty field")
		return
	}
	extra := func() { f.Extra = append(f.Extra, &ir.LinguaExtra{Span: p.span(start, end), Text: s}) }
	marker, val, vs := s[0], s[1:], start+1
	if strings.IndexByte("@#~%", marker) >= 0 && val == "" { // an empty $ is an empty payload (warned below)
		p.warnf(CodeEmptyField, start, end, "give the field a value or remove it", "field %c has no value", marker)
		extra()
		return
	}
	repeated := func(seen bool) bool {
		if seen {
			p.errorf(CodeRepeated, start, end, "a message has at most one field of each kind (only % may repeat); merge or remove this one",
				"field %c is written twice in one message", marker)
			extra()
		}
		return seen
	}
	switch marker {
	case '@':
		if !repeated(f.Target != nil) {
			f.Target = target(val, p.span(start, end))
		}
	case '#':
		if !repeated(f.ID != nil) {
			f.ID = &ir.LinguaID{Span: p.span(start, end), Text: val}
		}
	case '~':
		if !repeated(f.Time != nil) {
			if t := p.time(val, vs); t != nil {
				f.Time = t
			} else {
				extra()
			}
		}
	case '%':
		if c := p.cond(val, vs); c != nil {
			f.Conds = append(f.Conds, c)
		} else {
			extra()
		}
	case '$':
		if pl := p.payload(val, vs); pl != nil {
			f.Payload = pl
		} else {
			extra()
		}
	default:
		if details != nil && *details == "" && len(f.Extra) == 0 {
			*details = s // !E<type>|details: free text is allowed
			return
		}
		p.errorf(CodeNoMarker, start, end, "start the field with @ (target), # (id), ~ (time), % (condition) or $ (payload)",
			"field %s has no marker", strconv.Quote(diagtext.Clip(s)))
		extra()
	}
}

func target(s string, sp diag.Span) *ir.LinguaTarget {
	t := &ir.LinguaTarget{Span: sp, Text: s}
	switch s {
	case "0":
		t.Kind = ir.TargetSelf
	case "1":
		t.Kind = ir.TargetGeneral
	case "2":
		t.Kind = ir.TargetAIThoughts
	case "3":
		t.Kind = ir.TargetBuilders
	case "H":
		t.Kind = ir.TargetHuman
	case "A":
		t.Kind = ir.TargetAll
	case "S":
		t.Kind = ir.TargetInternal
	default:
		if name, ok := strings.CutPrefix(s, "99"); ok && name != "" {
			t.Kind, t.Name = ir.TargetNamed, name
		} else {
			t.Kind, t.Name = ir.TargetAgentName, s
		}
	}
	return t
}

var unitSeconds = map[byte]int64{'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 7 * 86400}

// isoShape is the ISO 8601 instant rosettac accepts after ~@ and ~= (the seed's
// = is "Unix timestamp or ISO format"): a date, T, a two-digit hour and minutes,
// optional seconds and fraction, and a zone (Z, +08, +08:00 or +0800) of at most
// 23:59. time.Parse alone is laxer (it takes T5:00 and +24), so the shape is
// checked first and isoLayouts then read the value and check the calendar.
var isoShape = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]([01]\d|2[0-3])(:?[0-5]\d)?)$`)

// isoLayouts are the instant forms accepted after ~@ and ~=: minutes or
// seconds, a zone as Z, +08, +08:00 or +0800.
var isoLayouts = []string{
	"2006-01-02T15:04Z07", "2006-01-02T15:04Z07:00", "2006-01-02T15:04-0700",
	"2006-01-02T15:04:05Z07", "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05-0700",
	"2006-01-02T15:04:05.999999999Z07:00",
}

const timeHint = "write ~+30m (after), ~-2h (before), ~*4h (every), ~=1706889600 (Unix) or ~@2024-02-03T15:00+08 (ISO); units s m h d w"

// time reads the value of a ~ field (after the marker, at byte offset start).
func (p *parser) time(s string, start int) *ir.LinguaTime {
	sp := p.span(start-1, start+len(s))
	ast, err := timeParser().ParseString("", s)
	if err != nil {
		off := syntaxOffset(err, len(s))
		p.errorf(CodeBadTime, start+off, start+len(s), timeHint, "time ~%s cannot be read at %s", diagtext.Clip(s), tokenAt(s, off))
		return nil
	}
	t := &ir.LinguaTime{Span: sp, Text: s, Op: ast.Op[0]}
	if ast.ISO != "" {
		if t.Op != '@' && t.Op != '=' {
			p.errorf(CodeBadTime, start, start+len(s), "an instant takes ~@ or ~=", "time ~%s: %c cannot take an instant", s, t.Op)
			return nil
		}
		for _, l := range isoLayouts {
			if in, err := time.Parse(l, ast.ISO); err == nil && isoShape.MatchString(ast.ISO) {
				t.Kind, t.Instant = ir.TimeISO, in
				return t
			}
		}
		p.errorf(CodeBadTime, start+1, start+len(s), "write an ISO 8601 instant with two-digit fields and a zone up to ±23:59, like 2024-02-03T15:00+08 or 2024-02-03T07:00:00Z",
			"time ~%s is not an ISO instant with a zone", diagtext.Clip(s))
		return nil
	}
	if t.Op == '=' && len(ast.Parts) == 1 && ast.Parts[0].Unit == "" {
		n, err := strconv.ParseInt(ast.Parts[0].N, 10, 64)
		if err != nil {
			p.errorf(CodeBadTime, start+1, start+len(s), timeHint, "Unix time %s is out of range", diagtext.Clip(ast.Parts[0].N))
			return nil
		}
		t.Kind, t.Unix, t.Instant = ir.TimeUnix, n, time.Unix(n, 0).UTC()
		return t
	}
	switch t.Op {
	case '+':
		t.Kind = ir.TimeAfter
	case '-':
		t.Kind = ir.TimeBefore
	case '*':
		t.Kind = ir.TimeEvery
	default:
		want := "a Unix time"
		if t.Op == '@' {
			want = "an ISO instant"
		}
		p.errorf(CodeBadTime, start, start+len(s), timeHint, "time ~%s: %c takes %s, not a duration", diagtext.Clip(s), t.Op, want)
		return nil
	}
	var total int64
	for _, part := range ast.Parts {
		off := start + part.Pos.Offset
		n, err := strconv.ParseInt(part.N, 10, 64)
		if err != nil {
			p.errorf(CodeBadTime, off, off+len(part.N), timeHint, "duration %s is out of range", diagtext.Clip(part.N))
			return nil
		}
		if part.Unit == "" {
			p.errorf(CodeBadTime, off+len(part.N), off+len(part.N), "add a unit: s m h d w", "duration %s has no unit", part.N)
			return nil
		}
		sec, ok := unitSeconds[part.Unit[0]]
		if !ok {
			p.errorf(CodeBadTime, off+len(part.N), off+len(part.N)+1, "units are s m h d w", "unknown time unit %q", part.Unit)
			return nil
		}
		if n > math.MaxInt64/int64(time.Second)/sec || total > math.MaxInt64/int64(time.Second)-n*sec {
			p.errorf(CodeBadTime, start, start+len(s), timeHint, "duration ~%s is too long", diagtext.Clip(s))
			return nil
		}
		total += n * sec
		t.Parts = append(t.Parts, ir.LinguaDuration{N: n, Unit: part.Unit[0]})
	}
	t.Duration = time.Duration(total) * time.Second
	return t
}

const condHint = "write %<type><op><value> (%K>100, %T~agent) or a partition %P1/3; operators > < = ! ~"

// cond reads the value of a % field.
func (p *parser) cond(s string, start int) (out *ir.LinguaCond) {
	q := p.condSlip(s, start) // %karma>100, %K==5: read as they mean (slips.go)
	if q == "" {
		return nil
	}
	ast, err := condParser().ParseString("", q)
	if err != nil {
		off := syntaxOffset(err, len(q))
		if off > 0 {
			off += len(s) - len(q)
		}
		p.errorf(CodeBadCond, start+off, start+len(s), condHint, "condition %%%s cannot be read at %s", diagtext.Clip(s), tokenAt(s, off))
		return nil
	}
	defer func() {
		if c := out; c != nil {
			p.condChecks(c, start)
		}
	}()
	c := &ir.LinguaCond{Span: p.span(start-1, start+len(s)), Text: s, Type: ast.Type[0]}
	if ast.Part != nil {
		a, err1 := strconv.Atoi(ast.Part.Part)
		b, err2 := strconv.Atoi(ast.Part.Of)
		if err1 != nil || err2 != nil || a < 1 || b < 1 || a > b {
			p.errorf(CodeBadCond, start, start+len(s), "a partition is P<part>/<parts> with 1 <= part <= parts", "partition %%%s is out of range", diagtext.Clip(s))
			return nil
		}
		if c.Type != 'P' {
			p.errorf(CodeBadCond, start, start+1, "only P takes <part>/<parts>", "condition %%%s: type %c has no operator", diagtext.Clip(s), c.Type)
			return nil
		}
		c.Part, c.Of = a, b
		return c
	}
	c.Op, c.Value = ast.Op[0], ast.Value
	return c
}

// payload reads the value of a $ field. Its bytes are kept as written.
func (p *parser) payload(s string, start int) *ir.LinguaPayload {
	ast, err := payloadParser().ParseString("", s)
	if err != nil { // cannot happen with this lexer, but never panic on it
		p.errorf(CodeBadPayload, start, start+len(s), "", "payload cannot be read")
		return nil
	}
	pl := &ir.LinguaPayload{Span: p.span(start-1, start+len(s)), Text: s, Body: ast.Body}
	bodyStart := start + len(s) - len(ast.Body)
	pl.BodySpan = p.span(bodyStart, start+len(s))
	switch ast.Prefix {
	case "":
		pl.Kind = ir.PayloadText
	case "j:":
		pl.Kind = ir.PayloadJSON
	case "z:":
		pl.Kind = ir.PayloadZlib
	case "r:":
		pl.Kind = ir.PayloadRaw
	case "e:":
		pl.Kind = ir.PayloadEncrypted
		if ast.Nonce == "" {
			p.errorf(CodeBadPayload, start, start+len(s), "write e:<base64 nonce>:<base64 ciphertext and tag>", "encrypted payload has no nonce")
			return nil
		}
		pl.Nonce = ast.Nonce
		pl.NonceSpan = p.span(start+2, start+2+len(ast.Nonce))
	default:
		p.errorf(CodeBadPayload, start, start+2, "payload prefixes are j: (JSON), z: (zlib), r: (raw), e: (encrypted), or none (base64 text)",
			"unknown payload prefix %s", ast.Prefix)
		return nil
	}
	if pl.Body == "" && pl.Kind != ir.PayloadRaw {
		p.warnf(CodeEmptyField, start, start+len(s), "give the payload a body or remove it", "payload %s has an empty body", s)
	}
	return pl
}
