package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/tokens"
	"github.com/rosettac/rosettac/ir"
)

func init() {
	register(&command{name: "tokens", args: "[flags] FILE...", summary: "count BPE tokens (--encoding, --by component, --vs FILE)", run: runTokens})
}

// tokenFile is the documented JSON shape of one file's counts.
type tokenFile struct {
	File      string          `json:"file"`
	Encodings []tokenEncoding `json:"encodings"`
}

type tokenEncoding struct {
	Encoding   string
	Total      int
	Components []tokens.Component // written as an object in this order
}

// MarshalJSON writes {"encoding":…,"total":…,"components":{…}} keeping the
// components in the language's order (a Go map would sort them).
func (t tokenEncoding) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	enc, _ := json.Marshal(t.Encoding)
	fmt.Fprintf(&b, `{"encoding":%s,"total":%d`, enc, t.Total)
	if len(t.Components) > 0 {
		b.WriteString(`,"components":{`)
		for i, c := range t.Components {
			if i > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(c.Name)
			fmt.Fprintf(&b, "%s:%d", k, c.Tokens)
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func runTokens(e *env, args []string) int {
	c := commands["tokens"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var encoding, by, vs string
	in.register(fs, e.stderr)
	df.registerProduct(fs)
	var format string
	fs.StringVar(&format, "format", "text", "output format: text or json (the diagnostics' is --diag-format)")
	fs.StringVar(&encoding, "encoding", "", "o200k_base or cl100k_base (default: both)")
	fs.StringVar(&by, "by", "", "break totals down: component")
	fs.StringVar(&vs, "vs", "", "compare every file against this one")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if format != "text" && format != "json" {
		return usageError(e, c, fmt.Errorf("--format: unknown format %q (want text or json)", format))
	}
	encs := tokens.Encodings
	if encoding != "" {
		if _, err := tokens.Count(encoding, ""); err != nil {
			return usageError(e, c, fmt.Errorf("--encoding: %v", err))
		}
		encs = []string{encoding}
	}
	if by != "" && by != "component" {
		return usageError(e, c, fmt.Errorf("--by: unknown breakdown %q (want component)", by))
	}
	// Totals count the bytes as read, in any language, parsed or not; only an
	// input no command takes (empty, not UTF-8, too large) is refused. So is
	// a JSON file's breakdown, a lexical scan (keys, values, punctuation) of
	// whichever language's data it holds: the document compiler.Parse reads
	// from Rosetta's and Lingua's data JSON is the text the form describes,
	// not the JSON whose tokens are counted. Any other breakdown needs the
	// parsed document.
	step := func(file string, src []byte, opt compiler.Options) *compiler.Result {
		if by != "" {
			lang := opt.From
			if lang == "" {
				lang = compiler.Detect(file, src)
			}
			if lang != ir.JSON {
				return compiler.Parse(file, src, opt)
			}
		}
		r := &compiler.Result{File: file, Source: diag.NewSource(file, src)}
		r.Diags = compiler.CheckInput(r.Source, opt.MaxBytes)
		return r
	}
	// The --vs file is read first and must be countable: without it there
	// is nothing to compare against.
	var base *tokenFile
	var vsResults []*compiler.Result
	if vs != "" {
		if err := checkNames(append(files[:len(files):len(files)], vs)); err != nil {
			return usageError(e, c, err)
		}
		var code int
		if vsResults, code = loadFiles(e, c, []string{vs}, &in, &df, step); vsResults == nil {
			return code
		}
		if len(vsResults) == 0 || !countable(vsResults[0], by) {
			report(e.stderr, vsResults, &df)
			return exitDiags
		}
	}
	results, code := loadFiles(e, c, files, &in, &df, step)
	if results == nil {
		return code
	}
	var out []tokenFile
	for _, r := range append(results, vsResults...) {
		if !countable(r, by) {
			continue
		}
		tf := tokenFile{File: r.File}
		for _, enc := range encs {
			m, err := tokens.Measure(enc, []byte(r.Source.Content()), r.Doc, by == "component")
			if err != nil {
				fmt.Fprintf(e.stderr, "rosettac tokens: %s: %v\n", r.File, err)
				return exitUsage
			}
			tf.Encodings = append(tf.Encodings, tokenEncoding{Encoding: enc, Total: m.Total, Components: m.Components})
		}
		out = append(out, tf)
	}
	if vs != "" {
		base, out = &out[len(out)-1], out[:len(out)-1]
	}
	if format == "json" {
		doc := struct {
			Files []tokenFile `json:"files"`
			Vs    *tokenFile  `json:"vs,omitempty"`
		}{out, base}
		b, _ := json.Marshal(doc)
		if code := writeAll(e, c, e.stdout, append(b, '\n')); code != exitOK {
			return code
		}
	} else {
		var b strings.Builder
		for _, f := range out {
			for i, te := range f.Encodings {
				fmt.Fprintf(&b, "%s\t%s\t%d", f.File, te.Encoding, te.Total)
				if base != nil {
					bt := base.Encodings[i].Total
					fmt.Fprintf(&b, "\tvs %s %d\t%s", base.File, bt, percent(te.Total, bt))
				}
				b.WriteByte('\n')
				for _, cp := range te.Components {
					fmt.Fprintf(&b, "\t%-12s\t%d\n", cp.Name, cp.Tokens)
				}
			}
		}
		if code := writeAll(e, c, e.stdout, []byte(b.String())); code != exitOK {
			return code
		}
	}
	return report(e.stderr, append(results, vsResults...), &df)
}

// countable reports whether a file's tokens can be counted: not when its
// input was refused (empty, not UTF-8, too large), and for --by component
// not when it could not be parsed at all.
func countable(r *compiler.Result, by string) bool {
	return !r.Diags.HasErrors() || by != "" && r.Doc != nil
}

// percent formats the change from base to n, as "-38.5%".
func percent(n, base int) string {
	if base == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%+.1f%%", 100*float64(n-base)/float64(base))
}
