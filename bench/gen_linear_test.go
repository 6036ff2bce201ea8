package main

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// TestLinearGeneratorSameBytes holds bench/gen_transcript_linear.py to the
// shared generator's output, byte for byte, at a few sizes and seeds. It is
// skipped where python3 or ../shared/bench/gen_transcript.py is missing.
func TestLinearGeneratorSameBytes(t *testing.T) {
	orig := "../../shared/bench/gen_transcript.py"
	if _, err := os.Stat(orig); err != nil {
		orig = "/work/shared/bench/gen_transcript.py"
	}
	py, err := exec.LookPath("python3")
	if _, serr := os.Stat(orig); err != nil || serr != nil {
		t.Skip("python3 or gen_transcript.py is missing")
	}
	for _, c := range [][2]string{{"0", "1"}, {"1", "1"}, {"2", "0"}, {"800", "1"}, {"800", "7"}} {
		want, err := exec.Command(py, orig, "--messages", c[0], "--seed", c[1]).Output()
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(py, "gen_transcript_linear.py", "--messages", c[0], "--seed", c[1])
		cmd.Env = append(os.Environ(), "ROSETTAC_GEN="+orig)
		got, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("--messages %s --seed %s: the linear generator's %d bytes differ from the original's %d", c[0], c[1], len(got), len(want))
		}
	}
}
