package main

import (
	"fmt"

	"github.com/rosettac/rosettac/config"
)

func init() {
	register(&command{name: "config", args: "[--config FILE] [FILE] | schema",
		summary: "print the effective configuration for a file (rosettac.yaml), or its JSON Schema", run: runConfig})
}

// runConfig prints the configuration that governs FILE (the current
// directory without one), overrides merged, as YAML; config schema prints
// the JSON Schema of the file.
func runConfig(e *env, args []string) int {
	c := commands["config"]
	fs := newFlags(e, c)
	var cs configs
	fs.StringVar(&cs.flag, "config", "", "configuration file (default: rosettac.yaml or .rosettac.yaml found by walking up from FILE)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if len(pos) == 1 && pos[0] == "schema" {
		return writeAll(e, c, e.stdout, config.Schema)
	}
	if len(pos) > 1 {
		return usageError(e, c, fmt.Errorf("takes at most one file (or schema)"))
	}
	file := "-"
	if len(pos) == 1 {
		file = pos[0]
	}
	cfg, err := cs.forFile(file)
	if err != nil {
		return usageError(e, c, err)
	}
	if cfg == nil {
		fmt.Fprintln(e.stdout, "# no configuration file: rosettac.yaml or .rosettac.yaml in this directory or above")
		return exitOK
	}
	fmt.Fprintf(e.stdout, "# configuration: %s\n", cfg.Path)
	eff := cfg
	if file != "-" {
		rel := cfg.Rel(file)
		eff = cfg.Effective(rel)
		if rel == "" {
			fmt.Fprintf(e.stdout, "# %s is outside %s: no override applies\n", file, cfg.Dir)
		} else {
			fmt.Fprintf(e.stdout, "# for %s\n", rel)
		}
	}
	b, err := eff.Marshal()
	if err != nil {
		fmt.Fprintf(e.stderr, "rosettac config: %v\n", err)
		return exitUsage
	}
	return writeAll(e, c, e.stdout, b)
}
