// Package fuzz holds rosettac's fuzz targets; crashers found are kept under
// testdata/fuzz/<FuzzName>/.
package fuzz

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

func addAgentDSLSeeds(f *testing.F) {
	files, _ := filepath.Glob("../examples/*.adsl")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{
		"[SCHEMA:A]\nID:int|J:any|S:str\n[DATA]\n1|{\"a\":\"|\"}|x,y\n2|_|_\n",
		"[SCHEMA:A]\nID:int|@A.ID:int\n[DATA]\n1|1\n",
		"[JSON]\nARRAY:ROOT\nNOID:ROOT\n[SCHEMA:ROOT]\nID:int\n[DATA]\n1\n",
		"[RESULT]\n[A:str|B:@D.ID]\nx|1\n[STATUS:str]\nERROR\n[ERROR:str]\n",
		"[FUNCTIONS]\n[F]\nDESC[x]\nIN[A*|B:int]\n[CALL]\n[F]\nA:\n",
		"hello\n[DATA]\n\xff\n",
		"[SCHEMA:\n",
	} {
		f.Add(s)
	}
}

// FuzzAgentDSLParse: reading never panics, every span nests in its parent's,
// rows, cells and texts are the bytes at their spans, print(parse(x)) reads
// back to the same document, and the checker never panics.
func FuzzAgentDSLParse(f *testing.F) {
	addAgentDSLSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return // the compiler rejects it before any grammar (F002)
		}
		doc, ds := agentdsl.Parse(diag.NewSource("f.adsl", []byte(src)))
		checkTree(t, []byte(src), doc, ds)
		_ = schema.Check(doc)
		if len(ds) > 0 {
			return // fmt refuses documents with syntax errors
		}
		printed := agentdsl.Print(doc)
		again, ds2 := agentdsl.Parse(diag.NewSource("f.adsl", printed))
		if len(ds2) > 0 {
			t.Fatalf("printed form does not read: %v\n%s", ds2, printed)
		}
		if p2 := agentdsl.Print(again); string(p2) != string(printed) {
			t.Fatalf("print(parse(print(x))) != print(x):\n%s\n---\n%s", printed, p2)
		}
		if a, b := agentdsl.Dump(doc), agentdsl.Dump(again); stripPos(a) != stripPos(b) {
			t.Fatalf("IR changed through printing:\n%s\n---\n%s", a, b)
		}
	})
}

// stripPos drops what printing may change in a dump: the line:col of each
// line, and [DATA] headers (the printer adds an empty [DATA] after a schema
// that has none, which shifts block indexes).
func stripPos(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimLeft(l, " ")
		if i := strings.IndexByte(t, ' '); i >= 0 {
			t = t[i+1:]
		}
		if strings.HasPrefix(t, "data schema=") {
			if strings.HasSuffix(t, "rows=0") {
				continue
			}
			t = t[strings.Index(t, " rows="):]
		}
		b.WriteString(t + "\n")
	}
	return b.String()
}

// FuzzAgentDSLJSON: to_json never panics, writes valid JSON, and for a document
// that checks clean and loses nothing, from_json gives it back; from_json never
// panics on any input.
func FuzzAgentDSLJSON(f *testing.F) {
	addAgentDSLSeeds(f)
	f.Add(`{"a":[{"x":1,"y":{"z":"q|r"},"w":[{"v":2.0}]}]}`)
	f.Add(`[{"ID":3,"s":"\ud800"}]`)
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return
		}
		syn := agentdsl.Syntax{}
		// from_json on arbitrary text.
		if back, _ := datajson.FromJSON(diag.NewSource("f.json", []byte(src)), syn); back != nil {
			_ = schema.Check(back)
			_ = agentdsl.Print(back)
		}
		doc, ds := agentdsl.Parse(diag.NewSource("f.adsl", []byte(src)))
		ds = append(ds, schema.Check(doc)...)
		checkTree(t, []byte(src), doc, ds)
		js, tds := datajson.ToJSON(doc, syn)
		if _, err := datajson.Decode(js); err != nil {
			t.Fatalf("to_json wrote invalid JSON: %v\n%s", err, js)
		}
		if ds.Count(diag.Error)+ds.Count(diag.Warning) > 0 || len(tds) > 0 {
			return
		}
		back, fds := datajson.FromJSON(diag.NewSource("f.json", js), syn)
		if back == nil {
			t.Fatalf("from_json(to_json(d)) failed: %v\njson: %s\ndoc:\n%s", fds, js, agentdsl.Print(doc))
		}
		if a, b := string(agentdsl.Print(doc)), string(agentdsl.Print(back)); a != b {
			t.Fatalf("from_json(to_json(d)) != d:\n%s\n---\n%s\njson: %s", a, b, js)
		}
	})
}

// FuzzAgentDSLCheckReader: checking from a reader, which holds one line at a
// time, reports what checking the bytes in memory reports, down to the
// printed line and column of both ends of every span (Span.Equal compares
// offsets only: a span of the wrong window would pass it).
func FuzzAgentDSLCheckReader(f *testing.F) {
	addAgentDSLSeeds(f)
	f.Add("\uFEFF[SCHEMA:U]\nID:int|N:str\n\n[DATA]\n1|a\n\n[JSON]\nARRAY:U\nOBJECT:U\n")
	f.Fuzz(func(t *testing.T, src string) {
		want := compiler.Diagnose("f.adsl", []byte(src), compiler.Options{From: ir.AgentDSL})
		got, err := compiler.CheckReader("f.adsl", strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		checkTree(t, []byte(src), want.Doc, want.Diags)
		checkTree(t, []byte(src), nil, got.Diags)
		var w, g strings.Builder
		if err := diag.PrintJSON(&w, want.Diags); err != nil {
			t.Fatal(err)
		}
		if err := diag.PrintJSON(&g, got.Diags); err != nil {
			t.Fatal(err)
		}
		if w.String() != g.String() {
			t.Fatalf("diagnostics differ\nin memory: %s\nfrom a reader: %s\ninput: %q", w.String(), g.String(), src)
		}
	})
}
