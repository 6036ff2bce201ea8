package datajson_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/internal/datajson"
	"github.com/rosettac/rosettac/internal/jsonvalue"
	"github.com/rosettac/rosettac/ir"
	"github.com/rosettac/rosettac/passes/schema"
)

var syn = agentdsl.Syntax{}

// parseClean parses and checks text; any diagnostic fails the test.
func parseClean(t testing.TB, name, text string) *ir.DSLDoc {
	t.Helper()
	doc, ds := agentdsl.Parse(diag.NewSource(name, []byte(text)))
	ds = append(ds, schema.Check(doc)...)
	if ds.Count(diag.Error)+ds.Count(diag.Warning) > 0 {
		t.Fatalf("%s: diagnostics:\n%v\n%s", name, ds, text)
	}
	return doc
}

func toJSON(t testing.TB, doc *ir.DSLDoc) []byte {
	t.Helper()
	out, ds := datajson.ToJSON(doc, syn)
	if len(ds) > 0 {
		t.Fatalf("to_json diagnostics: %v\n%s", ds, agentdsl.Print(doc))
	}
	return out
}

func fromJSON(t testing.TB, data []byte) *ir.DSLDoc {
	t.Helper()
	doc, ds := datajson.FromJSON(diag.NewSource("t.json", data), syn)
	if doc == nil || len(ds) > 0 {
		t.Fatalf("from_json diagnostics: %v\n%s", ds, data)
	}
	if cs := schema.Check(doc); cs.Count(diag.Error)+cs.Count(diag.Warning) > 0 {
		t.Fatalf("from_json output does not check clean: %v\n%s\nfrom %s", cs, agentdsl.Print(doc), data)
	}
	return doc
}

// law1 checks from_json(to_json(d)) == d in canonical text.
func law1(t testing.TB, name, text string) {
	t.Helper()
	doc := parseClean(t, name, text)
	data := toJSON(t, doc)
	back := fromJSON(t, data)
	if diff := cmp.Diff(string(agentdsl.Print(doc)), string(agentdsl.Print(back))); diff != "" {
		t.Fatalf("%s: from_json(to_json(d)) != d (-d +back):\n%s\njson: %s", name, diff, data)
	}
}

// law2 checks to_json(from_json(v)) == v, key order included.
func law2(t testing.TB, data []byte) {
	t.Helper()
	doc := fromJSON(t, data)
	out := toJSON(t, doc)
	a, err := datajson.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := datajson.Decode(out)
	if err != nil {
		t.Fatalf("to_json wrote invalid JSON: %v\n%s", err, out)
	}
	if msg := sameJSON(a, b, "$"); msg != "" {
		t.Fatalf("to_json(from_json(v)) != v: %s\nv:    %s\nback: %s\ndsl:\n%s", msg, data, out, agentdsl.Print(doc))
	}
}

// sameJSON compares two values: numbers by their text, strings by their bytes,
// objects by their keys in order and their values.
func sameJSON(a, b *ir.JSONValue, path string) string {
	lit := func(v *ir.JSONValue) string { return string(jsonvalue.Compact(v)) }
	if a.Kind != b.Kind {
		return fmt.Sprintf("%s: %s became %s", path, lit(a), lit(b))
	}
	switch a.Kind {
	case ir.JSONNumber, ir.JSONBool, ir.JSONNull:
		if a.Text != b.Text || a.Bool != b.Bool {
			return fmt.Sprintf("%s: %s became %s", path, lit(a), lit(b))
		}
	case ir.JSONString:
		if a.Text != b.Text {
			return fmt.Sprintf("%s: %s became %s", path, lit(a), lit(b))
		}
	case ir.JSONArray:
		if len(a.Items) != len(b.Items) {
			return fmt.Sprintf("%s: %d items became %d", path, len(a.Items), len(b.Items))
		}
		for i := range a.Items {
			if m := sameJSON(a.Items[i], b.Items[i], path+"["+strconv.Itoa(i)+"]"); m != "" {
				return m
			}
		}
	case ir.JSONObject:
		// Every key keeps its place: from_json marks the objects whose
		// arrays of objects come before other keys ([JSON] KEYS), and
		// to_json writes them back in that order.
		if ka, kb := keys(a), keys(b); !slicesEqual(ka, kb) {
			return fmt.Sprintf("%s: key order %v became %v", path, ka, kb)
		}
		for _, m := range a.Members {
			w := b.Member(m.Key)
			if w == nil {
				return fmt.Sprintf("%s: key %s is lost", path, m.Key)
			}
			if msg := sameJSON(m.Value, w, path+"."+m.Key); msg != "" {
				return msg
			}
		}
	}
	return ""
}

