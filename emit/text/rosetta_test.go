package text

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/ir"
)

// handBuilt is the IR the parser and checker give for the input section of
// testdata/rosetta_handbuilt.txtar: route and topic inherited, marks resolved.
func handBuilt() *ir.Transcript {
	ops4 := with(rmsg("ops4", "do", "ops", "dev", "deploy.api", "pri=high", "at=@t:2026-03-01T09:30Z", "ttl=2h"),
		plain("q", "roll out @pr:1182 to the canary | the full fleet?", ""),
		ctx("@dev3 @file:svc/api.go#L40-52"),
		plain("by", "$20 | 45m", ""),
		binds("sub", "s1=build @role:builder", "s2=canary @role:deployer on=s1"),
		want("status: one_of[ok|rolled_back]", "cause?", "unk"),
		binds("assume", "traffic=below 2k rps~mid"),
	)
	dev5 := with(rmsg("dev5", "fail", "dev", "ops", "deploy.api", "re=ops4", "thd=canary"),
		plain("why", "busy the deploy queue is full", ""),
		list("unk"),
	)
	dev5.InheritedTopic = true
	notes := block("notes", "md/en", []string{"v=2"},
		"Canary healthy after 15 minutes.", "", "Error rate 0.02% against 0.03% before.")
	dev6 := with(rmsg("dev6", "done", "dev", "ops", "deploy.api", "re=ops4"),
		binds("a", "status=ok~hi", "rollback=!prepared~0.9", "regressions!=found~lo"),
		notes,
		marks(
			mark(`notes#L3|q"0.02%"`, '=', "within budget", "hi", res(ir.Exact, "Error rate 0.02% against 0.03% before.", 3)),
			mark(`notes#q"healthy"`, '>', `"green"`, "mid", res(ir.Exact, "healthy", 1)),
			mark(`notes#L9`, '=', "stale line", "lo", res(ir.Orphan, "", 0)),
		),
		plain("risk", "the canary saw only 3% of traffic\nso rare paths are untested", "mid"),
	)
	dev6.InheritedTo, dev6.InheritedTopic = true, true
	return transcript(ops4, dev5, dev6)
}

// TestRosettaHandBuilt compares every language, view and glyph set with the
// reference renderer's output (deviations applied) on the same transcript.
func TestRosettaHandBuilt(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/rosetta_handbuilt.txtar")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range ar.Files {
		lang, view, ok := strings.Cut(f.Name, ".")
		if !ok || f.Name == "input.rose" {
			continue
		}
		view, ascii := strings.CutSuffix(view, ".ascii")
		got, ds := Render(handBuilt(), Options{Lang: lang, View: view, ASCII: ascii})
		if len(ds) > 0 {
			t.Errorf("%s: diagnostics %v", f.Name, ds)
		}
		if d := cmp.Diff(string(f.Data), string(got)); d != "" {
			t.Errorf("%s (-want +got):\n%s", f.Name, d)
		}
		n++
	}
	if n != 14 {
		t.Errorf("checked %d renderings, want 14 (2 languages × 6 views + 2 ASCII)", n)
	}
}

func TestRosettaBare(t *testing.T) {
	tr := transcript(
		with(rmsg("a1.1", "tell", "a1", "a2", ""), block("x", "", nil, "one  ", "", "\x1b[31mred")),
		with(rmsg("a1.2", "tell", "a1", "a2", ""), block("y", "", []string{"src=@sha256:ab"}), block("z", "", nil, "last")),
	)
	got, _ := Render(tr, Options{Bare: true, View: "full"})
	want := "one  \n\n\x1b[31mred\nlast\n"
	if string(got) != want {
		t.Errorf("bare = %q, want %q", got, want)
	}
}

