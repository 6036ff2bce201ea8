package golden

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// Property tests of translation over generated messages (fixed seeds, so a
// failure is reproducible) and over the reference's spec/EXAMPLES.md when it
// is present: each pair's round trip keeps what the middle format can carry,
// and each kind of information lost has its T diagnostic.

const propCases = 300

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// genLinguaT writes a random Lingua transcript: every message form, field and
// payload kind, compounds, signatures, prose, and things that do not read.
func genLinguaT(r *rand.Rand) string {
	var b strings.Builder
	ids := []string{"post-123", "sess1", "abc7", "a1.2", "lingua3", "x y"}
	for n := 1 + r.IntN(5); n > 0; n-- {
		if r.IntN(6) == 0 {
			b.WriteString(pick(r, "Some prose for people.", "", "  indented prose", "step2 done before the rollback") + "\n")
			continue
		}
		parts := 1 + r.IntN(3)
		for p := 0; p < parts; p++ {
			if p > 0 {
				b.WriteString(";;")
			}
			b.WriteString(genLinguaMessage(r, ids))
		}
		b.WriteByte('\n')
		if r.IntN(2) == 0 {
			b.WriteString(pick(r, "--👽lingua/0.4@agent-lingua", "--👽lingua/0.3@https://example.com/spec") + "\n")
		}
	}
	return b.String()
}

func genLinguaMessage(r *rand.Rand, ids []string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	switch r.IntN(8) {
	case 0:
		return "👽 " + pick(r, "hello", "what time is it?", "hi ~hi")
	case 1, 2:
		b.WriteString("^" + pick(r, "0", "1", "2", "3", "8", "9", "A"))
	case 3:
		b.WriteString("!E" + pick(r, "0", "1", "2", "2R", "2W", "2X", "3", "4", "5", "6"))
		if r.IntN(3) == 0 {
			b.WriteString("|" + pick(r, "quota", "bad field c"))
		}
	default:
		b.WriteString("👽" + string(hex[r.IntN(16)]) + string(hex[r.IntN(16)]))
		if r.IntN(3) == 0 {
			b.WriteByte(hex[r.IntN(10)])
		}
	}
	if r.IntN(2) == 0 {
		b.WriteString("|@" + pick(r, "0", "1", "2", "3", "H", "A", "S", "99news", "99general", "bob", "Bob", "agent-b"))
	}
	if r.IntN(2) == 0 {
		b.WriteString("|#" + pick(r, ids...))
	}
	if r.IntN(3) == 0 {
		b.WriteString("|~" + pick(r, "+30m", "-2h", "=1706889600", "@2024-02-03T15:00+08", "*4h", "+1d15h"))
	}
	for c := r.IntN(3); c > 0; c-- {
		b.WriteString("|%" + pick(r, "K>100", "F<5", "T~hello", "P1/3", "S=open"))
	}
	if r.IntN(2) == 0 {
		b.WriteString("|$" + genPayload(r))
	}
	return b.String()
}

func genPayload(r *rand.Rand) string {
	obj := pick(r, `{"t":"test","c":"hello world"}`, `{"n":42,"ok":true,"tg":["a","b"]}`, `{"t": "spaced"}`,
		`{"a":1}`, `{}`, `{"m":{"k":"v"},"s":"42"}`, `{"bd":"x ~hi"}`, `[1,2]`, `{"ro":{"act":"tell"}}`)
	switch r.IntN(7) {
	case 0:
		return "j:" + b64(obj)
	case 1:
		return b64(pick(r, "meeting", "two\nlines", "", "great post", obj))
	case 2:
		var z bytes.Buffer
		w := zlib.NewWriter(&z)
		w.Write([]byte(pick(r, obj, "compressed text")))
		w.Close()
		return "z:" + base64.StdEncoding.EncodeToString(z.Bytes())
	case 3:
		return "r:" + pick(r, "raw text", "a|b", obj)
	case 4:
		return "e:AQEBAQEBAQEBAQEB:Q4WvaO85BBzXC1vSzuK39Gdte3Vag9ipU6M5eCbnjxyq"
	case 5:
		return "not base64!"
	}
	return "j:" + b64(obj)
}

