package agentdsl

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPrintCanonical pins the canonical printer's choices that no seed example
// exercises: a schema without rows gets an empty [DATA] (one spelling for a
// table with no rows), a CRLF ending is a line ending and not content, blank
// padding on structure lines goes, and row bytes (blanks at either end, tabs,
// unicode) are kept exactly; printing the printed text changes nothing.
func TestPrintCanonical(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"schema without data", "[SCHEMA:A]\nID:int\n[SCHEMA:B]\nID:int\n",
			"[SCHEMA:A]\nID:int\n\n[DATA]\n\n[SCHEMA:B]\nID:int\n\n[DATA]\n"},
		{"crlf endings", "[SCHEMA:A]\r\nID:int|N:str\r\n\r\n[DATA]\r\n1|x\r\n",
			"[SCHEMA:A]\nID:int|N:str\n\n[DATA]\n1|x\n"},
		{"row bytes kept", "[SCHEMA:A]\nID:int | N : str\n[DATA]\n1| lead\n2|trail \n3|a\tb\n4|été ✓\n",
			"[SCHEMA:A]\nID:int|N:str\n\n[DATA]\n1| lead\n2|trail \n3|a\tb\n4|été ✓\n"},
		{"call values kept", "[CALL]\n[F]\nA: spaced \nB:x|y\n",
			"[CALL]\n[F]\nA: spaced \nB:x|y\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, ds := parse(t, "t.adsl", tc.in)
			if len(ds) > 0 {
				t.Fatalf("diagnostics: %v", ds)
			}
			got := string(Print(doc))
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Fatalf("printed (-want +got):\n%s", d)
			}
			again, _ := parse(t, "t.adsl", got)
			if d := cmp.Diff(got, string(Print(again))); d != "" {
				t.Errorf("printing is not idempotent (-first +second):\n%s", d)
			}
		})
	}
}
