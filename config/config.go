// Package config reads rosettac's configuration file, rosettac.yaml (or
// .rosettac.yaml), the one file that keeps a project's settings in its
// repository: codes to disable or whose severity to change, globally and per
// path glob; the livelock rounds; the time for stall checks; Lingua key files
// per glob (paths only, never keys); translation strictness; the default
// output format; and the mesh gateway's policy and settings (section mesh).
//
// There is one loader (Load, Parse) and one JSON Schema (Schema, shipped as
// rosettac.schema.json beside this file), for every section. The loader is
// strict: an unknown key, a value of the wrong kind, an unknown severity or a
// malformed code is an error naming the file, line and column, as a
// compiler's diagnostics do, so a typo never silently does nothing.
//
// A file is found the way .golangci.yml and buf.yaml are: Find walks up from
// the directory of an input file to the root and takes the first directory
// that holds rosettac.yaml or .rosettac.yaml. Flags override the file; the
// command line applies them on top of what Settings returns.
package config

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/rosettac/rosettac/diag"
)

// Names are the file names Find looks for in each directory, in order.
var Names = []string{"rosettac.yaml", ".rosettac.yaml"}

// Config is a parsed configuration file.
type Config struct {
	// Format is the default format of what check and compile print
	// (text, json, sarif, github); --format overrides it.
	Format string `yaml:"format,omitempty" check:"format"`
	// DiagFormat is the default format of diagnostics on stderr for the
	// commands whose stdout is their product; --diag-format overrides it.
	DiagFormat string `yaml:"diag_format,omitempty" check:"diagformat"`
	// Severity is the lowest severity printed (error, warning, info).
	Severity string `yaml:"severity,omitempty" check:"severity"`

	// Settings are the per-file settings that apply to every file.
	Settings `yaml:",inline"`

	// Overrides change the settings of the files their globs match, in
	// order: a later match adds to (disable, severities) or replaces (the
	// rest) what an earlier one set.
	Overrides []Override `yaml:"overrides,omitempty"`

	// Mesh is the gateway's section: its settings and its policy.
	Mesh *Mesh `yaml:"mesh,omitempty"`

	// Path is the file this configuration was read from ("" for none); Dir
	// is its directory, against which globs and key file paths resolve.
	Path string `yaml:"-"`
	Dir  string `yaml:"-"`
}

// Settings are what can differ from file to file.
type Settings struct {
	// Disable lists codes whose diagnostics are left out.
	Disable []string `yaml:"disable,omitempty" check:"code"`
	// Severities changes the severity of codes (error, warning, info, or off
	// to leave them out like Disable).
	Severities map[string]string `yaml:"severities,omitempty" check:"code=severityoff"`
	// Livelock is the propose↔propose rounds before a livelock warning.
	Livelock int `yaml:"livelock,omitempty" check:"positive"`
	// Now is the time for stall and staleness checks (RFC 3339).
	Now string `yaml:"now,omitempty" check:"now"`
	// Lingua holds the paths of key files; never keys.
	Lingua *Lingua `yaml:"lingua,omitempty"`
	// Translate holds translation settings.
	Translate *Translate `yaml:"translate,omitempty"`
}

// Lingua names the key files for Agent Lingua input. Paths are relative to
// the configuration file's directory.
type Lingua struct {
	KeyFile string `yaml:"key_file,omitempty"`
	PSKFile string `yaml:"psk_file,omitempty"`
	Session string `yaml:"session,omitempty"`
	// MaxInflate caps a z: payload's inflated size, in bytes (--max-inflate).
	MaxInflate int `yaml:"max_inflate,omitempty" check:"positive"`
	// MaxInflateTotal caps the inflated size of all of a document's z:
	// payloads together, in bytes (--max-inflate-total).
	MaxInflateTotal int `yaml:"max_inflate_total,omitempty" check:"positive"`
}

// Translate holds translation settings.
type Translate struct {
	// Strict makes a translation that loses information (any T diagnostic)
	// fail, as translate --strict does.
	Strict *bool `yaml:"strict,omitempty"`
}

// Override is a set of settings for the files its globs match.
type Override struct {
	// Files are globs relative to the configuration file's directory, with
	// "/" as separator: * and ? and [..] within a path element, ** for any
	// number of elements (tests/**/*.rose).
	Files    []string `yaml:"files" check:"glob" required:"true"`
	Settings `yaml:",inline"`
}

