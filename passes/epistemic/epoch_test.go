package epistemic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/rosetta"
)

// TestEpochSettledOnce: a def epoch = holds for the messages before it, but
// Store does not rewrite their IR per def (n defs each rewriting every stored
// message was n²: rose_epochs, issue 14). The epoch is written into a stored
// message's IR when the session hands it out (Lookup) and by SettleEpoch, in
// one pass, with the value the eager rewrite gave.
func TestEpochSettledOnce(t *testing.T) {
	var b strings.Builder
	const n = 50
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "cmd%d def >*\n epoch = @t:2026-08-%02d\n\n", i, i%28+1)
	}
	b.WriteString("a1.1 tell >b #t at=@t:10:00\n a x = 1\n")
	tr, _ := rosetta.Parse(diag.NewSource("e.rose", []byte(b.String())))
	s := NewState(Options{})
	const sentinel = "not rewritten"
	for i, m := range tr.Messages {
		s.Store(m)
		if i == 0 {
			m.Epoch = sentinel
		}
	}
	if got := tr.Messages[0].Epoch; got != sentinel {
		t.Errorf("the first message's IR was rewritten by a later def (epoch %q): a pass per def", got)
	}
	want := fmt.Sprintf("@t:2026-08-%02d", n%28+1)
	if got := s.Lookup("cmd2", false).Epoch; got != want {
		t.Errorf("Lookup: epoch %q, want the last def's %q", got, want)
	}
	s.SettleEpoch()
	for _, m := range tr.Messages {
		if m.Epoch != want {
			t.Fatalf("after SettleEpoch %s has epoch %q, want %q", m.Header.ID.Text, m.Epoch, want)
		}
	}
}
