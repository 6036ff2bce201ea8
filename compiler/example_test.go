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
			fmt.Printf("%s %s %s\n", d.Msg, d.Code, d.Message)
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
