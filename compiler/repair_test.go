package compiler

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestRepair checks the repair message: a reject from sys led by the first
// problem in the reference's order, the failure code and want of the
// reference's tables, up to three also: lines, the hint as txt, and a text
// that rosettac reads back as a reject with no error.
func TestRepair(t *testing.T) {
	for _, tc := range []struct {
		name, in   string
		code, want string
		lead       string
		also       int
	}{
		{"uncoded fail", "a1.9 fail >a3\n why I tried hard but it did not work\n", "malformed", "{why}", "E016", 0},
		{"omissions", "a1.10 tell >a3 re=a9.9\n a x = 1\n", "malformed", "{a, unk}", "W004", 2},
		{"reserved def", "a1.1 def >*\n do = 1\n", "unsafe", "{a}", "S1", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(Options{})
			added, _ := s.AddMessages("in.rose", []byte(tc.in))
			if len(added) != 1 {
				t.Fatalf("read %d messages", len(added))
			}
			r := s.Repair(added[0].Message, added[0].Diags)
			if r == nil {
				t.Fatalf("no repair for %v", added[0].Diags.Codes())
			}
			got := []any{r.ID, r.Code, r.Want, r.Lead.Code, len(r.Also)}
			if d := cmp.Diff([]any{"sys.1", tc.code, tc.want, tc.lead, tc.also}, got); d != "" {
				t.Errorf("repair (-want +got):\n%s\n%s", d, r.Text)
			}
			if !strings.HasPrefix(r.Text, "sys.1 reject sys>a1 re="+added[0].Message.Header.ID.Text+" #sys.protocol\n") ||
				!strings.Contains(r.Text, "\n why  "+tc.code+" "+tc.lead+" ") || !strings.HasSuffix(r.Text, " want "+tc.want+"\n") {
				t.Errorf("repair text:\n%s", r.Text)
			}
			back := Parse("repair.rose", []byte(r.Text), Options{})
			tr := back.Doc.(*ir.Transcript)
			if back.Diags.HasErrors() || len(tr.Messages) == 0 || NewSession(Options{}).Add(tr.Messages[0]).HasErrors() {
				t.Errorf("the repair does not read back clean: %v\n%s", back.Diags, r.Text)
			}
			if len(tr.Messages) != 1 || tr.Messages[0].Header.Act != "reject" {
				t.Fatalf("the repair does not read back as one reject:\n%s", r.Text)
			}
		})
	}
}

// TestRepairNone: a message with only info diagnostics gets no repair, and
// the sys.N ids count only the repairs built.
func TestRepairNone(t *testing.T) {
	s := NewSession(Options{})
	clean, _ := s.AddMessages("a", []byte("a1.1 tell >a3\n a x = 1 ~hi\n unk []\n"))
	if r := s.Repair(clean[0].Message, clean[0].Diags); r != nil {
		t.Fatalf("repair of a clean message:\n%s", r.Text)
	}
	bad, _ := s.AddMessages("b", []byte("a1.2 tell >a3\n a x = 1\n unk []\n"))
	if r := s.Repair(bad[0].Message, nil); r == nil || r.ID != "sys.1" || r.Lead.Code != "W005" {
		t.Fatalf("repair with diagnostics from Check: %+v", r)
	}
}

// TestRepairOrder: the lead is the reference's first problem, not the
// first by position (cross-message rules come after the message's own).
func TestRepairOrder(t *testing.T) {
	ds := diag.List{
		{Severity: diag.Warning, Code: "E008"},
		{Severity: diag.Info, Code: "I011"},
		{Severity: diag.Warning, Code: "W004"},
		{Severity: diag.Error, Code: "P016"},
	}
	if d := cmp.Diff([]string{"P016", "W004", "E008"}, repairOrder(ds).Codes()); d != "" {
		t.Errorf("order (-want +got):\n%s", d)
	}
}

// TestCheckDoesNotStore: Check reports what Add would and changes nothing.
func TestCheckDoesNotStore(t *testing.T) {
	s := NewSession(Options{})
	m := parseOne("a1.1 ask >a3\n q why?\n want {cause}\n")
	if ds := s.Check(m); !cmp.Equal(ds.Codes(), s.Add(parseOne("a1.1 ask >a3\n q why?\n want {cause}\n")).Codes()) {
		t.Errorf("Check and Add differ")
	}
	if len(s.Open()) != 1 {
		t.Fatalf("open: %d", len(s.Open()))
	}
	s2 := NewSession(Options{})
	s2.Check(m)
	if len(s2.Open()) != 0 || s2.Message("a1.1", false) != nil {
		t.Errorf("Check stored the message")
	}
}

