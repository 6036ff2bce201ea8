package linguacheck

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	grammar "github.com/rosettac/rosettac/grammars/lingua"
	"github.com/rosettac/rosettac/passes/decode"
)

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func check(t *testing.T, src string) diag.List {
	t.Helper()
	doc, ds := grammar.Parse(diag.NewSource("t.lingua", []byte(src)))
	ds = append(ds, decode.Run(doc, decode.Options{})...)
	ds = append(ds, Check(doc)...)
	ds.Sort()
	return ds
}

const (
	offer  = `{"protocol":"agent-lingua","version":"0.4","capabilities":["0","7"],"security":["E","B","P"],"crypto":["X25519+AES-GCM"],"pubkey":"hSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo="}`
	answer = `{"accepted":true,"version":"0.4","capabilities":["0","7"],"security":["E","B"],"crypto":["X25519+AES-GCM"],"pubkey":"3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=","session":"s1"}`
	nonce  = "AAECAwQFBgcICQoL"
	ct     = "ufU2CTbGelrZhen1+M2ozRccmsFYAv0u2ErGK3Gp"
)

func hs(o, a string) string { return "👽09|@bob|$j:" + b64(o) + "\n^0|$j:" + b64(a) + "\n" }

func TestRules(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		codes    []string
	}{
		{"clean handshake and session", hs(offer, answer) + "👽737|#s1|$e:" + nonce + ":" + ct + "\n👽08|#s1\n--👽lingua/0.4@agent-lingua\n", []string{"L106"}},
		{"e: with no session", "👽737|#x|$e:" + nonce + ":" + ct, []string{"L201"}},
		{"after end", hs(offer, answer) + "👽08|#s1\n👽737|#s1|$e:" + nonce + ":" + ct + "\n", []string{"L202"}},
		{"response matches nothing", "👽71|#p1\n^0|#p1\n^0|#p2", []string{"L203"}},
		{"no common level", hs(offer, strings.Replace(answer, `["E","B"]`, `["X"]`, 1)+``), nil},
		{"no common level 2", hs(strings.Replace(offer, `["E","B","P"]`, `["E"]`, 1), strings.Replace(answer, `["E","B"]`, `["B","P"]`, 1)), []string{"L204"}},
		{"answer picks low", hs(offer, strings.Replace(answer, `["E","B"]`, `["B","E"]`, 1)), []string{"L205"}},
		{"below level", hs(offer, answer) + "👽73|#s1|$r:plain\n", []string{"L206"}},
		{"unknown codes", "👽73A\n^5\n!E7\n!E3W\n!E2W\n", []string{"L207", "L207", "L207", "L207"}},
		{"capability", hs(offer, answer) + "👽93|#s1|$e:" + nonce + ":" + ct + "\n", []string{"L213", "L208", "L106"}},
		{"signature version", hs(offer, answer) + "👽00\n--👽lingua/0.3@agent-lingua\n", []string{"L209"}},
		{"versions differ", hs(offer, strings.Replace(answer, `"0.4"`, `"0.5"`, 1)), []string{"L210"}},
		{"custom keys", "👽73|$j:" + b64(`{"t":"x","abc":1,"title":2,"toolong":3,"x":{"q":1}}`), []string{"L211", "L211", "L211"}},
		{"modifier 7", "👽737|$r:x", []string{"L212", "L212"}},
		{"key changed", hs(offer, answer) + hs(offer, strings.Replace(answer, "3p7b", "4p7b", 1)), []string{"L215"}},
		{"answer without offer", "^0|$j:" + b64(answer), []string{"L216"}},
		{"thin offer", "👽09|$j:" + b64(`{"security":["E"]}`), []string{"L217"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds := check(t, tc.in)
			if d := cmp.Diff(tc.codes, ds.Codes()); d != "" && !(len(tc.codes) == 0 && len(ds) == 0) {
				t.Errorf("codes (-want +got):\n%s\n%s", d, ds)
			}
		})
	}
}

// TestCaseHints: a status or subtype in lower case is unknown (the grammar keeps
// its case) and the hint names the upper-case code.
func TestCaseHints(t *testing.T) {
	ds := check(t, "^a\n!E2w\n^z\n")
	var got []string
	for _, d := range ds {
		got = append(got, d.Code+" "+d.Message+": "+strings.SplitN(d.Hint, ";", 2)[0])
	}
	want := []string{
		"L207 unknown response status a: write ^A (code letters are upper case)",
		"L207 unknown error subtype w for !E2: write !E2W (code letters are upper case)",
		"L207 unknown response status z: statuses are 0 success, 1 partial, 2 waiting, 3 queued, 8 retry, 9 failed, A reject",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestRotation(t *testing.T) {
	var b strings.Builder
	b.WriteString(hs(offer, answer))
	for i := 0; i < RotateAfter+2; i++ {
		b.WriteString("👽737|#s1|$e:" + nonce + ":" + ct + "\n")
	}
	n := 0
	for _, d := range check(t, b.String()) {
		if d.Code == CodeRotateKey {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d L214, want 1", n)
	}
}
