package rosetta

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func parse(t *testing.T, src string) (*ir.Transcript, diag.List) {
	t.Helper()
	tr, ds := Parse(diag.NewSource("t.rose", []byte(src)))
	for _, m := range tr.Messages {
		if !m.Span.IsValid() {
			t.Errorf("message without a span")
		}
	}
	return tr, ds
}

func TestHeaders(t *testing.T) {
	tests := []struct {
		line                  string
		id, agent, act        string
		sender, targets       string
		topic, fields         string
		compact, routeWritten bool
	}{
		{"a1.13 tell a1>a3 re=a3.12 #CKO.5xx", "a1.13", "a1", "tell", "a1", "a3", "CKO.5xx", "re=a3.12", false, true},
		{"obs7 tell >a3", "obs7", "obs", "tell", "obs", "a3", "", "", true, true},
		{"rel3 done re=cmd2", "rel3", "rel", "done", "rel", "", "", "re=cmd2", true, false},
		{"a1.6 do a1>@grp:counsel,@role:x,@tool:sql,*,#ops,b2 #msa.acme sens=privileged", "a1.6", "a1", "do", "a1",
			"@grp:counsel @role:x @tool:sql * #ops b2", "msa.acme", "sens=privileged", false, true},
		{"a4.2 done > re=zz1", "a4.2", "a4", "done", "a4", "", "", "re=zz1", false, true},
		{"a1.2 tell a1 > a2 , a3 re = a0.1 x_trace=80c6 pri=high", "a1.2", "a1", "tell", "a1", "a2 a3", "", "re=a0.1 x_trace=80c6 pri=high", false, true},
		{"a1.2 tell a1＞a2，a3 ＃t re＝a0.1", "a1.2", "a1", "tell", "a1", "a2 a3", "t", "re=a0.1", false, true},
		{"  a2.40 part a2>a1 #triage.bed7 sens=phi at=@t:2026-08-26T14:02Z ttl=15m", "a2.40", "a2", "part", "a2", "a1", "triage.bed7", "sens=phi at=@t:2026-08-26T14:02Z ttl=15m", false, true},
	}
	for _, tc := range tests {
		tr, _ := parse(t, tc.line+"\n q x\n")
		if len(tr.Messages) != 1 || tr.Messages[0].Header == nil || tr.Messages[0].Degraded {
			t.Errorf("%q: not read as one message", tc.line)
			continue
		}
		h := tr.Messages[0].Header
		var tg, fs []string
		for _, x := range h.Targets {
			tg = append(tg, x.Text)
		}
		for _, f := range h.Fields {
			fs = append(fs, f.Key+"="+f.Value)
		}
		got := []string{h.ID.Text, h.ID.Agent, h.Act, h.Sender, strings.Join(tg, " "), h.Topic, strings.Join(fs, " ")}
		want := []string{tc.id, tc.agent, tc.act, tc.sender, tc.targets, tc.topic, tc.fields}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%q (-want +got):\n%s", tc.line, d)
		}
		if h.ID.Compact != tc.compact || h.RouteWritten != tc.routeWritten {
			t.Errorf("%q: compact=%v route=%v", tc.line, h.ID.Compact, h.RouteWritten)
		}
	}
}

// A line that starts with an id and an act, and goes on with prose rather
// than header syntax, is not a header (conformance P1).
func TestNotHeaders(t *testing.T) {
	for _, line := range []string{
		"step2 done before the rollback",
		"v2 note the drift",
		"planner tell planner>a3", // no sequence
		"a1>a2#t tell",
		"A1.2 tell >a2",
		"a1 Tell me more",               // a capitalised act, then prose
		"a1.2 tel me more",              // a misspelt act, then prose
		"**bold** text about a1.2 tell", // emphasis, not around a header
	} {
		src := "a1.1 tell >a2\n why first\n" + line + "\n"
		tr, _ := parse(t, src)
		if n := len(tr.Messages); n != 1 {
			t.Errorf("%q: read as %d messages, want 1", line, n)
			continue
		}
		why := tr.Messages[0].Slots[0].(*ir.PlainSlot)
		if !strings.HasSuffix(why.Text, trimWS(line)) {
			t.Errorf("%q: not a continuation; why = %q", line, why.Text)
		}
	}
}