// TestDuplicateCompared: the same id with the same canonical text is a
// redelivery (D001, info); with other content, an error naming the first.
func TestDuplicateCompared(t *testing.T) {
	s := NewSession(Options{})
	s.AddText("t", []byte("a1.1 tell >a3\n a x = 1 ~hi\n unk []\n"))
	if got := s.AddText("t", []byte("a1.1  tell  >a3\n a   x = 1   ~hi\n unk []\n")).Codes(); !cmp.Equal(got, []string{"D001"}) {
		t.Errorf("redelivery: %v", got)
	}
	ds := s.AddText("u", []byte("a1.1 tell >a3\n a x = 2 ~hi\n unk []\n"))
	if len(ds) != 1 || ds[0].Code != "D002" || ds[0].Severity != diag.Error || !strings.Contains(ds[0].Message, "t:1:1") {
		t.Fatalf("changed content: %v", ds)
	}
	if text := s.Resolve("@a1.1.a.x").Text; text != "1" {
		t.Errorf("the session kept %q, want the first version", text)
	}
}

// TestReplace: a corrected message replaces the rejected one, and the
// session is what it would be had only the correction arrived.
func TestReplace(t *testing.T) {
	s := NewSession(Options{})
	s.AddText("t", []byte("a3.1 ask >a1\n q why?\n want {cause}\n\na1.2 tell >a3 re=a3.1\n a reason = x ~hi\n unk []\n"))
	if len(s.Open()) != 0 {
		t.Fatalf("the tell should discharge the ask")
	}
	ds := s.Replace(parseOne("a1.2 tell >a3 re=a3.1\n a cause = x ~hi\n unk []\n"))
	if ds.HasErrors() {
		t.Errorf("corrected reply: %v", ds)
	}
	if text := s.Resolve("@a1.2.a.cause").Text; text != "x" {
		t.Errorf("after Replace the session has %q", text)
	}
	if got := s.Replace(parseOne("a1.3 note >a3\n txt \"new\"\n")); got.HasErrors() {
		t.Errorf("Replace of a new id is Add: %v", got)
	}
	if s.Message("a1.3", false) == nil {
		t.Errorf("Replace of a new id did not store it")
	}
}

// TestAddMessages: each message comes back with its own parse and session
// diagnostics; prose outside messages is reported apart.
func TestAddMessages(t *testing.T) {
	s := NewSession(Options{})
	added, rest := s.AddMessages("m", []byte("Sure, here it is:\n\na1.1 tell >a3\n a x = 1\n unk []\n\na1.2 fail >a3\n why I give up\n"))
	if len(added) != 2 {
		t.Fatalf("read %d messages", len(added))
	}
	if c := added[0].Diags.Codes(); !cmp.Equal(c, []string{"W005"}) {
		t.Errorf("first message: %v", c)
	}
	if c := added[1].Diags.Codes(); !cmp.Equal(c, []string{"E016"}) {
		t.Errorf("second message: %v", c)
	}
	for _, d := range rest {
		if d.MessageID != "" {
			t.Errorf("prose diagnostic names a message: %v", d)
		}
	}
}

// TestRepairAsAdded: a message that was clean when it was added gets no
// repair, even when a later message makes the session see a conflict with
// it (br's def of LAT after ar's): check --repair repairs what adding found,
// as the reference's loop does, and AddMessages' empty Diags are not nil
// (Repair(m, nil) would check m again against the session as it is now).
func TestRepairAsAdded(t *testing.T) {
	s := NewSession(Options{})
	added, _ := s.AddMessages("m", []byte("ar1 def >*\n LAT = p99 latency\n\nbr1 def >*\n LAT = mean latency\n"))
	if len(added) != 2 {
		t.Fatalf("read %d messages", len(added))
	}
	if added[0].Diags == nil || len(added[0].Diags) != 0 {
		t.Fatalf("first message's Diags = %#v, want empty and not nil", added[0].Diags)
	}
	if r := s.Repair(added[0].Message, added[0].Diags); r != nil {
		t.Errorf("the first def got a repair:\n%s", r.Text)
	}
	if r := s.Repair(added[1].Message, added[1].Diags); r == nil || r.Lead.Code != "E018" {
		t.Errorf("the second def's repair = %v, want one led by E018", r)
	}
}
