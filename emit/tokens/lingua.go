package tokens

import (
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// Lingua components, in report order.
const (
	lgCode      = iota // the message head: 👽DAM, ^S, !E<type><sub>, the 👽 of a natural line
	lgFields           // @ # ~ % fields, their | separators, ;; between messages, unreadable fields
	lgPayload          // $ payloads (prefix included) and the text of natural-language lines
	lgSignature        // --👽lingua/<version>@<source> lines
	lgProse            // human text around the messages
)

var linguaComponents = []string{"code", "fields", "payload", "signature", "prose"}

func init() { segmenters[ir.Lingua] = segmentLingua }

// segmentLingua paints each wire line as fields (separators included), then its
// heads, payloads and signature line over it; prose stays prose. Line breaks go
// with the line they end.
func segmentLingua(doc ir.Document, src []byte) ([]string, []Segment) {
	t, ok := doc.(*ir.LinguaTranscript)
	if !ok {
		return linguaComponents, nil
	}
	var p painter
	spans, comps := make([]diag.Span, len(t.Items)), make([]int, len(t.Items))
	for i, it := range t.Items {
		spans[i], comps[i] = it.Pos(), lgFields
		if _, prose := it.(*ir.LinguaProse); prose {
			comps[i] = lgProse
		}
	}
	p.items(src, spans, comps)
	for _, it := range t.Items {
		line, ok := it.(*ir.LinguaLine)
		if !ok {
			continue
		}
		for _, m := range line.Messages {
			switch m := m.(type) {
			case *ir.LinguaRequest:
				p.span(m.CodeSpan, lgCode)
			case *ir.LinguaResponse:
				p.span(m.CodeSpan, lgCode)
			case *ir.LinguaError:
				p.span(m.CodeSpan, lgCode)
			case *ir.LinguaNatural:
				p.span(m.Span, lgPayload)
				head := m.Span.WithEnd(m.Span.EndOffset() - len(m.Text)) // the marker and the space before the text
				p.span(head, lgCode)
			}
			if f := ir.LinguaFieldsOf(m); f != nil && f.Payload != nil {
				p.span(f.Payload.Span, lgPayload)
			}
		}
		if s := line.Signature; s != nil && s.Span.EndOffset() > s.Span.StartOffset() {
			p.segs = append(p.segs, Segment{Start: lineStart(src, s.Span.StartOffset()), End: lineEnd(src, s.Span.EndOffset()-1), Component: lgSignature})
		}
	}
	return linguaComponents, p.segs
}