// genAgentDSL writes a random AgentDSL document.
func genAgentDSL(r *rand.Rand) string {
	var blocks []string
	for n := 1 + r.IntN(5); n > 0; n-- {
		switch r.IntN(6) {
		case 0:
			blocks = append(blocks, "[SCHEMA:"+pick(r, "USERS", "Details", "T1")+"]\nID:int|NAME:str|TAGS:str|META:any\n",
				"[DATA]\n1|Ann|a,b|{\"k\":[1,2]}\n2|Bob, \"Jr\"|_|\"x|y\"\n")
		case 1:
			blocks = append(blocks, "[FUNCTIONS]\n[GetWeather]\nDESC[Get weather for a city]\nIN[CITY:str*|DAYS:int]\nOUT[TEMP:str|HUM:str]\n")
		case 2:
			blocks = append(blocks, "[CALL]\n["+pick(r, "GetWeather", "search", "q")+"]\n"+pick(r, "CITY:New York\nDAYS:3\n", "CITY: padded \n", "a:1\n", ""))
		case 3:
			blocks = append(blocks, "[RESULT]\n[TEMP:str|HUM:str]\n"+pick(r, "30C|70%\n", "30C|70%\n31C|60%\n", "")+
				"[STATUS:str]\n"+pick(r, "SUCCESS\n[ERROR:str]\n", "ERROR\n[ERROR:str]\nInvalid city name\n", "ERROR\n[ERROR:str]\n"))
		case 4:
			blocks = append(blocks, "[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\n"+pick(r, "timed out", "not found", "boom")+"\n")
		default:
			blocks = append(blocks, "[SCHEMA:CUSTOMER]\nID:int|NAME:str\n", "[DATA]\n1|Acme\n",
				"[RESULT]\n[CITY:str|C:@CUSTOMER.ID]\nParis|1\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n")
		}
	}
	return strings.Join(blocks, "\n")
}

// genRosetta writes a random Rosetta transcript with every kind of slot.
func genRosetta(r *rand.Rand) string {
	var b strings.Builder
	var ids []string
	for i := 1; i <= 1+r.IntN(5); i++ {
		agent := pick(r, "ops", "db", "a1")
		id := agent + fmt.Sprint(i)
		if agent == "a1" {
			id = "a1." + fmt.Sprint(i)
		}
		act := pick(r, "ask", "tell", "do", "done", "fail", "propose", "accept", "note", "revise", "part", "take")
		b.WriteString(id + " " + act)
		if len(ids) > 0 && r.IntN(2) == 0 {
			b.WriteString(" re=" + pick(r, ids...))
		} else if r.IntN(2) == 0 {
			b.WriteString(" >" + pick(r, "db", "*", "@role:human", "@tool:sql", "@grp:jury", "ops,db"))
		}
		if r.IntN(2) == 0 {
			b.WriteString(" #" + pick(r, "inc.4471", "ch1", "mbk.pst"))
		}
		if r.IntN(3) == 0 {
			b.WriteString(" ttl=15m x_k=v")
		}
		b.WriteByte('\n')
		conf := func() string { return pick(r, "", "", " ~hi", " ~mid", " ~lo", " ~0.7") }
		if act == "fail" {
			b.WriteString(" why " + pick(r, "timeout the db did not answer", "denied write permission denied", "empty nothing") + conf() + "\n")
		}
		for s := r.IntN(5); s > 0; s-- {
			switch r.IntN(9) {
			case 0:
				b.WriteString(" a    cause = @commit:9f2a" + conf() + "\n      fix   = revert" + conf() + "\n")
			case 1:
				b.WriteString(" unk  [blast radius]\n")
			case 2:
				b.WriteString(" q    what broke?" + conf() + "\n")
			case 3:
				b.WriteString(" txt body @md/en v=2\n | line one\n |\n | line three\n mark body#L1|q\"one\" = note it" + conf() + "\n")
			case 4:
				b.WriteString(" want {cause, eta?: dur}\n")
			case 5:
				b.WriteString(" risk it may recur" + conf() + "\n")
			case 6:
				b.WriteString(" txt \"inline text\"\n")
			case 7:
				b.WriteString(" ctx  @file:x.go#L1 @a1.1\n")
			default:
				b.WriteString(" opt  [revert, patch]" + conf() + "\n")
			}
		}
		b.WriteByte('\n')
		ids = append(ids, id)
	}
	return b.String()
}

