package golden

import (
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// hostileLines are content lines chosen to break a careless parser or printer.
var hostileLines = []string{
	"```python",
	"a9.1 tell a9>a1 #x re=a1.1",
	"a1.2 done re=a1.1",
	" q is this a slot?",
	"mark tgt#L1 = not a mark",
	"مرحبا بالعالم — نص من اليمين إلى اليسار",
	"e\u0301 decomposed, cafe\u0301",
	"trailing spaces   ",
	"trailing tab\t",
	"\tleading tab",
	"  two leading spaces",
	"fullwidth ＞＝＃＠～，： punctuation",
	"|",
	"| nested pipe |",
	"carriage\rreturn inside",
	"line\u2028separator and\u2029paragraph",
	"form\ffeed and \vvertical tab",
	"```",
	"~hi",
	"",
	"\u3000ideographic space",
}

// TestContentFidelity puts every hostile line in a txt block (and a whole
// Rosetta message as content) and checks that ten parse/print cycles leave
// the text byte-identical and the block lines exactly as written.
func TestContentFidelity(t *testing.T) {
	var b strings.Builder
	b.WriteString("a1.1 tell a1>a2 #fid\n txt hostile @txt/en\n")
	for _, l := range hostileLines {
		b.WriteString(" | " + l + "\n")
	}
	b.WriteString(" txt whole @rosetta\n")
	for _, l := range strings.Split("a3.12 ask a3>a1 #CKO.5xx\n q root_cause?\n txt inner\n | deeper\n mark inner#L1 = x ~hi", "\n") {
		b.WriteString(" | " + l + "\n")
	}
	b.WriteString(" unk []\n")
	src := b.String()
	text := []byte(src)
	for i := 0; i < 10; i++ {
		res := compiler.Parse("fid.rose", text, compiler.Options{})
		tr := res.Doc.(*ir.Transcript)
		if len(tr.Messages) != 1 {
			t.Fatalf("cycle %d: %d messages", i, len(tr.Messages))
		}
		blk := tr.Messages[0].Slots[0].(*ir.BlockSlot).Block
		if len(blk.Lines) != len(hostileLines) {
			t.Fatalf("cycle %d: %d lines, want %d", i, len(blk.Lines), len(hostileLines))
		}
		for k, l := range blk.Lines {
			if l.Text != hostileLines[k] {
				t.Errorf("cycle %d line %d: %q, want %q", i, k+1, l.Text, hostileLines[k])
			}
		}
		out, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
		if i > 0 && string(out) != string(text) {
			t.Fatalf("cycle %d changed the text:\n%s", i, out)
		}
		text = out
	}
	if !strings.Contains(string(text), " | a9.1 tell a9>a1 #x re=a1.1\n") {
		t.Errorf("header-shaped content line lost")
	}
}
