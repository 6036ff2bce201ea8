package compiler

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// frontEnd is one row of the front-end table: everything the compiler knows
// about reading one input language. Each language defines its row in its own
// file (rosetta.go, lingua.go, agentdsl.go, json.go, toon.go, a2a.go); frontEnds
// lists them.
// Languages, ParseLanguage, Detect, Parse, Check, Format and the command
// line's flag help and streaming choice are all read from the
// table, so adding a language is one grammars/ package, its IR file, and one
// row here (docs/architecture.md, "Adding a language").
type frontEnd struct {
	lang ir.Language

	// exts are the file name extensions that name the language, lower case
	// with the dot. Detect trusts an extension before any content.
	exts []string

	// sniff reports whether one line of content (leading blanks and tabs
	// trimmed) marks the language; nil when no line does. Detect asks the
	// rows in table order, line by line; a file no line marks is the first
	// row's (Rosetta, whose messages are recognised anywhere in prose).
	sniff func(line []byte) bool

	// parse reads and lowers src: syntax only, no passes.
	parse func(src *diag.Source, opt *Options) (ir.Document, diag.List)

	// check runs the language's passes over a parsed document; nil for none.
	check func(doc ir.Document, src *diag.Source, opt *Options) diag.List

	// diagnose, when not nil, is parse and check in one pass that may keep
	// less of the document (Diagnose); its diagnostics are
	// exactly those of parse then check.
	diagnose func(src *diag.Source, opt *Options) (ir.Document, diag.List)

	// print writes a parsed document in canonical form; nil when the
	// language has no canonical text (Format then reports F004).
	print func(doc ir.Document, opt FormatOptions) ([]byte, diag.List)

	// checkReader, when not nil, checks the language from a reader without
	// holding the input, holding at most maxLine bytes of a line (see
	// CheckReaderLimit); the command line then checks files of the language
	// straight from disk.
	checkReader func(file string, rd io.Reader, maxLine int64) (*Result, error)

	// stream, when not nil, starts a Stream over the language (NewStream).
	stream func(name string, opt Options) Stream

	// dataJSON, when not nil, writes the items of the language's data JSON
	// form ({"format":"<lang>","items":[...]}, translate --to json) as the
	// language's text. The JSON row reads a file of that shape through it
	// (json.go): the text is then parsed and checked as the language.
	dataJSON jsonvalue.TextWriter

	// through, when not nil, reads src as another row's text: it returns that
	// row, the text and the Origin that maps the text back to src (what the
	// check finds is reported in src), or diagnostics alone when src has the
	// other row's shape but cannot be read as it, or nothing to read src as
	// this row. The JSON row reads Rosetta's and Lingua's data forms so
	// (json.go), and hands A2A's messages to the A2A row (src itself, no
	// Origin); the TOON row reads every input as the JSON it decodes to
	// (toon.go; its Origin maps each value back to the token it was decoded
	// from);
	// the A2A row reads A2A messages as Rosetta text (a2a.go, no Origin).
	// The rows chain: run follows through until a row reads the text itself.
	// A row with a through and no parse reads nothing itself.
	through func(src *diag.Source, opt *Options) (*frontEnd, *diag.Source, *diag.Origin, diag.List)
}

// frontEnds is the table, in the order Languages lists the languages and
// Detect asks their sniff functions. The first row is the language of text
// that no extension and no line names.
var frontEnds = []*frontEnd{
	rosettaFrontEnd,
	linguaFrontEnd,
	agentDSLFrontEnd,
	jsonFrontEnd,
	toonFrontEnd,
	a2aFrontEnd,
}

// lookup returns the row of lang, or nil.
func lookup(lang ir.Language) *frontEnd {
	for _, fe := range frontEnds {
		if fe.lang == lang {
			return fe
		}
	}
	return nil
}

// Languages lists the languages with a front end, in table order.
func Languages() []ir.Language {
	out := make([]ir.Language, len(frontEnds))
	for i, fe := range frontEnds {
		out[i] = fe.lang
	}
	return out
}

// LanguageList is the languages with a front end as a phrase for messages
// and help: "rosetta, lingua, agentdsl, json, toon or a2a".
func LanguageList() string {
	names := make([]string, len(frontEnds))
	for i, fe := range frontEnds {
		names[i] = string(fe.lang)
	}
	return orList(names)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// ParseLanguage maps a --from value (any case) to a Language.
func ParseLanguage(s string) (ir.Language, error) {
	if fe := lookup(ir.Language(strings.ToLower(s))); fe != nil {
		return fe.lang, nil
	}
	return "", fmt.Errorf("unknown language %q (want %s)", s, LanguageList())
}

// DetectByName picks the language a file's name gives by its extension, and
// reports whether it gives one.
func DetectByName(file string) (ir.Language, bool) {
	ext := strings.ToLower(filepath.Ext(file))
	for _, fe := range frontEnds {
		for _, e := range fe.exts {
			if e == ext {
				return fe.lang, true
			}
		}
	}
	return "", false
}

// Detect picks the language of a file: by its extension (DetectByName), else
// by the first line of content that marks a language (a line starting with
// 👽, ^ or !E, or holding a --👽lingua/ signature, is Lingua; a line
// [SCHEMA:, [DATA], [FUNCTIONS], [CALL] or [RESULT] is AgentDSL), else
// Rosetta.
func Detect(file string, src []byte) ir.Language {
	if l, ok := DetectByName(file); ok {
		return l
	}
	src = bytes.TrimPrefix(src, []byte("\uFEFF")) // an encoding mark, not the first line's text (diag.BOMLen)
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimLeft(line, " \t")
		for _, fe := range frontEnds {
			if fe.sniff != nil && fe.sniff(line) {
				return fe.lang
			}
		}
	}
	return frontEnds[0].lang
}

// hasAnyPrefix reports whether line starts with one of prefixes.
func hasAnyPrefix(line []byte, prefixes ...string) bool {
	for _, p := range prefixes {
		if bytes.HasPrefix(line, []byte(p)) {
			return true
		}
	}
	return false
}

// ReaderCheck returns the function that checks lang straight from a reader,
// holding neither the input nor its IR (CheckReaderLimit for AgentDSL), or
// nil when the language has none. The command line checks such files from
// disk.
func ReaderCheck(lang ir.Language) func(file string, rd io.Reader, maxLine int64) (*Result, error) {
	if fe := lookup(lang); fe != nil {
		return fe.checkReader
	}
	return nil
}
