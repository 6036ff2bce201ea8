package translate

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
)

// Rosetta -> AgentDSL. AgentDSL carries tables, function declarations, calls
// and results: a do to a tool (or with a Lingua code topic) is a [CALL], a
// done or tell with bindings or a result table a [RESULT] with SUCCESS, a fail
// a [RESULT] with ERROR and the why after its code, a def of functions a
// [FUNCTIONS] block, and csv blocks with schema= a [SCHEMA] and its [DATA].
// Everything else about a message (its id, route, topic, header fields, the
// other slots) is named in one T006 per message; confidence, unknowns and
// marks have their own codes; a message with no counterpart (ask, propose,
// accept, ...) is the error T005.

type r2a struct {
	diags diag.List
	span  func(*ir.Message) diag.Span
	outs  map[string][]string // function -> OUT names (from defs already written)
	call  string              // id of the last do written as a [CALL]
	units []string
}

func newR2A(span func(*ir.Message) diag.Span) *r2a {
	if span == nil {
		span = func(m *ir.Message) diag.Span { return m.Span }
	}
	return &r2a{span: span, outs: map[string][]string{}}
}

func rosettaToAgentDSL(t *ir.Transcript, span func(*ir.Message) diag.Span) ([]byte, diag.List) {
	c := newR2A(span)
	out := c.run(t)
	for _, p := range t.Prose {
		c.diags.Add(diag.Diagnostic{Severity: diag.Warning, Code: CodeLost, Span: p.Span,
			Message: "AgentDSL has no prose: this text outside any message is dropped"})
	}
	return out, c.diags
}

func (c *r2a) run(t *ir.Transcript) []byte {
	c.units = nil
	for _, m := range t.Messages {
		if s := c.message(m); s != "" {
			c.units = append(c.units, s)
		}
	}
	return []byte(strings.Join(c.units, "\n"))
}

func (c *r2a) report(m *ir.Message, sp diag.Span, sev diag.Severity, code, format string, args ...any) {
	id := ""
	if m.Header != nil {
		id = m.Header.ID.Text
	}
	if !sp.IsValid() || c.span(m) != m.Span {
		sp = c.span(m)
	}
	c.diags.Add(diag.Diagnostic{Severity: sev, Code: code, Span: sp, MessageID: id, Message: fmt.Sprintf(format, args...)})
}

