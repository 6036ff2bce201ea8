package toon

import (
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of an array header's structured part: the bracket
// segment, the optional fields segment and the colon (§6). The key before the
// bracket is found by the line classifier (decode.go), which decides whether a
// line is a header at all; this grammar then reads the rest, and whatever it
// refuses is a malformed header (CodeHeader).

// headerLexer tokenises from the opening bracket to the end of the line. Other
// takes any character the grammar has no use for, so a malformed header is a
// parse error with a position rather than a lexer failure.
var headerLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "String", Pattern: `"(?:\\.|[^"\\])*"`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Name", Pattern: `[A-Za-z_][A-Za-z0-9_.]*`},
	{Name: "LBrack", Pattern: `\[`},
	{Name: "RBrack", Pattern: `\]`},
	{Name: "LBrace", Pattern: `\{`},
	{Name: "RBrace", Pattern: `\}`},
	{Name: "Colon", Pattern: `:`},
	{Name: "Pipe", Pattern: `\|`},
	{Name: "Comma", Pattern: `,`},
	{Name: "Tab", Pattern: `\t`},
	{Name: "Space", Pattern: ` +`},
	{Name: "Other", Pattern: `(?s).`},
})

// bracketAST is [N], [N<delim>], [N:] or [N:<delim>], then the fields, then
// the colon.
type bracketAST struct {
	Length string     `parser:"LBrack @Int"`
	Keyed  bool       `parser:"@Colon?"`
	Delim  string     `parser:"@(Pipe | Tab)? RBrack"`
	Fields *fieldsAST `parser:"@@? Colon"`
	EndPos lexer.Position
}

// fieldsAST is {f1<delim>f2…}; every group holds at least one field.
type fieldsAST struct {
	First *fieldAST    `parser:"LBrace @@"`
	Rest  []*sepdField `parser:"@@* RBrace"`
}

// sepdField is a field after its delimiter, which must be the header's.
type sepdField struct {
	Sep   string    `parser:"@(Comma | Pipe | Tab)"`
	Field *fieldAST `parser:"@@"`
}

// fieldAST is a field name, quoted or not, with its nested group if any.
type fieldAST struct {
	Pos  lexer.Position
	Name string     `parser:"Space? @(Name | String) Space?"`
	Sub  *fieldsAST `parser:"@@? Space?"`
}

// headerParser is built when first needed (sync.OnceValue): building it at
// init was a millisecond of every rosettac start, TOON or not.
var headerParser = sync.OnceValue(func() *participle.Parser[bracketAST] {
	return participle.MustBuild[bracketAST](
		participle.Lexer(headerLexer),
		participle.UseLookahead(2),
	)
})

// Grammar returns the header grammar as EBNF, for the golden file that
// documents it.
func Grammar() string { return headerParser().String() }

// field is one entry of a decoded fields segment.
type field struct {
	name string
	sub  []field // a nested field group, or nil for a leaf
}

// header is a parsed array header.
type header struct {
	key     string
	hasKey  bool
	keyOff  int // offset of the key (or of the bracket when there is none)
	length  int
	delim   byte
	keyed   bool
	fields  []field // nil without a fields segment
	rest    string  // the text after the colon, spaces trimmed
	restOff int
	end     int // offset just past the colon
}

// leaves counts the leaf fields of fs, depth first.
func leaves(fs []field) int {
	n := 0
	for _, f := range fs {
		if f.sub != nil {
			n += leaves(f.sub)
		} else {
			n++
		}
	}
	return n
}

// headerStatus says what the classifier made of a line.
type headerStatus int

const (
	notHeader headerStatus = iota // not a header: a key-value line or a scalar
	isHeader
	badHeader // a key and a bracket, then something §6 refuses
)

