package resolve

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/rosaddr"
	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/ir"
)

// blk builds a block by hand: attrs is "k=v k=v", lines are the content.
func blk(name, attrs string, lines ...string) *ir.Block {
	b := &ir.Block{Name: name, Fmt: "txt"}
	for _, kv := range strings.Fields(attrs) {
		k, v, _ := strings.Cut(kv, "=")
		b.Attrs = append(b.Attrs, ir.Attr{Key: k, Value: v})
	}
	for _, l := range lines {
		b.Lines = append(b.Lines, ir.BlockLine{Text: l})
	}
	return b
}

func res(b *ir.Block, span string) *ir.Resolution {
	return Block(b, rosaddr.ParseSelectors(span))
}

var (
	content = blk("src", "v=orig",
		"The lighthouse keeper insisted that nothing unusual ever happened here.",
		"",
		"He was, by every account, the last man on the island you would ask.")
	tgt = blk("tgt", "v=draft3",
		"灯塔看守人坚称，这里从来没发生过任何不寻常的事。",
		"",
		"而所有人都会告诉你，全岛最不该去问的就是他。")
	v3   = blk("tgt", "v=3", "第一句。", "第二句需要复核。", "第三句。")
	v4   = blk("tgt", "v=4", "新插入的开场。", "第一句。", "第二句需要复核。", "第三句。")
	dupe = blk("t", "", "同一句。", "别的。", "同一句。")
	win  = blk("ch", "src=@sha256:ab3f win=L38-46", "第 38 行。", "第 39 行有个双关。", "第 40 行。")
	el   = blk("ch", "src=@sha256:ab3f")
	wrap = blk("w", "", "the end of one line", "and the start of the next", "end")
)