func keys(v *ir.JSONValue) []string {
	var ks []string
	for _, m := range v.Members {
		ks = append(ks, m.Key)
	}
	return ks
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSeedExamplesRoundTrip: every seed example converts to JSON and back, and
// customers, orders and items nest three levels deep.
func TestSeedExamplesRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.adsl")
	if len(files) < 8 {
		t.Fatalf("found %d examples", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		law1(t, f, string(src))
		law2(t, toJSON(t, parseClean(t, f, string(src))))
	}
	src, _ := os.ReadFile("../../examples/customers.adsl")
	got := string(toJSON(t, parseClean(t, "customers.adsl", string(src))))
	want := `{"CUSTOMER":[{"ID":1,"NAME":"Acme Corp","ACCOUNT_TYPE":"ENTERPRISE","ORDERS":[` +
		`{"ID":1,"ORDER_NUM":"ORD-001","TOTAL":5000.50,"ITEMS":[{"ID":1,"SKU":"SKU-A001","QTY":100,"PRICE":50.00},{"ID":2,"SKU":"SKU-A002","QTY":50,"PRICE":25.00}]},` +
		`{"ID":2,"ORDER_NUM":"ORD-002","TOTAL":3200.00,"ITEMS":[{"ID":3,"SKU":"SKU-B001","QTY":200,"PRICE":16.00}]}]}]}` + "\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestLaw1Cases are documents whose declarations the data alone cannot say;
// to_json's hints carry them.
func TestLaw1Cases(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"float column of integers", "[SCHEMA:A]\nID:int|F:float\n\n[DATA]\n1|3\n2|4\n"},
		{"all-empty int column", "[SCHEMA:A]\nID:int|N:int\n\n[DATA]\n1|_\n"},
		{"no rows", "[SCHEMA:A]\nID:int|N:int|S:str\n\n[DATA]\n"},
		{"child with no rows", "[SCHEMA:A]\nID:int\n\n[DATA]\n1\n\n[SCHEMA:B]\nID:int|@A.ID:int|X:str\n\n[DATA]\n"},
		{"child of an empty parent", "[SCHEMA:A]\nID:int\n\n[DATA]\n\n[SCHEMA:B]\nID:int|@A.ID:int|X:str\n\n[DATA]\n"},
		{"fk not second", "[SCHEMA:A]\nID:int\n\n[DATA]\n1\n\n[SCHEMA:B]\nID:int|X:str|@A.ID:int\n\n[DATA]\n5|x|1\n"},
		{"second reference", "[SCHEMA:A]\nID:int\n\n[DATA]\n1\n\n[SCHEMA:P]\nID:int\n\n[DATA]\n7\n\n[SCHEMA:B]\nID:int|@A.ID:int|@P.ID:int\n\n[DATA]\n5|1|7\n"},
		{"rows out of nesting order", "[SCHEMA:A]\nID:int\n\n[DATA]\n1\n2\n\n[SCHEMA:B]\nID:int|@A.ID:int\n\n[DATA]\n10|2\n11|1\n12|2\n"},
		{"unrelated schema between parent and child", "[SCHEMA:A]\nID:int\n\n[DATA]\n1\n\n[SCHEMA:U]\nID:int\n\n[DATA]\n1\n\n[SCHEMA:B]\nID:int|@A.ID:int\n\n[DATA]\n1|1\n"},
		{"any holding scalars and objects", "[SCHEMA:A]\nID:int|J:any|K:any\n\n[DATA]\n1|5|{\"a\":[{\"b\":1}]}\n2|\"x\"|[{\"c\":2}]\n"},
		{"str with blanks and commas", "[SCHEMA:A]\nID:int|S:str\n\n[DATA]\n1| padded \n2|a, b\n"},
		{"named reference label", "[SCHEMA:Det]\nID:int|H:str\n\n[DATA]\n1|x\n\n[SCHEMA:A]\nID:int|D:@Det.ID\n\n[DATA]\n1|1\n2|1\n3|_\n"},
		{"shared target", "[SCHEMA:D]\nID:int|H:str\n\n[DATA]\n1|x\n2|y\n\n[SCHEMA:A]\nID:int|D:@D.ID\n\n[DATA]\n1|2\n2|1\n3|2\n"},
		{"functions call result", "[FUNCTIONS]\n[F]\nDESC[d [x]]\nIN[A:str*|B|C:any|D:@@.ID]\n\n[G]\nDESC[g]\n"},
		{"call values", "[FUNCTIONS]\n[F]\nDESC[d]\nIN[A:str*|N:int|J:any|L:str]\n\n[CALL]\n[F]\nA:x y\nN:3\nJ:{\"k\": [1]}\nL:p,q\n"},
		{"call without functions", "[CALL]\n[F]\nA: spaced \nB:3\n"},
		{"result with no rows", "[RESULT]\n[A:str|B:int]\n[STATUS:str]\nERROR\n[ERROR:str]\nbad | thing\n"},
		{"json block", "[JSON]\nNOID:A\n\n[SCHEMA:A]\nID:int|X:str\n\n[DATA]\n1|a\n2|b\n"},
		{"bare array", "[JSON]\nARRAY:ROOT\nNOID:ROOT\n\n[SCHEMA:ROOT]\nID:int|X:str\n\n[DATA]\n1|a\n2|b\n"},
		{"bare object", "[JSON]\nOBJECT:ROOT\n\n[SCHEMA:ROOT]\nID:int|X:str\n\n[DATA]\n4|a\n"},
		{"result before data", "[RESULT]\n[A:str]\nx\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n\n[SCHEMA:A]\nID:int\n\n[DATA]\n1\n"},
		{"key order", "[JSON]\nNOID:A\nKEYS:A=b,x\n\n[SCHEMA:A]\nID:int|x:int\n\n[DATA]\n1|5\n\n[SCHEMA:b]\nID:int|@A.ID:int|y:str\n\n[DATA]\n1|1|q\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.in, "@@") {
				tc.in = strings.ReplaceAll(tc.in, "|D:@@.ID", "")
			}
			law1(t, tc.name, tc.in)
		})
	}
}

