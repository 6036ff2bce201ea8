package adslrt

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var weather = []Function{{
	Name:   "GetWeather",
	In:     []Column{{Name: "CITY", Kind: Str, Required: true}, {Name: "FORCAST_DAYS", Kind: Int}, {Name: "DETAILED", Kind: Any}},
	Out:    []Column{{Name: "TEMPERATURE", Kind: Str}, {Name: "SCORE", Kind: Float}},
	Header: "[TEMPERATURE:str|SCORE:float]",
}, {Name: "Ping"}}

func TestReadCall(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // per parameter: its text, or "-" when absent
		err        string
	}{
		{"seed", "[CALL]\n[GetWeather]\nCITY:New York\nFORCAST_DAYS:3\n", []string{"New York", "3", "-"}, ""},
		{"blanks and crlf", "\n  [CALL] \r\n\r\n [GetWeather]\r\n  CITY:Paris \r\n", []string{"Paris ", "-", "-"}, ""},
		{"empty optional", "[CALL]\n[GetWeather]\nCITY:x\nFORCAST_DAYS:_\nDETAILED:{\"a\":[1,2]}", []string{"x", "-", `{"a":[1,2]}`}, ""},
		{"no params", "[CALL]\n[Ping]\n", []string{}, ""},
		{"missing required", "[CALL]\n[GetWeather]\nFORCAST_DAYS:3", nil, "AD041: call of GetWeather lacks required parameter CITY: add a line CITY:VALUE"},
		{"empty required", "[CALL]\n[GetWeather]\nCITY:_", nil, "AD041 line 3: required parameter CITY is empty (_)"},
		{"unknown param", "[CALL]\n[GetWeather]\nCITY:x\nDAYS:3", nil, "AD042 line 4: function GetWeather has no parameter DAYS (use CITY, FORCAST_DAYS, DETAILED)"},
		{"wrong type", "[CALL]\n[GetWeather]\nCITY:x\nFORCAST_DAYS:three", nil, `AD043 line 4: parameter FORCAST_DAYS (int): int value "three" is not an integer`},
		{"all problems", "[CALL]\n[GetWeather]\nFORCAST_DAYS:1.5\nFORCAST_DAYS:2\nX:1", nil,
			`AD043 line 3: parameter FORCAST_DAYS (int): int value "1.5" is not an integer; AD044 line 4: parameter FORCAST_DAYS is given twice; AD042 line 5: function GetWeather has no parameter X (use CITY, FORCAST_DAYS, DETAILED); AD041: call of GetWeather lacks required parameter CITY: add a line CITY:VALUE`},
		{"unknown function", "[CALL]\n[Nope]\n", nil, "AD040 line 2: call of undeclared function Nope (declared: GetWeather, Ping)"},
		{"no name", "[CALL]\nCITY:x\n", nil, "AD046 line 2: [CALL] without a function name: write [Name] on the line after [CALL]"},
		{"not a call", "[RESULT]\n", nil, `AD001 line 1: expected [CALL], found "[RESULT]"`},
		{"empty", "  \n", nil, "AD046: the text holds no [CALL] block"},
		{"two calls", "[CALL]\n[Ping]\n[CALL]\n[Ping]", nil, `AD001 line 3: a [CALL] text holds one call; "[CALL]" does not belong in it`},
		{"bad line", "[CALL]\n[Ping]\njust text", nil, `AD002 line 3: write one NAME:VALUE per line, not "just text"`},
		{"not utf-8", "[CALL]\n[GetWeather]\nCITY:x\xff", nil, "F002 line 3: the text is not valid UTF-8: re-encode it"},
		// A model's chatter around the call (issue #21): read from inside.
		{"fenced", "Here is the call:\n```adsl\n[CALL]\n[GetWeather]\nCITY:Oslo\n```\nLet me know.\n", []string{"Oslo", "-", "-"}, ""},
		{"prose before", "Sure!\n[CALL]\n[GetWeather]\nCITY:Oslo\n", []string{"Oslo", "-", "-"}, ""},
		{"fenced, error keeps its line", "```\n[CALL]\n[GetWeather]\nCITY:x\nDAYS:3\n```\n", nil, "AD042 line 5: function GetWeather has no parameter DAYS (use CITY, FORCAST_DAYS, DETAILED)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ReadCall(tt.text, weather)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error\n got %v\nwant %s", err, tt.err)
				}
				var e *Error
				if !errors.As(err, &e) {
					t.Errorf("errors.As(*Error) failed for %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			for i := range c.Func.In {
				if c.Has(i) {
					got = append(got, c.Text(i))
				} else {
					got = append(got, "-")
				}
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("values (-want +got):\n%s", d)
			}
		})
	}
}

