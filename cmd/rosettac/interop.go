package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// The interop formats of translate (docs/interop.md): TOON and A2A are
// formats of data and messages that rosettac translates to and from. Both
// inputs are the compiler's: its TOON row decodes TOON to JSON, which is then
// read as --from json reads it, and its A2A row reads A2A messages as the
// Rosetta text they describe. Here are what is not a row's: TOON to JSON or
// to TOON is a change of encoding of any JSON value, a TOON output is the data
// JSON of the input, encoded, and an A2A output is translate's A2A leg.

// Interop format names, as --to and --from take them.
const (
	fmtTOON = "toon"
	fmtA2A  = "a2a"
)

// interopFormat returns s when it names an interop format, else "". As a
// --from value only toon is translate's (a change of encoding); a2a is the
// compiler's A2A row.
func interopFormat(s string) string {
	switch strings.ToLower(s) {
	case fmtTOON:
		return fmtTOON
	case fmtA2A:
		return fmtA2A
	}
	return ""
}

// toonFlags are translate's --toon-* flags: the fixtures' options.
type toonFlags struct {
	delimiter string
	indent    int
	strict    bool
}

func (f *toonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.delimiter, "toon-delimiter", ",", "TOON: the delimiter of arrays and tables: , | or a tab, or comma, pipe, tab")
	fs.IntVar(&f.indent, "toon-indent", 2, "TOON: spaces per indentation level")
	fs.BoolVar(&f.strict, "toon-strict", true, "TOON: decode in strict mode (the spec's default); false accepts what the spec lets a lenient decoder accept")
}

func (f *toonFlags) options() (translate.TOONOptions, error) {
	opt := translate.TOONOptions{Indent: f.indent, Lenient: !f.strict}
	switch f.delimiter {
	case ",", "comma":
		opt.Delimiter = ','
	case "|", "pipe":
		opt.Delimiter = '|'
	case "\t", "tab", `\t`:
		opt.Delimiter = '\t'
	default:
		return opt, fmt.Errorf("--toon-delimiter: %q is not , | or a tab (or comma, pipe, tab)", f.delimiter)
	}
	if f.indent < 1 || f.indent > 16 {
		return opt, fmt.Errorf("--toon-indent: %d is not 1 to 16", f.indent)
	}
	return opt, nil
}

// isTOONFile reports whether a file is TOON by its extension (.toon, the
// spec's §17).
func isTOONFile(name string) bool { return strings.EqualFold(filepath.Ext(name), ".toon") }

// runInterop translates files when either side is an interop format, or an
// input is a .toon file. to is the --to value; from is toon for --from toon,
// else "".
func runInterop(e *env, c *command, files []string, in *inputFlags, df *diagFlags, tf *toonFlags, from, to string) int {
	topt, err := tf.options()
	if err != nil {
		return usageError(e, c, err)
	}
	toFmt := interopFormat(to)
	var target ir.Language
	if toFmt == "" {
		if to == "smallest" {
			return usageError(e, c, fmt.Errorf("--to smallest does not read %s; translate to json first", from))
		}
		if target, err = compiler.ParseLanguage(to); err != nil {
			return usageError(e, c, fmt.Errorf("--to: unknown target %q (want %s)", to, targetNames))
		}
	}
	outs := map[string][]byte{}
	step := func(name string, data []byte, opt compiler.Options) *compiler.Result {
		src := diag.NewSource(name, data)
		opt.TOONIndent, opt.TOONLenient = topt.Indent, topt.Lenient
		isTOON := opt.From == ir.TOON || opt.From == "" && isTOONFile(name)
		var out []byte
		var ds diag.List
		r := &compiler.Result{File: name, Source: src} // each case says what it read
		switch {
		case isTOON && (toFmt == fmtTOON || target == ir.JSON):
			// TOON to JSON or TOON again is a change of encoding of any JSON
			// value, not only the data forms rosettac reads: the value, its
			// key order and its numbers' digits as they were.
			r.Lang = ir.TOON
			jsonText, dds := translate.TOONToJSON(src, topt)
			ds = dds
			if jsonText != nil && toFmt == fmtTOON {
				out, dds = translate.JSONToTOON(diag.NewSource(name, jsonText), topt)
				ds = append(ds, dds...)
			} else {
				out = jsonText
			}
		case toFmt == fmtTOON && (opt.From == ir.JSON || opt.From == "" && compiler.Detect(name, data) == ir.JSON):
			// Any JSON value encodes, not only the data forms rosettac reads.
			r.Lang = ir.JSON
			out, ds = translate.JSONToTOON(src, topt)
		default:
			cr := compiler.Check(name, data, opt)
			r = cr
			strictLosses(cr.Diags, df.strict)
			if cr.Doc != nil {
				var more diag.List
				if toFmt == fmtTOON {
					out, more = translate.ToTOON(cr.Doc, topt)
				} else {
					out, more = translateTo(cr.Doc, target, toFmt, df)
				}
				r.Diags = append(r.Diags, more...)
			}
		}
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
		if out != nil {
			outs[name] = out
		}
		return r
	}
	results, code := loadFiles(e, c, files, in, df, step)
	if results == nil {
		return code
	}
	for _, r := range results {
		if out := outs[r.File]; out != nil {
			if code := writeAll(e, c, e.stdout, out); code != exitOK {
				return code
			}
		}
	}
	rf := *df
	rf.strict = false
	return report(e.stderr, results, &rf)
}

// translateTo translates a checked document to a language, or to A2A.
func translateTo(doc ir.Document, target ir.Language, toFmt string, df *diagFlags) ([]byte, diag.List) {
	if toFmt == fmtA2A {
		return translate.ToA2A(doc, translate.Options{Strict: df.strict})
	}
	return translate.Translate(doc, target, translate.Options{Strict: df.strict})
}

// strictLosses makes the losses reading an input reported errors when strict
// is set, as Translate makes its own: the A2A row's T025 for what Rosetta
// cannot carry of a message. No other row reports a loss.
func strictLosses(ds diag.List, strict bool) {
	if !strict {
		return
	}
	for i := range ds {
		if ds[i].Severity == diag.Warning && strings.HasPrefix(ds[i].Code, "T") {
			ds[i].Severity = diag.Error
		}
	}
}
