package golden

// The reference implementation's self-test (agentrosetta.py at b58bda0, 137
// assertions in 20 groups): the groups about the parser, the canonical
// printer and the renderer, run against the real pipeline (compiler.Parse,
// compiler.Format, emit/text). Each TestRefNN is the reference's group NN and
// each subtest carries the reference's assertion label. The checking groups
// (7-19) are in compiler/reference_test.go.
//
// Tests skip when the stage they need is not registered on this branch.

import (
	"slices"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/internal/rosettaref"
	"github.com/rosettac/rosettac/ir"
)

// parseAll reads a transcript as one session (inheritance applied).
func parseAll(src string) []*ir.Message {
	res := compiler.Parse("t.rose", []byte(src), compiler.Options{From: ir.Rosetta})
	if t, ok := res.Doc.(*ir.Transcript); ok {
		return t.Messages
	}
	return nil
}

func parseMsg(src string) *ir.Message {
	ms := parseAll(src)
	if len(ms) == 0 {
		return &ir.Message{}
	}
	return ms[0]
}

func slotOf(m *ir.Message, key string) ir.Slot {
	for _, s := range m.Slots {
		if s.Head().Key == key {
			return s
		}
	}
	return nil
}

func bindings(m *ir.Message, key string) []*ir.Binding {
	if bs, ok := slotOf(m, key).(*ir.BindingSlot); ok {
		return bs.Bindings
	}
	return nil
}

func bindingKeys(m *ir.Message, key string) []string {
	var out []string
	for _, b := range bindings(m, key) {
		out = append(out, b.Key)
	}
	return out
}

func targets(m *ir.Message) []string {
	var out []string
	if m.Header != nil {
		for _, t := range m.Header.Targets {
			out = append(out, t.Text)
		}
	}
	return out
}

func listItems(m *ir.Message, key string) []string {
	var out []string
	if ls, ok := slotOf(m, key).(*ir.ListSlot); ok {
		for _, it := range ls.Items {
			out = append(out, it.Text)
		}
	}
	return out
}

func field(m *ir.Message, k string) string {
	if m.Header == nil {
		return ""
	}
	v, _ := m.Header.Field(k)
	return v
}

