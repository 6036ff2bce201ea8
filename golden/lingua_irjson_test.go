package golden

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	emitjson "github.com/rosettac/rosettac/emit/json"
)

// TestLinguaIRJSONHandshakeOnce: in the IR JSON of a full handshake, each
// handshake (the offer and the answer) appears once, on its payload; the answer
// and the session name the offer by the span of its message, not by a copy of
// it (the IR is a tree; docs/ir-json.md).
func TestLinguaIRJSONHandshakeOnce(t *testing.T) {
	src, key := handshakeInput(t)
	res := compiler.Check("in.lingua", src, compiler.Options{PrivateKey: key})
	var dump map[string]any
	if err := json.Unmarshal(emitjson.IR("in.lingua", res.Doc, res.Diags).Data, &dump); err != nil {
		t.Fatal(err)
	}
	var handshakes, messages []map[string]any
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			switch v["node"] {
			case "LinguaHandshake":
				handshakes = append(handshakes, v)
			case "LinguaRequest", "LinguaResponse":
				messages = append(messages, v)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	doc := dump["document"].(map[string]any)
	walk(doc["items"])
	if len(handshakes) != 2 {
		t.Fatalf("%d LinguaHandshake nodes in the items, want 2 (one offer, one answer)", len(handshakes))
	}
	answer := handshakes[1] // items are in source order: the offer, then the answer
	offerMsg := messages[0] // 👽09, the first message
	// Walking the whole document (sessions too) finds no more.
	handshakes = nil
	walk(doc)
	if len(handshakes) != 2 {
		t.Fatalf("%d LinguaHandshake nodes in the document, want 2: a handshake is copied outside its payload", len(handshakes))
	}
	sessions := doc["sessions"].([]any)
	session := sessions[0].(map[string]any)
	for name, got := range map[string]any{"answer offer_span": answer["offer_span"], "session offer_span": session["offer_span"]} {
		if d := cmp.Diff(offerMsg["span"], got); d != "" {
			t.Errorf("%s is not the offer message's span (-want +got):\n%s", name, d)
		}
	}
}