func TestValues(t *testing.T) {
	c, err := ReadCall("[CALL]\n[GetWeather]\nCITY:a,b\nFORCAST_DAYS:-7\nDETAILED:true", weather)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Str(0); got != "a,b" {
		t.Errorf("Str = %q", got)
	}
	if got := Split(c.Str(0)); !cmp.Equal(got, []string{"a", "b"}) {
		t.Errorf("Split = %q", got)
	}
	if got := c.IntPtr(1); got == nil || *got != -7 {
		t.Errorf("IntPtr = %v", got)
	}
	if got := string(c.Any(2)); got != "true" {
		t.Errorf("Any = %q", got)
	}
	c, _ = ReadCall("[CALL]\n[GetWeather]\nCITY:a", weather)
	if c.IntPtr(1) != nil || c.Any(2) != nil || c.StrPtr(0) == nil || c.FloatPtr(1) != nil {
		t.Error("absent values are not nil")
	}
}

func ptr[T any](v T) *T { return &v }

func TestResult(t *testing.T) {
	w := NewRowWriter(weather[0].Out)
	w.Str("30C")
	w.Float(0.5)
	w.EndRow()
	w.StrPtr(nil)
	w.FloatPtr(ptr(1e21))
	w.EndRow()
	got := Success(&weather[0], w)
	want := "[RESULT]\n[TEMPERATURE:str|SCORE:float]\n30C|0.5\n_|1e+21\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if got, want := Success(&weather[1], nil), "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n"; got != want {
		t.Errorf("no OUT: %q", got)
	}
	// Generated code writes the rows of a function without OUT like any
	// other's: none is the same SUCCESS, some is an ERROR, never dropped.
	w = NewRowWriter(weather[1].Out)
	if got, want := Success(&weather[1], w), "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n"; got != want {
		t.Errorf("no OUT, no rows: %q", got)
	}
	w.EndRow()
	w.EndRow()
	want = "[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nPing returned 2 rows, but it declares no OUT fields to carry them: return none, or declare OUT fields\n"
	if got := Success(&weather[1], w); got != want {
		t.Errorf("no OUT, rows: %q", got)
	}
	if got, want := ErrorResult(errors.New("bad\ncity \r\n")), "[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\nbad city\n"; got != want {
		t.Errorf("ErrorResult = %q", got)
	}
	if got := ErrorResult(errors.New("")); !strings.HasSuffix(got, "\nerror\n") {
		t.Errorf("empty message: %q", got)
	}
}

func TestWriteProblems(t *testing.T) {
	tests := []struct {
		name  string
		write func(w *RowWriter)
		err   string
	}{
		{"pipe", func(w *RowWriter) { w.Str("a|b"); w.Float(1) }, `AD043: row 1, field TEMPERATURE: str "a|b" holds '|'; put such text in an any field as a JSON string`},
		{"newline", func(w *RowWriter) { w.Str("a\nb"); w.Float(1) }, `AD043: row 1, field TEMPERATURE: str "a\nb" holds a line break; put such text in an any field as a JSON string`},
		{"empty", func(w *RowWriter) { w.Str(""); w.Float(1) }, `AD026: row 1, field TEMPERATURE: empty str (AgentDSL has no empty string: leave the field nil for _)`},
		{"underscore", func(w *RowWriter) { w.Str("_"); w.Float(1) }, `AD043: row 1, field TEMPERATURE: the str _ reads back as the empty cell; put it in an any field as "_"`},
		{"multi", func(w *RowWriter) { w.Str("a,,b"); w.Float(1) }, `AD027: row 1, field TEMPERATURE: multi-value "a,,b" holds an empty or _ value; a comma separates non-empty values`},
		{"nan", func(w *RowWriter) { w.Str("a"); w.Float(math.NaN()) }, `AD024: row 1, field SCORE: NaN is not a number AgentDSL can carry`},
		{"short", func(w *RowWriter) { w.Str("a") }, `AD020: row 1, field SCORE: row has 1 values for 2 columns`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := NewRowWriter(weather[0].Out)
			tt.write(w)
			w.EndRow()
			if err := w.Err(); err == nil || err.Error() != tt.err {
				t.Errorf("error\n got %v\nwant %s", err, tt.err)
			}
			if got := Success(&weather[0], w); !strings.Contains(got, "\nERROR\n") {
				t.Errorf("Success with a bad value is not an ERROR result: %q", got)
			}
		})
	}
	w := NewRowWriter([]Column{{Name: "X", Kind: Any, Required: true}})
	w.Any(json.RawMessage("{ \"a\" :\n 1 }"))
	w.EndRow()
	w.Any(nil)
	w.EndRow()
	w.Any(json.RawMessage("{"))
	w.EndRow()
	if got, want := w.b.String(), "{\"a\":1}\n_\n_\n"; got != want {
		t.Errorf("any cells %q, want %q", got, want)
	}
	if got, want := w.Err().Error(), "AD041: row 2, field X: a required value is missing; AD025: row 3, field X: any value is not valid JSON: {"; got != want {
		t.Errorf("error %q\nwant %q", got, want)
	}
}

