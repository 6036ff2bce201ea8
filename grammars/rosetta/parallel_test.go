package rosetta

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestParallelSameAsWhole parses every .rose file of the repository, inputs
// with prose, fences, recovered and non-ASCII headers between messages, and a
// generated transcript, cut into pieces of several sizes on several workers,
// and wants exactly what the whole parse gives: the messages in order, the
// prose and the diagnostics.
func TestParallelSameAsWhole(t *testing.T) {
	files := roseFiles(t)
	files["mixed"] = []byte(strings.Repeat("intro prose\n\n"+
		"a1.1 ask >a2 #t\n why x\n txt notes\n | a1.9 tell >a3\n | two\n\n"+
		"prose between\n```\nb1.1 tell >a1\n```\n"+
		"  c1.1 tell >a1\n a k = v ~hi\n\n  not a slot\n"+
		"**d1.1 Tell >a1**\n why decorated\n"+
		"é1.1 tell >a1\n"+
		"e1.1 tell ＞a1\n txt \"open\n still\n"+
		"g1.1 done before the rollback\n"+"f1.1 note\n mark tgt#L1 =\n   the note\n", 20))
	files["no header"] = []byte(strings.Repeat("just prose, no message here\n", 200))
	if findGenerator(moduleRoot(t)) != "" {
		files["generated"] = generate(t, 400, 4)
	}
	for name, b := range files {
		src := diag.NewSource(name, b)
		var wholeMsgs []*ir.Message
		wt, wd := ParseEach(src, func(m *ir.Message) { wholeMsgs = append(wholeMsgs, m) })
		for _, chunk := range []int{16, 200, 4096} {
			for _, workers := range []int{2, 3} {
				var msgs []*ir.Message
				where := fmt.Sprintf("%s, pieces of %d bytes, %d workers", name, chunk, workers)
				// prepare's result comes to each with its own message.
				prepare := func(m *ir.Message) *ir.Message { return m }
				pt, pd := parseItems(src, prepItems[*ir.Message]{prepare: prepare, message: func(m, prepared *ir.Message) {
					if prepared != m {
						t.Errorf("%s: message at %v handed with what prepare made of the one at %v", where, m.Span, prepared.Span)
					}
					msgs = append(msgs, m)
				}}, workers, chunk)
				if d := cmp.Diff(wholeMsgs, msgs); d != "" {
					t.Errorf("%s: messages differ (-whole +pieces):\n%s", where, d)
				}
				if d := cmp.Diff(wt, pt); d != "" {
					t.Errorf("%s: transcript differs (-whole +pieces):\n%s", where, d)
				}
				if d := cmp.Diff(wd, pd); d != "" {
					t.Errorf("%s: diagnostics differ (-whole +pieces):\n%s", where, d)
				}
			}
		}
		// Without each, the messages are kept in the transcript, as Parse keeps them.
		whole, _ := Parse(src)
		pieces, _ := parseParallel(src, nil, 2, 64)
		if d := cmp.Diff(whole, pieces); d != "" {
			t.Errorf("%s: kept transcript differs (-whole +pieces):\n%s", name, d)
		}
	}
}

// TestItemsInSourceOrder holds ParseItems, on one core and cut into pieces on
// several, to handing out the messages and prose runs of Parse's transcript
// in source order (what Print and the item-by-item writers need), for the
// inputs TestParallelSameAsWhole reads.
func TestItemsInSourceOrder(t *testing.T) {
	files := roseFiles(t)
	files["mixed"] = []byte(strings.Repeat("intro prose\n\na1.1 ask >a2 #t\n why x\n\nprose between\n\n"+
		"a1.2 tell >a1\n a k = v ~hi\n\n  not a slot\n\n", 30) + "prose after\n")
	files["no header"] = []byte(strings.Repeat("just prose, no message here\n", 200))
	for name, b := range files {
		src := diag.NewSource(name, b)
		whole, wd := Parse(src)
		var want []diag.Span
		mi, pi := 0, 0
		for mi < len(whole.Messages) || pi < len(whole.Prose) {
			if pi < len(whole.Prose) && (mi >= len(whole.Messages) || whole.Prose[pi].Span.StartOffset() < whole.Messages[mi].Span.StartOffset()) {
				want = append(want, whole.Prose[pi].Span)
				pi++
			} else {
				want = append(want, whole.Messages[mi].Span)
				mi++
			}
		}
		for _, workers := range []int{1, 2, 3} {
			var got []diag.Span
			it := Items{Message: func(m *ir.Message) { got = append(got, m.Span) }, Prose: func(p *ir.Prose) { got = append(got, p.Span) }}
			pt, pd := parseItems(src, itemsOf(it), workers, 64)
			where := fmt.Sprintf("%s, %d workers", name, workers)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%s: items differ from the transcript's order (-want +got):\n%s", where, d)
			}
			if d := cmp.Diff(whole.Prose, pt.Prose); d != "" {
				t.Errorf("%s: the transcript's prose differs (-whole +items):\n%s", where, d)
			}
			if d := cmp.Diff(wd, pd); d != "" {
				t.Errorf("%s: diagnostics differ (-whole +items):\n%s", where, d)
			}
		}
	}
}

// TestParallelCuts checks that the input is in fact cut (the test above would
// pass with one piece), and only before header lines.
func TestParallelCuts(t *testing.T) {
	text := strings.Repeat("a1.1 ask >a2\n why x\n | a1.2 tell >a1\n\nprose\n", 50)
	c := &cutter{text: text}
	cuts := 0
	for at := c.next(1); at < len(text); at = c.next(at + 1) {
		cuts++
		if !strings.HasPrefix(text[at:], "a1.1 ask") {
			t.Fatalf("cut at %d, before %q: not a header line", at, text[at:min(at+20, len(text))])
		}
	}
	if cuts != 49 {
		t.Fatalf("%d cuts, want 49 (one before every header but the first)", cuts)
	}
}