func TestRosettaFailureLine(t *testing.T) {
	for _, tc := range []struct {
		act, why, en, zh string
	}{
		{"fail", "timeout after 10m", "Failure   timed out (timeout, retryable)", "原因分类  超时（timeout，可重试）"},
		{"reject", "unsupported no such tool", "Failure   unsupported", "原因分类  不具备该能力（unsupported）"},
		{"fail", "denied: no access", "Failure   permission denied (denied, must escalate)", "原因分类  无权限（denied，须升级到人）"},
		{"fail", "stuck three attempts", "Failure   stuck (must escalate)", "原因分类  多次尝试无进展（stuck，须升级到人）"},
		{"fail", "busy queue full", "Failure   busy (retryable)", "原因分类  繁忙（busy，可重试）"},
		{"fail", "something went wrong", "Failure   something (unknown code, must escalate)", "原因分类  something（未知代码，须升级到人）"},
		{"fail", "x1 bad", "", ""},
		{"tell", "timeout", "", ""},
	} {
		for _, zh := range []bool{false, true} {
			m := with(rmsg("a.1", tc.act, "a", "b", ""), plain("why", tc.why, ""))
			r := newRosRenderer(Options{Lang: map[bool]string{false: "en", true: "zh"}[zh]})
			lines := r.message(m)
			got := ""
			if len(lines) > 2 && strings.HasPrefix(lines[2], map[bool]string{false: "Failure", true: "原因分类"}[zh]) {
				got = lines[2]
			}
			want := map[bool]string{false: tc.en, true: tc.zh}[zh]
			if got != want {
				t.Errorf("%s %q zh=%v: failure line %q, want %q", tc.act, tc.why, zh, got, want)
			}
		}
	}
}

func TestRosettaWhyDropsCode(t *testing.T) {
	for _, tc := range []struct{ why, want string }{
		{"timeout shard 2 read exceeded 10m", "Evidence  shard 2 read exceeded 10m"},
		{"timeout", "Evidence"},
		{"timeout\nthe rest stays", "Evidence  the rest stays"}, // the reference drops it
		{"timeout: a colon keeps the word", "Evidence  timeout: a colon keeps the word"},
	} {
		m := with(rmsg("a.1", "fail", "a", "b", ""), plain("why", tc.why, ""))
		lines := newRosRenderer(Options{Lang: "en"}).message(m)
		if lines[3] != tc.want {
			t.Errorf("why %q: %q, want %q", tc.why, lines[3], tc.want)
		}
	}
}

func TestRosettaRefWords(t *testing.T) {
	for _, tc := range []struct{ ref, en, zh string }{
		{"@commit:9f2a", "commit 9f2a", "提交 9f2a"},
		{"@issue:441", "issue 441", "问题 441"},
		{"@pr:12", "PR 12", "PR 12"},
		{"@file:log/2f9c#L487", "file log/2f9c, line 487", "文件 log/2f9c 第 487 行"},
		{"@file:log/2f9c#L440-512", "file log/2f9c, lines 440–512", "文件 log/2f9c 第 440–512 行"},
		{"@file:a.go", "file a.go", "文件 a.go"},
		{"@url:example.org/x", "URL example.org/x", "链接 example.org/x"},
		{"@sha256:9c14ab77e0d1c2b3a4f5", "blob 9c14ab77e0d1c2b3a4f5", "内容 9c14ab77e0d1c2b3a4f5"},
		{"@tbl:sha256:7d19#rows=1-10000", "table sha256:7d19#rows=1-10000", "数据表 sha256:7d19#rows=1-10000"},
		{"@D:DIFF#L18", "definition DIFF#L18", "定义 DIFF#L18"},
		{"@img:sha256:9c", "image sha256:9c", "图像 sha256:9c"},
		{"@aud:x", "audio x", "音频 x"},
		{"@vid:x", "video x", "视频 x"},
		{"@vec:pubmed#k=200", "retrieval set pubmed#k=200", "检索集 pubmed#k=200"},
		{"@t:2026-08-26T14:02Z", "time 2026-08-26T14:02Z", "时刻 2026-08-26T14:02Z"},
		{"@role:clinician", "role clinician", "角色 clinician"},
		{"@grp:counsel", "group counsel", "组 counsel"},
		{"@tool:grep", "tool grep", "工具 grep"},
		{"@ext:ehr:obs-1", "external ehr:obs-1", "外部 ehr:obs-1"},
		{"@doc:msa-v7#p14", "doc msa-v7#p14", "doc msa-v7#p14"},
		{"@a1.7", "message a1.7", "消息 a1.7"},
		{"@obs7", "message obs7", "消息 obs7"},
		{"@#inc.4471", "all messages on topic inc.4471", "话题 inc.4471 的全部消息"},
	} {
		for _, zh := range []bool{false, true} {
			r := &rosRenderer{zh: zh, g: &rosUnicode}
			want := map[bool]string{false: tc.en, true: tc.zh}[zh]
			if got := r.refWords(tc.ref); got != want {
				t.Errorf("refWords(%q, zh=%v) = %q, want %q", tc.ref, zh, got, want)
			}
		}
	}
}

