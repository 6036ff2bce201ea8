package compiler

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
)

// Input is one named file's bytes.
type Input struct {
	Name string
	Data []byte
}

// CheckRosettaSession checks Rosetta files as one transcript, in the order
// given (rosettac --one-session: a bus dump that writes one message per
// file): a reply in one file inherits from, answers and may cite a message
// of an earlier one, and the end-of-transcript report (open obligations,
// stalls, escalations) comes once, after the last file. Each file keeps its
// own result, source and positions; a diagnostic belongs to the file its
// span points into.
func CheckRosettaSession(files []Input, opt Options) []*Result {
	s := NewSession(opt)
	results, byFile := rosettaResults(files, opt)
	for _, r := range results {
		t, ok := r.Doc.(*ir.Transcript)
		if !ok {
			continue
		}
		s.SetSource(r.Source)
		for _, m := range t.Messages {
			r.Diags = append(r.Diags, s.addParsed(m)...)
		}
	}
	for _, d := range s.Finish() {
		r := byFile[d.Span.File()]
		if r == nil {
			r = results[len(results)-1]
		}
		r.Diags = append(r.Diags, d)
	}
	for _, r := range results {
		r.Diags.Sort()
		r.Diags = r.Diags.Dedup()
	}
	return results
}

// ParseRosettaSession parses Rosetta files as one transcript, in order:
// header inheritance (2.1-c) runs across the files, as CheckRosettaSession's
// does, with no checking (for fmt).
func ParseRosettaSession(files []Input, opt Options) []*Result {
	results, _ := rosettaResults(files, opt)
	all := &ir.Transcript{}
	for _, r := range results {
		if t, ok := r.Doc.(*ir.Transcript); ok {
			all.Messages = append(all.Messages, t.Messages...)
		}
	}
	inheritTranscript(all)
	for _, r := range results {
		r.Diags.Sort()
	}
	return results
}

// rosettaResults reads each file as Rosetta, without inheritance: the
// input checks, then the grammar. A file the input checks refuse has no
// document.
func rosettaResults(files []Input, opt Options) ([]*Result, map[string]*Result) {
	results := make([]*Result, 0, len(files))
	byFile := map[string]*Result{}
	for _, f := range files {
		r := &Result{File: f.Name, Lang: ir.Rosetta, Source: diag.NewSource(f.Name, f.Data)}
		results = append(results, r)
		byFile[f.Name] = r
		if ds := CheckInput(r.Source, opt.MaxBytes); len(ds) > 0 {
			r.Diags = ds
			continue
		}
		t, ds := rosetta.Parse(r.Source)
		r.Doc, r.Diags = t, ds
	}
	return results, byFile
}
