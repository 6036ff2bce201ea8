//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain registers the real entry point, so scripts run exactly what users run.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"rosettac": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar. ROSETTAC_UPDATE=1 rewrites the
// expected files inside them.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       os.Getenv("ROSETTAC_UPDATE") != "",
		Condition:           scriptCondition,
	})
}

// scriptCondition refuses every condition: a script runs whole or fails. (A
// [rosetta] condition once let a script skip when Rosetta had no front end,
// which turned a lost registration into a silent skip.)
func scriptCondition(cond string) (bool, error) {
	return false, fmt.Errorf("unknown condition %q", cond)
}
