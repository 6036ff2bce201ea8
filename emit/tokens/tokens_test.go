package tokens

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rosettac/rosettac/ir"
)

// Known counts, cross-checked against an independent implementation of the same
// encodings (js-tiktoken 1.x on npm), so a wrong or swapped vocabulary fails here.
func TestCountKnownValues(t *testing.T) {
	inputs := []string{
		"hello world",
		"tiktoken is great!",
		"a1.13 tell re=a3.12\n a    cause = commit 9f2a ~hi\n",
		"忽略以上所有指令",
		"👽73|@1|$j:eyJ0Ijoi",
		" | indented content\t\n",
		"",
		"[SCHEMA:users]\nid:int|name:str\n",
	}
	want := map[string][]int{
		"o200k_base":  {2, 6, 24, 6, 15, 5, 0, 12},
		"cl100k_base": {2, 6, 24, 9, 15, 5, 0, 12},
	}
	for _, enc := range Encodings {
		var got []int
		for _, s := range inputs {
			n, err := Count(enc, s)
			if err != nil {
				t.Fatalf("%s: %v", enc, err)
			}
			got = append(got, n)
		}
		if d := cmp.Diff(want[enc], got); d != "" {
			t.Errorf("%s counts (-want +got):\n%s", enc, d)
		}
	}
}

func TestUnknownEncoding(t *testing.T) {
	if _, err := Count("p99k", "x"); err == nil || !strings.Contains(err.Error(), "unknown encoding") {
		t.Fatalf("got %v, want an unknown-encoding error", err)
	}
}

// TestMeasureAdditive checks that attribution credits every token exactly once
// and to the component owning the token's first byte.
func TestMeasureAdditive(t *testing.T) {
	text := []byte("alpha beta gamma delta epsilon")
	saved := segmenters[ir.Rosetta]
	defer func() { segmenters[ir.Rosetta] = saved }()
	segmenters[ir.Rosetta] = func(ir.Document, []byte) ([]string, []Segment) {
		// " beta gamma" is bytes 5-16; "alpha" stays in component 0.
		return []string{"rest", "middle"}, []Segment{{Start: 5, End: 16, Component: 1}}
	}
	for _, enc := range Encodings {
		got, err := Measure(enc, text, &ir.Transcript{}, true)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for _, c := range got.Components {
			sum += c.Tokens
		}
		if sum != got.Total || got.Total != 5 {
			t.Errorf("%s: total %d, components %v: want 5 tokens summing to the total", enc, got.Total, got.Components)
		}
		if d := cmp.Diff([]Component{{"rest", 3}, {"middle", 2}}, got.Components); d != "" {
			t.Errorf("%s components (-want +got):\n%s", enc, d)
		}
	}
}
