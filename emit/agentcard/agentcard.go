// Package agentcard owns `rosettac gen agentcard`: an A2A Agent Card (protocol
// 0.3.0) from what an agent already declares: its
// AgentRosetta handshake, a `def` on `#sys.hello` (its name, description, URL,
// version and dialect), and its AgentDSL [FUNCTIONS] (each function a skill).
// docs/interop.md has the mapping.
package agentcard

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit"
	"github.com/rosettac/rosettac/internal/toolschema"
	"github.com/rosettac/rosettac/ir"
)

// Diagnostic codes (docs/interop.md).
const (
	CodeNoHello = "G006" // no handshake def on #sys.hello, or one without what a card needs
	CodeNoSkill = "G007" // no [FUNCTIONS] to describe as skills
)

// Protocol is the A2A protocol version of the cards.
const Protocol = "0.3.0"

// Options configures Generate.
type Options struct {
	Output string // the output file's name; "" means agentcard.json
	URL    string // the agent's URL when the handshake has no URL binding
}

// Generate returns the Agent Card of the agent whose handshake is in one of
// docs (a Rosetta transcript) and whose functions are in the others (AgentDSL).
func Generate(docs []ir.Document, opt Options) ([]emit.File, diag.List) {
	var ds diag.List
	var hello *ir.Message
	var funcs []*ir.DSLFunction
	seen := map[string]bool{}
	for _, d := range docs {
		switch d := d.(type) {
		case *ir.Transcript:
			for _, m := range d.Messages {
				if hello == nil && m.Header != nil && m.Header.Act == "def" && m.Header.Topic == "sys.hello" {
					hello = m
				}
			}
		case *ir.DSLDoc:
			for _, b := range d.Blocks {
				if fs, ok := b.(*ir.DSLFunctions); ok {
					for _, f := range fs.Funcs {
						if !seen[f.Name] {
							seen[f.Name] = true
							funcs = append(funcs, f)
						}
					}
				}
			}
		}
	}
	if hello == nil {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoHello, Span: firstSpan(docs),
			Message: "no handshake: gen agentcard needs a `def` on `#sys.hello` (the agent's name, URL and dialect)",
			Hint:    "give a .rose file with `ID def >* #sys.hello` and bindings NAME, DESCRIPTION, URL, VERSION, dialect"})
		return nil, ds
	}
	b := map[string]string{}
	for _, s := range hello.Slots {
		if bs, ok := s.(*ir.BindingSlot); ok {
			for _, x := range bs.Bindings {
				b[strings.ToLower(x.Key)] = x.Value
			}
		}
	}
	name := first(b["name"], hello.Header.Sender, hello.Header.ID.Agent)
	url := first(b["url"], opt.URL)
	if url == "" {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoHello, Span: hello.Span,
			Message: "the handshake has no URL binding, and an Agent Card needs the agent's URL",
			Hint:    "add ` URL = https://…` to the def, or pass --url"})
		return nil, ds
	}
	if len(funcs) == 0 {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoSkill, Span: firstSpan(docs),
			Message: "no skills: gen agentcard describes the functions of an AgentDSL [FUNCTIONS] block",
			Hint:    "give the agent's .adsl file with its [FUNCTIONS] beside the handshake"})
		return nil, ds
	}
	var skills []toolschema.Object
	for _, f := range funcs {
		desc := "AgentDSL function " + f.Name
		if f.Desc != nil && f.Desc.Text != "" {
			desc = f.Desc.Text
		}
		skills = append(skills, toolschema.Object{
			{Key: "id", Value: f.Name}, {Key: "name", Value: f.Name}, {Key: "description", Value: desc},
			{Key: "tags", Value: []string{"agentdsl"}},
			{Key: "inputModes", Value: []string{"application/json", "text/plain"}},
			{Key: "outputModes", Value: []string{"application/json", "text/plain"}},
		})
	}
	caps := toolschema.Object{{Key: "streaming", Value: false}, {Key: "pushNotifications", Value: false}, {Key: "stateTransitionHistory", Value: true}}
	if d := b["dialect"]; d != "" {
		// The languages the agent speaks, as A2A extensions: what it
		// declares conformance to in its handshake.
		caps = append(caps, toolschema.Member{Key: "extensions", Value: []toolschema.Object{{
			{Key: "uri", Value: "urn:agentrosetta:dialect:" + d},
			{Key: "description", Value: "speaks " + d + " (declared in its #sys.hello handshake)"},
			{Key: "required", Value: false},
		}}})
	}
	card := toolschema.Object{
		{Key: "protocolVersion", Value: Protocol},
		{Key: "name", Value: name},
		{Key: "description", Value: first(b["description"], b["desc"], "Agent "+name+", described by its AgentRosetta handshake and AgentDSL functions")},
		{Key: "url", Value: url},
		{Key: "version", Value: first(b["version"], "1.0.0")},
		{Key: "capabilities", Value: caps},
		{Key: "defaultInputModes", Value: []string{"text/plain", "application/json"}},
		{Key: "defaultOutputModes", Value: []string{"text/plain", "application/json"}},
		{Key: "skills", Value: skills},
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(card); err != nil {
		ds.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeNoHello, Span: hello.Span, Message: "internal error: " + err.Error()})
		return nil, ds
	}
	return []emit.File{{Name: first(opt.Output, "agentcard.json"), Data: out.Bytes()}}, ds
}

func first(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func firstSpan(docs []ir.Document) diag.Span {
	for _, d := range docs {
		if d != nil {
			return d.Pos().Collapse()
		}
	}
	return diag.Span{}
}
