package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	irjson "github.com/rosettac/rosettac/emit/json"
	"github.com/rosettac/rosettac/ir"
)

// emitterNames lists the backends compile --emit accepts (emit.Backends).
func emitterNames() string {
	var n []string
	for _, b := range emit.Backends() {
		n = append(n, b.Name)
	}
	return strings.Join(n, ", ")
}

// emitFor runs backend b on one result, its outputs named after the input:
// Source is the input's base name, Output that name with the backend's
// extension, and the Go package the input's base name too ("generated" when
// that is no Go identifier).
func emitFor(b *emit.Backend, r *compiler.Result) ([]emit.File, diag.List) {
	base := filepath.Base(r.File)
	pkg := defaultPackage(r.File)
	if !token.IsIdentifier(pkg) {
		pkg = "generated"
	}
	var text string
	if r.Source != nil {
		text = r.Source.Content()
	}
	return b.Emit(r.Doc, emit.Options{Source: base, Output: strings.TrimSuffix(base, filepath.Ext(base)) + b.Ext, Package: pkg,
		Diags: r.Diags, Lang: r.Lang, Text: text})
}

func init() {
	register(&command{name: "compile", args: "[flags] FILE...", summary: "run the whole pipeline; print diagnostics and a summary, write --emit outputs", run: runCompile})
	register(&command{name: "check", args: "[flags] FILE...", summary: "report diagnostics only", run: runCheck})
}

func runCheck(e *env, args []string) int {
	c := commands["check"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	in.register(fs, e.stderr)
	in.registerRosetta(fs)
	in.registerLingua(fs)
	in.registerOneSession(fs)
	df.register(fs)
	df.registerStrict(fs)
	df.alwaysSummary, df.formatFromConfig = true, true
	repair := fs.Bool("repair", false, "Rosetta: print a repair message (a reject from sys) for each message with an error or warning, to stdout; diagnostics go to stderr")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if err := applyConfig(c, files, &in, &df); err != nil {
		return usageError(e, c, err)
	}
	// Only diagnostics are wanted, so a language may check while it reads.
	e.mapInputs = true // check writes no file
	check := compiler.Diagnose
	if err := df.validate(); err != nil {
		return usageError(e, c, err)
	}
	if _, err := in.options(); err != nil {
		return usageError(e, c, err)
	}
	if err := checkNames(files); err != nil {
		return usageError(e, c, err)
	}
	// The default --max-bytes guards memory, which a streamed check does not
	// need; a limit the user gave is a limit all the same.
	limitGiven := false
	fs.Visit(func(f *flag.Flag) { limitGiven = limitGiven || f.Name == "max-bytes" })
	var results []*compiler.Result
	if in.oneSession {
		more, code := loadFiles(e, c, files, &in, &df, check)
		if more == nil {
			return code
		}
		files, results = nil, more
	}
	for _, f := range files {
		// A language that checks from a reader (AgentDSL) is checked straight
		// from disk, a line at a time, so a table of any size is checked in
		// memory that grows only with its row IDs. Without --from, the file's
		// extension names its language (its content is not read yet).
		lang, _ := compiler.ParseLanguage(in.from)
		if in.from == "" {
			lang, _ = compiler.DetectByName(f)
		}
		if readerCheck := compiler.ReaderCheck(lang); f != "-" && readerCheck != nil &&
			(!limitGiven || withinLimit(f, in.maxBytes)) {
			r, err := checkStreamed(f, in.maxBytes, readerCheck)
			if err != nil {
				fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
				e.unreadable = true
				continue
			}
			results = append(results, r)
			continue
		}
		more, code := loadFiles(e, c, []string{f}, &in, &df, boundedDiagnose)
		if more == nil {
			return code
		}
		results = append(results, more...)
	}
	out := e.stderr
	if df.format != "text" && !*repair {
		out = e.stdout
	}
	if *repair {
		printRepairs(e, results, &in)
	}
	return report(out, results, &df)
}

// boundedDiagnose is compiler.Diagnose of one file with its heap bounded
// (boundHeap): a Rosetta file is checked as it is parsed, keeping little.
func boundedDiagnose(name string, data []byte, opt compiler.Options) *compiler.Result {
	defer boundHeap(name, data, opt)()
	return compiler.Diagnose(name, data, opt)
}

// withinLimit reports whether a file is a regular file of at most limit bytes.
func withinLimit(name string, limit int64) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular() && fi.Size() <= limit
}

