package text

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/internal/rosblock"
	"github.com/rosettac/rosettac/internal/rostime"
	"github.com/rosettac/rosettac/ir"
)

// The corpus the whole-rendering properties are checked on: the hand-built
// transcript, rosettac's own examples and, once a Rosetta front end is
// registered, what it makes of them.
func rosettaCorpus(t *testing.T) map[string]*ir.Transcript {
	t.Helper()
	corpus := map[string]*ir.Transcript{"handbuilt": handBuilt()}
	files, _ := filepath.Glob("../../golden/testdata/render/own/*.rose")
	if md := os.Getenv("ROSETTAC_EXAMPLES"); md != "" {
		files = append(files, md)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res := compiler.Check(f, src, compiler.Options{From: ir.Rosetta})
		if tr, ok := res.Doc.(*ir.Transcript); ok && tr != nil {
			corpus[filepath.Base(f)] = tr
		}
	}
	return corpus
}

// TestRosettaLossless is invariant I-7: every value of a message's IR (each
// header field, binding key and value, confidence, list item, reference,
// want field and type, block attribute and line, mark) appears in its full
// rendering, in both languages.
func TestRosettaLossless(t *testing.T) {
	for name, tr := range rosettaCorpus(t) {
		for _, lang := range []string{"en", "zh"} {
			r := newRosRenderer(Options{Lang: lang, View: "full"})
			for _, m := range tr.Messages {
				full := strings.Join(r.message(m), "\n")
				id := "?"
				if m.Header != nil {
					id = m.Header.ID.Text
				}
				for _, want := range r.values(m) {
					if !want.in(full) {
						t.Errorf("%s %s %s: %s %q missing from\n%s", name, lang, id, want.what, want.text, full)
					}
				}
			}
		}
	}
}

// TestRosettaLosslessCanFail: the check finds what a filtering view leaves out.
func TestRosettaLosslessCanFail(t *testing.T) {
	r := newRosRenderer(Options{Lang: "en", View: "clean"})
	m := handBuilt().Messages[2]
	clean := strings.Join(r.message(m), "\n")
	missing := 0
	for _, v := range r.values(m) {
		if !v.in(clean) {
			missing++
		}
	}
	if missing == 0 {
		t.Error("the clean view of a message with bindings and marks lost nothing: the check cannot fail")
	}
}

// irValue is one IR value and the texts it may show as (a mark shows in the
// margin or in the list).
type irValue struct {
	what string
	text []string
}

func (v irValue) in(full string) bool {
	for _, t := range v.text {
		if strings.Contains(full, t) {
			return true
		}
	}
	return false
}

