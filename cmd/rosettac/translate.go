package main

import (
	"fmt"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

func init() {
	register(&command{name: "translate", args: "--to LANG [flags] FILE", summary: "translate to another format (--to json|agentdsl|rosetta|lingua, --from json)", run: runTranslate})
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
	if len(files) != 1 {
		return usageError(e, c, fmt.Errorf("translate takes one file, got %d", len(files)))
	}
	results, code := loadFiles(e, c, files, &in, &df, compiler.Check)
	if results == nil {
		return code
	}
	r := results[0]
	if r.Doc != nil && !r.Diags.HasErrors() {
		if r.Lang == ir.JSON && target == ir.JSON {
			return usageError(e, c, fmt.Errorf("the input is already JSON data; --to agentdsl reads it"))
		}
		out, ds := translate.Translate(r.Doc, target)
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
		if out != nil {
			if code := writeAll(e, c, e.stdout, out); code != exitOK {
				return code
			}
		}
	}
	// The translation is the product; diagnostics go to stderr in the chosen format.
	return report(e.stderr, results, &df)
}