// message returns the AgentDSL text of one message, or "".
func (c *r2a) message(m *ir.Message) string {
	if m.Degraded || m.Header == nil {
		c.report(m, m.Span, diag.Warning, CodeLost, "AgentDSL has no prose: this text is dropped")
		return ""
	}
	if a := blockOf(m, "adsl"); a != nil && a.Block.Fmt == "agentdsl" {
		c.track(m)
		return strings.Join(blockLines(a.Block), "\n") + "\n"
	}
	h := m.Header
	var lost []string // parts of the message AgentDSL cannot carry
	var blocks []string
	var b strings.Builder // the message's own block
	var tables []*ir.Block
	var bindings *ir.BindingSlot
	var result *ir.Block
	var why *ir.PlainSlot
	var want *ir.ShapeSlot
	var confAt, unkAt, markAt diag.Span
	var confs []string
	var defs []*ir.Binding
	for _, s := range m.Slots {
		sh := s.Head()
		switch s := s.(type) {
		case *ir.BlockSlot:
			bl := s.Block
			if _, ok := bl.Attr("schema"); ok && bl.Fmt == "csv" && !bl.Unparsed && len(bl.Lines) > 0 {
				tables = append(tables, bl)
				continue
			}
			if bl.Name == "result" && bl.Fmt == "csv" && result == nil && len(bl.Lines) > 0 {
				result = bl
				continue
			}
		case *ir.BindingSlot:
			if h.Act == "def" && sh.Key == "a" && !sh.Verbatim {
				for _, bd := range s.Bindings {
					if funcDecl(bd.Key, bd.Value) && !bd.Neg {
						defs = append(defs, bd)
						if bd.Conf != nil {
							confs = append(confs, "def "+bd.Key)
							if !confAt.IsValid() {
								confAt = bd.Conf.Span
							}
						}
					} else {
						lost = append(lost, "def "+bd.Key)
					}
				}
				continue
			}
			if sh.Key == "a" && bindings == nil && plainBindings(s) && !sh.Verbatim {
				bindings = s
				for _, bd := range s.Bindings {
					if bd.Conf != nil {
						confs = append(confs, "a."+bd.Key)
						if !confAt.IsValid() {
							confAt = bd.Conf.Span
						}
					}
				}
				continue
			}
		case *ir.PlainSlot:
			if sh.Key == "why" && why == nil && h.Act == "fail" {
				why = s
				if s.Conf != nil {
					confs = append(confs, "why")
					if !confAt.IsValid() {
						confAt = s.Conf.Span
					}
				}
				continue
			}
		case *ir.ShapeSlot:
			if want == nil {
				want = s
				continue
			}
		case *ir.MarkSlot:
			if !markAt.IsValid() {
				markAt = sh.Span
			}
			continue
		}
		if sh.Key == "unk" {
			if !unkAt.IsValid() {
				unkAt = sh.Span
			}
			continue
		}
		lost = append(lost, "slot "+sh.Key)
	}
	if markAt.IsValid() {
		c.report(m, markAt, diag.Warning, CodeMarks, "AgentDSL has no marks: the standoff annotations of %s are dropped", h.ID.Text)
	}
	if unkAt.IsValid() {
		c.report(m, unkAt, diag.Warning, CodeUnknowns, "AgentDSL has no known unknowns: the unk of %s is dropped", h.ID.Text)
	}
	if len(confs) > 0 {
		c.report(m, confAt, diag.Warning, CodeConf, "AgentDSL has no confidence: %s of %s dropped", plural(len(confs), "confidence"), strings.Join(confs, ", "))
	}
	for _, t := range tables {
		bs, notes := tableBlocks(t)
		blocks = append(blocks, bs...)
		lost = append(lost, notes...)
	}
	x := map[string]string{}
	for _, f := range h.Fields {
		switch {
		case f.Key == "x_fn" || f.Key == "x_cols":
			x[f.Key] = f.Value
		case f.Key == "re" && (f.Value == c.call) && (h.Act == "done" || h.Act == "fail"):
		default:
			lost = append(lost, f.Key+"="+f.Value)
		}
	}
	if msgIDAgent(h.ID.Text) != dslAgent {
		lost = append(lost, "id "+h.ID.Text)
	}
	if h.Sender != h.ID.Agent {
		lost = append(lost, "sender "+h.Sender)
	}
	if tp := writtenTopic(m); tp != "" && !(h.Act == "do" && !hasTool(m)) {
		lost = append(lost, "topic #"+tp)
	}
	switch h.Act {
	case "def":
		if len(defs) > 0 {
			b.WriteString("[FUNCTIONS]\n")
			for i, d := range defs {
				if i > 0 {
					b.WriteByte('\n')
				}
				b.WriteString("[" + d.Key + "]\n")
				v := declLines(d.Value)
				b.WriteString(v + "\n")
				c.outs[d.Key] = outNames(v)
			}
		}
		c.routeLost(m, &lost, "")
	case "do":
		name := x["x_fn"]
		tool := ""
		for _, tg := range writtenTargets(m) {
			if n, ok := strings.CutPrefix(tg.Text, "@tool:"); ok && tool == "" {
				tool = n
			}
		}
		if name == "" {
			name = tool
		}
		if name == "" {
			if tp := writtenTopic(m); tp != "" {
				name = strings.ToUpper(strings.ReplaceAll(tp, ".", "_"))
			}
		}
		if name == "" {
			c.report(m, h.ActSpan, diag.Error, CodeNoCounter, "a do with no @tool: target has no AgentDSL counterpart ([CALL] needs a function name): %s is not translated", h.ID.Text)
			return strings.Join(blocks, "\n")
		}
		c.routeLost(m, &lost, "@tool:"+tool)
		b.WriteString("[CALL]\n[" + name + "]\n")
		if bindings != nil {
			for _, bd := range bindings.Bindings {
				b.WriteString(bd.Key + ":" + bd.Value + "\n")
			}
		}
		if want != nil && !sameNames(want.Shape, c.outs[name]) {
			lost = append(lost, "slot want")
		}
		c.call = h.ID.Text
	case "done", "tell", "fail":
		if h.Act == "tell" && bindings == nil && result == nil {
			if len(tables) == 0 {
				c.report(m, h.ActSpan, diag.Error, CodeNoCounter, "a tell with no bindings and no tables has no AgentDSL counterpart: %s is not translated", h.ID.Text)
			}
			c.routeLost(m, &lost, "")
			break
		}
		c.routeLost(m, &lost, "")
		if want != nil {
			lost = append(lost, "slot want")
		}
		b.WriteString("[RESULT]\n")
		switch {
		case result != nil:
			head, rows, notes := csvTable("txt "+result.Name, result)
			if resultHead(head) {
				lost = append(lost, notes...)
				b.WriteString("[" + head + "]\n")
				for _, r := range rows {
					b.WriteString(r + "\n")
				}
			} else {
				lost = append(lost, "table txt "+result.Name+" (columns "+head+" are not an AgentDSL [RESULT] header)")
			}
			if bindings != nil {
				lost = append(lost, "slot a (beside a result table)")
			}
		case bindings != nil:
			cols := x["x_cols"]
			if cols != "" && !resultHead(cols) {
				// Not a header AgentDSL reads: the bindings are typed as
				// if there were none, and the x_cols field is named.
				lost = append(lost, "x_cols="+cols+" (not an AgentDSL [RESULT] header)")
				cols = ""
			}
			var cells []string
			if cols == "" {
				var cs []string
				for _, bd := range bindings.Bindings {
					cell, typ := dslCell(bd.Value)
					cs = append(cs, bd.Key+":"+typ)
					cells = append(cells, cell)
				}
				cols = strings.Join(cs, "|")
				b.WriteString("[" + cols + "]\n" + strings.Join(cells, "|") + "\n")
			} else {
				for _, bd := range bindings.Bindings {
					cells = append(cells, bd.Value)
				}
				head, rows, notes := dslTable("the a bindings", strings.Split(cols, "|"), [][]string{cells})
				lost = append(lost, notes...)
				b.WriteString("[" + head + "]\n")
				for _, r := range rows {
					b.WriteString(r + "\n")
				}
			}
		}
		b.WriteString("[STATUS:str]\n")
		if h.Act == "fail" {
			b.WriteString("ERROR\n[ERROR:str]\n")
			msg := ""
			code := ""
			if why != nil {
				code, msg, _ = strings.Cut(why.Text, " ")
			}
			if !isFailureCode(code) {
				msg = strings.TrimSpace(code + " " + msg)
				code = ""
			}
			if msg == "" {
				msg = "failed"
				if code != "" {
					msg = code
				}
			}
			if code != "" && closestCode(msg) != code {
				lost = append(lost, "failure code "+code)
			}
			b.WriteString(strings.ReplaceAll(msg, "\n", " ") + "\n")
		} else {
			b.WriteString("SUCCESS\n[ERROR:str]\n")
		}
	default:
		if len(tables) > 0 {
			lost = append(lost, "act "+h.Act)
			break
		}
		c.report(m, h.ActSpan, diag.Error, CodeNoCounter, "AgentDSL has no counterpart for %s (%s): it is not translated", h.Act, h.ID.Text)
		return ""
	}
	if len(lost) > 0 {
		c.report(m, h.Span, diag.Warning, CodeLost, "AgentDSL cannot carry %s of %s: dropped", strings.Join(lost, ", "), h.ID.Text)
	}
	if b.Len() > 0 {
		blocks = append(blocks, b.String())
	}
	return strings.Join(blocks, "\n")
}

