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
		summary: "translate to another format (--to json|agentdsl|rosetta|lingua, --from json); every loss is a T diagnostic, --strict makes it an error", run: runTranslate})
}

func runTranslate(e *env, args []string) int {
	c := commands["translate"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var to string
	in.register(fs)
	df.register(fs)
	fs.StringVar(&to, "to", "", "target language: json, agentdsl, rosetta or lingua")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if to == "" {
		return usageError(e, c, fmt.Errorf("--to is required (json, agentdsl, rosetta or lingua)"))
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
		if r.Lang == ir.JSON && target == ir.JSON {
			return usageError(e, c, fmt.Errorf("the input is already JSON data; --to agentdsl reads it"))
		}
		out, ds := translate.Translate(r.Doc, target, translate.Options{Strict: df.strict})
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
		if out != nil {
			if code := writeAll(e, c, e.stdout, out); code != exitOK {
				return code
			}
		}
	}
	// The translation is the product; diagnostics go to stderr in the chosen
	// format. --strict is about losses: Translate already made every T warning
	// an error, and the checkers' own warnings keep their meaning.
	rf := df
	rf.strict = false
	return report(e.stderr, results, &rf)
}

// checkForTranslate checks a file. Rosetta and Lingua data JSON (--from json,
// or .json) is first turned back into the text of the language it describes,
// which is then checked like any input of that language; any other JSON is
// AgentDSL's relational data form, which the compiler reads.
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
		if ds.HasErrors() {
			return &compiler.Result{File: name, Lang: ir.JSON, Source: diag.NewSource(name, data), Diags: ds}
		}
		return compiler.Check(name, data, opt)
	}
	opt.From = from
	r := compiler.Check(name, text, opt)
	r.Diags = append(r.Diags, ds...)
	return r
}