// TestResolve covers notes §d with rosetta.md's deviations.
func TestResolve(t *testing.T) {
	tests := []struct {
		name   string
		b      *ir.Block
		span   string
		status ir.ResolutionStatus
		line   int
		text   string // checked when non-empty
		detail string // checked when non-empty
	}{
		{"empty span is the whole block", v3, "", ir.Exact, 1, "第一句。\n第二句需要复核。\n第三句。", ""},
		{"only hashes", v3, "##", ir.Exact, 1, "", ""},
		{"char span in a CJK line", tgt, "L1.c0-5", ir.Exact, 1, "灯塔看守人", ""},
		{"single char offset", tgt, "L1.c0", ir.Exact, 1, "灯", ""},
		{"empty char slice is valid", tgt, "L1.c3-3", ir.Exact, 1, "", ""},
		{"char slice to end of line", v3, "L1.c0-4", ir.Exact, 1, "第一句。", ""},
		{"char slice past end does not clamp", v3, "L1.c0-5", ir.Orphan, 0, "", "position out of range, no quote anchor"},
		{"paragraph", content, "p2", ir.Exact, 3, "He was, by every account, the last man on the island you would ask.", ""},
		{"paragraph range joins with one newline", content, "p1-2", ir.Exact, 1, content.Lines[0].Text + "\n" + content.Lines[2].Text, ""},
		{"block offsets", content, "c4-8", ir.Exact, 1, "ligh", ""},
		{"line range", v3, "L2-3", ir.Exact, 2, "第二句需要复核。\n第三句。", ""},
		{"reversed range does not resolve", v3, "L3-2", ir.Orphan, 0, "", ""},
		{"out of range line", tgt, "L9", ir.Orphan, 0, "", "position out of range, no quote anchor"},
		{"first positional that resolves wins", v3, "L9|L2", ir.Exact, 2, "第二句需要复核。", ""},
		{"bad selector", v3, "X7", ir.Orphan, 0, "", "unparseable selector 'X7'"},
		{"bad selector among good", v3, "L1|zz", ir.Orphan, 0, "", "unparseable selector 'zz'"},
		{"unedited anchor is exact", v3, `L2|q"第二句需要复核。"`, ir.Exact, 2, "第二句需要复核。", ""},
		{"anchor relocates after insertion", v4, `L2|q"第二句需要复核。"`, ir.Relocated, 3, "第二句需要复核。", "moved to L3 (was L2)"},
		{"bare positional points at the wrong text", v4, "L2", ir.Exact, 2, "第一句。", ""},
		{"gone quote orphans", v4, `q"已被删掉的句子"`, ir.Orphan, 0, "", "quote '已被删掉的句子' does not occur in `tgt`"},
		{"missing positional, quote once: no was", v4, `L9|q"第三句"`, ir.Relocated, 4, "第三句。", "moved to L4"},
		{"duplicates agree with position", dupe, `L3|q"同一句。"`, ir.Exact, 3, "", ""},
		{"ambiguous picks nearest hint", dupe, `L9|q"同一句。"`, ir.Ambiguous, 3, "同一句。", "2 occurrences; picked the one nearest L9"},
		{"ambiguous with no hint picks the top", dupe, `q"同一句。"`, ir.Ambiguous, 1, "同一句。", "2 occurrences; picked the one nearest the top"},
		{"@n picks an occurrence (quote-only: exact)", dupe, `q"同一句。"@2`, ir.Exact, 3, "同一句。", ""},
		{"@n with a position relocates", dupe, `L2|q"同一句。"@2`, ir.Relocated, 3, "同一句。", "matched occurrence #2"},
		{"@n gone", dupe, `q"同一句。"@3`, ir.Orphan, 0, "", "occurrence #3 of '同一句。' gone"},
		{"@0 is no occurrence", dupe, `q"同一句。"@0`, ir.Orphan, 0, "", "occurrence #0 of '同一句。' gone"},
		{"quote-only once is exact (deviation)", v3, `q"第三句"`, ir.Exact, 3, "第三句", ""},
		{"later quotes are tried in order (deviation)", v4, `q"没了"|q"第三句"`, ir.Exact, 4, "第三句", ""},
		{"a later quote agreeing with the position is exact", v3, `L2|q"没了"|q"复核"`, ir.Exact, 2, "", ""},
		{"all quotes fail: first failure reported", v4, `q"没了"|q"也没了"`, ir.Orphan, 0, "", "quote '没了' does not occur in `tgt`"},
		{"a quote may cross lines (deviation)", wrap, `q"one line and the"`, ir.Exact, 1, "one line\nand the", ""},
		{"a crossing quote with a position gives whole lines", wrap, `L3|q"one line and the"`, ir.Relocated, 1, "the end of one line\nand the start of the next", "moved to L1 (was L3)"},
		{"pipe inside a quote is content", blk("x", "", "a|b"), `q"a|b"`, ir.Exact, 1, "a|b", ""},
		{"window: absolute lines", win, "L39", ir.Exact, 39, "第 39 行有个双关。", ""},
		{"window: below", win, "L37", ir.Outside, 0, "", "line outside the window L38-46; deref @sha256:ab3f"},
		{"window: past carried lines", win, "L44", ir.Outside, 0, "", ""},
		{"window: paragraph undefined", win, "p1", ir.Outside, 0, "", "paragraph/whole-block offsets are undefined inside a window; deref @sha256:ab3f"},
		{"window: block offsets undefined", win, "c0-2", ir.Outside, 0, "", "paragraph/whole-block offsets are undefined inside a window; deref @sha256:ab3f"},
		{"window: quote relocates", win, `L37|q"双关"`, ir.Relocated, 39, "", "moved to L39"},
		{"window without src", blk("w", "win=10-12", "x"), "L5", ir.Outside, 0, "", "line outside the window 10-12; deref the full content"},
		{"elided block", el, "L39", ir.Outside, 0, "", "content elided; deref @sha256:ab3f"},
		{"elided block, empty span (deviation)", el, "", ir.Outside, 0, "", "content elided; deref @sha256:ab3f"},
		{"elided block, quote", el, `q"x"`, ir.Outside, 0, "", ""},
		{"image region", blk("scan", "src=@img:sha256:9c14ab"), "box=120,340,180,410", ir.Outside, 0, "", ""},
		{"a char range beside its quote says what it selects", content, `L1.c4-19|q"lighthouse keeper"`, ir.Relocated, 1, "",
			"`L1.c4-19` selects 'lighthouse keep', not the quote; the quote is at L1.c4-21"},
		{"a block char range beside its quote", content, `c4-19|q"lighthouse keeper"`, ir.Relocated, 1, "",
			"`c4-19` selects 'lighthouse keep', not the quote; the quote is at c4-21"},
		{"a quote that does not occur names the nearest passage", content, `L1|q"lighthouse keepr"`, ir.Orphan, 0, "",
			"quote 'lighthouse keepr' does not occur in `src`; the nearest passage is 'lighthouse keeper' at L1.c4-21 (1 edit)"},
		{"the nearest passage may cross lines", wrap, `q"one lime and the"`, ir.Orphan, 0, "",
			"quote 'one lime and the' does not occur in `w`; the nearest passage is 'one line and the' at L1-2 (1 edit)"},
		{"no passage is near", content, `q"entirely different words"`, ir.Orphan, 0, "",
			"quote 'entirely different words' does not occur in `src`"},
		{"quote repr with a single quote", v3, `q"it's"`, ir.Orphan, 0, "", "quote \"it's\" does not occur in `tgt`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := res(tt.b, tt.span)
			if r.Status != tt.status || r.Line != tt.line {
				t.Fatalf("status/line = %s L%d (%q), want %s L%d", r.Status, r.Line, r.Detail, tt.status, tt.line)
			}
			if tt.text != "" && r.Text != tt.text {
				t.Errorf("text = %q, want %q", r.Text, tt.text)
			}
			if tt.detail != "" && r.Detail != tt.detail {
				t.Errorf("detail = %q, want %q", r.Detail, tt.detail)
			}
			if r.Conf != confOf(r.Status) {
				t.Errorf("conf = %q for %s", r.Conf, r.Status)
			}
		})
	}
}

