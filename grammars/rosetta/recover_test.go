package rosetta

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestRecoveredHeaders: a line that begins with a message id and an act is a
// header; each part that does not parse has its own diagnostic at its own
// column, the message keeps the rest, and applying the safe fixes gives a
// line that parses whole.
func TestRecoveredHeaders(t *testing.T) {
	for _, tc := range []struct {
		line  string
		codes []string // of the header line, in order
		col   int      // of the first diagnostic
		act   string
		topic string
		field string // key=value of the fields, space-separated
		fixed string // the line after the safe fixes
	}{
		{"wx1 Tell re=orc1", []string{"P017"}, 5, "tell", "", "re=orc1", "wx1 tell re=orc1"},
		{"wx1 ASK >a2", []string{"P017"}, 5, "ask", "", "", "wx1 ask >a2"},
		{"a1.2 tel >a3", []string{"P017"}, 6, "tell", "", "", "a1.2 tel >a3"},
		{"ops5 tell >dba ttl=1 hour", []string{"P018"}, 16, "tell", "", "ttl=1h", "ops5 tell >dba ttl=1h"},
		{"ops5 tell >dba ttl=90min", []string{"P018"}, 16, "tell", "", "ttl=90m", "ops5 tell >dba ttl=90m"},
		{"ops5 tell >dba ttl=2 days", []string{"P018"}, 16, "tell", "", "ttl=2d", "ops5 tell >dba ttl=2d"},
		{"ops4 tell >dba at=2026-07-01 10:30", []string{"P018"}, 16, "tell", "", "at=2026-07-01T10:30", "ops4 tell >dba at=2026-07-01T10:30"},
		{"ops4 tell >dba at=@t:2026-07-01 10:30Z ttl=1h", []string{"P018"}, 16, "tell", "", "at=@t:2026-07-01T10:30Z ttl=1h", "ops4 tell >dba at=@t:2026-07-01T10:30Z ttl=1h"},
		{"a1.2 tell >a3 Re=a1.1", []string{"P018"}, 15, "tell", "", "re=a1.1", "a1.2 tell >a3 re=a1.1"},
		{"**ops7 tell >dba**", []string{"P016"}, 1, "tell", "", "", "ops7 tell >dba"},
		{"__ops7 tell >dba__", []string{"P016"}, 1, "tell", "", "", "ops7 tell >dba"},
		{"`ops7 tell >dba #x`", []string{"P016"}, 1, "tell", "x", "", "ops7 tell >dba #x"},
		{"- ops7 tell >dba", []string{"P016"}, 1, "tell", "", "", "ops7 tell >dba"},
		{"## ops7 tell >dba", []string{"P016"}, 1, "tell", "", "", "ops7 tell >dba"},
		{"**a1.1 Tell**", []string{"P016", "P017"}, 1, "tell", "", "", "a1.1 tell"},
		{"ops3 do >dba #inc.etl-0914 ttl=1h", []string{"P020"}, 14, "do", "inc.etl-0914", "ttl=1h", "ops3 do >dba #inc.etl-0914 ttl=1h"},
		{"a1.2 ask a1>b2 #翻译", []string{"P020"}, 16, "ask", "翻译", "", "a1.2 ask a1>b2 #翻译"},
		{"a1.1 ask a1>b2 extra words", []string{"P019", "P019"}, 16, "ask", "", "", "a1.1 ask a1>b2 extra words"},
		{"a1.2 tell re=a1.1 foo=bar", []string{"P019"}, 19, "tell", "", "re=a1.1", "a1.2 tell re=a1.1 foo=bar"},
		{"a1.2 tell >a3 prio=high", []string{"P019"}, 15, "tell", "", "", "a1.2 tell >a3 prio=high"},
		{"a1.2 tell >a2 re=", []string{"P019"}, 15, "tell", "", "", "a1.2 tell >a2 re="},
	} {
		src := tc.line + "\n a x = 1 ~hi\n"
		tr, ds := parse(t, src)
		if len(tr.Messages) != 1 || tr.Messages[0].Header == nil {
			t.Errorf("%q: read %d messages, want 1", tc.line, len(tr.Messages))
			continue
		}
		h := tr.Messages[0].Header
		var fs []string
		for _, f := range h.Fields {
			fs = append(fs, f.Key+"="+f.Value)
		}
		var codes []string
		for _, d := range ds {
			if d.Span.Start().Line == 1 {
				codes = append(codes, d.Code)
			}
		}
		got := []any{codes, h.Act, h.Topic, strings.Join(fs, " ")}
		if d := cmp.Diff([]any{tc.codes, tc.act, tc.topic, tc.field}, got); d != "" {
			t.Errorf("%q (-want +got):\n%s\n%v", tc.line, d, ds)
			continue
		}
		if c := ds[0].Span.Start().Col; c != tc.col {
			t.Errorf("%q: first diagnostic at column %d, want %d", tc.line, c, tc.col)
		}
		fixed, _ := diag.ApplyFixes("t.rose", []byte(src), ds, diag.Safe)
		if first, _, _ := strings.Cut(string(fixed), "\n"); first != tc.fixed {
			t.Errorf("%q: safe fixes give %q, want %q", tc.line, first, tc.fixed)
		}
		if id := h.ID.Span; !strings.HasPrefix(src[id.StartOffset():], h.ID.Text) {
			t.Errorf("%q: the id's span does not point at it", tc.line)
		}
		if a := h.ActSpan; !strings.EqualFold(src[a.StartOffset():a.EndOffset()], tc.act) && tc.codes[len(tc.codes)-1] != "P017" {
			t.Errorf("%q: the act's span covers %q", tc.line, src[a.StartOffset():a.EndOffset()])
		}
	}
}

