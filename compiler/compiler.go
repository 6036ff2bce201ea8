// Package compiler owns rosettac's pipeline and its public Go API: it picks the
// input language, parses and lowers through the language's grammar package, runs
// the passes in a fixed order, and returns the checked document with its sorted
// diagnostics. Formatting (the canonical printer) is reached through it too, so
// that the command line never imports a grammar directly.
//
// Entry points are Detect, Parse, Check and Format. They never panic on bad
// input: every problem with the input is a diagnostic in Result.Diags, and the
// document is as complete as the input allowed (nil only when the input could not
// be read as text at all).
package compiler

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// DefaultMaxBytes is the default input size limit (256 MiB).
const DefaultMaxBytes = 256 << 20

// Options configures parsing and checking. The zero value is ready to use.
type Options struct {
	From     ir.Language // input language; "" detects it from the name, then the content
	MaxBytes int64       // input size limit; 0 means DefaultMaxBytes

	// Rosetta.
	Now      time.Time // "now" for stall and staleness checks; zero means the latest at= in the input
	Livelock int       // propose↔propose rounds before a livelock warning; 0 means 3

	// Lingua.
	PrivateKey []byte // X25519 private key (32 bytes), or nil
	PSK        []byte // pre-shared key, or nil
	SessionID  string // session id when the input has no handshake
	MaxInflate int    // cap on a z: payload's inflated size; 0 means the decode pass's default (1 MiB)
	// MaxInflateTotal caps the inflated size of all of a document's z:
	// payloads; 0 means the decode pass's default (64 MiB).
	MaxInflateTotal int

	// TOON (an input read as the JSON it decodes to).
	TOONIndent  int  // spaces per indentation level; 0 means 2
	TOONLenient bool // the spec's lenient decoder instead of its strict one

	// Internal: syntaxOnly stops after parsing and lowering (no passes);
	// diagnoseOnly keeps only the diagnostics (Diagnose).
	syntaxOnly, diagnoseOnly bool
}

// Result is what the pipeline produced for one file.
type Result struct {
	File string
	Lang ir.Language
	// Form is ir.JSON when the input was a data JSON form and "" when it was
	// its language's own text. Lang and Source are then what was read: the
	// text a Rosetta or Lingua form describes, as that language, or AgentDSL's
	// relational JSON itself, as json; Diags are in the file, mapped back
	// from the text (diag.Origin). Format leaves a form alone (its canonical
	// text would be the text's, not the file's); Fix applies the fixes that
	// edit inside a string of the JSON, the only ones Diags keep. Form is
	// ir.TOON for a TOON input, read as the JSON it decodes to (and that
	// JSON as above); Diags are then in the .toon file too, mapped back
	// through the JSON, and keep no fix. Form is ir.A2A for --from a2a (and
	// ir.JSON for a .json file of A2A's shape): Lang is Rosetta, Source the
	// Rosetta text the messages describe ("FILE (as rosetta)"), where the
	// check's Diags are; the A2A reader's are in the file.
	Form   ir.Language
	Source *diag.Source
	Doc    ir.Document // or nil when the input was unreadable (see Diags)
	Diags  diag.List   // sorted by position

	input *diag.Source // the file as read, which Source is not for a form
}

// Parse reads one file through its grammar (syntax and lowering only). The
// Result shares src's bytes (the IR's strings are cut from it, not copied), so
// src must not be modified while the Result is in use; Check is the same.
func Parse(file string, src []byte, opt Options) *Result {
	opt.syntaxOnly = true
	return run(file, src, &opt)
}

// Check runs the whole pipeline: parse, lower, and every pass of the language.
func Check(file string, src []byte, opt Options) *Result {
	opt.syntaxOnly, opt.diagnoseOnly = false, false
	return run(file, src, &opt)
}

// Diagnose is Check for a caller that wants only the diagnostics (rosettac
// check): the Result has the file, language, source and Check's diagnostics.
// A language may then check while it reads and keep less, and Doc holds only
// what it kept, enough for Coverage and not a document to read: AgentDSL
// checks block by block and keeps every block with no [DATA] row, Rosetta
// checks each message as it is parsed and keeps the prose and no message.
func Diagnose(file string, src []byte, opt Options) *Result {
	opt.syntaxOnly, opt.diagnoseOnly = false, true
	return run(file, src, &opt)
}

// Input problems found before any grammar runs.
const (
	codeEmpty    = "F001"
	codeNotUTF8  = "F002"
	codeTooLarge = "F003"
	codeNoLang   = "F004"
	// F005: a line of a streamed AgentDSL check longer than the limit.
	codeLineTooLong = "F005"
)

// mapFrom maps through o the diagnostics of ds whose spans are in text, the
// text o maps from, and leaves the others as they are.
func mapFrom(o *diag.Origin, text *diag.Source, ds diag.List) diag.List {
	if o == nil {
		return ds
	}
	var in diag.List
	for _, d := range ds {
		if d.Span.Source() == text {
			in = append(in, d)
		}
	}
	if len(in) == 0 {
		return ds
	}
	mapped := o.Diagnostics(in)
	out := make(diag.List, 0, len(ds))
	k := 0
	for _, d := range ds {
		if d.Span.Source() == text {
			d, k = mapped[k], k+1
		}
		out = append(out, d)
	}
	return out
}