// parseHeader reads text (a line's content, at offset off) as an array header.
// A line is a header candidate when it starts with a quoted key followed by
// "[", or with an unquoted key (§7.3's pattern, or none) followed by "[" before
// any colon (§5.2 rule 3). From the bracket on, the grammar decides: a refusal
// is badHeader, with the error's offset and message.
func (d *decoder) parseHeader(text string, off int) (*header, headerStatus, int, string) {
	h := &header{keyOff: off}
	pos := 0
	if strings.HasPrefix(text, `"`) {
		s, n, ok := unquote(text)
		if !ok || n >= len(text) || text[n] != '[' {
			return nil, notHeader, 0, ""
		}
		h.key, h.hasKey, pos = s, true, n
	} else {
		b := strings.IndexByte(text, '[')
		if b < 0 {
			return nil, notHeader, 0, ""
		}
		if c := strings.IndexByte(text, ':'); c >= 0 && c < b {
			return nil, notHeader, 0, ""
		}
		if b > 0 {
			if !isUnquotedKey(text[:b]) {
				return nil, notHeader, 0, ""
			}
			h.key, h.hasKey = text[:b], true
		}
		pos = b
	}
	seg := text[pos:]
	ast, err := headerParser().ParseString("", seg, participle.AllowTrailing(true))
	if err != nil {
		at := pos
		msg := err.Error()
		if pe, ok := err.(participle.Error); ok {
			at += pe.Position().Offset
			msg = pe.Message()
		}
		return nil, badHeader, off + at, "malformed array header: " + msg
	}
	if len(ast.Length) > 1 && ast.Length[0] == '0' {
		return nil, badHeader, off + pos + 1, "array length " + ast.Length + " has a leading zero"
	}
	n, ok := atoiBounded(ast.Length)
	if !ok {
		return nil, badHeader, off + pos + 1, "array length " + ast.Length + " is too large"
	}
	h.length, h.keyed = n, ast.Keyed
	h.delim = ','
	if ast.Delim != "" {
		h.delim = ast.Delim[0]
	}
	if ast.Fields != nil {
		fs, at, msg := d.fields(ast.Fields, h.delim, text, off+pos)
		if msg != "" {
			return nil, badHeader, at, msg
		}
		h.fields = fs
	}
	h.end = off + pos + ast.EndPos.Offset
	rest := text[pos+ast.EndPos.Offset:]
	trimmed := strings.TrimLeft(rest, " ")
	h.restOff = h.end + len(rest) - len(trimmed)
	h.rest = strings.TrimRight(trimmed, " ")
	if h.keyed && h.fields == nil {
		return nil, badHeader, h.end - 1, "a keyed header [N:] needs a fields segment {…}"
	}
	if h.fields != nil && h.rest != "" {
		return nil, badHeader, h.restOff, "a header with fields takes no values after its colon"
	}
	return h, isHeader, 0, ""
}

// fields decodes a fields segment, checking that every delimiter is the
// header's and that no name repeats in a group (in strict mode; §14.3).
func (d *decoder) fields(fa *fieldsAST, delim byte, text string, base int) ([]field, int, string) {
	all := []*fieldAST{fa.First}
	for _, r := range fa.Rest {
		if r.Sep[0] != delim {
			return nil, base + r.Field.Pos.Offset - 1, "header delimiter mismatch: the fields are separated by " +
				delimName(r.Sep[0]) + " but the bracket declares " + delimName(delim)
		}
		all = append(all, r.Field)
	}
	out := make([]field, 0, len(all))
	seen := map[string]bool{}
	for _, f := range all {
		name := f.Name
		if strings.HasPrefix(name, `"`) {
			s, _, ok := unquote(name)
			if !ok {
				return nil, base + f.Pos.Offset, "field name " + name + " has an invalid escape"
			}
			name = s
		}
		if seen[name] && d.strict {
			return nil, base + f.Pos.Offset, "field " + quoteForMessage(name) + " is named twice in one group"
		}
		seen[name] = true
		e := field{name: name}
		if f.Sub != nil {
			sub, at, msg := d.fields(f.Sub, delim, text, base)
			if msg != "" {
				return nil, at, msg
			}
			e.sub = sub
		}
		out = append(out, e)
	}
	return out, 0, ""
}

func delimName(c byte) string {
	switch c {
	case '\t':
		return "tabs"
	case '|':
		return "pipes"
	}
	return "commas"
}

// isUnquotedKey reports whether s may be written without quotes (§7.3).
func isUnquotedKey(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '.'):
		default:
			return false
		}
	}
	return true
}

func atoiBounded(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
		if n > 1<<40 {
			return 0, false
		}
	}
	return n, true
}