// track keeps what a verbatim unit declares or calls, for the messages after it.
func (c *r2a) track(m *ir.Message) {
	if m.Header.Act == "do" {
		c.call = m.Header.ID.Text
	}
}

// routeLost names the route when it is not the one the AgentDSL form implies.
func (c *r2a) routeLost(m *ir.Message, lost *[]string, implied string) {
	ts := writtenTargets(m)
	if len(ts) == 0 {
		return
	}
	var names []string
	for _, t := range ts {
		if t.Text != implied {
			names = append(names, t.Text)
		}
	}
	if len(names) > 0 {
		*lost = append(*lost, "route >"+strings.Join(names, ","))
	}
}

func hasTool(m *ir.Message) bool {
	for _, t := range writtenTargets(m) {
		if strings.HasPrefix(t.Text, "@tool:") {
			return true
		}
	}
	return false
}

// tableBlocks writes a csv block with schema= as its [SCHEMA] and [DATA]
// blocks, and names what the rows could not carry (dslTable).
func tableBlocks(bl *ir.Block) ([]string, []string) {
	label, _ := bl.Attr("schema")
	head, rows, notes := csvTable("txt "+bl.Name, bl)
	if !schemaHead(label, head) {
		return nil, []string{"table txt " + bl.Name + " (schema=" + label + " with columns " + head + " is not an AgentDSL schema)"}
	}
	var d strings.Builder
	d.WriteString("[DATA]\n")
	for _, r := range rows {
		d.WriteString(r + "\n")
	}
	return []string{"[SCHEMA:" + label + "]\n" + head + "\n", d.String()}, notes
}

