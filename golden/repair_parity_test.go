package golden

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
)

// repairItem is one repaired message as the parity files write it: id:code:{want}.
var repairItem = regexp.MustCompile(`[^\s:]+:[a-z]+:\{[^}]*\}`)

// readRepairExpected reads testdata/repair_expected.txt: "FILE:LINE id:code:{want} ...
// [# reference: id:code:{want} ...; why]". It returns rosettac's expected repairs and the
// reference's (the same, but where a comment gives the reference's own).
func readRepairExpected(t *testing.T) (ours, ref map[string][]string) {
	t.Helper()
	return readRepairFile(t, "repair_expected.txt")
}

// readRepairFile reads a file of testdata in repair_expected.txt's format.
func readRepairFile(t *testing.T, name string) (ours, ref map[string][]string) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ours, ref = map[string][]string{}, map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, comment, _ := strings.Cut(sc.Text(), "#")
		key, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		if key == "" {
			continue
		}
		if items := repairItem.FindAllString(rest, -1); len(items) > 0 {
			ours[key], ref[key] = items, items
		}
		if theirs, ok := strings.CutPrefix(strings.TrimSpace(comment), "reference:"); ok {
			theirs, _, _ = strings.Cut(theirs, ";")
			if items := repairItem.FindAllString(theirs, -1); len(items) > 0 {
				ref[key] = items
			} else {
				delete(ref, key)
			}
		}
	}
	return ours, ref
}

// repairsOf runs check --repair's loop over a transcript and returns, per
// repair message, id:code:want. A message with no header, which rosettac's
// repair answers with no re=, is named ?.0 as the reference names it.
func repairsOf(name, text string) []string {
	s := compiler.NewSession(compiler.Options{})
	added, _ := s.AddMessages(name, []byte(text))
	var out []string
	for _, a := range added {
		if r := s.Repair(a.Message, a.Diags); r != nil {
			re := r.Re
			if re == "" {
				re = "?.0"
			}
			out = append(out, re+":"+r.Code+":"+r.Want)
		}
	}
	return out
}

// referencePath is the reference implementation's agentrosetta.py (never
// committed): ROSETTAC_REFERENCE, else ref/agentrosetta.py beside the spec
// directory refSpecPath finds.
func referencePath() string {
	if p := os.Getenv("ROSETTAC_REFERENCE"); p != "" {
		return p
	}
	return filepath.Join(filepath.Dir(filepath.Dir(refSpecPath("EXAMPLES.md"))), "agentrosetta.py")
}

// TestRepairParity: on every transcript of the reference's EXAMPLES.md and
// PROMPT.md, rosettac's repair loop gives a repair to the same messages, with
// the same failure code word and want, as the reference's Session.repair.
// The expected results are shipped (testdata/repair_expected.txt); where the
// reference itself and python3 are at hand, the reference is run through
// testdata/repair_reference.py and must still say what the file says.
// Skipped when the reference's spec files are not at hand.
func TestRepairParity(t *testing.T) {
	needParser(t)
	want, wantRef := readRepairExpected(t)
	if len(want) < 5 || len(want["EXAMPLES.md:352"]) != 2 || want["EXAMPLES.md:352"][1] != "a2.9:malformed:{a, unk}" ||
		len(wantRef["EXAMPLES.md:49"]) != 1 || want["EXAMPLES.md:49"] != nil {
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

	t.Run("reference", func(t *testing.T) {
		ref := referencePath()
		if _, err := os.Stat(ref); err != nil {
			t.Skipf("the reference implementation is not at hand (%v); the shipped results stand", err)
		}
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skipf("python3 is not installed; the shipped results stand")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, py, filepath.Join("testdata", "repair_reference.py"), filepath.Dir(ref), filepath.Dir(refSpecPath("EXAMPLES.md")))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("running the reference: %v\n%s", err, stderr.String())
		}
		ran := map[string][]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if key, rest, ok := strings.Cut(line, " "); ok {
				ran[key] = repairItem.FindAllString(rest, -1)
			}
		}
		if len(ran) < 5 {
			t.Fatalf("the reference's driver printed too little:\n%s", out)
		}
		if d := cmp.Diff(wantRef, ran); d != "" {
			t.Errorf("repair_expected.txt no longer says what the reference does (-file +reference):\n%s", d)
		}
	})
}

// TestRepairParityLLM is TestRepairParity on rosettac's own model-shaped
// transcripts (testdata/repair_llm/*.rose: slips of confidence, unk, want,
// failure codes, replies, symbols, sensitivity, senders, staleness, chatter
// and duplicates), which the repository may ship where the reference's spec
// files may not: it runs in CI. The expected results
// (testdata/repair_llm_expected.txt, the format of repair_expected.txt keyed
// by file name) were produced by running the reference on the transcripts
// through testdata/repair_reference.py --files; where the reference and
// python3 are at hand the subtest runs it again and must still get them.
func TestRepairParityLLM(t *testing.T) {
	want, wantRef := readRepairFile(t, "repair_llm_expected.txt")
	files, err := filepath.Glob(filepath.Join("testdata", "repair_llm", "*.rose"))
	if err != nil || len(files) < 8 {
		t.Fatalf("testdata/repair_llm holds %d transcripts (%v), want at least 8", len(files), err)
	}
	got := map[string][]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if r := repairsOf(filepath.Base(f), string(src)); len(r) > 0 {
			got[filepath.Base(f)] = r
		}
	}
	if len(got) < 6 {
		t.Fatalf("only %d transcripts get a repair: %v", len(got), got)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("repairs differ from the expected (-want +got):\n%s", d)
	}

	t.Run("reference", func(t *testing.T) {
		ref := referencePath()
		if _, err := os.Stat(ref); err != nil {
			t.Skipf("the reference implementation is not at hand (%v); the shipped results stand", err)
		}
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skipf("python3 is not installed; the shipped results stand")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, py, append([]string{filepath.Join("testdata", "repair_reference.py"), filepath.Dir(ref), "--files"}, files...)...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("running the reference: %v\n%s", err, stderr.String())
		}
		ran := map[string][]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if key, rest, ok := strings.Cut(line, " "); ok {
				ran[key] = repairItem.FindAllString(rest, -1)
			}
		}
		if d := cmp.Diff(wantRef, ran); d != "" {
			t.Errorf("repair_llm_expected.txt no longer says what the reference does (-file +reference):\n%s", d)
		}
	})
}