var orders = Table{Label: "ORDERS", Line: "ID:int|@CUSTOMER.ID:int|ORDER_NUM:str|TOTAL:float|META:any",
	Columns: []Column{{Name: "ID", Kind: Int, Required: true}, {Name: "CUSTOMER_ID", Kind: Int}, {Name: "ORDER_NUM", Kind: Str}, {Name: "TOTAL", Kind: Float}, {Name: "META", Kind: Any}}}

func TestTableRead(t *testing.T) {
	tests := []struct {
		name, doc string
		want      [][]string
		err       string
	}{
		{"seed", "[SCHEMA:CUSTOMER]\nID:int|NAME:str\n\n[DATA]\n1|Acme\n\n[SCHEMA:ORDERS]\nID:int|@CUSTOMER.ID:int|ORDER_NUM:str|TOTAL:float|META:any\n\n[DATA]\n1|1|ORD-001|5000.50|{\"a\":\"x|y\"}\n2|_|ORD-002|3200.00|_\n\n[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n",
			[][]string{{"1", "1", "ORD-001", "5000.50", `{"a":"x|y"}`}, {"2", "-", "ORD-002", "3200.00", "-"}}, ""},
		{"by name, subset", "[SCHEMA:ORDERS]\nID:int | TOTAL:float|ORDER_NUM\n[DATA]\n7|1.5|X\n",
			[][]string{{"7", "-", "X", "1.5", "-"}}, ""},
		{"no schema", "[SCHEMA:X]\nID:int\n", nil, "AD032: the document has no [SCHEMA:ORDERS] block"},
		{"unknown column", "[SCHEMA:ORDERS]\nID:int|COLOR:str\n[DATA]\n", nil, "AD042 line 2: schema ORDERS has no column COLOR in this program's declaration (declared: ID, CUSTOMER_ID, ORDER_NUM, TOTAL, META)"},
		{"type mismatch", "[SCHEMA:ORDERS]\nID:int|TOTAL:str\n[DATA]\n", nil, "AD043 line 2: column TOTAL is str here, but float in the declaration"},
		{"cells", "[SCHEMA:ORDERS]\nID:int|TOTAL:float\n[DATA]\n1|x\n1\n_|2\n3|4|5\n4|1\n4|2\n", nil,
			`AD024 line 4: column TOTAL: float value "x" is not a number; AD020 line 5: row has 1 cells, schema ORDERS has 2 columns; AD022 line 6: row of ORDERS has no ID; AD021 line 7: row has 3 cells, schema ORDERS has 2 columns; AD028 line 9: duplicate ID 4 in ORDERS (first at line 8)`},
		{"no ID", "[SCHEMA:ORDERS]\nTOTAL:float\n[DATA]\n", nil, `AD010 line 2: the first column of schema ORDERS is "TOTAL:float", not ID:int; AD010 line 2: schema ORDERS lacks column ID`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][]string
			err := orders.Read(tt.doc, func(v *Values) {
				var r []string
				for i := range orders.Columns {
					if v.Has(i) {
						r = append(r, v.Text(i))
					} else {
						r = append(r, "-")
					}
				}
				got = append(got, r)
			})
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error\n got %v\nwant %s", err, tt.err)
				}
				if got != nil {
					t.Errorf("rows delivered despite the error: %q", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("rows (-want +got):\n%s", d)
			}
		})
	}
}

func TestTableWrite(t *testing.T) {
	w := orders.Writer()
	w.Int(1)
	w.IntPtr(ptr(int64(1)))
	w.Str("ORD-001")
	w.Float(5000.5)
	w.Any(json.RawMessage(`"a|b"`))
	w.EndRow()
	w.Int(2)
	w.IntPtr(nil)
	w.StrPtr(nil)
	w.FloatPtr(nil)
	w.Any(nil)
	w.EndRow()
	got, err := orders.Write(w)
	if err != nil {
		t.Fatal(err)
	}
	want := "[SCHEMA:ORDERS]\nID:int|@CUSTOMER.ID:int|ORDER_NUM:str|TOTAL:float|META:any\n\n[DATA]\n1|1|ORD-001|5000.5|\"a|b\"\n2|_|_|_|_\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// What was written reads back.
	var n int
	if err := orders.Read(got, func(v *Values) {
		n++
		if n == 1 && string(v.Any(4)) != `"a|b"` {
			t.Errorf("any cell read back as %q", v.Any(4))
		}
	}); err != nil || n != 2 {
		t.Errorf("read back: %d rows, %v", n, err)
	}
	w = orders.Writer()
	for range 2 {
		w.Int(3)
		w.IntPtr(nil)
		w.StrPtr(nil)
		w.FloatPtr(nil)
		w.Any(nil)
		w.EndRow()
	}
	if _, err := orders.Write(w); err == nil || err.Error() != "AD028: row 2, field ID: duplicate ID 3" {
		t.Errorf("duplicate ID: %v", err)
	}
}
