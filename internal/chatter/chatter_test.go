package chatter

import "testing"

func TestIsFence(t *testing.T) {
	for s, want := range map[string]bool{
		"```": true, "~~~": true, "````": true, "```rosetta": true, "~~~ lingua": true, "```json  ": true,
		"``": false, "~~": false, "```a1.1 tell >a2```": false, "```a b": false, "`~~": false,
		"~~~a1.1 note": false, "``` x`": false, "": false, "text": false,
	} {
		if got := IsFence(s); got != want {
			t.Errorf("IsFence(%q) = %v, want %v", s, got, want)
		}
	}
}