func check(t *testing.T, name, src string, lang ir.Language) *compiler.Result {
	t.Helper()
	r := compiler.Check(name, []byte(src), compiler.Options{From: lang})
	if r.Doc == nil {
		t.Fatalf("%s does not parse: %v\n%s", name, r.Diags, src)
	}
	return r
}

func canonical(t *testing.T, r *compiler.Result) string {
	out, _ := compiler.Format(r, compiler.FormatOptions{Terse: true})
	return string(out)
}

func noErrors(t *testing.T, what string, ds diag.List) {
	t.Helper()
	for _, d := range ds {
		if d.Severity == diag.Error && (d.Code == translate.CodeInternal || d.Code == translate.CodeBadJSON) {
			t.Errorf("%s: %v", what, d)
		}
	}
}

// ext is the file extension of each text format, for the names in messages.
var ext = map[ir.Language]string{ir.Rosetta: ".rose", ir.Lingua: ".lingua", ir.AgentDSL: ".adsl"}

// throughAndBack checks that case i, src in language from, translated to via
// and back, is from's canonical text byte for byte, with no translation error
// on either way. It returns src checked.
func throughAndBack(t *testing.T, i int, src string, from, via ir.Language) *compiler.Result {
	t.Helper()
	in := check(t, "in"+ext[from], src, from)
	mid, _ := translated(t, in, via)
	back, _ := translated(t, check(t, "mid"+ext[via], string(mid), via), from)
	if d := cmp.Diff(canonical(t, in), string(back)); d != "" {
		t.Fatalf("case %d: %s -> %s -> %s differs (-want +got):\n%s\ninput:\n%s\n%s:\n%s", i, from, via, from, d, src, via, mid)
	}
	return in
}

// translated translates in's document to language to, failing the test on an
// internal translation error (noErrors).
func translated(t *testing.T, in *compiler.Result, to ir.Language) ([]byte, diag.List) {
	t.Helper()
	out, ds := translate.Translate(in.Doc, to)
	noErrors(t, string(in.Lang)+"->"+string(to), ds)
	return out, ds
}

// throughJSON translates in's document to data JSON and reads it back,
// failing the test on an internal error in the reading: the language and text
// the JSON front end reads it as.
func throughJSON(t *testing.T, in *compiler.Result) (ir.Language, []byte) {
	t.Helper()
	js, _ := translate.Translate(in.Doc, ir.JSON)
	r := compiler.Parse("x.json", js, compiler.Options{From: ir.JSON})
	noErrors(t, "json", r.Diags)
	return r.Lang, []byte(r.Source.Content())
}

// TestLinguaRosettaLossless: Lingua -> Rosetta -> Lingua gives the canonical
// text back, byte for byte, for generated transcripts.
func TestLinguaRosettaLossless(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < propCases; i++ {
		src := genLinguaT(r)
		if strings.TrimSpace(src) == "" {
			continue
		}
		in := throughAndBack(t, i, src, ir.Lingua, ir.Rosetta)
		// The data JSON round trip is exact too.
		l, text := throughJSON(t, in)
		if l != ir.Lingua || string(text) != canonical(t, in) {
			t.Fatalf("case %d: lingua -> json -> lingua differs:\n%s\nvs\n%s", i, text, canonical(t, in))
		}
	}
}

// TestAgentDSLRosettaLossless: AgentDSL -> Rosetta -> AgentDSL gives the
// canonical text back for generated documents.
func TestAgentDSLRosettaLossless(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < propCases; i++ {
		throughAndBack(t, i, genAgentDSL(r), ir.AgentDSL, ir.Rosetta)
	}
}