func shapeNames(m *ir.Message, pick func(ir.ShapeField) bool) []string {
	var out []string
	if ws, ok := slotOf(m, "want").(*ir.ShapeSlot); ok {
		for _, f := range ws.Shape.Fields {
			if pick(f) {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

// The reference's samples, each after a newline as its self-test writes
// them, and its messy sample: a model's reply wrapped around a message.
const (
	refIncident = "\n" + rosettaref.Incident
	refClinical = "\n" + rosettaref.Clinical
	refAuction  = "\n" + rosettaref.Auction
	refMessy    = "Sure! Here is my analysis:\n\n```\n" +
		"a1.14 tell a1>a3 re=a3.12\n" +
		"- a: cause = @commit:9f2a 把超时从 30s 降到 3s   ~hi\n" +
		"  fix = revert @commit:9f2a  ~hi\n" +
		"  why： 日志显示 14:02 起大量超时\n" +
		"  unk [谁批准的]\n```\n"
)

var coreSlots = []string{"q", "a", "why", "ctx", "want", "unk", "assume", "risk", "opt", "sub", "on", "by", "txt", "mark"}

// Group 1: parser: core.
func TestRef01ParserCore(t *testing.T) {
	needParser(t)
	ms := parseAll(refIncident)
	if len(ms) != 2 {
		t.Fatalf("got %d messages", len(ms))
	}
	m0, m1 := ms[0], ms[1]
	rosettaref.Run(t, []rosettaref.Check{
		{"header fields", func() bool {
			return m0.Header.Act == "ask" && m0.Header.Sender == "a3" && slices.Equal(targets(m0), []string{"a1"})
		}},
		{"topic and re=", func() bool { return m0.Header.Topic == "CI.red" && field(m1, "re") == "a3.12" }},
		{"bindings", func() bool { return slices.Equal(bindingKeys(m1, "a"), []string{"culprit", "remedy", "eta"}) }},
		{"per-binding confidence", func() bool { b := bindings(m1, "a"); return len(b) == 3 && b[2].Conf != nil && b[2].Conf.Kind == "lo" }},
		{"want required", func() bool {
			return slices.Equal(shapeNames(m0, func(f ir.ShapeField) bool { return !f.Optional && !f.IsSlot }), []string{"culprit", "remedy"})
		}},
		{"want optional", func() bool {
			return slices.Equal(shapeNames(m0, func(f ir.ShapeField) bool { return f.Optional }), []string{"eta"})
		}},
		{"ctx refs", func() bool {
			var refs []string
			for _, r := range slotOf(m0, "ctx").Head().Refs {
				refs = append(refs, r.Text)
			}
			return slices.Equal(refs, []string{"@a3.7", "@file:ci/build-77#L120-188"})
		}},
	})
}

// Group 2: parser: v1.1 additions.
func TestRef02ParserAdditions(t *testing.T) {
	needParser(t)
	c := parseAll(refClinical)
	a := parseAll(refAuction)
	if len(c) != 2 || len(a) != 4 {
		t.Fatalf("got %d and %d messages", len(c), len(a))
	}
	rosettaref.Run(t, []rosettaref.Check{
		{"`part` act", func() bool { return c[0].Header.Act == "part" }},
		{"sens= and ttl=", func() bool { return field(c[0], "sens") == "phi" && field(c[0], "ttl") == "20m" }},
		{"at= parsed as a timestamp", func() bool { return strings.Contains(field(c[0], "at"), "T09:40") }},
		{"role routing", func() bool { return slices.Equal(targets(c[1]), []string{"@role:physician"}) }},
		{"pri=block", func() bool { return field(c[1], "pri") == "block" }},
		{"want as act alternation", func() bool {
			ws, ok := slotOf(c[1], "want").(*ir.ShapeSlot)
			return ok && slices.Equal(ws.Shape.Acts, []string{"accept", "reject"})
		}},
		{"assume binding parsed", func() bool { b := bindings(c[0], "assume"); return len(b) > 0 && b[0].Key == "height_cm" }},
		{"keys stay ASCII (machine-facing); values carry any language", func() bool {
			b := bindings(c[0], "assume")
			return len(b) > 0 && strings.Contains(b[0].Value, "typical adult height")
		}},
		{"role + thd", func() bool {
			return slices.Equal(targets(a[0]), []string{"@role:encoder"}) && field(a[0], "thd") == "batch4"
		}},
		{"sub decomposition", func() bool { return slices.Equal(bindingKeys(a[0], "sub"), []string{"s1", "s2", "s3"}) }},
		{"sub dependency via on=", func() bool { b := bindings(a[0], "sub"); return len(b) > 1 && strings.Contains(b[1].Value, "on=s1") }},
		{"failure code extracted from why", func() bool {
			return strings.HasPrefix(slotOf(a[2], "why").Head().Raw, "unsupported ")
		}},
	})
}

// Group 3: broadcast / topic routing.
func TestRef03BroadcastTopicRouting(t *testing.T) {
	needParser(t)
	rosettaref.Run(t, []rosettaref.Check{
		{"topic + group targets", func() bool {
			return slices.Equal(targets(parseMsg("a1.30 ask a1>#release.go_nogo,@grp:jury\n q go?\n unk []")), []string{"#release.go_nogo", "@grp:jury"})
		}},
		{"broadcast target", func() bool { return slices.Equal(targets(parseMsg("a1.31 note a1>*\n txt \"hi\"")), []string{"*"}) }},
	})
}

// Group 4: canonical form is idempotent.
func TestRef04CanonicalIdempotent(t *testing.T) {
	needParser(t)
	canon := func(src string) string {
		res := compiler.Parse("t.rose", []byte(src), compiler.Options{From: ir.Rosetta})
		out, ds := compiler.Format(res, compiler.FormatOptions{Terse: true})
		if ds.HasErrors() {
			return "<" + ds.String() + ">"
		}
		return string(out)
	}
	var cs []rosettaref.Check
	for _, s := range []struct{ name, src string }{{"incident", refIncident}, {"clinical", refClinical}, {"auction", refAuction}} {
		cs = append(cs, rosettaref.Check{"canonical(canonical(x)) == canonical(x)  [" + s.name + "]", func() bool {
			once := canon(s.src)
			return canon(once) == once
		}})
	}
	rosettaref.Run(t, cs)
}

// Group 5: tolerant parsing of messy LLM output.
func TestRef05TolerantParsing(t *testing.T) {
	needParser(t)
	mm := parseMsg(refMessy)
	for _, m := range parseAll(refMessy) {
		if !m.Degraded {
			mm = m
		}
	}
	cjk := parseMsg("a1.15 tell a1>a3\n a note = 上升，但幅度有限（约 12%）：需复核 ~mid\n unk [基线，采样窗口]")
	fw := parseMsg("a1.16 tell a1＞a3 ＃topic\n a x ＝ 1 ～hi\n unk []")
	rosettaref.Run(t, []rosettaref.Check{
		{"recovers header from fenced/prefixed prose", func() bool { return mm.Header != nil && mm.Header.Act == "tell" && mm.Header.ID.Text == "a1.14" }},
		{"recovers bindings", func() bool { return slices.Equal(bindingKeys(mm, "a"), []string{"cause", "fix"}) }},
		{"recovers slots past fullwidth colon and bullets", func() bool { return slotOf(mm, "why") != nil && slotOf(mm, "unk") != nil }},
		{"total degradation wraps as note+nl", func() bool { return parseMsg("just some prose").Degraded }},
		{"fullwidth punctuation inside values is preserved verbatim, not rewritten", func() bool {
			b := bindings(cjk, "a")
			return len(b) > 0 && b[0].Value == "上升，但幅度有限（约 12%）：需复核"
		}},
		{"fullwidth comma still works as a structural list separator", func() bool {
			return slices.Equal(listItems(cjk, "unk"), []string{"基线", "采样窗口"})
		}},
		{"fullwidth accepted at structural positions", func() bool {
			b := bindings(fw, "a")
			return slices.Equal(targets(fw), []string{"a3"}) && fw.Header.Topic == "topic" && len(b) > 0 && b[0].Conf != nil && b[0].Conf.Kind == "hi"
		}},
	})
}

// Group 6: invariant I-10: the parser never emits a slot outside the frozen set.
func TestRef06SlotSetClosed(t *testing.T) {
	needParser(t)
	probes := []string{refIncident, refClinical, refAuction, refMessy, "just some prose with no header at all",
		"a1.1 note a1>a3\n a stray line with no slot name at all\n unk []"}
	rosettaref.Run(t, []rosettaref.Check{
		{"every produced slot key is in SLOTS", func() bool {
			for _, p := range probes {
				for _, m := range parseAll(p) {
					for _, s := range m.Slots {
						if !slices.Contains(coreSlots, s.Head().Key) {
							return false
						}
					}
				}
			}
			return true
		}},
		{"the total-degradation path produces a real `txt` block, not a phantom slot", func() bool {
			m := parseMsg("just some prose")
			return len(m.Slots) > 0 && m.Slots[0].Head().Key == "txt"
		}},
	})
}

// Group 7 (parser half): content plane.
func TestRef07ContentPlaneParser(t *testing.T) {
	needParser(t)
	doc := parseMsg("a2.7 tell a2>a1 #ch1\n txt src @md/en v=orig\n | The lighthouse keeper insisted.\n |\n | He was the last man.\n txt tgt @md/zh v=draft3\n | 灯塔看守人坚称。\n mark tgt#L1.c0-5 = x ~hi\n      tgt#L3 > \"y\" ~mid\n      src#p2 = z ~hi\n a    faithful != literal ~hi\n unk  []")
	block := func(m *ir.Message, name string) *ir.Block {
		for _, s := range m.Slots {
			if b, ok := s.(*ir.BlockSlot); ok && b.Block.Name == name {
				return b.Block
			}
		}
		return &ir.Block{}
	}
	var marks []*ir.Mark
	for _, s := range doc.Slots {
		if ms, ok := s.(*ir.MarkSlot); ok {
			marks = append(marks, ms.Marks...)
		}
	}
	vb := block(parseMsg("a1.1 tell a1>a3\n txt body\n |   两个前导空格，全角逗号，＝＞～＃ 都不该被改写\n | ```not a fence```\n | a9.9 note a9>a1   <- looks like a header, is content\n unk []"), "body")
	rosettaref.Run(t, []rosettaref.Check{
		{"multiple named blocks in one message", func() bool { return block(doc, "src").Name == "src" && block(doc, "tgt").Name == "tgt" }},
		{"block format/lang tags", func() bool { return block(doc, "tgt").Lang == "zh" && block(doc, "tgt").Fmt == "md" }},
		{"block attributes", func() bool { v, _ := block(doc, "tgt").Attr("v"); return v == "draft3" }},
		{"blank content line preserved as `|`", func() bool { l := block(doc, "src").Lines; return len(l) == 3 && l[1].Text == "" }},
		{"annotate vs propose-replacement", func() bool {
			return len(marks) == 3 && marks[0].Op == '=' && marks[1].Op == '>' && marks[2].Op == '='
		}},
		{"marks carry confidence", func() bool { return len(marks) == 3 && marks[1].Conf != nil && marks[1].Conf.Kind == "mid" }},
		{"negated binding `key != value`", func() bool { b := bindings(doc, "a"); return len(b) > 0 && b[0].Neg }},
		{"content is verbatim: whitespace, fullwidth punctuation, structural chars", func() bool {
			return len(vb.Lines) > 0 && vb.Lines[0].Text == "  两个前导空格，全角逗号，＝＞～＃ 都不该被改写"
		}},
		{"markdown fences inside a block survive", func() bool { return len(vb.Lines) > 1 && vb.Lines[1].Text == "```not a fence```" }},
		{"a header-shaped content line cannot break out", func() bool { return len(vb.Lines) > 2 && strings.HasPrefix(vb.Lines[2].Text, "a9.9 note") }},
		{"the block ends where `|` stops — no delimiter to collide with", func() bool { return len(vb.Lines) == 3 }},
	})
}

// Group 17 (parser half): compact msg-ids and elided headers.
func TestRef17CompactIDsParser(t *testing.T) {
	needParser(t)
	ms := parseAll("a1.2 do a1>@role:sre #inc.1\n q go\n want {cause}\n\na4.2 done re=a1.2\n a cause = X ~hi\n unk []")
	rosettaref.Run(t, []rosettaref.Check{
		{"a slot line is never mistaken for a header (a msg-id must carry a sequence)", func() bool {
			return slotOf(parseMsg("a1.1 tell a1>a3\n a note = x ~hi\n unk []"), "a") != nil
		}},
		{"dotted msg-id splits", func() bool {
			m := parseMsg("a1.7 tell a1>a3\n unk []")
			return m.Header.ID.Agent == "a1" && m.Header.ID.Seq == "7"
		}},
		{"compact msg-id splits at the letter/digit boundary", func() bool {
			m := parseMsg("planner7 tell >a3 #t\n a x = 1 ~hi\n unk []")
			return m.Header.ID.Agent == "planner" && m.Header.ID.Seq == "7"
		}},
		{"an elided sender is taken from the msg-id", func() bool { return parseMsg("planner7 tell >a3 #t\n unk []").Header.Sender == "planner" }},
		{"an elided route and topic are inherited from the message being answered", func() bool {
			return len(ms) == 2 && slices.Equal(targets(ms[1]), []string{"a1"}) && ms[1].Header.Topic == "inc.1" && ms[1].InheritedTo && ms[1].InheritedTopic
		}},
		{"canonical form keeps them elided rather than re-expanding them", func() bool {
			res := compiler.Parse("t.rose", []byte("a1.2 do a1>@role:sre #inc.1\n q go\n want {cause}\n\na4.2 done re=a1.2\n a cause = X ~hi\n unk []"), compiler.Options{From: ir.Rosetta})
			out, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
			return strings.Contains(string(out), "\na4.2 done re=a1.2\n")
		}},
	})
}

// renderer reports whether a Rosetta renderer is registered.
func renderer(t *testing.T) func(src, lang, view string) string {
	t.Helper()
	render := func(src, lang, view string) string {
		// Check, as `rosettac render` does: marks are drawn from their resolution.
		res := compiler.Check("t.rose", []byte(src), compiler.Options{From: ir.Rosetta})
		out, _ := text.Render(res.Doc, text.Options{Lang: lang, View: view})
		return string(out)
	}
	if render("a1.1 note a1>a3\n txt \"x\"", "en", "full") == "" {
		t.Skip("no Rosetta renderer registered")
	}
	return render
}

// The rendering assertions of groups 8, 9, 17 and 19.
func TestRef08To19Rendering(t *testing.T) {
	needParser(t)
	render := renderer(t)
	win := "a1.8 tell a1>a3\n txt ch @md/zh src=@sha256:ab3f win=L38-46\n | 第 38 行。\n | 第 39 行有个双关。\n | 第 40 行。\n unk []"
	rosettaref.Run(t, []rosettaref.Check{
		{"an orphaned mark is rendered as orphaned, never dropped", func() bool {
			return strings.Contains(render("a1.7 tell a1>a3\n txt t\n | 甲。\n mark t#q\"没了\" > \"x\" ~hi\n unk []", "zh", "full"), "失锚")
		}},
		{"an elided block renders as elided, not as an empty block", func() bool {
			return strings.Contains(render("a1.9 tell a1>a3\n txt ch @md/zh src=@sha256:ab3f\n unk []", "zh", "full"), "地址仍然有效")
		}},
		{"windowed blocks render with their absolute line numbers", func() bool {
			z := render(win, "zh", "full")
			return strings.Contains(z, "第 38–46 行") && strings.Contains(z, "  38 │ 第 38 行。")
		}},
		{"but the human rendering shows them in full", func() bool {
			e := render("a1.2 do a1>@role:sre #inc.1\n q go\n want {cause}\n\na4.2 done re=a1.2\n a cause = X ~hi\n unk []", "en", "full")
			return strings.Contains(e, "a4 → a1") && strings.Contains(e, "#inc.1")
		}},
		{"a `def` message round-trips without dropping its first binding", func() bool {
			src := "a1.0 def a1>* #sys.hello\n dialect = rosetta/2.0\n profile = craft/1.0 @sha256:9ab41c\n conform = R2c"
			res := compiler.Parse("t.rose", []byte(src), compiler.Options{From: ir.Rosetta})
			out, _ := compiler.Format(res, compiler.FormatOptions{Terse: true})
			return slices.Equal(bindingKeys(parseMsg(string(out)), "a"), []string{"dialect", "profile", "conform"})
		}},
	})
}

// Group 20: rendering.
func TestRef20Rendering(t *testing.T) {
	needParser(t)
	render := renderer(t)
	inc := strings.Split(strings.TrimSpace(refIncident), "\n\n")
	cli := strings.Split(strings.TrimSpace(refClinical), "\n\n")
	auc := strings.Split(strings.TrimSpace(refAuction), "\n\n")
	m0, m1, c0, c1, fail := inc[0], inc[1], cli[0], cli[1], auc[2]
	has := func(s string, subs ...string) bool {
		for _, x := range subs {
			if !strings.Contains(s, x) {
				return false
			}
		}
		return true
	}
	rosettaref.Run(t, []rosettaref.Check{
		{"zh render carries value + confidence", func() bool { return has(render(m1, "zh", "full"), "把握低", "25m") }},
		{"en render carries value + confidence", func() bool { return has(render(m1, "en", "full"), "low confidence", "commit c07d") }},
		{"refs are rendered, not left raw", func() bool { return has(render(m1, "en", "full"), "issue 318") }},
		{"pri/sens surface in the human header", func() bool { return has(render(c1, "zh", "full"), "阻塞等待", "含医疗信息") }},
		{"role targets render", func() bool { return has(render(c1, "zh", "full"), "角色 physician") }},
		{"at= renders as an observation time", func() bool { return has(render(c0, "zh", "full"), "观测于") }},
		{"the failure code renders as prose once, not twice", func() bool {
			z := render(fail, "zh", "full")
			return has(z, "不具备该能力（unsupported）") && !strings.Contains(z, "unsupported no hardware")
		}},
		{"no redundant parenthetical in English", func() bool { return !strings.Contains(render(fail, "en", "full"), "unsupported (unsupported)") }},
		{"the failure line states what an orchestrator must do", func() bool {
			return has(render("a1.2 fail a1>a3\n why unsafe refusing a bulk delete\n unk []", "zh", "full"), "须升级到人")
		}},
		{"an empty `unk` renders as the assertion it is, not `[]`", func() bool { return has(render(fail, "zh", "full"), "（已声明：无）") }},
		{"no trailing whitespace on rendered lines", func() bool {
			for _, l := range strings.Split(render("a1.1 tell a1>a3\n txt t\n | 甲\n |\n | 乙\n unk []", "zh", "full"), "\n") {
				if strings.TrimRight(l, " ") != l {
					return false
				}
			}
			return true
		}},
		{"a blank content line still renders as a numbered empty row", func() bool {
			blk := render("a1.1 tell a1>a3\n txt t\n | 甲\n |\n | 乙\n unk []", "zh", "full")
			if !strings.Contains(blk, "│ 甲") {
				return false
			}
			for _, l := range strings.Split(blk, "\n") {
				if strings.HasSuffix(strings.TrimRight(l, " "), "│") {
					return true
				}
			}
			return false
		}},
		{"decision view filters to the decision-relevant slots", func() bool {
			d := render(m1, "zh", "decision")
			return strings.Contains(d, "答案") && !strings.Contains(d, "依据")
		}},
		{"audit view keeps the evidence chain and drops the rest", func() bool {
			a := render(m1, "zh", "audit")
			return has(a, "依据", "未知") && !strings.Contains(a, "风险")
		}},
		{"audit view keeps ctx when present", func() bool { return has(render(m0, "zh", "audit"), "上下文") }},
		{"blocks render as numbered verbatim text", func() bool {
			return has(render(rosettaref.Content, "zh", "full"), "正文 tgt", "1 │ 渡轮领航员")
		}},
		{"marks render as margin notes quoting their span", func() bool {
			return has(render(rosettaref.Content, "zh", "full"), "「渡轮领航员」职称按 GLOSS v2 译")
		}},
		{"proposed replacements render distinctly from annotations", func() bool { return has(render(rosettaref.Content, "zh", "full"), "▶ L3 改为", "▲ L1.c0-5") }},
		{"negated bindings render as negations", func() bool { return has(render(rosettaref.Content, "zh", "full"), "并非 formal") }},
		{"`clean` view yields the text with no overlay — the deliverable itself", func() bool {
			c := render(rosettaref.Content, "zh", "clean")
			return strings.Contains(c, "渡轮领航员") && !strings.Contains(c, "GLOSS v2")
		}},
	})
}

// The reference's tests/test_agentrosetta.py: of its tests that do not read
// bench/ or samples/, test_self_test_suite_passes is the whole of this file
// and compiler/reference_test.go; test_demo_runs_clean is this one: the
// demos' transcripts, rendered in every language and the views the demos
// use, have no trailing whitespace.
func TestRefDemoRunsClean(t *testing.T) {
	needParser(t)
	render := renderer(t)
	for _, src := range []string{refIncident, refClinical, refAuction, rosettaref.Content} {
		for _, lang := range []string{"zh", "en"} {
			for _, view := range []string{"full", "human_task", "content", "clean"} {
				for i, l := range strings.Split(render(src, lang, view), "\n") {
					if strings.TrimRight(l, " \t") != l {
						t.Errorf("%s/%s line %d has trailing whitespace: %q", lang, view, i+1, l)
					}
				}
			}
		}
	}
}
