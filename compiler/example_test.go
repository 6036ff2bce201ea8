package compiler_test

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

// A host that relays agent traffic checks each message before it passes it
// on (Check stores nothing), adds what it accepts (AddMessages returns every
// message with its own diagnostics), accepts a corrected message under the
// id of the one it rejected (Replace), and asks the session what is still
// owed.
func ExampleSession() {
	s := compiler.NewSession(compiler.Options{})
	s.AddMessages("live", []byte("a3.12 ask >a1 #CKO.5xx\n q why are 5xx errors up?\n want {cause, fix}\n"))

	// The model's reply, with chatter around it: the message is read from it.
	added, prose := s.AddMessages("live", []byte("Sure, here it is:\n\na1.13 tell re=a3.12\n a cause = commit 9f2a ~hi\n unk []\n"))
	for _, a := range added {
		for _, d := range a.Diags {
			fmt.Printf("%s %s %s\n", d.MessageID, d.Code, d.Message)
		}
	}
	fmt.Println("outside any message:", prose.Codes())

	// The corrected reply, under the same id: Add would ignore it (D002: the
	// id is the idempotency key, the first version stays), as Check says
	// without storing anything; the host accepts it with Replace.
	fixed := message("a1.13 tell re=a3.12\n a cause = commit 9f2a ~hi\n   fix = revert 9f2a ~mid\n unk []\n")
	fmt.Println("check:", s.Check(fixed).Codes())
	fmt.Println("replace:", len(s.Replace(fixed)), "problems")
	fmt.Println("open:", len(s.Open()))
	r := s.Resolve("@a1.13.a.fix")
	fmt.Println(r.Text, r.Status, r.Conf)
	// Output:
	// a1.13 E009 reply to a3.12 is missing required key(s): fix
	// outside any message: [P002]
	// check: [D002]
	// replace: 0 problems
	// open: 0
	// revert 9f2a exact hi
}

// message parses one Rosetta message.
func message(text string) *ir.Message {
	res := compiler.Parse("live", []byte(text), compiler.Options{From: ir.Rosetta})
	return res.Doc.(*ir.Transcript).Messages[0]
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

// replies stands for a model: what it answers to each prompt, in turn.
var replies = []string{
	"Here you go:\n\na1.9 fail >a3\n why Timed out fetching the page\n",
	"a1.10 fail >a3\n why timeout fetching the page\n",
}

// askModel hands a prompt to the model and returns its output.
func askModel(prompt string) string {
	fmt.Printf("prompt: %d lines\n", strings.Count(prompt, "\n"))
	reply := replies[0]
	replies = replies[1:]
	return reply
}

// A host's retry loop (docs/repair.md shows this code, and
// golden.TestRepairDocLoop keeps the two the same): the model's mistakes go
// back to it as repair messages until what it writes reads clean.
func ExampleSession_retry() {
	prompt := "a3.4 do >a1\n q fetch the page\n want done|fail\n"
	s := compiler.NewSession(compiler.Options{})
	reply := askModel(prompt) // the model's output: messages, maybe with chatter
	for attempt := 0; attempt < 3; attempt++ {
		added, _ := s.AddMessages("turn", []byte(reply))
		var repairs []string
		for _, a := range added {
			if r := s.Repair(a.Message, a.Diags); r != nil {
				repairs = append(repairs, r.Text)
			}
		}
		if len(repairs) == 0 {
			break // every message read clean and is in the session
		}
		// Hand the model its mistakes in the language itself, and ask again.
		reply = askModel(strings.Join(repairs, "\n"))
		// The corrected messages arrive under new ids; a host that lets a model
		// correct a message under its old id calls s.Replace(m) instead of Add.
	}
	// Output:
	// prompt: 3 lines
	// prompt: 4 lines
}