func TestSlots(t *testing.T) {
	src := `a1.13 tell a1>a3 re=a3.12
 a     cause = @commit:9f2a lowered http.timeout 30s>3s   ~hi
       fix   = revert @commit:9f2a                        ~mid
       eta   = 12m ~lo
       who ! = x
       n != 3 ~?
       k = !deploy now ~0.85
       cont = first part
         second part ~lo
 why   @file:log/2f9c#L487 timeouts start 14:02
       A line that stays prose
       On the other hand, still prose ~mid
 - unk: [who approved 9f2a， whether other services hit this]
 1. opt 【a, b】 ~lo
 want  {cause, fix, eta?: dur, verdict: one_of[a|b], unk}
 ctx   @a3.7, @file:log/2f9c#L440-512 and @#CKO.5xx.
 risk：reverting is risky ～mid
`
	tr, ds := parse(t, src)
	m := tr.Messages[0]
	var keys []string
	for _, s := range m.Slots {
		keys = append(keys, s.Head().Key)
	}
	if d := cmp.Diff([]string{"a", "why", "unk", "opt", "want", "ctx", "risk"}, keys); d != "" {
		t.Fatalf("slot keys (-want +got):\n%s", d)
	}
	a := m.Slots[0].(*ir.BindingSlot)
	type bind struct {
		Key, Value, Conf string
		Neg, Commit      bool
	}
	var got []bind
	for _, b := range a.Bindings {
		c := ""
		if b.Conf != nil {
			c = b.Conf.Kind
		}
		got = append(got, bind{b.Key, b.Value, c, b.Neg, b.Commit()})
	}
	want := []bind{
		{"cause", "@commit:9f2a lowered http.timeout 30s>3s", "hi", false, false},
		{"fix", "revert @commit:9f2a", "mid", false, false},
		{"eta", "12m", "lo", false, false},
		{"n", "3", "?", true, false},
		{"k", "!deploy now", "0.85", false, true},
		{"cont", "first part second part", "lo", false, false},
	}
	// "who ! = x" is not a binding: it continues eta.
	want[2].Value = "12m who ! = x"
	want[2].Conf = "lo"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("bindings (-want +got):\n%s", d)
	}
	why := m.Slots[1].(*ir.PlainSlot)
	if why.Conf == nil || why.Conf.Kind != "mid" || !strings.Contains(why.Text, "A line that stays prose") {
		t.Errorf("why = %q %v", why.Text, why.Conf)
	}
	unk := m.Slots[2].(*ir.ListSlot)
	if len(unk.Items) != 2 || unk.Items[1].Text != "whether other services hit this" || !unk.Bracketed {
		t.Errorf("unk = %+v", unk.Items)
	}
	opt := m.Slots[3].(*ir.ListSlot)
	if len(opt.Items) != 2 || opt.Conf == nil || opt.Conf.Kind != "lo" {
		t.Errorf("opt = %+v %v", opt.Items, opt.Conf)
	}
	want4 := m.Slots[4].(*ir.ShapeSlot).Shape
	if d := cmp.Diff("{cause, fix, eta?: dur, verdict: one_of[a|b], unk}", ShapeString(want4)); d != "" {
		t.Errorf("shape: %s", d)
	}
	if !want4.Fields[4].IsSlot || !want4.Fields[2].Optional {
		t.Errorf("shape fields: %+v", want4.Fields)
	}
	var refs []string
	for _, r := range m.Slots[5].Head().Refs {
		refs = append(refs, r.Text)
	}
	if d := cmp.Diff([]string{"@a3.7", "@file:log/2f9c#L440-512", "@#CKO.5xx"}, refs); d != "" {
		t.Errorf("refs: %s", d)
	}
	risk := m.Slots[6].(*ir.PlainSlot)
	if risk.Text != "reverting is risky" || risk.Conf == nil || risk.Conf.Kind != "mid" {
		t.Errorf("risk = %q %v", risk.Text, risk.Conf)
	}
	if d := cmp.Diff([]string{"P007", "P007", "P007"}, codes(ds, "P007")); d != "" {
		t.Errorf("decoration diagnostics: %s", d)
	}
}