// TestFromJSONErrors: a JSON value outside the supported shape is an error
// naming its JSON path.
func TestFromJSONErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`3`, "$: the top level is a number"},
		{`[1,2]`, "$[0]: a number in an array of objects"},
		{`{"a":[{"x":1},{"y":2}]}`, "$.a[1]: keys y differ from x at $.a[0]"},
		{`{"a":[{"x":1,"y":2},{"y":2,"x":1}]}`, "$.a[1]: keys y,x differ"},
		{`{"a b":1}`, `$: key "a b" is not a field name`},
		{`{"x":[{"a":1},2]}`, "$.x: an array that mixes objects and other values"},
		{`{"x":1,"ID":2}`, "$.ID: key ID comes first"},
		{`{"ID":"a"}`, "$.ID: ID is \"a\""},
		{`[{"ID":1},{"ID":1}]`, "$[1].ID: duplicate ID 1 in ROOT"},
		{`{"a":[{"x":1}],"b":[{"c":[{"y":1}]}],"c":[{"z":1}]}`, "both become a schema labelled c"},
		{`[{"x":{"a":1}},{"x":2}]`, "$[0].x holds objects and other values"},
		{`{"a":1,`, "invalid JSON at byte"},
		{`{"A":[{"x":1}],"$foo":[]}`, `$: key "$foo" is not a label`},
		// A long value is clipped for the message without cutting a character.
		{`{"$agentdsl":{"columns":{"ROOT":"ID:int|X:int"}},"ROOT":[{"ID":1,"X":"` + strings.Repeat("a", 35) + `ééééé"}]}`,
			`"` + strings.Repeat("a", 35) + "... does not fit column X:int"},
	} {
		_, ds := datajson.FromJSON(diag.NewSource("t.json", []byte(tc.in)), syn)
		if len(ds) == 0 || !strings.Contains(ds[0].Message, tc.want) {
			t.Errorf("%s: got %v, want a message containing %q", tc.in, ds, tc.want)
		}
	}
}

