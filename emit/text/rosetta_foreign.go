package text

import (
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
	byID := map[string]*ir.Message{}
	revised := map[string]string{} // id -> id of the own revise that replaced it
	out := map[*ir.Block][]foreignMark{}
	for _, m := range t.Messages {
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
				for seen := 0; !a.Orig && revised[id] != "" && seen < len(t.Messages); seen++ {
					id = revised[id]
				}
				target := byID[id]
				if target == nil || target == m {
					continue
				}
				if b := rosblock.Find(target, markBlock(mk)); b != nil {
					out[b] = append(out[b], foreignMark{mk: mk, author: h.Sender})
				}
			}
		}
		if _, dup := byID[h.ID.Text]; !dup {
			byID[h.ID.Text] = m
		}
		if re, ok := h.Field("re"); ok && h.Act == "revise" {
			if p := byID[re]; p != nil && p.Header.Sender == h.Sender {
				revised[re] = h.ID.Text
			}
		}
	}
	return out
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
