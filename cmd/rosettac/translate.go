package main

import (
	"bufio"
	"fmt"
	"slices"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/tokens"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

func init() {
	register(&command{name: "translate", args: "--to rosetta|lingua|agentdsl|json|toon|a2a|smallest [flags] FILE...",
		summary: "translate to another format (--to json|agentdsl|rosetta|lingua|toon|a2a|smallest, --from json|toon|a2a); every loss is a T diagnostic, --strict makes it an error", run: runTranslate})
}

// targetNames are the values of translate --to, for messages.
const targetNames = "rosetta, lingua, agentdsl, json, toon, a2a or smallest"

func runTranslate(e *env, args []string) int {
	c := commands["translate"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var to, encoding string
	var tf toonFlags
	var decrypt bool
	in.register(fs, e.stderr)
	in.registerRosetta(fs)
	in.registerLingua(fs)
	in.registerOneSession(fs)
	df.registerProduct(fs)
	df.registerStrict(fs)
	tf.register(fs)
	fs.StringVar(&to, "to", "", "target: json, agentdsl, rosetta, lingua, toon, a2a, or smallest (the fewest tokens among the targets that lose nothing)")
	fs.BoolVar(&decrypt, "decrypt", false, "write the plaintext of encrypted Lingua payloads (never without it; the Rosetta messages are labelled sens=secret)")
	fs.StringVar(&encoding, "encoding", "o200k_base", "with --to smallest: the tokenizer that decides (o200k_base or cl100k_base)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if to == "" {
		return usageError(e, c, fmt.Errorf("--to is required (%s)", targetNames))
	}
	// TOON and A2A are formats translate writes apart from the languages the
	// compiler checks (interop.go); both are read by the compiler's rows (TOON
	// as the JSON it decodes to, A2A as the Rosetta its messages describe), and
	// a TOON input translates to JSON or TOON as a change of encoding.
	from := ""
	if interopFormat(in.from) == fmtTOON {
		from = fmtTOON
	}
	if from != "" || interopFormat(to) != "" || slices.ContainsFunc(files, isTOONFile) {
		return runInterop(e, c, files, &in, &df, &tf, from, to)
	}
	var target ir.Language
	if to == "smallest" {
		if _, err := tokens.Count(encoding, ""); err != nil {
			return usageError(e, c, fmt.Errorf("--encoding: %v", err))
		}
	} else if target, err = compiler.ParseLanguage(to); err != nil {
		return usageError(e, c, fmt.Errorf("--to: unknown target %q (want %s)", to, targetNames))
	}
	e.mapInputs = true // translate writes to stdout only
	step := compiler.Check
	streamed := map[*compiler.Result]bool{} // written already
	var writeErr error
	if target == ir.JSON && !in.oneSession {
		// A Rosetta file is checked and written message by message, and so
		// as it is read: every other file is then written as it is read too,
		// whole, so that the output keeps the order of the arguments.
		step = func(name string, data []byte, opt compiler.Options) *compiler.Result {
			if r := translateJSONStreamed(e, name, data, opt, &writeErr); r != nil {
				streamed[r] = true
				return r
			}
			r := compiler.Check(name, data, opt)
			if r.Doc == nil || r.Lang == ir.JSON || writeErr != nil {
				return r // JSON data is refused below, after the files before it
			}
			out, ds := translate.Translate(r.Doc, target, translate.Options{Strict: df.strictFor(r.File), Decrypt: decrypt})
			r.Diags = append(r.Diags, ds...)
			r.Diags.Sort()
			if out != nil {
				if _, err := e.stdout.Write(machineJSON(out)); err != nil {
					writeErr = err
				}
			}
			streamed[r] = true
			return r
		}
	}
	results, code := loadFiles(e, c, files, &in, &df, step)
	if results == nil {
		return code
	}
	if writeErr != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, writeErr)
		return exitUsage
	}
	for _, r := range results {
		strictLosses(r.Diags, df.strictFor(r.File)) // an A2A input's, read before Translate's
		if r.Doc == nil || streamed[r] {
			continue
		}
		if r.Lang == ir.JSON && target == ir.JSON {
			return usageError(e, c, fmt.Errorf("the input is already JSON data; --to agentdsl reads it"))
		}
		var out []byte
		var ds diag.List
		if to == "smallest" {
			var note string
			out, ds, note = smallest(r.Doc, encoding)
			fmt.Fprintf(e.stderr, "%s: %s\n", r.File, note)
		} else {
			out, ds = translate.Translate(r.Doc, target, translate.Options{Strict: df.strictFor(r.File), Decrypt: decrypt})
			if target == ir.JSON {
				out = machineJSON(out)
			}
		}
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

// translateJSONStreamed is translate --to json of a Rosetta file, checked
// and written message by message (compiler.DiagnoseItems and
// translate.RosettaJSONStream) to stdout: the bytes and diagnostics of Check,
// Translate and machineJSON, without the transcript's IR or the output ever
// held whole. It returns nil, having written nothing, for a file that is not
// Rosetta. A failed write is kept in *writeErr (the first), and nothing more
// is written.
func translateJSONStreamed(e *env, name string, data []byte, opt compiler.Options, writeErr *error) *compiler.Result {
	defer boundHeap(name, data, opt)()
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	js := &translate.RosettaJSONStream{Out: func(b []byte) {
		if *writeErr == nil {
			w.Write(b)
		}
	}}
	r := compiler.DiagnoseItems(name, data, opt, compiler.Items{Message: js.Message, Prose: js.Prose})
	if r == nil {
		return nil
	}
	if r.Doc != nil {
		js.End()
	}
	if err := w.Flush(); err != nil && *writeErr == nil {
		*writeErr = err
	}
	return r
}

// smallestOrder is the order candidates are tried in; on equal token counts
// the earlier one wins, so the choice is deterministic.
var smallestOrder = []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL, ir.JSON}

// smallest translates doc into every target that carries it without loss (no
// T diagnostic of warning or error level: an info such as T026, which carries
// exact source text along, loses nothing) and returns the one with the fewest
// tokens under encoding, with a one-line account of the candidates.
func smallest(doc ir.Document, encoding string) ([]byte, diag.List, string) {
	var best []byte
	var bestDiags diag.List
	bestLang, bestN := ir.Language(""), 0
	var tried []string
	for _, lang := range smallestOrder {
		out, ds := translate.Translate(doc, lang)
		lossy := out == nil
		for _, d := range ds {
			if d.Severity >= diag.Warning && strings.HasPrefix(d.Code, "T") {
				lossy = true
			}
		}
		if lossy {
			tried = append(tried, fmt.Sprintf("%s loses information", lang))
			continue
		}
		n, err := tokens.Count(encoding, string(out))
		if err != nil {
			continue
		}
		tried = append(tried, fmt.Sprintf("%s %d", lang, n))
		if bestLang == "" || n < bestN {
			best, bestDiags, bestLang, bestN = out, ds, lang, n
		}
	}
	if bestLang == "" {
		// Rosetta carries everything the other languages can; it only fails
		// here when the input itself could not be translated.
		out, ds := translate.Translate(doc, ir.Rosetta)
		return out, ds, "no target carries this input without loss (" + strings.Join(tried, ", ") + ")"
	}
	return best, bestDiags, fmt.Sprintf("smallest lossless target is %s, %d %s tokens (%s)", bestLang, bestN, encoding, strings.Join(tried, ", "))
}

// streamingStep is a loadFiles step that writes a file as it is checked
// (write), or checks it whole when write returns nil (a file that is not
// Rosetta, or one write leaves to the whole path); streamed records the
// results written already, which the command then skips.
func streamingStep(streamed map[*compiler.Result]bool, write func(name string, data []byte, opt compiler.Options) *compiler.Result) func(string, []byte, compiler.Options) *compiler.Result {
	return func(name string, data []byte, opt compiler.Options) *compiler.Result {
		r := write(name, data, opt)
		if r == nil {
			return compiler.Check(name, data, opt)
		}
		streamed[r] = true
		return r
	}
}
