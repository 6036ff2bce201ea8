package lingua

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

func parse(t *testing.T, s string) (string, diag.List) {
	t.Helper()
	doc, ds := Parse(diag.NewSource("t.lingua", []byte(s)))
	return Dump(doc), ds
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		codes          []string
	}{
		{"seed post", "👽73|@1|$j:eyJ0IjoidGVzdCIsImMiOiJoZWxsbyB3b3JsZCJ9\n--👽lingua/0.4@agent-lingua\n", `line 1:1
  request 1:1 domain=7 action=3
    target "1" kind=1 name=""
    payload kind=1 "j:eyJ0IjoidGVzdCIsImMiOiJoZWxsbyB3b3JsZCJ9"
  signature 2:1 version="0.4" source="agent-lingua"
`, nil},
		{"reminder", "👽42|@H|~+1d15h|$bWVldGluZw==", `line 1:1
  request 1:1 domain=4 action=2
    target "H" kind=5 name=""
    time "+1d15h" kind=0 duration=39h0m0s
    payload kind=0 "bWVldGluZw=="
`, nil},
		{"compound", "👽71|@1|#post-123;;👽79|@1|#post-123|$Z3JlYXQgcG9zdA==", `line 1:1
  request 1:1 domain=7 action=1
    target "1" kind=1 name=""
    id "post-123"
  request 1:19 domain=7 action=9
    target "1" kind=1 name=""
    id "post-123"
    payload kind=0 "Z3JlYXQgcG9zdA=="
`, nil},
		{"times and conditions", "👽A69|@99builders|~@2024-02-03T15:00+08|%K>100|%P1/3|%T~agent lingua|$r:a|b", `line 1:1
  request 1:1 domain=A action=6 modifier=9
    target "99builders" kind=4 name="builders"
    time "@2024-02-03T15:00+08" kind=3 instant=2024-02-03T15:00:00+08:00
    cond "K>100" type=K op=> value="100"
    cond "P1/3" partition=1/3
    cond "T~agent lingua" type=T op=~ value="agent lingua"
    payload kind=3 "r:a|b"
`, nil},
		{"unix and every", "👽42|~=1706889600;;👽42|~*4h", `line 1:1
  request 1:1 domain=4 action=2
    time "=1706889600" kind=2 instant=2024-02-02T16:00:00Z
  request 1:19 domain=4 action=2
    time "*4h" kind=4 duration=4h0m0s
`, nil},
		{"response error natural", "^0|#post-123|$j:e30=\n!E2W\n!E5|~+30m\n👽 hello there\n", `line 1:1
  response 1:1 status=0
    id "post-123"
    payload kind=1 "j:e30="
line 2:1
  error 2:1 type=2 sub=W
line 3:1
  error 3:1 type=5
    time "+30m" kind=0 duration=30m0s
line 4:1
  natural 4:1 "hello there"
`, nil},
		{"prose around", "Please do this:\n\n👽10|@bob\nthanks\n^ not a response\n", `prose 1:1 "Please do this:\n"
line 3:1
  request 3:1 domain=1 action=0
    target "bob" kind=8 name="bob"
prose 4:1 "thanks\n^ not a response"
`, nil},
		{"bad head", "👽7|@1\n👽7G\n", `line 1:1
  bad 1:1 "👽7|@1"
line 2:1
  bad 2:1 "👽7G"
`, []string{"L001", "L001"}},
		{"bad fields", "👽73|@1|@2|x|~+3q|%K|$q:abc|", `line 1:1
  request 1:1 domain=7 action=3
    target "1" kind=1 name=""
    extra "@2"
    extra "x"
    extra "~+3q"
    extra "%K"
    extra "$q:abc|"
`, []string{"L003", "L002", "L004", "L005", "L006"}},
		{"lower hex and lone signature", "--👽lingua/0.4@agent-lingua\n👽7a\n--👽lingua/\n", `line 1:1
  signature 1:1 version="0.4" source="agent-lingua"
line 2:1
  request 2:1 domain=7 action=A
  signature 3:1 version="" source="--👽lingua/"
`, []string{"L010", "L009", "L007"}},
		// A line written like a response or error is Lingua even when its code
		// is malformed: it gets L001 and is kept as a bad message, not as prose.
		{"malformed response and error lines", "^ see above\n^^\n!Everyone\n!Eh\n^x1|#1\n^|#x\n^0a|#x\n^10\n!EW\n!E|late\n!EX|x;;👽73\n  ^00|$r:a\n!Ea|\n", `prose 1:1 "^ see above\n^^\n!Everyone\n!Eh"
line 5:1
  bad 5:1 "^x1|#1"
line 6:1
  bad 6:1 "^|#x"
line 7:1
  bad 7:1 "^0a|#x"
line 8:1
  bad 8:1 "^10"
line 9:1
  bad 9:1 "!EW"
line 10:1
  bad 10:1 "!E|late"
line 11:1
  bad 11:1 "!EX|x"
  request 11:8 domain=7 action=3
line 12:3
  bad 12:3 "^00|$r:a"
line 13:1
  bad 13:1 "!Ea|"
`, []string{"L001", "L001", "L001", "L001", "L001", "L001", "L001", "L001", "L001"}},
		// Only a request's code is hex digits, read in upper case; a status,
		// an error type and a subtype keep their case (^a is not ^A).
		{"code letters keep their case", "^a|#x\n!E2w|oops\n^z\n👽7a|@1\n", `line 1:1
  response 1:1 status=a
    id "x"
line 2:1
  error 2:1 type=2 sub=w details="oops"
line 3:1
  response 3:1 status=z
line 4:1
  request 4:1 domain=7 action=A
    target "1" kind=1 name=""
`, []string{"L009"}},
		{"empty parts", "👽73||@1;;;;^0", `line 1:1
  request 1:1 domain=7 action=3
    target "1" kind=1 name=""
  response 1:12 status=0
`, []string{"L008", "L008"}},
		{"time errors", "👽42|~+30;;👽42|~=2024-13-01T00:00Z;;👽42|~@30m;;👽42|~+99999999999999999999d", "", []string{"L004", "L004", "L004", "L004"}},
		// The seed's = is "Unix timestamp or ISO format": ~= takes an ISO
		// instant as ~@ does (docs/lingua.md). Both take ISO 8601 only:
		// time.Parse would also take a one-digit hour and a zone of +24.
		{"iso after = and @", "👽42|~=2024-02-03T15:00+08;;👽42|~@2024-02-03T15:00:00.5-02:30", `line 1:1
  request 1:1 domain=4 action=2
    time "=2024-02-03T15:00+08" kind=3 instant=2024-02-03T15:00:00+08:00
  request 1:28 domain=4 action=2
    time "@2024-02-03T15:00:00.5-02:30" kind=3 instant=2024-02-03T15:00:00-02:30
`, nil},
		{"iso forms that are not iso", "👽42|~=2024-02-03T5:00+08;;👽42|~@2024-02-03T15:00+24;;👽42|~=2024-02-03T15:00;;👽42|~@2024-02-03T15:00+08:0", "", []string{"L004", "L004", "L004", "L004"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ds := parse(t, tc.in)
			if tc.want != "" {
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("dump (-want +got):\n%s", d)
				}
			}
			if d := cmp.Diff(tc.codes, []string(ds.Codes())); d != "" && !(len(tc.codes) == 0 && len(ds) == 0) {
				t.Errorf("codes (-want +got):\n%s\n%s", d, ds)
			}
		})
	}
}