// TestFromJSONErrorLists: from_json reads the tables straight off the bytes
// (rows.go), yet reports what a reading of the whole tree reports: keys that
// differ before anything inside the object, an array that mixes objects and
// other values before anything inside it, the reading going on past an error
// inside a hinted named reference, and a top-level object whose label arrays
// turn out not to hold only objects read as a bare object.
func TestFromJSONErrorLists(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`{"a":[{"x":1,"c":[{"y":1}]},{"x":1,"c":[{"y":1},{"z":2}],"w":1}]}`,
			[]string{"1:29 $.a[1]: keys x,c,w differ from x,c at $.a[0]; objects of one table share one key set in one order"}},
		{`{"a":[{"c":[{"y":1},{"z":1},3]}]}`,
			[]string{"1:12 $.a[0].c: an array that mixes objects and other values"}},
		{`{"A":[{"ID":1,"R":{"ID":"x"},"S":{"ID":"y"},"T":5}],"$agentdsl":{"columns":{"A":"ID:int|R:@D.ID|S:@D.ID|T:int"}}}`,
			[]string{`1:25 $.A[0].R.ID: ID is "x"; a row ID is a 64-bit integer`, `1:40 $.A[0].S.ID: ID is "y"; a row ID is a 64-bit integer`}},
		{`{"a":[{"x":1},2]}`,
			[]string{"1:6 $.a: an array that mixes objects and other values"}},
		{`{"A":[{"ID":1}],"$agentdsl":{"order":["","A"]}}`,
			[]string{"1:1 $agentdsl.order names , which the JSON does not hold"}},
	} {
		doc, ds := datajson.FromJSON(diag.NewSource("t.json", []byte(tc.in)), syn)
		var got []string
		for _, d := range ds {
			got = append(got, d.Span.Start().String()+" "+d.Message)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" || doc != nil {
			t.Errorf("%s: doc %v, diagnostics (-want +got):\n%s", tc.in, doc != nil, diff)
		}
	}
}

// TestFromJSONRowSpans: a row's span is where its object starts, as
// diag.Source counts lines and code points, across lines, non-ASCII text and
// bytes that are not UTF-8 (JSON strings may hold them).
func TestFromJSONRowSpans(t *testing.T) {
	in := "{\"A\": [\n  {\"ID\": 1, \"S\": \"北京\\u00e9\x97\xe5\", \"B\": [{\"X\": \"🙂\"}, {\"X\": \"é\"}]},\n" +
		"  {\"ID\": 2, \"S\": \"ü\", \"B\": []}, {\"ID\": 3, \"S\": \"x\", \"B\": [{\"X\": \"y\"}]}\n]}\n"
	src := diag.NewSource("t.json", []byte(in))
	doc, ds := datajson.FromJSON(src, syn)
	if doc == nil {
		t.Fatal(ds)
	}
	var got, want []string
	for _, bl := range doc.Blocks {
		if d, ok := bl.(*ir.DSLData); ok {
			for _, r := range d.Rows {
				got = append(got, r.Span.Start().String())
			}
		}
	}
	// The objects: A's rows, then B's (its own block).
	at := 0
	var a, b []string
	for i := 0; i < len(in); i++ {
		if in[i] != '{' || i == 0 {
			continue
		}
		at++
		p := src.Pos(i).String()
		if strings.HasPrefix(in[i:], `{"ID"`) {
			a = append(a, p)
		} else {
			b = append(b, p)
		}
	}
	want = append(a, b...)
	if diff := cmp.Diff(want, got); diff != "" || at != 6 {
		t.Errorf("row spans (-want +got):\n%s", diff)
	}
}