func run(file string, src []byte, opt *Options) *Result {
	res := &Result{File: file, Source: diag.NewSource(file, src)}
	res.input = res.Source
	res.Lang = opt.From
	if res.Lang == "" {
		res.Lang = Detect(file, src)
	}
	if ds := CheckInput(res.Source, opt.MaxBytes); len(ds) > 0 {
		res.Diags = ds
		return res
	}
	fe := lookup(res.Lang)
	if fe == nil {
		res.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeNoLang, Span: res.Source.Span(0, 0),
			Message: fmt.Sprintf("rosettac cannot read %s input yet", res.Lang),
			Hint:    "pass --from with one of: " + joinLangs(Languages())})
		return res
	}
	if fe.through != nil {
		res.Form = fe.lang
	}
	// A form read through another row's text (TOON through JSON, a data JSON
	// form through its language's text), as often as the rows chain: the
	// Result is the last text's, as if it had been the input, so its
	// language, source and document agree; its diagnostics are mapped back
	// through every step (origins, last first) to the file, where the user
	// wrote what they report. A step with no Origin leaves its text's
	// positions (A2A's Rosetta text, "FILE (as rosetta)"), and a step maps
	// only what is in its own text: a diagnostic left in a later text is not
	// one of its offsets.
	var origins []*diag.Origin
	var texts []*diag.Source // the text each origin maps from
	mapBack := func(ds diag.List) diag.List {
		for i := len(origins) - 1; i >= 0; i-- {
			ds = mapFrom(origins[i], texts[i], ds)
		}
		return ds
	}
	for fe.through != nil {
		to, text, o, ds := fe.through(res.Source, opt)
		if to == nil && len(ds) > 0 {
			res.Diags = mapBack(ds)
			res.Diags.Sort()
			return res
		}
		if to == nil {
			break
		}
		res.Diags = append(res.Diags, mapBack(ds)...)
		res.Lang, res.Source, fe = to.lang, text, to
		origins, texts = append(origins, o), append(texts, text)
		if ds := CheckInput(res.Source, opt.MaxBytes); len(ds) > 0 {
			// The text is empty (a form with no items): that, after what
			// the step reported (a warning about what it left out).
			res.Diags = append(res.Diags, mapBack(ds)...)
			res.Diags.Sort()
			return res
		}
	}
	if fe.parse == nil { // a form whose reader found nothing to read it as
		res.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: codeNoLang, Span: res.Source.Span(0, 0),
			Message: fmt.Sprintf("rosettac cannot read this %s input", res.Lang),
			Hint:    "pass --from with one of: " + joinLangs(Languages())})
		return res
	}
	var doc ir.Document
	var ds diag.List
	switch {
	case opt.syntaxOnly:
		doc, ds = fe.parse(res.Source, opt)
	case opt.diagnoseOnly && fe.diagnose != nil:
		doc, ds = fe.diagnose(res.Source, opt)
	default:
		doc, ds = fe.parse(res.Source, opt)
		if doc != nil && fe.check != nil {
			ds = append(ds, fe.check(doc, res.Source, opt)...)
		}
	}
	res.Doc = doc
	res.Diags = append(res.Diags, mapBack(ds)...)
	res.Diags.Sort()
	res.Diags = res.Diags.Dedup()
	return res
}

// CheckInput reports what is wrong with an input before any grammar reads it:
// larger than maxBytes (F003; 0 means DefaultMaxBytes), empty (F001) or not
// UTF-8 (F002). Commands that do not parse (tokens) share it with run.
func CheckInput(s *diag.Source, maxBytes int64) diag.List {
	var l diag.List
	src := s.Content()
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	maxBytes = min(maxBytes, diag.MaxOffset) // what a span can address
	switch {
	case int64(len(src)) > maxBytes:
		l.Add(TooLarge(s, int64(len(src)), maxBytes))
	case len(strings.TrimSpace(src[diag.BOMLen(src):])) == 0: // a byte order mark is no content
		l.Add(diag.Diagnostic{Severity: diag.Error, Code: codeEmpty, Span: s.Span(0, 0),
			Message: "input is empty", Hint: "give a file with at least one message"})
	case !utf8.ValidString(src):
		off := firstInvalidUTF8(src)
		l.Add(diag.Diagnostic{Severity: diag.Error, Code: codeNotUTF8, Span: s.Span(off, off+1),
			Message: fmt.Sprintf("input is not valid UTF-8 (byte 0x%02x at offset %d)", src[off], off),
			Hint:    "re-encode the file as UTF-8"})
	}
	return l
}

// TooLarge is the F003 diagnostic for an input of size bytes over limit. A
// caller that stopped reading at the limit (standard input, a pipe) passes a
// negative size: the input is then "more than" the limit.
func TooLarge(s *diag.Source, size, limit int64) diag.Diagnostic {
	what := fmt.Sprintf("%d bytes", size)
	if size < 0 {
		what = fmt.Sprintf("more than %d bytes", limit)
	}
	return diag.Diagnostic{Severity: diag.Error, Code: codeTooLarge, Span: s.Span(0, 0),
		Message: fmt.Sprintf("input is %s, over the limit of %d", what, limit),
		Hint:    "raise the limit with --max-bytes, or split the input"}
}

func firstInvalidUTF8(b string) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRuneInString(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

func joinLangs(ls []ir.Language) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

// FormatOptions configures Format.
type FormatOptions struct {
	Terse bool // fold derivable header parts away (rosetta fmt default)
}

// Format prints a parsed document in its language's canonical form. It reports
// a diagnostic instead of output when the language has no printer.
func Format(res *Result, opt FormatOptions) ([]byte, diag.List) {
	fe := lookup(res.Lang)
	if res.Doc == nil || fe == nil || fe.print == nil || res.Form != "" {
		what, at := res.Lang, res.Source
		if res.Form != "" {
			// Reported in the file, not in the text it was read as.
			what = res.Form
			if res.input != nil {
				at = res.input
			}
		}
		var l diag.List
		l.Add(diag.Diagnostic{Severity: diag.Error, Code: codeNoLang, Span: at.Span(0, 0),
			Message: fmt.Sprintf("no canonical printer for %s input", what)})
		return nil, l
	}
	return fe.print(res.Doc, opt)
}