// TestPrintRoundTrip checks that the canonical form parses to the same IR and
// that printing it again changes nothing.
func TestPrintRoundTrip(t *testing.T) {
	in := "prose\n  👽73|%K>1|#x|@1|~+1m|$j:e30=\n--👽lingua/0.4@agent-lingua\r\n!E5|~+30m|later\n👽 hi\n"
	doc, _ := Parse(diag.NewSource("a", []byte(in)))
	out := Print(doc)
	want := "prose\n👽73|@1|#x|~+1m|%K>1|$j:e30=\n--👽lingua/0.4@agent-lingua\n!E5|later|~+30m\n👽 hi\n"
	if d := cmp.Diff(want, string(out)); d != "" {
		t.Fatalf("print (-want +got):\n%s", d)
	}
	doc2, _ := Parse(diag.NewSource("a", out))
	if d := cmp.Diff(string(out), string(Print(doc2))); d != "" {
		t.Errorf("not idempotent:\n%s", d)
	}
}

// TestPrintKeepsCodes checks that fmt changes no byte of a code but the case of
// a request's hex digits, and that a malformed message keeps its bytes, so
// print(parse(x)) says what x says.
func TestPrintKeepsCodes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"^a|#x\n!E2w|oops\n^z\n!E1x\n👽7a|@1\n👽7fc\n", "^a|#x\n!E2w|oops\n^z\n!E1x\n👽7A|@1\n👽7FC\n"},
		{"^0a|#x\n  !E|late\n^;;👽73|@1\n^10\n", "^0a|#x\n!E|late\n^;;👽73|@1\n^10\n"},
	} {
		doc, _ := Parse(diag.NewSource("a", []byte(tc.in)))
		out := Print(doc)
		if d := cmp.Diff(tc.want, string(out)); d != "" {
			t.Errorf("print %q (-want +got):\n%s", tc.in, d)
		}
		doc2, _ := Parse(diag.NewSource("a", out))
		if d := cmp.Diff(string(out), string(Print(doc2))); d != "" {
			t.Errorf("not idempotent:\n%s", d)
		}
	}
}

// TestGrammarGolden keeps testdata/grammar.ebnf equal to the grammars.
func TestGrammarGolden(t *testing.T) {
	const file = "testdata/grammar.ebnf"
	got := grammar()
	if os.Getenv("ROSETTAC_UPDATE") != "" {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(strings.TrimSpace(string(want)), strings.TrimSpace(got)); d != "" {
		t.Errorf("grammar changed (ROSETTAC_UPDATE=1 to accept) (-want +got):\n%s", d)
	}
}

// TestFenceChatter: a fence around Lingua lines is an info (L011) and kept
// as prose; the lines inside are read.
func TestFenceChatter(t *testing.T) {
	src := "Here is the result:\n```lingua\n👽73|@1|#1|$r:hi\n```\n"
	doc, ds := Parse(diag.NewSource("t.lingua", []byte(src)))
	if got := ds.Codes(); len(got) != 2 || got[0] != CodeFence || got[1] != CodeFence {
		t.Errorf("codes %v, want two L011", got)
	}
	wire := 0
	for _, it := range doc.Items {
		if _, ok := it.(*ir.LinguaLine); ok {
			wire++
		}
	}
	if wire != 1 {
		t.Errorf("read %d wire lines, want 1", wire)
	}
}
