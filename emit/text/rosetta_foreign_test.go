package text

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/ir"
)

// foreignEdges are transcripts where a foreign mark's landing depends on
// order: a mark naming an id before any message has it (resolved, through a
// revise that came before the original), an id used twice,
// a message marking its own block, revisions by the owner (followed, in a
// chain) and by another (not followed), @orig, and a revision cycle.
var foreignEdges = map[string]string{
	"early": "w1.2 revise >r re=w1.1\n txt d\n | beta\n unk []\n\n" +
		"r0 tell >w1\n mark @w1.1.d#L1 = too early\n unk []\n\n" +
		"w1.1 tell >r\n txt d\n | alpha\n unk []\n\n" +
		"r1 tell >w1 re=w1.1\n mark @w1.1.d#L1 = in time\n unk []\n",
	"dup": "w1.1 tell >r\n txt d\n | alpha\n unk []\n\n" +
		"w1.1 tell >r\n txt d\n | other\n unk []\n\n" +
		"r1 tell >w1 re=w1.1\n mark @w1.1.d#L1 = on the first\n unk []\n",
	"dup without the block": "w1.1 tell >r\n a x = 1\n\n" +
		"w1.1 tell >r\n txt d\n | other\n unk []\n\n" +
		"r1 tell >w1 re=w1.1\n mark @w1.1.d#L1 = on no block\n unk []\n",
	"self": "w5.1 tell >r\n txt d\n | alpha\n mark @w5.1.d#L1 = mine\n unk []\n\n" +
		"w5.1 tell >r\n txt d\n | again\n mark @w5.1.d#L1 = the first's\n unk []\n",
	"chain": "w1.1 tell >r\n txt d\n | alpha\n unk []\n\n" +
		"w1.2 revise >r re=w1.1\n txt d\n | alpha two\n unk []\n\n" +
		"r1 tell >w1\n mark @w1.1.d#L1 = on two\n unk []\n\n" +
		"w1.3 revise >r re=w1.2\n txt d\n | alpha three\n unk []\n\n" +
		"r2 revise >w1 re=w1.3\n txt d\n | not the owner\n unk []\n\n" +
		"r3 tell >w1\n mark @w1.1.d#L1 = on three\n   @w1.1@orig.d#L1 = on one\n   @w1.2.d#L1 = also three\n unk []\n",
	"cycle": "w1.1 tell >r\n txt d\n | alpha\n unk []\n\n" +
		"w1.2 revise >r re=w1.1\n txt d\n | beta\n unk []\n\n" +
		"w1.1 revise >r re=w1.2\n txt d\n | gamma\n unk []\n\n" +
		"r1 tell >w1\n mark @w1.1.d#L1 = somewhere\n   @w1.2.d#L1 = somewhere too\n unk []\n",
}

// TestForeignMarksAsFirstMap checks the foreign marks against the plain way
// of finding where they land (an entry for every message id, kept from its
// first message, and each mark placed as it is read) on the edges above and
// on the repository's transcripts, with Add's own map of senders and with a
// session's (Sender).
func TestForeignMarksAsFirstMap(t *testing.T) {
	in := map[string][]byte{}
	for name, src := range foreignEdges {
		in[name] = []byte(src)
	}
	for _, g := range []string{"../../examples/*.rose", "../../golden/testdata/*/*.rose"} {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in[f] = b
		}
	}
	landed := 0
	for name, src := range in {
		tr, ok := compiler.Check(name, src, compiler.Options{From: ir.Rosetta}).Doc.(*ir.Transcript)
		if !ok {
			continue
		}
		want := plainForeign(tr)
		landed += len(want)
		if got := foreignLines(tr, foreignMarks(tr)); !cmp.Equal(got, want) {
			t.Errorf("%s: foreign marks (-plain +got):\n%s", name, cmp.Diff(want, got))
		}
		// A streamed check's session for the senders, as the streamed
		// render asks it: the first message with each id, the one being
		// added included.
		var session *compiler.Session
		f := &ForeignMarks{Sender: func(id string) (string, bool) { return session.Sender(id) }}
		compiler.DiagnoseItems(name, src, compiler.Options{From: ir.Rosetta}, compiler.Items{
			Session: func(s *compiler.Session) { session = s },
			Message: f.Add,
		})
		f.added()
		out := map[*ir.Block][]foreignMark{}
		for i, m := range tr.Messages {
			for b, fms := range f.of(i, m) {
				out[b] = append(out[b], fms...)
			}
		}
		if got := foreignLines(tr, out); !cmp.Equal(got, want) {
			t.Errorf("%s: foreign marks with a session's senders (-plain +got):\n%s", name, cmp.Diff(want, got))
		}
	}
	if landed < 5 {
		t.Errorf("only %d blocks with foreign marks: the inputs no longer test much", landed)
	}
}

