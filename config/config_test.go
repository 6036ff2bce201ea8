package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rosettac/rosettac/diag"
)

func TestParseFull(t *testing.T) {
	c, err := Load("testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Format != "text" || c.DiagFormat != "json" || c.Severity != "warning" || c.Livelock != 5 || c.Now != "2026-08-26T14:02:00Z" {
		t.Errorf("top-level values: %+v", c)
	}
	if !slices.Equal(c.Disable, []string{"I011", "P002"}) || c.Severities["W031"] != "error" || c.Severities["I022"] != "off" {
		t.Errorf("disable/severities: %v %v", c.Disable, c.Severities)
	}
	if c.Lingua.KeyFile != "keys/agent.key" || c.Translate.Strict == nil || !*c.Translate.Strict {
		t.Errorf("lingua/translate: %+v %+v", c.Lingua, c.Translate)
	}
	m := c.Mesh
	if m.Hold.Duration != 30*time.Second || m.Port != 4222 || m.Prefix != "rosetta" {
		t.Errorf("mesh: %+v", m)
	}
	p := m.Policy
	if p.Default != "deny" || len(p.Agents) != 3 || !slices.Equal(p.Holders("reviewer"), []string{"a3", "a4"}) || !slices.Equal(p.Members("legal"), []string{"a5", "a6"}) {
		t.Errorf("policy: %+v", p)
	}
	if want := filepath.Join(c.Dir, "keys", "agent.key"); c.Resolve(c.Lingua.KeyFile) != want {
		t.Errorf("Resolve = %q, want %q", c.Resolve(c.Lingua.KeyFile), want)
	}
}

// TestParseErrors: every problem is an error at the line and column of the
// key or value at fault.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"disabel: [I011]\n", `c.yaml:1:1: unknown key "disabel" (did you mean "disable"?)`},
		{"mesh:\n  policy:\n    agents:\n      a1:\n        sned: []\n", `c.yaml:5:9: unknown key "sned" (did you mean "send"?)`},
		{"overrides:\n  - files: [x]\n    livelok: 2\n", `c.yaml:3:5: unknown key "livelok"`},
		{"livelock: many\n", `c.yaml:1:11: "many" is not a whole number`},
		{"livelock: 0\n", `c.yaml:1:11: 0 is out of range`},
		{"disable: I011\n", `c.yaml:1:10: want a list`},
		{"disable: [I011, w010]\n", `c.yaml:1:17: "w010" is not a diagnostic code`},
		{"severities: {W010: loud}\n", `c.yaml:1:20: unknown severity "loud" (want error, warning, info or off)`},
		{"severity: off\n", `c.yaml:1:11: unknown severity "off" (want error, warning, info)`},
		{"format: xml\n", `c.yaml:1:9: unknown format "xml"`},
		{"now: yesterday\n", `c.yaml:1:6: "yesterday" is not an RFC 3339 time`},
		{"mesh: {hold: soon}\n", `c.yaml:1:14: "soon" is not a duration`},
		{"mesh: {policy: {default: maybe}}\n", `c.yaml:1:26: unknown default "maybe"`},
		{"mesh: {policy: {agents: {A1: {}}}}\n", `c.yaml:1:26: "A1" is not an agent id`},
		{"mesh: {policy: {agents: {a1: {send: [{acts: [order]}]}}}}\n", `c.yaml:1:46: unknown act "order"`},
		{"mesh: {policy: {agents: {a1: {send: [{to: [\"@boss\"]}]}}}}\n", `c.yaml:1:44: "@boss" is not a route target`},
		{"mesh: {policy: {agents: {a1: {clearance: [top]}}}}\n", `c.yaml:1:43: unknown sens label "top"`},
		{"overrides:\n  - files: [\"/abs/*.rose\"]\n", `c.yaml:2:13: glob "/abs/*.rose" must be relative`},
		{"translate: {strict: yes please}\n", `c.yaml:1:21: "yes please" is not true or false`},
		{"format: text\nformat: json\n", `c.yaml:2:1: key "format" appears twice`},
		{"a: &x 1\n", `c.yaml:1:1: unknown key "a"`},
		{"- 1\n", `c.yaml:1:1: want a mapping`},
		{"format: [\n", `c.yaml:1:1: not valid YAML`},
		{"format: text\n---\nformat: json\n", `c.yaml:2:1: a configuration file holds one YAML document`},
	} {
		_, err := Parse("c.yaml", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tc.src, err, tc.want)
		}
	}
}

