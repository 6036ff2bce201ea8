package toon

import (
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
)

// TestDecodeJSONOrigin: DecodeJSON's Origin takes a span of the JSON back to
// the TOON token it was decoded from: exactly where the JSON writes the
// token's own bytes, else to the whole token, or to the key or header line of
// a container.
func TestDecodeJSONOrigin(t *testing.T) {
	const doc = "name: Ada\n" +
		"\"odd key\": \"tab\\there\"\n" +
		"n: 1.50\n" +
		"users[2]{id,role}:\n" +
		"  1,admin\n" +
		"  2,user\n" +
		"by[1:]{age}:\n" +
		"  bob: 25\n" +
		"list[2]:\n" +
		"  - x\n" +
		"  - k: v\n" +
		"empty:\n"
	src := diag.NewSource("d.toon", []byte(doc))
	js, o, ds := DecodeJSON(src, DecodeOptions{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	gen := diag.NewSource("d.toon (as JSON)", js)
	// at maps the n-th occurrence (from 1) of sub in the JSON, shifted by
	// skip bytes and cut to length n bytes.
	at := func(sub string, nth, skip, n int) (string, bool) {
		i := -1
		for range nth {
			j := strings.Index(string(js[i+1:]), sub)
			if j < 0 {
				t.Fatalf("%q not in the JSON %d times:\n%s", sub, nth, js)
			}
			i += 1 + j
		}
		sp, exact := o.Span(gen.Span(i+skip, i+skip+n))
		a, b := sp.Offsets()
		return doc[a:b], exact
	}
	for _, c := range []struct {
		sub          string
		nth, skip, n int
		want         string
		exact        bool
	}{
		{`"Ada"`, 1, 1, 3, "Ada", true},             // an unquoted string, copied
		{`"name"`, 1, 1, 4, "name", true},           // a key
		{`"odd key"`, 1, 1, 7, "odd key", true},     // a quoted key: inside its quotes
		{`"tab\there"`, 1, 1, 3, "tab", true},       // a quoted string whose escape JSON writes the same
		{`1.5`, 1, 0, 3, "1.50", false},             // a number in canonical form: the token
		{`"admin"`, 1, 1, 5, "admin", true},         // a cell of a tabular row
		{`"role"`, 2, 1, 4, "user", false},          // a row's key, from the header: its cell
		{`"bob"`, 1, 1, 3, "bob", true},             // a keyed entry's key
		{`25`, 1, 0, 2, "25", true},                 // its cell
		{`"k"`, 1, 1, 1, "k", true},                 // a field on a list item's hyphen line
		{`[`, 1, 0, 1, "users[2]{id,role}:", false}, // an array: its header
		{`{}`, 1, 0, 2, "empty", false},             // an empty object: its key
	} {
		got, exact := at(c.sub, c.nth, c.skip, c.n)
		if got != c.want || exact != c.exact {
			t.Errorf("%q #%d: maps to %q (exact %v), want %q (exact %v)", c.sub, c.nth, got, exact, c.want, c.exact)
		}
	}
}

// TestDecodeJSONEscapes: the JSON a TOON document decodes to is written by
// rosettac's one JSON writer, so its strings are escaped as in every JSON
// rosettac writes (U+2028 and U+2029 escaped, HTML characters not), and a
// string whose escapes differ from its TOON token maps to the token, not
// exactly.
func TestDecodeJSONEscapes(t *testing.T) {
	const doc = "a: \"x\u2028y\"\nb: <&>\nc: \"q\\\"\"\n"
	src := diag.NewSource("e.toon", []byte(doc))
	js, o, ds := DecodeJSON(src, DecodeOptions{})
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	const want = "{\n  \"a\": \"x\\u2028y\",\n  \"b\": \"<&>\",\n  \"c\": \"q\\\"\"\n}\n"
	if string(js) != want {
		t.Fatalf("DecodeJSON wrote\n%s\nwant\n%s", js, want)
	}
	gen := diag.NewSource("e.toon (as JSON)", js)
	i := strings.Index(string(js), `"x\u2028y"`)
	sp, exact := o.Span(gen.Span(i+1, i+9))
	if a, b := sp.Offsets(); doc[a:b] != "\"x\u2028y\"" || exact {
		t.Errorf("the escaped string maps to %q (exact %v), want its token, not exactly", doc[a:b], exact)
	}
}
