// Package mcpserver owns `rosettac mcp`: rosettac's own tools as an MCP
// server (the official Go SDK), so that a model can check a message before it
// sends it, fix it, render it, translate it, count its tokens and get the
// repair message a checker would send back. Every tool takes {"text": ...}
// (and an optional "language"), declares its input and output schemas, and
// answers with structured content and the same as text; the diagnostic
// catalogues are resources. It is a thin layer over the compiler's entry
// points, the ones the command line uses, so a diagnostic is the same here as
// in the terminal.
package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/docs"
	"github.com/rosettac/rosettac/emit/text"
	"github.com/rosettac/rosettac/emit/tokens"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// InputName is the file name diagnostics give the text of a call.
const InputName = "input"

// New returns the server with every tool and resource registered.
func New(version string) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "rosettac", Version: version}, &mcp.ServerOptions{
		Instructions: "rosettac checks AgentRosetta, Agent Lingua and AgentDSL text. Call check on a message before sending it; " +
			"fix applies the safe fixes; repair returns the reject message a checker sends back for each bad message.",
	})
	for _, t := range tools {
		t := t
		srv.AddTool(&mcp.Tool{Name: t.name, Description: t.desc, InputSchema: t.in, OutputSchema: t.out}, handler(t))
	}
	for _, p := range catalogues {
		p := p
		srv.AddResource(&mcp.Resource{URI: "rosettac://docs/" + p.page, Name: p.page, Title: p.title,
			Description: p.title + " (rosettac's catalogue page " + p.page + ")", MIMEType: "text/markdown"},
			func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				b, err := docs.Page(p.page)
				if err != nil {
					return nil, mcp.ResourceNotFoundError(req.Params.URI)
				}
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/markdown", Text: string(b)}}}, nil
			})
	}
	return srv
}

// catalogues are the documentation pages served as resources: every
// diagnostic code with an example.
var catalogues = []struct{ page, title string }{
	{"diagnostics.md", "AgentRosetta diagnostics (P, E, W, I, S, D, F codes)"},
	{"lingua.md", "Agent Lingua and its L diagnostics"},
	{"agentdsl.md", "AgentDSL and its AD diagnostics"},
	{"translation.md", "Translation between the languages and its T diagnostics"},
	{"gogen.md", "Typed Go from AgentDSL and the G diagnostics"},
	{"interop.md", "MCP, A2A and TOON, and the TN diagnostics of TOON"},
}

// tool is one tool: its schemas and what it does with the decoded arguments.
type tool struct {
	name, desc string
	in, out    json.RawMessage
	run        func(a args) (result, error)
}

// args are every tool's possible arguments; each tool's input schema says
// which it takes.
type args struct {
	Text     string `json:"text"`
	Language string `json:"language"`
	To       string `json:"to"`
	Lang     string `json:"lang"`
	View     string `json:"view"`
	ASCII    bool   `json:"ascii"`
	All      bool   `json:"all"`
	Encoding string `json:"encoding"`
	Now      string `json:"now"`
	// MaxTokens is check's budget of its text, as check --max-tokens.
	MaxTokens int `json:"max_tokens"`
}

// result is a tool's structured content and its text.
type result struct {
	structured any
	text       string
	isError    bool
}

func handler(t *tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		dec := json.NewDecoder(bytes.NewReader(orEmpty(req.Params.Arguments)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil {
			return toolError(fmt.Sprintf("the arguments of %s do not fit its input schema: %v", t.name, err)), nil
		}
		r, err := t.run(a)
		if err != nil {
			return toolError(err.Error()), nil
		}
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: r.text}}, IsError: r.isError}
		if r.structured != nil {
			res.StructuredContent = r.structured
		}
		return res, nil
	}
}

func orEmpty(b json.RawMessage) []byte {
	if len(bytes.TrimSpace(b)) == 0 {
		return []byte("{}")
	}
	return b
}

func toolError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// options are the compiler options a call's arguments name.
func options(a args) (compiler.Options, error) {
	opt := compiler.Options{}
	if a.Text == "" {
		return opt, fmt.Errorf("text is empty: give the message or document to check")
	}
	if a.Language != "" {
		l, err := compiler.ParseLanguage(a.Language)
		if err != nil {
			return opt, err
		}
		opt.From = l
	}
	if a.Now != "" {
		t, err := parseTime(a.Now)
		if err != nil {
			return opt, err
		}
		opt.Now = t
	}
	return opt, nil
}

// check runs the pipeline over a's text as the command line does.
func check(a args) (*compiler.Result, error) {
	opt, err := options(a)
	if err != nil {
		return nil, err
	}
	return compiler.Check(InputName, []byte(a.Text), opt), nil
}

// diagnosticsJSON is ds in exactly the shape of check --format json.
func diagnosticsJSON(ds diag.List) json.RawMessage {
	var b bytes.Buffer
	if err := diag.PrintJSON(&b, ds); err != nil {
		return json.RawMessage(`{"diagnostics":[]}`)
	}
	return json.RawMessage(bytes.TrimSpace(b.Bytes()))
}

