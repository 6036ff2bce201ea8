package translate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rosettac/rosettac/diag"
	agentdsl "github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
)

// AgentDSL -> Rosetta (docs/translation.md). A document is cut into units:
// [FUNCTIONS] (a def), [CALL] (a do to @tool:name), [RESULT] with the tables
// just before it (a done or a fail), and runs of tables (a tell). Each unit is
// read back through rosettaToAgentDSL; when that does not give the unit's
// canonical text, its message also carries the exact text in a
// `txt adsl @agentdsl` block, which wins on the way back.

const dslAgent = "adsl"

type a2r struct {
	diags diag.List
	seq   int
	call  string              // id of the last do written
	outs  map[string][]string // function -> OUT field names
	back  *r2a

	doc       diag.Span      // the document's start: where a unit without a span (from_json's [JSON] block) is reported
	last      *ir.Transcript // the last unit read back: its messages are the output's
	lastDiags diag.List
}

func fromAgentDSL(d *ir.DSLDoc, to ir.Language) ([]byte, diag.List) {
	switch to {
	case ir.AgentDSL:
		return agentdsl.Print(d), nil
	case ir.Rosetta:
		tr, _, ds := agentDSLToRosetta(d)
		return printRosetta(tr), ds
	case ir.Lingua:
		tr, spans, ds := agentDSLToRosetta(d)
		c := newR2L(spanMap(tr, spans))
		out := c.run(tr)
		return out, append(ds, c.diags...)
	case ir.JSON:
		return agentDSLJSON(d)
	}
	return nil, unsupported(ir.AgentDSL, to, d.Span)
}

func agentDSLToRosetta(d *ir.DSLDoc) (*ir.Transcript, []diag.Span, diag.List) {
	c := &a2r{outs: map[string][]string{}, back: newR2A(nil), doc: d.Span.Collapse()}
	var units [][]ir.DSLBlock
	var pending []ir.DSLBlock
	for _, bl := range d.Blocks {
		switch bl.(type) {
		case *ir.DSLSchema, *ir.DSLData:
			pending = append(pending, bl)
		case *ir.DSLResult:
			units = append(units, append(pending, bl))
			pending = nil
		default:
			if pending != nil {
				units = append(units, pending)
				pending = nil
			}
			units = append(units, []ir.DSLBlock{bl})
		}
	}
	if pending != nil {
		units = append(units, pending)
	}
	var out []*ir.Message // the units as read back (each parsed once, for its check)
	var outDiags diag.List
	var spans []diag.Span
	for _, u := range units {
		want := string(agentdsl.Print(&ir.DSLDoc{Blocks: u}))
		m, force := c.unit(u)
		if got := ""; force || m.bad || func() bool { got = c.roundTrip(m); return got != want }() {
			m.carryExact("adsl", "agentdsl", want)
			c.diags.Add(diag.Diagnostic{Severity: diag.Info, Code: CodeVerbatim, Span: m.src, MessageID: m.id,
				Message: "this AgentDSL unit is also carried as its exact text (txt adsl @agentdsl in " + m.id + "), so the round trip keeps every byte",
				Hint:    "the Rosetta slots beside it are a readable view; the adsl block is what translates back"})
			if got = c.roundTrip(m); got != want {
				c.diags.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeInternal, Span: m.src,
					Message: fmt.Sprintf("translation of this unit does not read back (got %q)", got)})
			}
		}
		out = append(out, c.last.Messages...)
		outDiags = append(outDiags, c.lastDiags...)
		spans = append(spans, m.src)
	}
	tr, ds := &ir.Transcript{Messages: out}, outDiags
	for _, dg := range ds {
		if dg.Severity == diag.Error {
			dg.Code, dg.Message = CodeInternal, "translated Rosetta does not parse: "+dg.Message
			c.diags.Add(dg)
		}
	}
	return tr, spans, c.diags
}

func (c *a2r) roundTrip(m *rmsg) string {
	c.last, _, c.lastDiags = rosettaDoc([]*rmsg{m})
	c.back.diags = nil
	return string(c.back.run(c.last))
}

