package translate_test

import (
	"strings"
	"testing"

	"github.com/rosettac/rosettac/compiler"
	"github.com/rosettac/rosettac/diag"
	"github.com/rosettac/rosettac/emit/translate"
	"github.com/rosettac/rosettac/ir"
)

// TestRosettaTablesToAgentDSL: Rosetta tables (csv blocks, x_cols bindings)
// whose cells an AgentDSL row cannot hold as they are ('|' in a cell, a row
// with the wrong cell count) never become AgentDSL that does not check: a str
// column is carried as any (JSON strings), a row that still cannot be
// carried is left out, and each is named in the message's T025. Before the
// fix the cells were joined with '|' as they were, and the output failed
// the AgentDSL checker (AD021) with no T diagnostic.
func TestRosettaTablesToAgentDSL(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		out      []string // lines the AgentDSL output must hold
		lost     []string // what the T025 must name
	}{{
		name: "result table, pipe in a str cell",
		in:   "a1.1 do >@tool:f\n\na2.1 done re=a1.1\n txt result @csv\n | ID:int,NAME:str\n | 1,\"x|y, z\"\n | 2,plain\n",
		out:  []string{"[ID:int|NAME:any]", `1|"x|y, z"`, `2|"plain"`},
		lost: []string{"type str of column NAME of txt result"},
	}, {
		name: "schema table, pipe in a str cell and a row with too many cells",
		in:   "a2.2 tell\n txt t @csv schema=T\n | ID:int,N:str\n | 1,a|b\n | 2,x,y\n",
		out:  []string{"ID:int|N:any", `1|"a|b"`},
		lost: []string{"type str of column N of txt t", "row 2 of txt t (3 cells, the header has 2)"},
	}, {
		name: "x_cols bindings, pipe in an int cell",
		in:   "a1.1 do >@tool:f\n\na2.1 done re=a1.1 x_cols=A:int|B:str\n a A = 1|2\n   B = x\n",
		out:  []string{"[A:int|B:str]"},
		lost: []string{"row 1 of the a bindings (a | in a cell of a column that is not str)"},
	}, {
		name: "pipe in an any cell that is not JSON",
		in:   "a2.2 tell\n txt t @csv schema=T\n | ID:int,J:any\n | 1,a|b\n | 2,\"\"\"a|b\"\"\"\n",
		out:  []string{"ID:int|J:any", `2|"a|b"`},
		lost: []string{"row 1 of txt t (a | in a cell of a column that is not str)"},
	}, {
		name: "empty cells and cells not of their column's type",
		in:   "a2.2 tell\n txt t @csv schema=T\n | ID:int,N:str,F:float\n | 1,,2.5\n | 2,x,\n | 3,y,abc\n | 4,_,_\n",
		out:  []string{"ID:int|N:any|F:float", `1|""|2.5`, `4|_|_`},
		lost: []string{"type str of column N of txt t (a cell holds | or an empty value",
			"row 2 of txt t (column F: empty value", `row 3 of txt t (column F: float value "abc" is not a number)`},
	}, {
		name: "a schema label or column line AgentDSL cannot read",
		in: "a2.2 tell\n txt t @csv schema=my-t\n | ID:int,N:str\n | 1,x\n\n" +
			"a2.3 tell\n txt u @csv schema=U\n | N:str,ID:int,bad name:strr\n | x,1,y\n\n" +
			"a2.4 tell\n txt v @csv schema=V\n | ID:int,N:str\n | 1,x\n",
		out: []string{"[SCHEMA:V]", "1|x"},
		lost: []string{"table txt t (schema=my-t with columns ID:int|N:str is not an AgentDSL schema)",
			"table txt u (schema=U with columns N:str|ID:int|bad name:strr is not an AgentDSL schema)"},
	}, {
		name: "a result header or x_cols AgentDSL cannot read",
		in: "a1.1 do >@tool:f\n\na2.1 done re=a1.1\n txt result @csv\n | A:int,A:str\n | 1,x\n\n" +
			"a2.2 done re=a1.1 x_cols=A:wat|B:str\n a A = 1\n   B = x\n",
		out: []string{"[A:str|B:str]", "1|x"},
		lost: []string{"table txt result (columns A:int|A:str are not an AgentDSL [RESULT] header)",
			"x_cols=A:wat|B:str (not an AgentDSL [RESULT] header)"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			r := compiler.Check("in.rose", []byte(tc.in), compiler.Options{From: ir.Rosetta})
			if r.Doc == nil {
				t.Fatalf("input does not parse: %v", r.Diags)
			}
			out, ds := translate.Translate(r.Doc, ir.AgentDSL)
			back := compiler.Check("out.adsl", out, compiler.Options{From: ir.AgentDSL})
			for _, d := range back.Diags {
				if d.Severity == diag.Error {
					t.Errorf("the AgentDSL output does not check: %v\n%s", d, out)
				}
			}
			lines := strings.Split(string(out), "\n")
			for _, want := range tc.out {
				if !contains(lines, want) {
					t.Errorf("output has no line %q:\n%s", want, out)
				}
			}
			var t025 string
			for _, d := range ds {
				if d.Code == translate.CodeLost {
					t025 += d.Message + "\n"
				}
			}
			for _, want := range tc.lost {
				if !strings.Contains(t025, want) {
					t.Errorf("no T025 names %q; T025s:\n%s", want, t025)
				}
			}
		})
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// TestFromJSONUnitsPositioned: AgentDSL read from JSON has a [JSON] block
// that from_json made up (no position in the file); a diagnostic about the
// unit holding it points at the document's start instead of printing "0:0"
// with no file name.
func TestFromJSONUnitsPositioned(t *testing.T) {
	r := compiler.Check("in.json", []byte(`{"format":"rosetta","items":null}`), compiler.Options{From: ir.JSON})
	if r.Doc == nil {
		t.Fatalf("does not read: %v", r.Diags)
	}
	for _, to := range []ir.Language{ir.Rosetta, ir.Lingua} {
		_, ds := translate.Translate(r.Doc, to)
		if len(ds) == 0 {
			t.Fatalf("%s: no diagnostics; the test needs the T026 of the [JSON] unit", to)
		}
		for _, d := range ds {
			if !d.Span.IsValid() || d.Span.File() != "in.json" {
				t.Errorf("%s: %s has no position in the file: %v", to, d.Code, d)
			}
		}
	}
}
