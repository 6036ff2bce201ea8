package epistemic

import (
	"strconv"
	"strings"
	"time"
)

func parseFloat(s string) (float64, error) { return strconv.ParseFloat(s, 64) }

// ParseDuration reads a ttl: a number (a decimal point allowed), optional
// spaces, then s, m, h, d or w.
func ParseDuration(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	unit := s[len(s)-1]
	mult := map[byte]float64{'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 604800}[unit]
	if mult == 0 {
		return 0, false
	}
	num := strings.TrimRight(s[:len(s)-1], " \t")
	intPart, frac, hasFrac := strings.Cut(num, ".")
	if !digits(intPart) || hasFrac && !digits(frac) {
		return 0, false
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	return time.Duration(f * mult * float64(time.Second)), true
}

func digits(s string) bool {
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

// stripTime removes leading '@'s and a t: prefix.
func stripTime(s string) string {
	raw := strings.TrimLeft(strings.TrimSpace(s), "@")
	return strings.TrimPrefix(raw, "t:")
}

// isTimeOfDay reports whether raw is a bare time of day: H:MM or HH:MM, with
// optional :SS.
func isTimeOfDay(raw string) bool {
	parts := strings.Split(raw, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	if !digits(parts[0]) || len(parts[0]) > 2 {
		return false
	}
	for _, p := range parts[1:] {
		if len(p) != 2 || !digits(p) {
			return false
		}
	}
	return true
}

// ParseTime reads an at= value: @t:2026-08-26T14:02Z, a bare ISO timestamp,
// or, with an epoch, a time of day (@t:14:02:20) on the epoch's date. The ISO
// subset is: a date, optional T with hours and minutes, optional seconds and
// fraction, Z or ±HH:MM; no zone means UTC. Anything from '/' on (interval
// forms) is ignored.
func ParseTime(s, epoch string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	raw := stripTime(s)
	raw, _, _ = strings.Cut(raw, "/")
	if isTimeOfDay(raw) {
		if epoch == "" {
			return time.Time{}, false
		}
		day, _, _ := strings.Cut(stripTime(epoch), "T")
		if strings.Count(raw, ":") == 1 {
			raw += ":00"
		}
		raw = day + "T" + raw + "Z"
	}
	return parseISO(raw)
}

// parseISO parses the pinned ISO 8601 subset.
func parseISO(raw string) (time.Time, bool) {
	date, clock, hasClock := strings.Cut(raw, "T")
	if len(date) != 10 || date[4] != '-' || date[7] != '-' {
		return time.Time{}, false
	}
	loc := time.UTC
	if hasClock {
		switch {
		case strings.HasSuffix(clock, "Z"):
			clock = clock[:len(clock)-1]
		case len(clock) > 6 && (clock[len(clock)-6] == '+' || clock[len(clock)-6] == '-') && clock[len(clock)-3] == ':':
			z := clock[len(clock)-6:]
			clock = clock[:len(clock)-6]
			h, err1 := strconv.Atoi(z[1:3])
			m, err2 := strconv.Atoi(z[4:6])
			if err1 != nil || err2 != nil || !digits(z[1:3]) || !digits(z[4:6]) || h > 23 || m > 59 {
				return time.Time{}, false
			}
			off := h*3600 + m*60
			if z[0] == '-' {
				off = -off
			}
			loc = time.FixedZone("", off)
		}
		// HH:MM[:SS[.fff]]
		if len(clock) < 5 || clock[2] != ':' {
			return time.Time{}, false
		}
		if len(clock) > 5 && (clock[5] != ':' || len(clock) < 8) {
			return time.Time{}, false
		}
		if len(clock) > 8 && (clock[8] != '.' || len(clock) == 9 || !digits(clock[9:])) {
			return time.Time{}, false
		}
		for _, p := range []string{clock[0:2], clock[3:5]} {
			if !digits(p) {
				return time.Time{}, false
			}
		}
		if len(clock) >= 8 && !digits(clock[6:8]) {
			return time.Time{}, false
		}
	}
	for _, p := range []string{date[0:4], date[5:7], date[8:10]} {
		if !digits(p) {
			return time.Time{}, false
		}
	}
	layout := "2006-01-02"
	value := date
	if hasClock {
		layout += "T15:04"
		value += "T" + clock[:5]
		if len(clock) >= 8 {
			layout += ":05"
			value += clock[5:8]
			value += clock[8:] // a fraction after the seconds parses without a layout element
		}
	}
	t, err := time.ParseInLocation(layout, value, loc)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// isoString formats t the way the reference prints an expiry
// (2026-08-26T14:15:00+00:00).
func isoString(t time.Time) string {
	s := t.Format("2006-01-02T15:04:05")
	if t.Nanosecond() != 0 {
		s += t.Format(".000000")
	}
	return s + t.Format("-07:00")
}
