package compiler_test

import (
	"fmt"

	"github.com/rosettac/rosettac/compiler"
)

// A host that relays agent traffic checks each message as it arrives and asks
// the session what is still owed.
func ExampleSession() {
	s := compiler.NewSession(compiler.Options{})
	for _, msg := range []string{
		"a3.12 ask >a1 #CKO.5xx\n q why are 5xx errors up?\n want {cause, fix}\n",
		"a1.13 tell re=a3.12\n a cause = commit 9f2a ~hi\n unk []\n",
	} {
		for _, d := range s.AddText("live", []byte(msg)) {
			fmt.Printf("%s %s %s\n", d.MessageID, d.Code, d.Message)
		}
	}
	for _, o := range s.Open() {
		fmt.Println("open:", o.ID)
	}
	text, status, conf := s.Resolve("@a1.13.a.cause")
	fmt.Println(text, status, conf)
	// Output:
	// a1.13 E009 reply to a3.12 is missing required key(s): fix
	// commit 9f2a exact hi
}

// A host between models answers a message that has a mistake with a repair
// message, in the language itself, and lets the model try again.
func ExampleSession_Repair() {
	s := compiler.NewSession(compiler.Options{})
	added, _ := s.AddMessages("turn", []byte("Here is my answer:\n\na1.9 fail >a3\n why Timed out fetching the page\n"))
	for _, a := range added {
		if r := s.Repair(a.Message, a.Diags); r != nil {
			fmt.Println(r.Code, r.Lead.Code, r.Want)
			for _, f := range r.Fixes {
				fmt.Println("fix:", f)
			}
		}
	}
	// Output:
	// malformed E016b {why}
	// fix: start why with the failure code timeout (review)
}
