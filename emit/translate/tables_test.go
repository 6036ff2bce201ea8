package translate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCodeTopic(t *testing.T) {
	for _, tc := range []struct {
		dom, act, mod byte
		topic         string
	}{
		{'7', '3', 0, "mbk.pst"},
		{'4', '2', '1', "crn.put.urgent"},
		{'F', 'F', '9', "ext.xtd.confirm"},
		{'0', '9', 'B', "sys.hsk.mB"},
	} {
		got, ok := codeTopic(tc.dom, tc.act, tc.mod)
		if !ok || got != tc.topic {
			t.Errorf("codeTopic(%c%c%c) = %q, want %q", tc.dom, tc.act, tc.mod, got, tc.topic)
		}
		d, a, m, ok := topicCode(got)
		if !ok || d != tc.dom || a != tc.act || m != tc.mod {
			t.Errorf("topicCode(%q) = %c%c%c, want %c%c%c", got, d, a, m, tc.dom, tc.act, tc.mod)
		}
	}
	for _, bad := range []string{"inc.4471", "mbk", "mbk.pst.loud", "mbk.pst.m5", "x.y.z.w"} {
		if _, _, _, ok := topicCode(bad); ok {
			t.Errorf("topicCode(%q) reads as a code", bad)
		}
	}
}

func TestCSV(t *testing.T) {
	for _, cells := range [][]string{
		{"1", "Sion", "Coding,Reading"},
		{"2", `Bob "Jr"`, " padded ", "_"},
		{`{"k":[1,2]}`, `"x|y"`},
		{""},
	} {
		line := csvLine(cells)
		if d := cmp.Diff(cells, csvCells(line)); d != "" {
			t.Errorf("csvCells(csvLine(%q)) = %q (-want +got):\n%s", cells, line, d)
		}
	}
}

func TestErrorOf(t *testing.T) {
	for _, tc := range []struct {
		code, rest string
		typ, sub   byte
		details    string
		ok         bool
	}{
		{"denied", "write permission denied", '2', 'W', "", true},
		{"busy", "rate limited: quota", '5', 0, "quota", true},
		{"malformed", "invalid payload", '6', 0, "", true},
		{"timeout", "the db did not answer", 0, 0, "", false},
		{"busy", "rate limited: ", 0, 0, "", false},
	} {
		e, d, ok := errorOf(tc.code, tc.rest)
		if ok != tc.ok || ok && (e.typ != tc.typ || e.sub != tc.sub || d != tc.details) {
			t.Errorf("errorOf(%q, %q) = %c%c %q %v", tc.code, tc.rest, e.typ, e.sub, d, ok)
		}
	}
}

func TestClosestCode(t *testing.T) {
	for msg, code := range map[string]string{
		"Invalid city name": "malformed", "city not found": "notfound", "request timed out": "timeout",
		"Permission denied": "denied", "boom": "upstream", "rate limit exceeded": "busy",
	} {
		if got := closestCode(msg); got != code {
			t.Errorf("closestCode(%q) = %s, want %s", msg, got, code)
		}
	}
}
