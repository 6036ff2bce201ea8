package gotools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/rosettac/rosettac/runtime/adslrt"
)

var agent = &Agent{Docs: []Doc{
	{ID: "doc_001", Title: "Deployment Guide", URL: "https://example.com/deploy"},
	{ID: "doc_002", Title: "API Reference"},
	{ID: "doc_003", Title: "Deployment FAQ", URL: "https://example.com/faq"},
}}

// TestDispatch sends real [CALL] texts through the generated Dispatch and
// checks the [RESULT] texts, byte for byte.
func TestDispatch(t *testing.T) {
	tests := []struct {
		name, call, result, status string
	}{
		{"seed call",
			"[CALL]\n[GetWeather]\nCITY:New York\nFORCAST_DAYS:3\n",
			"[RESULT]\n[TEMPERATURE:str|HUMIDITY:str|WIND_SPEED:str]\n30C|70%|10mph\n30C|70%|10mph\n30C|70%|10mph\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
			"ok "},
		{"optional parameter absent",
			"[CALL]\n[GetWeather]\nCITY:Paris\n",
			"[RESULT]\n[TEMPERATURE:str|HUMIDITY:str|WIND_SPEED:str]\n18C|70%|10mph\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
			"ok "},
		{"optional parameter empty",
			"[CALL]\n[GetWeather]\nFORCAST_DAYS:_\nCITY:Paris\n",
			"[RESULT]\n[TEMPERATURE:str|HUMIDITY:str|WIND_SPEED:str]\n18C|70%|10mph\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
			"ok "},
		{"implementation error",
			"[CALL]\n[GetWeather]\nCITY:Atlantis\n",
			"[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nInvalid city name\n",
			"handler error "},
		{"missing required parameter",
			"[CALL]\n[GetWeather]\nFORCAST_DAYS:3\n",
			"[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nAD041: call of GetWeather lacks required parameter CITY: add a line CITY:VALUE\n",
			"call error AD041"},
		{"unknown parameter",
			"[CALL]\n[GetWeather]\nCITY:Paris\nDAYS:3\n",
			"[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nAD042 line 4: function GetWeather has no parameter DAYS (use CITY, FORCAST_DAYS)\n",
			"call error AD042"},
		{"wrong type",
			"[CALL]\n[GetWeather]\nCITY:Paris\nFORCAST_DAYS:three\n",
			"[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nAD043 line 4: parameter FORCAST_DAYS (int): int value \"three\" is not an integer\n",
			"call error AD043"},
		{"unknown function",
			"[CALL]\n[GetTime]\n",
			"[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nAD040 line 2: call of undeclared function GetTime (declared: GetWeather, SearchDocuments, ClearCache)\n",
			"call error AD040"},
		{"rows with empty cells",
			"[CALL]\n[SearchDocuments]\nQUERY:deployment\n",
			"[RESULT]\n[ID:str|TITLE:str|URL:str|RELEVANCE:float]\ndoc_001|Deployment Guide|https://example.com/deploy|1\ndoc_003|Deployment FAQ|https://example.com/faq|0.5\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
			"ok "},
		{"no rows",
			"[CALL]\n[SearchDocuments]\nQUERY:kubernetes\nMAX_RESULTS:5\n",
			"[RESULT]\n[ID:str|TITLE:str|URL:str|RELEVANCE:float]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
			"ok "},
		{"absent output value",
			"[CALL]\n[SearchDocuments]\nQUERY:reference\n",
			"[RESULT]\n[ID:str|TITLE:str|URL:str|RELEVANCE:float]\ndoc_002|API Reference|_|1\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
			"ok "},
		{"every problem at once",
			"[CALL]\n[SearchDocuments]\nMAX_RESULTS:1.5\nSORT:asc\n",
			"[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nAD043 line 3: parameter MAX_RESULTS (int): int value \"1.5\" is not an integer; AD042 line 4: function SearchDocuments has no parameter SORT (use QUERY, MAX_RESULTS, LANGUAGE); AD041: call of SearchDocuments lacks required parameter QUERY: add a line QUERY:VALUE\n",
			"call error AD043,AD042,AD041"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st := Dispatch(context.Background(), agent, tt.call)
			if got != tt.result {
				t.Errorf("call:\n%s\ngot:\n%s\nwant:\n%s", tt.call, got, tt.result)
			}
			// The typed status agrees with the text: the codes of a call
			// error are the ones the text names, in order.
			if got := st.Kind.String() + " " + strings.Join(st.Codes(), ","); got != tt.status {
				t.Errorf("status %q, want %q", got, tt.status)
			}
		})
	}
}

