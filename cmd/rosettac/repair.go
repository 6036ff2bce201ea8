package main

import (
	"fmt"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// printRepairs is check --repair: for each Rosetta transcript, one repair
// message (compiler.Session.Repair) per message that has an error or a
// warning when it is added, in transcript order, to stdout, with a blank
// line between them. What only the end of a transcript reveals (W010, W030,
// E017) gets none, as in the reference's repair loop. A file in another
// language gets a note on stderr: repair messages are Rosetta.
func printRepairs(e *env, results []*compiler.Result, in *inputFlags) {
	opt, _ := in.options() // validated by check already
	first := true
	for _, r := range results {
		if r.Lang != ir.Rosetta || r.Source == nil {
			fmt.Fprintf(e.stderr, "rosettac check: --repair: %s is not a Rosetta transcript; no repair messages for it\n", r.File)
			continue
		}
		s := compiler.NewSession(opt)
		added, _ := s.AddMessages(r.File, []byte(r.Source.Content()))
		for _, a := range added {
			rep := s.Repair(a.Message, a.Diags)
			if rep == nil {
				continue
			}
			if !first {
				fmt.Fprintln(e.stdout)
			}
			first = false
			fmt.Fprint(e.stdout, rep.Text)
		}
	}
}