// values lists, field by field, the text each IR value must show as.
func (r *rosRenderer) values(m *ir.Message) []irValue {
	var out []irValue
	add := func(what string, alts ...string) {
		if alts[0] != "" {
			for i := range alts {
				alts[i] = termSafe(alts[i])
			}
			out = append(out, irValue{what, alts})
		}
	}
	if h := m.Header; h != nil {
		add("sender", h.Sender)
		add("act", rosActWords[h.Act].in(r.zh))
		for _, tg := range h.Targets {
			add("target", r.target(tg.Text))
		}
		if h.Topic != "" {
			add("topic", "#"+h.Topic)
		}
		for _, f := range h.Fields {
			v := f.Key + "=" + f.Value
			switch f.Key {
			case "re":
				v = f.Value
			case "src":
				v = strings.TrimLeft(f.Value, "@")
			case "pri", "sens":
				if w, ok := rosPriWords[f.Value]; ok && f.Key == "pri" {
					v = w.in(r.zh)
				} else if w, ok := rosSensWords[f.Value]; ok && f.Key == "sens" {
					v = w.in(r.zh)
				}
			case "at":
				if tm, ok := rostime.Parse(f.Value, m.Epoch); ok {
					v = rostime.ISOZ(tm)
				}
			case "ttl":
				v = f.Value
			}
			add("header field "+f.Key, v)
		}
	}
	for _, s := range m.Slots {
		h := s.Head()
		switch s := s.(type) {
		case *ir.PlainSlot:
			for _, l := range strings.Split(r.prose(strings.TrimSpace(s.Text)), "\n") {
				if h.Key != "why" || rosFailCode(m) == "" {
					add(h.Key+" text", strings.TrimSpace(l))
				}
			}
			add(h.Key+" conf", r.conf(s.Conf))
		case *ir.BindingSlot:
			for _, b := range s.Bindings {
				add("binding", b.Key+": "+r.bindingValue(b)+r.conf(b.Conf))
			}
			if len(s.Bindings) == 0 {
				add(h.Key+" text", r.prose(strings.TrimSpace(s.Text))+r.conf(s.Conf))
			}
		case *ir.ListSlot:
			for _, it := range s.Items {
				add("list item", r.prose(it.Text))
			}
		case *ir.RefSlot:
			for _, ref := range h.Refs {
				add("reference", r.refWords(ref.Text))
			}
		case *ir.ShapeSlot:
			for _, f := range s.Shape.Fields {
				add("want field", f.Name)
				add("want type", f.Type)
			}
			for _, a := range s.Shape.Acts {
				w := a
				if aw, ok := rosActWords[a]; ok {
					w = aw.in(r.zh)
				}
				add("want act", w)
			}
		case *ir.BlockSlot:
			b := s.Block
			if b == nil {
				continue
			}
			add("block name", rosSlotWords["txt"].in(r.zh)+" "+b.Name)
			add("block lang", b.Lang)
			if b.Fmt != "txt" {
				add("block fmt", b.Fmt)
			}
			for _, a := range b.Attrs {
				v := a.Key + "=" + a.Value
				if from, to, ok := rosblock.Window(b); ok && a.Key == "win" {
					v = strconv.Itoa(from) + r.g.enDash + strconv.Itoa(to)
				} else if a.Key == "src" {
					v = strings.TrimLeft(a.Value, "@")
				}
				add("block attribute", v)
			}
			for _, l := range b.Lines {
				add("block line", termSafeTail(l.Text))
			}
		case *ir.MarkSlot:
			for _, mk := range s.Marks {
				add("mark value", mk.Value+r.conf(mk.Conf))
				sym := r.g.annotate
				if mk.Op == '>' {
					sym = r.g.replace
				}
				add("mark address", r.g.bullet+" "+mk.Addr.Text+": ", sym+" "+markLabel(mk.Addr.Text)+" ")
				if mk.Op == '>' {
					add("mark op", rosWordReplace.in(r.zh)+mk.Value)
				}
			}
		}
	}
	return out
}

// TestRosettaRenderingShape: no line of any rendering (every language, view
// and glyph set) ends in whitespace, --ascii output is ASCII except agent text
// and Chinese words, and rendering twice gives the same bytes.
func TestRosettaRenderingShape(t *testing.T) {
	for name, tr := range rosettaCorpus(t) {
		said := agentText(tr)
		for _, lang := range []string{"en", "zh"} {
			for _, view := range []string{"full", "decision", "audit", "human_task", "content", "clean"} {
				for _, ascii := range []bool{false, true} {
					opt := Options{Lang: lang, View: view, ASCII: ascii}
					a, _ := Render(tr, opt)
					b, _ := Render(tr, opt)
					if string(a) != string(b) {
						t.Errorf("%s %+v: two renderings differ", name, opt)
					}
					for i, l := range strings.Split(string(a), "\n") {
						if c, _ := utf8.DecodeLastRuneInString(l); l != "" && unicode.IsSpace(c) {
							t.Errorf("%s %+v: line %d ends in whitespace: %q", name, opt, i+1, l)
						}
						if ascii && lang == "en" {
							for _, g := range []string{"→", "─", "│", "▲", "▶", "·", "–", "—", "⚠"} {
								if strings.Contains(l, g) && !strings.Contains(said, g) {
									t.Errorf("%s %+v: line %d has %q: %q", name, opt, i+1, g, l)
								}
							}
						}
					}
				}
			}
		}
	}
}

// agentText is everything the agents wrote in tr, which --ascii leaves as is.
func agentText(tr *ir.Transcript) string {
	var b strings.Builder
	for _, m := range tr.Messages {
		for _, s := range m.Slots {
			b.WriteString(s.Head().Raw + "\n")
			if bs, ok := s.(*ir.BlockSlot); ok && bs.Block != nil {
				for _, l := range bs.Block.Lines {
					b.WriteString(l.Text + "\n")
				}
			}
			if ms, ok := s.(*ir.MarkSlot); ok {
				for _, mk := range ms.Marks {
					b.WriteString(mk.Addr.Text + mk.Value + "\n")
				}
			}
		}
	}
	return b.String()
}
