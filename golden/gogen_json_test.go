package golden

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/emit/gogen"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// jsonAgreeDoc declares a schema and functions with every column type, an
// unnamed reference, absent cells and names Go must convert (full_name,
// e_mail, 2FA_CODE, iPhone, api_key, HTTP_URL, @CUSTOMER.ID). Its str values
// hold no comma and its numbers are written as Go writes them: those are the
// two documented differences of the data form (docs/gogen.md).
const jsonAgreeDoc = `[SCHEMA:CUSTOMER]
ID:int|api_key:str|HTTP_URL:str|balance:float|TAGS:any|signup_year:int

[DATA]
1|k-1|https://a.example|12.5|{"vip":true,"n":[1,2]}|2019
2|_|_|_|_|_
3|k 3|_|-0.25|"text, with comma"|_

[FUNCTIONS]
[lookup_user]
DESC[Look a user up]
IN[user_id:int*|HTTP_URL:str|score:float|META:any|@CUSTOMER.ID:int]
OUT[full_name:str|e_mail:str|SCORE:float|visit_count:int|META:any|@CUSTOMER.ID:int|2FA_CODE:str|iPhone:str]

[forget_user]
DESC[Forget a user]
IN[user_id:int*]
`

// jsonAgreeMain implements the generated Service, reads the schema's rows,
// dispatches calls, and prints what encoding/json makes of the generated
// structs beside the [RESULT] texts.
const jsonAgreeMain = `package main

import (
	"context"
	"encoding/json"
	"os"

	"gentest/gen"

	"github.com/rosettac/rosettac/runtime/adslrt"
)

type svc struct{ in json.RawMessage }

func (s *svc) LookupUser(ctx context.Context, in gen.LookupUserInput) ([]gen.LookupUserOutput, error) {
	s.in = must(json.Marshal(in))
	return rows, nil
}

func (s *svc) ForgetUser(ctx context.Context, in gen.ForgetUserInput) ([]gen.ForgetUserOutput, error) {
	return nil, nil
}

func ptr[T any](v T) *T { return &v }

// text is Dispatch's [RESULT] text, which must come with an OK status.
func text(result string, st adslrt.Status) string {
	if st.Kind != adslrt.OK {
		panic(st.Kind.String() + ": " + result)
	}
	return result
}

var rows = []gen.LookupUserOutput{
	{FullName: "Ann Lee", EMail: "ann@example.org", Score: ptr(0.75), VisitCount: ptr(int64(12)),
		Meta: json.RawMessage(` + "`" + `{"a":[1,"x"]}` + "`" + `), CustomerID: ptr(gen.CustomerID(1)), X2faCode: "k9", IPhone: "15"},
	{},
	{VisitCount: ptr(int64(-3)), CustomerID: ptr(gen.CustomerID(3))},
}

func must(b []byte, err error) json.RawMessage {
	if err != nil {
		panic(err)
	}
	return b
}

func main() {
	doc := must(os.ReadFile(os.Args[1]))
	customers, err := gen.ReadCustomerRows(string(doc))
	if err != nil {
		panic(err)
	}
	s := &svc{}
	ctx := context.Background()
	out := map[string]any{
		"customers":     must(json.Marshal(customers)),
		"lookup_result": text(gen.Dispatch(ctx, s, os.Args[2])),
		"lookup_rows":   must(json.Marshal(rows)),
		"forget_result": text(gen.Dispatch(ctx, s, os.Args[3])),
	}
	out["lookup_input"] = s.in
	json.NewEncoder(os.Stdout).Encode(out)
}
`

