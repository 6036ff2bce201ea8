package ir_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/ir"
)

const transcript = "a1.1 tell >b #ops\n a x = 1 ~hi\n txt body\n | first line\n | second line\n unk []\n"

func TestInspect(t *testing.T) {
	doc, _ := rosetta.Parse(diag.NewSource("t.rose", []byte(transcript)))
	kinds := map[string]int{}
	depth, maxDepth := 0, 0
	ir.Inspect(doc, func(n ir.Node) bool {
		if n == nil {
			depth--
			return true
		}
		depth++
		maxDepth = max(maxDepth, depth)
		kinds[fmt.Sprintf("%T", n)]++
		return true
	})
	if depth != 0 {
		t.Errorf("Inspect: %d more nodes entered than left", depth)
	}
	for k, want := range map[string]int{"*ir.Transcript": 1, "*ir.Message": 1, "*ir.Header": 1, "*ir.MsgID": 1,
		"*ir.Target": 1, "*ir.BindingSlot": 1, "*ir.Binding": 1, "*ir.Conf": 1, "*ir.BlockSlot": 1,
		"*ir.Block": 1, "*ir.BlockLine": 2, "*ir.SlotHead": 0} {
		if kinds[k] != want {
			t.Errorf("Inspect met %d %s, want %d (all: %v)", kinds[k], k, want, kinds)
		}
	}
	// Returning false skips the children.
	n := 0
	ir.Inspect(doc, func(x ir.Node) bool {
		if x != nil {
			n++
		}
		_, msg := x.(*ir.Message)
		return !msg
	})
	if n != 2 {
		t.Errorf("Inspect stopping at the message met %d nodes, want 2 (transcript, message)", n)
	}
}

func TestNodeAt(t *testing.T) {
	src := diag.NewSource("t.rose", []byte(transcript))
	doc, _ := rosetta.Parse(src)
	off := strings.Index(transcript, "second")
	chain := ir.NodeAt(doc, off)
	if len(chain) < 3 {
		t.Fatalf("NodeAt(%d) = %v", off, chain)
	}
	if _, ok := chain[0].(*ir.Transcript); !ok {
		t.Errorf("NodeAt: outermost is %T, want *ir.Transcript", chain[0])
	}
	line, ok := chain[len(chain)-1].(*ir.BlockLine)
	if !ok || line.Text != "second line" {
		t.Errorf("NodeAt: innermost is %#v, want the line 'second line'", chain[len(chain)-1])
	}
	if id, ok := ir.NodeAt(doc, 1)[len(ir.NodeAt(doc, 1))-1].(*ir.MsgID); !ok || id.Text != "a1.1" {
		t.Errorf("NodeAt(1): want the message id")
	}
	if got := ir.NodeAt(doc, len(transcript)+10); got != nil {
		t.Errorf("NodeAt past the end = %v, want nil", got)
	}
}

// TestWalkAllLanguages: every language's document is walked, and the text
// at a content line's, row's and payload's span is that node's text.
func TestWalkAllLanguages(t *testing.T) {
	dsl := "[SCHEMA:P]\nID:int|NAME:str\n\n[DATA]\n1|Ada\n2|Grace\n"
	d, _ := agentdsl.Parse(diag.NewSource("p.adsl", []byte(dsl)))
	rows := 0
	ir.Inspect(d, func(n ir.Node) bool {
		if r, ok := n.(*ir.DSLRow); ok {
			rows++
			if s, e := r.Span.Offsets(); dsl[s:e] != r.Text {
				t.Errorf("row %q at %q", r.Text, dsl[s:e])
			}
		}
		return true
	})
	if rows != 2 {
		t.Errorf("AgentDSL: %d rows walked, want 2", rows)
	}
	lin := "👽42|@H|~+1d15h|$bWVldGluZw==\n"
	l, _ := lingua.Parse(diag.NewSource("x.lingua", []byte(lin)))
	payloads := 0
	ir.Inspect(l, func(n ir.Node) bool {
		if p, ok := n.(*ir.LinguaPayload); ok {
			payloads++
			if s, e := p.Span.Offsets(); lin[s:e] != "$"+p.Text && lin[s:e] != p.Text {
				t.Errorf("payload %q at %q", p.Text, lin[s:e])
			}
		}
		return true
	})
	if payloads != 1 {
		t.Errorf("Lingua: %d payloads walked, want 1", payloads)
	}
}
