package fuzz

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	grammar "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/ir"
)

// linguaSeeds adds the seed examples and every golden input.
func linguaSeeds(f *testing.F) {
	for _, s := range []string{
		"👽73|@1|$j:eyJ0IjoidGVzdCIsImMiOiJoZWxsbyB3b3JsZCJ9\n--👽lingua/0.4@agent-lingua\n",
		"👽42|@H|~+1d15h|$bWVldGluZw==",
		"👽71|@1|#post-123;;👽79|@1|#post-123|$Z3JlYXQgcG9zdA==",
		"!E2W\n!E5|~+30m\n^0|#x|$r:a|b\n👽 hello",
		"👽A69|@99b|~@2024-02-03T15:00+08|%K>100|%P1/3|~=1706889600|$z:eJwzMDQyNjE1M7ewTExKTklNAwAfawRj",
		"prose\n👽7|x;;;;^Z|%Q|$e:AAAA",
	} {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../golden/testdata/lingua/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			continue
		}
		for _, af := range ar.Files {
			if af.Name == "input.lingua" {
				f.Add(af.Data)
			}
		}
	}
}

var spanPos = regexp.MustCompile(` \d+:\d+`)

// walkLingua calls fn for every message of doc.
func walkLingua(doc *ir.LinguaTranscript, fn func(ir.LinguaMessage)) {
	for _, it := range doc.Items {
		if l, ok := it.(*ir.LinguaLine); ok {
			for _, m := range l.Messages {
				fn(m)
			}
		}
	}
}

// FuzzLinguaParse: no panic; every span nests in its parent's; payload bytes
// are the input's bytes at their span; print(parse(x)) parses to the same IR.
func FuzzLinguaParse(f *testing.F) {
	linguaSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return // the compiler rejects such input before the grammar (F002)
		}
		src := diag.NewSource("f.lingua", data)
		doc, ds := grammar.Parse(src)
		checkTree(t, data, doc, ds)
		if ds.HasErrors() {
			return // fmt refuses files with errors
		}
		out := grammar.Print(doc)
		doc2, ds2 := grammar.Parse(diag.NewSource("f.lingua", out))
		if ds2.HasErrors() {
			t.Fatalf("printed form has errors: %s\n%q", ds2, out)
		}
		a, b := spanPos.ReplaceAllString(grammar.Dump(doc), ""), spanPos.ReplaceAllString(grammar.Dump(doc2), "")
		if a != b {
			t.Fatalf("print(parse(x)) parses differently:\n%s\n---\n%s", a, b)
		}
		if out2 := grammar.Print(doc2); string(out2) != string(out) {
			t.Fatalf("printing is not idempotent:\n%q\n%q", out, out2)
		}
	})
}

// FuzzLinguaDecode: the whole Lingua pipeline (with a key and a PSK) never
// panics, inflation stays under the cap, and every decoded payload re-encodes
// to wire text that decodes to the same content.
func FuzzLinguaDecode(f *testing.F) {
	linguaSeeds(f)
	const limit = 64 << 10
	opt := compiler.Options{From: ir.Lingua, MaxInflate: limit, PSK: []byte("fuzz"),
		PrivateKey: []byte("dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo=")}
	f.Fuzz(func(t *testing.T, data []byte) {
		res := compiler.Check("f.lingua", data, opt)
		doc, ok := res.Doc.(*ir.LinguaTranscript)
		if !ok {
			return
		}
		checkTree(t, data, doc, res.Diags)
		walkLingua(doc, func(m ir.LinguaMessage) {
			if f := ir.LinguaFieldsOf(m); f != nil && f.Payload != nil && f.Payload.Decoded != nil && f.Payload.Decoded.Size > limit && f.Payload.Kind == ir.PayloadZlib {
				t.Fatalf("inflated %d bytes past the cap %d", f.Payload.Decoded.Size, limit)
			}
		})
		if res.Diags.HasErrors() {
			return
		}
		enc, err := grammar.Encode(doc, grammar.EncodeOptions{Reencode: true})
		if err != nil {
			return // binary content or an e: payload with no key to seal it again
		}
		back := compiler.Check("f.lingua", enc, opt)
		bdoc, ok := back.Doc.(*ir.LinguaTranscript)
		if !ok {
			t.Fatalf("re-encoded text does not parse: %s", back.Diags)
		}
		if a, b := contents(doc), contents(bdoc); a != b {
			t.Fatalf("decode(encode(x)) != x:\n%s\n---\n%s\nwire:\n%s", a, b, enc)
		}
	})
}

// contents lists every message's kind and decoded payload content.
func contents(doc *ir.LinguaTranscript) string {
	var b strings.Builder
	walkLingua(doc, func(m ir.LinguaMessage) {
		f := ir.LinguaFieldsOf(m)
		if f == nil || f.Payload == nil || f.Payload.Decoded == nil {
			b.WriteString("-\n")
			return
		}
		d := f.Payload.Decoded
		c, _ := grammar.Content(d)
		b.WriteString(string(c) + "\n")
	})
	return b.String()
}