// TestToJSONLosses: what JSON cannot carry is reported.
func TestToJSONLosses(t *testing.T) {
	for _, tc := range []struct{ in, code, at string }{
		{"[SCHEMA:A]\nID:int\n[DATA]\n1\n[SCHEMA:B]\nID:int|@A.ID:int\n[DATA]\n1|_\n", datajson.CodeLost, "8:1"},
		{"[SCHEMA:D]\nID:int\n[DATA]\n1\n2\n[SCHEMA:A]\nID:int|X:@D.ID\n[DATA]\n1|1\n", datajson.CodeLost, "5:1"},
		{"[CALL]\n[F]\n[CALL]\n[G]\n", datajson.CodeLost, "3:1"},
		{"[JSON]\nARRAY:A\n[SCHEMA:A]\nID:int|F:float\n[DATA]\n1|1\n", datajson.CodeNotExact, "2:1"},
		// A KEYS line that does not list the objects' keys, or lists them in
		// the order to_json writes anyway, is not what from_json writes.
		{"[JSON]\nKEYS:A=ID,Y\n[SCHEMA:A]\nID:int|X:int\n[DATA]\n1|1\n", datajson.CodeNotExact, "2:6"},
		{"[JSON]\nKEYS:A=ID,X\n[SCHEMA:A]\nID:int|X:int\n[DATA]\n1|1\n", datajson.CodeNotExact, "1:1"},
	} {
		doc, _ := agentdsl.Parse(diag.NewSource("t.adsl", []byte(tc.in)))
		_, ds := datajson.ToJSON(doc, syn)
		if len(ds) == 0 || ds[0].Code != tc.code || ds[0].Span.Start().String() != tc.at {
			t.Errorf("%q: got %v, want %s at %s", tc.in, ds, tc.code, tc.at)
		}
	}
}

// TestTopLevelKeyOrder: JSON → AgentDSL → JSON keeps the top-level key order
// (#20 item 11): an array of objects before a nested object stays before it,
// by the [JSON] KEYS line from_json writes.
func TestTopLevelKeyOrder(t *testing.T) {
	in := `{"users":[{"name":"a","age":3},{"name":"b","age":4}],"meta":{"v":1},"n":2}`
	doc := fromJSON(t, []byte(in))
	text := string(agentdsl.Print(doc))
	if !strings.Contains(text, "KEYS:ROOT=users,meta,n\n") {
		t.Errorf("from_json wrote no KEYS line for ROOT:\n%s", text)
	}
	if out := strings.TrimSpace(string(toJSON(t, doc))); out != in {
		t.Errorf("to_json(from_json(v))\n got %s\nwant %s", out, in)
	}
	// The default order needs no line.
	if text := string(agentdsl.Print(fromJSON(t, []byte(`{"n":2,"users":[{"x":1}]}`)))); strings.Contains(text, "KEYS") {
		t.Errorf("KEYS written for the default order:\n%s", text)
	}
}

// TestLaw1Property: from_json(to_json(d)) == d over generated documents.
func TestLaw1Property(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 400
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		text := genDoc(rng)
		law1(t, fmt.Sprintf("doc%d", i), text)
	}
}

