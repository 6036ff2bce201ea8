package golden

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/internal/linguacrypto"
)

// genLingua writes a Lingua transcript of n messages after an X25519
// handshake (Alice's RFC 7748 key): mix "plain" (base64 text, raw, times,
// conditions), "json" (j: payloads), "encrypted" (e: payloads in the session),
// "mixed" (the three in turn), or "b64zlib" (base64 text and z: zlib
// payloads in turn). Deterministic for (n, mix).
func genLingua(tb testing.TB, n int, mix string) []byte {
	var b bytes.Buffer
	hs := archiveSection(tb, "testdata/lingua/handshake.txtar", "input.lingua")
	lines := strings.Split(string(hs), "\n")
	b.WriteString(lines[1] + "\n" + lines[2] + "\n") // offer and answer
	alice, _ := linguacrypto.ParsePrivateKey([]byte("dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo="))
	bob, _ := linguacrypto.ParsePublicKey("3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=")
	key, err := linguacrypto.SessionKey(alice, bob, "sess-42")
	if err != nil {
		tb.Fatal(err)
	}
	var c counter
	b64 := base64.StdEncoding.EncodeToString
	for i := 0; i < n; i++ {
		kind := mix
		switch mix {
		case "mixed":
			kind = []string{"plain", "json", "encrypted"}[i%3]
		case "b64zlib":
			kind = []string{"b64", "zlib"}[i%2]
		}
		switch kind {
		case "b64":
			fmt.Fprintf(&b, "👽42|@H|#r%d|~+1d%dh|%%K>%d|$%s\n", i, i%24, i%500, b64([]byte(fmt.Sprintf("reminder %d: 会议 at noon, room %d", i, i%40))))
		case "zlib":
			var z bytes.Buffer
			w := zlib.NewWriter(&z)
			fmt.Fprintf(w, "status report %d: %s", i, strings.Repeat("all green, ", 4+i%8))
			w.Close()
			fmt.Fprintf(&b, "👽13|@agent%d|#z%d|$z:%s\n", i%50, i, b64(z.Bytes()))
		case "plain":
			if i%2 == 0 {
				fmt.Fprintf(&b, "👽42|@H|#r%d|~+1d%dh|%%K>%d|$%s\n", i, i%24, i%500, b64([]byte(fmt.Sprintf("reminder %d: 会议 at noon", i))))
			} else {
				fmt.Fprintf(&b, "👽13|@agent%d|#m%d|$r:message %d with | pipes\n", i%50, i, i)
			}
		case "json":
			fmt.Fprintf(&b, "👽73|@1|#p%d|$j:%s\n", i, b64([]byte(fmt.Sprintf(`{"t":"post %d","c":"hello world %d","tg":["a","b"],"ka":%d}`, i, i, i))))
		case "encrypted":
			p, err := linguacrypto.SealPayload(key, []byte(fmt.Sprintf(`{"t":"secret %d","c":"body"}`, i)), &c)
			if err != nil {
				tb.Fatal(err)
			}
			fmt.Fprintf(&b, "👽737|@1|#sess-42|$%s\n", p)
		}
		if i%10 == 9 {
			b.WriteString("--👽lingua/0.4@agent-lingua\n")
		}
	}
	return b.Bytes()
}

// BenchmarkLinguaCheck parses, decodes (decrypting with Alice's key) and
// checks transcripts of growing size; msgs/s should stay flat as n grows.
func BenchmarkLinguaCheck(b *testing.B) {
	opt := compiler.Options{PrivateKey: []byte("dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo=")}
	for _, mix := range []string{"plain", "json", "encrypted", "mixed", "b64zlib"} {
		for _, n := range []int{1000, 10000, 100000} {
			b.Run(fmt.Sprintf("%s/%dk", mix, n/1000), func(b *testing.B) {
				src := genLingua(b, n, mix) // before b.Loop: not timed
				b.SetBytes(int64(len(src)))
				cpu0 := cpuSeconds()
				for b.Loop() {
					res := compiler.Check("bench.lingua", src, opt)
					if res.Diags.HasErrors() {
						b.Fatalf("generated transcript has errors: %s", res.Diags)
					}
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
				// CPU time (all threads, GC included) is steadier than wall
				// time on a shared machine.
				if cpu := cpuSeconds() - cpu0; cpu > 0 {
					b.ReportMetric(float64(n)*float64(b.N)/cpu, "msgs/cpu-s")
					b.ReportMetric(float64(len(src))*float64(b.N)/cpu/1e6, "MB/cpu-s")
				}
			})
		}
	}
}

// TestLinguaGeneratedClean keeps the generator honest: its output has no
// error and decrypts.
func TestLinguaGeneratedClean(t *testing.T) {
	for _, mix := range []string{"mixed", "b64zlib"} {
		src := genLingua(t, 300, mix)
		res := compiler.Check("gen.lingua", src, compiler.Options{PrivateKey: []byte("dwdtCnMYpX08FsFyUbJmRd9ML4frwJkqsXf7pR25LCo=")})
		if res.Diags.HasErrors() || res.Diags.Count(diag.Warning) > 0 {
			t.Fatalf("%s: diagnostics: %s", mix, res.Diags)
		}
	}
}
