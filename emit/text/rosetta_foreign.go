package text

import (
	"slices"
	"strings"

	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/ir"
)

// Marks from other messages (spec §3.2, §15 "multi-party annotation": several
// agents mark the same passage without conflict and views merge them). A mark
// written as @id.block#span in one message annotates a block of another; the
// content of that block is rendered with every such mark the transcript holds
// in its margin, each labelled with its author and how its address resolved.
// The mark is still listed under its author's own mark slot, where it was
// written.

// foreignMark is a mark on a block of another message, and who wrote it.
type foreignMark struct {
	mk     *ir.Mark
	author string
}

// foreignMarks indexes the transcript's marks on other messages by the block
// they annotate: the block of the message the address names, after the
// revisions its sender made of it (as the session resolves it) unless the
// address says @orig.
func foreignMarks(t *ir.Transcript) map[*ir.Block][]foreignMark {
	f := &ForeignMarks{}
	for _, m := range t.Messages {
		f.Add(m)
	}
	out := map[*ir.Block][]foreignMark{}
	for i, m := range t.Messages {
		for b, fms := range f.of(i, m) {
			out[b] = append(out[b], fms...)
		}
	}
	return out
}

// ForeignMarks collects the marks each message of a transcript puts on the
// blocks of earlier messages, from the messages in transcript order: what a
// block shows in its margin depends on what comes after it, so a rendering
// that sees each message once (RosettaStream) is told by a first pass. The
// zero ForeignMarks is ready; what it keeps is copied out of the messages, so
// their IR may go.
type ForeignMarks struct {
	n       int                            // messages added
	first   map[string]foreignTarget       // a message id -> the first message with it
	revised map[string]string              // id -> id of the own revise that replaced it
	on      map[foreignBlock][]foreignMark // the marks on a block
}

// foreignBlock names a block by its message's ordinal and its name (the last
// block of the message with the name, as rosblock.Find reads an address).
type foreignBlock struct {
	ord  int
	name string
}

type foreignTarget struct {
	ord    int
	sender string
}

// Add reads the next message's marks on earlier messages.
func (f *ForeignMarks) Add(m *ir.Message) {
	ord := f.n
	f.n++
	h := m.Header
	if h == nil {
		return
	}
	if f.first == nil {
		f.first, f.revised, f.on = map[string]foreignTarget{}, map[string]string{}, map[foreignBlock][]foreignMark{}
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
			for seen := 0; !a.Orig && f.revised[id] != "" && seen < f.n; seen++ {
				id = f.revised[id]
			}
			target, ok := f.first[id]
			if !ok {
				continue
			}
			k := foreignBlock{target.ord, markBlock(mk)}
			f.on[k] = append(f.on[k], foreignMark{mk: copyMark(mk), author: h.Sender})
		}
	}
	if _, dup := f.first[h.ID.Text]; !dup {
		f.first[h.ID.Text] = foreignTarget{ord: ord, sender: h.Sender}
	}
	if re, ok := h.Field("re"); ok && h.Act == "revise" {
		if p, ok := f.first[re]; ok && p.sender == h.Sender {
			f.revised[re] = h.ID.Text
		}
	}
}

// of returns the marks on the blocks of m, the message of ordinal ord.
func (f *ForeignMarks) of(ord int, m *ir.Message) map[*ir.Block][]foreignMark {
	if len(f.on) == 0 {
		return nil
	}
	var out map[*ir.Block][]foreignMark
	for _, s := range m.Slots {
		bs, ok := s.(*ir.BlockSlot)
		if !ok || bs.Block == nil {
			continue
		}
		fms := f.on[foreignBlock{ord, bs.Block.Name}]
		if len(fms) == 0 || rosblock.Find(m, bs.Block.Name) != bs.Block {
			continue // an address names the last block of its name
		}
		if out == nil {
			out = map[*ir.Block][]foreignMark{}
		}
		out[bs.Block] = fms
	}
	return out
}

// copyMark is mk with nothing shared with the message it is in, keeping only
// what the margin reads of a foreign mark (a first pass keeps thousands): the
// resolution's status and line, its text only when marginMark could quote it
// (quotable), and the selectors only when AnchorLine needs
// them (no resolved line). Detail and Fix are the diagnostics', not the
// margin's.
func copyMark(mk *ir.Mark) *ir.Mark {
	c := *mk
	if mk.Conf != nil {
		cf := *mk.Conf
		c.Conf = &cf
	}
	c.Addr.Selectors = nil
	if mk.Resolution != nil {
		r := *mk.Resolution
		r.Detail, r.Fix = "", ""
		if !quotable(r.Text) {
			r.Text = ""
		} else {
			r.Text = strings.Clone(r.Text) // not the buffer resolve built it in
		}
		c.Resolution = &r
	}
	if c.Resolution == nil || c.Resolution.Line <= 0 {
		c.Addr.Selectors = slices.Clone(mk.Addr.Selectors)
	}
	return &c
}

// placeForeign places a block's foreign marks under the lines they anchor on; the
// rest (not located, or on a line the block does not carry) are returned to
// be listed under the block.
func (r *rosRenderer) placeForeign(b *ir.Block, mg *rosMargin) (unplaced []foreignMark) {
	first := rosblock.FirstLine(b)
	for _, fm := range r.foreign[b] {
		res := fm.mk.Resolution
		n := rosblock.AnchorLine(b, fm.mk.Addr.Selectors, res)
		if !rosblock.Located(res.Status) || len(b.Lines) == 0 || n < first || n >= first+len(b.Lines) {
			unplaced = append(unplaced, fm)
			continue
		}
		if mg.under[b] == nil {
			mg.under[b] = map[int][]*ir.Mark{}
		}
		mg.under[b][n] = append(mg.under[b][n], fm.mk)
		mg.by[fm.mk] = fm.author
	}
	return unplaced
}

// byline is the label of a foreign mark: who wrote it and how its address
// resolved (exact, relocated, ambiguous; outside and orphaned in words).
func (r *rosRenderer) byline(author string, res *ir.Resolution) string {
	st := rosWord{"unresolved", "未解析"}
	if res != nil {
		if w, ok := rosStatusWords[res.Status]; ok {
			st = w
		}
	}
	if r.zh {
		d := r.g.dash // a Chinese dash is two em dashes wide
		if d == "—" {
			d = "——"
		}
		return "　" + d + author + "，" + st.in(true)
	}
	return " " + r.g.dash + " " + author + ", " + st.in(false)
}

var rosStatusWords = map[ir.ResolutionStatus]rosWord{
	ir.Exact:     {"exact", "精确"},
	ir.Relocated: {"relocated", "已重定位"},
	ir.Ambiguous: {"ambiguous", "有歧义"},
	ir.Outside:   {"outside the carried text", "不在所载内容内"},
	ir.Orphan:    {"orphaned: points at nothing", "失锚：不再指向任何内容"},
}