// loadFiles reads every file and runs step (compiler.Check or compiler.Parse)
// on it. On a usage problem it returns nil and the exit code. A file that
// cannot be read is reported on stderr and left out, and the others go on
// (as with gofmt); run then makes the exit code 2. A file over --max-bytes is
// not read past the limit: its result is the F003 diagnostic alone.
func loadFiles(e *env, c *command, files []string, in *inputFlags, df *diagFlags, step func(string, []byte, compiler.Options) *compiler.Result) ([]*compiler.Result, int) {
	if df.set == nil { // check has applied it already, file by file
		if err := applyConfig(c, files, in, df); err != nil {
			return nil, usageError(e, c, err)
		}
	}
	if err := df.validate(); err != nil {
		return nil, usageError(e, c, err)
	}
	opt, err := in.options()
	if err != nil {
		return nil, usageError(e, c, err)
	}
	if err := checkNames(files); err != nil {
		return nil, usageError(e, c, err)
	}
	limit := opt.MaxBytes
	if limit <= 0 {
		limit = compiler.DefaultMaxBytes
	}
	results := make([]*compiler.Result, 0, len(files))
	var session []compiler.Input // --one-session: the files read as one transcript
	var sessionOpt *compiler.Options
	for _, name := range files {
		f, over, size, err := readInput(e, name, limit)
		if err != nil {
			fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
			e.unreadable = true
			continue
		}
		if over {
			r := &compiler.Result{File: f.name, Lang: opt.From, Source: diag.NewSource(f.name, f.data)}
			if r.Lang == "" {
				r.Lang = compiler.Detect(f.name, f.data)
			}
			r.Diags.Add(compiler.TooLarge(r.Source, size, limit))
			results = append(results, r)
			continue
		}
		fopt, err := in.optionsFor(name, opt)
		if err != nil {
			return nil, usageError(e, c, err)
		}
		if in.oneSession {
			if lang := languageOf(f, fopt); lang != ir.Rosetta {
				return nil, usageError(e, c, fmt.Errorf("--one-session reads Rosetta files; %s is %s", f.name, lang))
			}
			session = append(session, compiler.Input{Name: f.name, Data: f.data})
			if sessionOpt == nil {
				sessionOpt = &fopt // the session's settings are its first file's
			}
			continue
		}
		results = append(results, step(f.name, f.data, fopt))
	}
	if in.oneSession && len(session) > 0 {
		sessionRead := compiler.CheckRosettaSession
		if in.sessionParseOnly {
			sessionRead = compiler.ParseRosettaSession
		}
		results = append(results, sessionRead(session, *sessionOpt)...)
	}
	return results, exitOK
}

// languageOf is the language a file is read as: --from, else by extension
// and content.
func languageOf(f input, opt compiler.Options) ir.Language {
	if opt.From != "" {
		return opt.From
	}
	return compiler.Detect(f.name, f.data)
}

