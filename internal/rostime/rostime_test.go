package rostime

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	utc := func(h, m, s int) time.Time { return time.Date(2026, 8, 26, h, m, s, 0, time.UTC) }
	tests := []struct {
		in, epoch string
		want      time.Time
		ok        bool
	}{
		{"@t:2026-08-26T14:02Z", "", utc(14, 2, 0), true},
		{"2026-08-26T14:02:20Z", "", utc(14, 2, 20), true},
		{"@t:2026-08-26T16:02+02:00", "", utc(14, 2, 0), true},
		{"@t:2026-08-26T14:02:20.5Z", "", utc(14, 2, 20).Add(500 * time.Millisecond), true},
		{"@t:2026-08-26", "", utc(0, 0, 0), true},
		{"@t:2026-08-26T14:02Z/15m", "", utc(14, 2, 0), true},
		{"@t:14:02:20", "@t:2026-08-26", utc(14, 2, 20), true},
		{"@t:14:02", "2026-08-26T09:00Z", utc(14, 2, 0), true},
		{"@t:14:02", "", time.Time{}, false},
		{"@t:25:00", "@t:2026-08-26", time.Time{}, false},
		{"yesterday", "", time.Time{}, false},
		{"2026-13-01", "", time.Time{}, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in, tt.epoch)
		if ok != tt.ok || ok && !got.Equal(tt.want) {
			t.Errorf("Parse(%q, %q) = %v, %v; want %v, %v", tt.in, tt.epoch, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"15m", 15 * time.Minute, true}, {"2h", 2 * time.Hour, true}, {"1.5d", 36 * time.Hour, true},
		{" 30 s ", 30 * time.Second, true}, {"1w", 7 * 24 * time.Hour, true},
		{"soon", 0, false}, {"15", 0, false}, {"m", 0, false}, {"1.m", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseDuration(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseDuration(%q) = %v, %v", tt.in, got, ok)
		}
	}
}

func TestIsDuration(t *testing.T) {
	huge := "1" + strings.Repeat("0", 400) + "s" // a duration's shape, but no float64
	for _, s := range []string{"15m", " 30 s ", "1.5d", "soon", "15", "m", "1.m", huge} {
		_, parsed := ParseDuration(s)
		if got := IsDuration(s); got != (parsed || s == huge) {
			t.Errorf("IsDuration(%q) = %v", s, got)
		}
	}
}

func TestISO(t *testing.T) {
	utc := time.Date(2026, 8, 26, 14, 15, 0, 0, time.UTC)
	east := time.Date(2026, 8, 26, 16, 15, 0, 500000000, time.FixedZone("", 2*3600))
	tests := []struct{ iso, isoz string }{
		{ISO(utc), ISOZ(utc)},
		{ISO(east), ISOZ(east)},
	}
	want := []struct{ iso, isoz string }{
		{"2026-08-26T14:15:00+00:00", "2026-08-26T14:15:00Z"},
		{"2026-08-26T16:15:00.500000+02:00", "2026-08-26T16:15:00.500000+02:00"},
	}
	for i := range tests {
		if tests[i] != want[i] {
			t.Errorf("ISO, ISOZ = %q, %q; want %q, %q", tests[i].iso, tests[i].isoz, want[i].iso, want[i].isoz)
		}
	}
}

// parseByLayout is Parse as it was written first, through
// time.ParseInLocation and a layout built for the parts written: the
// reference isoTime is held to.
func parseByLayout(s, epoch string) (time.Time, bool) {
	raw, _, _ := strings.Cut(strip(s), "/")
	parts := strings.Split(raw, ":")
	tod := len(parts) >= 2 && len(parts) <= 3 && digits(parts[0]) && len(parts[0]) <= 2
	for _, p := range parts[1:] {
		tod = tod && len(p) == 2 && digits(p)
	}
	if tod {
		if epoch == "" {
			return time.Time{}, false
		}
		day, _, _ := strings.Cut(strip(epoch), "T")
		if strings.Count(raw, ":") == 1 {
			raw += ":00"
		}
		raw = day + "T" + raw + "Z"
	}
	date, clock, hasClock := strings.Cut(raw, "T")
	if len(date) != 10 || date[4] != '-' || date[7] != '-' || !digits(date[:4]) || !digits(date[5:7]) || !digits(date[8:]) {
		return time.Time{}, false
	}
	loc := time.UTC
	layout, value := "2006-01-02", date
	if hasClock {
		switch n := len(clock); {
		case strings.HasSuffix(clock, "Z"):
			clock = clock[:n-1]
		case n > 6 && (clock[n-6] == '+' || clock[n-6] == '-') && clock[n-3] == ':':
			h, m := clock[n-5:n-3], clock[n-2:]
			hh, _ := strconv.Atoi(h)
			mm, _ := strconv.Atoi(m)
			if !digits(h) || !digits(m) || hh > 23 || mm > 59 {
				return time.Time{}, false
			}
			off := hh*3600 + mm*60
			if clock[n-6] == '-' {
				off = -off
			}
			loc = time.FixedZone("", off)
			clock = clock[:n-6]
		}
		if len(clock) < 5 || clock[2] != ':' || !digits(clock[:2]) || !digits(clock[3:5]) {
			return time.Time{}, false
		}
		layout, value = layout+"T15:04", value+"T"+clock[:5]
		if len(clock) > 5 {
			if len(clock) < 8 || clock[5] != ':' || !digits(clock[6:8]) {
				return time.Time{}, false
			}
			if len(clock) > 8 && (clock[8] != '.' || !digits(clock[9:])) {
				return time.Time{}, false
			}
			layout, value = layout+":05", value+clock[5:]
		}
	}
	t, err := time.ParseInLocation(layout, value, loc)
	return t, err == nil
}

// parseCases are at= values and epochs at every edge of the ISO subset.
var parseCases = [][2]string{
	{"@t:2026-08-26T14:02Z", ""}, {"2026-02-29", ""}, {"2024-02-29", ""}, {"2000-02-29", ""}, {"1900-02-29", ""},
	{"2026-04-31", ""}, {"2026-04-30", ""}, {"2026-00-10", ""}, {"2026-13-10", ""}, {"2026-12-00", ""}, {"2026-12-32", ""},
	{"0000-01-01", ""}, {"9999-12-31T23:59:59.999999999999Z", ""}, {"2026-08-26T24:00Z", ""}, {"2026-08-26T23:60Z", ""},
	{"2026-08-26T23:59:60Z", ""}, {"2026-08-26T23:59:59.Z", ""}, {"2026-08-26T23:59:59.1Z", ""}, {"2026-08-26T23:59:59.123456789Z", ""},
	{"2026-08-26T23:59:59.1234567891Z", ""}, {"2026-08-26T23:59:59,5Z", ""}, {"2026-08-26T1:02Z", ""}, {"2026-08-26T14:02", ""},
	{"2026-08-26T14:02+02:00", ""}, {"2026-08-26T14:02:03-11:30", ""}, {"2026-08-26T14:02+24:00", ""}, {"2026-08-26T14:02+2:000", ""},
	{"2026-08-26T", ""}, {"2026-08-26T14", ""}, {"2026-08-26T14:0", ""}, {"2026-08-26T14:02:0", ""}, {"2026-08-26X", ""},
	{"@t:14:02", "@t:2026-08-26"}, {"@t:9:05", "@t:2026-08-26"}, {"@t:14:02:20", "2026-08-26T09:00Z"}, {"@t:14:02:20", ""},
	{"@t:25:00", "@t:2026-08-26"}, {"@t:14:60", "@t:2026-08-26"}, {"14:02", "@t:2026-02-30"}, {"14:02", "@t:"}, {"14:02", "garbage"},
	{"14:02:", "@t:2026-08-26"}, {"1::", "@t:2026-08-26"}, {":12", "@t:2026-08-26"}, {"123:45", "@t:2026-08-26"},
	{"14:02:03:04", "@t:2026-08-26"}, {"@@t: 2026-08-26T14:02Z/15m ", ""}, {"", ""}, {"T", ""}, {"yesterday", ""},
}

// TestParseAsLayout: the reading without layouts agrees with
// time.ParseInLocation on every case, to the instant and the zone offset.
func TestParseAsLayout(t *testing.T) {
	for _, c := range parseCases {
		checkAsLayout(t, c[0], c[1])
	}
}

func checkAsLayout(t *testing.T, s, epoch string) {
	t.Helper()
	got, ok := Parse(s, epoch)
	want, wok := parseByLayout(s, epoch)
	_, goff := got.Zone()
	_, woff := want.Zone()
	if ok != wok || ok && (!got.Equal(want) || goff != woff) {
		t.Errorf("Parse(%q, %q) = %v, %v; time.ParseInLocation gives %v, %v", s, epoch, got, ok, want, wok)
	}
}

func FuzzParseAsLayout(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c[0], c[1])
	}
	f.Fuzz(checkAsLayout)
}
