package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/rosettac/rosettac/compiler"
	irjson "github.com/rosettac/rosettac/emit/json"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// streamInputs are the repository's Rosetta inputs and a few shapes the
// item-by-item writers must get right: prose before, between and after
// messages, input with no header at all (one degraded message), an epoch
// that a later def changes (the IR's epochs are then the last one's), a
// reply that inherits its route and topic, and errors (fmt writes nothing).
func streamInputs(t *testing.T) map[string][]byte {
	t.Helper()
	in := map[string][]byte{
		// marks on the blocks of earlier messages, one through a revision,
		// one @orig, one that does not resolve: what render's first pass is for
		"foreign.rose": []byte("w1.1 tell >r #doc\n txt d\n | alpha line\n | beta line\n unk []\n\nr1 tell >w1 re=w1.1\n mark @w1.1.d#L1 = good ~hi\n unk []\n\nw1.2 revise >r re=w1.1\n txt d\n | alpha line two\n | beta line\n unk []\n\nr2 tell >w1 re=w1.2\n mark @w1.1.d#q\"beta\" = still ~mid\n   @w1.1@orig.d#L2 = was\n   @w1.1.d#L9 = gone\n unk []\n"),
		"prose.rose":   []byte("prose before\n\ncmd1 ask >obs #inc.1\n q why?\n\nprose between\n  two lines\n\nobs1 tell re=cmd1\n a cause = x ~hi\n\nprose after\n"),
		"none.rose":    []byte("no header here\njust text\n"),
		"epoch.rose":   []byte("cmd0 def >* #sys.hello\n dialect = rosetta/2.1\n epoch = @t:2026-08-26\n\ncmd1 note >* at=@t:10:00:00\n txt \"a\"\n\ncmd2 def >*\n epoch = @t:2026-09-01\n\ncmd3 note >* at=@t:11:00:00\n txt \"b\"\n"),
		"bad.rose":     []byte("cmd1 ask >obs\n want {a\n"),
		"crlf.rose":    []byte("cmd1 ask >obs #t\r\n q x\r\n\r\nobs1 tell re=cmd1\r\n a y = 1\r\n"),
	}
	globs := []string{"../../examples/*.rose", "../../golden/testdata/*/*.rose"}
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in[strings.ReplaceAll(f, "/", "_")] = b
		}
	}
	archives, _ := filepath.Glob("../../golden/testdata/*/*.txtar")
	scripts, _ := filepath.Glob("testdata/script/*.txtar")
	for _, f := range append(archives, scripts...) {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			if strings.HasSuffix(file.Name, ".rose") {
				in[strings.ReplaceAll(f+"_"+file.Name, "/", "_")] = file.Data
			}
		}
	}
	return in
}

// TestStreamedCommandsMatchWhole holds fmt, fmt -l, translate --to json and
// compile --emit ir -o, which write a Rosetta file message by message from
// its mapped bytes, to what the whole file's Parse and Format, Check and
// Translate, and Check and the IR backend give.
func TestStreamedCommandsMatchWhole(t *testing.T) {
	defer func(m int64) { mapMin = m }(mapMin)
	mapMin = 0 // map every input, as a large one is
	dir := t.TempDir()
	for name, data := range streamInputs(t) {
		if !strings.HasSuffix(name, ".rose") {
			name += ".rose"
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		parsed := compiler.Parse(path, data, compiler.Options{})
		checked := compiler.Check(path, data, compiler.Options{})
		if parsed.Lang != ir.Rosetta {
			continue
		}

		for _, terse := range []bool{true, false} {
			want := ""
			if !parsed.Diags.HasErrors() {
				out, _ := compiler.Format(parsed, compiler.FormatOptions{Terse: terse})
				want = string(out)
			}
			_, got, _ := runCLI("fmt", "--terse="+map[bool]string{true: "true", false: "false"}[terse], path)
			if got != want {
				t.Errorf("fmt --terse=%v %s: the streamed output differs from Format's\n got %.300q\nwant %.300q", terse, name, got, want)
			}
		}
		wantList := ""
		if out, _ := compiler.Format(parsed, compiler.FormatOptions{Terse: true}); !parsed.Diags.HasErrors() && string(out) != string(data) {
			wantList = path + "\n"
		}
		if _, got, _ := runCLI("fmt", "-l", path); got != wantList {
			t.Errorf("fmt -l %s: got %q, want %q", name, got, wantList)
		}

		wantJSON := ""
		if checked.Doc != nil {
			out, _ := translate.Translate(checked.Doc, ir.JSON)
			wantJSON = string(machineJSON(out))
		}
		if _, got, _ := runCLI("translate", "--to", "json", path); got != wantJSON {
			t.Errorf("translate --to json %s: the streamed output differs from Translate's\n got %.300q\nwant %.300q", name, got, wantJSON)
		}

		if checked.Doc != nil {
			// render: the first pass's marks on earlier blocks, then message
			// by message, in every view (clean leaves the prose out)
			for _, args := range [][]string{{}, {"--lang", "zh"}, {"--view", "clean"}, {"--view", "audit", "--ascii"}} {
				want, _ := text.Render(checked.Doc, text.Options{Lang: flagOr(args, "--lang", "en"), View: flagOr(args, "--view", "full"), ASCII: slices.Contains(args, "--ascii")})
				if _, got, _ := runCLI(append(append([]string{"render"}, args...), path)...); got != string(want) {
					t.Errorf("render %v %s: the streamed output differs from Render's\n got %.300q\nwant %.300q", args, name, got, want)
				}
			}
		}

		outDir := filepath.Join(dir, "out-"+name)
		runCLI("compile", "--emit", "ir", "-o", outDir, path)
		got, err := os.ReadFile(filepath.Join(outDir, name+".ir.json"))
		if err != nil {
			t.Errorf("compile --emit ir -o %s: %v", name, err)
			continue
		}
		if want := irjson.IR(name, checked.Doc, checked.Diags).Data; string(got) != string(want) {
			t.Errorf("compile --emit ir -o %s: the streamed file differs from the IR backend's\n got %.300q\nwant %.300q", name, got, want)
		}
	}
}

// flagOr is the value after flag in args, or def.
func flagOr(args []string, flag, def string) string {
	if i := slices.Index(args, flag); i >= 0 && i+1 < len(args) {
		return args[i+1]
	}
	return def
}
