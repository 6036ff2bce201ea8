package compiler

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/rosettaref"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/resolve"
)

// pairs folds a transcript through a Session and returns "id:CODE" for every
// diagnostic, message by message, then the finish report.
func pairs(opt Options, transcript string) []string {
	s := NewSession(opt)
	var ds diag.List
	for _, m := range parseMessages(transcript) {
		ds = append(ds, s.Add(m)...)
	}
	ds = append(ds, s.Finish()...)
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.MessageID + ":" + d.Code
	}
	return out
}

// TestSessionRules covers the rules the reference lacks or that rosettac
// decides differently (docs/conformance.md), one transcript each.
func TestSessionRules(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
		in   string
		want []string
	}{
		{"S4 is key by key", Options{}, `
a4.3 tell a4>a1
 a cause = maybe dns ~lo
   other = sure ~hi
 unk []

a1.9 tell a1>a3 src=@a4.3
 a cause = dns ~hi
   other = sure ~hi
 unk []
`, []string{"a1.9:S4"}},
		{"S4 along a chain, through an unstated relay", Options{}, `
a4.3 tell a4>a1
 a cause = maybe dns ~lo
 unk []

a1.9 tell a1>a3 src=@a4.3
 a cause = dns
 unk []

a3.2 tell a3>a5
 a cause = dns ~hi
 why relaying @a1.9
 unk []
`, []string{"a1.9:W005", "a3.2:S4"}},
		{"S4 across a renamed key", Options{}, `
a4.3 tell a4>a1
 a cause = the cache evicts hot keys ~lo
   ok = yes ~lo
 unk []

a1.9 tell a1>a3 src=@a4.3
 a root_cause = the cache  evicts hot keys ~hi
   done = yes ~hi
 unk []

a3.2 tell a3>a5
 a why_it_broke = the cache evicts hot keys ~hi
 why relaying @a1.9
 unk []
`, []string{"a1.9:S4", "a3.2:S4"}},
		{"want over several named targets: each answers part", Options{}, `
lead1 ask >db,net #inc
 q what broke?
 want {cause, fix, eta?: dur}

db1 tell re=lead1
 a cause = a full disk ~mid
   eta = soon ~lo
 unk []

net1 tell re=lead1
 a fix = free the disk ~hi
 unk []
`, []string{"db1:E009d"}},
		{"want over several named targets: what none carried", Options{}, `
lead1 ask >db,net #inc
 q what broke?
 want {cause, fix, risk}

db1 tell re=lead1
 a cause = a full disk ~mid
 unk []

net1 tell re=lead1
 a cause = the same disk ~mid
 unk []
`, []string{"net1:E009c", "net1:E009"}},
		{"want to a role: each reply is a whole answer", Options{}, `
lead1 ask >@grp:jury #v
 q verdict?
 want {verdict, why}

j1 tell re=lead1
 a verdict = pass ~hi
 unk []
`, []string{"j1:E009c"}},
		{"S4: ~? relays nothing upward", Options{}, `
a4.3 tell a4>a1
 a cause = maybe dns ~lo
 unk []

a1.9 tell a1>a3 src=@a4.3
 a cause = dns ~?
 unk []
`, nil},
		{"S8 reports every loosening", Options{}, `
a2.1 tell a2>a1 sens=phi
 a x = 1 ~hi
 unk []

a2.2 tell a2>a1 sens=secret
 a y = 1 ~hi
 unk []

a1.3 tell a1>a4 sens=int
 ctx @a2.1 @a2.2
 a z = 1 ~hi
 unk []
`, []string{"a1.3:S8", "a1.3:S8"}},
		{"stop on your own request withdraws it", Options{}, `
a3.40 do a3>a2 #lit
 q survey
 want {themes}

a3.41 stop a3>a2 re=a3.40
 why budget enough to decide

a2.13 done a2>a3 re=a3.41
 a n = 92 ~hi
 unk []
`, nil},
		{"stop on someone else's request is a reply", Options{}, `
a3.40 do a3>a2
 q survey
 want done|fail

a2.41 stop a2>a3 re=a3.40
 why budget enough
`, []string{"a2.41:E010", "a2.41:E009a", "a3.40:W010", "a2.41:W010"}},
		{"livelock after N rounds", Options{Livelock: 2}, `
a1.1 propose a1>a2
 a plan = x ~hi
 want accept|reject

a2.1 propose a2>a1 re=a1.1
 a plan = y ~hi
 want accept|reject

a1.2 propose a1>a2 re=a2.1
 a plan = x ~hi
 want accept|reject

a2.2 propose a2>a1 re=a1.2
 a plan = y ~hi
 want accept|reject

a1.3 accept a1>a2 re=a2.2
`, []string{"a2.1:E009a", "a1.2:E009a", "a2.2:E009a", "a2.2:W031", "a1.1:W010", "a2.1:W010", "a1.2:W010"}},
		{"stall: open past its ttl at the latest at=", Options{}, `
a1.1 ask a1>a2 at=@t:2026-08-26T14:00Z ttl=15m pri=block
 q status?
 want {s}

a3.1 note a3>a1 at=@t:2026-08-26T15:00Z
 txt "later"
`, []string{"a1.1:W010", "a1.1:W030"}},
		{"no stall before the ttl runs out (--now)", Options{Now: time.Date(2026, 8, 26, 14, 10, 0, 0, time.UTC)}, `
a1.1 ask a1>a2 at=@t:2026-08-26T14:00Z ttl=15m
 q status?
 want {s}
`, []string{"a1.1:W010"}},
		{"a closer may arrive before its request", Options{}, `
a2.2 tell a2>a1 re=a1.1
 a s = ok ~hi
 unk []

a1.1 ask a1>a2
 q status?
 want {s}
`, []string{"a2.2:E008"}},
		{"S11: a revise may not apply an edit to another's content", Options{}, `
a2.7 tell a2>a1
 txt tgt
 | one
 unk []

a1.3 tell a1>a2
 txt mine
 | x
 unk []

a1.4 revise a1>a2 re=a1.3
 mark @a2.7.tgt#L1|q"one" > "two" ~hi
 unk []
`, []string{"a1.4:S11"}},
		{"a foreign revise never redirects references", Options{}, `
a1.4 tell a1>a3
 a rec = revert ~hi
 unk []

a9.1 revise a9>a3 re=a1.4
 a rec = mine now ~hi
 unk []

a3.1 tell a3>a1 sens=pub
 ctx @a1.4
 a ok = yes ~hi
 unk []
`, []string{"a9.1:E023"}},
		{"optional slot names are optional; types are checked", Options{}, `
a3.1 ask a3>a1
 q x?
 want {n: num, ok: bool, unk?, kind: one_of[a|b]}

a1.1 tell a1>a3 re=a3.1
 a n = many ~lo
   ok = yes ~hi
   kind = ~hi
`, []string{"a1.1:W004", "a1.1:E009d", "a1.1:E009b"}},
		{"W027 and W028", Options{}, `
a1.1 note a1>* #sys.hello
 q one
 q two
`, []string{"a1.1:W027", "a1.1:W028"}},
		{"D001 reports only the duplicate", Options{}, `
a1.1 tell a1>a2
 a x = 1 ~hi
 unk []

a1.1 tell  a1>a2
 a x =  1 ~hi
 unk []
`, []string{"a1.1:D001"}},
		{"D002 reports only the duplicate with other content", Options{}, `
a1.1 tell a1>a2
 a x = 1 ~hi
 unk []

a1.1 tell a1>a2
 a x = 1
`, []string{"a1.1:D002"}},
		{"epoch is retroactive for staleness", Options{}, `
a2.9 tell a2>a1 at=@t:14:00 ttl=15m
 a stock = 1 ~hi
 unk []

a1.0 def a1>*
 epoch = @t:2026-08-26

a1.5 tell a1>a3 at=@t:14:40
 ctx @a2.9
 a ship = yes ~hi
 unk []
`, []string{"a2.9:E024", "a1.5:W017"}},
		{"I011 until a def binds the symbol", Options{}, `
a1.1 note a1>a2
 a service = CKO
   both = [CKO, web]
 why see CKO and CKO again

a1.2 def a1>*
 CKO = checkout

a1.3 note a1>a2
 a service = CKO
 why see CKO
 txt t
 | x
 mark t#L1 = selectors are not symbols ~hi
`, []string{"a1.1:I011", "a1.1:I011", "a1.3:I029"}},
		// Conformance C7: a capitalised word is a symbol where the grammar
		// puts one (a whole binding value, a list item, a want name) or
		// where a standard profile declares it; prose acronyms are prose.
		{"I011 only where a symbol stands", Options{}, `
a1.1 ask a1>a2 #lit
 q find trials for PMID 123 in EUR cohorts, as in HX-99812
 want {trials, REGION}
 why the GLOSS entry says so

a2.2 tell re=a1.1
 a trials = [HX-99812, CTX] ~mid
   region = EUR
   source = PMID 123 and PMID 456
 unk []

a1.3 def a1>*
 profile = craft/1.0 @sha256:9ab41c

a1.4 note a1>a2
 why the GLOSS entry again, now that craft is loaded
`, []string{"a1.1:I011", "a1.1:I011", "a2.2:W005", "a2.2:E009", "a2.2:I011", "a2.2:I011"}},
		{"W032 silent loss: an ask to several agents, one never answers", Options{}, `
a1.1 ask a1>b2,c3,a1 #poll
 q ok?
 want {ok}

b2.1 tell re=a1.1
 a ok = yes ~hi
 unk []

b2.2 tell re=a1.1
 a ok = still yes ~hi
 unk []

a1.2 ask a1>b2,c3
 q nobody answers this one, so it is only open
 want {ok}

a1.3 ask a1>b2,@role:reviewer
 q a role names no count of targets
 want {ok}

b2.3 tell re=a1.3
 a ok = yes ~hi
 unk []

a1.4 ask a1>b2,c3
 q both answer
 want {ok}

c3.1 reject re=a1.4
 why denied not mine

b2.4 tell re=a1.4
 a ok = yes ~hi
 unk []
`, []string{"a1.2:W010", "a1.1:W032", "c3.1:E017"}},
		{"a win= window is not a symbol", Options{}, `
a1.1 note a1>a2
 txt ch @md/en src=@sha256:ab3f win=L38-40 by=GLOSS
 | line 38
 | line 39
 | line 40
 unk []
`, []string{"a1.1:I011"}},
		{"sender-scoped symbols", Options{}, `
a1.1 def a1>*
 a1:BID = my bid

a4.1 def a4>*
 a4:BID = another bid
`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pairs(tt.opt, tt.in)
			if d := cmp.Diff(tt.want, got, cmpEmpty); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

var cmpEmpty = cmp.Comparer(func(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return strings.Join(a, ",") == strings.Join(b, ",")
})

// TestSessionAPI exercises the host-facing API: Open, Stalls, Resolve.
func TestSessionAPI(t *testing.T) {
	s := NewSession(Options{})
	for _, m := range parseMessages(rosettaref.Content + "\na3.1 ask a3>a2 at=@t:2026-08-26T14:00Z ttl=10m\n q why?\n want {w}\n") {
		s.Add(m)
	}
	if got := s.Open(); len(got) != 1 || got[0].ID != "a3.1" || got[0].Act != "ask" {
		t.Errorf("Open = %+v", got)
	}
	if got := s.Stalls(time.Date(2026, 8, 26, 14, 5, 0, 0, time.UTC)).Codes(); len(got) != 0 {
		t.Errorf("Stalls at 14:05 = %v", got)
	}
	if got := s.Stalls(time.Date(2026, 8, 26, 14, 11, 0, 0, time.UTC)).Codes(); !cmp.Equal(got, []string{"W030"}) {
		t.Errorf("Stalls at 14:11 = %v", got)
	}
	tests := []struct {
		addr   string
		text   string
		status ir.ResolutionStatus
		conf   string
	}{
		{"@a2.7.tgt#L1.c0-5", "渡轮领航员", ir.Exact, "hi"},
		{`@a2.7.src#L9|q"never once run late"`, "The ferry pilot swore the crossing had never once run late.", ir.Relocated, "mid"},
		{"@a2.7.tgt#L9", "", ir.Orphan, "?"},
		{"@a2.7.a.tone", "formal", ir.Exact, "hi"},
		{"@a2.7.unk", "[第 3 行改写后反讽是否还在]", ir.Exact, "hi"},
		{"@a9.9.tgt#L1", "", ir.Orphan, "?"},
		{"@#ch2", "a2.7", ir.Exact, "hi"},
		{"@#nothing", "", ir.Orphan, "?"},
	}
	for _, tt := range tests {
		r := s.Resolve(tt.addr)
		text, st, conf := r.Text, r.Status, r.Conf.String()
		if text != tt.text || st != tt.status || conf != tt.conf {
			t.Errorf("Resolve(%s) = %q, %s, %s; want %q, %s, %s", tt.addr, text, st, conf, tt.text, tt.status, tt.conf)
		}
	}
}

// TestDemo5Drift is the reference's demo 5: marks written against v3, then
// re-resolved against the revision v4.
func TestDemo5Drift(t *testing.T) {
	const drift = `a2.7 tell a2>a1 #ch1
 txt tgt @md/zh v=3
 | 灯塔看守人坚称，这里从来没发生过任何不寻常的事。
 | 而所有人都会告诉你，全岛最不该去问的就是他。
 | 他在岛北的旧船坞当了三十年的守夜人。
 unk []

a3.4 propose a3>a2 re=a2.7 #ch1.term
 mark @a2.7.tgt#L2|q"最不该去问的就是他" = 强调落点与原文不符          ~hi
      @a2.7.tgt#L3|q"守夜人"            = 术语待与 GLOSS 统一          ~mid
      @a2.7.tgt#L1                      = 开篇语域偏正式（纯位置，脆）   ~lo
 why  L2 现译强调"不该问"，原文强调"他"
 unk  []

a2.9 revise a2>a1 re=a2.7 #ch1
 txt tgt @md/zh v=4
 | 【新增题记】一个关于安静岛屿的故事。
 | 灯塔看守人坚称，这里从来没发生过任何不寻常的事。
 | 要问岛上的事，谁都不会去问他。
 | 他在岛北的旧船坞当了三十年的守夜人。
 why  采纳 @a3.4 对 L2 的意见
 unk  []
`
	s := NewSession(Options{})
	var written []string
	msgs := parseMessages(drift)
	for _, m := range msgs {
		for _, d := range s.Add(m) {
			if d.Severity != diag.Info || d.Code == "I029" {
				written = append(written, d.MessageID+":"+d.Code)
			}
		}
	}
	if d := cmp.Diff([]string{"a3.4:I029"}, written); d != "" {
		t.Errorf("when written, only the bare positional mark is warned (-want +got):\n%s", d)
	}
	var got []string
	for _, mk := range msgs[1].Slots[0].(*ir.MarkSlot).Marks {
		res := s.Resolve(mk.Addr.Text) // through the revision: against v4
		st, conf := res.Status, res.Conf
		r := resolveAgain(s, mk.Addr.Text)
		got = append(got, fmt.Sprintf("%s %s ~%s L%d", mk.Addr.Text, st, conf, r.Line))
	}
	want := []string{
		`@a2.7.tgt#L2|q"最不该去问的就是他" orphan ~? L0`,
		`@a2.7.tgt#L3|q"守夜人" relocated ~mid L4`,
		`@a2.7.tgt#L1 exact ~hi L1`,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("re-resolved against v4 (-want +got):\n%s", d)
	}
	if r := resolveAgain(s, `@a2.7.tgt#L3|q"守夜人"`); r.Detail != "moved to L4 (was L3)" {
		t.Errorf("detail = %q", r.Detail)
	}
	if text := s.Resolve(`@a2.7@orig.tgt#L2|q"最不该去问的就是他"`).Text; text != "而所有人都会告诉你，全岛最不该去问的就是他。" {
		t.Errorf("@orig still resolves against v3: %q", text)
	}
}

func resolveAgain(s *Session, addr string) *ir.Resolution {
	return resolve.Address(addr, nil, s.st.Lookup)
}

// TestNoFrontEnd: a language without a printer gets F004, not a panic.
func TestNoFrontEnd(t *testing.T) {
	res := &Result{Lang: ir.Language("klingon"), Source: diag.NewSource("x", []byte("x"))}
	if _, ds := Format(res, FormatOptions{}); !cmp.Equal(ds.Codes(), []string{"F004"}) {
		t.Errorf("got %v", ds.Codes())
	}
}

// TestOrphanMessages: E022 says a quote "does not occur" when the block never
// had it, names the nearest passage, and says "no longer present" only when a
// revision removed what the original had (issue 20); W025 on a character range
// says what the range selects and gives the quote's position as the fix.
func TestOrphanMessages(t *testing.T) {
	s := NewSession(Options{})
	var ds diag.List
	for _, m := range parseMessages(`a2.7 tell a2>a1
 txt tgt
 | The lighthouse keeper insisted that nothing unusual ever happened here.
 | He was the last man on the island you would ask.
 unk []

a2.8 revise a2>a1 re=a2.7
 txt tgt
 | The lighthouse keeper insisted that nothing unusual ever happened here.
 unk []

a1.3 note a1>a2 re=a2.8
 mark @a2.7.tgt#q"the last man" = gone since the revision ~hi
      @a2.7.tgt#q"lighthouse keepr" = typo in the anchor ~hi
      @a2.7.tgt#L1.c4-19|q"lighthouse keeper" = GLOSS name ~hi
`) {
		ds = append(ds, s.Add(m)...)
	}
	var got []string
	for _, d := range ds {
		if d.Code == "E022" || d.Code == "W025" {
			got = append(got, d.Code+": "+d.Message+" | "+d.Hint)
		}
	}
	want := []string{
		"E022: mark `@a2.7.tgt#q\"the last man\"` points at nothing in `tgt` (1 line): no longer present: the revision a2.8 removed it (@a2.7@orig still has it)" +
			" | re-anchor the mark on the current text, or withdraw it; an orphaned mark is never applied",
		"E022: mark `@a2.7.tgt#q\"lighthouse keepr\"` points at nothing in `tgt` (1 line): quote 'lighthouse keepr' does not occur in `tgt`; the nearest passage is 'lighthouse keeper' at L1.c4-21 (1 edit)" +
			" | if the nearest passage is what you meant, anchor on it: q\"lighthouse keeper\"; otherwise withdraw the mark (an orphaned mark is never applied)",
		"W025: mark `@a2.7.tgt#L1.c4-19|q\"lighthouse keeper\"` `L1.c4-19` selects 'lighthouse keep', not the quote; the quote is at L1.c4-21 — the quote anchor saved it; resolution confidence ~mid, re-read before acting" +
			" | update the positional selector to L1.c4-21 (a c range counts code points from 0, its end excluded)",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestStopReachesWithdrawnRecipients: a stop with an elided route that
// withdraws its sender's own request goes to that request's recipients, not
// back to its author (issue 20, conformance X12); the canonical form still
// elides the route, and the workers' answer goes back to the author.
func TestStopReachesWithdrawnRecipients(t *testing.T) {
	src := `plan4 do >w,x #build
 q build the docs
 want done|fail

plan6 stop re=plan4
 why budget cut

plan7 stop >w,x re=plan4
 why said twice

w1 done re=plan6
 a stopped = yes ~hi
 unk []

x1 done re=plan6
 a stopped = yes ~hi
 unk []

w2 tell re=plan4
 a n = 1 ~hi
 unk []

w3 stop re=w2
 why mine
`
	s := NewSession(Options{})
	var ds diag.List
	for _, m := range parseMessages(src) {
		ds = append(ds, s.Add(m)...)
	}
	ds = append(ds, s.Finish()...)
	route := func(id string) string {
		var to []string
		for _, tg := range s.Message(id, false).Header.Targets {
			to = append(to, tg.Text)
		}
		return strings.Join(to, ",")
	}
	got := []string{route("plan6"), route("plan7"), route("w1"), route("w3")}
	if d := cmp.Diff([]string{"w,x", "w,x", "plan", "w"}, got); d != "" {
		t.Errorf("routes (-want +got):\n%s", d)
	}
	for _, d := range ds {
		if d.Code == "W010" && d.MessageID == "plan6" {
			t.Errorf("the workers answered the stop: %s", d.Message)
		}
	}
	res := Check("t.rose", []byte(src), Options{})
	out, _ := Format(res, FormatOptions{Terse: true})
	if !strings.Contains(string(out), "\nplan6 stop re=plan4\n") || !strings.Contains(string(out), "\nplan7 stop re=plan4\n") {
		t.Errorf("canonical form does not fold the inherited route:\n%s", out)
	}
}

// TestSessionCheckCommit: Check stores nothing; only Commit makes the
// message state (the mesh refuses a message with an error and must not keep
// it); a stored id is not stored twice.
func TestSessionCheckCommit(t *testing.T) {
	parse := func(text string) (*Result, *ir.Message) {
		res := Parse("", []byte(text), Options{From: ir.Rosetta})
		return res, res.Doc.(*ir.Transcript).Messages[0]
	}
	s := NewSession(Options{})
	res, ask := parse("a1.1 ask >a2\n q ok?\n")
	s.SetSource(res.Source)
	if ds := s.Check(ask); ds.HasErrors() {
		t.Fatalf("Check of a new message: %v", ds)
	}
	if s.Message("a1.1", true) != nil || len(s.Open()) != 0 {
		t.Fatal("Check stored the message")
	}
	s.Commit(ask)
	if s.Message("a1.1", true) == nil || len(s.Open()) != 1 {
		t.Fatal("Commit did not store the message")
	}
	res, again := parse("a1.1 ask >a2\n q ok?\n")
	s.SetSource(res.Source)
	if ds := s.Check(again); len(ds) != 1 || ds[0].Code != "D001" {
		t.Fatalf("Check of a stored id: %v, want D001", ds)
	}
	s.Commit(again)
	if len(s.Open()) != 1 {
		t.Fatal("Commit stored a stored id again")
	}
}
