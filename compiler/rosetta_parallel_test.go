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
// cores, the session in order) with GOMAXPROCS 1 and 4 and wants the same
// diagnostics, on inputs large enough to be cut into many pieces: the
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
		var got [2]*Result
		for i, procs := range []int{1, 4} {
			runtime.GOMAXPROCS(procs)
			got[i] = Check(name, src, Options{From: ir.Rosetta, DiagnosticsOnly: true})
		}
		if len(got[0].Diags) == 0 {
			t.Fatalf("%s: no diagnostics: the comparison would show nothing", name)
		}
		if d := cmp.Diff(got[0].Diags, got[1].Diags); d != "" {
			t.Errorf("%s: diagnostics (-GOMAXPROCS=1 +GOMAXPROCS=4):\n%s", name, d)
		}
		if d := cmp.Diff(got[0].Doc, got[1].Doc); d != "" {
			t.Errorf("%s: document (-GOMAXPROCS=1 +GOMAXPROCS=4):\n%s", name, d)
		}
	}
}
