package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// transcript has CJK and emoji before the positions the tests look at, a
// reply to a parent that is not there (E008) and a symbol used before any
// def (I011, a list item) after 好🚀 on line 8.
const transcript = `a1.1 ask >b1 #ops ttl=5m
 q 第三章🚀 ready? ~hi
 txt draft
 | 第一行 🚀 emoji line
 | second line 二

b1.1 tell re=a1.1
 a status = [好🚀, WARN] ~mid
 ctx @a1.1.draft#L2

c1.1 tell >a1 re=z9.9 #ops
 a x = 1 ~lo
 mark @a1.1.draft#L1|q"emoji" = see 🚀 ~mid
`

const uri = "file:///tmp/rosettac-lsp-test/t.rose"

func hoverText(t *testing.T, c *client, line, char int) string {
	t.Helper()
	var h struct {
		Contents struct{ Value string }
		Range    *rng
	}
	c.call("textDocument/hover", td(uri, line, char), &h)
	return h.Contents.Value
}

// TestProtocol drives the server through its stdio transport as an editor
// does: initialize, open, change, diagnostics, hover, definition,
// references, code action, formatting, completion, symbols, semantic
// tokens, shutdown and exit, with UTF-16 positions on lines with CJK and
// emoji.
func TestProtocol(t *testing.T) {
	c, init := startServer(t, nil, nil)
	caps := init["capabilities"].(map[string]any)
	if caps["positionEncoding"] != "utf-16" {
		t.Errorf("positionEncoding = %v, want utf-16 for a client that offers none", caps["positionEncoding"])
	}
	for _, k := range []string{"hoverProvider", "definitionProvider", "referencesProvider", "codeActionProvider",
		"documentFormattingProvider", "completionProvider", "documentSymbolProvider", "semanticTokensProvider"} {
		if caps[k] == nil {
			t.Errorf("capability %s missing", k)
		}
	}

	p := c.open(uri, "rosetta", transcript)
	e008 := has(p, "E008")
	if e008 == nil {
		t.Fatalf("no E008 on open: %v", codes(p))
	}
	if want := (rng{pos{10, 14}, pos{10, 21}}); e008.Range != want {
		t.Errorf("E008 range = %+v, want %+v", e008.Range, want)
	}
	if e008.Source != "rosettac" || !strings.Contains(e008.Message, "z9.9") || !strings.Contains(e008.Message, "hint:") {
		t.Errorf("E008 = %+v", e008)
	}
	// WARN is after 好🚀: 12 + 1 + 2 + 1 UTF-16 units (the emoji is a surrogate pair).
	if i011 := has(p, "I011"); i011 == nil || i011.Range != (rng{pos{7, 18}, pos{7, 22}}) {
		t.Errorf("I011 = %+v, want 7:18-7:22 in UTF-16", i011)
	}

	// The parent, written above the reply, makes the E008 go away.
	p = c.change(uri, 2, rng{pos{10, 0}, pos{10, 0}}, "z9.9 ask >c1 #ops\n q 准备好了吗🚀?\n\n")
	if has(p, "E008") != nil {
		t.Errorf("E008 still there after its parent was written: %v", codes(p))
	}
	// Take it away again (a ranged delete), and the E008 is back.
	p = c.change(uri, 3, rng{pos{10, 0}, pos{13, 0}}, "")
	if has(p, "E008") == nil {
		t.Errorf("no E008 after the parent was deleted: %v", codes(p))
	}

	// Hovers.
	if h := hoverText(t, c, 0, 1); !strings.Contains(h, "a1") || !strings.Contains(h, "b1") {
		t.Errorf("hover on a header = %q, want its rendering", h)
	}
	if h := hoverText(t, c, 8, 8); !strings.Contains(h, "exact") || !strings.Contains(h, "second line 二") || !strings.Contains(h, "~hi") {
		t.Errorf("hover on @a1.1.draft#L2 = %q, want the line it resolves to, its status and confidence", h)
	}
	if h := hoverText(t, c, 1, 18); !strings.Contains(h, "high confidence") {
		t.Errorf("hover on ~hi after 第三章🚀 = %q", h)
	}
	if h := hoverText(t, c, 10, 16); !strings.Contains(h, "E008") || !strings.Contains(h, "docs/diagnostics.md#e008") ||
		!strings.Contains(h, "names a message the session has not seen") {
		t.Errorf("hover on re=z9.9 = %q, want the E008 diagnostic and its catalogue entry", h)
	}
	if h := hoverText(t, c, 12, 10); !strings.Contains(h, "第一行 🚀 emoji line") {
		t.Errorf("hover on the mark address = %q, want the resolved line", h)
	}

	// Definition: re=a1.1 goes to a1.1's id; the address to line L2 of draft.
	var locs []struct {
		URI   string
		Range rng
	}
	c.call("textDocument/definition", td(uri, 6, 12), &locs)
	if len(locs) != 1 || locs[0].Range != (rng{pos{0, 0}, pos{0, 4}}) {
		t.Errorf("definition of re=a1.1 = %+v, want a1.1's id at 0:0-0:4", locs)
	}
	c.call("textDocument/definition", td(uri, 8, 10), &locs)
	if len(locs) != 1 || locs[0].Range.Start.Line != 4 {
		t.Errorf("definition of @a1.1.draft#L2 = %+v, want line 4 (the draft's L2)", locs)
	}
	c.call("textDocument/definition", td(uri, 12, 10), &locs)
	if len(locs) != 1 || locs[0].Range != (rng{pos{3, 3}, pos{3, 20}}) {
		// "第一行 🚀 emoji line" after " | ": 3 + 1 + 2 + 11 UTF-16 units.
		t.Errorf("definition of the mark address = %+v, want the draft's L1", locs)
	}

	// References to a1.1: its re= reply, the ctx reference and the mark.
	var refs []struct{ Range rng }
	c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos{0, 1},
		"context": map[string]any{"includeDeclaration": true}}, &refs)
	var lines []int
	for _, r := range refs {
		lines = append(lines, r.Range.Start.Line)
	}
	if !slices.Equal(lines, []int{0, 6, 8, 12}) {
		t.Errorf("references of a1.1 on lines %v, want [0 6 8 12]", lines)
	}

	// Completion: confidences after ~, acts after an id, message ids after re=.
	complete := func(line, char int) []string {
		var l struct{ Items []struct{ Label string } }
		c.call("textDocument/completion", td(uri, line, char), &l)
		var out []string
		for _, it := range l.Items {
			out = append(out, it.Label)
		}
		return out
	}
	c.change(uri, 4, rng{pos{13, 0}, pos{13, 0}}, "d1.1 tell re=\n a y = 2 ~\n")
	if got := complete(13, 13); !slices.Contains(got, "a1.1") || !slices.Contains(got, "b1.1") {
		t.Errorf("completion after re= = %v, want the message ids", got)
	}
	if got := complete(14, 10); !slices.Equal(got, []string{"hi", "mid", "lo", "?"}) {
		t.Errorf("completion after ~ = %v", got)
	}
	c.change(uri, 5, rng{pos{13, 0}, pos{15, 0}}, "")

	// Document symbols: the three messages, a1.1 with its txt block.
	var syms []struct {
		Name     string
		Children []struct{ Name string }
	}
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	if len(syms) != 3 || syms[0].Name != "a1.1 ask" || len(syms[0].Children) != 1 || syms[0].Children[0].Name != "txt draft" {
		t.Errorf("symbols = %+v", syms)
	}

	// Semantic tokens: the first is a1.1 (an address), then ask (an act).
	var toks struct{ Data []int }
	c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}}, &toks)
	if len(toks.Data) < 10 || !slices.Equal(toks.Data[:10], []int{0, 0, 4, tokAddress, 0, 0, 5, 3, tokAct, 0}) {
		t.Errorf("semantic tokens start %v", toks.Data[:min(10, len(toks.Data))])
	}
	checkTokens(t, toks.Data)

	// Formatting: the canonical form moves #ops before re= on line 10.
	var edits []struct {
		Range   rng
		NewText string
	}
	c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 1, "insertSpaces": true}}, &edits)
	if len(edits) != 1 || !strings.Contains(edits[0].NewText, "c1.1 tell >a1 #ops re=z9.9") || edits[0].Range.Start != (pos{0, 0}) {
		t.Errorf("formatting = %+v", edits)
	}

	// Code action: format document, the same edit.
	var actions []struct {
		Title string
		Kind  string
		Edit  struct {
			Changes map[string][]struct {
				Range   rng
				NewText string
			}
		}
	}
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": rng{pos{10, 0}, pos{10, 0}},
		"context": map[string]any{"diagnostics": []any{}}}, &actions)
	found := false
	for _, a := range actions {
		if a.Kind == "source" && strings.HasPrefix(a.Title, "Format document") {
			found = len(a.Edit.Changes[uri]) == 1 && a.Edit.Changes[uri][0].NewText == edits[0].NewText
		}
	}
	if !found {
		t.Errorf("code actions = %+v, want format document", actions)
	}

	// Shutdown, then exit ends the process.
	var null json.RawMessage
	c.call("shutdown", nil, &null)
	if err := c.callErr("textDocument/hover", td(uri, 0, 0)); err == nil {
		t.Errorf("a request after shutdown succeeded")
	}
	c.notify("exit", nil)
	if err := c.cmd.Wait(); err != nil {
		t.Errorf("server after exit: %v", err)
	}
}