func TestParseEveryError(t *testing.T) {
	_, err := Parse("c.yaml", []byte("formt: text\nlivelock: x\n"))
	var es []*Error
	for _, e := range unwrapAll(err) {
		var ce *Error
		if errors.As(e, &ce) {
			es = append(es, ce)
		}
	}
	if len(es) != 2 || es[0].Line != 1 || es[1].Line != 2 {
		t.Errorf("want two errors, lines 1 and 2; got %v", err)
	}
}

func unwrapAll(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "\n", "# only a comment\n", "---\n"} {
		c, err := Parse("c.yaml", []byte(src))
		if err != nil || c == nil {
			t.Errorf("Parse(%q) = %v, %v; want an empty configuration", src, c, err)
		}
	}
}

func TestSettingsFor(t *testing.T) {
	c, err := Load("testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := c.SettingsFor("negotiation/a/b.rose")
	if !slices.Equal(s.Disable, []string{"I011", "P002", "W010"}) || s.Severities["W030"] != "info" || s.Severities["W031"] != "error" {
		t.Errorf("negotiation override: %+v", s)
	}
	if c.Severities["W030"] != "" || len(c.Disable) != 2 {
		t.Errorf("SettingsFor changed the configuration: %+v", c.Settings)
	}
	s = c.SettingsFor("x/y.lingua")
	if s.Lingua.PSKFile != "keys/team.psk" || s.Lingua.KeyFile != "keys/agent.key" || slices.Contains(s.Disable, "W010") {
		t.Errorf("lingua override: %+v %+v", s, s.Lingua)
	}
	if s := c.SettingsFor(""); slices.Contains(s.Disable, "W010") {
		t.Errorf("a file outside the directory matched an override")
	}
}

func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		glob, path string
		want       bool
	}{
		{"*.rose", "a.rose", true},
		{"*.rose", "x/y/a.rose", true},
		{"x/*.rose", "x/a.rose", true},
		{"x/*.rose", "x/y/a.rose", false},
		{"x/**/*.rose", "x/a.rose", true},
		{"x/**/*.rose", "x/y/z/a.rose", true},
		{"x/**", "x/y/z", true},
		{"./x/a.rose", "x/a.rose", true},
		{"y/**/*.rose", "x/a.rose", false},
		{"a.rose", "b.rose", false},
	} {
		if got := matchGlob(tc.glob, tc.path); got != tc.want {
			t.Errorf("matchGlob(%q, %q) = %v", tc.glob, tc.path, got)
		}
	}
}

