package schema

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/grammars/agentdsl"
	"github.com/rosettac/rosettac/ir"
)

func check(t *testing.T, text string) diag.List {
	t.Helper()
	doc, ds := agentdsl.Parse(diag.NewSource("t.adsl", []byte(text)))
	if len(ds) > 0 {
		t.Fatalf("syntax diagnostics: %v", ds)
	}
	return Check(doc)
}

// TestSeedExamplesClean: every seed example checks without a diagnostic, except
// the standalone [CALL] note where a document has no [FUNCTIONS].
func TestSeedExamplesClean(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.adsl")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if ds := check(t, string(src)); len(ds) > 0 {
			t.Errorf("%s: %v", f, ds)
		}
	}
}

const (
	fn   = "[FUNCTIONS]\n[F]\nDESC[d]\nIN[A:str*|N:int|X:float|J:any]\n\n"
	base = "[SCHEMA:P]\nID:int|N:str\n[DATA]\n1|a\n2|b\n"
)

// TestDiagnostics has one case per checker code, each with its exact position.
func TestDiagnostics(t *testing.T) {
	for _, tc := range []struct {
		code, in, at string
		sev          diag.Severity
	}{
		{CodeNoID, "[SCHEMA:A]\nN:str|ID:int\n", "2:7", diag.Error},
		{CodeNoID, "[SCHEMA:A]\nN:str|X:int\n", "2:1", diag.Error},
		{CodeNoID, "[SCHEMA:A]\n[DATA]\n", "1:1", diag.Error},
		{CodeUnknownType, "[SCHEMA:A]\nID:int|N:strng\n", "2:10", diag.Error},
		{CodeUnknownType, "[SCHEMA:A]\nID:int|N:str*\n", "2:8", diag.Error},
		{CodeDupField, "[SCHEMA:A]\nID:int|N:str|N:int\n", "2:14", diag.Error},
		{CodeDupSchema, "[SCHEMA:A]\nID:int\n[SCHEMA:A]\nID:int\n", "3:9", diag.Error},
		{CodeTooManyFields, "[SCHEMA:A]\nID:int" + manyFields(500) + "\n", "2:" + col501(), diag.Error},
		{CodeFewCells, base + "3\n", "6:2", diag.Error},
		{CodeManyCells, base + "3|c|d\n", "6:5", diag.Error},
		{CodeBadInt, base + "x|c\n", "6:1", diag.Error},
		{CodeBadInt, base + "007|c\n", "6:1", diag.Error},
		{CodeBadInt, base + "_|c\n", "6:1", diag.Error},
		{CodeIntOverflow, base + "9223372036854775808|c\n", "6:1", diag.Error},
		{CodeBadFloat, "[SCHEMA:A]\nID:int|F:float\n[DATA]\n1|1.\n", "4:3", diag.Error},
		{CodeBadFloat, "[SCHEMA:A]\nID:int|F:float\n[DATA]\n1|1e999\n", "4:3", diag.Error},
		{CodeBadJSON, "[SCHEMA:A]\nID:int|J:any\n[DATA]\n1|{a:1}\n", "4:3", diag.Error},
		{CodeEmptyCell, base + "3|\n", "6:3", diag.Error},
		{CodeBadMulti, base + "3|a,,b\n", "6:3", diag.Error},
		{CodeBadMulti, base + "3|a,_\n", "6:3", diag.Error},
		{CodeDupID, base + "2|c\n", "6:1", diag.Error},
		{CodeDangling, base + "[SCHEMA:C]\nID:int|@P.ID:int\n[DATA]\n1|3\n", "9:3", diag.Error},
		{CodeDangling, "[SCHEMA:C]\nID:int|@P.ID:int\n[DATA]\n1|3\n" + base, "4:3", diag.Error},
		{CodeUnknownSchema, "[SCHEMA:C]\nID:int|@Q.ID:int\n", "2:8", diag.Error},
		{CodeCycle, "[SCHEMA:A]\nID:int|@A.ID:int\n", "2:8", diag.Error},
		{CodeCycle, "[SCHEMA:A]\nID:int|@B.ID:int\n[SCHEMA:B]\nID:int|@A.ID:int\n", "1:9", diag.Error},
		{CodeNoSchema, "[DATA]\n1|a\n", "1:1", diag.Error},
		{CodeSecondData, base + "[DATA]\n3|c\n", "6:1", diag.Error},
		{CodeUnknownFunc, fn + "[CALL]\n[G]\n", "7:2", diag.Error},
		{CodeUnknownFunc, "[CALL]\n[F]\nA:x\n" + fn, "2:2", diag.Error}, // declared only after the call
		{CodeResultMissing, outFn + "[RESULT]\n[DAY:int]\n1\n" + success, "10:1", diag.Error},
		{CodeResultExtra, outFn + "[RESULT]\n[DAY:int|HIGH:float|SOURCE:str]\n1|2.5|met\n" + success, "10:21", diag.Error},
		{CodeResultType, outFn + "[RESULT]\n[DAY:str|HIGH:float]\nmon|2.5\n" + success, "10:6", diag.Error},
		{CodeMissingParam, fn + "[CALL]\n[F]\nN:1\n", "7:2", diag.Error},
		{CodeUnknownParam, fn + "[CALL]\n[F]\nA:x\nB:y\n", "9:1", diag.Error},
		{CodeParamType, fn + "[CALL]\n[F]\nA:x\nN:three\n", "9:3", diag.Error},
		{CodeParamType, fn + "[CALL]\n[F]\nA:x\nX:1.5.2\n", "9:3", diag.Error},
		{CodeParamType, fn + "[CALL]\n[F]\nA:x\nJ:{\n", "9:3", diag.Error},
		{CodeDupParam, fn + "[CALL]\n[F]\nA:x\nA:y\n", "9:1", diag.Error},
		{CodeCallUnchecked, "[CALL]\n[GetWeather]\nCITY:Paris\n", "2:2", diag.Info},
		{CodeNoCallName, "[CALL]\nA:b\n", "1:1", diag.Error},
		{CodeBadStatus, "[RESULT]\n[STATUS:str]\nDONE\n[ERROR:str]\n", "3:1", diag.Error},
		{CodeBadStatus, "[RESULT]\n[STATUS:str]\n\n[ERROR:str]\n", "2:1", diag.Error},
		{CodeNoMessage, "[RESULT]\n[STATUS:str]\nERROR\n[ERROR:str]\n", "4:1", diag.Error},
		{CodeSuccessMsg, "[RESULT]\n[STATUS:str]\nSUCCESS\n[ERROR:str]\nboom\n", "5:1", diag.Error},
		{CodeNoMarker, "[RESULT]\n[A:str]\nx\n", "1:1", diag.Error},
		{CodeNoMarker, "[RESULT]\n[STATUS:str]\nSUCCESS\n", "3:1", diag.Error},
		{CodeNoHeader, "[RESULT]\nx|y\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n", "2:1", diag.Error},
		{CodeFewCells, "[RESULT]\n[A:str|B:int]\nx\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n", "3:2", diag.Error},
		{CodeDangling, base + "[RESULT]\n[A:str|B:@P.ID]\nx|9\n[STATUS:str]\nSUCCESS\n[ERROR:str]\n", "8:3", diag.Error},
		{CodeNoDesc, "[FUNCTIONS]\n[F]\nIN[A:str]\n", "2:2", diag.Error},
		{CodeDupFunc, "[FUNCTIONS]\n[F]\nDESC[a]\n[F]\nDESC[b]\n", "4:2", diag.Error},
		{CodeBadRef, "[SCHEMA:C]\nID:int|@C2.N:int\n[SCHEMA:C2]\nID:int|N:int\n", "2:8", diag.Error},
		{CodeBadRef, base + "[SCHEMA:C]\nID:int|@P.ID:str\n", "7:14", diag.Error},
		{CodeJSONPlace, base + "[JSON]\nARRAY:P\n", "6:1", diag.Error},
		{CodeJSONKey, "[JSON]\nLIST:P\n" + base, "2:1", diag.Error},
		{CodeJSONKey, "[JSON]\nARRAY:Q\n" + base, "2:7", diag.Error},
		{CodeJSONKey, "[JSON]\nKEYS:P\n" + base, "2:6", diag.Error},
		{CodeJSONKey, "[JSON]\nKEYS:P=a,a\n" + base, "2:6", diag.Error},
		{CodeJSONKey, "[JSON]\nKEYS:Q=a\n" + base, "2:6", diag.Error},
		{CodeJSONNoID, "[JSON]\nNOID:P\n[SCHEMA:P]\nID:int\n[DATA]\n2\n1\n", "2:6", diag.Error},
		{CodeJSONObject, "[JSON]\nOBJECT:P\n" + base, "2:8", diag.Error},
		{CodeAnyNull, "[SCHEMA:A]\nID:int|J:any\n[DATA]\n1|null\n", "4:3", diag.Warning},
		{CodeAnySpace, "[SCHEMA:A]\nID:int|J:any\n[DATA]\n1| 1\n", "4:3", diag.Warning},
	} {
		t.Run(tc.code+"_"+tc.at, func(t *testing.T) {
			ds := check(t, tc.in)
			if len(ds) != 1 {
				t.Fatalf("got %d diagnostics, want 1 %s at %s:\n%v", len(ds), tc.code, tc.at, ds)
			}
			d := ds[0]
			if got := d.Code + " " + d.Span.Start().String(); got != tc.code+" "+tc.at {
				t.Errorf("got %s (%s), want %s %s", got, d.Message, tc.code, tc.at)
			}
			if d.Severity != tc.sev {
				t.Errorf("severity %s, want %s", d.Severity, tc.sev)
			}
			if d.Hint == "" || d.Message == "" {
				t.Errorf("message %q, hint %q: both are required", d.Message, d.Hint)
			}
		})
	}
}

