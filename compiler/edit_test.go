package compiler

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/spancheck"
	"github.com/rosettac/rosettac/ir"
)

// diagString is every field of every diagnostic, spans as offsets and
// line:col, so two lists compare equal only when they say the same thing at
// the same place in the same order.
func diagString(l diag.List) string {
	var b bytes.Buffer
	for _, d := range l {
		s, e := d.Span.Offsets()
		fmt.Fprintf(&b, "%d-%d %s %s %s %s msg=%s | %s | %s\n", s, e, d.Span.Start(), d.Span.End(), d.Severity, d.Code, d.MessageID, d.Message, d.Hint)
	}
	return b.String()
}

// editedInputs are the transcripts the edit tests start from: every Rosetta
// file of the repository (diagnostics of most kinds) and a generated 400
// message transcript when the generator is at hand.
func editedInputs(t testing.TB) map[string][]byte {
	in := map[string][]byte{}
	for _, glob := range []string{"../examples/*.rose", "../golden/testdata/*/*.rose", "../golden/testdata/*/*/*.rose"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in[f] = data
		}
	}
	if len(in) == 0 {
		t.Fatal("no Rosetta inputs found")
	}
	return in
}

// edit changes text at a random place, in a way an editor does: a character
// typed or deleted, a line deleted or duplicated, a header line typed.
func edit(r *rand.Rand, text []byte, nearEnd bool) []byte {
	if len(text) == 0 {
		return []byte("a1.1 tell >b\n")
	}
	at := r.IntN(len(text) + 1)
	if nearEnd {
		at = len(text) - r.IntN(min(len(text), 600)+1)
	}
	line := bytes.LastIndexByte(text[:at], '\n') + 1
	end := len(text)
	if k := bytes.IndexByte(text[at:], '\n'); k >= 0 {
		end = at + k + 1
	}
	out := append([]byte{}, text[:at]...)
	switch r.IntN(7) {
	case 0: // type a character
		out = append(out, "x =~:|@#>\n"[r.IntN(10)])
		out = append(out, text[at:]...)
	case 1: // delete a character
		if at < len(text) {
			out = append(out, text[at+1:]...)
		} else {
			out = out[:max(len(out)-1, 0)]
		}
	case 2: // delete the line
		out = append(out[:line], text[end:]...)
	case 3: // duplicate the line
		out = append(out[:line], text[line:end]...)
		out = append(out, text[line:]...)
	case 4: // a header line
		out = append(out[:line], fmt.Sprintf("z%d.%d ask >a1 #t ttl=5m\n want {x}\n", r.IntN(3), r.IntN(9))...)
		out = append(out, text[line:]...)
	case 5: // a reply to something
		out = append(out[:line], "a1.9 tell re=a1.1\n a x = 1 ~hi\n"...)
		out = append(out, text[line:]...)
	default: // CJK and emoji content
		out = append(out, " 第三章🚀"...)
		out = append(out, text[at:]...)
	}
	return out
}

// TestEditedTranscriptMatchesCheck: after every edit of a sequence, an
// EditedTranscript reports exactly what a whole check of the new text
// reports. Keeping the message that starts on the changed line (reusable),
// keeping parse diagnostics after the kept messages (keepBefore) or sharing
// state between a session and its copy (epistemic.State.Clone) fails it.
func TestEditedTranscriptMatchesCheck(t *testing.T) {
	inputs := editedInputs(t)
	for _, name := range slices.Sorted(maps.Keys(inputs)) {
		// Each input its own sequence of edits, whatever the others are, so
		// a failure is reproduced by running the test again.
		h := fnv.New64a()
		h.Write([]byte(name))
		r := rand.New(rand.NewPCG(1, h.Sum64()))
		text := inputs[name]
		e := NewEditedTranscript(name, Options{})
		for step := 0; step < 60; step++ {
			got := e.Update(text)
			want := Diagnose(name, text, Options{})
			if g, w := diagString(got.Diags), diagString(want.Diags); g != w {
				t.Fatalf("%s step %d: edited check differs from a whole check\ntext:\n%s\ngot:\n%s\nwant:\n%s", name, step, text, g, w)
			}
			text = edit(r, text, step%2 == 0)
		}
	}
}

