package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// A case is one txtar archive under cases/. Its comment holds "key: value"
// lines (kind, title, and for mesh cases one "agent:" line per agent); its
// files are the same information in several formats, named by role:
//
//	rosetta.rose  AgentRosetta       prose.txt    English prose
//	doc.adsl      AgentDSL           data.json    JSON (measured pretty and compact)
//	msg.lingua    Agent Lingua       english.txt  one English sentence or two
//	artifact.txt  the shared context of a mesh case
type benchCase struct {
	Name   string // file name without .txtar
	Kind   string // pair, long, table, lingua or mesh
	Title  string
	Agents []meshAgent // mesh cases only
	Files  map[string][]byte
}

// meshAgent is one worker of a mesh case: the artifact lines it is addressed to
// (precise) and the larger part a coarse address would hand it (a whole file of
// a diff, say). Lines are 1-based and inclusive.
type meshAgent struct {
	Name          string
	Precise       lineRange
	Coarse        lineRange
	precise, crse string // the artifact text of each range
}

type lineRange struct{ From, To int }

// kinds in report order, with the files each needs.
var kinds = []struct {
	name  string
	files []string
}{
	{"pair", []string{"rosetta.rose", "prose.txt"}},
	{"long", []string{"rosetta.rose", "prose.txt"}},
	{"table", []string{"doc.adsl", "data.json"}},
	{"lingua", []string{"msg.lingua", "data.json", "english.txt"}},
	{"mesh", []string{"rosetta.rose", "prose.txt", "artifact.txt"}},
}

func kindIndex(k string) int {
	for i, x := range kinds {
		if x.name == k {
			return i
		}
	}
	return -1
}

// loadCases reads every *.txtar under root (recursively) in fsys, sorted by
// kind, then name.
func loadCases(fsys fs.FS, root string) ([]*benchCase, error) {
	var cases []*benchCase
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".txtar") {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		c, err := parseCase(strings.TrimSuffix(path.Base(p), ".txtar"), data)
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		cases = append(cases, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("no *.txtar cases under %s", root)
	}
	sort.SliceStable(cases, func(i, j int) bool {
		ki, kj := kindIndex(cases[i].Kind), kindIndex(cases[j].Kind)
		if ki != kj {
			return ki < kj
		}
		return cases[i].Name < cases[j].Name
	})
	for i := 1; i < len(cases); i++ {
		if cases[i].Name == cases[i-1].Name {
			return nil, fmt.Errorf("two cases named %s", cases[i].Name)
		}
	}
	return cases, nil
}

func parseCase(name string, data []byte) (*benchCase, error) {
	a := txtar.Parse(data)
	c := &benchCase{Name: name, Files: map[string][]byte{}}
	sc := bufio.NewScanner(bytes.NewReader(a.Comment))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("comment line %q is not key: value", line)
		}
		val = strings.TrimSpace(val)
		switch key {
		case "kind":
			c.Kind = val
		case "title":
			c.Title = val
		case "agent":
			ag, err := parseAgent(val)
			if err != nil {
				return nil, err
			}
			c.Agents = append(c.Agents, ag)
		default:
			return nil, fmt.Errorf("unknown key %q in the comment", key)
		}
	}
	k := kindIndex(c.Kind)
	if k < 0 {
		return nil, fmt.Errorf("kind %q is not one of pair, long, table, lingua, mesh", c.Kind)
	}
	if c.Title == "" {
		return nil, fmt.Errorf("no title")
	}
	for _, f := range a.Files {
		if _, dup := c.Files[f.Name]; dup {
			return nil, fmt.Errorf("file %s appears twice", f.Name)
		}
		c.Files[f.Name] = f.Data
	}
	for _, want := range kinds[k].files {
		if len(bytes.TrimSpace(c.Files[want])) == 0 {
			return nil, fmt.Errorf("a %s case needs a non-empty %s", c.Kind, want)
		}
	}
	if len(c.Files) != len(kinds[k].files) {
		return nil, fmt.Errorf("a %s case has exactly the files %s", c.Kind, strings.Join(kinds[k].files, ", "))
	}
	if js, ok := c.Files["data.json"]; ok && !json.Valid(js) {
		return nil, fmt.Errorf("data.json is not valid JSON")
	}
	if c.Kind == "mesh" {
		if len(c.Agents) == 0 {
			return nil, fmt.Errorf("a mesh case needs at least one agent: line")
		}
		lines := strings.SplitAfter(string(c.Files["artifact.txt"]), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		for i := range c.Agents {
			ag := &c.Agents[i]
			for _, r := range []lineRange{ag.Precise, ag.Coarse} {
				if r.From < 1 || r.To < r.From || r.To > len(lines) {
					return nil, fmt.Errorf("agent %s: lines %d-%d are outside the artifact's %d lines", ag.Name, r.From, r.To, len(lines))
				}
			}
			ag.precise = strings.Join(lines[ag.Precise.From-1:ag.Precise.To], "")
			ag.crse = strings.Join(lines[ag.Coarse.From-1:ag.Coarse.To], "")
		}
	} else if len(c.Agents) > 0 {
		return nil, fmt.Errorf("agent: lines belong to mesh cases only")
	}
	return c, nil
}

// parseAgent reads "NAME L12-30 L1-40": the precise span, then the coarse one.
func parseAgent(s string) (meshAgent, error) {
	f := strings.Fields(s)
	if len(f) != 3 {
		return meshAgent{}, fmt.Errorf("agent line %q: want NAME Lprecise Lcoarse, as in sec L12-30 L1-40", s)
	}
	ag := meshAgent{Name: f[0]}
	for i, dst := range []*lineRange{&ag.Precise, &ag.Coarse} {
		r, err := parseRange(f[i+1])
		if err != nil {
			return meshAgent{}, fmt.Errorf("agent %s: %v", ag.Name, err)
		}
		*dst = r
	}
	return ag, nil
}

func parseRange(s string) (lineRange, error) {
	body, ok := strings.CutPrefix(s, "L")
	if !ok {
		return lineRange{}, fmt.Errorf("line range %q does not start with L", s)
	}
	a, b, found := strings.Cut(body, "-")
	if !found {
		b = a
	}
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return lineRange{}, fmt.Errorf("line range %q is not Ln or Ln-m", s)
	}
	return lineRange{from, to}, nil
}
