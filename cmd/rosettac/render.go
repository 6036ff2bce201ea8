package main

import (
	"fmt"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
)

func init() {
	register(&command{name: "render", args: "[flags] FILE...", summary: "render for people (--lang en|zh, --view, --ascii, --bare)", run: runRender})
}

// bareFlag is --bare (a boolean) or --bare=headers.
type bareFlag struct{ opt *text.Options }

func (b *bareFlag) IsBoolFlag() bool { return true }

func (b *bareFlag) String() string {
	if b == nil || b.opt == nil || !b.opt.Bare {
		return "false"
	}
	if b.opt.BareHeaders {
		return "headers"
	}
	return "true"
}

func (b *bareFlag) Set(v string) error {
	switch v {
	case "true", "1":
		b.opt.Bare, b.opt.BareHeaders = true, false
	case "false", "0":
		b.opt.Bare, b.opt.BareHeaders = false, false
	case "headers":
		b.opt.Bare, b.opt.BareHeaders = true, true
	default:
		return fmt.Errorf("%q is not true, false or headers", v)
	}
	return nil
}

func runRender(e *env, args []string) int {
	c := commands["render"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var opt text.Options
	in.register(fs, e.stderr)
	in.registerRosetta(fs)
	in.registerLingua(fs)
	in.registerOneSession(fs)
	df.registerProduct(fs)
	df.registerStrict(fs)
	fs.StringVar(&opt.Lang, "lang", "en", "language of the rendering: en or zh")
	fs.StringVar(&opt.View, "view", "full", "Rosetta view: full, decision, audit, human_task, content or clean")
	fs.BoolVar(&opt.ASCII, "ascii", false, "use ASCII only (->, -, |, ^, >)")
	fs.Var(&bareFlag{&opt}, "bare", "print only the bytes of the txt blocks; --bare=headers starts each with a '# id.block' line")
	fs.StringVar(&opt.Msg, "msg", "", "Rosetta: render only the message with this id")
	fs.StringVar(&opt.Block, "block", "", "Rosetta: render only this block (@id.block) with every mark the transcript holds on it")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if opt.Lang != "en" && opt.Lang != "zh" {
		return usageError(e, c, fmt.Errorf("--lang: %q is not en or zh", opt.Lang))
	}
	switch opt.View {
	case "full", "decision", "audit", "human_task", "content", "clean":
	default:
		return usageError(e, c, fmt.Errorf("--view: unknown view %q", opt.View))
	}
	if opt.Msg != "" && opt.Block != "" {
		return usageError(e, c, fmt.Errorf("--msg and --block: give one"))
	}
	e.mapInputs = true // render writes no file
	results, code := loadFiles(e, c, files, &in, &df, compiler.Check)
	if results == nil {
		return code
	}
	first := true
	for _, r := range results {
		if r.Doc == nil {
			continue
		}
		if !first && (!opt.Bare || opt.BareHeaders) {
			// Files render one after another, a blank line apart, as messages
			// do; --bare stays exactly the blocks' bytes.
			if code := writeAll(e, c, e.stdout, []byte("\n")); code != exitOK {
				return code
			}
		}
		first = false
		out, ds := text.Render(r.Doc, opt)
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
		if code := writeAll(e, c, e.stdout, out); code != exitOK {
			return code
		}
	}
	// The rendering is the product; diagnostics go to stderr in the chosen format.
	return report(e.stderr, results, &df)
}
