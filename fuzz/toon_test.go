package fuzz

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/toon"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// FuzzTOONDecode: decoding never panics in either mode, an error has a valid
// span inside the input, and whatever decodes encodes to text that decodes to
// the same data and encodes to the same text again (with each delimiter).
// DecodeJSON writes the JSON jsonvalue.Indent writes, and its Origin maps every
// byte of that JSON into the input, exactly only onto the same byte.
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
		src0 := diag.NewSource("f.toon", []byte(src))
		js, o, _ := toon.DecodeJSON(src0, toon.DecodeOptions{Lenient: lenient})
		if want := append(jsonvalue.Indent(v, "", "  ", false), '\n'); string(js) != string(want) {
			t.Fatalf("DecodeJSON wrote %q, jsonvalue.Indent %q", js, want)
		}
		gen := diag.NewSource("f.toon (as JSON)", js)
		for i := range len(js) {
			sp, exact := o.Span(gen.Span(i, i+1))
			a, b := sp.Offsets()
			if sp.Source() != src0 || a < 0 || b > len(src) || a > b {
				t.Fatalf("byte %d of the JSON maps to %v", i, sp)
			}
			if exact && src[a:b] != string(js[i:i+1]) {
				t.Fatalf("byte %d of the JSON (%q) maps exactly onto %q at %d", i, js[i], src[a:b], a)
			}
		}
		for _, delim := range []byte{',', '|', '\t'} {
			text := toon.Encode(v, toon.EncodeOptions{Delimiter: delim})
			back, ds := toon.Decode(diag.NewSource("g.toon", text), toon.DecodeOptions{})
			if len(ds) > 0 {
				t.Fatalf("encoded text does not decode: %v\n%q\nfrom %s", ds, text, jsonvalue.Compact(v))
			}
			if !toon.SameData(back, v) {
				t.Fatalf("decode(encode(v)) != v\n%q\n%s\n%s", text, jsonvalue.Compact(v), jsonvalue.Compact(back))
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
			t.Fatalf("decode(encode(v)) != v\n%q\n%s", text, jsonvalue.Compact(back))
		}
	})
}

// FuzzTOONCheck: a TOON input goes through the compiler's rows (TOON, then
// JSON, then perhaps a language's text) without a panic; every diagnostic
// has a valid span in the .toon file or in a text it was read through; a
// decode error is the only diagnostic and lies in the .toon file; and what
// decodes is checked exactly as its decoded JSON given as a .json file is.
func FuzzTOONCheck(f *testing.F) {
	for _, s := range []string{
		"format: rosetta\nitems[1]:\n  - message:\n      id: a1.1\n      act: ask\n      from: a1\n      to[1]: b2\n      topic: t\n      slots[1]{slot,text}:\n        q,why?",
		"format: lingua\nitems[1]:\n  - line:\n      messages[1]{kind,text}:\n        natural,hi",
		"users[2]{id,name}:\n  1,Ada\n  2,Bob",
		"format: rosetta\nitems[1]: 42",
		"items[3]: a,b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := compiler.Check("f.toon", []byte(src), compiler.Options{})
		for _, d := range r.Diags {
			s := d.Span.Source()
			if s == nil || d.Span.EndOffset() > len(s.Content()) || d.Span.EndOffset() < d.Span.StartOffset() {
				t.Fatalf("bad span %+v", d)
			}
		}
		if in := compiler.CheckInput(diag.NewSource("f.toon", []byte(src)), 0); len(in) > 0 {
			// Empty (blank: TOON's empty object), not UTF-8: found before
			// any row reads it.
			if fmt.Sprint(r.Diags.Codes()) != fmt.Sprint(in.Codes()) {
				t.Fatalf("input error %v, check gave %v", in, r.Diags)
			}
			return
		}
		v, ds := toon.Decode(diag.NewSource("f.toon", []byte(src)), toon.DecodeOptions{})
		if len(ds) > 0 {
			if len(r.Diags) != 1 || r.Diags[0].Code != ds[0].Code || r.Diags[0].Span.File() != "f.toon" {
				t.Fatalf("decode error %v, check gave %v", ds, r.Diags)
			}
			return
		}
		js := append(jsonvalue.Indent(v, "", "  ", false), '\n')
		want := compiler.Check("f.toon (as JSON)", js, compiler.Options{From: ir.JSON})
		if r.Lang != want.Lang || r.Form != ir.TOON || fmt.Sprint(r.Diags.Codes()) != fmt.Sprint(want.Diags.Codes()) {
			t.Fatalf("through TOON: %s %v; the JSON: %s %v", r.Lang, r.Diags.Codes(), want.Lang, want.Diags.Codes())
		}
	})
}
