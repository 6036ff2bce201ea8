package gogen

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
)

func TestGoName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"CITY", "City"},
		{"city", "City"},
		{"FORCAST_DAYS", "ForcastDays"},
		{"GetWeather", "GetWeather"},
		{"get_weather", "GetWeather"},
		{"getWeather", "GetWeather"},
		{"ID", "ID"},
		{"id", "ID"},
		{"Id", "Id"},
		{"CUSTOMER_ID", "CustomerID"},
		{"api_key", "APIKey"},
		{"HTTP_URL", "HTTPURL"},
		{"UV_INDEX", "UvIndex"},
		{"__x__", "X"},
		{"2FA", "X2fa"},
		{"A_1", "A1"},
	}
	for _, tt := range tests {
		if got, ok := goName(tt.in); !ok || got != tt.want {
			t.Errorf("GoName(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	if _, ok := goName("___"); ok {
		t.Error("GoName(___) succeeded")
	}
}

func parse(t *testing.T, src string) *ir.DSLDoc {
	t.Helper()
	doc, ds := agentdsl.Parse(diag.NewSource("t.adsl", []byte(src)))
	if ds.HasErrors() {
		t.Fatalf("parse: %v", ds)
	}
	return doc
}

// TestDiagnostics checks each G code with its position and message.
func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // CODE line:col message
	}{
		{"function names", "[FUNCTIONS]\n[GetWeather]\nDESC[a]\n\n[get_weather]\nDESC[b]\n",
			[]string{"G001 5:2 function get_weather and function GetWeather (line 2) both become the Go name GetWeather in interface Service"}},
		{"generated name", "[FUNCTIONS]\n[Ping]\nDESC[a]\n\n[SCHEMA:DISPATCH]\nID:int\n",
			[]string{"G001 5:9 schema DISPATCH becomes the Go name Dispatch in package p, which the generated Dispatch already uses"}},
		{"struct of a function", "[FUNCTIONS]\n[Ping]\nDESC[a]\n\n[SCHEMA:PING_INPUT]\nID:int\n",
			[]string{"G001 5:9 schema PING_INPUT and function Ping (its input) (line 2) both become the Go name PingInput in package p"}},
		{"struct of a later function", "[SCHEMA:PING_INPUT]\nID:int\n\n[FUNCTIONS]\n[Ping]\nDESC[a]\n",
			[]string{"G001 5:2 function Ping (its input) and schema PING_INPUT (line 1) both become the Go name PingInput in package p"}},
		{"output of a function without OUT", "[FUNCTIONS]\n[Ping]\nDESC[a]\n\n[SCHEMA:PING_OUTPUT]\nID:int\n",
			[]string{"G001 5:9 schema PING_OUTPUT and function Ping (its output) (line 2) both become the Go name PingOutput in package p"}},
		// One clash spoils four generated names (struct, ID type, reader,
		// writer) but is one diagnostic, at the later schema.
		{"schemas", "[SCHEMA:user_sessions]\nID:int\n\n[SCHEMA:UserSessions]\nID:int\n",
			[]string{"G001 4:9 schema UserSessions and schema user_sessions (line 1) both become the Go name UserSessions in package p"}},
		{"schema and another's ID type", "[SCHEMA:A]\nID:int\n\n[SCHEMA:A_ID]\nID:int\n",
			[]string{"G001 4:9 schema A_ID and schema A (its ID type) (line 1) both become the Go name AID in package p"}},
		{"fields", "[FUNCTIONS]\n[F]\nDESC[a]\nIN[user_id:int|USER_ID:int]\n",
			[]string{"G001 4:16 field USER_ID and field user_id (line 4) both become the Go name UserID in FInput"}},
		{"schema fields", "[SCHEMA:T]\nID:int|id_:int\n", []string{"G001 2:8 field id_ and field ID (line 2) both become the Go name ID in T"}},
		{"bad name", "[FUNCTIONS]\n[F]\nDESC[a]\nIN[___:int]\n", []string{"G002 4:4 field ___ has no letter or digit to make a Go name from"}},
		{"nothing", "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n", []string{"G003 1:1 nothing to generate: the document declares no [FUNCTIONS] and no [SCHEMA]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, ds := Generate(parse(t, tt.src), Options{Package: "p", Source: "t.adsl"})
			var got []string
			for _, d := range ds {
				got = append(got, d.Code+" "+d.Span.Start().String()+" "+d.Message)
				if d.Hint == "" {
					t.Errorf("%s has no hint", d.Code)
				}
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("diagnostics (-want +got):\n%s", d)
			}
			if files != nil {
				t.Errorf("a file was generated despite errors")
			}
		})
	}
	_, ds := Generate(&ir.Transcript{}, Options{Package: "p", Source: "x.rose"})
	if len(ds) != 1 || ds[0].Code != CodeNotDSL {
		t.Errorf("non-AgentDSL input: %v", ds)
	}
}

// TestValidateCollision: a field named VALIDATE only collides when Validate
// methods are generated.
func TestValidateCollision(t *testing.T) {
	doc := parse(t, "[SCHEMA:T]\nID:int|VALIDATE:int\n")
	if _, ds := Generate(doc, Options{Package: "p", Source: "t.adsl"}); len(ds) != 0 {
		t.Errorf("without Validate: %v", ds)
	}
	_, ds := Generate(doc, Options{Package: "p", Source: "t.adsl", Validate: true})
	if len(ds) != 1 || ds[0].Code != CodeCollision || !strings.Contains(ds[0].Message, "the generated method Validate") {
		t.Errorf("with Validate: %v", ds)
	}
}

// TestDeterministic generates twice and from a reordered-irrelevant copy.
func TestDeterministic(t *testing.T) {
	src := "[FUNCTIONS]\n[A]\nDESC[x `y`]\nIN[Z:int*|Y:any|X:float]\nOUT[K:@T.ID]\n\n[SCHEMA:T]\nID:int|V:str\n"
	var first []byte
	for i := range 5 {
		files, ds := Generate(parse(t, src), Options{Package: "p", Source: "t.adsl"})
		if len(ds) != 0 || len(files) != 1 {
			t.Fatalf("%v", ds)
		}
		if files[0].Name != "t.go" {
			t.Errorf("name %q", files[0].Name)
		}
		if i == 0 {
			first = files[0].Data
		} else if !bytes.Equal(first, files[0].Data) {
			t.Fatal("output differs between runs")
		}
	}
	if !bytes.HasPrefix(first, []byte("// Code generated by rosettac. DO NOT EDIT.\n// source: t.adsl\n\npackage p\n")) {
		t.Errorf("header:\n%s", first[:100])
	}
	// A DESC with a backquote cannot be a raw string: the constant is quoted.
	if !bytes.Contains(first, []byte(`const Declaration = "[FUNCTIONS]\n[A]\nDESC[x `+"`y`"+`]\n`)) {
		t.Errorf("declaration constant:\n%s", first)
	}
}