func codes(ds diag.List, only string) []string {
	var out []string
	for _, d := range ds {
		if d.Code == only {
			out = append(out, d.Code)
		}
	}
	return out
}

func TestBlocksAndMarks(t *testing.T) {
	src := "a2.7 tell a2>a1 #ch1\n" +
		" txt tgt @md/zh v=draft3 src=@sha256:ab3f win=L38-46\n" +
		" | 灯塔看守人坚称，这里。\n" +
		" |\n" +
		" |   indented\ttab  \n" +
		" txt \"one line\"\n" +
		" txt ch @md/en src=@sha256:ab3f\n" +
		" mark tgt#L1.c0-5|q\"灯塔看守人\" = must use the GLOSS name here   ~hi\n" +
		"      tgt#L3|q\"最不该\"@2 > \"谁都不会去问他。\"            ~mid\n" +
		"      src#p2-4|c40-88|L3-7 = the order\n" +
		"      continued here ~lo\n" +
		"      @a2.7.tgt#L1 = other\n" +
		"      @obs7@orig.tgt = orig\n" +
		"      scan#box=120,340,180,410 = density ~mid\n"
	tr, _ := parse(t, src)
	m := tr.Messages[0]
	b := m.Slots[0].(*ir.BlockSlot).Block
	if b.Name != "tgt" || b.Fmt != "md" || b.Lang != "zh" || len(b.Attrs) != 3 || len(b.Lines) != 3 {
		t.Fatalf("block = %+v", b)
	}
	if b.Lines[2].Text != "  indented\ttab  " || b.Lines[1].Text != "" {
		t.Errorf("content lines changed: %q", b.Lines[2].Text)
	}
	in := m.Slots[1].(*ir.BlockSlot).Block
	if !in.Inline || len(in.Lines) != 1 || in.Lines[0].Text != "one line" || in.Name != "body" {
		t.Errorf("inline = %+v", in)
	}
	el := m.Slots[2].(*ir.BlockSlot).Block
	if len(el.Lines) != 0 || el.Name != "ch" {
		t.Errorf("elided = %+v", el)
	}
	marks := m.Slots[3].(*ir.MarkSlot).Marks
	if len(marks) != 6 {
		t.Fatalf("%d marks", len(marks))
	}
	s0 := marks[0].Addr.Selectors
	if len(s0) != 2 || s0[0].Kind != ir.SelLine || !s0[0].HasCol || s0[0].ColTo != 5 || s0[1].Kind != ir.SelQuote || s0[1].Quote != "灯塔看守人" {
		t.Errorf("selectors = %+v", s0)
	}
	if marks[1].Op != '>' || marks[1].Addr.Selectors[1].Occ != 2 || marks[1].Value != `"谁都不会去问他。"` {
		t.Errorf("mark 2 = %+v", marks[1])
	}
	s2 := marks[2].Addr.Selectors
	if s2[0].Kind != ir.SelPara || s2[0].To != 4 || s2[1].Kind != ir.SelChar || s2[2].Kind != ir.SelLine || s2[2].To != 7 {
		t.Errorf("selectors 3 = %+v", s2)
	}
	if marks[2].Value != "the order continued here" || marks[2].Conf.Kind != "lo" {
		t.Errorf("continued mark = %q", marks[2].Value)
	}
	if marks[3].Addr.Msg != "a2.7" || marks[4].Addr.Msg != "obs7" || !marks[4].Addr.Orig {
		t.Errorf("message addresses: %+v %+v", marks[3].Addr, marks[4].Addr)
	}
	// the image region mark is not split at the '=' of box= (reference §h 26)
	tr2, _ := parse(t, "a1.1 tell >a2\n mark scan#box=120,340,180,410 = density ~mid\n")
	mk := tr2.Messages[0].Slots[0].(*ir.MarkSlot).Marks[0]
	if mk.Addr.Selectors[0].Kind != ir.SelBox || mk.Value != "density" {
		t.Errorf("box mark = %+v", mk)
	}
}

