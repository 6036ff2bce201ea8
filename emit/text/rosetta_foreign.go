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
// their IR may go, and a first pass over a large transcript keeps thousands
// of marks and an entry for every message id: each is kept small.
type ForeignMarks struct {
	n       int                         // messages added
	first   map[string]foreignTarget    // a message id -> the first message with it
	revised map[string]string           // id -> id of the own revise that replaced it
	names   []string                    // the senders, each once: foreignTarget and keptMark index them
	name    map[string]int32            // a sender -> its index in names
	marks   []keptMark                  // every mark kept, in the order added
	on      map[foreignBlock]foreignRun // the marks on a block
}

// foreignBlock names a block by its message's ordinal and its name (the last
// block of the message with the name, as rosblock.Find reads an address).
type foreignBlock struct {
	ord  int
	name string
}

type foreignTarget struct {
	ord    int32
	sender int32 // in names
}

// foreignRun is the marks on one block: the first and last in marks, each
// linking to the next (keptMark.next), in the order they were added.
type foreignRun struct{ first, last int32 }

// keptMark is what the margin reads of a foreign mark (marginMark,
// marginMarkBy, placeForeign and the list of unplaced marks): the address as
// written, the op, value and confidence, who wrote it, and of its resolution
// the status, the line and the text only when marginMark could quote it
// (quotable), cloned so it does not hold the buffer resolve built it in. The
// selectors are kept only when AnchorLine needs them (no resolved line).
// Detail and Fix are the diagnostics', not the margin's. The address and
// value are the message's own strings, cut from the input, which outlives
// the rendering.
type keptMark struct {
	addr, value, conf string // conf: Conf.Kind, when hasConf
	text              string
	status            ir.ResolutionStatus
	sels              []ir.Selector
	line              int
	author            int32 // in names
	next              int32 // the next mark on the same block, plus one; 0 ends the run
	op                byte
	hasConf           bool
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
		f.first, f.revised, f.name, f.on = map[string]foreignTarget{}, map[string]string{}, map[string]int32{}, map[foreignBlock]foreignRun{}
	}
	sender := f.intern(h.Sender)
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
			f.keep(foreignBlock{int(target.ord), markBlock(mk)}, keepMark(mk, sender))
		}
	}
	if _, dup := f.first[h.ID.Text]; !dup {
		f.first[h.ID.Text] = foreignTarget{ord: int32(ord), sender: sender}
	}
	if re, ok := h.Field("re"); ok && h.Act == "revise" {
		if p, ok := f.first[re]; ok && p.sender == sender {
			f.revised[re] = h.ID.Text
		}
	}
}

// intern is the index of a sender in names.
func (f *ForeignMarks) intern(sender string) int32 {
	i, ok := f.name[sender]
	if !ok {
		i = int32(len(f.names))
		f.names = append(f.names, sender)
		f.name[sender] = i
	}
	return i
}

// keep adds a mark at the end of the marks on block k.
func (f *ForeignMarks) keep(k foreignBlock, km keptMark) {
	f.marks = append(f.marks, km)
	i := int32(len(f.marks) - 1)
	run, ok := f.on[k]
	if !ok {
		run.first = i
	} else {
		f.marks[run.last].next = i + 1
	}
	run.last = i
	f.on[k] = run
}

// added ends the first pass: a rendering reads the marks, no more are added,
// so what only Add reads (an entry for every message id) goes.
func (f *ForeignMarks) added() {
	f.first, f.revised, f.name = nil, nil, nil
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
		run, ok := f.on[foreignBlock{ord, bs.Block.Name}]
		if !ok || rosblock.Find(m, bs.Block.Name) != bs.Block {
			continue // an address names the last block of its name
		}
		if out == nil {
			out = map[*ir.Block][]foreignMark{}
		}
		var fms []foreignMark
		for i := run.first + 1; i > 0; i = f.marks[i-1].next {
			km := &f.marks[i-1]
			fms = append(fms, foreignMark{mk: km.mark(), author: f.names[km.author]})
		}
		out[bs.Block] = fms
	}
	return out
}

// keepMark is what the margin reads of mk, a foreign mark by sender.
func keepMark(mk *ir.Mark, sender int32) keptMark {
	r := mk.Resolution
	km := keptMark{addr: mk.Addr.Text, value: mk.Value, status: r.Status, line: r.Line, author: sender, op: mk.Op}
	if mk.Conf != nil {
		km.conf, km.hasConf = mk.Conf.Kind, true
	}
	if quotable(r.Text) {
		km.text = strings.Clone(r.Text) // not the buffer resolve built it in
	}
	if r.Line <= 0 {
		km.sels = slices.Clone(mk.Addr.Selectors)
	}
	return km
}

// mark is the kept mark as the renderer reads an ir.Mark.
func (km *keptMark) mark() *ir.Mark {
	mk := &ir.Mark{Addr: ir.Address{Text: km.addr, Selectors: km.sels}, Op: km.op, Value: km.value,
		Resolution: &ir.Resolution{Status: km.status, Text: km.text, Line: km.line}}
	if km.hasConf {
		mk.Conf = &ir.Conf{Kind: km.conf}
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
