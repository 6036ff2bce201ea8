package toon

import (
	"os"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/jsonvalue"
)

// TestGrammarGolden keeps the header grammar's EBNF in testdata/grammar.ebnf,
// so a change to the grammar is a reviewed diff (ROSETTAC_UPDATE=1 rewrites it).
func TestGrammarGolden(t *testing.T) {
	got := Grammar() + "\n"
	if os.Getenv("ROSETTAC_UPDATE") == "1" {
		if err := os.WriteFile("testdata/grammar.ebnf", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/grammar.ebnf")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("grammar changed (ROSETTAC_UPDATE=1 to accept):\n%s", got)
	}
}

// TestDecodeDiagnostics pins each code to an input, with the position it
// reports and the spec section of its hint.
func TestDecodeDiagnostics(t *testing.T) {
	for _, tc := range []struct {
		in      string
		lenient bool
		want    string // line:col CODE §section
	}{
		{"tags[3]: a,b", false, "1:10 TN001 §9.1"},
		{"items[2]{id,name}:\n  1,Ada\n  2", false, "3:3 TN002 §9.3"},
		{"a: 1\nvalue", false, "2:1 TN003 §7.4"},
		{`name: "bad\xescape"`, false, `1:11 TN004 §7.1`},
		{"items[03]: a", false, "1:7 TN005 §6"},
		{"items[2|]{a,b}:\n  1|2", false, "1:12 TN005 §6"},
		{"a:\n   b: 1", false, "2:1 TN006 §12"},
		{"items[2]:\n  - a\n\n  - b", false, "3:1 TN007 §12"},
		{"a: 1\n  b: 2", false, "2:3 TN008 §8"},
		{"a: 1\na: 2", false, "2:1 TN009 §14.3"},
		{"a: \xff", false, "1:4 TN010 §4"},
		{"a: 1e9999999999", false, "1:4 TN011 §4"},
		{"[1]: a\nb: 1", false, "2:1 TN008 §5"},
	} {
		_, ds := Decode(diag.NewSource("x.toon", []byte(tc.in)), DecodeOptions{Lenient: tc.lenient})
		if len(ds) != 1 {
			t.Errorf("%q: diagnostics %v, want one", tc.in, ds)
			continue
		}
		d := ds[0]
		sec := d.Hint[strings.Index(d.Hint, "§"):]
		sec = sec[:strings.IndexByte(sec, ':')]
		if got := d.Span.Start().String() + " " + d.Code + " " + sec; got != tc.want {
			t.Errorf("%q: got %s (%s), want %s", tc.in, got, d.Message, tc.want)
		}
	}
}

// TestDepthLimit: nesting past MaxDepth is a diagnostic, not a stack overflow.
func TestDepthLimit(t *testing.T) {
	var sb strings.Builder
	for i := 0; i <= MaxDepth; i++ {
		sb.WriteString(strings.Repeat("  ", i))
		sb.WriteString("a:\n")
	}
	_, ds := Decode(diag.NewSource("x.toon", []byte(sb.String())), DecodeOptions{})
	if len(ds) != 1 || ds[0].Code != CodeDepth {
		t.Fatalf("got %v, want %s", ds, CodeDepth)
	}
	_, ds = ParseJSON(diag.NewSource("x.json", []byte(strings.Repeat("[", MaxDepth+2))))
	if len(ds) != 1 || ds[0].Code != CodeDepth {
		t.Fatalf("JSON: got %v, want %s", ds, CodeDepth)
	}
}

// TestNumbersExact: numbers keep every digit through decode and encode; the
// canonical form drops only what §2 says carries no value.
func TestNumbersExact(t *testing.T) {
	for in, want := range map[string]string{
		"3200.00":                  "3200",
		"12345678901234567890":     "12345678901234567890",
		"0.1000000000000000055511": "0.1000000000000000055511",
		"1e21":                     "1e+21",
		"-1.50E-7":                 "-1.5e-7",
		"0.000001":                 "0.000001",
		"-0.0":                     "0",
		"123456789012345678901":    "123456789012345678901",
		"1234567890123456789012":   "1.234567890123456789012e+21",
	} {
		got, ok := canonicalNumber(in)
		if !ok || got != want {
			t.Errorf("canonicalNumber(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestEncodeJSONRoundTrip: JSON through TOON and back is the same data.
func TestEncodeJSONRoundTrip(t *testing.T) {
	in := `{"orders":[{"id":1,"customer":{"name":"Ada","country":"DK"},"total":3200.50,"tags":"GIFT, WRAP"},{"id":2,"customer":{"name":"Bob","country":"UK"},"total":149,"tags":"-"}],"note":"a: b","empty":{},"list":[],"mixed":[1,{"a":[1,2]},[{"x":1}]]}`
	v, ds := ParseJSON(diag.NewSource("x.json", []byte(in)))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	for _, opt := range []EncodeOptions{{}, {Delimiter: '|'}, {Delimiter: '\t', Indent: 4}} {
		text := Encode(v, opt)
		back, ds := Decode(diag.NewSource("x.toon", text), DecodeOptions{Indent: opt.Indent})
		if len(ds) > 0 {
			t.Fatalf("%q: %v", text, ds)
		}
		if !SameData(back, v) {
			t.Errorf("round trip with %+v:\n%s\n-> %s", opt, text, jsonvalue.Compact(back))
		}
	}
}