// TestMarkNoteOnLaterLines: a mark that ends its line with its operator carries
// its note on the more indented lines after it, even when a line of the note
// starts with a slot name ("a miss ..."); the next address starts the next
// mark, and a line at the slot's own indentation starts a slot (issue 20).
func TestMarkNoteOnLaterLines(t *testing.T) {
	src := "rev1 note re=dev1\n" +
		" mark  @dev1.patch#L7|q\"while tries < limit\" =\n" +
		"       loops forever when limit is zero, because tries starts\n" +
		"       at zero and is never compared again ~hi\n" +
		"       @dev1.patch#L12|q\"return cache[key]\" >\n" +
		"       a miss raises instead of falling back ~mid\n" +
		"       @dev1.patch#L13 =\n" +
		" why   read the patch\n"
	tr, ds := parse(t, src)
	m := tr.Messages[0]
	if len(ds) != 0 {
		t.Errorf("diagnostics: %v", ds.Codes())
	}
	var keys []string
	for _, s := range m.Slots {
		keys = append(keys, s.Head().Key)
	}
	if d := cmp.Diff([]string{"mark", "why"}, keys); d != "" {
		t.Fatalf("slots (-want +got):\n%s", d)
	}
	type note struct{ Addr, Op, Value, Conf string }
	var got []note
	for _, mk := range m.Slots[0].(*ir.MarkSlot).Marks {
		c := ""
		if mk.Conf != nil {
			c = mk.Conf.Kind
		}
		got = append(got, note{mk.Addr.Text, string(mk.Op), mk.Value, c})
	}
	want := []note{
		{`@dev1.patch#L7|q"while tries < limit"`, "=", "loops forever when limit is zero, because tries starts at zero and is never compared again", "hi"},
		{`@dev1.patch#L12|q"return cache[key]"`, ">", "a miss raises instead of falling back", "mid"},
		{"@dev1.patch#L13", "=", "", ""},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("marks (-want +got):\n%s", d)
	}
	// A note that already has its text on the mark's line is not open: a
	// slot line after it, however indented, is a slot (the reference's rule).
	tr, _ = parse(t, "a1.1 note >b\n mark t#L1 = short ~hi\n      a k = v ~hi\n")
	if n := len(tr.Messages[0].Slots); n != 2 {
		t.Errorf("closed note: %d slots, want mark and a", n)
	}
}

// TestListThenProse: a prose line after `unk [...]` continues the slot as
// prose: the list ends at its own bracket (no P005), its items and ~conf are
// the list's, and the prose is kept as written (issue 20).
func TestListThenProse(t *testing.T) {
	tests := []struct {
		src, items, conf, prose string
	}{
		{" unk  [who approved it, TBD]\n On the other hand, the logs, say so.\n", "who approved it|TBD", "", "On the other hand, the logs, say so."},
		{" unk  [who approved it,\n       TBD] ~lo\n       and more, later\n", "who approved it|TBD", "lo", "and more, later"},
		{" unk  [] checked twice, nothing else\n", "", "", "checked twice, nothing else"},
		{" unk  [a[1], b]\n", "a[1]|b", "", ""},
		{" unk  [a, b] ~mid\n", "a|b", "mid", ""},
	}
	for _, tc := range tests {
		tr, ds := parse(t, "a1.1 tell >b\n a k = v ~hi\n"+tc.src)
		for _, d := range ds {
			if d.Code == CodeUnclosed {
				t.Errorf("%q: %s %s", tc.src, d.Code, d.Message)
			}
		}
		ls := tr.Messages[0].Slots[1].(*ir.ListSlot)
		var items []string
		for _, it := range ls.Items {
			items = append(items, it.Text)
		}
		conf := ""
		if ls.Conf != nil {
			conf = ls.Conf.Kind
		}
		got := []string{strings.Join(items, "|"), conf, ls.Prose}
		if d := cmp.Diff([]string{tc.items, tc.conf, tc.prose}, got); d != "" {
			t.Errorf("%q (-want +got):\n%s", tc.src, d)
		}
	}
}