// TestLaw2Property: to_json(from_json(v)) == v over generated JSON.
func TestLaw2Property(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	n := 400
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		law2(t, genJSON(rng))
	}
}

// Generators.

var words = []string{"a", "Zoë", "北京", "x y", "tab\there", "q\"uote", "back\\slash", "_x", "under_score", "e\u0301", "🙂", "0", "-3", "null", "true", "[1]", "{}", " lead", "trail ", "semi;colon"}

func genString(rng *rand.Rand) string {
	s := words[rng.Intn(len(words))]
	switch rng.Intn(8) {
	case 0:
		s += "|" + words[rng.Intn(len(words))]
	case 1:
		s += "," + words[rng.Intn(len(words))]
	case 2:
		s += "\n" + words[rng.Intn(len(words))]
	case 3:
		s = "_"
	case 4:
		s = ""
	}
	return s
}

func jsonString(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

var floats = []string{"2.0", "-0.5", "1e10", "1E-5", "6.02e+23", "0.0", "-0.0", "3.14159265358979323846", "1.5E300", "100"}
var ints = []string{"0", "-1", "42", "9007199254740993", "-9223372036854775808", "9223372036854775807"}

func genInt(rng *rand.Rand) string { return ints[rng.Intn(len(ints))] }

func genFloat(rng *rand.Rand) string { return floats[rng.Intn(len(floats))] }

// genAny is a random compact JSON value (never null itself); from depth 1 on it
// holds no object, as the supported shape of from_json wants.
func genAny(rng *rand.Rand, depth int) string {
	switch k := rng.Intn(7); {
	case k == 0:
		return genInt(rng)
	case k == 1:
		return genFloat(rng)
	case k == 2 || depth > 2:
		return jsonString(genString(rng))
	case k == 3:
		return []string{"true", "false"}[rng.Intn(2)]
	case k == 4:
		var parts []string
		for i := rng.Intn(3); i > 0; i-- {
			parts = append(parts, genAny(rng, depth+1))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case k == 5:
		return "12345678901234567890123"
	case depth > 0:
		return "null"
	default:
		var parts []string
		for i := rng.Intn(3); i > 0; i-- {
			parts = append(parts, jsonString(fmt.Sprintf("k%d|%d", i, depth))+":"+genAny(rng, depth+1))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
}

// genCell is a valid cell of kind k.
func genCell(rng *rand.Rand, k string) string {
	if rng.Intn(6) == 0 {
		return "_"
	}
	switch k {
	case "int":
		return genInt(rng)
	case "float":
		return genFloat(rng)
	case "str":
		var parts []string
		for i := 1 + rng.Intn(3); i > 0; i-- {
			s := words[rng.Intn(len(words))]
			if rng.Intn(3) == 0 {
				s = strings.TrimSpace(s)
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ",")
	}
	return genAny(rng, 0)
}

// genDoc writes a random valid document: root tables, children, named
// references, sometimes functions, a call and a result, sometimes NOID.
func genDoc(rng *rand.Rand) string {
	var b strings.Builder
	type tbl struct {
		label string
		ids   []int
	}
	var tables []tbl
	kinds := []string{"int", "float", "str", "any"}
	cols := func(n int) ([]string, []string) {
		var names, ks []string
		for i := 0; i < n; i++ {
			names = append(names, fmt.Sprintf("C%d_%c", i, 'a'+rng.Intn(26)))
			ks = append(ks, kinds[rng.Intn(len(kinds))])
		}
		return names, ks
	}
	ids := func(n int) []int {
		start := 1 + rng.Intn(3)*rng.Intn(1000)
		out := make([]int, n)
		for i := range out {
			out[i] = start + i
		}
		if rng.Intn(3) == 0 {
			rng.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
		}
		return out
	}
	useJSON := rng.Intn(5) == 0
	var noid []string
	ntab := 1 + rng.Intn(4)
	var body strings.Builder
	for ti := 0; ti < ntab; ti++ {
		label := fmt.Sprintf("T%d", ti)
		names, ks := cols(rng.Intn(4))
		nrows := rng.Intn(5)
		var parent *tbl
		if len(tables) > 0 && rng.Intn(2) == 0 {
			parent = &tables[rng.Intn(len(tables))]
			if len(parent.ids) == 0 {
				nrows = 0
			}
		}
		// A named-reference target is written first, holding exactly the rows referenced.
		var target *tbl
		var targetRefs []string
		if rng.Intn(3) == 0 && nrows > 0 {
			tl := label + "D"
			tids := ids(1 + rng.Intn(3))
			target = &tbl{label: tl, ids: tids}
			for i := 0; i < nrows; i++ {
				if rng.Intn(4) == 0 {
					targetRefs = append(targetRefs, "_")
				} else {
					targetRefs = append(targetRefs, strconv.Itoa(tids[rng.Intn(len(tids))]))
				}
			}
			used := map[string]bool{}
			for _, r := range targetRefs {
				used[r] = true
			}
			var keep []int
			for _, id := range tids {
				if used[strconv.Itoa(id)] {
					keep = append(keep, id)
				}
			}
			target.ids = keep
			fmt.Fprintf(&body, "[SCHEMA:%s]\nID:int|H:str\n\n[DATA]\n", tl)
			for _, id := range keep {
				fmt.Fprintf(&body, "%d|%s\n", id, genCell(rng, "str"))
			}
			body.WriteString("\n")
			tables = append(tables, *target)
		}
		fmt.Fprintf(&body, "[SCHEMA:%s]\nID:int", label)
		if parent != nil {
			fmt.Fprintf(&body, "|@%s.ID:int", parent.label)
		}
		for i := range names {
			fmt.Fprintf(&body, "|%s:%s", names[i], ks[i])
		}
		if target != nil {
			fmt.Fprintf(&body, "|REF:@%s.ID", target.label)
		}
		body.WriteString("\n\n[DATA]\n")
		rowIDs := ids(nrows)
		if useJSON && rng.Intn(2) == 0 && nrows > 0 && parent == nil {
			for i := range rowIDs {
				rowIDs[i] = i + 1
			}
			noid = append(noid, label)
		}
		for i, id := range rowIDs {
			fmt.Fprintf(&body, "%d", id)
			if parent != nil {
				pid := parent.ids[rng.Intn(len(parent.ids))]
				if len(parent.ids) == 1 {
					pid = parent.ids[0]
				}
				fmt.Fprintf(&body, "|%d", pid)
			}
			for _, k := range ks {
				body.WriteString("|" + genCell(rng, k))
			}
			if target != nil {
				body.WriteString("|" + targetRefs[i])
			}
			body.WriteString("\n")
		}
		body.WriteString("\n")
		tables = append(tables, tbl{label: label, ids: rowIDs})
	}
	if rng.Intn(3) == 0 {
		body.WriteString("[FUNCTIONS]\n[Fn]\nDESC[does | things, [really]]\nIN[A:str*|B:int|C|D:any]\nOUT[X:str|Y:float]\n\n") // the OUT the [RESULT] below answers with
		if rng.Intn(2) == 0 {
			fmt.Fprintf(&body, "[CALL]\n[Fn]\nA:%s\nB:%s\nD:%s\n\n", strings.ReplaceAll(genCell(rng, "str"), "\n", " "), genInt(rng), genAny(rng, 0))
		}
	}
	if rng.Intn(3) == 0 {
		body.WriteString("[RESULT]\n[X:str|Y:float]\n")
		for i := rng.Intn(3); i > 0; i-- {
			fmt.Fprintf(&body, "%s|%s\n", genCell(rng, "str"), genCell(rng, "float"))
		}
		if rng.Intn(2) == 0 {
			body.WriteString("[STATUS:str]\nSUCCESS\n[ERROR:str]\n\n")
		} else {
			body.WriteString("[STATUS:str]\nERROR\n[ERROR:str]\nit broke, badly | twice\n\n")
		}
	}
	if len(noid) > 0 {
		fmt.Fprintf(&b, "[JSON]\nNOID:%s\n\n", strings.Join(noid, ","))
	}
	b.WriteString(body.String())
	return strings.TrimSuffix(b.String(), "\n")
}

// genJSON writes a random JSON value of the supported shape.
func genJSON(rng *rand.Rand) []byte {
	g := &jgen{rng: rng}
	var b strings.Builder
	switch rng.Intn(4) {
	case 0:
		b.WriteString(g.array(g.shape(0), 1+rng.Intn(3), true))
	case 1:
		b.WriteString(g.object(g.shape(0), true))
	default:
		b.WriteString("{")
		for i := 1 + rng.Intn(2); i > 0; i-- {
			if i < 3 && b.Len() > 1 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"root%d":%s`, i, g.array(g.shape(0), rng.Intn(3), true))
		}
		b.WriteString("}")
	}
	return []byte(b.String())
}

type jgen struct {
	rng  *rand.Rand
	keys int
	id   int
}

// field is one key of a generated shape.
type field struct {
	key   string
	kind  string // int float str multi any bool object objects id
	child []field
}

func (g *jgen) key(prefix string) string {
	g.keys++
	return fmt.Sprintf("%s%d", prefix, g.keys)
}

func (g *jgen) shape(depth int) []field {
	var fs []field
	if g.rng.Intn(4) == 0 {
		fs = append(fs, field{key: "ID", kind: "id"})
	}
	kinds := []string{"int", "float", "str", "multi", "any", "bool", "object", "objects", "empty"}
	for i := g.rng.Intn(5); i > 0; i-- {
		k := kinds[g.rng.Intn(len(kinds))]
		if depth > 2 && (k == "object" || k == "objects") {
			k = "str"
		}
		f := field{key: g.key("k"), kind: k}
		if k == "object" && g.rng.Intn(2) == 0 {
			// Nested objects in different places may share a key: from_json
			// then labels the second target KEY_2 (the labels law 2 missed).
			if key := "o" + strconv.Itoa(g.rng.Intn(2)); !hasKey(fs, key) {
				f.key = key
			}
		}
		if k == "object" || k == "objects" {
			f.child = g.shape(depth + 1)
		}
		fs = append(fs, f)
	}
	return fs
}

func hasKey(fs []field, key string) bool {
	for _, f := range fs {
		if f.key == key {
			return true
		}
	}
	return false
}

func (g *jgen) space() string {
	return []string{"", "", " ", "\n  "}[g.rng.Intn(4)]
}

func (g *jgen) array(fs []field, n int, top bool) string {
	var parts []string
	for i := 0; i < n; i++ {
		parts = append(parts, g.object(fs, top))
	}
	return "[" + g.space() + strings.Join(parts, ","+g.space()) + "]"
}

func (g *jgen) object(fs []field, top bool) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, `"`+f.key+`":`+g.space()+g.value(f))
	}
	return "{" + strings.Join(parts, ",") + g.space() + "}"
}

func (g *jgen) value(f field) string {
	null := g.rng.Intn(5) == 0
	switch f.kind {
	case "id":
		g.id++
		return strconv.Itoa(g.id*7 - 3)
	case "int":
		if null {
			return "null"
		}
		return genInt(g.rng)
	case "float":
		if null {
			return "null"
		}
		return genFloat(g.rng)
	case "str":
		if null {
			return "null"
		}
		return jsonString(genString(g.rng))
	case "multi":
		return `["x","y` + strconv.Itoa(g.rng.Intn(9)) + `","z"]`
	case "any":
		if null {
			return "null"
		}
		return genAny(g.rng, 1)
	case "bool":
		return "true"
	case "object":
		if null {
			return "null"
		}
		return g.object(f.child, false)
	case "objects":
		return g.array(f.child, g.rng.Intn(3), false)
	case "empty":
		return "[]"
	}
	return "null"
}
