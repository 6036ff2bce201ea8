package schema

import "testing"

// TestForwardReferencesClean: references resolve across the whole document,
// so a reference to a row of a schema declared further down is not an error.
// TestDiagnostics has the dangling cases; this is the other half (a checker
// that reported every forward reference would pass it).
func TestForwardReferencesClean(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"child before parent", "[SCHEMA:C]\nID:int|@P.ID:int\n[DATA]\n1|3\n[SCHEMA:P]\nID:int|N:str\n[DATA]\n3|x\n"},
		{"named reference before its target", "[SCHEMA:A]\nID:int|X:@D.ID\n[DATA]\n1|2\n[SCHEMA:D]\nID:int\n[DATA]\n2\n"},
		{"result row before the table", "[RESULT]\n[A:str|B:@P.ID]\nx|2\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n\n" +
			"[SCHEMA:P]\nID:int|N:str\n[DATA]\n1|a\n2|b\n"},
	} {
		if ds := check(t, tc.in); len(ds) > 0 {
			t.Errorf("%s: %v", tc.name, ds)
		}
	}
}
