package main

import "fmt"

// Language versions implemented.
var languageVersions = []struct{ name, version string }{
	{"AgentRosetta", "2.1"},
	{"Agent Lingua", "0.4"},
	{"AgentDSL", "0.0.2"},
}

func init() {
	register(&command{name: "version", summary: "print the versions of rosettac and of each language it implements", run: func(e *env, args []string) int {
		c := commands["version"]
		rest, err := parseInterleaved(newFlags(e, c), args)
		if err != nil {
			return usageError(e, c, err) // -h prints the usage and exits 0
		}
		if len(rest) > 0 {
			return usageError(e, c, fmt.Errorf("takes no arguments"))
		}
		fmt.Fprintf(e.stdout, "rosettac %s\n", Version)
		for _, l := range languageVersions {
			fmt.Fprintf(e.stdout, "%s %s\n", l.name, l.version)
		}
		return exitOK
	}})
}