// TestNearHeaderUnread: a header-shaped line recovery does not read (its
// bytes changed under NFC, so offsets are not exact) is P015, an error.
func TestNearHeaderUnread(t *testing.T) {
	tr, ds := parse(t, "a1.1 tell >a2\n why x\na1.2 tell >a2 cafe\u0301=1\n")
	if len(tr.Messages) != 1 {
		t.Fatalf("read %d messages", len(tr.Messages))
	}
	var got []diag.Diagnostic
	for _, d := range ds {
		if d.Code == CodeNearHeader {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].Severity != diag.Error {
		t.Errorf("want one P015 error, got %v", ds)
	}
	_ = ir.Rosetta
}

// TestConfSlips: a confidence in a near form is read as its literal, with a
// safe fix, and leaves the value; a value that only ends in a tilde word
// that is not one stays as written.
func TestConfSlips(t *testing.T) {
	for _, tc := range []struct{ tail, value, conf string }{
		{"~high", "1", "hi"}, {"~medium", "1", "mid"}, {"~low", "1", "lo"},
		{"~HI", "1", "hi"}, {"(~hi)", "1", "hi"}, {"[~lo]", "1", "lo"},
		{"~0.9", "1", "0.9"}, {"~hi", "1", "hi"}, {"~higher", "1 ~higher", ""},
	} {
		src := "a1.1 tell >a2\n a x = 1 " + tc.tail + "\n unk []\n"
		tr, ds := parse(t, src)
		b := tr.Messages[0].Slots[0].(*ir.BindingSlot).Bindings[0]
		conf := confKind(b.Conf)
		if b.Value != tc.value || conf != tc.conf {
			t.Errorf("%q: value %q conf %q, want %q %q", tc.tail, b.Value, conf, tc.value, tc.conf)
		}
		fixed, applied := diag.ApplyFixes("t.rose", []byte(src), ds, diag.Safe)
		slip := tc.tail != "~"+tc.conf && tc.conf != ""
		if slip && (len(ds) == 0 || ds[0].Code != "P021") {
			t.Errorf("%q: diagnostics %v, want P021", tc.tail, ds.Codes())
		}
		if slip != (len(applied) == 1) || slip && !strings.Contains(string(fixed), "a x = 1 ~"+tc.conf+"\n") {
			t.Errorf("%q: fixes %v give %q", tc.tail, applied, fixed)
		}

		// The same near forms end an unstructured a and a plain slot.
		src = "a1.1 tell >a2\n a done " + tc.tail + "\n why because " + tc.tail + "\n unk []\n"
		tr, ds = parse(t, src)
		slots := tr.Messages[0].Slots
		for i, st := range []struct{ text, prefix string }{
			{slots[0].(*ir.BindingSlot).Text, "done"}, {slots[1].(*ir.PlainSlot).Text, "because"},
		} {
			var c *ir.Conf
			if i == 0 {
				c = slots[0].(*ir.BindingSlot).Conf
			} else {
				c = slots[1].(*ir.PlainSlot).Conf
			}
			conf := ""
			if c != nil {
				conf = c.Kind
			}
			want := strings.Replace(tc.value, "1", st.prefix, 1)
			if st.text != want || conf != tc.conf {
				t.Errorf("%q in slot %d: text %q conf %q, want %q %q", tc.tail, i, st.text, conf, want, tc.conf)
			}
		}
		if n := strings.Count(strings.Join(ds.Codes(), " "), "P021"); slip && n != 2 {
			t.Errorf("%q in slots: diagnostics %v, want two P021", tc.tail, ds.Codes())
		}
	}
}

// TestConfSlipAcrossLines: a near form that a line break splits reads as it
// does on one line, the way fmt writes it, with a fix that replaces exactly
// what was written (the fuzzer found `a A=~` then `hi` read two ways).
func TestConfSlipAcrossLines(t *testing.T) {
	for _, tc := range []struct{ lines, value, conf, fixed string }{
		{"a x = ~\n  hi", "", "hi", "a x = ~hi"},
		{"a x = 1 (~\n  high)", "1", "hi", "a x = 1 ~hi"},
		{"a x = 1 two\n  words ~\n  mid", "1 two words", "mid", "a x = 1 two\n  words ~mid"},
		{"a x = 1 ~\n  higher", "1 ~ higher", "", ""},
	} {
		src := "a1.1 tell >a2\n " + tc.lines + "\n unk []\n"
		tr, ds := parse(t, src)
		b := tr.Messages[0].Slots[0].(*ir.BindingSlot).Bindings[0]
		conf := confKind(b.Conf)
		if b.Value != tc.value || conf != tc.conf {
			t.Errorf("%q: value %q conf %q, want %q %q", tc.lines, b.Value, conf, tc.value, tc.conf)
		}
		fixed, applied := diag.ApplyFixes("t.rose", []byte(src), ds, diag.Safe)
		if tc.fixed == "" {
			if len(applied) != 0 {
				t.Errorf("%q: fixes %v, want none", tc.lines, applied)
			}
			continue
		}
		if len(applied) != 1 || !strings.Contains(string(fixed), " "+tc.fixed+"\n") {
			t.Errorf("%q: fixes %v give %q", tc.lines, applied, fixed)
		}
	}
}

// confKind is c's kind, or "" for no confidence.
func confKind(c *ir.Conf) string {
	if c == nil {
		return ""
	}
	return c.Kind
}