// TestEditedTranscriptGenerated: the same on a generated transcript of 1,000
// messages, and an edit near its end parses only the messages after the
// edited one.
func TestEditedTranscriptGenerated(t *testing.T) {
	text := genTranscript(t, 1000)
	r := rand.New(rand.NewPCG(3, 4))
	e := NewEditedTranscript("gen.rose", Options{})
	total := len(e.Update(text).Doc.(*ir.Transcript).Messages)
	if e.Parsed() != total || total < 1000 {
		t.Fatalf("first update parsed %d of %d messages", e.Parsed(), total)
	}
	for step := 0; step < 40; step++ {
		nearEnd := step%4 != 0
		text = edit(r, text, nearEnd)
		got := e.Update(text)
		want := Diagnose("gen.rose", text, Options{})
		if g, w := diagString(got.Diags), diagString(want.Diags); g != w {
			t.Fatalf("step %d: edited check differs from a whole check\ngot:\n%s\nwant:\n%s", step, g, w)
		}
		if nearEnd && e.Parsed() > 20 {
			t.Errorf("step %d: an edit in the last 600 bytes parsed %d messages again", step, e.Parsed())
		}
	}
}

// BenchmarkEditedTranscript is one character typed in the last message of a
// generated transcript and the diagnostics of the whole transcript after it
// (the language server's edit-to-diagnostics path, less the protocol).
func BenchmarkEditedTranscript(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			text := genTranscript(b, n)
			e := NewEditedTranscript("gen.rose", Options{})
			e.Update(text)
			at := bytes.LastIndex(text, []byte("\n a ")) // a binding line of the last messages
			if at < 0 {
				at = len(text) - 2
			}
			texts := [2][]byte{text, append(append(append([]byte{}, text[:at+1]...), 'x'), text[at+1:]...)}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.Update(texts[(i+1)%2])
			}
		})
	}
}

// FuzzEditedTranscript: an edit (bytes [at, at+del) replaced by ins) of a
// transcript checked before gives the diagnostics of a whole check of the
// new text, and the spans of the transcript it keeps nest and hold their
// content lines' bytes in the new text (internal/spancheck).
func FuzzEditedTranscript(f *testing.F) {
	for _, text := range editedInputs(f) {
		f.Add(text, uint16(len(text)/2), uint8(3), []byte("x"))
		f.Add(text, uint16(len(text)-1), uint8(0), []byte("\nz1.1 tell re=a1.1\n a k = v ~hi\n"))
	}
	f.Add([]byte("a1.1 ask >b1\n q x\n\nb1.1 tell re=a1.1\n a y = 1\n"), uint16(14), uint8(5), []byte("第三🚀\n"))
	f.Fuzz(func(t *testing.T, text []byte, at uint16, del uint8, ins []byte) {
		if len(text) > 1<<14 {
			return
		}
		a := min(int(at), len(text))
		b := min(a+int(del), len(text))
		next := append(append(append([]byte{}, text[:a]...), ins...), text[b:]...)
		e := NewEditedTranscript("f.rose", Options{})
		e.Update(text)
		got := e.Update(next)
		want := Check("f.rose", next, Options{From: "rosetta"})
		if err := spancheck.Diags(next, got.Diags); err != nil {
			t.Fatalf("edited check: %v\ninput: %q", err, next)
		}
		if got.Doc != nil {
			if err := spancheck.Tree(next, got.Doc); err != nil {
				t.Fatalf("edited transcript: %v\ninput: %q", err, next)
			}
		}
		if g, w := diagString(got.Diags), diagString(want.Diags); g != w {
			t.Fatalf("edited check differs from a whole check\nbefore:\n%q\nafter:\n%q\ngot:\n%s\nwant:\n%s", text, next, g, w)
		}
	})
}
