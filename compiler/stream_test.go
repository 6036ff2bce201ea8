package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// corpus gathers the repository's inputs of one language: examples and the
// members of golden and CLI-script archives with its extension.
func corpus(t *testing.T, ext string) map[string][]byte {
	t.Helper()
	in := map[string][]byte{}
	files, _ := filepath.Glob("../examples/*" + ext)
	more, _ := filepath.Glob("../golden/testdata/*/*" + ext)
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in[f] = b
	}
	archives, _ := filepath.Glob("../golden/testdata/*/*.txtar")
	scripts, _ := filepath.Glob("../cmd/rosettac/testdata/script/*.txtar")
	for _, f := range append(archives, scripts...) {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			if strings.HasSuffix(file.Name, ext) {
				in[f+"/"+file.Name] = file.Data
			}
		}
	}
	if len(in) == 0 {
		t.Fatalf("no %s inputs", ext)
	}
	return in
}

// finding is a diagnostic as a stream and a whole-file check can agree on: a
// piece's positions are within the piece, so the text at the span stands in
// for them.
type finding struct{ code, sev, text string }

func findings(ds diag.List) []finding {
	out := make([]finding, 0, len(ds))
	for _, d := range ds {
		text := ""
		if src := d.Span.Source(); src != nil && d.Span.IsValid() {
			s, e := d.Span.Offsets()
			if c := src.Content(); e-s < 200 && s >= 0 && e <= len(c) {
				text = c[s:e]
			}
		}
		if d.Code == "P002" {
			// Prose between messages is one finding per stretch of it, and
			// the stretches depend on where the pieces were cut.
			continue
		}
		out = append(out, finding{d.Code, d.Severity.String(), text})
	}
	slices.SortFunc(out, func(a, b finding) int { return strings.Compare(a.code+a.sev+a.text, b.code+b.sev+b.text) })
	return out
}

// cuts returns the byte offsets where a file is cut into pieces for a stream:
// message starts (Rosetta), line starts but a signature's (Lingua), block
// header starts
// (AgentDSL).
func cuts(lang ir.Language, src []byte) []int {
	var out []int
	switch doc := Parse("x", src, Options{From: lang}).Doc.(type) {
	case *ir.Transcript:
		// At each message's start but the first, moved back over the
		// non-blank lines just before it that no message holds: a line
		// such as a separator is read by the header it precedes, so it goes
		// with that message.
		for i := 1; i < len(doc.Messages); i++ {
			cut, floor := doc.Messages[i].Span.StartOffset(), doc.Messages[i-1].Span.EndOffset()
			for cut > floor {
				start := bytes.LastIndexByte(src[:cut-1], '\n') + 1
				if start < floor || len(bytes.TrimSpace(src[start:cut])) == 0 {
					break
				}
				cut = start
			}
			out = append(out, cut)
		}
	case *ir.DSLDoc:
		for i, b := range doc.Blocks {
			if _, bad := b.(*ir.DSLBad); !bad && i > 0 {
				out = append(out, b.Pos().StartOffset())
			}
		}
	case *ir.LinguaTranscript:
		for i, c := range src {
			if c == '\n' && i+1 < len(src) && !strings.HasPrefix(strings.TrimLeft(string(src[i+1:]), " \t"), "--👽") {
				out = append(out, i+1)
			}
		}
	}
	return out
}

// TestStreamMatchesCheck: feeding a file to a Stream in pieces (its messages,
// lines or blocks) finds what checking it whole finds, for every input of
// every language in the repository, and feeding it whole finds the same
// diagnostics, positions included.
func TestStreamMatchesCheck(t *testing.T) {
	key, err := os.ReadFile("../examples/handshake.alice.key")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang ir.Language
		ext  string
		opt  Options
	}{
		{ir.Rosetta, ".rose", Options{}},
		{ir.Lingua, ".lingua", Options{}},
		{ir.Lingua, ".lingua", Options{PrivateKey: key}},
		{ir.AgentDSL, ".adsl", Options{}},
	} {
		for name, src := range corpus(t, tc.ext) {
			opt := tc.opt
			opt.From = tc.lang
			want := Check(name, src, opt)
			if want.Diags.HasErrors() && slices.ContainsFunc(want.Diags, func(d diag.Diagnostic) bool { return strings.HasPrefix(d.Code, "F") }) {
				continue // not read at all (empty, not UTF-8)
			}
			whole, err := NewStream(tc.lang, name, opt)
			if err != nil {
				t.Fatal(err)
			}
			got := append(whole.Feed(src), whole.Finish()...)
			got.Sort()
			if g, w := diagStrings(got), diagStrings(want.Diags); !slices.Equal(g, w) {
				t.Errorf("%s fed whole:\n got %q\nwant %q", name, g, w)
			}
			s, _ := NewStream(tc.lang, name, opt)
			var pieces diag.List
			last := 0
			for _, c := range append(cuts(tc.lang, src), len(src)) {
				// A piece that is only blank lines is an empty input (F001,
				// as NewStream documents): join it to the piece after it.
				if c > last && (c == len(src) || len(bytes.TrimSpace(src[last:c])) > 0) {
					pieces = append(pieces, s.Feed(src[last:c])...)
					last = c
				}
			}
			pieces = append(pieces, s.Finish()...)
			if g, w := findings(pieces), findings(want.Diags); !slices.Equal(g, w) {
				t.Errorf("%s fed in pieces:\n got %v\nwant %v", name, g, w)
			}
		}
	}
}

func diagStrings(ds diag.List) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Span.String() + " " + d.Code + " " + d.Message
	}
	return out
}

func TestNewStreamUnknown(t *testing.T) {
	if _, err := NewStream(ir.JSON, "x", Options{}); err == nil || !strings.Contains(err.Error(), "rosetta, lingua or agentdsl") {
		t.Errorf("NewStream(json) error = %v", err)
	}
}
