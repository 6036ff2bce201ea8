package rosetta

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
)

// TestRereaderReuse: one Rereader parses every message of a transcript again,
// in an order that is not the source's, and every message it returned is
// still the whole parse's once all are read (the parser, its scratch buffers
// and its slabs are reused across calls; no call may change what an earlier
// one returned).
func TestRereaderReuse(t *testing.T) {
	text := "  a1.1 ask a1>b1,b2 #t\n want {x:num}\n txt body win=L2-3\n | one\n |  two\n\n" +
		"b1.1 tell re=a1.1\n a x = 1 ~hi\n   y = \"q\"\n mark @a1.1.body#L2|q\"two\" = 2 ~mid\n" +
		"prose between\n\nb2.1 fail re=a1.1\n why busy\n list [p, q]\n" +
		"c1.1 note >*\n txt \"inline\n still\" @md\n"
	if b, err := os.ReadFile("../../examples/incident.rose"); err == nil {
		text += "\n" + string(b)
	}
	src := diag.NewSource("t.rose", []byte(text))
	tr, _ := Parse(src)
	if len(tr.Messages) < 4 {
		t.Fatalf("only %d messages", len(tr.Messages))
	}
	rr := NewRereader(src)
	again := make([]any, len(tr.Messages))
	for i := len(tr.Messages) - 1; i >= 0; i-- {
		again[i] = rr.Message(tr.Messages[i].Span)
	}
	for i := range tr.Messages {
		rr.Message(tr.Messages[i].Span) // and once more, over the same slabs
	}
	for i, m := range tr.Messages {
		if d := cmp.Diff(m, again[i]); d != "" {
			t.Errorf("message %d (-whole parse +read again):\n%s", i, d)
		}
	}
}
