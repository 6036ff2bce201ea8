package adslrt

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCellFault is the table of AgentDSL's cell rules. rosettac's checker
// (passes/schema) and generated code both apply them through CellFault, so this
// one table holds both to the same answers. (It was the cell half of golden's
// TestRuntimeAgreesWithChecker, from when the checker had its own copy.)
func TestCellFault(t *testing.T) {
	tests := []struct {
		text                 string
		int, float, str, any Fault
	}{
		{"_", NoFault, NoFault, NoFault, NoFault},
		{"", FaultEmpty, FaultEmpty, FaultEmpty, FaultEmpty},
		{"0", NoFault, NoFault, NoFault, NoFault},
		{"-0", NoFault, NoFault, NoFault, NoFault},
		{"007", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"12", NoFault, NoFault, NoFault, NoFault},
		{"-3", NoFault, NoFault, NoFault, NoFault},
		{"+3", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"1.5", FaultNotInt, NoFault, NoFault, NoFault},
		{"1e3", FaultNotInt, NoFault, NoFault, NoFault},
		{"1E-3", FaultNotInt, NoFault, NoFault, NoFault},
		{".5", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"5.", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"9223372036854775807", NoFault, NoFault, NoFault, NoFault},
		{"9223372036854775808", FaultIntOverflow, NoFault, NoFault, NoFault},
		{"-9223372036854775808", NoFault, NoFault, NoFault, NoFault},
		{"1e400", FaultNotInt, FaultFloatRange, NoFault, NoFault},
		{"NaN", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"abc", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"a,b", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"a,,b", FaultNotInt, FaultNotNumber, FaultEmptyValue, FaultNotJSON},
		{",a", FaultNotInt, FaultNotNumber, FaultEmptyValue, FaultNotJSON},
		{"a,_", FaultNotInt, FaultNotNumber, FaultUnderscoreValue, FaultNotJSON},
		{"_,a", FaultNotInt, FaultNotNumber, FaultUnderscoreValue, FaultNotJSON},
		{"a, b", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"\"x\"", FaultNotInt, FaultNotNumber, NoFault, NoFault},
		{"{\"a\":1}", FaultNotInt, FaultNotNumber, NoFault, NoFault},
		{"[1,2]", FaultNotInt, FaultNotNumber, NoFault, NoFault},
		{"true", FaultNotInt, FaultNotNumber, NoFault, NoFault},
		{"null", FaultNotInt, FaultNotNumber, NoFault, NoFault},
		{" 1", FaultNotInt, FaultNotNumber, NoFault, NoFault},
		{"{", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
		{"\"a|b\"", FaultNotInt, FaultNotNumber, NoFault, NoFault},
		{"ünï,cödé", FaultNotInt, FaultNotNumber, NoFault, FaultNotJSON},
	}
	for _, tt := range tests {
		for _, k := range []struct {
			kind Kind
			want Fault
		}{{Int, tt.int}, {Float, tt.float}, {Str, tt.str}, {Any, tt.any}} {
			if got := CellFault(k.kind, tt.text); got != k.want {
				t.Errorf("CellFault(%s, %q) = %d, want %d", k.kind, tt.text, got, k.want)
			}
		}
		// A column of unknown type (kind 0) only has the rules every cell has.
		want := NoFault
		if tt.text == "" {
			want = FaultEmpty
		}
		if got := CellFault(0, tt.text); got != want {
			t.Errorf("CellFault(0, %q) = %d, want %d", tt.text, got, want)
		}
	}
}

// TestFaultCode pins each fault's AgentDSL code: agents act on the codes, and
// the checker and the runtime report them alike.
func TestFaultCode(t *testing.T) {
	for f, want := range map[Fault]string{
		NoFault: "", FaultEmpty: "AD026", FaultNotInt: "AD022", FaultIntOverflow: "AD023",
		FaultNotNumber: "AD024", FaultFloatRange: "AD024", FaultEmptyValue: "AD027",
		FaultUnderscoreValue: "AD027", FaultNotJSON: "AD025",
	} {
		if got := f.Code(); got != want {
			t.Errorf("Fault(%d).Code() = %q, want %q", f, got, want)
		}
	}
}

// TestSplitRow is the table of AgentDSL's row splitting (AppendCells), which
// rosettac's reader and generated code share: each row split with no kinds,
// with int|any|str and with any|any columns. (It was the row half of golden's
// TestRuntimeAgreesWithChecker, from when the reader had its own copy.)
func TestSplitRow(t *testing.T) {
	tests := []struct {
		row                     string
		none, intAnyStr, anyAny []string
	}{
		{"",
			[]string{""},
			[]string{""},
			[]string{""}},
		{"a",
			[]string{"a"},
			[]string{"a"},
			[]string{"a"}},
		{"a|b",
			[]string{"a", "b"},
			[]string{"a", "b"},
			[]string{"a", "b"}},
		{"|",
			[]string{"", ""},
			[]string{"", ""},
			[]string{"", ""}},
		{"1|{\"a\":\"x|y\"}|z",
			[]string{"1", "{\"a\":\"x", "y\"}", "z"},
			[]string{"1", "{\"a\":\"x|y\"}", "z"},
			[]string{"1", "{\"a\":\"x|y\"}", "z"}},
		{"1|[1,|2",
			[]string{"1", "[1,", "2"},
			[]string{"1", "[1,", "2"},
			[]string{"1", "[1,", "2"}},
		{"1|\"unterminated|x",
			[]string{"1", "\"unterminated", "x"},
			[]string{"1", "\"unterminated", "x"},
			[]string{"1", "\"unterminated", "x"}},
		{"1|{\"a\":[1,{\"b\":\"|\"}]}|_",
			[]string{"1", "{\"a\":[1,{\"b\":\"", "\"}]}", "_"},
			[]string{"1", "{\"a\":[1,{\"b\":\"|\"}]}", "_"},
			[]string{"1", "{\"a\":[1,{\"b\":\"|\"}]}", "_"}},
		{"1|\"a\\\"|b\"|c",
			[]string{"1", "\"a\\\"", "b\"", "c"},
			[]string{"1", "\"a\\\"|b\"", "c"},
			[]string{"1", "\"a\\\"|b\"", "c"}},
		{"1|x{|y",
			[]string{"1", "x{", "y"},
			[]string{"1", "x{", "y"},
			[]string{"1", "x{", "y"}},
	}
	for _, tt := range tests {
		for _, k := range []struct {
			kinds []Kind
			want  []string
		}{{nil, tt.none}, {[]Kind{Int, Any, Str}, tt.intAnyStr}, {[]Kind{Any, Any}, tt.anyAny}} {
			if d := cmp.Diff(k.want, SplitRow(tt.row, k.kinds)); d != "" {
				t.Errorf("SplitRow(%q, %v) (-want +got):\n%s", tt.row, k.kinds, d)
			}
		}
	}
}

func TestClip(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{strings.Repeat("a", 40), strings.Repeat("a", 40)},
		{strings.Repeat("a", 41), strings.Repeat("a", 37) + "..."},
		// Byte 37 is inside é: the cut moves back to the start of the character.
		{strings.Repeat("a", 36) + "ééééé", strings.Repeat("a", 36) + "..."},
	} {
		if got := Clip(tt.in); got != tt.want {
			t.Errorf("Clip(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsName(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{{"ID", true}, {"user_2", true}, {"_", true}, {"", false}, {"a b", false}, {"a-b", false}, {"é", false}, {"A.B", false}} {
		if got := IsName(tt.in); got != tt.want {
			t.Errorf("IsName(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