func (c *a2r) newMsg(sp diag.Span, act string) *rmsg {
	c.seq++
	if !sp.IsValid() {
		sp = c.doc
	}
	return &rmsg{src: sp, id: dslAgent + strconv.Itoa(c.seq), act: act}
}

// unit translates one unit into one message.
func (c *a2r) unit(u []ir.DSLBlock) (*rmsg, bool) {
	sp := u[0].Pos().WithEnd(u[len(u)-1].Pos().EndOffset())
	force := false
	var tables []string
	last := u[len(u)-1]
	for i := 0; i < len(u); i++ {
		s, ok := u[i].(*ir.DSLSchema)
		if !ok {
			if _, isData := u[i].(*ir.DSLData); isData {
				force = true // rows with no schema before them
			}
			continue
		}
		if s.Broken || s.Columns == nil {
			force = true
			continue
		}
		lines := []string{csvLine(columnStrings(s.Columns))}
		if i+1 < len(u) {
			if d, ok := u[i+1].(*ir.DSLData); ok {
				for _, r := range d.Rows {
					lines = append(lines, csvLine(rowCells(&r)))
				}
				i++
			}
		}
		tables = append(tables, blockSlot(blockName(s.Label), "csv", [][2]string{{"schema", s.Label}}, lines))
	}
	switch b := last.(type) {
	case *ir.DSLFunctions:
		m := c.newMsg(sp, "def")
		var kv [][2]string
		for _, f := range b.Funcs {
			var t strings.Builder
			doc := agentdsl.Print(&ir.DSLDoc{Blocks: []ir.DSLBlock{&ir.DSLFunctions{Funcs: []*ir.DSLFunction{f}}}})
			lines := strings.Split(strings.TrimSuffix(string(doc), "\n"), "\n")
			t.WriteString(strings.Join(lines[2:], " "))
			if !isBindingKey(f.Name) || t.Len() == 0 {
				force = true
				continue
			}
			kv = append(kv, [2]string{f.Name, t.String()})
			if f.Out != nil {
				c.outs[f.Name] = columnNames(f.Out.Columns)
			}
		}
		if len(kv) > 0 {
			m.slots = append(m.slots, bindingsSlot("", kv))
		}
		return m, force || len(kv) == 0
	case *ir.DSLCall:
		m := c.newMsg(sp, "do")
		name := b.Name
		tool := strings.ToLower(name)
		if !isIdentName(tool) {
			return m, true
		}
		m.route = []string{"@tool:" + tool}
		if tool != name {
			m.field("x_fn", name)
		}
		var kv [][2]string
		for _, p := range b.Params {
			if !isBindingKey(p.Name) {
				force = true
				continue
			}
			kv = append(kv, [2]string{p.Name, p.Value})
		}
		if len(kv) > 0 {
			m.slots = append(m.slots, bindingsSlot("a", kv))
		}
		if outs := c.outs[name]; len(outs) > 0 {
			m.slots = append(m.slots, " want {"+strings.Join(outs, ", ")+"}")
		}
		c.call = m.id
		return m, force
	case *ir.DSLResult:
		if b.Broken || b.Status == nil {
			return c.newMsg(sp, "note"), true
		}
		var m *rmsg
		switch b.Status.Text {
		case "SUCCESS":
			m = c.newMsg(sp, "done")
			if b.Error != nil {
				force = true
			}
		case "ERROR":
			m = c.newMsg(sp, "fail")
			msg := ""
			if b.Error != nil {
				msg = b.Error.Text
			}
			if msg == "" {
				force = true
			}
			m.slots = append(m.slots, strings.TrimRight(" why "+closestCode(msg)+" "+msg, " "))
		default:
			return c.newMsg(sp, "note"), true
		}
		if c.call != "" {
			m.field("re", c.call)
		}
		m.slots = append(m.slots, tables...)
		if b.Header != nil {
			cols := columnStrings(b.Header.Columns)
			if len(b.Rows) == 1 && b.Status.Text == "SUCCESS" {
				var kv [][2]string
				for i, col := range b.Header.Columns {
					if i < len(b.Rows[0].Cells) {
						kv = append(kv, [2]string{col.Name, b.Rows[0].Cell(i)})
					}
				}
				m.field("x_cols", strings.Join(cols, "|"))
				m.slots = append(m.slots, bindingsSlot("a", kv))
			} else {
				lines := []string{csvLine(cols)}
				for _, r := range b.Rows {
					lines = append(lines, csvLine(rowCells(&r)))
				}
				m.slots = append(m.slots, blockSlot("result", "csv", nil, lines))
			}
		}
		return m, force
	case *ir.DSLSchema, *ir.DSLData:
		m := c.newMsg(sp, "tell")
		m.slots = tables
		return m, force || len(tables) == 0
	}
	return c.newMsg(sp, "note"), true
}

