package golden

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
)

// readRepairExpected reads testdata/repair_expected.txt: "FILE:LINE id:code:{want} ...".
func readRepairExpected(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "repair_expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	item := regexp.MustCompile(`[^\s:]+:[a-z]+:\{[^}]*\}`)
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		key, rest, ok := strings.Cut(strings.TrimSpace(line), " ")
		if key == "" {
			continue
		}
		if !ok {
			rest = ""
		}
		if items := item.FindAllString(rest, -1); len(items) > 0 {
			out[key] = items
		}
	}
	return out
}

// repairsOf runs check --repair's loop over a transcript and returns, per
// repair message, id:code:want.
func repairsOf(name, text string) []string {
	s := compiler.NewSession(compiler.Options{})
	added, _ := s.AddMessages(name, []byte(text))
	var out []string
	for _, a := range added {
		if r := s.Repair(a.Message, a.Diags); r != nil {
			out = append(out, r.Re+":"+r.Code+":"+r.Want)
		}
	}
	return out
}

// TestRepairParity: on every transcript of the reference's EXAMPLES.md and
// PROMPT.md, rosettac's repair loop gives a repair to the same messages, with
// the same failure code word and want, as the reference's Session.repair
// (expected results in testdata/repair_expected.txt). Skipped when the
// reference's spec files are not at hand.
func TestRepairParity(t *testing.T) {
	needParser(t)
	want := readRepairExpected(t)
	if len(want) < 5 || len(want["EXAMPLES.md:352"]) != 2 || want["EXAMPLES.md:352"][1] != "a3.9:malformed:{a, unk}" {
		t.Fatalf("repair_expected.txt is not read right: %v", want)
	}
	got := map[string][]string{}
	for _, file := range []string{"EXAMPLES.md", "PROMPT.md"} {
		blocks, lines := fencedBlocks(string(refSpecFile(t, file)))
		for i, blk := range blocks {
			key := fmt.Sprintf("%s:%d", file, lines[i])
			if r := repairsOf(key, blk); len(r) > 0 {
				got[key] = r
			}
		}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("repairs differ from the reference's (-want +got):\n%s", d)
	}
}
