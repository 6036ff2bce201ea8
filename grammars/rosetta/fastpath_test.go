package rosetta

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
)

// roseFiles returns every .rose file of the repository, by path.
func roseFiles(t *testing.T) map[string][]byte {
	t.Helper()
	root := moduleRoot(t)
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".rose") {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			files[rel] = b
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no .rose file found in the repository")
	}
	return files
}

// sameCaptures lexes s in mode m and compares what the fast path reads from
// the tokens with what the grammar p reads: the fast path may decline, but
// when it reads a struct, the grammar must give the same one.
func sameCaptures[G any](t *testing.T, p *participle.Parser[G], m mode, s string) (taken bool) {
	t.Helper()
	var fast, slow lineLexer
	slow.grammarOnly = true
	f := parseLine(&fast, p, m, s)
	g := parseLine(&slow, p, m, s)
	if fast.fastTaken == 0 {
		if (f == nil) != (g == nil) {
			t.Errorf("mode %d, %q: declined, yet the result differs from the grammar's", m, s)
		}
		return false
	}
	if g == nil {
		t.Errorf("mode %d, %q: the fast path read %+v, the grammar refuses the line", m, s, *f)
		return true
	}
	if d := cmp.Diff(g, f); d != "" {
		t.Errorf("mode %d, %q: captures differ (-grammar +fast path):\n%s", m, s, d)
	}
	return true
}

// candidates are the pieces of a line the parser hands to a grammar: the
// line from its first non-space character, that with a list decoration
// stripped, and the text after a first word (a slot key).
func candidates(line string) []string {
	s := trimWS(line)
	_, undecorated := stripDecoration(s)
	out := []string{s, undecorated}
	if k := strings.IndexAny(undecorated, " \t"); k >= 0 {
		out = append(out, trimWS(undecorated[k:]))
	}
	return out
}

// TestFastPathSameCaptures reads every line of every .rose file in the
// repository, of the fuzz seeds' shapes and of a generated transcript in
// every mode the fast path has, and wants the fast path's captures to be the
// grammar's whenever it does not decline.
func TestFastPathSameCaptures(t *testing.T) {
	var texts []string
	for _, b := range roseFiles(t) {
		texts = append(texts, string(b))
	}
	texts = append(texts, fastPathLines...)
	if gen := findGenerator(moduleRoot(t)); gen != "" {
		texts = append(texts, string(generate(t, 300, 2)))
	}
	taken := 0
	for _, text := range texts {
		for _, line := range strings.Split(text, "\n") {
			for _, s := range candidates(line) {
				for _, ok := range []bool{
					sameCaptures(t, headerParser(), modeHeader, s),
					sameCaptures(t, bindParser(), modeBind, s),
					sameCaptures(t, markParser(), modeMark, s),
					sameCaptures(t, txtParser(), modeTxt, s),
					sameCaptures(t, inlineParser(), modeInline, s),
				} {
					if ok {
						taken++
					}
				}
			}
		}
	}
	if taken == 0 {
		t.Fatal("the fast path read no line")
	}
}

// fastPathLines are lines at the edges of the common shapes: token sequences
// the grammars refuse (a '|' with no selector, a hash with nothing after it),
// fullwidth markers, long attribute and selector runs.
var fastPathLines = []string{
	"a1.1 tell a1>a2,a3 #t re=a0.1 pri=high",
	"a1.1 tell a1＞a2，a3 ＃t re＝a0.1",
	"obs7 note >@grp:oncall #x.y x_k=1",
	"a1.2 ask",
	"a1.3 ask >",
	"k = v ~hi",
	"K != v ~0.85",
	"a4:BID = 7",
	"k ＝ v ～lo",
	`tgt#L3|q"words"@2 = note ~lo`,
	`@a1.7.tgt#L3.c0-2|p2|c4-9 > "x" ~mid`,
	`@a1.7@orig.tgt# = x`,
	`tgt#|L3 = x`,
	`tgt#L3| = x`,
	`tgt#L3||L4 = x`,
	`tgt#q"open = x`,
	"tgt ＝ x",
	"tgt =",
	"notes @md/en k=v" + strings.Repeat(" a=b", 20),
	"notes @md",
	"@md",
	"notes k=",
	`"canary is green"`,
	`“quoted”`,
	`"unclosed`,
}

// TestFastPathSameParse parses every .rose file of the repository, the fuzz
// seeds' shapes and a generated transcript with the fast path on (Parse) and
// off (ParseGrammar), and wants the same transcript and diagnostics.
func TestFastPathSameParse(t *testing.T) {
	files := roseFiles(t)
	files["edges"] = []byte(strings.Join(fastPathLines, "\n") + "\n")
	for i, l := range fastPathLines {
		files["edge-in-slot-"+string(rune('a'+i))] = []byte("a1.1 tell >a2\n a " + l + "\n mark " + l + "\n txt " + l + "\n")
	}
	if findGenerator(moduleRoot(t)) != "" {
		files["generated"] = generate(t, 500, 3)
	}
	for name, b := range files {
		src := diag.NewSource(name, b)
		ft, fd := Parse(src)
		gt, gd := ParseGrammar(src)
		if d := cmp.Diff(gt, ft); d != "" {
			t.Errorf("%s: transcript differs (-grammar +fast path):\n%s", name, d)
		}
		if d := cmp.Diff(gd, fd); d != "" {
			t.Errorf("%s: diagnostics differ (-grammar +fast path):\n%s", name, d)
		}
	}
}

// TestFastPathTakesCommonLines fails if the fast path stops reading the
// common lines (it would still be right, through participle, but the speed
// docs/performance.md records would be gone): on well-formed transcripts it
// reads every header, binding, mark and txt head, and declines none.
func TestFastPathTakesCommonLines(t *testing.T) {
	text := "a1.1 ask a1>a2 #triage re=a0.1 ttl=5m\n why check it\n want {cause, fix?}\n" +
		" txt notes @md/en v=1\n | one\n | two\n" +
		"a2.1 tell re=a1.1\n a cause = disk full ~hi\n   fix != reboot ~lo\n mark @a1.1.notes#L2|q\"two\" = seen ~mid\n txt \"done\"\n"
	if findGenerator(moduleRoot(t)) != "" {
		text += string(generate(t, 300, 1))
	}
	src := diag.NewSource("common.rose", []byte(text))
	p := &parser{src: src, text: src.Content()}
	p.run()
	taken, declined := p.fastCounts()
	msgs := len(p.t.Messages)
	if declined != 0 || taken < msgs+5 {
		t.Fatalf("fast path read %d lines and declined %d in %d messages; want every structured line read, none declined", taken, declined, msgs)
	}
}