func runCompile(e *env, args []string) int {
	c := commands["compile"]
	fs := newFlags(e, c)
	var in inputFlags
	var df diagFlags
	var emits, outDir string
	in.register(fs, e.stderr)
	in.registerRosetta(fs)
	in.registerLingua(fs)
	df.register(fs)
	df.registerStrict(fs)
	fs.StringVar(&emits, "emit", "", "outputs to produce, comma-separated: "+emitterNames())
	fs.StringVar(&outDir, "o", "", "directory for --emit outputs (default: standard output, for one output)")
	df.ownSummary, df.formatFromConfig = true, true
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	var kinds []string
	for _, k := range strings.Split(emits, ",") {
		if k = strings.TrimSpace(k); k == "" {
			continue
		}
		if emit.Lookup(k) == nil {
			return usageError(e, c, fmt.Errorf("--emit: unknown output %q (want %s)", k, emitterNames()))
		}
		kinds = append(kinds, k)
	}
	// Standard output carries one product: one --emit kind of one file. More
	// need a directory, whether or not every kind produced a file this time,
	// and whether or not every file can be read.
	if outDir == "" && len(kinds)*len(files) > 1 {
		return usageError(e, c, fmt.Errorf("%d outputs (%d files × --emit %s) need a directory: add -o DIR", len(kinds)*len(files), len(files), strings.Join(kinds, ",")))
	}
	// compile writes its outputs only after every input is read and
	// reported, and only under -o or to stdout
	e.mapInputs = true
	// With no --emit only the diagnostics and the summary are wanted, which
	// the streamed check gives as check does, keeping less.
	step := compiler.Check
	if len(kinds) == 0 {
		step = boundedDiagnose
	}
	// --emit ir alone writes a Rosetta file's IR message by message as it is
	// checked (compileIRStreamed), never holding the transcript.
	streamed := map[*compiler.Result]bool{}
	var writeErr error
	if len(kinds) == 1 && kinds[0] == "ir" && outDir != "" {
		step = streamingStep(streamed, func(name string, data []byte, opt compiler.Options) *compiler.Result {
			return compileIRStreamed(e, name, data, opt, outDir, &writeErr)
		})
	}
	results, code := loadFiles(e, c, files, &in, &df, step)
	if results == nil {
		return code
	}
	var outputs []emit.File
	for _, r := range results {
		if streamed[r] {
			continue // written, and its diagnostics are sorted
		}
		for _, k := range kinds {
			fs, ds := emitFor(emit.Lookup(k), r)
			r.Diags = append(r.Diags, ds...)
			outputs = append(outputs, fs...)
		}
		r.Diags.Sort()
	}
	toStdout := outDir == "" && (len(outputs) > 0 || len(streamed) > 0)
	// Machine-readable diagnostics go to stdout unless stdout carries the product.
	diagOut := e.stderr
	if df.format != "text" && !toStdout {
		diagOut = e.stdout
	}
	exit := report(diagOut, results, &df)
	// The summaries are text on stderr: they follow text diagnostics, and
	// machine diagnostics on stdout, but stay out of machine diagnostics that
	// stderr carries, which must stay one document.
	if df.format == "text" || diagOut != e.stderr {
		for _, r := range results {
			fmt.Fprintln(e.stderr, summary(r))
		}
	}
	if writeErr != nil {
		fmt.Fprintf(e.stderr, "rosettac compile: %v\n", writeErr)
		return exitUsage
	}
	if toStdout && len(outputs) > 0 {
		if _, err := e.stdout.Write(outputs[0].Data); err != nil {
			fmt.Fprintf(e.stderr, "rosettac compile: %v\n", err)
			return exitUsage
		}
	} else if err := writeOutputs(outDir, outputs); err != nil {
		fmt.Fprintf(e.stderr, "rosettac compile: %v\n", err)
		return exitUsage
	}
	return exit
}

