package golden

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// examplePairs checks one transcript and returns its sorted "id:CODE" pairs,
// parser codes left out.
func examplePairs(name, text string) []string {
	res := compiler.Check(name, []byte(text), compiler.Options{From: ir.Rosetta})
	if t, ok := res.Doc.(*ir.Transcript); !ok || !hasHeader(t) {
		return nil // not a transcript: the reference's oracle skips it too
	}
	var out []string
	for _, d := range res.Diags {
		if strings.HasPrefix(d.Code, "P") || strings.HasPrefix(d.Code, "F") {
			continue
		}
		out = append(out, d.MessageID+":"+d.Code)
	}
	sort.Strings(out)
	return out
}

func hasHeader(t *ir.Transcript) bool {
	for _, m := range t.Messages {
		if !m.Degraded && m.Header != nil {
			return true
		}
	}
	return false
}

// readExpected reads golden/testdata/examples_expected.txt: "FILE:LINE pairs..."
// lines; '#' starts a comment (a deviation's explanation).
func readExpected(t *testing.T) map[string][]string {
	f, err := os.Open(filepath.Join("testdata", "examples_expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		out[f[0]] = f[1:]
	}
	return out
}

// TestExamplesParity: for every transcript in the reference's spec/EXAMPLES.md
// and spec/PROMPT.md, the multiset of (message id, code) pairs rosettac
// reports equals the reference session's, except the documented deviations
// (docs/conformance.md), which the expected file names block by block.
func TestExamplesParity(t *testing.T) {
	needParser(t)
	want := readExpected(t)
	got := map[string][]string{}
	for _, file := range []string{"EXAMPLES.md", "PROMPT.md"} {
		blocks, lines := fencedBlocks(string(refSpecFile(t, file)))
		for i, blk := range blocks {
			key := fmt.Sprintf("%s:%d", file, lines[i])
			if p := examplePairs(key, blk); len(p) > 0 {
				got[key] = p
			}
		}
	}
	if os.Getenv("ROSETTAC_PRINT") != "" {
		var keys []string
		for k := range got {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Println(k, strings.Join(got[k], " "))
		}
	}
	for k := range want {
		if len(want[k]) == 0 {
			delete(want, k)
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(message id, code) pairs differ from the expected (-want +got):\n%s", d)
	}
}