// closestCode is the Rosetta failure code closest to an AgentDSL error
// message, by its words; upstream when nothing matches.
func closestCode(msg string) string {
	l := strings.ToLower(msg)
	for _, k := range closestWords {
		for _, w := range k.words {
			if strings.Contains(l, w) {
				return k.code
			}
		}
	}
	return "upstream"
}

var closestWords = []struct {
	code  string
	words []string
}{
	{"notfound", []string{"not found", "no such", "unknown", "does not exist", "missing"}},
	{"denied", []string{"denied", "permission", "forbidden", "unauthorized", "not allowed"}},
	{"timeout", []string{"timeout", "timed out", "time out"}},
	{"busy", []string{"rate limit", "too many", "busy", "overloaded"}},
	{"budget", []string{"budget", "quota", "limit exceeded"}},
	{"malformed", []string{"invalid", "malformed", "parse", "bad request", "wrong type"}},
	{"unsupported", []string{"unsupported", "not supported", "not implemented"}},
	{"empty", []string{"no result", "empty", "nothing found"}},
	{"conflict", []string{"conflict", "already exists", "duplicate"}},
	{"stale", []string{"stale", "expired", "outdated"}},
	{"unsafe", []string{"unsafe", "refused", "dangerous"}},
	{"ambiguous", []string{"ambiguous"}},
}

func blockName(label string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(label) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		s = "t" + s
	}
	return s
}

func columnStrings(cols []*ir.DSLColumn) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = agentdsl.ColumnString(c)
	}
	return out
}

func columnNames(cols []*ir.DSLColumn) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.Name
	}
	return out
}

func rowCells(r *ir.DSLRow) []string {
	out := make([]string, len(r.Cells))
	for i := range r.Cells {
		out[i] = r.Cell(i)
	}
	return out
}

// csvLine writes cells as one RFC 4180 line: a cell with a comma, a quote or
// surrounding space is quoted, quotes doubled.
func csvLine(cells []string) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(',')
		}
		if c == "" || strings.ContainsAny(c, ",\"") || strings.TrimSpace(c) != c {
			b.WriteString(`"` + strings.ReplaceAll(c, `"`, `""`) + `"`)
		} else {
			b.WriteString(c)
		}
	}
	return b.String()
}

// csvCells reads one line written by csvLine (or any RFC 4180 line).
func csvCells(line string) []string {
	var out []string
	for i := 0; ; {
		if i < len(line) && line[i] == '"' {
			var b strings.Builder
			j := i + 1
			for j < len(line) {
				if line[j] == '"' {
					if j+1 < len(line) && line[j+1] == '"' {
						b.WriteByte('"')
						j += 2
						continue
					}
					j++
					break
				}
				b.WriteByte(line[j])
				j++
			}
			out = append(out, b.String())
			i = j
		} else {
			k := strings.IndexByte(line[i:], ',')
			if k < 0 {
				out = append(out, line[i:])
				return out
			}
			out = append(out, line[i:i+k])
			i += k
		}
		if i >= len(line) {
			return out
		}
		i++ // the comma
	}
}
