package diag

import (
	"encoding/json"
	"io"
	"sort"
)

// SARIF 2.1.0, the subset code-scanning services read: one run, the rules that
// occur, and one result per diagnostic.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri,omitempty"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID string `json:"id"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
}

// sarifFix is SARIF's fix object (§3.55): a description and the replacements
// per artifact. SARIF has no applicability, so it goes in the property bag.
type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	Properties      sarifFixProperties    `json:"properties"`
}

type sarifFixProperties struct {
	Applicability string `json:"applicability"` // "safe" or "review"
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion  `json:"deletedRegion"`
	InsertedContent sarifMessage `json:"insertedContent"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int  `json:"startLine"`
	StartColumn int  `json:"startColumn"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"` // set in a fix's deletedRegion only
	ByteLength  *int `json:"byteLength,omitempty"`
}

func sarifFixes(fs []Fix) []sarifFix {
	var out []sarifFix
	for _, f := range fs {
		sf := sarifFix{Description: sarifMessage{Text: f.Title}, Properties: sarifFixProperties{Applicability: f.Applicability.String()}}
		byFile := map[string]int{} // index in ArtifactChanges
		for _, e := range f.Edits {
			k, ok := byFile[e.Span.File()]
			if !ok {
				k = len(sf.ArtifactChanges)
				byFile[e.Span.File()] = k
				sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: sarifArtifact{URI: e.Span.File()}})
			}
			s, t := e.Span.Start(), e.Span.End()
			off, n := e.Span.StartOffset(), e.Span.Len()
			sf.ArtifactChanges[k].Replacements = append(sf.ArtifactChanges[k].Replacements, sarifReplacement{
				DeletedRegion:   sarifRegion{StartLine: s.Line, StartColumn: s.Col, EndLine: t.Line, EndColumn: t.Col, ByteOffset: &off, ByteLength: &n},
				InsertedContent: sarifMessage{Text: e.NewText},
			})
		}
		out = append(out, sf)
	}
	return out
}

// PrintSARIF writes l as a SARIF 2.1.0 log produced by tool at version.
func PrintSARIF(w io.Writer, l List, tool, version string) error {
	seen := map[string]bool{}
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: tool, Version: version, Rules: []sarifRule{}}}, Results: []sarifResult{}}
	for _, d := range l {
		if !seen[d.Code] {
			seen[d.Code] = true
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: d.Code})
		}
		level := map[Severity]string{Info: "note", Warning: "warning", Error: "error"}[d.Severity]
		msg := d.Message
		if d.Hint != "" {
			msg += " (" + d.Hint + ")"
		}
		r := sarifResult{RuleID: d.Code, Level: level, Message: sarifMessage{Text: msg}, Fixes: sarifFixes(d.Fixes)}
		if d.Span.IsValid() {
			start, end := d.Span.Start(), d.Span.End()
			if !end.IsValid() {
				end = start
			}
			r.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: d.Span.File()},
				Region:           sarifRegion{StartLine: start.Line, StartColumn: start.Col, EndLine: end.Line, EndColumn: end.Col},
			}}}
		}
		run.Results = append(run.Results, r)
	}
	sort.Slice(run.Tool.Driver.Rules, func(i, j int) bool { return run.Tool.Driver.Rules[i].ID < run.Tool.Driver.Rules[j].ID })
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}
