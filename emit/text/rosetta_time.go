package text

import (
	"strconv"
	"strings"
	"time"
)

// The at= and ttl= readers the header tags need. They follow the ISO subset
// docs/conformance.md pins (date, optional T with hours and minutes, optional
// seconds and fraction, Z or ±HH:MM, no zone = UTC; a time of day resolves
// against the session epoch). passes/epistemic reads times the same way; an
// emitter may not import a pass, so the few lines are kept here.

// rosParseTime reads an at= value; ok is false when it does not resolve.
func rosParseTime(s, epoch string) (time.Time, bool) {
	raw := rosStripTime(s)
	raw, _, _ = strings.Cut(raw, "/")
	if rosTimeOfDay(raw) {
		if epoch == "" {
			return time.Time{}, false
		}
		day, _, _ := strings.Cut(rosStripTime(epoch), "T")
		if strings.Count(raw, ":") == 1 {
			raw += ":00"
		}
		raw = day + "T" + raw + "Z"
	}
	date, clock, hasClock := strings.Cut(raw, "T")
	if len(date) != 10 || date[4] != '-' || date[7] != '-' || !rosDigits(date[:4]) || !rosDigits(date[5:7]) || !rosDigits(date[8:]) {
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
			if !rosDigits(h) || !rosDigits(m) || hh > 23 || mm > 59 {
				return time.Time{}, false
			}
			off := hh*3600 + mm*60
			if clock[n-6] == '-' {
				off = -off
			}
			loc = time.FixedZone("", off)
			clock = clock[:n-6]
		}
		if len(clock) < 5 || clock[2] != ':' || !rosDigits(clock[:2]) || !rosDigits(clock[3:5]) {
			return time.Time{}, false
		}
		layout, value = layout+"T15:04", value+"T"+clock[:5]
		if len(clock) > 5 {
			if len(clock) < 8 || clock[5] != ':' || !rosDigits(clock[6:8]) {
				return time.Time{}, false
			}
			if len(clock) > 8 && (clock[8] != '.' || !rosDigits(clock[9:])) {
				return time.Time{}, false
			}
			layout, value = layout+":05", value+clock[5:]
		}
	}
	t, err := time.ParseInLocation(layout, value, loc)
	return t, err == nil
}

// rosISO formats t as the reference does (Python isoformat, "+00:00" as "Z").
func rosISO(t time.Time) string {
	s := t.Format("2006-01-02T15:04:05")
	if t.Nanosecond() != 0 {
		s += t.Format(".000000")
	}
	if _, off := t.Zone(); off == 0 {
		return s + "Z"
	}
	return s + t.Format("-07:00")
}

// rosParseDur reports whether a ttl= value is a duration: a number (a decimal
// point allowed), optional spaces, then s, m, h, d or w.
func rosParseDur(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || strings.IndexByte("smhdw", s[len(s)-1]) < 0 {
		return false
	}
	num := strings.TrimRight(s[:len(s)-1], " \t")
	i, f, dot := strings.Cut(num, ".")
	return rosDigits(i) && (!dot || rosDigits(f))
}

func rosStripTime(s string) string {
	return strings.TrimPrefix(strings.TrimLeft(strings.TrimSpace(s), "@"), "t:")
}

func rosTimeOfDay(raw string) bool {
	parts := strings.Split(raw, ":")
	if len(parts) < 2 || len(parts) > 3 || !rosDigits(parts[0]) || len(parts[0]) > 2 {
		return false
	}
	for _, p := range parts[1:] {
		if len(p) != 2 || !rosDigits(p) {
			return false
		}
	}
	return true
}

func rosDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
