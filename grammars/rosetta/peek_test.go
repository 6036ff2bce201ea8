package rosetta

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
)

// TestPeekReuse fails if participle stops sharing a PeekingLexer's tokens
// through Range: parsing would still be right (every line would go through
// lexer.Upgrade), but about 14% slower, and docs/performance.md would be wrong.
func TestPeekReuse(t *testing.T) {
	if !peekReuse {
		t.Fatal("participle's PeekingLexer can no longer be refilled; every line is upgraded anew")
	}
}

// upgraded is parseLine without the reused PeekingLexer.
func upgraded[G any](p *participle.Parser[G], m mode, s string) *G {
	var l lineLexer
	if !lexLine(&l, m, s) {
		return nil
	}
	peek, err := lexer.Upgrade(&l)
	if err != nil {
		return nil
	}
	g, err := p.ParseFromLexer(peek)
	if err != nil {
		return nil
	}
	return g
}

// TestPeekSameResult parses lines of each kind through one lineLexer (reused
// PeekingLexer; long lines after short ones and back, so stale tokens past
// the EOF would show) and through lexer.Upgrade, and wants the same result.
func TestPeekSameResult(t *testing.T) {
	attrs := strings.Repeat(" k=v", 20) // 41 tokens: more than peekCap, upgraded
	var l lineLexer
	for _, s := range []string{
		"a1.2 tell a1>a2,a3 #t re=a0.1 pri=high",
		"a1.3 note",
		"a1.4 ask >a2" + strings.Repeat(" x_k=1", 40),
		"a1.5 done re=a1.4",
	} {
		if d := cmp.Diff(upgraded(headerParser(), modeHeader, s), parseLine(&l, headerParser(), modeHeader, s)); d != "" {
			t.Errorf("header %q (-upgraded +reused):\n%s", s, d)
		}
	}
	for _, s := range []string{"eta = 60m ~lo", "k != v", "x = y = z", "nope"} {
		if d := cmp.Diff(upgraded(bindParser(), modeBind, s), parseLine(&l, bindParser(), modeBind, s)); d != "" {
			t.Errorf("binding %q (-upgraded +reused):\n%s", s, d)
		}
	}
	for _, s := range []string{
		`@w1.3.draft#L1|q"here" > "text" ~hi`,
		"d#" + strings.Repeat("L1|", 30) + "L2 = long",
		"d = short",
		"d#|L1 = rejected",
	} {
		if d := cmp.Diff(upgraded(markParser(), modeMark, s), parseLine(&l, markParser(), modeMark, s)); d != "" {
			t.Errorf("mark %q (-upgraded +reused):\n%s", s, d)
		}
	}
	for _, s := range []string{"notes @md/en v=2", "body" + attrs, "x", "@md"} {
		if d := cmp.Diff(upgraded(txtParser(), modeTxt, s), parseLine(&l, txtParser(), modeTxt, s)); d != "" {
			t.Errorf("txt head %q (-upgraded +reused):\n%s", s, d)
		}
	}
}