func TestConf(t *testing.T) {
	got := map[ir.ResolutionStatus]string{}
	for _, s := range []ir.ResolutionStatus{ir.Exact, ir.Relocated, ir.Ambiguous, ir.Outside, ir.Orphan} {
		got[s] = confOf(s)
	}
	want := map[ir.ResolutionStatus]string{ir.Exact: "hi", ir.Relocated: "mid", ir.Ambiguous: "lo", ir.Outside: "?", ir.Orphan: "?"}
	if d := cmp.Diff(want, got); d != "" {
		t.Error(d)
	}
}

func TestAnchorLine(t *testing.T) {
	tests := []struct {
		b    *ir.Block
		span string
		want int
	}{
		{v4, `L2|q"第二句需要复核。"`, 3},
		{v3, "L9", 9},
		{win, "p1", 38},
		{el, "L39", 39},
		{el, `q"x"`, 0},
	}
	for _, tt := range tests {
		sels := rosaddr.ParseSelectors(tt.span)
		if got := rosblock.AnchorLine(tt.b, sels, Block(tt.b, sels)); got != tt.want {
			t.Errorf("AnchorLine(%s) = %d, want %d", tt.span, got, tt.want)
		}
	}
}

func TestDigest(t *testing.T) {
	good := blk("x", "src=@sha256:"+sha("a\nb"), "a", "b")
	if _, ok, checked := digest(good); !ok || !checked {
		t.Errorf("good digest: ok=%v checked=%v", ok, checked)
	}
	nl := blk("x", "src=@sha256:"+sha("a\nb\n"), "a", "b")
	if _, ok, _ := digest(nl); !ok {
		t.Error("a digest over content with its final newline is accepted")
	}
	bad := blk("x", "src=@sha256:"+sha("a\nc"), "a", "b")
	if _, ok, checked := digest(bad); ok || !checked {
		t.Errorf("bad digest: ok=%v checked=%v", ok, checked)
	}
	for _, b := range []*ir.Block{
		blk("x", "src=@sha256:ab3f", "a"),                  // abbreviated
		blk("x", "src=@sha256:"+sha("zz")+" win=3-4", "a"), // windowed
		blk("x", "src=@sha256:"+sha("zz")),                 // elided
		blk("x", "src=@file:"+sha("zz"), "a"),              // not a digest
	} {
		if _, _, checked := digest(b); checked {
			t.Errorf("%v: nothing to check, but checked", b.Attrs)
		}
	}
	m := &ir.Message{Slots: []ir.Slot{&ir.BlockSlot{SlotHead: ir.SlotHead{Key: "txt"}, Block: bad}}}
	if got := Digests(m).Codes(); !cmp.Equal(got, []string{"E025"}) {
		t.Errorf("Digests codes = %v", got)
	}
}

// msg builds a message with the given blocks and marks ("addr op value
// ~conf"), lowered as a parser lowers it.
func msg(id, act string, blocks []*ir.Block, marks ...string) *ir.Message {
	m := &ir.Message{Header: &ir.Header{ID: ir.MsgID{Text: id}, Act: act}}
	defer rosaddr.Lower(m)
	for _, b := range blocks {
		m.Slots = append(m.Slots, &ir.BlockSlot{SlotHead: ir.SlotHead{Key: "txt"}, Block: b})
	}
	if len(marks) > 0 {
		ms := &ir.MarkSlot{SlotHead: ir.SlotHead{Key: "mark"}}
		for _, s := range marks {
			i := strings.IndexAny(s, "=>")
			mk := &ir.Mark{Addr: ir.Address{Text: strings.TrimSpace(s[:i])}, Op: s[i]}
			val := strings.TrimSpace(s[i+1:])
			if j := strings.LastIndex(val, "~"); j >= 0 {
				mk.Conf = &ir.Conf{Kind: val[j+1:]}
				val = strings.TrimSpace(val[:j])
			}
			mk.Value = val
			ms.Marks = append(ms.Marks, mk)
		}
		m.Slots = append(m.Slots, ms)
	}
	return m
}