func TestRosettaProse(t *testing.T) {
	r := &rosRenderer{g: &rosUnicode}
	a := &rosRenderer{g: &rosASCII}
	for _, tc := range []struct{ in, want, ascii string }{
		{"30s>3s", "30s → 3s", "30s -> 3s"},
		{"a > b", "a > b", "a > b"},
		{"$40 | 2h", "$40 or 2h", "$40 or 2h"},
		{"x|y", "x or y", "x or y"},
		{"line one |\nline two", "line one or \nline two", "line one or \nline two"}, // the layout trims the space
		{`run "grep a | wc>x" now|later`, `run "grep a | wc>x" now or later`, `run "grep a | wc>x" now or later`},
		{"see @commit:9f2a>@issue:4", "see commit 9f2a → issue 4", "see commit 9f2a -> issue 4"},
	} {
		if got := r.prose(tc.in); got != tc.want {
			t.Errorf("prose(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := a.prose(tc.in); got != tc.ascii {
			t.Errorf("ascii prose(%q) = %q, want %q", tc.in, got, tc.ascii)
		}
	}
}

func TestRosettaConf(t *testing.T) {
	for _, tc := range []struct{ kind, en, zh string }{
		{"hi", " (high confidence)", "（把握高）"},
		{"mid", " (moderate confidence)", "（把握中等）"},
		{"lo", " (low confidence)", "（把握低）"},
		{"?", " (uncalibrated)", "（无法估计）"},
		{"0.85", " (confidence 85%)", "（置信 85%）"},
		{".5", " (confidence 50%)", "（置信 50%）"},
		{"0.125", " (confidence 12%)", "（置信 12%）"}, // half to even, as the reference
		{"1.5", " (confidence 150%)", "（置信 150%）"},
		{"1", " (confidence 100%)", "（置信 100%）"},
	} {
		en := (&rosRenderer{g: &rosUnicode}).conf(conf(tc.kind))
		zh := (&rosRenderer{zh: true, g: &rosUnicode}).conf(conf(tc.kind))
		if en != tc.en || zh != tc.zh {
			t.Errorf("conf %q = %q / %q, want %q / %q", tc.kind, en, zh, tc.en, tc.zh)
		}
	}
	if got := (&rosRenderer{}).conf(nil); got != "" {
		t.Errorf("unstated conf rendered %q", got)
	}
}

func TestRosettaHeaderTags(t *testing.T) {
	for _, tc := range []struct {
		fields []string
		epoch  string
		en, zh string
	}{
		{[]string{"pri=block", "sens=phi", "at=@t:2026-08-26T14:02Z", "ttl=15m", "thd=s1"}, "",
			"a → b · notes  [BLOCKING · contains PHI · as of 2026-08-26T14:02:00Z · valid for 15m · thd=s1]",
			"a → b · 备注  [阻塞等待 · 含医疗信息 · 观测于 2026-08-26T14:02:00Z · 有效期 15m · thd=s1]"},
		{[]string{"pri=norm", "sens=pub", "pri=low", "x_trace=77"}, "",
			"a → b · notes  [low priority · public · pri=norm · x_trace=77]",
			"a → b · 备注  [低优先 · 公开 · pri=norm · x_trace=77]"},
		{[]string{"pri=urgent", "sens=confidential", "at=yesterday", "ttl=forever"}, "",
			"a → b · notes  [pri=urgent · sens=confidential · at=yesterday · ttl=forever]",
			"a → b · 备注  [pri=urgent · sens=confidential · at=yesterday · ttl=forever]"},
		{[]string{"at=@t:14:02"}, "@t:2026-08-26",
			"a → b · notes  [as of 2026-08-26T14:02:00Z]", "a → b · 备注  [观测于 2026-08-26T14:02:00Z]"},
		{[]string{"at=@t:14:02"}, "", "a → b · notes  [at=@t:14:02]", "a → b · 备注  [at=@t:14:02]"},
		{[]string{"at=2026-08-26T14:02:03.5+05:30", "re=b.1", "src=@c.2"}, "",
			"a → b · notes · re b.1 · relaying c.2  [as of 2026-08-26T14:02:03.500000+05:30]",
			"a → b · 备注 · 回复 b.1 · 转述自 c.2  [观测于 2026-08-26T14:02:03.500000+05:30]"},
		{[]string{"at=2026-08-26"}, "", "a → b · notes  [as of 2026-08-26T00:00:00Z]", "a → b · 备注  [观测于 2026-08-26T00:00:00Z]"},
	} {
		m := rmsg("a.1", "note", "a", "b", "", tc.fields...)
		m.Epoch = tc.epoch
		en := (&rosRenderer{g: &rosUnicode}).header(m)
		zh := (&rosRenderer{zh: true, g: &rosUnicode}).header(m)
		if en != tc.en {
			t.Errorf("%v: en header\n got %q\nwant %q", tc.fields, en, tc.en)
		}
		if zh != tc.zh {
			t.Errorf("%v: zh header\n got %q\nwant %q", tc.fields, zh, tc.zh)
		}
	}
}

func TestRosettaTargets(t *testing.T) {
	for _, tc := range []struct{ targets, en, zh string }{
		{"*", "a → everyone · notes", "a → 所有人 · 备注"},
		{"#ops", "a → subscribers of #ops · notes", "a → #ops 订阅者 · 备注"},
		{"@role:sre,b", "a → role sre, b · notes", "a → 角色 sre, b · 备注"},
		{"@tool:grep", "a → tool grep · notes", "a → 工具 grep · 备注"},
		{"", "a → (no recipients) · notes", "a → （无收件人） · 备注"},
	} {
		m := rmsg("a.1", "note", "a", tc.targets, "")
		en := (&rosRenderer{g: &rosUnicode}).header(m)
		zh := (&rosRenderer{zh: true, g: &rosUnicode}).header(m)
		if en != tc.en || zh != tc.zh {
			t.Errorf("%q: %q / %q, want %q / %q", tc.targets, en, zh, tc.en, tc.zh)
		}
	}
}

func TestRosettaWant(t *testing.T) {
	for _, tc := range []struct {
		slot   *ir.ShapeSlot
		en, zh string
	}{
		{want("accept|reject"), "Expected reply  must reply with accepts or rejects", "期望回复  须以 接受 或 拒绝 回复"},
		{want("done|fail|maybe"), "Expected reply  must reply with completed or failed or maybe", "期望回复  须以 完成 或 失败 或 maybe 回复"},
		{want("cause", "why", "unk"), "Expected reply  must contain cause, why, unk", "期望回复  必须包含 cause、why、unk"},
		{want("txt", "mark"), "Expected reply  must contain txt, mark", "期望回复  必须包含 txt、mark"},
		{want("eta?"), "Expected reply  optional eta", "期望回复  可选 eta"},
		{want(), "Expected reply  any reply", "期望回复  任意回复"},
		{want("n: num", "v?: one_of[a|b]"), "Expected reply  must contain n (num); optional v (one_of[a|b])", "期望回复  必须包含 n（num）；可选 v（one_of[a|b]）"},
		{&ir.ShapeSlot{SlotHead: head("want", "a short summary")}, "Expected reply  a short summary", "期望回复  a short summary"},
	} {
		m := with(rmsg("a.1", "ask", "a", "b", ""), tc.slot)
		en := newRosRenderer(Options{Lang: "en"}).message(m)[2]
		zh := newRosRenderer(Options{Lang: "zh"}).message(m)[2]
		if en != tc.en || zh != tc.zh {
			t.Errorf("want %q: %q / %q, want %q / %q", tc.slot.Raw, en, zh, tc.en, tc.zh)
		}
	}
}

// TestRosettaSlots covers the remaining slot shapes: lists, declared-empty
// lists, unstructured a, ctx with prose, an unknown slot key, and empty values.
func TestRosettaSlots(t *testing.T) {
	m := with(rmsg("a.1", "tell", "a", "b", ""),
		list("opt", "keep it", "split @pr:3"),
		&ir.ListSlot{SlotHead: head("unk", "")},
		&ir.BindingSlot{SlotHead: head("a", "just prose"), Text: "just prose", Conf: conf("lo")},
		ctx("@a.0, @issue:9"),
		ctx("since @a.0 went out"),
		plain("q", "", ""),
		plain("on", "", "hi"),
		&ir.PlainSlot{SlotHead: head("zz", "odd"), Text: "odd"},
	)
	got := strings.Join(newRosRenderer(Options{Lang: "en"}).message(m)[2:], "\n")
	want := strings.Join([]string{
		"Options  keep it; split PR 3",
		"Unknown  (declared: none)",
		"Answer  just prose (low confidence)",
		"Context  message a.0; issue 9",
		"Context  since message a.0 went out",
		"Question",
		"Precondition   (high confidence)",
		"zz  odd",
	}, "\n")
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestRosettaMarks covers every resolution status, in the margin and in the
// list, and marks on other messages.
func TestRosettaMarks(t *testing.T) {
	m := with(rmsg("a.1", "tell", "a", "b", ""),
		block("t", "", []string{"win=L10-12", "src=@sha256:ff"}, "alpha beta", "gamma", "delta gamma"),
		block("e", "", []string{"src=@sha256:ee"}),
		marks(
			mark(`t#L10|q"beta"`, '=', "exact", "hi", res(ir.Exact, "alpha beta", 10)),
			mark(`t#L10.c0-5`, '>', "ALPHA", "", res(ir.Exact, "alpha", 10)),
			mark(`t#L11|q"delta"`, '=', "moved", "", res(ir.Relocated, "delta gamma", 12)),
			mark(`t#q"gamma"`, '=', "which one", "", res(ir.Ambiguous, "gamma", 11)),
			mark(`t`, '=', "whole block", "", res(ir.Exact, "alpha beta\ngamma\ndelta gamma", 10)),
			mark(`t#L40`, '=', "beyond the window", "", res(ir.Outside, "", 0)),
			mark(`e#L2`, '=', "elided", "mid", res(ir.Outside, "", 0)),
			mark(`t#q"omega"`, '=', "gone", "", res(ir.Orphan, "", 0)),
			mark(`@b.3.t#L1`, '>', "elsewhere", "lo", res(ir.Relocated, "x", 4)),
			mark(`@b.4.t#L1`, '=', "unknown message", "", res(ir.Orphan, "", 0)),
			mark(`t#L11`, '=', "not resolved yet", "", nil),
		),
	)
	got := strings.Join(newRosRenderer(Options{Lang: "en"}).message(m)[2:], "\n")
	want := strings.Join([]string{
		"Text t (lines 10–12 · full text at sha256:ff)",
		"  10 │ alpha beta",
		`     ▲ L10|q"beta" exact (high confidence)`,
		`     ▶ L10.c0-5 "alpha" -> ALPHA`,
		"     ▲  whole block",
		"  11 │ gamma",
		`     ▲ q"gamma" which one  [ambiguous anchor]`,
		"  12 │ delta gamma",
		`     ▲ L11|q"delta" moved  [drifted]`,
		"Text e (full text at sha256:ee)",
		"  (content not carried; addresses still valid — deref)",
		"Marks",
		"  · t#L40: beyond the window  [outside the carried text — deref]",
		"  · e#L2: elided (moderate confidence)  [outside the carried text — deref]",
		`  · t#q"omega": gone  ⚠ ORPHANED: points at nothing`,
		"  · @b.3.t#L1: -> elsewhere (low confidence)  [drifted]",
		"  · @b.4.t#L1: unknown message  ⚠ ORPHANED: points at nothing",
		"  · t#L11: not resolved yet",
	}, "\n")
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestRosettaEscapes: control characters and escape sequences in agent text
// are shown escaped; content ending in whitespace stays visible. A tab inside
// a content line is printed as it is (issue 20: a diff's indentation is
// content), a tab in coordination text or at a line's end is escaped.
func TestRosettaEscapes(t *testing.T) {
	m := with(rmsg("a.1", "tell", "a\x1b[2J", "b", "t"),
		plain("q", "ring\a the bell\u202eevil", ""),
		block("x", "", nil, "tab\there", "trailing  ", "ideographic\u3000", "\x1b]0;title\x07", "\t+ indented\t"),
		binds("a", "k=v\r\tx"),
	)
	got := strings.Join(newRosRenderer(Options{Lang: "en"}).message(m), "\n")
	want := strings.Join([]string{
		`a\x1b[2J → b · states · #t`,
		"──────────────────────────────",
		`Question  ring\x07 the bell\u202eevil`,
		"Text x",
		"  1 │ tab\there",
		`  2 │ trailing\x20\x20`,
		`  3 │ ideographic\u3000`,
		`  4 │ \x1b]0;title\x07`,
		"  5 │ \t+ indented\\t",
		"Answer",
		`  · k: v\r\tx`,
	}, "\n")
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestRosettaNeverFails: a message without a header (degraded), an empty
// transcript, a nil slot block and an unknown view render without panicking.
func TestRosettaNeverFails(t *testing.T) {
	deg := &ir.Message{Degraded: true, Slots: []ir.Slot{block("body", "", nil, "just prose")}}
	tr := transcript(deg, with(rmsg("a.1", "note", "a", "b", ""), &ir.BlockSlot{SlotHead: head("txt", "")}))
	for _, view := range []string{"full", "clean", "nonsense"} {
		got, ds := Render(tr, Options{View: view})
		if len(ds) > 0 || !strings.HasPrefix(string(got), "? → everyone · notes\n") {
			t.Errorf("view %s: %q %v", view, got, ds)
		}
	}
	if got, _ := Render(transcript(), Options{}); len(got) != 0 {
		t.Errorf("empty transcript rendered %q", got)
	}
}

// TestRosettaListProse: prose after a list's closing bracket renders under the
// list as written (commas stay commas, no stray bracket, no literal \n).
func TestRosettaListProse(t *testing.T) {
	l := list("unk", "who approved it", "TBD")
	l.Prose = "On the other hand, the logs, say so.\nAnd a second line."
	none := list("unk")
	none.Prose = "checked twice"
	m := with(rmsg("a.1", "tell", "a", "b", "t"), l)
	got := strings.Join(newRosRenderer(Options{Lang: "en"}).message(m), "\n")
	want := strings.Join([]string{
		"a → b · states · #t",
		"──────────────────────────────",
		"Unknown  who approved it; TBD",
		"    On the other hand, the logs, say so.",
		"    And a second line.",
	}, "\n")
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	got = strings.Join(newRosRenderer(Options{Lang: "en"}).message(with(rmsg("a.1", "tell", "a", "b", "t"), none)), "\n")
	if !strings.HasSuffix(got, "Unknown  (declared: none)\n    checked twice") {
		t.Errorf("empty list with prose: %q", got)
	}
}
