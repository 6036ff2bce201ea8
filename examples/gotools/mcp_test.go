package gotools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect starts an MCP server with the generated RegisterMCP and a client,
// connected by the SDK's in-memory transports.
func connect(t *testing.T, s Service) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	srv := mcp.NewServer(&mcp.Implementation{Name: "gotools", Version: "test"}, nil)
	RegisterMCP(srv, s)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "test"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestMCPListTools: every declared function is a tool with its description
// and the input and output schemas of gen jsonschema.
func TestMCPListTools(t *testing.T) {
	cs := connect(t, &Agent{})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tool := range res.Tools {
		in, _ := json.Marshal(tool.InputSchema)
		out, _ := json.Marshal(tool.OutputSchema)
		got = append(got, tool.Name+" | "+tool.Description+" | "+string(in)+" | "+string(out))
	}
	want := []string{
		`ClearCache | Forget cached forecasts for a city, or for every city | {"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"properties":{"CITY":{"type":"string"}},"type":"object"} | null`,
		`GetWeather | Get weather for a city | {"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"properties":{"CITY":{"type":"string"},"FORCAST_DAYS":{"type":"integer"}},"required":["CITY"],"type":"object"} | {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"rows":{"items":{"additionalProperties":false,"properties":{"HUMIDITY":{"items":{"type":"string"},"type":["string","array","null"]},"TEMPERATURE":{"items":{"type":"string"},"type":["string","array","null"]},"WIND_SPEED":{"items":{"type":"string"},"type":["string","array","null"]}},"type":"object"},"type":"array"}},"required":["rows"],"type":"object"}`,
		`SearchDocuments | Search documentation using keyword or phrase | {"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"properties":{"LANGUAGE":{"type":"string"},"MAX_RESULTS":{"type":"integer"},"QUERY":{"type":"string"}},"required":["QUERY"],"type":"object"} | {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"rows":{"items":{"additionalProperties":false,"properties":{"ID":{"items":{"type":"string"},"type":["string","array","null"]},"RELEVANCE":{"type":["number","null"]},"TITLE":{"items":{"type":"string"},"type":["string","array","null"]},"URL":{"items":{"type":"string"},"type":["string","array","null"]}},"type":"object"},"type":"array"}},"required":["rows"],"type":"object"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tools:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMCPCallTool calls each tool with valid and invalid arguments: valid
// calls return the rows as structured content (and as JSON text), invalid
// ones a tool error with the AgentDSL codes, and the method's own error a
// tool error with its message.
func TestMCPCallTool(t *testing.T) {
	a := &Agent{Docs: []Doc{
		{ID: "doc_001", Title: "Deployment Guide", URL: "https://example.com/deploy"},
		{ID: "doc_002", Title: "API Reference"},
	}}
	cs := connect(t, a)
	tests := []struct {
		tool    string
		args    any
		isError bool
		text    string
	}{
		{"GetWeather", map[string]any{"CITY": "Paris", "FORCAST_DAYS": 2}, false,
			`{"rows":[{"TEMPERATURE":"18C","HUMIDITY":"70%","WIND_SPEED":"10mph"},{"TEMPERATURE":"18C","HUMIDITY":"70%","WIND_SPEED":"10mph"}]}`},
		{"GetWeather", map[string]any{"CITY": "Atlantis"}, true, "Invalid city name"},
		{"GetWeather", map[string]any{"FORCAST_DAYS": "three", "COLOUR": "red"}, true,
			`AD041: call of GetWeather lacks required parameter CITY; AD043: parameter FORCAST_DAYS (int): want a JSON number, not "three"; AD042: function GetWeather has no parameter "COLOUR" (use CITY, FORCAST_DAYS)`},
		{"GetWeather", map[string]any{"CITY": "Paris", "FORCAST_DAYS": 1.5}, true,
			`AD043: parameter FORCAST_DAYS (int): int value "1.5" is not an integer`},
		{"SearchDocuments", map[string]any{"QUERY": "api"}, false,
			// An OUT str left "" is absent: omitzero leaves its key out.
			`{"rows":[{"ID":"doc_002","TITLE":"API Reference","RELEVANCE":1}]}`},
		{"SearchDocuments", map[string]any{"QUERY": "nothing"}, false, `{"rows":[]}`},
		{"SearchDocuments", map[string]any{"QUERY": ""}, true, `AD041: required parameter QUERY is empty`},
		{"ClearCache", map[string]any{}, false, "SUCCESS"},
		{"ClearCache", map[string]any{"CITY": "Paris\nRome"}, true,
			"AD043: parameter CITY (str): a line break, which a [CALL] value cannot hold; send such text in an any parameter"},
	}
	for _, tc := range tests {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			t.Fatalf("%s %v: %v", tc.tool, tc.args, err)
		}
		if len(res.Content) != 1 {
			t.Fatalf("%s %v: content %v", tc.tool, tc.args, res.Content)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if res.IsError != tc.isError || text != tc.text {
			t.Errorf("%s %v:\n got isError=%v %s\nwant isError=%v %s", tc.tool, tc.args, res.IsError, text, tc.isError, tc.text)
		}
		if !tc.isError && tc.tool != "ClearCache" {
			sc, _ := json.Marshal(res.StructuredContent)
			var a, b any
			json.Unmarshal(sc, &a)
			json.Unmarshal([]byte(tc.text), &b)
			if ja, _ := json.Marshal(a); string(ja) != mustJSON(b) {
				t.Errorf("%s: structured content %s, want %s", tc.tool, sc, tc.text)
			}
		}
	}
	if strings.Join(a.Cleared, ",") != "*" {
		t.Errorf("ClearCache was called with %v, want once with no city", a.Cleared)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
