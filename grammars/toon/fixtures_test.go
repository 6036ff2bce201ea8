package toon

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/interoptest"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// fixtureFile is one file of the TOON conformance fixtures
// (../shared/interop/toon/tests/fixtures.schema.json).
type fixtureFile struct {
	Version  string        `json:"version"`
	Category string        `json:"category"`
	Tests    []fixtureCase `json:"tests"`
}

type fixtureCase struct {
	Name        string          `json:"name"`
	Input       json.RawMessage `json:"input"`
	Expected    json.RawMessage `json:"expected"`
	ShouldError bool            `json:"shouldError"`
	Options     struct {
		Delimiter  string `json:"delimiter"`
		IndentSize int    `json:"indentSize"`
		Strict     *bool  `json:"strict"`
	} `json:"options"`
	SpecSection string `json:"specSection"`
}

// TestFixtures runs every case of the TOON 4.0 conformance fixtures: encode
// cases must produce the expected text exactly, decode cases the expected JSON
// value exactly (key order and number text included), error cases an error.
// Every case passes, the non-strict leniencies included (rosettac implements
// all of them); the counts are in docs/interop.md.
func TestFixtures(t *testing.T) {
	dir := interoptest.Dir(t, "toon/tests/fixtures")
	counts := map[string]int{}
	for _, cat := range []string{"encode", "decode"} {
		files, _ := filepath.Glob(filepath.Join(dir, cat, "*.json"))
		if len(files) == 0 {
			t.Fatalf("no fixtures in %s/%s", dir, cat)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var ff fixtureFile
			if err := json.Unmarshal(data, &ff); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if ff.Version != "4.0" {
				t.Errorf("%s: fixture version %q, rosettac implements 4.0", f, ff.Version)
			}
			for _, tc := range ff.Tests {
				name := cat + "/" + strings.TrimSuffix(filepath.Base(f), ".json") + "/" + tc.Name
				t.Run(name, func(t *testing.T) {
					if cat == "encode" {
						runEncodeCase(t, tc)
					} else {
						runDecodeCase(t, tc)
					}
				})
				kind := cat
				if tc.ShouldError {
					kind += "-error"
				}
				counts[kind]++
			}
		}
	}
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%s: %d cases", k, counts[k])
	}
}

func parseFixtureJSON(t *testing.T, raw json.RawMessage) *ir.JSONValue {
	t.Helper()
	v, ds := ParseJSON(diag.NewSource("fixture.json", raw))
	if len(ds) > 0 {
		t.Fatalf("fixture JSON: %v", ds)
	}
	return v
}

func runEncodeCase(t *testing.T, tc fixtureCase) {
	in := parseFixtureJSON(t, tc.Input)
	var want string
	if err := json.Unmarshal(tc.Expected, &want); err != nil {
		t.Fatalf("expected is not a string: %v", err)
	}
	opt := EncodeOptions{Indent: tc.Options.IndentSize}
	if tc.Options.Delimiter != "" {
		opt.Delimiter = tc.Options.Delimiter[0]
	}
	got := string(Encode(in, opt))
	if got != want {
		t.Fatalf("encode %s\n got: %q\nwant: %q", tc.Input, got, want)
	}
	// The text decodes back to the input (tabular forms reorder keys to their
	// header's order, which the fixtures' inputs already have).
	back, ds := Decode(diag.NewSource("x.toon", []byte(got)), DecodeOptions{Indent: tc.Options.IndentSize})
	if len(ds) > 0 {
		t.Fatalf("encoded text does not decode: %v", ds)
	}
	if !SameData(back, in) {
		t.Errorf("decode(encode(x)) = %s, want %s", jsonvalue.Compact(back), jsonvalue.Compact(in))
	}
}

func runDecodeCase(t *testing.T, tc fixtureCase) {
	var input string
	if err := json.Unmarshal(tc.Input, &input); err != nil {
		t.Fatalf("input is not a string: %v", err)
	}
	opt := DecodeOptions{Indent: tc.Options.IndentSize}
	if tc.Options.Strict != nil && !*tc.Options.Strict {
		opt.Lenient = true
	}
	got, ds := Decode(diag.NewSource("x.toon", []byte(input)), opt)
	if tc.ShouldError {
		if len(ds) == 0 {
			t.Fatalf("decode %q: no error, got %s", input, jsonvalue.Compact(got))
		}
		checkDiagnostic(t, ds[0], tc.SpecSection)
		return
	}
	if len(ds) > 0 {
		t.Fatalf("decode %q: %v (%s)", input, ds, ds[0].Hint)
	}
	want := parseFixtureJSON(t, tc.Expected)
	// The expected value's own number text, as written in the fixture, must
	// be what rosettac writes: compare against the raw JSON, compacted.
	if g, w := string(jsonvalue.Compact(got)), compactJSON(t, tc.Expected); g != w {
		t.Fatalf("decode %q\n got: %s\nwant: %s", input, g, w)
	}
	if !Equal(got, want) {
		t.Fatalf("decode %q: value differs", input)
	}
	// translate --to json's text, decoded without positions, is the
	// compiler's, decoded with them.
	src := diag.NewSource("x.toon", []byte(input))
	withOrigin, _, _ := DecodeJSON(src, opt)
	if text, _ := DecodeJSONText(src, opt); string(text) != string(withOrigin) {
		t.Fatalf("decode %q: DecodeJSONText %q, DecodeJSON %q", input, text, withOrigin)
	}
}

// checkDiagnostic holds a decode error to the project's standard: a TN code,
// a position and the spec section in its hint.
func checkDiagnostic(t *testing.T, d diag.Diagnostic, section string) {
	t.Helper()
	if !strings.HasPrefix(d.Code, "TN") || d.Severity != diag.Error {
		t.Errorf("diagnostic %v: want an error with a TN code", d)
	}
	if !d.Span.IsValid() {
		t.Errorf("diagnostic %v has no position", d)
	}
	if !strings.Contains(d.Hint, "TOON spec §") {
		t.Errorf("diagnostic %v: hint %q names no spec section", d, d.Hint)
	}
	_ = section
}

// compactJSON writes raw JSON without insignificant whitespace, keeping its
// key order and number text.
func compactJSON(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var sb strings.Builder
	in := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case in && c == '\\':
			sb.WriteByte(c)
			i++
			sb.WriteByte(raw[i])
			continue
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\n' || c == '\t' || c == '\r'):
			continue
		}
		sb.WriteByte(c)
	}
	return fmt.Sprint(sb.String())
}