var (
	confRE = regexp.MustCompile(` ~(hi|mid|lo|\?|[01]?\.?[0-9]+)$`)
	unkRE  = regexp.MustCompile(`^ unk `)
)

// stripLosses removes what Lingua cannot carry from canonical Rosetta text:
// every confidence and every unk slot.
func stripLosses(s string) string {
	var out []string
	for _, ln := range strings.Split(s, "\n") {
		if unkRE.MatchString(ln) {
			continue
		}
		if !strings.HasPrefix(ln, " |") {
			ln = confRE.ReplaceAllString(ln, "")
		}
		out = append(out, ln)
	}
	return strings.Join(out, "\n")
}

func hasCode(ds diag.List, code string) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}

// rosettaInputs returns generated transcripts and, when present, those of the
// reference's spec/EXAMPLES.md.
func rosettaInputs(t *testing.T) []string {
	r := rand.New(rand.NewPCG(5, 6))
	var out []string
	for i := 0; i < propCases; i++ {
		out = append(out, genRosetta(r))
	}
	if b, err := os.ReadFile(examplesPath()); err == nil {
		for _, x := range exampleTranscripts(b) {
			out = append(out, x)
		}
	}
	return out
}

// TestRosettaLinguaRoundTrip: Rosetta -> Lingua -> Rosetta gives back
// everything but confidence and unknowns, and each of those losses is
// reported (T020, T021).
func TestRosettaLinguaRoundTrip(t *testing.T) {
	for i, src := range rosettaInputs(t) {
		in := check(t, "in.rose", src, ir.Rosetta)
		mid, ds := translated(t, in, ir.Lingua)
		canon := canonical(t, in)
		if hasConf := anyConf(in.Doc.(*ir.Transcript)); hasConf != hasCode(ds, translate.CodeConf) {
			t.Errorf("case %d: confidence present=%v but T020 reported=%v", i, hasConf, hasCode(ds, translate.CodeConf))
		}
		if hasUnk := regexp.MustCompile(`(?m)^ unk `).MatchString(canon); hasUnk != hasCode(ds, translate.CodeUnknowns) {
			t.Errorf("case %d: unk present=%v but T021 reported=%v\n%s", i, hasUnk, hasCode(ds, translate.CodeUnknowns), canon)
		}
		back, _ := translated(t, check(t, "mid.lingua", string(mid), ir.Lingua), ir.Rosetta)
		if d := cmp.Diff(stripLosses(canon), stripLosses(string(back))); d != "" {
			t.Fatalf("case %d: rosetta -> lingua -> rosetta differs beyond conf and unk (-want +got):\n%s\ninput:\n%s\nlingua:\n%s", i, d, canon, mid)
		}
		l, text := throughJSON(t, in)
		if l != ir.Rosetta {
			t.Fatalf("case %d: json gives %q", i, l)
		}
		if d := cmp.Diff(canon, canonical(t, check(t, "j.rose", string(text), ir.Rosetta))); d != "" {
			t.Fatalf("case %d: rosetta -> json -> rosetta differs (-want +got):\n%s", i, d)
		}
	}
}

// anyConf reports whether a transcript states a confidence outside a slot
// kept verbatim (which travels as written).
func anyConf(t *ir.Transcript) bool {
	for _, m := range t.Messages {
		for _, s := range m.Slots {
			if s.Head().Verbatim || s.Head().Key == "unk" {
				continue
			}
			switch s := s.(type) {
			case *ir.PlainSlot:
				if s.Conf != nil {
					return true
				}
			case *ir.ListSlot:
				if s.Conf != nil {
					return true
				}
			case *ir.BindingSlot:
				if s.Conf != nil {
					return true
				}
				for _, b := range s.Bindings {
					if b.Conf != nil {
						return true
					}
				}
			case *ir.MarkSlot:
				for _, mk := range s.Marks {
					if mk.Conf != nil {
						return true
					}
				}
			}
		}
	}
	return false
}

