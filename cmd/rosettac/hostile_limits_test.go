package main

import (
	"bytes"
	"compress/zlib"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/internal/linguacrypto"
)

// runCLI runs rosettac in-process and returns its exit code and streams.
func runCLI(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeFile(t *testing.T, dir, name string, data []byte, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil { // past the umask
		t.Fatal(err)
	}
	return p
}

func zpayload(n int) string {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write(bytes.Repeat([]byte("A"), n))
	w.Close()
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// TestInflateTotalCap: the z: payloads of one document share a total cap
// (defect 1 of issue 14), reported as L114 naming its flag.
func TestInflateTotalCap(t *testing.T) {
	dir := t.TempDir()
	var doc strings.Builder
	z := zpayload(1000)
	for i := range 5 {
		fmt.Fprintf(&doc, "👽10|@1|#z%d|$z:%s\n", i, z)
	}
	f := writeFile(t, dir, "z.lingua", []byte(doc.String()), 0o644)
	code, out, errs := runCLI("check", "--format", "json", "--max-inflate-total", "3500", f)
	if code != 1 || strings.Count(out, `"L114"`) != 2 || !strings.Contains(out, "--max-inflate-total") {
		t.Errorf("exit %d, want 1 with two L114 naming --max-inflate-total:\n%s%s", code, out, errs)
	}
	if code, out, _ := runCLI("check", "--format", "json", f); code != 0 || strings.Contains(out, "L114") {
		t.Errorf("under the default total: exit %d\n%s", code, out)
	}
}

// TestLimitOverflow: the largest int64 limits mean "no limit", never an
// overflow that reads every input as empty (defect 3).
func TestLimitOverflow(t *testing.T) {
	dir := t.TempDir()
	rose := writeFile(t, dir, "a.rose", []byte("a1.1 tell >b\n a x = 1 ~hi\n"), 0o644)
	if code, _, errs := runCLI("check", "--max-bytes", "9223372036854775807", rose); code != 0 || strings.Contains(errs, "F001") {
		t.Errorf("--max-bytes MaxInt64: exit %d\n%s", code, errs)
	}
	bomb := writeFile(t, dir, "b.lingua", []byte("👽10|@1|$z:"+zpayload(3<<20)+"\n"), 0o644)
	if code, out, _ := runCLI("check", "--format", "json", "--max-inflate", "9223372036854775807", bomb); code != 0 || strings.Contains(out, "L10") {
		t.Errorf("--max-inflate MaxInt64 on a 3 MiB payload: exit %d, want it decoded\n%s", code, out)
	}
	code, out, _ := runCLI("check", "--format", "json", "--max-inflate", "9223372036854775807", "--max-inflate-total", "2000000", bomb)
	if code != 1 || !strings.Contains(out, "L114") {
		t.Errorf("--max-inflate MaxInt64 under a 2 MB total: exit %d, want L114\n%s", code, out)
	}
	if code, _, errs := runCLI("check", "--max-bytes", "-1", rose); code != 2 || !strings.Contains(errs, "--max-bytes") {
		t.Errorf("--max-bytes -1: exit %d\n%s", code, errs)
	}
	// L105 names the flag that raises its cap (defect 8).
	_, out, _ = runCLI("check", "--format", "json", bomb)
	if !strings.Contains(out, `"L105"`) || !strings.Contains(out, "--max-inflate") {
		t.Errorf("L105 does not name --max-inflate:\n%s", out)
	}
}

// TestKeyFileLimits: key files are read up to a bound, and one that every
// user may write is read with a warning (defects 2 and 8).
func TestKeyFileLimits(t *testing.T) {
	dir := t.TempDir()
	lingua := writeFile(t, dir, "m.lingua", []byte("👽10|@1|$aGk=\n"), 0o644)
	big := writeFile(t, dir, "big.key", bytes.Repeat([]byte("A"), 1<<20), 0o600)
	code, _, errs := runCLI("check", "--psk-file", big, lingua)
	if code != 2 || !strings.Contains(errs, "larger than 64 KiB") {
		t.Errorf("a 1 MiB key file: exit %d\n%s", code, errs)
	}
	open := writeFile(t, dir, "open.psk", []byte("correct horse battery staple\n"), 0o666)
	code, _, errs = runCLI("check", "--psk-file", open, lingua)
	if code != 0 || strings.Count(errs, "writable by every user") != 1 || strings.Contains(errs, "correct horse") {
		t.Errorf("a world-writable key file: exit %d, want 0 and one warning without the key\n%s", code, errs)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if code, _, errs := runCLI("check", "--key-file", "/dev/zero", lingua); code != 2 || !strings.Contains(errs, "larger than") {
			t.Errorf("--key-file /dev/zero: exit %d\n%s", code, errs)
		}
	}
}

// TestStreamedLineLimit: a streamed AgentDSL check holds at most the limit
// of one line (defect 2): /dev/zero is one endless line.
func TestStreamedLineLimit(t *testing.T) {
	dir := t.TempDir()
	long := writeFile(t, dir, "l.adsl", []byte("[SCHEMA:T]\nID:int|S:str\n\n[DATA]\n1|"+strings.Repeat("x", 5000)+"\n"), 0o644)
	code, _, errs := runCLI("check", "--max-bytes", "1000000", "--from", "agentdsl", long)
	if code != 0 {
		t.Errorf("a 5 KB line under a 1 MB limit: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	// With a limit given, /dev/zero (not a regular file) is read up to it.
	code, _, errs = runCLI("check", "--from", "agentdsl", "--max-bytes", "4096", "/dev/zero")
	if code != 1 || !strings.Contains(errs, "F003") {
		t.Errorf("check --from agentdsl --max-bytes 4096 /dev/zero: exit %d\n%s", code, errs)
	}
	// Without one it is streamed, a line at most the default limit; the
	// same reader with a small limit stops at the endless line with F005.
	r, err := compiler.CheckReaderLimit("zero", zeros{}, 1<<16)
	if err != nil || len(r.Diags) != 1 || r.Diags[0].Code != "F005" || !strings.Contains(r.Diags[0].Hint, "--max-bytes") {
		t.Errorf("an endless line: %v %v", err, r.Diags)
	}
}

// zeros is /dev/zero in memory.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestDecryptedKeysNotNamed: L211 on a decrypted payload says where (the
// payload, the key's place in it), never the key's name, in every output
// format (issue 14, defect 4); a key in clear is still named.
func TestDecryptedKeysNotNamed(t *testing.T) {
	dir := t.TempDir()
	psk := []byte("a pre-shared key for the test\n")
	key, err := linguacrypto.PSKSessionKey(bytes.TrimSuffix(psk, []byte("\n")), "s1")
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := linguacrypto.SealPayload(key, []byte(`{"t":"x","secretfieldname":1}`), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pskFile := writeFile(t, dir, "k.psk", psk, 0o600)
	doc := writeFile(t, dir, "e.lingua", []byte("👽10|@1|$"+sealed+"\n👽10|@1|$j:"+base64.StdEncoding.EncodeToString([]byte(`{"clearfieldname":1}`))+"\n"), 0o644)
	for _, args := range [][]string{
		{"check"}, {"check", "--format", "json"}, {"check", "--format", "sarif"}, {"check", "--format", "llm"},
		{"compile", "--emit", "ir", "-o", filepath.Join(dir, "out")},
	} {
		args = append(args, "--psk-file", pskFile, "--session", "s1", doc)
		_, out, errs := runCLI(args...)
		all := out + errs
		if args[0] == "compile" {
			b, err := os.ReadFile(filepath.Join(dir, "out", "e.lingua.ir.json"))
			if err != nil {
				t.Fatal(err)
			}
			ir := string(b)
			all += ir[strings.Index(ir, `"diagnostics"`):] // the IR itself holds the decrypted JSON, as asked
		}
		if !strings.Contains(all, "L211") || strings.Contains(all, "secretfieldname") || !strings.Contains(all, "JSON key 2 of the decrypted payload") || !strings.Contains(all, "clearfieldname") {
			t.Errorf("%v: want L211 twice, the decrypted one naming no key:\n%s", args[:len(args)-5], all)
		}
	}
}

// TestDeepAgentDSLJSON: translate --from json reads AgentDSL data nested past
// the Lingua payload limit (200), as check does (issue 14, defect 5): telling
// Rosetta or Lingua data JSON from AgentDSL's reads only the top level.
func TestDeepAgentDSLJSON(t *testing.T) {
	dir := t.TempDir()
	const depth = 300
	f := writeFile(t, dir, "deep.json", []byte(strings.Repeat(`{"a":`, depth)+"1"+strings.Repeat("}", depth)), 0o644)
	for _, args := range [][]string{{"check"}, {"translate", "--to", "agentdsl"}, {"translate", "--from", "json", "--to", "agentdsl"}} {
		code, out, errs := runCLI(append(args, f)...)
		if code != 0 || strings.Contains(errs, "nested") || strings.Contains(errs, "error T") {
			t.Errorf("%v: exit %d\n%s", args, code, errs)
		}
		if args[0] == "translate" && !strings.Contains(out, "a_299") {
			t.Errorf("%v: the deepest table is missing:\n%.300s", args, out)
		}
	}
}

// TestJSONErrorPositions: a JSON syntax error is reported at the bad byte,
// and the byte offset the message gives is that byte's (counted from 0), in
// check (T010) and translate (T027) alike (issue 14, defect 6).
func TestJSONErrorPositions(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, at string }{
		{`{"format": 1, x}`, ":1:15: "},       // x is byte 14
		{`{"abc": [1, 2, x]}`, ":1:16: "},     // byte 15; inside an array the tokenizer's own offset was 8
		{"{\n  \"a\": [1,\n   x]}", ":3:4: "}, // byte 15, on line 3
	} {
		off := strings.IndexByte(c.text, 'x')
		f := writeFile(t, dir, "bad.json", []byte(c.text), 0o644)
		for _, args := range [][]string{{"check"}, {"translate", "--to", "agentdsl"}} {
			_, _, errs := runCLI(append(args, f)...)
			want := fmt.Sprintf("invalid JSON at byte %d: invalid character 'x'", off)
			if !strings.Contains(errs, "bad.json"+c.at) || !strings.Contains(errs, want) {
				t.Errorf("%v on %q: want %s and %q:\n%s", args, c.text, c.at, want, errs)
			}
		}
	}
	// JSON that ends early is at its end.
	f := writeFile(t, dir, "short.json", []byte(`{"a":[1,`), 0o644)
	if _, _, errs := runCLI("check", f); !strings.Contains(errs, "short.json:1:9: ") || !strings.Contains(errs, "at byte 8") {
		t.Errorf("JSON that ends early:\n%s", errs)
	}
}

// TestLoneSurrogatePayload: a lone surrogate escape in a Lingua j: payload is
// written as the sender wrote it by render and translate, never turned into
// U+FFFD (issue 14, defect 7); a surrogate pair is the character it encodes.
func TestLoneSurrogatePayload(t *testing.T) {
	dir := t.TempDir()
	payload := base64.StdEncoding.EncodeToString([]byte(`{"t":"a\ud800b","c":"ok \ud83d\ude00"}`))
	f := writeFile(t, dir, "s.lingua", []byte("👽73|@1|$j:"+payload+"\n"), 0o644)
	for _, args := range [][]string{{"render"}, {"translate", "--to", "json"}, {"translate", "--to", "rosetta"}} {
		code, out, errs := runCLI(append(args, f)...)
		if code != 0 || !strings.Contains(out, `"a\ud800b"`) || strings.Contains(out, "\uFFFD") || !strings.Contains(out, "ok 😀") {
			t.Errorf("%v: exit %d, want the escape kept:\n%s%s", args, code, out, errs)
		}
	}
	// A key with a lone surrogate is kept as written too, and named so.
	keyed := base64.StdEncoding.EncodeToString([]byte(`{"t":"a","x\ud800y":"v"}`))
	kf := writeFile(t, dir, "k.lingua", []byte("👽73|@1|$j:"+keyed+"\n"), 0o644)
	for _, args := range [][]string{{"render"}, {"translate", "--to", "json"}, {"check"}} {
		_, out, errs := runCLI(append(args, kf)...)
		if !strings.Contains(out+errs, `"x\ud800y"`) || strings.Contains(out+errs, "\uFFFD") || strings.Contains(out+errs, `\ufffd`) {
			t.Errorf("%v: want the key's escape kept:\n%s%s", args, out, errs)
		}
	}
	// The Rosetta binding holds the JSON literal; its JSON is that text.
	_, rose, _ := runCLI("translate", "--to", "rosetta", f)
	back := writeFile(t, dir, "s.rose", []byte(rose), 0o644)
	if _, out, errs := runCLI("translate", "--to", "json", back); !strings.Contains(out, `a\\ud800b`) || strings.Contains(out, "\uFFFD") {
		t.Errorf("Rosetta → JSON: the escape is lost:\n%s%s", out, errs)
	}
}

// TestInflateTotalConfig: rosettac.yaml's lingua: max_inflate_total: sets the
// total cap of --max-inflate-total, and the flag given wins over it.
func TestInflateTotalConfig(t *testing.T) {
	dir := t.TempDir()
	var doc strings.Builder
	z := zpayload(1000)
	for i := range 5 {
		fmt.Fprintf(&doc, "👽10|@1|#z%d|$z:%s\n", i, z)
	}
	f := writeFile(t, dir, "z.lingua", []byte(doc.String()), 0o644)
	writeFile(t, dir, "rosettac.yaml", []byte("lingua:\n  max_inflate_total: 3500\n"), 0o644)
	code, out, errs := runCLI("check", "--format", "json", f)
	if code != 1 || strings.Count(out, `"L114"`) != 2 || !strings.Contains(out, "max_inflate_total") {
		t.Errorf("max_inflate_total: 3500: exit %d, want two L114 naming the key:\n%s%s", code, out, errs)
	}
	if code, out, _ := runCLI("check", "--format", "json", "--max-inflate-total", "100000", f); code != 0 || strings.Contains(out, "L114") {
		t.Errorf("the flag over the configuration: exit %d\n%s", code, out)
	}
	writeFile(t, dir, "rosettac.yaml", []byte("lingua:\n  max_inflate: 999\n"), 0o644)
	if code, out, _ := runCLI("check", "--format", "json", f); code != 1 || strings.Count(out, `"L105"`) != 5 {
		t.Errorf("max_inflate: 999: exit %d, want five L105\n%s", code, out)
	}
	writeFile(t, dir, "rosettac.yaml", []byte("lingua:\n  max_inflate_total: 0\n"), 0o644)
	if code, _, errs := runCLI("check", f); code != 2 || !strings.Contains(errs, "rosettac.yaml:2:22: 0 is out of range") {
		t.Errorf("max_inflate_total: 0: exit %d, want a usage error at the key\n%s", code, errs)
	}
}
