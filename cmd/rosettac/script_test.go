package main

import (
	"fmt"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/rosettac/rosettac/compiler"
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

// scriptCondition answers [name] conditions: [rosetta], [lingua], [agentdsl]
// hold when that language has a front end, so a script can skip until it lands.
func scriptCondition(cond string) (bool, error) {
	for _, l := range compiler.Languages() {
		if string(l) == cond {
			return true, nil
		}
	}
	switch cond {
	case "rosetta", "lingua", "agentdsl", "json":
		return false, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}