func TestRecoveries(t *testing.T) {
	tests := []struct {
		name, src string
		codes     []string
	}{
		{"prose only", "Just some prose.\nNo header here.\n", []string{"P001"}},
		{"prose around", "Sure, here it is:\n```\na1.1 tell >a2\n q x\n```\nHope that helps.\n", []string{"P002", "P006", "P002"}},
		{"leading text", "a1.1 tell >a2\nsome text first\n why x\n", []string{"P003"}},
		{"stray pipe", "a1.1 tell >a2\n | content\n why x\n", []string{"P004"}},
		{"stray pipe after slot", "a1.1 tell >a2\n why x\n | content\n", []string{"P004"}},
		{"unclosed list", "a1.1 tell >a2\n unk [a, b\n", []string{"P005"}},
		{"unclosed shape", "a1.1 ask >a2\n want {a, b\n", []string{"P005"}},
		{"unclosed inline", "a1.1 tell >a2\n txt \"never closed\n", []string{"P005"}},
		{"unclosed quote in mark", "a1.1 tell >a2\n txt b\n | x\n mark b#q\"x = y\n", []string{"P005", "P010"}},
		{"decoration", "a1.1 tell >a2\n - why: x\n", []string{"P007"}},
		{"fullwidth", "a1.1 tell a1＞a2\n a k ＝ v ～hi\n", []string{"P008", "P008"}},
		{"bad block head", "a1.1 tell >a2\n txt Draft Two\n | x\n", []string{"P009"}},
		{"loose binding text", "a1.1 tell >a2\n a the results:\n   k = v\n", []string{"P010"}},
		{"two topics", "a1.1 tell >a2 #a #b\n", []string{"P011"}},
		{"bare line in block", "a1.1 tell >a2\n txt b\n | x\n forgot the pipe\n", []string{"P012"}},
		{"bad want", "a1.1 ask >a2\n want a summary please\n", []string{"P013"}},
		{"nfc", "a1.1 tell >a2\n why cafe\u0301\n", []string{"P014"}},
		{"near header: non-ASCII topic", "a1.1 tell >a2\n why x\n\na1.2 ask a1>b2 #翻译\n q y\n", []string{"P020"}},
		{"near header: stray word", "a1.1 ask a1>b2 extra words\n q y\n", []string{"P019", "P019"}},
		{"near header: unknown field", "a1.1 tell >a2\n why x\na1.2 tell re=a1.1 foo=bar\n", []string{"P019"}},
		{"prose that starts like a header", "a1.1 tell >a2\n why x\n\nstep2 done before the rollback\n", []string{"P002"}},
		{"clean", "a1.1 tell >a2\n why x\n", nil},
	}
	for _, tc := range tests {
		_, ds := parse(t, tc.src)
		if d := cmp.Diff(tc.codes, ds.Codes(), cmp.Comparer(func(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") })); d != "" {
			t.Errorf("%s: codes (-want +got):\n%s", tc.name, d)
		}
		for _, d := range ds {
			if !d.Span.IsValid() || d.Hint == "" {
				t.Errorf("%s: %s has no span or hint", tc.name, d.Code)
			}
		}
		roundTrip(t, tc.name, tc.src)
	}
}

func TestProseKept(t *testing.T) {
	src := "Intro line\n\na1.1 tell >a2\n why x\n\nThis is prose between.\n  and more\n\na1.2 tell >a2\n"
	tr, _ := parse(t, src)
	if len(tr.Messages) != 2 || len(tr.Prose) != 2 {
		t.Fatalf("%d messages, %d prose", len(tr.Messages), len(tr.Prose))
	}
	if tr.Prose[1].Text != "This is prose between.\n  and more" {
		t.Errorf("prose = %q", tr.Prose[1].Text)
	}
	out := string(Print(tr, true))
	if !strings.Contains(out, "This is prose between.\n  and more\n") || !strings.HasPrefix(out, "Intro line\n") {
		t.Errorf("prose not printed verbatim:\n%s", out)
	}
}

func TestDef(t *testing.T) {
	src := "a1.0 def a1>* #sys.hello\n dialect  = rosetta/2.1\n NOPE != x ~lo\n CKO = the checkout service\n   continued\n"
	tr, _ := parse(t, src)
	a := tr.Messages[0].Slots[0].(*ir.BindingSlot)
	if len(a.Bindings) != 3 || !a.Bindings[1].Neg || a.Bindings[2].Value != "the checkout service continued" {
		t.Errorf("def bindings = %+v", a.Bindings)
	}
	// The implicit a slot spans every def line, through the last one.
	if got, want := src[a.Span.StartOffset():a.Span.EndOffset()], strings.TrimSpace(src[strings.Index(src, "dialect"):]); got != want {
		t.Errorf("def slot spans %q, want %q", got, want)
	}
	out := string(Print(tr, true))
	if want := "a1.0 def >* #sys.hello\n dialect = rosetta/2.1\n NOPE    != x ~lo\n CKO     = the checkout service continued\n"; out != want {
		t.Errorf("def printed as\n%s\nwant\n%s", out, want)
	}
}

func TestGrammarString(t *testing.T) {
	g := Grammar()
	for _, want := range []string{"HeaderLine", "<id>", "<route>", "<inline>", "<sel>", "KeyContract"} {
		if !strings.Contains(g, want) {
			t.Errorf("Grammar() lacks %q", want)
		}
	}
}

// The list and shape values are read by walking the lexer's tokens (they are
// plain slots, taken by the classifier); the participle grammars for them must
// accept every token stream the lexer makes and capture the same items.
func TestValueGrammarsAgree(t *testing.T) {
	values := []string{"[a, b]", "[]", "a, b", "【x， y】 ~lo", "[a, b", "[a,,b]", "x ~hi", "[a\nb, c]"}
	shapes := []string{"{cause, fix, eta?: dur}", "{}", "{a: one_of[x|y], b?}", "{a, b", "done|fail", "accept"}
	src := generate(t, 300, 2)
	tr, _ := Parse(diag.NewSource("g.rose", src))
	for _, m := range tr.Messages {
		for _, s := range m.Slots {
			switch s.Head().Key {
			case "unk", "opt":
				values = append(values, s.Head().Raw)
			case "want":
				shapes = append(shapes, s.Head().Raw)
			}
		}
	}
	var l lineLexer
	for _, v := range values {
		g := parseLine(&l, listParser(), modeList, v)
		if g == nil {
			t.Errorf("list grammar rejects %q", v)
			continue
		}
		var items []string
		for _, tk := range l.toks {
			if tk.Type == tItem {
				items = append(items, tk.Value)
			}
		}
		if d := cmp.Diff(items, g.Items); d != "" {
			t.Errorf("%q: items differ (-lexer +grammar):\n%s", v, d)
		}
	}
	for _, v := range shapes {
		if !lexLine(&l, modeShape, v) {
			continue
		}
		g := parseLine(&l, shapeParser(), modeShape, v)
		if g == nil {
			t.Errorf("shape grammar rejects %q", v)
			continue
		}
		n := 0
		for _, tk := range l.toks {
			if tk.Type == tField || tk.Type == tAlt {
				n++
			}
		}
		got := len(g.Acts)
		if g.Braced != nil {
			got = len(g.Braced.Fields)
		}
		if got != n {
			t.Errorf("%q: grammar has %d names, lexer %d", v, got, n)
		}
	}
}

// TestSlotRefsStopAtSyntax checks where a slot's references end: a mark's
// operator ends its address (`@a1.1.body#L2=ok` is the reference
// @a1.1.body#L2), and a txt head's @fmt is no reference at all.
func TestSlotRefsStopAtSyntax(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"a1.2 tell >a1\n mark @a1.1.body#L2=ok ~hi\n", []string{"@a1.1.body#L2"}},
		{"a1.2 tell >a1\n mark @a1.1.body#L2 > \"new\"\n", []string{"@a1.1.body#L2"}},
		{"a1.2 tell >a1\n mark a#@0=\n", []string{"@0"}},
		{"a1.2 tell >a1\n mark body#L1 = see @doc:x=1\n", []string{"@doc:x=1"}},
		{"a1.2 tell >a1\n txt tgt @md/zh src=@a1.1.body\n | x\n", []string{"@a1.1.body"}},
	} {
		tr, _ := Parse(diag.NewSource("f", []byte(tc.src)))
		var got []string
		for _, r := range tr.Messages[0].Slots[0].Head().Refs {
			got = append(got, r.Text)
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%q refs (-want +got):\n%s", tc.src, d)
		}
	}
}