// compileIRStreamed is compile --emit ir of a Rosetta file, checked and
// written message by message (compiler.DiagnoseItems and json.IRStream)
// into dir, the bytes writeOutputs gives for the ir backend's file, without the transcript's IR or the file ever held
// whole. It returns nil, having written nothing, for a file that is not
// Rosetta. A failed write (the first) is kept in *writeErr; after one,
// nothing more is written.
func compileIRStreamed(e *env, name string, data []byte, opt compiler.Options, dir string, writeErr *error) *compiler.Result {
	defer boundHeap(name, data, opt)()
	b := emit.Lookup("ir")
	base := filepath.Base(name)
	var w *bufio.Writer
	var f *os.File
	open := func() {
		if *writeErr != nil {
			return
		}
		file := filepath.FromSlash(base + b.Ext)
		if filepath.IsAbs(file) || !filepath.IsLocal(file) {
			*writeErr = fmt.Errorf("refusing to write %q outside %s", base+b.Ext, dir)
			return
		}
		p := filepath.Join(dir, file)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			*writeErr = err
			return
		}
		var err error
		if f, err = os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644); err != nil {
			*writeErr = err
			return
		}
		w = bufio.NewWriterSize(f, 64<<10)
	}
	out := func(p []byte) {
		if w != nil {
			w.Write(p) // a failed write is kept by w and returned by Flush
		}
	}
	irs := &irjson.IRStream{Name: base, Out: out}
	// Every message of a whole Check has the transcript's last epoch; one
	// written with another (a def changed the epoch later) means the file
	// is written again from a whole Check.
	n, epoch, settled := 0, "", true
	r := compiler.DiagnoseItems(name, data, opt, compiler.Items{
		Begin: func(src *diag.Source) { open(); irs.Begin(src) },
		Message: func(m *ir.Message) {
			if n == 0 {
				epoch = m.Epoch
			}
			n++
			settled = settled && m.Epoch == epoch
			irs.Message(m)
		},
		Settle: func(last string) { settled = settled && (n == 0 || epoch == last) },
	})
	if r == nil {
		return nil
	}
	if r.Doc != nil && !settled && f != nil && *writeErr == nil {
		if err := w.Flush(); err != nil {
			*writeErr = err
		} else if _, err := f.Seek(0, 0); err != nil {
			*writeErr = err
		} else if err := f.Truncate(0); err != nil {
			*writeErr = err
		} else {
			fs, _ := emitFor(b, compiler.Check(name, data, opt))
			for _, fl := range fs {
				out(fl.Data)
			}
		}
	} else if r.Doc != nil {
		irs.End(r.Doc.(*ir.Transcript), r.Diags)
	} else {
		// rejected before any grammar ran (F001-F003): the backend's file
		// of no document
		open()
		fs, ds := emitFor(b, r)
		r.Diags = append(r.Diags, ds...)
		r.Diags.Sort()
		for _, fl := range fs {
			out(fl.Data)
		}
	}
	if w != nil {
		if err := w.Flush(); err != nil && *writeErr == nil {
			*writeErr = err
		}
	}
	if f != nil {
		if err := f.Close(); err != nil && *writeErr == nil {
			*writeErr = err
		}
	}
	return r
}

// writeOutputs writes files under dir, refusing names that would escape it.
func writeOutputs(dir string, files []emit.File) error {
	for _, f := range files {
		name := filepath.FromSlash(f.Name)
		if filepath.IsAbs(name) || !filepath.IsLocal(name) {
			return fmt.Errorf("refusing to write %q outside %s", f.Name, dir)
		}
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeAll writes b to w, reporting a failed write as exit code 2.
func writeAll(e *env, c *command, w io.Writer, b []byte) int {
	if _, err := w.Write(b); err != nil {
		fmt.Fprintf(e.stderr, "rosettac %s: %v\n", c.name, err)
		return exitUsage
	}
	return exitOK
}

// snippetBytes is the largest streamed file read again to show source lines
// under its diagnostics; larger ones are reported without them, so that
// checking a huge table never needs memory in proportion to it.
const snippetBytes = 64 << 20

// checkStreamed checks a file from disk with check (compiler.ReaderCheck)
// without reading it whole. Only when there is something to report, and the
// file is small enough, is it read again so the diagnostics can show their
// source lines.
func checkStreamed(name string, maxBytes int64, check func(string, io.Reader, int64) (*compiler.Result, error)) (*compiler.Result, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, readError(name, err)
	}
	defer f.Close()
	r, err := check(name, f, maxBytes)
	if err != nil {
		return nil, readError(name, err)
	}
	if len(r.Diags) > 0 {
		if fi, err := f.Stat(); err == nil && fi.Size() <= min(maxBytes, snippetBytes) {
			if data, err := os.ReadFile(name); err == nil {
				r.Source = diag.NewSource(name, data)
			}
		}
	}
	return r, nil
}
