package main

import (
	"fmt"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

func init() {
	register(&command{name: "translate", args: "--to rosetta|lingua|agentdsl|json [flags] FILE...",
		summary: "translate to another format; every loss is reported (T…), --strict makes it an error", run: runTranslate})
}

func runTranslate(e *env, args []string) int {
	c := commands["translate"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var to string
	in.register(fs)
	df.register(fs)
	fs.StringVar(&to, "to", "", "target: rosetta, lingua, agentdsl or json")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if to == "" {
		return usageError(e, c, fmt.Errorf("--to is required (rosetta, lingua, agentdsl or json)"))
	}
	target, err := compiler.ParseLanguage(to)
	if err != nil {
		return usageError(e, c, fmt.Errorf("--to: %v", err))
	}
	results, code := loadFiles(e, c, files, &in, &df, checkForTranslate)
	if results == nil {
		return code
	}
	for _, r := range results {
		if r.Doc == nil {
			continue
		}
		out, ds := translate.Translate(r.Doc, target, translate.Options{Strict: df.strict})
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
		if code := writeAll(e, c, e.stdout, out); code != exitOK {
			return code
		}
	}
	// --strict is about losses: Translate already made every T warning an
	// error, and the checkers' own warnings keep their meaning.
	rf := df
	rf.strict = false
	return report(e.stderr, results, &rf)
}

// checkForTranslate checks a file; data JSON (--from json, or .json) is first
// turned back into the text of the language it describes, which is then
// checked like any input of that language.
func checkForTranslate(name string, data []byte, opt compiler.Options) *compiler.Result {
	lang := opt.From
	if lang == "" {
		lang = compiler.Detect(name, data)
	}
	if lang != ir.JSON {
		return compiler.Check(name, data, opt)
	}
	from, text, ds := translate.FromJSON(name, data)
	if from == "" {
		src := diag.NewSource(name, data)
		return &compiler.Result{File: name, Lang: ir.JSON, Source: src, Diags: ds}
	}
	opt.From = from
	r := compiler.Check(name, text, opt)
	r.Diags = append(r.Diags, ds...)
	return r
}
