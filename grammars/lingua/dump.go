package lingua

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// Dump writes doc as a compact, stable outline, one node per line with its
// line:col span: the debug form golden files compare.
func Dump(doc *ir.LinguaTranscript) string {
	var b strings.Builder
	for _, it := range doc.Items {
		switch it := it.(type) {
		case *ir.LinguaProse:
			fmt.Fprintf(&b, "prose %s %q\n", span(it.Span.Start().Line, it.Span.Start().Col), it.Text)
		case *ir.LinguaLine:
			fmt.Fprintf(&b, "line %s\n", span(it.Span.Start().Line, it.Span.Start().Col))
			for _, m := range it.Messages {
				dumpMessage(&b, m)
			}
			if s := it.Signature; s != nil {
				fmt.Fprintf(&b, "  signature %s version=%q source=%q\n", span(s.Span.Start().Line, s.Span.Start().Col), s.Version, s.Source)
			}
		}
	}
	for _, s := range doc.Sessions {
		fmt.Fprintf(&b, "session %q mode=%q keyed=%v encrypted=%d ended=%v\n", s.ID, s.Mode, s.Keyed, s.Encrypted, s.EndSpan.IsValid())
	}
	return b.String()
}

func span(line, col int) string { return strconv.Itoa(line) + ":" + strconv.Itoa(col) }

func dumpMessage(b *strings.Builder, m ir.LinguaMessage) {
	pos := m.Pos().Start()
	at := span(pos.Line, pos.Col)
	switch m := m.(type) {
	case *ir.LinguaNatural:
		fmt.Fprintf(b, "  natural %s %q\n", at, m.Text)
		return
	case *ir.LinguaBad:
		fmt.Fprintf(b, "  bad %s %q\n", at, m.Text)
		return
	case *ir.LinguaRequest:
		fmt.Fprintf(b, "  request %s domain=%c action=%c", at, m.Domain, m.Action)
		if m.Modifier != 0 {
			fmt.Fprintf(b, " modifier=%c", m.Modifier)
		}
	case *ir.LinguaResponse:
		fmt.Fprintf(b, "  response %s status=%c", at, m.Status)
	case *ir.LinguaError:
		fmt.Fprintf(b, "  error %s type=%c", at, m.Type)
		if m.Sub != 0 {
			fmt.Fprintf(b, " sub=%c", m.Sub)
		}
		if m.Details != "" {
			fmt.Fprintf(b, " details=%q", m.Details)
		}
	}
	f := ir.LinguaFieldsOf(m)
	if f.Session != "" {
		fmt.Fprintf(b, " session=%q", f.Session)
	}
	if f.Ended {
		b.WriteString(" ended")
	}
	b.WriteByte('\n')
	if t := f.Target; t != nil {
		fmt.Fprintf(b, "    target %q kind=%d name=%q\n", t.Text, t.Kind, t.Name)
	}
	if id := f.ID; id != nil {
		fmt.Fprintf(b, "    id %q\n", id.Text)
	}
	if t := f.Time; t != nil {
		fmt.Fprintf(b, "    time %q kind=%d", t.Text, t.Kind)
		switch t.Kind {
		case ir.TimeUnix, ir.TimeISO:
			fmt.Fprintf(b, " instant=%s", t.Instant.Format("2006-01-02T15:04:05Z07:00"))
		default:
			fmt.Fprintf(b, " duration=%s", t.Duration)
		}
		b.WriteByte('\n')
	}
	for _, c := range f.Conds {
		if c.Of != 0 {
			fmt.Fprintf(b, "    cond %q partition=%d/%d\n", c.Text, c.Part, c.Of)
		} else {
			fmt.Fprintf(b, "    cond %q type=%c op=%c value=%q\n", c.Text, c.Type, c.Op, c.Value)
		}
	}
	for _, x := range f.Extra {
		fmt.Fprintf(b, "    extra %q\n", x.Text)
	}
	if p := f.Payload; p != nil {
		fmt.Fprintf(b, "    payload kind=%d %q\n", p.Kind, p.Text)
		if d := p.Decoded; d != nil {
			switch {
			case d.JSON != nil:
				fmt.Fprintf(b, "      json %s\n", jsonvalue.Compact(d.JSON))
			case d.Binary:
				fmt.Fprintf(b, "      binary %d bytes\n", d.Size)
			default:
				fmt.Fprintf(b, "      text %q\n", d.Text)
			}
			if d.Decrypted {
				b.WriteString("      decrypted\n")
			}
			if h := d.Handshake; h != nil {
				fmt.Fprintf(b, "      handshake answer=%v version=%q security=%q session=%q\n", h.Answer, h.Version, h.Security, h.Session)
			}
		}
	}
}
