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

// foreignMark is a mark on a block of another message, and who wrote it, as
// the renderer draws it.
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
// their IR may go. A first pass over a large transcript keeps thousands of
// marks, so each is kept small, and no entry for every message: a mark is
// kept under the id it names, and the message it lands on, the first with
// that id, is known when the rendering meets it (of).
type ForeignMarks struct {
	// Sender, when set, is the sender of the first message with an id among
	// those added, the one being added included: a streamed check's session
	// knows it (compiler.Session.Sender). When nil, Add keeps its own map
	// of every id's sender (Render, which holds the transcript anyway).
	Sender func(id string) (string, bool)

	n       int                         // messages added
	sender  map[string]string           // id -> the sender of the first message with it, when Sender is nil
	revised map[string]string           // id -> id of the own revise that replaced it
	strs    []string                    // the few strings many marks share (senders, confidence kinds, statuses), each once
	str     map[string]int32            // a string -> its index in strs
	marks   []keptMark                  // every mark kept, in the order added
	sels    map[int32][]ir.Selector     // a mark's selectors, by its index in marks, when AnchorLine reads them
	on      map[foreignBlock]foreignRun // the marks on a block
	named   map[string]bool             // the ids marks name (on's), until the rendering meets the first message with one
}

// foreignBlock names a block by its message's id and its name: of the first
// message with the id, the last block with the name (as rosblock.Find reads
// an address).
type foreignBlock struct {
	id, name string
}

// foreignRun is the marks on one block: the first and last in marks, each
// linking to the next (keptMark.next), in the order they were added.
type foreignRun struct{ first, last int32 }

// keptMark is what the margin reads of a foreign mark (marginMark,
// marginMarkBy, placeForeign and the list of unplaced marks): the address as
// written, the op, value and confidence, who wrote it, and of its resolution
// the status, the line and the text only when marginMark could quote it
// (quotable), cloned so it does not hold the buffer resolve built it in.
// Detail and Fix are the diagnostics', not the margin's. The address and
// value are the message's own strings (of a parsed transcript, cut from the
// input, which outlives the rendering). ord is the ordinal of the message the
// mark is in: it lands only on a message before that one.
type keptMark struct {
	addr, value, text          string
	line                       int32
	ord                        int32
	author, conf, status, next int32 // in strs (conf -1 without one); next: the next mark on the block, plus one, or 0
	op                         byte
}

// Add reads the next message's marks on earlier messages.
func (f *ForeignMarks) Add(m *ir.Message) {
	ord := f.n
	f.n++
	h := m.Header
	if h == nil {
		return
	}
	if f.revised == nil {
		f.revised, f.str, f.on, f.named = map[string]string{}, map[string]int32{}, map[foreignBlock]foreignRun{}, map[string]bool{}
		if f.Sender == nil {
			f.sender = map[string]string{}
		}
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
			f.keep(foreignBlock{id, markBlock(mk)}, mk, ord, h.Sender)
		}
	}
	if f.sender != nil {
		if _, dup := f.sender[h.ID.Text]; !dup {
			f.sender[h.ID.Text] = h.Sender
		}
	}
	if re, ok := h.Field("re"); ok && h.Act == "revise" {
		if p, ok := f.senderOf(re); ok && p == h.Sender {
			f.revised[re] = h.ID.Text
		}
	}
}

func (f *ForeignMarks) senderOf(id string) (string, bool) {
	if f.Sender != nil {
		return f.Sender(id)
	}
	s, ok := f.sender[id]
	return s, ok
}

// intern is the index of s in strs.
func (f *ForeignMarks) intern(s string) int32 {
	i, ok := f.str[s]
	if !ok {
		i = int32(len(f.strs))
		f.strs = append(f.strs, s)
		f.str[s] = i
	}
	return i
}

// keep adds what the margin reads of mk, a mark by sender in the message of
// ordinal ord, at the end of the marks on block k.
func (f *ForeignMarks) keep(k foreignBlock, mk *ir.Mark, ord int, sender string) {
	r := mk.Resolution
	km := keptMark{addr: mk.Addr.Text, value: mk.Value, line: int32(r.Line), ord: int32(ord),
		author: f.intern(sender), conf: -1, status: f.intern(string(r.Status)), op: mk.Op}
	if mk.Conf != nil {
		km.conf = f.intern(mk.Conf.Kind)
	}
	if quotable(r.Text) {
		km.text = strings.Clone(r.Text) // not the buffer resolve built it in
	}
	i := int32(len(f.marks))
	f.marks = append(f.marks, km)
	if r.Line <= 0 && len(mk.Addr.Selectors) > 0 {
		if f.sels == nil {
			f.sels = map[int32][]ir.Selector{}
		}
		f.sels[i] = slices.Clone(mk.Addr.Selectors)
	}
	run, ok := f.on[k]
	if !ok {
		run.first = i
	} else {
		f.marks[run.last].next = i + 1
	}
	run.last = i
	f.on[k] = run
	f.named[k.id] = true
}

// added ends the first pass: a rendering reads the marks, no more are added,
// so what only Add reads goes.
func (f *ForeignMarks) added() {
	f.sender, f.revised, f.str = nil, nil, nil
	f.marks = slices.Clone(f.marks) // without the spare room of the last append
}

// of returns the marks on the blocks of m, the message of ordinal ord, and
// drops them: it is called once for each message, in transcript order after
// the last Add. The marks under an id land on the first message with it,
// when they came after it.
func (f *ForeignMarks) of(ord int, m *ir.Message) map[*ir.Block][]foreignMark {
	if m.Header == nil || !f.named[m.Header.ID.Text] {
		return nil
	}
	id := m.Header.ID.Text
	delete(f.named, id) // a later message with the id gets none
	var out map[*ir.Block][]foreignMark
	for _, s := range m.Slots {
		bs, ok := s.(*ir.BlockSlot)
		if !ok || bs.Block == nil {
			continue
		}
		k := foreignBlock{id, bs.Block.Name}
		run, ok := f.on[k]
		if !ok || rosblock.Find(m, bs.Block.Name) != bs.Block {
			continue // an address names the last block of its name
		}
		delete(f.on, k)
		var fms []foreignMark
		for i := run.first + 1; i > 0; i = f.marks[i-1].next {
			if km := &f.marks[i-1]; int(km.ord) > ord {
				fms = append(fms, foreignMark{mk: f.mark(i - 1), author: f.strs[km.author]})
			}
		}
		if len(fms) == 0 {
			continue
		}
		if out == nil {
			out = map[*ir.Block][]foreignMark{}
		}
		out[bs.Block] = fms
	}
	return out
}

// mark is kept mark i as the renderer reads an ir.Mark.
func (f *ForeignMarks) mark(i int32) *ir.Mark {
	km := &f.marks[i]
	mk := &ir.Mark{Addr: ir.Address{Text: km.addr, Selectors: f.sels[i]}, Op: km.op, Value: km.value,
		Resolution: &ir.Resolution{Status: ir.ResolutionStatus(f.strs[km.status]), Text: km.text, Line: int(km.line)}}
	if km.conf >= 0 {
		mk.Conf = &ir.Conf{Kind: f.strs[km.conf]}
	}
	return mk
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