// outFn declares Forecast with an OUT and calls it; a [RESULT] after it
// answers that call.
const outFn = "[FUNCTIONS]\n[Forecast]\nDESC[daily]\nIN[CITY:str*]\nOUT[DAY:int|HIGH:float]\n[CALL]\n[Forecast]\nCITY:Oslo\n"

const success = "[STATUS:str]\nSUCCESS\n[ERROR:str]\n"

func manyFields(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString("|F")
		b.WriteString(strings.Repeat("x", 0))
		b.WriteString(itoa(i))
		b.WriteString(":int")
	}
	return b.String()
}

// col501 is the column where the 501st field starts.
func col501() string {
	line := "ID:int" + manyFields(500)
	fields := strings.Split(line, "|")
	return itoa(len(strings.Join(fields[:500], "|")) + 2)
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// TestEveryCodeTested keeps TestDiagnostics complete: every code constant of
// the package has a case.
func TestEveryCodeTested(t *testing.T) {
	src, err := os.ReadFile("schema.go")
	if err != nil {
		t.Fatal(err)
	}
	test, err := os.ReadFile("schema_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for _, m := range regexp.MustCompile(`(?m)^\t(Code\w+)\s+= "AD\d+"`).FindAllStringSubmatch(string(src), -1) {
		if !strings.Contains(string(test), "{"+m[1]+",") {
			missing = append(missing, m[1])
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("codes without a case in TestDiagnostics: %v", missing)
	}
}

func TestCells(t *testing.T) {
	for _, tc := range []struct {
		kind ir.DSLTypeKind
		text string
		code string
	}{
		{ir.DSLInt, "0", ""},
		{ir.DSLInt, "-0", ""},
		{ir.DSLInt, "9223372036854775807", ""},
		{ir.DSLInt, "-9223372036854775808", ""},
		{ir.DSLInt, "-9223372036854775809", CodeIntOverflow},
		{ir.DSLInt, "+1", CodeBadInt},
		{ir.DSLInt, "1.0", CodeBadInt},
		{ir.DSLInt, " 1", CodeBadInt},
		{ir.DSLFloat, "2.0", ""},
		{ir.DSLFloat, "-0.5e+10", ""},
		{ir.DSLFloat, "1E5", ""},
		{ir.DSLFloat, "3", ""},
		{ir.DSLFloat, ".5", CodeBadFloat},
		{ir.DSLFloat, "NaN", CodeBadFloat},
		{ir.DSLFloat, "1e", CodeBadFloat},
		{ir.DSLStr, "a b", ""},
		{ir.DSLStr, "Coding,Reading", ""},
		{ir.DSLStr, ",a", CodeBadMulti},
		{ir.DSLAny, `"_"`, ""},
		{ir.DSLAny, `[1,{"a":null}]`, ""},
		{ir.DSLAny, `1 2`, CodeBadJSON},
		{ir.DSLAny, "_", ""},
	} {
		code, _, _, ok := CheckCell(tc.kind, tc.text)
		if ok != (tc.code == "") || code != tc.code {
			t.Errorf("%s %q: got %q, want %q", tc.kind, tc.text, code, tc.code)
		}
	}
}

func TestIDSet(t *testing.T) {
	var s idSet
	ids := []int64{1, 2, 3, 1 << 40, -5, 70000, 100, 0}
	for _, id := range ids {
		if !s.Add(id) {
			t.Errorf("Add(%d) = false on first add", id)
		}
	}
	for i := int64(4); i < 200000; i++ {
		if i != 100 && i != 70000 {
			s.Add(i)
		}
	}
	for _, id := range ids {
		if s.Add(id) || !s.Has(id) {
			t.Errorf("%d: not kept", id)
		}
	}
	if s.Has(200000) || s.Has(-4) || s.Has(1<<41) {
		t.Error("Has reports an ID never added")
	}
	if got, want := s.Len(), 200000+2; got != want {
		t.Errorf("Len = %d, want %d", got, want)
	}
	if len(s.bits) > 200000/64*4 {
		t.Errorf("bitmap of %d words for 200k dense IDs", len(s.bits))
	}
}

// TestNoCascade: a broken column line reports only its syntax error.
func TestNoCascade(t *testing.T) {
	doc, ds := agentdsl.Parse(diag.NewSource("t.adsl", []byte("[SCHEMA:A]\nID:int|N:\n[DATA]\n1|x|y\n")))
	ds = append(ds, Check(doc)...)
	if diff := cmp.Diff([]string{"AD002"}, ds.Codes()); diff != "" {
		t.Error(diff)
	}
}