func TestMarks(t *testing.T) {
	store := map[string]*ir.Message{}
	look := func(id string, orig bool) *ir.Message { return store[id] }
	store["a2.7"] = msg("a2.7", "tell", []*ir.Block{tgt})
	tests := []struct {
		name string
		m    *ir.Message
		want []string
	}{
		{"E022 local orphan", msg("a1.2", "tell", []*ir.Block{blk("body", "", "one line")}, "body#L7 = nope ~hi"), []string{"E022", "I029"}},
		{"W023 edit without conf", msg("a1.4", "tell", []*ir.Block{blk("body", "", "x")}, `body#L1 > "y"`), []string{"W023", "I029"}},
		{"W025 relocated", msg("a1.4", "tell", []*ir.Block{blk("t", "", "甲。", "乙。")}, `t#L1|q"乙。" = x ~hi`), []string{"W025"}},
		{"E022 quote-only orphan", msg("a1.5", "tell", []*ir.Block{blk("t", "", "甲。")}, `t#q"不存在" = x ~hi`), []string{"E022"}},
		{"I029 positional only", msg("a1.6", "tell", []*ir.Block{blk("t", "", "甲。")}, `t#L1 = x ~hi`), []string{"I029"}},
		{"W026 ambiguous", msg("a1.6", "tell", []*ir.Block{dupe}, `t#q"同一句。" = x ~hi`), []string{"W026"}},
		{"I028 outside", msg("a1.6", "tell", []*ir.Block{win}, `ch#L5|q"nope" = x ~hi`), []string{"E022"}},
		{"I028 outside window", msg("a1.6", "tell", []*ir.Block{win}, `ch#L5 = x ~hi`), []string{"I028", "I029"}},
		{"W021 no local block", msg("a1.6", "tell", nil, `t#L1 = x ~hi`), []string{"W021"}},
		{"whole block mark", msg("a1.6", "tell", []*ir.Block{v3}, `tgt = fine ~hi`), nil},
		{"cross-message orphan", msg("a4.1", "propose", nil, `@a2.7.tgt#L99 > "x" ~hi`), []string{"E022", "I029"}},
		{"cross-message ok", msg("a4.2", "propose", nil, `@a2.7.tgt#L3 > "rewritten" ~mid`), []string{"I029"}},
		{"W024 unseen message", msg("a4.3", "propose", nil, `@a9.9.tgt#L3 = x ~mid`), []string{"W024"}},
		{"W021 missing remote block", msg("a4.4", "propose", nil, `@a2.7.zzz#L3 = x ~mid`), []string{"W021"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Marks(tt.m, look).Codes()
			if d := cmp.Diff(tt.want, got, cmpEmpty); d != "" {
				t.Errorf("codes (-want +got):\n%s", d)
			}
			for _, s := range tt.m.Slots {
				if ms, ok := s.(*ir.MarkSlot); ok {
					for _, mk := range ms.Marks {
						if mk.Resolution == nil {
							t.Errorf("mark %s has no resolution", mk.Addr.Text)
						}
					}
				}
			}
		})
	}
}

var cmpEmpty = cmp.Comparer(func(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return cmp.Equal([]string(a), []string(b))
})

func TestAddress(t *testing.T) {
	a27 := msg("a2.7", "tell", []*ir.Block{tgt})
	look := func(id string, orig bool) *ir.Message {
		if id == "a2.7" {
			return a27
		}
		return nil
	}
	r := Address(`@a2.7.tgt#L1.c0-5`, nil, look)
	if r.Status != ir.Exact || r.Text != "灯塔看守人" || r.Conf != "hi" {
		t.Errorf("got %+v", r)
	}
	if r := Address(`@a9.1.tgt#L1`, nil, look); r.Status != ir.Orphan {
		t.Errorf("unknown message: %+v", r)
	}
	if r := Address(`tgt#L3`, a27, look); r.Status != ir.Exact || !strings.HasPrefix(r.Text, "而所有人") {
		t.Errorf("local: %+v", r)
	}
}

// The diagnostics of a mark point at its address.
func TestMarkSpans(t *testing.T) {
	m := msg("a1.2", "tell", []*ir.Block{blk("body", "", "x")}, "body#L7 = nope ~hi")
	sp := diag.NewSource("f", []byte("a1.2 tell\n body#L7 = nope ~hi\n")).Span(10, 17)
	m.Slots[1].(*ir.MarkSlot).Marks[0].Addr.Span = sp
	for _, d := range Marks(m, nil) {
		if !d.Span.Equal(sp) {
			t.Errorf("%s span = %v, want the address", d.Code, d.Span)
		}
	}
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
