package fuzz

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/toon"
)

// FuzzTOONDecode: decoding never panics in either mode, an error has a valid
// span inside the input, and whatever decodes encodes to text that decodes to
// the same data and encodes to the same text again (with each delimiter).
func FuzzTOONDecode(f *testing.F) {
	for _, s := range []string{
		"users[2]{id,name,role}:\n  1,Ada,admin\n  2,Bob,user",
		"orders[2]{id,customer{name,country},total}:\n  1,Ada,DK,99\n  2,Bob,UK,149",
		"users[2:]{age,city}:\n  alice: 30,Berlin\n  bob: 25,Oslo",
		"items[3]:\n  - 1\n  - a: 1\n  - text",
		"items[1]:\n  - users[2]{id,name}:\n      1,Ada\n      2,Bob\n    status: active",
		"tags[3|]: reading|gaming|coding\n\"my-key\"[3]: 1,2,3",
		"# c\n[2]: a,b",
		"a: \"x\\u0041\\n\"\nb: -1E+03\nc: 05\nd: []",
		"[2:]{a}:\n  \"k:1\": x\n  k2: \"y,z\"",
	} {
		f.Add(s, false)
	}
	if files, _ := filepath.Glob("../examples/*.toon"); len(files) > 0 {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b), false)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string, lenient bool) {
		v, ds := toon.Decode(diag.NewSource("f.toon", []byte(src)), toon.DecodeOptions{Lenient: lenient})
		if len(ds) > 0 {
			d := ds[0]
			if len(ds) != 1 || !d.Span.IsValid() || d.Span.EndOffset() > len(src) || d.Span.EndOffset() < d.Span.StartOffset() || d.Hint == "" {
				t.Fatalf("bad diagnostic %+v", ds)
			}
			return
		}
		for _, delim := range []byte{',', '|', '\t'} {
			text := toon.Encode(v, toon.EncodeOptions{Delimiter: delim})
			back, ds := toon.Decode(diag.NewSource("g.toon", text), toon.DecodeOptions{})
			if len(ds) > 0 {
				t.Fatalf("encoded text does not decode: %v\n%q\nfrom %s", ds, text, toon.AppendJSON(nil, v, ""))
			}
			if !toon.SameData(back, v) {
				t.Fatalf("decode(encode(v)) != v\n%q\n%s\n%s", text, toon.AppendJSON(nil, v, ""), toon.AppendJSON(nil, back, ""))
			}
			if again := toon.Encode(back, toon.EncodeOptions{Delimiter: delim}); string(again) != string(text) {
				t.Fatalf("encoding is not stable:\n%q\n%q", text, again)
			}
		}
	})
}

// FuzzTOONJSON: any JSON value encodes to TOON that decodes to the same data.
func FuzzTOONJSON(f *testing.F) {
	for _, s := range []string{`{"a":[{"x":1,"y":{"z":"-"}},{"y":{"z":""},"x":2}]}`, `[[],[{}],{"":null}]`, `"#"`, `{"k":{"a":{"b":1},"c":{"b":2}}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		v, ds := toon.ParseJSON(diag.NewSource("f.json", []byte(src)))
		if len(ds) > 0 {
			return
		}
		text := toon.Encode(v, toon.EncodeOptions{})
		back, ds := toon.Decode(diag.NewSource("g.toon", text), toon.DecodeOptions{})
		if len(ds) > 0 {
			t.Fatalf("encoded text does not decode: %v\n%q", ds, text)
		}
		if !toon.SameData(back, v) {
			t.Fatalf("decode(encode(v)) != v\n%q\n%s", text, toon.AppendJSON(nil, back, ""))
		}
	})
}