// diagnosticLines are ds for a model, exactly as check --format llm prints
// them (diag.PrintLLM, the one formatter both use): errors, then warnings,
// one line each with the offending text, what was expected and the fix,
// within maxTokens o200k tokens (0: diag.DefaultLLMTokens, as the command
// line's default).
func diagnosticLines(ds diag.List, src *diag.Source, maxTokens int) string {
	if maxTokens == 0 {
		maxTokens = diag.DefaultLLMTokens
	}
	var b strings.Builder
	diag.PrintLLM(&b, ds, func(string) *diag.Source { return src }, diag.LLMOptions{MaxTokens: maxTokens, Count: tokens.O200k})
	return b.String()
}

// mergeDiagnostics returns an object schema's structured content: fields plus
// "diagnostics" in check --format json's shape.
func withDiagnostics(ds diag.List, fields map[string]any) map[string]any {
	var d struct {
		Diagnostics json.RawMessage `json:"diagnostics"`
	}
	json.Unmarshal(diagnosticsJSON(ds), &d)
	fields["diagnostics"] = d.Diagnostics
	return fields
}

var tools = []*tool{
	{name: "check", desc: "Check an AgentRosetta, Agent Lingua or AgentDSL text as `rosettac check` does; the diagnostics as text exactly as `rosettac check --format llm` prints them (errors, then warnings, with the offending text and the fix) and as structured content in the shape of `rosettac check --format json`.",
		in: schema(props(textProp, languageProp, `"now":{"type":"string","description":"time for stall and staleness checks (RFC 3339); default: the latest at= in the text"}`,
			`"max_tokens":{"type":"integer","minimum":1,"description":"the most o200k tokens of the text content, as check --format llm --max-tokens (default 400); the structured content always has every diagnostic"}`), "text"),
		out: schema(props(diagnosticsProp), "diagnostics"),
		run: func(a args) (result, error) {
			r, err := check(a)
			if err != nil {
				return result{}, err
			}
			return result{structured: diagnosticsJSON(r.Diags), text: diagnosticLines(r.Diags, r.Source, a.MaxTokens)}, nil
		}},
	{name: "fix", desc: "Apply the safe fixes the diagnostics carry (with all, the fixes to review too), as `rosettac fix` does (compiler.Fix); returns the fixed text, the fixes applied and the diagnostics of the fixed text.",
		in:  schema(props(textProp, languageProp, `"all":{"type":"boolean","description":"also apply the fixes marked for review"}`), "text"),
		out: schema(props(`"text":{"type":"string"}`, `"applied":{"type":"array","items":{"type":"string"}}`, diagnosticsProp), "text", "applied", "diagnostics"),
		run: func(a args) (result, error) {
			opt, err := options(a)
			if err != nil {
				return result{}, err
			}
			min := diag.Safe
			if a.All {
				min = diag.Review
			}
			// compiler.Fix is rosettac fix's mechanism: rounds of fixes and
			// checks until none is left.
			fixed, applied, after := compiler.Fix(InputName, []byte(a.Text), opt, min)
			titles := []string{}
			for _, f := range applied {
				titles = append(titles, f.Fix.Title)
			}
			return result{structured: withDiagnostics(after.Diags, map[string]any{"text": string(fixed), "applied": titles}), text: string(fixed)}, nil
		}},
	{name: "render", desc: "Render a text for people, as `rosettac render` does.",
		in: schema(props(textProp, languageProp,
			`"lang":{"type":"string","enum":["en","zh"],"description":"language of the rendering (default en)"}`,
			`"view":{"type":"string","enum":["full","decision","audit","human_task","content","clean"],"description":"Rosetta view (default full)"}`,
			`"ascii":{"type":"boolean","description":"ASCII only"}`), "text"),
		out: schema(props(`"text":{"type":"string"}`, diagnosticsProp), "text", "diagnostics"),
		run: func(a args) (result, error) {
			r, err := check(a)
			if err != nil {
				return result{}, err
			}
			opt := text.Options{Lang: or(a.Lang, "en"), View: or(a.View, "full"), ASCII: a.ASCII}
			if r.Doc == nil {
				return result{structured: withDiagnostics(r.Diags, map[string]any{"text": ""}), text: diagnosticLines(r.Diags, r.Source, a.MaxTokens), isError: true}, nil
			}
			out, ds := text.Render(r.Doc, opt)
			all := append(r.Diags, ds...)
			return result{structured: withDiagnostics(all, map[string]any{"text": string(out)}), text: string(out)}, nil
		}},
	{name: "translate", desc: "Translate a text to another language or format, as `rosettac translate --to` does: every loss is a T diagnostic.",
		in: schema(props(textProp, languageProp,
			`"to":{"type":"string","enum":["rosetta","lingua","agentdsl","json","toon"],"description":"the target"}`), "text", "to"),
		out: schema(props(`"text":{"type":"string"}`, diagnosticsProp), "text", "diagnostics"),
		run: func(a args) (result, error) {
			r, err := check(a)
			if err != nil {
				return result{}, err
			}
			if r.Doc == nil {
				return result{structured: withDiagnostics(r.Diags, map[string]any{"text": ""}), text: diagnosticLines(r.Diags, r.Source, a.MaxTokens), isError: true}, nil
			}
			var out []byte
			var ds diag.List
			if strings.EqualFold(a.To, "toon") {
				out, ds = translate.ToTOON(r.Doc, translate.TOONOptions{})
			} else {
				to, err := compiler.ParseLanguage(a.To)
				if err != nil {
					return result{}, fmt.Errorf("to: %v", err)
				}
				out, ds = translate.Translate(r.Doc, to)
			}
			all := append(r.Diags, ds...)
			all.Sort()
			return result{structured: withDiagnostics(all, map[string]any{"text": string(out)}), text: string(out), isError: out == nil}, nil
		}},
	{name: "tokens", desc: "Count the BPE tokens of a text exactly, as `rosettac tokens` does (o200k_base and cl100k_base by default).",
		in: schema(props(`"text":{"type":"string"}`,
			`"encoding":{"type":"string","enum":["o200k_base","cl100k_base"],"description":"one encoding (default: both)"}`), "text"),
		out: schema(props(`"encodings":{"type":"array","items":{"type":"object","properties":{"encoding":{"type":"string"},"total":{"type":"integer"}},"required":["encoding","total"]}}`), "encodings"),
		run: func(a args) (result, error) {
			encs := []string{"o200k_base", "cl100k_base"}
			if a.Encoding != "" {
				encs = []string{a.Encoding}
			}
			var list []map[string]any
			var lines []string
			for _, enc := range encs {
				n, err := tokens.Count(enc, a.Text)
				if err != nil {
					return result{}, err
				}
				list = append(list, map[string]any{"encoding": enc, "total": n})
				lines = append(lines, fmt.Sprintf("%s %d", enc, n))
			}
			return result{structured: map[string]any{"encodings": list}, text: strings.Join(lines, "\n")}, nil
		}},
	{name: "repair", desc: "For an AgentRosetta transcript, the repair message (a reject from sys, as the reference's Session.repair writes it) for each message with an error or a warning: what a checker would send back.",
		in:  schema(props(textProp, `"now":{"type":"string","description":"time for stall and staleness checks (RFC 3339)"}`), "text"),
		out: schema(props(`"repairs":{"type":"array","items":{"type":"object","properties":{"re":{"type":"string"},"code":{"type":"string"},"text":{"type":"string"}},"required":["re","code","text"]}}`), "repairs"),
		run: func(a args) (result, error) {
			a.Language = "rosetta"
			r, err := check(a)
			if err != nil {
				return result{}, err
			}
			tr, _ := r.Doc.(*ir.Transcript)
			reps := []map[string]any{}
			var b strings.Builder
			if tr != nil {
				s := compiler.NewSession(compiler.Options{})
				for _, m := range tr.Messages {
					ds := diag.List{} // not nil: Repair would check m again, in an empty session
					for _, d := range r.Diags {
						if m.Header != nil && d.MessageID == m.Header.ID.Text {
							ds = append(ds, d)
						}
					}
					if rep := s.Repair(m, ds); rep != nil {
						reps = append(reps, map[string]any{"re": rep.Re, "code": rep.Code, "text": rep.Text})
						b.WriteString(rep.Text)
					}
				}
			}
			txt := b.String()
			if txt == "" {
				txt = "no message needs a repair"
			}
			return result{structured: map[string]any{"repairs": reps}, text: txt}, nil
		}},
}

