package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/rosettac/rosettac/emit/tokens"
)

// kindLabels describe each kind of case in the summary.
var kindLabels = map[string]string{
	"pair":   "short exchanges",
	"long":   "long conversation",
	"mesh":   "mesh conversation, wire only",
	"table":  "tables and records",
	"lingua": "Lingua messages",
}

// change formats the relative change from base to n, as "-21.4%".
func change(n, base int) string {
	if base == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%+.1f%%", 100*float64(n-base)/float64(base))
}

// saving formats how much smaller n is than base, as "53%" (negative when larger).
func saving(n, base int) string {
	if base == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*(1-float64(n)/float64(base)))
}

func num(n int) string {
	s := fmt.Sprint(n)
	if n < 10000 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// table is a markdown table under construction.
type table struct {
	b strings.Builder
}

func newTable(cols ...string) *table {
	t := &table{}
	t.row(cols...)
	seps := make([]string, len(cols))
	for i := range seps {
		seps[i] = "---"
	}
	t.row(seps...)
	return t
}

func (t *table) row(cells ...string) {
	t.b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
}

func (t *table) String() string { return t.b.String() }

// encCols returns column names "<enc> <what>" for every encoding.
func encCols(what ...string) []string {
	var out []string
	for _, enc := range tokens.Encodings {
		for _, w := range what {
			out = append(out, enc+" "+w)
		}
	}
	return out
}

// group is the rows of one kind against one baseline, summed.
type group struct {
	Kind, Format, Baseline string
	Rows                   []comparison
	F, B                   counts
	Larger                 []int // per encoding: cases where the format is larger
	Min, Max               []float64
}

func (g *group) label() string {
	return fmt.Sprintf("%s vs %s, %s", g.Format, g.Baseline, kindLabels[g.Kind])
}

func groups(rows []comparison) []*group {
	var out []*group
	for _, r := range rows {
		var g *group
		for _, x := range out {
			if x.Kind == r.Case.Kind && x.Format == r.Format && x.Baseline == r.Baseline {
				g = x
			}
		}
		if g == nil {
			n := len(tokens.Encodings)
			g = &group{Kind: r.Case.Kind, Format: r.Format, Baseline: r.Baseline,
				F: make(counts, n), B: make(counts, n), Larger: make([]int, n),
				Min: make([]float64, n), Max: make([]float64, n)}
			for e := range g.Min {
				g.Min[e], g.Max[e] = math.Inf(1), math.Inf(-1)
			}
			out = append(out, g)
		}
		g.Rows = append(g.Rows, r)
		for e := range r.F {
			g.F[e] += r.F[e]
			g.B[e] += r.B[e]
			if r.F[e] > r.B[e] {
				g.Larger[e]++
			}
			if r.B[e] > 0 {
				c := 100 * float64(r.F[e]-r.B[e]) / float64(r.B[e])
				g.Min[e] = math.Min(g.Min[e], c)
				g.Max[e] = math.Max(g.Max[e], c)
			}
		}
	}
	return out
}

// sections are the rendered parts of the report.
type sections struct {
	Claims,
	Headlines, Summary, ByCase, Mesh, Projection, Fmt, Components, Negatives string
}

func render(r *results) sections {
	var s sections
	gs := groups(r.Rows)

	// Headlines and summary.
	var hl strings.Builder
	sum := newTable(append([]string{"comparison", "cases"}, encCols("format", "baseline", "change", "per-case range", "cases larger")...)...)
	for _, g := range gs {
		cells := []string{g.label(), fmt.Sprint(len(g.Rows))}
		var parts []string
		for e, enc := range tokens.Encodings {
			cells = append(cells, num(g.F[e]), num(g.B[e]), change(g.F[e], g.B[e]),
				fmt.Sprintf("%+.1f%% to %+.1f%%", g.Min[e], g.Max[e]), fmt.Sprintf("%d of %d", g.Larger[e], len(g.Rows)))
			parts = append(parts, fmt.Sprintf("%s %s vs %s tokens (%s)", enc, num(g.F[e]), num(g.B[e]), change(g.F[e], g.B[e])))
		}
		sum.row(cells...)
		verdict := "smaller"
		switch {
		case g.F[0] > g.B[0] && g.F[1] > g.B[1]:
			verdict = "**larger**"
		case g.F[0] > g.B[0] || g.F[1] > g.B[1]:
			verdict = "**larger under one encoding**"
		}
		fmt.Fprintf(&hl, "- %s (%s): %s; %s.\n", g.label(), plural(len(g.Rows), "case"), verdict, strings.Join(parts, "; "))
	}
	for _, m := range r.Mesh {
		var parts []string
		for e, enc := range tokens.Encodings {
			parts = append(parts, fmt.Sprintf("%s %s vs %s tokens billed (%s saved; %s against prose that pastes each agent its span)",
				enc, num(m.Precise(e)), num(m.ProseMesh(e)), saving(m.Precise(e), m.ProseMesh(e)), change(m.Precise(e), m.ProseExcerpts(e))))
		}
		fmt.Fprintf(&hl, "- Mesh %s, %d agents, precise addressing vs whole artifact per agent: %s.\n", m.Case.Name, m.N, strings.Join(parts, "; "))
	}
	if tot := fmtTotals(r.Fmt); tot != nil {
		var parts []string
		for e, enc := range tokens.Encodings {
			parts = append(parts, fmt.Sprintf("%s %s → %s (%s)", enc, num(tot.Orig[e]), num(tot.Fmt[e]), change(tot.Fmt[e], tot.Orig[e])))
		}
		fmt.Fprintf(&hl, "- `rosettac fmt` over %d Rosetta files: %s.\n", tot.n, strings.Join(parts, "; "))
	}
	s.Headlines, s.Summary = hl.String(), sum.String()

	// By case.
	bc := newTable(append([]string{"case", "kind", "format", "baseline"}, encCols("format", "baseline", "change")...)...)
	for _, row := range r.Rows {
		cells := []string{row.Case.Name, row.Case.Kind, row.Format, row.Baseline}
		for e := range tokens.Encodings {
			cells = append(cells, num(row.F[e]), num(row.B[e]), change(row.F[e], row.B[e]))
		}
		bc.row(cells...)
	}
	s.ByCase = bc.String()

	// Mesh, measured and projected.
	mt := newTable("case", "encoding", "agents N", "artifact A", "prose Wp", "Rosetta W", "Σ precise d", "Σ coarse c",
		"prose mesh Wp+N·A", "prose excerpts Wp+Σd", "coarse W+Σc", "precise W+Σd", "precise saving vs prose mesh", "precise vs prose excerpts")
	pt := newTable("case", "encoding", "shared context A", "agents N", "prose mesh", "coarse (saving)", "precise (saving)")
	for _, m := range r.Mesh {
		for e, enc := range tokens.Encodings {
			mt.row(m.Case.Name, enc, fmt.Sprint(m.N), num(m.A[e]), num(m.Wp[e]), num(m.W[e]), num(m.D[e]), num(m.C[e]),
				num(m.ProseMesh(e)), num(m.ProseExcerpts(e)), num(m.Coarse(e)), num(m.Precise(e)),
				saving(m.Precise(e), m.ProseMesh(e)), change(m.Precise(e), m.ProseExcerpts(e)))
			for _, p := range projections {
				pm, co, pr := m.project(e, p.A, p.N)
				pt.row(m.Case.Name, enc, num(p.A), fmt.Sprint(p.N), num(pm),
					fmt.Sprintf("%s (%s)", num(co), saving(co, pm)), fmt.Sprintf("%s (%s)", num(pr), saving(pr, pm)))
			}
		}
	}
	s.Mesh, s.Projection = mt.String(), pt.String()

	// fmt.
	ft := newTable(append([]string{"file"}, encCols("original", "fmt", "change")...)...)
	for _, f := range r.Fmt {
		cells := []string{f.File}
		for e := range tokens.Encodings {
			if f.Err != "" {
				cells = append(cells, num(f.Orig[e]), "—", f.Err)
				continue
			}
			cells = append(cells, num(f.Orig[e]), num(f.Fmt[e]), change(f.Fmt[e], f.Orig[e]))
		}
		ft.row(cells...)
	}
	if tot := fmtTotals(r.Fmt); tot != nil {
		cells := []string{fmt.Sprintf("**all %d formatted files**", tot.n)}
		for e := range tokens.Encodings {
			cells = append(cells, num(tot.Orig[e]), num(tot.Fmt[e]), change(tot.Fmt[e], tot.Orig[e]))
		}
		ft.row(cells...)
	}
	s.Fmt = ft.String()

	// Components.
	var cb strings.Builder
	for _, ct := range r.Components {
		if ct.Err != "" {
			fmt.Fprintf(&cb, "%s (%d files): no breakdown: %s.\n\n", ct.Lang, ct.Files, ct.Err)
			continue
		}
		fmt.Fprintf(&cb, "%s (%d files):\n\n", ct.Lang, ct.Files)
		t := newTable(append([]string{"component"}, encCols("tokens", "share")...)...)
		for i, name := range ct.Names {
			cells := []string{name}
			for e := range tokens.Encodings {
				cells = append(cells, num(ct.By[i][e]), share(ct.By[i][e], ct.Total[e]))
			}
			t.row(cells...)
		}
		cells := []string{"**total**"}
		for e := range tokens.Encodings {
			cells = append(cells, num(ct.Total[e]), "100%")
		}
		t.row(cells...)
		cb.WriteString(t.String() + "\n")
	}
	s.Components = strings.TrimSuffix(cb.String(), "\n")

	s.Negatives = negatives(r)
	s.Claims = claimsTable(gs, r)
	return s
}

// claim is one of the seeds' token claims and where the suite measures it.
type claim struct {
	text   string  // as the seed states it
	saving float64 // the claimed saving, in percent
	// measured returns the format's and the baseline's tokens per encoding, or
	// nil when the suite has no case for it.
	measured func(gs []*group, r *results) (f, b counts)
}

func groupCounts(kind, format, baseline string) func([]*group, *results) (counts, counts) {
	return func(gs []*group, _ *results) (counts, counts) {
		for _, g := range gs {
			if g.Kind == kind && g.Format == format && g.Baseline == baseline {
				return g.F, g.B
			}
		}
		return nil, nil
	}
}

var claims = []claim{
	{"AgentRosetta: ~21% smaller than equal-information prose on short exchanges", 21, groupCounts("pair", fRosetta, fProse)},
	{"AgentRosetta: ~14% smaller on a 24-message conversation", 14, groupCounts("long", fRosetta, fProse)},
	{"AgentRosetta: −53% tokens billed, three reviewers on a diff (mesh)", 53, func(_ []*group, r *results) (counts, counts) {
		if len(r.Mesh) == 0 {
			return nil, nil
		}
		m := r.Mesh[0]
		f, b := make(counts, len(m.A)), make(counts, len(m.A))
		for e := range f {
			f[e], b[e] = m.Precise(e), m.ProseMesh(e)
		}
		return f, b
	}},
	{"AgentDSL: ~48% smaller than JSON on high-density tables (the seed's JSON is indented)", 48, groupCounts("table", fAgentDSL, fJSONPretty)},
	{"AgentDSL, the same claim against compact JSON", 48, groupCounts("table", fAgentDSL, fJSONCompact)},
	{"Agent Lingua: saves 70%+ tokens compared to natural language", 70, groupCounts("lingua", fLingua, fEnglish)},
}

// claimsTable sets each seed claim beside what the suite measured.
func claimsTable(gs []*group, r *results) string {
	t := newTable(append(append([]string{"seed claim"}, encCols("measured saving")...), "holds?")...)
	for _, c := range claims {
		f, b := c.measured(gs, r)
		if f == nil {
			continue
		}
		cells := []string{c.text}
		verdict := "yes"
		for e := range f {
			sv := 100 * (1 - float64(f[e])/float64(b[e]))
			cells = append(cells, fmt.Sprintf("%.1f%% (%s vs %s)", sv, num(f[e]), num(b[e])))
			switch {
			case sv <= 0:
				verdict = "**no: larger**"
			case sv < c.saving && verdict == "yes":
				verdict = "**smaller, but less than claimed**"
			}
		}
		t.row(append(cells, verdict)...)
	}
	return t.String()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func share(n, total int) string {
	if total == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(total))
}

type fmtTotal struct {
	n         int
	Orig, Fmt counts
}

func fmtTotals(fs []fmtResult) *fmtTotal {
	t := &fmtTotal{Orig: make(counts, len(tokens.Encodings)), Fmt: make(counts, len(tokens.Encodings))}
	for _, f := range fs {
		if f.Err != "" {
			continue
		}
		t.n++
		for e := range t.Orig {
			t.Orig[e] += f.Orig[e]
			t.Fmt[e] += f.Fmt[e]
		}
	}
	if t.n == 0 {
		return nil
	}
	return t
}

// projections are the (shared context, agents) points the mesh model is
// extended to.
var projections = []struct{ A, N int }{
	{500, 3}, {2000, 4}, {5000, 4}, {20000, 8}, {100000, 8}, {1000000, 20},
}

// project applies the model to a shared context of a tokens and n agents,
// keeping what the case measured: the conversations W and Wp, the mean precise
// span d̄ = Σd/N (a span does not grow with the corpus it sits in), and the
// coarse fraction Σc/(N·A) (a coarse address names a fixed share of it).
func (m *meshResult) project(e, a, n int) (proseMesh, coarse, precise int) {
	dbar := float64(m.D[e]) / float64(m.N)
	frac := float64(m.C[e]) / float64(m.N*m.A[e])
	proseMesh = m.Wp[e] + n*a
	coarse = m.W[e] + int(math.Round(float64(n)*frac*float64(a)))
	precise = m.W[e] + int(math.Round(float64(n)*dbar))
	return
}

// negatives states every result against the format under test, one line each.
func negatives(r *results) string {
	var b strings.Builder
	for _, row := range r.Rows {
		var parts []string
		for e, enc := range tokens.Encodings {
			if row.F[e] > row.B[e] {
				parts = append(parts, fmt.Sprintf("%s vs %s tokens (%s) under %s", num(row.F[e]), num(row.B[e]), change(row.F[e], row.B[e]), enc))
			}
		}
		if parts != nil {
			fmt.Fprintf(&b, "- %s (%s): %s is **larger** than %s: %s.\n", row.Case.Name, row.Case.Title, row.Format, row.Baseline, strings.Join(parts, "; "))
		}
	}
	for _, m := range r.Mesh {
		for e, enc := range tokens.Encodings {
			if m.Precise(e) >= m.ProseExcerpts(e) {
				fmt.Fprintf(&b, "- mesh %s: precise addressing bills %s tokens and prose that pastes each agent only its span bills %s under %s (%s): the mesh saving comes from handing each agent less, which prose can do too.\n",
					m.Case.Name, num(m.Precise(e)), num(m.ProseExcerpts(e)), enc, change(m.Precise(e), m.ProseExcerpts(e)))
			}
			if m.Precise(e) >= m.ProseMesh(e) {
				fmt.Fprintf(&b, "- mesh %s: precise addressing saves nothing against the whole-artifact prose mesh under %s.\n", m.Case.Name, enc)
			}
		}
		for _, p := range projections {
			pm, _, pr := m.project(0, p.A, p.N)
			if pr >= pm {
				fmt.Fprintf(&b, "- mesh %s projected to %s tokens of shared context and %d agents: precise addressing costs more than the prose mesh under %s.\n", m.Case.Name, num(p.A), p.N, tokens.Encodings[0])
			}
		}
	}
	for _, f := range r.Fmt {
		if f.Err != "" {
			fmt.Fprintf(&b, "- fmt %s: %s.\n", f.File, f.Err)
			continue
		}
		var parts []string
		for e, enc := range tokens.Encodings {
			if f.Fmt[e] > f.Orig[e] {
				parts = append(parts, fmt.Sprintf("%s → %s (%s) under %s", num(f.Orig[e]), num(f.Fmt[e]), change(f.Fmt[e], f.Orig[e]), enc))
			}
		}
		if parts != nil {
			fmt.Fprintf(&b, "- fmt %s: the canonical form is **larger**: %s.\n", f.File, strings.Join(parts, "; "))
		}
	}
	if b.Len() == 0 {
		return "None: every format under test was smaller than its baseline in every case, under both encodings.\n"
	}
	return b.String()
}
