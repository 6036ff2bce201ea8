package main

import (
	"fmt"
	"strings"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/ir"
)

func init() {
	register(&command{name: "prompt", args: "rosetta|lingua|agentdsl", summary: "print a language's teaching card for an agent's system prompt (its o200k token count on stderr)", run: runPrompt})
}

// The cards are what every agent pays for on every turn, so each says only
// what a model needs to write a message that checks clean; the rest reaches
// it, when it errs, as a repair message (docs/repair.md). The vocabulary in
// them comes from the tables the parser and the checker use, so a card
// cannot teach a word the checker refuses. Each ends with a worked example
// in a fence, which the card test checks clean (prompt_test.go).

// cardMaxTokens is the most o200k tokens a card may take (prompt_test.go).
const cardMaxTokens = 2000

func runPrompt(e *env, args []string) int {
	c := commands["prompt"]
	fs := newFlags(e, c)
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return usageError(e, c, err)
	}
	if len(pos) != 1 {
		return usageError(e, c, fmt.Errorf("name one language: rosetta, lingua or agentdsl"))
	}
	card, ok := cards[pos[0]]
	if !ok {
		return usageError(e, c, fmt.Errorf("unknown language %q (want rosetta, lingua or agentdsl)", pos[0]))
	}
	text := card()
	if code := writeAll(e, c, e.stdout, []byte(text)); code != exitOK {
		return code
	}
	fmt.Fprintf(e.stderr, "rosettac prompt: %s card: %d o200k tokens\n", pos[0], countTokens(text))
	return exitOK
}

// cards are the card of each language, by the name the command takes.
var cards = map[string]func() string{
	"rosetta":  rosettaCard,
	"lingua":   linguaCard,
	"agentdsl": agentdslCard,
}

// cardLanguage is the language a card's worked example is written in.
var cardLanguage = map[string]ir.Language{"rosetta": ir.Rosetta, "lingua": ir.Lingua, "agentdsl": ir.AgentDSL}

// cardExample returns the worked example of a card: the text of its fence.
func cardExample(card string) string {
	_, after, ok := strings.Cut(card, "```\n")
	if !ok {
		return ""
	}
	body, _, _ := strings.Cut(after, "```")
	return body
}

func rosettaCard() string {
	v := compiler.Vocabulary()
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("=== ROSETTA: how to write every message you send ===")
	w("Write only messages: no greeting, no prose around them, no markdown, no ``` fences.")
	w("A message is a header line, then one slot per line, each indented by one space.")
	w("")
	w("HEADER  ID ACT [>TARGETS] [#topic] [key=value ...]")
	w("- ID: your agent id, a dot, and your next number (a1.7), or letters then digits (obs7).")
	w("  Never reuse an id: a corrected message gets a new one.")
	w("- ACT, lower case, one of: %s.", strings.Join(v.Acts, " "))
	w("  ask/do/propose/stop open an obligation; answer with re=THEIR_ID.")
	w("- TARGETS after >: agent ids, * for everyone, #topic, @role:NAME, @grp:NAME, comma-separated.")
	w("  On a reply (re=) you may leave out >TARGETS and #topic: they are the parent's.")
	w("- keys: %s; your own keys start with x_. No spaces inside a value.", strings.Join(v.HeaderKeys, " "))
	w("  at=2026-07-01T10:30Z (an instant)  ttl=15m (a number and one of s m h d w)")
	w("  pri=%s  sens=%s", strings.Join(v.Pri, "|"), strings.Join(v.Sens, "|"))
	w("")
	w("SLOTS  name, a space, the value: %s", strings.Join(v.Slots, " "))
	w("- q the question; want the reply you need: {key, key, opt?} or act|act (done|fail).")
	w("- a claims, one per line: key = value ~CONF. Continue with lines indented under the first.")
	w("- CONF is ~hi, ~mid, ~lo, or ~? when you cannot say. Write it on every claim:")
	w("  no ~ means unstated, never high. No ~high, ~0.9 or (~hi).")
	w("- unk [what you do not know, comma-separated]; on tell, done, part and revise always.")
	w("  unk [] says you checked and found nothing unknown.")
	w("- why: evidence. On fail and reject it starts with one failure code:")
	w("  %s.", strings.Join(v.FailCodes, " "))
	w("- ctx @ID or @ID.slot: what you build on. risk, assume, opt, sub, on, by as the names say.")
	w("- txt NAME, then the text on lines of their own, each starting with | and a space;")
	w("  those lines are copied byte for byte. mark NAME#L2|q\"quote\" = note ~CONF annotates one.")
	w("")
	w("If a message of yours is wrong, sys answers with a reject on #sys.protocol: its why names")
	w("the problem, txt says what to do, want the shape to send again, under a new id.")
	w("")
	w("Example:")
	w("```")
	w("a3.12 ask >a1 #cko.errors")
	w(" q why are 5xx errors up since 14:02?")
	w(" want {cause, fix}")
	w(" unk [whether the config changed]")
	w("")
	w("a1.13 tell re=a3.12")
	w(" a cause = commit 9f2a lowered the timeout from 30s to 3s ~hi")
	w("   fix = revert commit 9f2a ~mid")
	w(" why the timeouts start at the deploy time")
	w(" unk [who approved 9f2a]")
	w("")
	w("a3.13 fail re=a1.13")
	w(" why timeout the revert did not finish in 10m")
	w("```")
	return b.String()
}

