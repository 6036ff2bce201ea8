package compiler

import (
	"strings"

	"github.com/rosettac/rosettac/ir"
)

// Coverage counts what a document's parse read as messages (Rosetta and
// Lingua messages, AgentDSL blocks) and the regions of its input that are no
// part of any (prose, fences, lines that fit no block; a run of adjacent
// AgentDSL lines counts once). Blank regions are not counted. `rosettac
// check` prints both when a region was not read (issue #21: nothing dropped
// without a word).
func Coverage(doc ir.Document) (read, unread int) {
	switch d := doc.(type) {
	case *ir.Transcript:
		if d == nil {
			return 0, 0
		}
		read = max(len(d.Messages), d.Checked)
		for _, p := range d.Prose {
			if strings.TrimSpace(p.Text) != "" {
				unread++
			}
		}
	case *ir.LinguaTranscript:
		if d == nil {
			return 0, 0
		}
		for _, it := range d.Items {
			switch it := it.(type) {
			case *ir.LinguaLine:
				read += len(it.Messages)
			case *ir.LinguaProse:
				if strings.TrimSpace(it.Text) != "" {
					unread++
				}
			}
		}
	case *ir.DSLDoc:
		if d == nil {
			return 0, 0
		}
		lastBad := -2 // the line of the last unread line, to join adjacent ones
		for _, b := range d.Blocks {
			bad, ok := b.(*ir.DSLBad)
			if !ok {
				read++
				continue
			}
			line := bad.Span.Start().Line
			if line != lastBad+1 {
				unread++
			}
			lastBad = line
		}
	}
	return read, unread
}