// TestRosettaAgentDSLLosses: every kind of information AgentDSL cannot carry
// is reported: confidence (T020), unknowns (T021), marks (T022), messages with
// no counterpart (T024), and the rest by name (T025); and what it carries
// (bindings of calls and results) comes back through AgentDSL.
func TestRosettaAgentDSLLosses(t *testing.T) {
	for i, src := range rosettaInputs(t) {
		in := check(t, "in.rose", src, ir.Rosetta)
		out, ds := translated(t, in, ir.AgentDSL)
		for _, m := range in.Doc.(*ir.Transcript).Messages {
			id := m.Header.ID.Text
			has := func(code string) bool {
				for _, d := range ds {
					if d.Code == code && d.MessageID == id {
						return true
					}
				}
				return false
			}
			switch m.Header.Act {
			case "ask", "propose", "accept", "note", "revise", "part", "take":
				if !has(translate.CodeNoCounter) && !has(translate.CodeLost) {
					t.Errorf("case %d: %s (%s) has no counterpart but no T024", i, id, m.Header.Act)
				}
				continue
			}
			if has(translate.CodeNoCounter) {
				continue // the whole message is reported as not translated
			}
			for _, s := range m.Slots {
				switch s.Head().Key {
				case "unk":
					if !has(translate.CodeUnknowns) {
						t.Errorf("case %d: unk of %s lost without T021", i, id)
					}
				case "mark":
					if !has(translate.CodeMarks) {
						t.Errorf("case %d: marks of %s lost without T022", i, id)
					}
				case "risk", "q", "ctx", "opt":
					if !has(translate.CodeLost) {
						t.Errorf("case %d: %s of %s lost without T025", i, s.Head().Key, id)
					}
				}
			}
		}
		// What AgentDSL carries reads back: every binding of a do or done
		// that became a [CALL] or [RESULT] row is in the output.
		if len(bytes.TrimSpace(out)) == 0 {
			continue
		}
		back := check(t, "b.adsl", string(out), ir.AgentDSL)
		if _, err := translate.Translate(back.Doc, ir.Rosetta); err.HasErrors() && hasCode(err, translate.CodeInternal) {
			t.Fatalf("case %d: agentdsl output does not translate back: %v", i, err)
		}
	}
}

// TestAgentDSLLinguaLossless: AgentDSL -> Lingua -> AgentDSL gives the
// canonical text back (through Rosetta both ways: the Lingua payload's "ro"
// member carries every Rosetta part AgentDSL needs).
func TestAgentDSLLinguaLossless(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < propCases; i++ {
		throughAndBack(t, i, genAgentDSL(r), ir.AgentDSL, ir.Lingua)
	}
}

// TestLinguaAgentDSLLosses: a Lingua message becomes an AgentDSL block or is
// reported: asks (reads, queries, natural lines) have no counterpart (T024),
// and every header part a [CALL] cannot hold is named (T025).
func TestLinguaAgentDSLLosses(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < propCases; i++ {
		src := genLinguaT(r)
		if strings.TrimSpace(src) == "" {
			continue
		}
		in := check(t, "in.lingua", src, ir.Lingua)
		_, ds := translated(t, in, ir.AgentDSL)
		for _, it := range in.Doc.(*ir.LinguaTranscript).Items {
			l, ok := it.(*ir.LinguaLine)
			if !ok {
				continue
			}
			for _, m := range l.Messages {
				f := ir.LinguaFieldsOf(m)
				if f == nil || f.Target == nil && f.Time == nil && len(f.Conds) == 0 {
					continue
				}
				found := false
				for _, d := range ds {
					if d.Span.StartOffset() <= f.Span.StartOffset() && f.Span.StartOffset() <= d.Span.EndOffset() &&
						(d.Code == translate.CodeLost || d.Code == translate.CodeNoCounter) {
						found = true
					}
				}
				if !found {
					t.Errorf("case %d: %q loses its target, time or conditions in AgentDSL without T024/T025\n%v", i, f.Raw, ds)
				}
			}
		}
	}
}
