package agentdsl

import (
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestSlips: a block marker or a type in a near form (AD004, AD005) is read
// as what it means, with a safe fix where that is certain and a review fix
// where it is a guess; a function's name is never taken for a marker.
func TestSlips(t *testing.T) {
	for _, tc := range []struct {
		name, in, code string
		sev            diag.Severity
		fixed          string
		kind           string // the kind of the first block after the slip, "" for no check
	}{
		{"lower data", "[SCHEMA:A]\nID:int\n[data]\n1\n", "AD004", diag.Warning, "[SCHEMA:A]\nID:int\n[DATA]\n1\n", "*ir.DSLData"},
		{"mixed schema", "[Schema:A]\nID:int\n", "AD004", diag.Warning, "[SCHEMA:A]\nID:int\n", "*ir.DSLSchema"},
		{"plural result", "[RESULTS]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n", "AD004", diag.Warning, "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n", "*ir.DSLResult"},
		{"singular functions", "[FUNCTION]\n[F]\nDESC[f]\n", "AD004", diag.Warning, "[FUNCTIONS]\n[F]\nDESC[f]\n", "*ir.DSLFunctions"},
		{"near schema", "[SCEHMA:A]\nID:int\n", "AD004", diag.Error, "[SCHEMA:A]\nID:int\n", "*ir.DSLSchema"},
		{"call after blank", "[FUNCTIONS]\n[F]\nDESC[f]\n\n[call]\n[F]\n", "AD004", diag.Warning, "[FUNCTIONS]\n[F]\nDESC[f]\n\n[CALL]\n[F]\n", ""},
		{"string", "[SCHEMA:A]\nID:int|N:string\n", "AD005", diag.Warning, "[SCHEMA:A]\nID:int|N:str\n", ""},
		{"integer in IN", "[FUNCTIONS]\n[F]\nDESC[f]\nIN[N:integer*]\n", "AD005", diag.Warning, "[FUNCTIONS]\n[F]\nDESC[f]\nIN[N:int*]\n", ""},
		{"upper case type", "[SCHEMA:A]\nID:int|N:STR\n", "AD005", diag.Warning, "[SCHEMA:A]\nID:int|N:str\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, ds := parse(t, "t.adsl", tc.in)
			if len(ds) != 1 || ds[0].Code != tc.code || ds[0].Severity != tc.sev || len(ds[0].Fixes) != 1 {
				t.Fatalf("got %v, want one %s %s with a fix", ds, tc.sev, tc.code)
			}
			if safe := ds[0].Fixes[0].Applicability == diag.Safe; safe != (tc.sev == diag.Warning) {
				t.Errorf("a warning's fix must be safe, an error's review: %v", ds[0].Fixes)
			}
			got, _ := diag.ApplyFixes("t.adsl", []byte(tc.in), ds, diag.Review)
			if string(got) != tc.fixed {
				t.Errorf("fixed: got %q, want %q", got, tc.fixed)
			}
			if tc.kind != "" {
				found := false
				for _, b := range doc.Blocks {
					if typeName(b) == tc.kind {
						found = true
					}
				}
				if !found {
					t.Errorf("no %s block read: %v", tc.kind, doc.Blocks)
				}
			}
		})
	}
	// A type read from a slip is its kind: the rows check as that type.
	doc, _ := parse(t, "t.adsl", "[SCHEMA:A]\nID:int|N:integer\n")
	if s := doc.Blocks[0].(*ir.DSLSchema); s.Columns[1].Type.Kind != ir.DSLInt {
		t.Errorf("integer read as %v", s.Columns[1].Type.Kind)
	}
	// Function names are not markers: [Data] and [Reset] in a declaration.
	for _, in := range []string{"[FUNCTIONS]\n[Data]\nDESC[d]\n", "[FUNCTIONS]\n[F]\nDESC[f]\n\n[Reset]\nDESC[r]\n", "[CALL]\n[Result]\n"} {
		if _, ds := parse(t, "t.adsl", in); len(ds) != 0 {
			t.Errorf("%q: %v", in, ds)
		}
	}
}

func typeName(b ir.DSLBlock) string {
	switch b.(type) {
	case *ir.DSLData:
		return "*ir.DSLData"
	case *ir.DSLSchema:
		return "*ir.DSLSchema"
	case *ir.DSLResult:
		return "*ir.DSLResult"
	case *ir.DSLFunctions:
		return "*ir.DSLFunctions"
	case *ir.DSLCall:
		return "*ir.DSLCall"
	}
	return ""
}
