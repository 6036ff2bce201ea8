package config

import (
	"os"
	"testing"
)

// FuzzParse: any bytes give a configuration or an error, never a panic, and
// an accepted configuration prints as YAML that parses to the same.
func FuzzParse(f *testing.F) {
	if b, err := os.ReadFile("testdata/full.yaml"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("disable: [I011]\noverrides:\n  - files: [\"*.rose\"]\n    severities: {W010: info}\n"))
	f.Add([]byte("mesh: {hold: 1m, policy: {agents: {a1: {send: [{acts: [do], to: [\"@role:x\"], topics: [a.*]}]}}}}\n"))
	f.Add([]byte("a: &x [1]\nb: *x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.yaml", data)
		if err != nil {
			return
		}
		out, err := c.Marshal()
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		c2, err := Parse("again.yaml", out)
		if err != nil {
			t.Fatalf("printed configuration does not parse: %v\n%s", err, out)
		}
		out2, _ := c2.Marshal()
		if string(out) != string(out2) {
			t.Fatalf("printing is not stable:\n%s\n---\n%s", out, out2)
		}
	})
}