func TestFilter(t *testing.T) {
	l := diag.List{
		{Code: "I011", Severity: diag.Info},
		{Code: "W031", Severity: diag.Warning},
		{Code: "I022", Severity: diag.Info},
		{Code: "E017", Severity: diag.Error},
	}
	s := Settings{Disable: []string{"I011"}, Severities: map[string]string{"W031": "error", "I022": "off"}}
	got := s.Filter(l)
	if len(got) != 2 || got[0].Code != "W031" || got[0].Severity != diag.Error || got[1].Code != "E017" {
		t.Errorf("Filter = %v", got)
	}
	if l[1].Severity != diag.Warning {
		t.Errorf("Filter changed its input")
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := Find(deep); err != nil || got != "" && strings.HasPrefix(got, root) {
		t.Errorf("Find with no file = %q, %v", got, err)
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("disable: [I011]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "a", ".rosettac.yaml"))
	if got, _ := Find(deep); got != filepath.Join(root, "a", ".rosettac.yaml") {
		t.Errorf("Find = %q, want a/.rosettac.yaml", got)
	}
	write(filepath.Join(root, "a", "b", "rosettac.yaml"))
	if got, _ := Find(deep); got != filepath.Join(root, "a", "b", "rosettac.yaml") {
		t.Errorf("Find = %q, want the nearest, a/b/rosettac.yaml", got)
	}
	write(filepath.Join(root, "a", "b", ".rosettac.yaml"))
	if _, err := Find(deep); err == nil || !strings.Contains(err.Error(), "both present") {
		t.Errorf("two names in one directory: err = %v", err)
	}
	c, err := Load(filepath.Join(root, "a", "rosettac.yaml"))
	if err == nil {
		t.Errorf("Load of a missing file: %+v", c)
	}
	c, err = Load(filepath.Join(root, "a", ".rosettac.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Rel(filepath.Join(deep, "x.rose")); got != "b/c/x.rose" {
		t.Errorf("Rel = %q", got)
	}
	if got := c.Rel(filepath.Join(root, "x.rose")); got != "" {
		t.Errorf("Rel outside = %q", got)
	}
}

func TestPolicy(t *testing.T) {
	c, err := Load("testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p := c.Mesh.Policy
	for _, tc := range []struct {
		sender, act string
		to          []string
		topic       string
		ok          bool
	}{
		{"orch", "do", []string{"@role:reviewer"}, "review", true},
		{"orch", "do", []string{"a3"}, "billing.q3", true},
		{"orch", "do", []string{"a3"}, "billing", true},
		{"orch", "do", []string{"a3"}, "hr", false},
		{"orch", "do", []string{"a3"}, "", false},
		{"orch", "do", []string{"a3", "a9"}, "review", false},
		{"orch", "tell", []string{"a9"}, "", true},
		{"a3", "do", []string{"orch"}, "", false},
		{"a3", "done", []string{"orch"}, "", true},
		{"a4", "tell", []string{"orch"}, "", false},
		{"stranger", "tell", []string{"orch"}, "", false},
	} {
		err := p.MaySend(tc.sender, tc.act, tc.to, tc.topic)
		if (err == nil) != tc.ok {
			t.Errorf("MaySend(%s %s %v #%s) = %v, want ok=%v", tc.sender, tc.act, tc.to, tc.topic, err, tc.ok)
		}
	}
	for _, tc := range []struct {
		agent, sens string
		ok          bool
	}{
		{"a3", "phi", true}, {"a3", "", true}, {"a3", "secret", false},
		{"a4", "int", true}, {"a4", "pii", false}, {"stranger", "phi", false}, {"stranger", "pub", true},
	} {
		if got := p.MayReceive(tc.agent, tc.sens); got != tc.ok {
			t.Errorf("MayReceive(%s, %q) = %v", tc.agent, tc.sens, got)
		}
	}
	p.Default = "allow"
	if p.MaySend("stranger", "do", []string{"a1"}, "") != nil || !p.MayReceive("stranger", "secret") {
		t.Errorf("default allow does not allow an unlisted agent")
	}
	var open *Policy
	if open.MaySend("x", "do", nil, "") != nil || !open.MayReceive("x", "secret") {
		t.Errorf("a nil policy is not open")
	}
}

// TestStructFieldsSeeInline guards the walk: the inline Settings keys are
// keys of the top level and of an override.
func TestStructFieldsSeeInline(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeOf(Config{}), reflect.TypeOf(Override{})} {
		f := structFields(typ)
		for _, k := range []string{"disable", "severities", "livelock", "now", "lingua", "translate"} {
			if _, ok := f[k]; !ok {
				t.Errorf("%v has no key %q", typ, k)
			}
		}
	}
}