// TestNoOut: a function without OUT fields has an empty output struct; its
// [RESULT] has a status and no header.
func TestNoOut(t *testing.T) {
	a := &Agent{}
	want := "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n"
	for _, call := range []string{"[CALL]\n[ClearCache]\nCITY:Paris\n", "[CALL]\n[ClearCache]\n"} {
		if got, st := Dispatch(context.Background(), a, call); got != want || st.Kind != adslrt.OK {
			t.Errorf("call:\n%s\ngot:\n%s\nwant:\n%s", call, got, want)
		}
	}
	if got := strings.Join(a.Cleared, " "); got != "Paris *" {
		t.Errorf("cleared %q", got)
	}
	if err := (&ClearCacheOutput{}).Validate(); err != nil {
		t.Errorf("Validate of the empty output: %v", err)
	}
}

// TestUnwritableResult: an implementation that returns a value AgentDSL cannot
// carry gets an ERROR result naming it, not a corrupted row.
func TestUnwritableResult(t *testing.T) {
	a := &Agent{Docs: []Doc{{ID: "x|y", Title: "Guide"}}}
	got, st := Dispatch(context.Background(), a, "[CALL]\n[SearchDocuments]\nQUERY:guide\n")
	if st.Kind != adslrt.HandlerError || st.Err == nil {
		t.Errorf("status %v, want a handler error", st)
	}
	want := "[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nSearchDocuments returned a result that AgentDSL cannot carry: AD043: row 1, field ID: str \"x|y\" holds '|'; put such text in an any field as a JSON string\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestDeclaration(t *testing.T) {
	if !strings.HasPrefix(Declaration, "[FUNCTIONS]\n[GetWeather]\nDESC[Get weather for a city]\n") {
		t.Errorf("Declaration:\n%s", Declaration)
	}
}

func TestValidate(t *testing.T) {
	if err := (&GetWeatherInput{City: "Paris"}).Validate(); err != nil {
		t.Errorf("valid input: %v", err)
	}
	err := (&GetWeatherInput{City: ""}).Validate()
	if err == nil || err.Error() != "AD026: field CITY: empty str (AgentDSL has no empty string: leave the field nil for _)" {
		t.Errorf("empty required CITY: %v", err)
	}
}

// TestStations writes STATIONS rows and reads them back, by the column names.
func TestStations(t *testing.T) {
	rows := []Stations{
		{ID: 1, Name: ptr("Orly"), City: ptr("Paris"), Elevation: ptr(89.0), Meta: json.RawMessage(`{"icao": "LFPO"}`)},
		{ID: 2, Name: ptr("Central Park")},
	}
	text, err := WriteStationsRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	want := "[SCHEMA:STATIONS]\nID:int|NAME:str|CITY:str|ELEVATION:float|META:any\n\n[DATA]\n1|Orly|Paris|89|{\"icao\":\"LFPO\"}\n2|Central Park|_|_|_\n"
	if text != want {
		t.Fatalf("written:\n%s\nwant:\n%s", text, want)
	}
	back, err := ReadStationsRows(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 2 || *back[0].City != "Paris" || back[1].City != nil || string(back[0].Meta) != `{"icao":"LFPO"}` {
		t.Errorf("read back: %+v", back)
	}
	// Columns after ID are matched by name, in any order, and may be left out.
	back, err = ReadStationsRows("[SCHEMA:STATIONS]\nID:int|ELEVATION:float|CITY:str\n[DATA]\n7|175|Lyon\n")
	if err != nil || len(back) != 1 || back[0].ID != 7 || *back[0].City != "Lyon" || *back[0].Elevation != 175 || back[0].Name != nil {
		t.Errorf("by name: %+v, %v", back, err)
	}
	if _, err := ReadStationsRows("[SCHEMA:STATIONS]\nID:int|ELEVATION:str\n[DATA]\n"); err == nil {
		t.Error("a column of another type was accepted")
	}
}
