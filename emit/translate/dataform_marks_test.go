package translate_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/grammars/rosetta"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
)

// TestDataFormMarksHold: the writers of the data forms' text keep their
// promise to diag.Origin (jsonvalue.TextWriter): where they mark a string
// of the JSON as written next, the text has its bytes there, so that a
// diagnostic in the text maps to the very bytes of the JSON. (ReadDataForm
// verifies the marks too and drops a wrong one, so a slip would cost only
// precision; this test says there is none.) Every Rosetta and Lingua input
// of examples/ and the golden tests is translated to its data form and read
// back.
func TestDataFormMarksHold(t *testing.T) {
	var files []string
	for _, g := range []string{"../../examples/*.rose", "../../examples/*.lingua", "../../golden/testdata/*/*.rose", "../../golden/testdata/*/*/*.rose", "../../golden/testdata/*/*.lingua"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	exact := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := compiler.Check(f, src, compiler.Options{})
		if in.Doc == nil || in.Lang != ir.Rosetta && in.Lang != ir.Lingua {
			continue
		}
		data, _ := translate.Translate(in.Doc, ir.JSON)
		v, lits, err := jsonvalue.ParseLiterals(data)
		if err != nil {
			t.Fatalf("%s: its data form does not parse: %v", f, err)
		}
		write := jsonvalue.TextWriter(rosetta.JSONText)
		if in.Lang == ir.Lingua {
			write = lingua.JSONText
		}
		type mark struct {
			at int
			v  *ir.JSONValue
		}
		var marks []mark
		text, err := write(v.Member("items"), func(at int, v *ir.JSONValue) { marks = append(marks, mark{at, v}) }, nil)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, m := range marks {
			lit := lits[m.v]
			if m.v.Kind != ir.JSONString || string(data[lit[0]:lit[1]]) != `"`+m.v.Text+`"` {
				continue // not a copy: it maps to the value's whole literal
			}
			exact++
			if end := m.at + len(m.v.Text); end > len(text) || text[m.at:end] != m.v.Text {
				t.Errorf("%s: marked %q at %d of the text, which has %q", f, m.v.Text, m.at, text[m.at:min(end, len(text))])
			}
		}
	}
	if len(files) < 10 || exact < 100 {
		t.Fatalf("%d files, %d exact marks: too few to say anything", len(files), exact)
	}
	t.Logf("%d files, %d marks of copied strings hold", len(files), exact)
}