// dslCell writes a Rosetta value as an AgentDSL cell and its type: str when
// the text is a plain cell, else any with the text as a JSON string.
func dslCell(v string) (string, string) {
	if v != "" && v != "_" && !strings.ContainsAny(v, "|,\n") && strings.TrimSpace(v) == v {
		return v, "str"
	}
	j, _ := json.Marshal(v)
	return string(j), "any"
}

// declLines writes a def binding's value, DESC[...] IN[...] OUT[...] on one
// line, as the lines of an AgentDSL function entry.
func declLines(v string) string {
	for _, k := range []string{" IN[", " OUT["} {
		v = strings.Replace(v, "]"+k, "]\n"+k[1:], 1)
	}
	return v
}

// funcDecl reports whether a def binding is an AgentDSL function declaration
// that reads back as one: it parses, has its DESC, and every field has a
// known type. Any other def binding is named in the T025 rather than written
// as a [FUNCTIONS] entry the AgentDSL checker would reject.
func funcDecl(name, v string) bool {
	if !strings.HasPrefix(v, "DESC[") {
		return false
	}
	doc, ds := agentdsl.Parse(diag.NewSource("", []byte("[FUNCTIONS]\n["+name+"]\n"+declLines(v)+"\n")))
	if len(ds) > 0 || len(doc.Blocks) != 1 {
		return false
	}
	fs, ok := doc.Blocks[0].(*ir.DSLFunctions)
	if !ok || len(fs.Funcs) != 1 || fs.Funcs[0].Name != name || fs.Funcs[0].Desc == nil {
		return false
	}
	for _, cs := range []*ir.DSLColumns{fs.Funcs[0].In, fs.Funcs[0].Out} {
		if cs != nil && !validColumns(cs.Columns) {
			return false
		}
	}
	return true
}

func outNames(decl string) []string {
	i := strings.Index(decl, "OUT[")
	if i < 0 {
		return nil
	}
	body := strings.TrimSuffix(strings.SplitN(decl[i+4:], "\n", 2)[0], "]")
	var out []string
	for _, c := range strings.Split(body, "|") {
		n, _, _ := strings.Cut(c, ":")
		out = append(out, n)
	}
	return out
}

func sameNames(sh ir.Shape, names []string) bool {
	if len(sh.Fields) != len(names) || len(sh.Acts) > 0 {
		return false
	}
	for i, f := range sh.Fields {
		if f.Name != names[i] || f.Type != "" || f.Optional {
			return false
		}
	}
	return true
}
