package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/tokens"
	"github.com/rosettac/rosettac/grammars/toon"
	"github.com/rosettac/rosettac/ir"
)

// Display names of the formats a case carries.
const (
	fRosetta     = "Rosetta"
	fProse       = "prose"
	fAgentDSL    = "AgentDSL"
	fJSONPretty  = "JSON (pretty)"
	fJSONCompact = "JSON (compact)"
	fLingua      = "Lingua"
	fLinguaBare  = "Lingua without signature"
	fEnglish     = "English"
	fTOON        = "TOON"
)

// formats returns a case's formats by display name, and the comparisons to
// make as (format, baseline) pairs. JSON is measured in two forms derived from
// the one data.json, so both always hold the same information: indented by two
// spaces, and with no insignificant whitespace.
func formats(c *benchCase) (map[string][]byte, [][2]string) {
	f := c.Files
	switch c.Kind {
	case "pair", "long", "mesh":
		return map[string][]byte{fRosetta: f["rosetta.rose"], fProse: f["prose.txt"]},
			[][2]string{{fRosetta, fProse}}
	case "table":
		// TOON is encoded from the same data.json (grammars/toon, its
		// default options: comma, two spaces), so it too holds exactly the
		// same information.
		return map[string][]byte{fAgentDSL: f["doc.adsl"], fJSONPretty: prettyJSON(f["data.json"]), fJSONCompact: compactJSON(f["data.json"]), fTOON: toonOf(f["data.json"])},
			[][2]string{{fAgentDSL, fJSONPretty}, {fAgentDSL, fJSONCompact}, {fTOON, fJSONCompact}, {fAgentDSL, fTOON}}
	case "lingua":
		return map[string][]byte{fLingua: f["msg.lingua"], fLinguaBare: stripSignatures(f["msg.lingua"]),
				fJSONCompact: compactJSON(f["data.json"]), fEnglish: f["english.txt"]},
			[][2]string{{fLingua, fJSONCompact}, {fLingua, fEnglish}, {fLinguaBare, fEnglish}}
	}
	return nil, nil
}

// stripSignatures drops the --👽lingua/ signature lines, to show what the
// signature the spec requires costs.
func stripSignatures(b []byte) []byte {
	var out []byte
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("--👽lingua/")) {
			out = append(out, line...)
		}
	}
	return out
}

func prettyJSON(b []byte) []byte {
	var out bytes.Buffer
	_ = json.Indent(&out, bytes.TrimSpace(b), "", "  ") // validated by parseCase
	out.WriteByte('\n')
	return out.Bytes()
}

// toonOf is data.json encoded as TOON, with a final newline like the other
// formats' files (the encoder writes none).
func toonOf(b []byte) []byte {
	v, ds := toon.ParseJSON(diag.NewSource("data.json", b))
	if len(ds) > 0 {
		return nil // validated by parseCase
	}
	return append(toon.Encode(v, toon.EncodeOptions{}), '\n')
}

func compactJSON(b []byte) []byte {
	var out bytes.Buffer
	_ = json.Compact(&out, b)
	out.WriteByte('\n')
	return out.Bytes()
}

// counts holds one number per encoding, in the order of tokens.Encodings.
type counts []int

