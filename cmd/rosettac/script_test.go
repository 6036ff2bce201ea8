package main

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"

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
		// [rosetta] holds when a Rosetta front end is registered, so scripts
		// about checking Rosetta can skip on a branch that has no parser yet.
		Condition: func(cond string) (bool, error) {
			if cond == "rosetta" {
				return slices.Contains(compiler.Languages(), ir.Rosetta), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}
