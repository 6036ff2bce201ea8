package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStreamedCommandsBoundHeap: every streamed Rosetta command sets the soft
// memory limit boundHeap gives a large input while it runs, and puts the old
// one back; a whole path (translate --to rosetta), AgentDSL, a small input
// and a GOMEMLIMIT in the environment set none.
func TestStreamedCommandsBoundHeap(t *testing.T) {
	var b bytes.Buffer
	for i := 0; b.Len() < heapBoundMin+1024; i++ {
		fmt.Fprintf(&b, "a%d.1 note >b #t\n txt \"n %d\"\n\n", i, i)
	}
	dir := t.TempDir()
	big := filepath.Join(dir, "big.rose")
	small := filepath.Join(dir, "small.rose")
	dsl := filepath.Join(dir, "big.adsl")
	var d bytes.Buffer
	d.WriteString("[SCHEMA:t]\nID:int\nNAME:str\n\n[DATA:t]\n")
	for i := 0; d.Len() < heapBoundMin+1024; i++ {
		fmt.Fprintf(&d, "%d|name %d\n", i, i)
	}
	for name, data := range map[string][]byte{big: b.Bytes(), small: []byte("a1.1 note >b\n txt hi\n"), dsl: d.Bytes()} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var set []int64
	defer func(f func(int64) int64) { setMemoryLimit = f }(setMemoryLimit)
	setMemoryLimit = func(l int64) int64 {
		set = append(set, l)
		if l < 0 {
			return 1 << 62 // the runtime's default: no limit
		}
		return 0
	}
	want := []int64{-1, heapFloor, 1 << 62}
	for _, c := range []struct {
		args  []string
		bound bool
	}{
		{[]string{"check", big}, true},
		{[]string{"check", "--format", "json", big}, true},
		{[]string{"compile", big}, true},
		{[]string{"compile", "--emit", "ir", "-o", dir, big}, true},
		{[]string{"fmt", big}, true},
		{[]string{"render", big}, true},
		{[]string{"translate", "--to", "json", big}, true},
		{[]string{"translate", "--to", "rosetta", big}, false},
		{[]string{"check", small}, false},
		{[]string{"check", dsl}, false},
		{[]string{"translate", "--to", "json", dsl}, false},
	} {
		set = nil
		run(c.args, strings.NewReader(""), io.Discard, io.Discard)
		if c.bound && fmt.Sprint(set) != fmt.Sprint(want) {
			t.Errorf("%s: limits set %v, want %v (read, bound, restore)", strings.Join(c.args[:len(c.args)-1], " "), set, want)
		}
		if !c.bound && len(set) > 0 {
			t.Errorf("%s %s: limits set %v, want none", strings.Join(c.args[:len(c.args)-1], " "), filepath.Base(c.args[len(c.args)-1]), set)
		}
	}
	t.Setenv("GOMEMLIMIT", "1GiB")
	set = nil
	run([]string{"check", big}, strings.NewReader(""), io.Discard, io.Discard)
	if len(set) > 0 {
		t.Errorf("with GOMEMLIMIT set: limits set %v, want none", set)
	}
}