// Mesh is the section of rosettac mesh: the gateway's settings (each the
// default of the serve flag of the same name) and its policy.
type Mesh struct {
	Data    string    `yaml:"data,omitempty"`                  // state directory (--data)
	Port    int       `yaml:"port,omitempty" check:"positive"` // embedded server's client port (--port)
	NATS    string    `yaml:"nats,omitempty"`                  // an existing server or cluster (--nats)
	Creds   string    `yaml:"creds,omitempty"`                 // NATS credentials file (--creds), a path
	Prefix  string    `yaml:"prefix,omitempty"`                // subject prefix (--prefix)
	Hold    *Duration `yaml:"hold,omitempty"`                  // how long a reply waits for its parent (--hold)
	Metrics string    `yaml:"metrics,omitempty"`               // Prometheus endpoint address (--metrics)
	Policy  *Policy   `yaml:"policy,omitempty"`
}

// Policy is spec §18.4's protocol-layer permissions: which agents may send
// which acts to whom on which topics, which sens= labels each may receive,
// and the role and group tables that @role:x and @grp:y routes resolve
// through. With no policy the mesh is open (every message allowed by
// policy; the checker's rules still apply).
type Policy struct {
	// Default is what an agent not listed in Agents may do: allow (send
	// anything, receive every label) or deny (send nothing, receive only
	// unlabelled, pub and int messages). Default deny.
	Default string `yaml:"default,omitempty" check:"default"`
	// Agents are the per-agent rules, by agent id.
	Agents map[string]*AgentPolicy `yaml:"agents,omitempty" check:"agent="`
	// Roles maps a role name (reviewer for @role:reviewer) to the agents
	// that hold it.
	Roles map[string][]string `yaml:"roles,omitempty" check:"=agent"`
	// Groups maps a group name (legal for @grp:legal) to its members.
	Groups map[string][]string `yaml:"groups,omitempty" check:"=agent"`
}

// AgentPolicy is what one agent may send and receive.
type AgentPolicy struct {
	// Send are the rules for the messages this agent sends: a message is
	// allowed when one rule allows it. A listed agent with no rules may send
	// nothing.
	Send []SendRule `yaml:"send,omitempty"`
	// Clearance lists the sens= labels this agent may receive (pub, int,
	// pii, phi, privileged, secret). A message with no sens= is pub.
	// Absent: pub and int.
	Clearance []string `yaml:"clearance,omitempty" check:"label"`
}

// SendRule allows messages whose act, every recipient and topic it lists.
// An absent list allows any. Recipients are written as in a route: an agent
// id, * (broadcast), #topic, @role:x, @grp:y, @tool:x.
type SendRule struct {
	Acts   []string `yaml:"acts,omitempty" check:"act"`
	To     []string `yaml:"to,omitempty" check:"target"`
	Topics []string `yaml:"topics,omitempty" check:"topic"` // topic names without #; a trailing .* matches a subtree
}

// Duration is a Go duration written as a string ("30s", "1m30s").
type Duration struct{ time.Duration }

// Severities and labels the file may name.
var (
	severityNames = []string{"error", "warning", "info"}
	// SensLabels are spec §18.3's sensitivity labels, loosest first.
	SensLabels = []string{"pub", "int", "pii", "phi", "privileged", "secret"}
	codeRe     = regexp.MustCompile(`^[A-Z][0-9]{1,3}[a-z]?$`)
	formats    = []string{"text", "json", "sarif", "github", "llm"}
)

// Settings returns the effective settings of a file: the file-wide ones,
// then every override whose glob matches, in order. rel is the file's path
// relative to the configuration's directory, with "/" separators (Rel
// computes it); a file outside the directory matches no override.
func (c *Config) SettingsFor(rel string) Settings {
	if c == nil {
		return Settings{}
	}
	s := c.Settings.clone()
	for _, o := range c.Overrides {
		if rel == "" || !matchAny(o.Files, rel) {
			continue
		}
		s.merge(o.Settings)
	}
	return s
}

