package agentdsl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func parse(t *testing.T, name, text string) (*ir.DSLDoc, diag.List) {
	t.Helper()
	return Parse(diag.NewSource(name, []byte(text)))
}

// TestSeedExamples: every example of the seed (examples/*.adsl) parses without
// a diagnostic and is already in canonical form.
func TestSeedExamples(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.adsl")
	if len(files) < 8 {
		t.Fatalf("found %d examples, want the seed's", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, ds := parse(t, f, string(src))
		if len(ds) > 0 {
			t.Errorf("%s: %v", f, ds)
		}
		if diff := cmp.Diff(string(src), string(Print(doc))); diff != "" {
			t.Errorf("%s: not canonical (-file +printed):\n%s", f, diff)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, in, dump string
	}{
		{"schema and rows", "[SCHEMA:A]\nID:int|N:str|J:any\n[DATA]\n1|x,y|{\"a\":\"p|q\"}\n2|_|[1,2]\n", `
1:1 schema A
  2:1 column ID int
  2:8 column N str
  2:14 column J any
3:1 data schema=0 rows=2
  4:1 row "1" "x,y" "{\"a\":\"p|q\"}"
  5:1 row "2" "_" "[1,2]"
`},
		{"references both spellings", "[SCHEMA:B]\nID:int|@A.ID:int|X:@A.ID|R:@A.ID:int\n", `
1:1 schema B
  2:1 column ID int
  2:8 column A_ID int ref=A.ID
  2:18 column X int ref=A.ID named
  2:26 column R int ref=A.ID named
`},
		{"blanks in structure lines", "  [SCHEMA:A]  \n ID:int | N : str \n", `
1:3 schema A
  2:2 column ID int
  2:11 column N str
`},
		{"functions", "[FUNCTIONS]\n[F]\nDESC[a [b] c]\nIN[A:str*|B|C:int*]\nOUT[]\n\n[G]\nIN[X:int]\n", `
1:1 functions
  2:1 function F
    3:6 desc "a [b] c"
    4:1 in
      4:4 column A str required
      4:11 column B str
      4:13 column C int required
    5:1 out
  7:1 function G
    8:1 in
      8:4 column X int
`},
		{"call keeps value bytes", "[CALL]\n[F]\nA:New York \nB::x\nC:\n", `
1:1 call F
  3:1 param A "New York "
  4:1 param B ":x"
  5:1 param C ""
`},
		{"result error", "[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nInvalid city name\n", `
1:1 result
  3:1 status "ERROR"
  4:1 error-marker
  5:1 error "Invalid city name"
`},
		{"result rows", "[RESULT]\n[A:str|B:@D.ID]\nx|1\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n", `
1:1 result
  2:1 header
    2:2 column A str
    2:8 column B int ref=D.ID named
  3:1 row "x" "1"
  5:1 status "SUCCESS"
  6:1 error-marker
`},
		{"crlf", "[SCHEMA:A]\r\nID:int\r\n\r\n[DATA]\r\n1\r\n", `
1:1 schema A
  2:1 column ID int
4:1 data schema=0 rows=1
  5:1 row "1"
`},
		{"json block", "[JSON]\nARRAY:ROOT\nNOID:ROOT,items\n", `
1:1 json
  2:1 param ARRAY "ROOT"
  3:1 param NOID "ROOT,items"
`},
		{"unicode columns count code points", "[SCHEMA:A]\nID:int|N:str\n[DATA]\n1|héllo\n", `
1:1 schema A
  2:1 column ID int
  2:8 column N str
3:1 data schema=0 rows=1
  4:1 row "1" "héllo"
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, ds := parse(t, "t.adsl", tc.in)
			if len(ds) > 0 {
				t.Fatalf("unexpected diagnostics: %v", ds)
			}
			if diff := cmp.Diff(strings.TrimPrefix(tc.dump, "\n"), Dump(doc)); diff != "" {
				t.Errorf("dump (-want +got):\n%s", diff)
			}
			// print(parse(x)) parses to the same IR.
			again, ds := parse(t, "t.adsl", string(Print(doc)))
			if len(ds) > 0 {
				t.Fatalf("printed form has diagnostics: %v\n%s", ds, Print(doc))
			}
			if diff := cmp.Diff(string(Print(doc)), string(Print(again))); diff != "" {
				t.Errorf("print is not idempotent:\n%s", diff)
			}
		})
	}
}

func TestSyntaxErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string // want: "line:col CODE"
	}{
		{"stray text", "x|y\n[DATA]\n", "1:1 AD001"},
		{"stray marker", "[DTA]\n", "1:1 AD001"},
		{"chatter", "hello\n[DATA]\n", "1:1 AD003"},
		{"fence", "```adsl\n", "1:1 AD003"},
		{"bad schema label", "[SCHEMA:a-b]\nID:int\n", "1:10 AD002"},
		{"bad column", "[SCHEMA:A]\nID:int|N:\n", "2:10 AD002"},
		{"unknown char in column", "[SCHEMA:A]\nID:int|N%:str\n", "2:9 AD002"},
		{"row without data", "[SCHEMA:A]\nID:int\n1\n", "3:1 AD001"},
		{"second column line", "[SCHEMA:A]\nID:int\nX:str\n", "3:1 AD001"},
		{"function line before name", "[FUNCTIONS]\nDESC[x]\n", "2:1 AD001"},
		{"bad function name", "[FUNCTIONS]\n[a b]\n", "2:4 AD002"},
		{"bad desc", "[FUNCTIONS]\n[F]\nDESC x\n", "3:6 AD002"},
		{"unknown function line", "[FUNCTIONS]\n[F]\nFOO\n", "3:1 AD001"},
		{"bad in", "[FUNCTIONS]\n[F]\nIN[A:str|]\n", "3:9 AD002"},
		{"param without colon", "[CALL]\n[F]\nCITY\n", "3:5 AD002"},
		{"second call name", "[CALL]\n[F]\n[G]\n", "3:1 AD001"},
		{"line after result", "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n\nmore\n", "6:1 AD001"},
		{"bad result header", "[RESULT]\n[A:str|]\n", "2:7 AD002"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, ds := parse(t, "t.adsl", tc.in)
			if len(ds) != 1 {
				t.Fatalf("got %d diagnostics, want 1: %v", len(ds), ds)
			}
			got := ds[0].Span.Start().String() + " " + ds[0].Code
			if got != tc.want {
				t.Errorf("got %s (%s), want %s", got, ds[0].Message, tc.want)
			}
			if ds[0].Hint == "" {
				t.Errorf("no hint")
			}
			// Nothing is dropped: every non-blank line's bytes are in the IR dump or printed form.
			printed := string(Print(doc))
			for _, l := range strings.Split(tc.in, "\n") {
				if l = strings.TrimSpace(l); l != "" && !strings.Contains(printed, strings.Trim(l, "[]")) {
					t.Errorf("line %q is missing from the printed IR:\n%s", l, printed)
				}
			}
		})
	}
}

// TestGrammarGolden keeps the EBNF of every structure-line grammar in
// testdata/grammar.ebnf (ROSETTAC_UPDATE=1 rewrites it).
func TestGrammarGolden(t *testing.T) {
	got := grammar()
	path := filepath.Join("testdata", "grammar.ebnf")
	if os.Getenv("ROSETTAC_UPDATE") != "" {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with ROSETTAC_UPDATE=1 to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("grammar changed (-golden +now); rerun with ROSETTAC_UPDATE=1 if intended:\n%s", diff)
	}
}

func TestSplitRow(t *testing.T) {
	k := []ir.DSLTypeKind{ir.DSLInt, ir.DSLAny, ir.DSLStr}
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`1|{"a":"|"}|x`, []string{"1", `{"a":"|"}`, "x"}},
		{`1|"a|b"|x`, []string{"1", `"a|b"`, "x"}},
		{`1|[1,"]|"]|x`, []string{"1", `[1,"]|"]`, "x"}},
		{`1|{"a":1}x|y`, []string{"1", `{"a":1}x`, "y"}},
		{`1|"unclosed|x`, []string{"1", `"unclosed`, "x"}},
		{`1||`, []string{"1", "", ""}},
		{`1|a|b|c`, []string{"1", "a", "b", "c"}},
	} {
		row := ir.DSLRow{Text: tc.in, Cells: splitRow(tc.in, k, nil)}
		var got []string
		for i := range row.Cells {
			got = append(got, row.Cell(i))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s", tc.in, diff)
		}
	}
}

// TestSecondResultMarker: a [RESULT] has one [STATUS:str] and one [ERROR:str];
// a second one is stray, with a message and hint naming it.
func TestSecondResultMarker(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"[RESULT]\n[STATUS:str]\nSUCCESS\n[STATUS:str]\n",
			"4:1 AD001 a second [STATUS:str] in a [RESULT] block / a [RESULT] has one status: start another [RESULT] block"},
		{"[RESULT]\n[ERROR:str]\nboom\n[ERROR:str]\n",
			"4:1 AD001 a second [ERROR:str] in a [RESULT] block / a [RESULT] has one error line: start another [RESULT] block"},
	} {
		_, ds := parse(t, "t.adsl", tc.in)
		if len(ds) != 1 {
			t.Fatalf("%q: got %d diagnostics, want 1: %v", tc.in, len(ds), ds)
		}
		if got := ds[0].Span.Start().String() + " " + ds[0].Code + " " + ds[0].Message + " / " + ds[0].Hint; got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}
