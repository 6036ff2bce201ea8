package compiler

import (
	"bytes"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/ir"
)

// TestCheckSameOnAnyCores runs rosettac check's check (the parse on the other
// cores, the session in order) and Check (the whole document) with
// GOMAXPROCS 1 and 4 and wants the same diagnostics and the same checked
// document from both, on inputs large enough to be cut into many pieces: the
// repository's Rosetta inputs one after the other (the later copies
// redeliver ids: D001 and D002 across pieces), and a generated transcript
// when the generator is at hand.
func TestCheckSameOnAnyCores(t *testing.T) {
	in := rosettaCorpus(t)
	names := make([]string, 0, len(in))
	for name := range in {
		names = append(names, name)
	}
	slices.Sort(names)
	var all bytes.Buffer
	for all.Len() < 1<<20 {
		for _, name := range names {
			all.Write(in[name])
			all.WriteString("\n")
		}
	}
	inputs := map[string][]byte{"corpus": all.Bytes()}
	if _, err := os.Stat("/work/shared/bench/gen_transcript.py"); err == nil || os.Getenv("ROSETTAC_GEN") != "" {
		if b := genTranscriptT(t, 3000); b != nil {
			inputs["generated-3000"] = b
		}
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for name, src := range inputs {
		var streamed, whole [2]*Result
		for i, procs := range []int{1, 4} {
			runtime.GOMAXPROCS(procs)
			streamed[i] = Diagnose(name, src, Options{From: ir.Rosetta})
			whole[i] = Check(name, src, Options{From: ir.Rosetta})
		}
		if len(streamed[0].Diags) == 0 {
			t.Fatalf("%s: no diagnostics: the comparison would show nothing", name)
		}
		if d := cmp.Diff(streamed[0].Diags, streamed[1].Diags); d != "" {
			t.Errorf("%s: diagnostics (-GOMAXPROCS=1 +GOMAXPROCS=4):\n%s", name, d)
		}
		// Diagnose keeps only the prose of the document it streamed; the
		// messages are Check's, which must be the same on any cores and
		// must give the diagnostics the streamed check gives.
		if tr, _ := whole[0].Doc.(*ir.Transcript); tr == nil || len(tr.Messages) == 0 {
			t.Fatalf("%s: Check gave no messages: the comparison would show nothing", name)
		}
		if d := cmp.Diff(whole[0].Doc, whole[1].Doc); d != "" {
			t.Errorf("%s: checked document (-GOMAXPROCS=1 +GOMAXPROCS=4):\n%s", name, d)
		}
		if d := cmp.Diff(whole[0].Diags, streamed[1].Diags); d != "" {
			t.Errorf("%s: diagnostics (-Check +Diagnose on 4 cores):\n%s", name, d)
		}
		if d := cmp.Diff(whole[0].Doc.(*ir.Transcript).Prose, streamed[1].Doc.(*ir.Transcript).Prose); d != "" {
			t.Errorf("%s: prose (-Check +Diagnose on 4 cores):\n%s", name, d)
		}
	}
}