// TestGoJSONAgrees: encoding/json of the generated structs writes the keys
// and values translate --to json writes for the same AgentDSL. The rows of a
// schema read with ReadCustomerRows are the schema's rows of to_json; the rows
// a method returns are the $result rows of the [RESULT] Dispatch writes for
// them (every key, null for an absent value, or no key for an absent OUT
// str); the input a method receives is
// the $call params of the [CALL] (the parameters given). The [CALL] and
// [RESULT] texts check clean beside the declaration, also for a function
// without OUT.
func TestGoJSONAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go in a temporary module (slow); skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	res := compiler.Check("agree.adsl", []byte(jsonAgreeDoc), compiler.Options{})
	if len(res.Diags) != 0 {
		t.Fatalf("agree.adsl: %v", res.Diags)
	}
	files, ds := gogen.Generate(res.Doc, gogen.Options{Package: "gen", Source: "agree.adsl"})
	if len(ds) != 0 || len(files) != 1 {
		t.Fatalf("gen: %v", ds)
	}
	dir := tempModule(t)
	write(t, filepath.Join(dir, "gen", "gen.go"), string(files[0].Data))
	write(t, filepath.Join(dir, "main.go"), jsonAgreeMain)
	write(t, filepath.Join(dir, "agree.adsl"), jsonAgreeDoc)
	lookup := "[CALL]\n[lookup_user]\nCUSTOMER_ID:3\nuser_id:42\nMETA:[true,null]\nscore:1.5\n"
	forget := "[CALL]\n[forget_user]\nuser_id:42\n"
	cmd := goCommand(dir, "run", ".", "agree.adsl", lookup, forget)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.Bytes())
	}
	var got struct {
		Customers, LookupRows, LookupInput json.RawMessage
		LookupResult, ForgetResult         string
	}
	if err := json.Unmarshal(stdout, &struct {
		Customers    *json.RawMessage `json:"customers"`
		LookupRows   *json.RawMessage `json:"lookup_rows"`
		LookupInput  *json.RawMessage `json:"lookup_input"`
		LookupResult *string          `json:"lookup_result"`
		ForgetResult *string          `json:"forget_result"`
	}{&got.Customers, &got.LookupRows, &got.LookupInput, &got.LookupResult, &got.ForgetResult}); err != nil {
		t.Fatalf("program output: %v\n%s", err, stdout)
	}
	if want := "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n"; got.ForgetResult != want {
		t.Errorf("[RESULT] of a function without OUT = %q, want %q", got.ForgetResult, want)
	}

	// to_json of the declaration with the schema's rows, each call and the
	// results Dispatch wrote.
	data := toJSONValue(t, jsonAgreeDoc+"\n"+lookup+"\n"+got.LookupResult)
	agree(t, "schema rows (ReadCustomerRows)", data["CUSTOMER"], got.Customers)
	agree(t, "[CALL] params (the method's input)", member(t, data["$call"], "params"), got.LookupInput)
	// An OUT str is a value whose "" is absent (omitzero): its key is left
	// out where the data form writes null; both mean absent.
	agree(t, "[RESULT] rows (the method's rows)", withoutNulls(member(t, data["$result"], "rows")), withoutNullsJSON(t, got.LookupRows))
	toJSONValue(t, jsonAgreeDoc+"\n"+forget+"\n"+got.ForgetResult)
}

// toJSONValue checks text, which must have no diagnostic, and returns its data
// form (translate --to json) decoded, numbers kept as written.
func toJSONValue(t *testing.T, text string) map[string]any {
	t.Helper()
	res := compiler.Check("agree.adsl", []byte(text), compiler.Options{})
	if len(res.Diags) != 0 {
		t.Fatalf("%s\n%s", text, diagText(res))
	}
	out, ds := translate.Translate(res.Doc, ir.JSON)
	if len(ds) != 0 {
		t.Fatalf("translate --to json: %s", diagsText(res.Source, ds))
	}
	var v map[string]any
	decodeJSON(t, out, &v)
	return v
}

func member(t *testing.T, v any, key string) any {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("want an object with %q, got %v", key, v)
	}
	return m[key]
}

func decodeJSON(t *testing.T, b []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
}

// withoutNulls drops the null members of the objects of an array of objects.
func withoutNulls(v any) any {
	rows, _ := v.([]any)
	for _, r := range rows {
		if m, ok := r.(map[string]any); ok {
			for k, x := range m {
				if x == nil {
					delete(m, k)
				}
			}
		}
	}
	return v
}

func withoutNullsJSON(t *testing.T, b json.RawMessage) json.RawMessage {
	t.Helper()
	var v any
	decodeJSON(t, b, &v)
	out, err := json.Marshal(withoutNulls(v))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// agree compares the data form's value with what encoding/json wrote.
func agree(t *testing.T, what string, want any, got json.RawMessage) {
	t.Helper()
	var g any
	decodeJSON(t, got, &g)
	if d := cmp.Diff(want, g); d != "" {
		t.Errorf("%s: translate --to json and encoding/json of the generated structs differ (-to_json +encoding/json):\n%s", what, d)
	}
	if strings.TrimSpace(string(got)) == "null" {
		t.Errorf("%s: nothing to compare", what)
	}
}