func (s Settings) clone() Settings {
	out := s
	out.Disable = slices.Clone(s.Disable)
	if s.Severities != nil {
		out.Severities = make(map[string]string, len(s.Severities))
		for k, v := range s.Severities {
			out.Severities[k] = v
		}
	}
	if s.Lingua != nil {
		l := *s.Lingua
		out.Lingua = &l
	}
	if s.Translate != nil {
		t := *s.Translate
		out.Translate = &t
	}
	return out
}

// merge lays o over s: lists and maps add, scalars replace when set.
func (s *Settings) merge(o Settings) {
	for _, c := range o.Disable {
		if !slices.Contains(s.Disable, c) {
			s.Disable = append(s.Disable, c)
		}
	}
	for k, v := range o.Severities {
		if s.Severities == nil {
			s.Severities = map[string]string{}
		}
		s.Severities[k] = v
	}
	if o.Livelock != 0 {
		s.Livelock = o.Livelock
	}
	if o.Now != "" {
		s.Now = o.Now
	}
	if o.Lingua != nil {
		if s.Lingua == nil {
			s.Lingua = &Lingua{}
		}
		if o.Lingua.KeyFile != "" {
			s.Lingua.KeyFile = o.Lingua.KeyFile
		}
		if o.Lingua.PSKFile != "" {
			s.Lingua.PSKFile = o.Lingua.PSKFile
		}
		if o.Lingua.Session != "" {
			s.Lingua.Session = o.Lingua.Session
		}
		if o.Lingua.MaxInflate != 0 {
			s.Lingua.MaxInflate = o.Lingua.MaxInflate
		}
		if o.Lingua.MaxInflateTotal != 0 {
			s.Lingua.MaxInflateTotal = o.Lingua.MaxInflateTotal
		}
	}
	if o.Translate != nil && o.Translate.Strict != nil {
		v := *o.Translate.Strict
		s.Translate = &Translate{Strict: &v}
	}
}

// Filter applies the settings' disable list and severity changes to a list
// of diagnostics: it returns the diagnostics kept, with their severities as
// configured, and leaves l unchanged.
func (s Settings) Filter(l diag.List) diag.List {
	if len(s.Disable) == 0 && len(s.Severities) == 0 {
		return l
	}
	out := make(diag.List, 0, len(l))
	for _, d := range l {
		if slices.Contains(s.Disable, d.Code) {
			continue
		}
		if sev, ok := s.Severities[d.Code]; ok {
			if sev == "off" {
				continue
			}
			d.Severity, _ = diag.ParseSeverity(sev)
		}
		out = append(out, d)
	}
	return out
}

// validate checks what the node walk cannot: the values' own syntax. The
// errors carry no position; check adds the key's.
func validSeverity(s string, off bool) error {
	if slices.Contains(severityNames, s) || off && s == "off" {
		return nil
	}
	want := strings.Join(severityNames, ", ")
	if off {
		want += " or off"
	}
	return fmt.Errorf("unknown severity %q (want %s)", s, want)
}

// ValidCode checks the shape of a diagnostic code: a capital letter, one
// to three digits, and a letter for a rule's variant (W010, S4, E009a).
func ValidCode(c string) error {
	if codeRe.MatchString(c) {
		return nil
	}
	return fmt.Errorf("%q is not a diagnostic code (a capital letter and digits, like W010 or E009a)", c)
}

func validFormat(f string, allowed []string) error {
	if slices.Contains(allowed, f) {
		return nil
	}
	return fmt.Errorf("unknown format %q (want %s)", f, strings.Join(allowed, ", "))
}

func validNow(s string) error {
	if _, err := time.Parse(time.RFC3339, s); err != nil {
		return fmt.Errorf("%q is not an RFC 3339 time (like 2026-08-26T14:02:00Z)", s)
	}
	return nil
}

func validLabel(l string) error {
	if slices.Contains(SensLabels, l) {
		return nil
	}
	return fmt.Errorf("unknown sens label %q (want one of %s)", l, strings.Join(SensLabels, ", "))
}

// sortedKeys returns a map's keys in order, for deterministic output.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Effective returns the configuration as it applies to one file (rel as
// SettingsFor takes it): the overrides that match are merged into the
// settings and the override list is left out.
func (c *Config) Effective(rel string) *Config {
	out := *c
	out.Settings = c.SettingsFor(rel)
	out.Overrides = nil
	return &out
}