// checkTokens checks that semantic tokens are in order and do not overlap.
func checkTokens(t *testing.T, data []int) {
	t.Helper()
	line, char, end := 0, 0, 0
	for i := 0; i+4 < len(data); i += 5 {
		if data[i] > 0 {
			line, char, end = line+data[i], data[i+1], 0
		} else {
			char += data[i+1]
		}
		if char < end {
			t.Fatalf("token %d at %d:%d overlaps the one before (ends %d)", i/5, line, char, end)
		}
		end = char + data[i+2]
	}
}

// TestUTF8Positions: a client that offers UTF-8 gets it, and positions count
// bytes.
func TestUTF8Positions(t *testing.T) {
	c, init := startServer(t, map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-8", "utf-16"}}}, nil)
	if enc := init["capabilities"].(map[string]any)["positionEncoding"]; enc != "utf-8" {
		t.Fatalf("positionEncoding = %v, want utf-8", enc)
	}
	p := c.open(uri, "rosetta", transcript)
	// WARN after 好🚀: 12 + 3 + 4 + 1 bytes.
	if i011 := has(p, "I011"); i011 == nil || i011.Range != (rng{pos{7, 22}, pos{7, 26}}) {
		t.Errorf("I011 = %+v, want 7:22-7:26 in bytes", i011)
	}
	// A change in bytes: insert the parent of the E008.
	p = c.change(uri, 2, rng{pos{10, 0}, pos{10, 0}}, "z9.9 ask >c1 #ops\n q 好🚀\n\n")
	if has(p, "E008") != nil {
		t.Errorf("E008 after its parent was written: %v", codes(p))
	}
	if h := hoverText(t, c, 1, 26); !strings.Contains(h, "high confidence") { // ~hi after 第三章🚀 ready? in bytes
		t.Errorf("hover on ~hi in bytes = %q", h)
	}
}

// TestAgentDSLAndLingua: the other two languages through the protocol: an
// AgentDSL reference cell's hover and definition, a [CALL]'s definition,
// and a Lingua line's hover decrypted with a key file named in the settings.
func TestAgentDSLAndLingua(t *testing.T) {
	key, err := filepath.Abs("../examples/handshake.alice.key")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := startServer(t, nil, map[string]any{"rosettac": map[string]any{"keyFile": key}})
	dsl, err := os.ReadFile("../examples/customers.adsl")
	if err != nil {
		t.Fatal(err)
	}
	const duri = "file:///tmp/rosettac-lsp-test/customers.adsl"
	if p := c.open(duri, "agentdsl", string(dsl)); len(p.Diagnostics) != 0 {
		t.Errorf("customers.adsl: %v", codes(p))
	}
	// Line 10 "1|1|ORD-001|5000.50": the second cell is @CUSTOMER.ID.
	var h struct{ Contents struct{ Value string } }
	c.call("textDocument/hover", td(duri, 10, 2), &h)
	if !strings.Contains(h.Contents.Value, "@CUSTOMER.ID") || !strings.Contains(h.Contents.Value, "1|Acme Corp|ENTERPRISE") {
		t.Errorf("hover on a reference cell = %q", h.Contents.Value)
	}
	var locs []struct{ Range rng }
	c.call("textDocument/definition", td(duri, 10, 2), &locs)
	if len(locs) != 1 || locs[0].Range.Start.Line != 4 {
		t.Errorf("definition of a reference cell = %+v, want the CUSTOMER row on line 4", locs)
	}

	const curi = "file:///tmp/rosettac-lsp-test/call.adsl"
	call := "[FUNCTIONS]\n[Lookup]\nDESC[find a thing]\nIN[KEY:str*]\nOUT[VALUE:str]\n\n[CALL]\n[Lookup]\nKEY:第一🚀\n"
	if p := c.open(curi, "agentdsl", call); len(p.Diagnostics) != 0 {
		t.Errorf("call.adsl: %v", codes(p))
	}
	c.call("textDocument/definition", td(curi, 7, 2), &locs)
	if len(locs) != 1 || locs[0].Range.Start.Line != 1 {
		t.Errorf("definition of a [CALL] = %+v, want Lookup's declaration", locs)
	}

	lingua, err := os.ReadFile("../examples/handshake.lingua")
	if err != nil {
		t.Fatal(err)
	}
	const luri = "file:///tmp/rosettac-lsp-test/handshake.lingua"
	p := c.open(luri, "lingua", string(lingua))
	for _, d := range p.Diagnostics {
		if d.Severity == 1 {
			t.Errorf("handshake.lingua with its key: %+v", d)
		}
	}
	lines := strings.Split(string(lingua), "\n")
	enc := slices.IndexFunc(lines, func(s string) bool { return strings.Contains(s, "$e:") })
	c.call("textDocument/hover", td(luri, enc, 3), &h)
	keyText, _ := os.ReadFile(key)
	if !strings.Contains(h.Contents.Value, "ship on friday") {
		t.Errorf("hover on the encrypted line = %q", h.Contents.Value)
	}
	if k := strings.TrimSpace(string(keyText)); k != "" && strings.Contains(h.Contents.Value, k) {
		t.Errorf("the hover shows the key")
	}
	t.Logf("lingua hover:\n%s", h.Contents.Value)
}