// Schema pieces.
const (
	textProp        = `"text":{"type":"string","description":"the message or document, as UTF-8 text"}`
	diagnosticsProp = `"diagnostics":{"type":"array","items":{"type":"object","properties":{"code":{"type":"string"},"severity":{"type":"string","enum":["error","warning","info"]},"message":{"type":"string"},"file":{"type":"string"},"line":{"type":"integer"},"col":{"type":"integer"},"end_line":{"type":"integer"},"end_col":{"type":"integer"},"msg":{"type":"string"}},"required":["code","severity","message"]}}`
)

// languageProp's enum is the compiler's front-end table (compiler.Languages),
// so a language the compiler reads is one the tools take.
var languageProp = `"language":{"type":"string","enum":` + languageEnum() + `,"description":"the text's language (default: sniffed from the content)"}`

func languageEnum() string {
	b, _ := json.Marshal(compiler.Languages())
	return string(b)
}

func props(ps ...string) string { return "{" + strings.Join(ps, ",") + "}" }

func schema(properties string, required ...string) json.RawMessage {
	req, _ := json.Marshal(required)
	return json.RawMessage(`{"type":"object","properties":` + properties + `,"required":` + string(req) + `,"additionalProperties":false}`)
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func parseTime(v string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return t, fmt.Errorf("now: %q is not an RFC 3339 time (like 2026-08-26T14:02:00Z)", v)
	}
	return t, nil
}
