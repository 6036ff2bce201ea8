package lingua

import (
	"strings"
	"testing"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/ir"
)

// TestSlips: each slip of slips.go is reported with its code and severity,
// read as it means where that is certain (the IR says so), and its fix
// gives the text wanted.
func TestSlips(t *testing.T) {
	for _, tc := range []struct {
		in, code string
		sev      diag.Severity
		fixed    string // the text after the first fix; "" for none
		check    func(*ir.LinguaTranscript) bool
	}{
		{"👽WEB.GET|@web", "L013", diag.Warning, "👽31|@web", func(d *ir.LinguaTranscript) bool { return req(d).Domain == '3' && req(d).Action == '1' }},
		{"👽web_get_urgent|@web", "L013", diag.Warning, "👽311|@web", func(d *ir.LinguaTranscript) bool { return req(d).Modifier == '1' }},
		{"👽WEB.GETT|@web", "L001", diag.Error, "👽31|@web", func(d *ir.LinguaTranscript) bool { return req(d) == nil }},
		{"👽31|%karma>100", "L012", diag.Warning, "👽31|%K>100", func(d *ir.LinguaTranscript) bool { return cond(d).Type == 'K' && cond(d).Value == "100" }},
		{"👽31|%k>5", "L012", diag.Warning, "👽31|%K>5", func(d *ir.LinguaTranscript) bool { return cond(d).Type == 'K' }},
		{"👽31|%N==3", "L012", diag.Warning, "👽31|%N=3", func(d *ir.LinguaTranscript) bool { return cond(d).Op == '=' && cond(d).Value == "3" }},
		{"👽31|%S!=ok", "L012", diag.Warning, "👽31|%S!ok", func(d *ir.LinguaTranscript) bool { return cond(d).Op == '!' && cond(d).Value == "ok" }},
		{"👽31|%K>", "L005", diag.Error, "", func(d *ir.LinguaTranscript) bool { return cond(d) != nil }},
		{"👽31|%Z=3", "L005", diag.Error, "", func(d *ir.LinguaTranscript) bool { return cond(d) != nil && cond(d).Type == 'Z' }},
		{"👽31|%K>=100", "L005", diag.Error, "👽31|%K>99", nil},
		{"👽31|%N<=2", "L005", diag.Error, "👽31|%N<3", nil},
	} {
		t.Run(tc.in, func(t *testing.T) {
			doc, ds := Parse(diag.NewSource("t.lingua", []byte(tc.in)))
			if len(ds) != 1 || ds[0].Code != tc.code || ds[0].Severity != tc.sev {
				t.Fatalf("got %v, want one %s %s", ds, tc.sev, tc.code)
			}
			if tc.check != nil && !tc.check(doc) {
				t.Errorf("not read as meant:\n%s", Dump(doc))
			}
			got, _ := diag.ApplyFixes("t.lingua", []byte(tc.in), ds, diag.Review)
			if want := tc.fixed; want == "" && len(ds[0].Fixes) > 0 || want != "" && string(got) != want {
				t.Errorf("fixed: got %q, want %q", got, want)
			}
			if want := tc.sev == diag.Warning; want != (len(ds[0].Fixes) > 0 && ds[0].Fixes[0].Applicability == diag.Safe) {
				t.Errorf("a warning's fix must be safe, an error's review: %v", ds[0].Fixes)
			}
		})
	}
	// Written right, nothing is said.
	for _, in := range []string{"👽31|@web|%K>100", "👽31|%T~agent", "👽31|%P1/3", "👽31|%N=3"} {
		if _, ds := Parse(diag.NewSource("t.lingua", []byte(in))); len(ds) != 0 {
			t.Errorf("%s: %v", in, ds)
		}
	}
	if !strings.Contains(tableHint(), "3 WEB") {
		t.Errorf("the code hint does not come from the tables: %s", tableHint())
	}
}

func req(d *ir.LinguaTranscript) *ir.LinguaRequest {
	l, _ := d.Items[0].(*ir.LinguaLine)
	r, _ := l.Messages[0].(*ir.LinguaRequest)
	return r
}

func cond(d *ir.LinguaTranscript) *ir.LinguaCond {
	if r := req(d); r != nil && len(r.Conds) > 0 {
		return r.Conds[0]
	}
	return nil
}