// plainForeign is where each foreign mark lands, found the plain way, as
// foreignLines writes it.
func plainForeign(t *ir.Transcript) map[string][]string {
	type target struct {
		ord    int
		sender string
	}
	first := map[string]target{}
	revised := map[string]string{}
	on := map[string][]string{}
	for ord, m := range t.Messages {
		h := m.Header
		if h == nil {
			continue
		}
		for _, s := range m.Slots {
			ms, ok := s.(*ir.MarkSlot)
			if !ok {
				continue
			}
			for _, mk := range ms.Marks {
				a := mk.Addr
				if a.Msg == "" || mk.Resolution == nil {
					continue
				}
				id := a.Msg
				for seen := 0; !a.Orig && revised[id] != "" && seen <= ord; seen++ {
					id = revised[id]
				}
				if tg, ok := first[id]; ok {
					k := blockKey(tg.ord, markBlock(mk))
					on[k] = append(on[k], markLine(h.Sender, mk))
				}
			}
		}
		if _, dup := first[h.ID.Text]; !dup {
			first[h.ID.Text] = target{ord, h.Sender}
		}
		if re, ok := h.Field("re"); ok && h.Act == "revise" {
			if p, ok := first[re]; ok && p.sender == h.Sender {
				revised[re] = h.ID.Text
			}
		}
	}
	out := map[string][]string{}
	for ord, m := range t.Messages {
		for _, s := range m.Slots {
			if bs, ok := s.(*ir.BlockSlot); ok && bs.Block != nil && rosblock.Find(m, bs.Block.Name) == bs.Block {
				if ls := on[blockKey(ord, bs.Block.Name)]; len(ls) > 0 {
					out[blockKey(ord, bs.Block.Name)] = ls
				}
			}
		}
	}
	return out
}

// foreignLines writes the marks on each block of t as plainForeign does.
func foreignLines(t *ir.Transcript, on map[*ir.Block][]foreignMark) map[string][]string {
	out := map[string][]string{}
	for ord, m := range t.Messages {
		for _, s := range m.Slots {
			if bs, ok := s.(*ir.BlockSlot); ok && bs.Block != nil {
				for _, fm := range on[bs.Block] {
					k := blockKey(ord, bs.Block.Name)
					out[k] = append(out[k], markLine(fm.author, fm.mk))
				}
			}
		}
	}
	return out
}

func blockKey(ord int, name string) string { return fmt.Sprintf("%d.%s", ord, name) }

// markLine is what the margin reads of a foreign mark (keptMark).
func markLine(author string, mk *ir.Mark) string {
	r := mk.Resolution
	text, conf := "", ""
	if quotable(r.Text) {
		text = r.Text
	}
	if mk.Conf != nil {
		conf = "~" + mk.Conf.Kind
	}
	var sels []string
	if r.Line <= 0 {
		for _, s := range mk.Addr.Selectors {
			sels = append(sels, s.Text)
		}
	}
	return fmt.Sprintf("%s: %s %c %s%s [%s L%d %q %s]", author, mk.Addr.Text, mk.Op, mk.Value, conf, r.Status, r.Line, text, strings.Join(sels, "|"))
}