func count(text []byte) (counts, error) {
	out := make(counts, len(tokens.Encodings))
	for i, enc := range tokens.Encodings {
		n, err := tokens.Count(enc, string(text))
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// comparison is one format measured against one baseline on one case.
type comparison struct {
	Case             *benchCase
	Format, Baseline string
	F, B             counts
}

// meshResult is the mesh-cost model on one mesh case, per encoding (see
// docs/benchmarks.md for the formula).
type meshResult struct {
	Case    *benchCase
	N       int
	A       counts // the artifact (shared context)
	W, Wp   counts // the Rosetta and the prose conversation
	D, C    counts // summed precise and coarse spans over the agents
	Workers []string
}

// ProseMesh is Wp + N·A: every agent is handed the whole artifact.
func (m *meshResult) ProseMesh(e int) int { return m.Wp[e] + m.N*m.A[e] }

// ProseExcerpts is Wp + Σd: a prose coordinator that pastes each agent its span.
func (m *meshResult) ProseExcerpts(e int) int { return m.Wp[e] + m.D[e] }

// Coarse is W + Σc: each agent reads the part its coarse address names.
func (m *meshResult) Coarse(e int) int { return m.W[e] + m.C[e] }

// Precise is W + Σd: each agent reads only the span it is addressed to.
func (m *meshResult) Precise(e int) int { return m.W[e] + m.D[e] }

// fmtResult is what the canonical printer does to one Rosetta file's tokens.
type fmtResult struct {
	File      string
	Orig, Fmt counts
	Err       string // why it could not be formatted, or ""
}

// componentTotal is one language's tokens by component over the corpus.
type componentTotal struct {
	Lang  ir.Language
	Files int
	Names []string
	By    []counts // per component
	Total counts
	Err   string // why there is no breakdown, or ""
}

// results is everything the suite measured.
type results struct {
	Cases      []*benchCase
	Rows       []comparison
	Mesh       []*meshResult
	Fmt        []fmtResult
	Components []componentTotal
}

// measure runs the suite over cases; extra are further Rosetta files (name,
// bytes) measured for the fmt effect and the component breakdown only.
func measure(cases []*benchCase, extra []namedFile) (*results, error) {
	r := &results{Cases: cases}
	for _, c := range cases {
		fs, cmps := formats(c)
		cnt := map[string]counts{}
		for _, name := range sortedKeys(fs) {
			n, err := count(fs[name])
			if err != nil {
				return nil, err
			}
			cnt[name] = n
		}
		for _, p := range cmps {
			r.Rows = append(r.Rows, comparison{Case: c, Format: p[0], Baseline: p[1], F: cnt[p[0]], B: cnt[p[1]]})
		}
		if c.Kind == "mesh" {
			m, err := measureMesh(c, cnt[fRosetta], cnt[fProse])
			if err != nil {
				return nil, err
			}
			r.Mesh = append(r.Mesh, m)
		}
	}
	corpus := corpusFiles(cases)
	var roses []namedFile
	for _, f := range append(corpus, extra...) {
		if f.lang == ir.Rosetta {
			roses = append(roses, f)
		}
	}
	for _, f := range roses {
		fr, err := measureFmt(f)
		if err != nil {
			return nil, err
		}
		r.Fmt = append(r.Fmt, fr)
	}
	for _, lang := range []ir.Language{ir.Rosetta, ir.Lingua, ir.AgentDSL} {
		var files []namedFile
		for _, f := range append(corpus, extra...) {
			if f.lang == lang {
				files = append(files, f)
			}
		}
		if len(files) > 0 {
			r.Components = append(r.Components, measureComponents(lang, files))
		}
	}
	return r, nil
}

func measureMesh(c *benchCase, w, wp counts) (*meshResult, error) {
	a, err := count(c.Files["artifact.txt"])
	if err != nil {
		return nil, err
	}
	m := &meshResult{Case: c, N: len(c.Agents), A: a, W: w, Wp: wp,
		D: make(counts, len(a)), C: make(counts, len(a))}
	for _, ag := range c.Agents {
		d, err := count([]byte(ag.precise))
		if err != nil {
			return nil, err
		}
		cs, err := count([]byte(ag.crse))
		if err != nil {
			return nil, err
		}
		for e := range a {
			m.D[e] += d[e]
			m.C[e] += cs[e]
		}
		m.Workers = append(m.Workers, ag.Name)
	}
	return m, nil
}

// namedFile is one file of the corpus in one language.
type namedFile struct {
	name string
	lang ir.Language
	data []byte
}

// corpusFiles lists the cases' files in the three languages, in case order.
func corpusFiles(cases []*benchCase) []namedFile {
	var out []namedFile
	for _, c := range cases {
		for _, f := range []struct {
			file string
			lang ir.Language
		}{{"rosetta.rose", ir.Rosetta}, {"msg.lingua", ir.Lingua}, {"doc.adsl", ir.AgentDSL}} {
			if b, ok := c.Files[f.file]; ok {
				out = append(out, namedFile{c.Name + "/" + f.file, f.lang, b})
			}
		}
	}
	return out
}

func measureFmt(f namedFile) (fmtResult, error) {
	fr := fmtResult{File: f.name}
	var err error
	if fr.Orig, err = count(f.data); err != nil {
		return fr, err
	}
	res := compiler.Parse(f.name, f.data, compiler.Options{From: ir.Rosetta})
	if res.Diags.HasErrors() {
		fr.Err = "does not parse: " + firstError(res.Diags)
		return fr, nil
	}
	out, ds := compiler.Format(res, compiler.FormatOptions{Terse: true})
	if ds.HasErrors() || out == nil {
		fr.Err = "not formatted: " + firstError(ds)
		return fr, nil
	}
	fr.Fmt, err = count(out)
	return fr, err
}

func measureComponents(lang ir.Language, files []namedFile) componentTotal {
	ct := componentTotal{Lang: lang, Files: len(files), Total: make(counts, len(tokens.Encodings))}
	for _, f := range files {
		res := compiler.Parse(f.name, f.data, compiler.Options{From: lang})
		if res.Doc == nil {
			ct.Err = fmt.Sprintf("%s does not parse", f.name)
			return ct
		}
		for e, enc := range tokens.Encodings {
			m, err := tokens.Measure(enc, f.data, res.Doc, true)
			if err != nil {
				ct.Err = err.Error()
				return ct
			}
			if ct.Names == nil {
				for _, c := range m.Components {
					ct.Names = append(ct.Names, c.Name)
					ct.By = append(ct.By, make(counts, len(tokens.Encodings)))
				}
			}
			for i, c := range m.Components {
				ct.By[i][e] += c.Tokens
			}
			ct.Total[e] += m.Total
		}
	}
	return ct
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func firstError(l diag.List) string {
	for _, d := range l {
		if d.Severity == diag.Error {
			return d.Code + " " + d.Message
		}
	}
	return "no output"
}