// codeList writes a Lingua table as "0 system 1 message …", wrapped to
// lines of about 90 bytes, the first after lead and the rest indented.
func codeList(t []ir.LinguaCode, lead string, skip0 bool) []string {
	var lines []string
	cur := lead
	for _, c := range t {
		if skip0 && c.Code == '0' {
			continue
		}
		item := string(c.Code) + " " + c.Word
		if len(cur)+len(item)+1 > 90 {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = "  "
		}
		cur += item + " "
	}
	return append(lines, strings.TrimRight(cur, " "))
}

func linguaCard() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	ls := func(lines []string) {
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
	}
	var types, ops []string
	for _, c := range ir.LinguaCondTypes {
		if c.Code != 'P' {
			types = append(types, string(c.Code)+" "+c.Word)
		}
	}
	for _, c := range ir.LinguaCondOps {
		ops = append(ops, string(c.Code))
	}
	w("=== AGENT LINGUA 0.4: how to write every message you send ===")
	w("Write only message lines: no prose, no markdown, no ``` fences.")
	w("A line is one message, or several joined by ;; . Fields follow the head, each after |.")
	w("")
	w("HEAD")
	w("- request 👽DA or 👽DAM: D the domain, A the action, M an optional modifier, one hex digit each,")
	w("  upper case, never words (👽31, not 👽WEB.GET).")
	ls(codeList(ir.LinguaDomains, "  Domains: ", false))
	ls(codeList(ir.LinguaActions, "  Actions: ", false))
	ls(codeList(ir.LinguaModifiers, "  Modifiers: ", true))
	ls(codeList(ir.LinguaStatuses, "- response ^S: S is ", false))
	ls(codeList(ir.LinguaErrorTypes, "- error !ET[SUB]: T is ", false))
	w("  SUB %s for permission errors.", ir.LinguaCodes(ir.LinguaErrorSubtypes))
	w("")
	w("FIELDS, one marker each (only %% may repeat)")
	w("- @target: @0 me, @1 general, @2 aithoughts, @3 builders, @NAME an agent; # the id:")
	w("  on a request its own id, on a response the id of the request it answers.")
	w("- ~time: ~+30m after, ~-1h before, ~*1d every (units s m h d w), ~=UNIX or ~@ISO-with-zone.")
	w("- %%condition: one capital letter for the type (%s),", strings.Join(types, ", "))
	w("  an operator (one of %s; no >= or ==), and a value: %%K>100. Never leave the value out.", strings.Join(ops, " "))
	w("  %%P1/3 is part 1 of 3.")
	w("- $payload: $text, $j:BASE64-JSON, $z:BASE64-ZLIB, $r:raw text, $e:NONCE:CIPHERTEXT.")
	w("  The payload runs to the end of its message.")
	w("")
	w("Example (a request with id 1, and the answer to it):")
	w("```")
	w("👽73|@1|#1|%%K>100|$r:hello builders")
	w("^0|#1")
	w("```")
	return b.String()
}

func agentdslCard() string {
	var types []string
	for _, k := range []ir.DSLTypeKind{ir.DSLInt, ir.DSLFloat, ir.DSLStr, ir.DSLAny} {
		types = append(types, k.String())
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("=== AGENTDSL: how to write every document you send ===")
	w("Write only the document: no prose, no markdown, no ``` fences. Blank lines separate blocks.")
	w("Markers are upper case in brackets, exactly: %s.", strings.Join(ir.DSLMarkers, " "))
	w("")
	w("- [SCHEMA:LABEL], then one line of columns NAME:type|NAME:type; the first is ID:int.")
	w("  Types: %s (never string, integer or number). @SCHEMA.ID:int refers to a row.", strings.Join(types, " "))
	w("- [DATA], then one row per line: the ID first, cells separated by |, _ for empty.")
	w("  A str cell holds no |; a comma separates values in it.")
	w("- [FUNCTIONS], then per function: [Name], DESC[what it does], IN[PARAM:type*|...] (* required),")
	w("  OUT[FIELD:type|...].")
	w("- [CALL], then [Name] and one PARAM:value line per parameter.")
	w("- [RESULT]: [FIELD:type|...] and rows, then [STATUS:str] and %s,", strings.Join(ir.DSLStatuses, " or "))
	w("  then [ERROR:str] and the message (nothing on success).")
	w("")
	w("Example (a call and its result):")
	w("```")
	w("[FUNCTIONS]")
	w("[GetWeather]")
	w("DESC[Get the weather for a city]")
	w("IN[CITY:str*|DAYS:int]")
	w("OUT[TEMPERATURE:str|HUMIDITY:str]")
	w("")
	w("[CALL]")
	w("[GetWeather]")
	w("CITY:Oslo")
	w("DAYS:2")
	w("")
	w("[RESULT]")
	w("[TEMPERATURE:str|HUMIDITY:str]")
	w("4C|81%%")
	w("[STATUS:str]")
	w("SUCCESS")
	w("[ERROR:str]")
	w("```")
	return b.String()
}
