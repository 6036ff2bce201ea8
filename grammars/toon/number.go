package toon

import (
	"strconv"
	"strings"
)

// isNumberToken reports whether an unquoted token decodes as a number (§4):
// /^-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?$/i without a forbidden leading zero.
func isNumberToken(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == intStart {
		return false
	}
	if i-intStart > 1 && s[intStart] == '0' {
		return false // 05, -007: strings (§4)
	}
	if i < len(s) && s[i] == '.' {
		i++
		j := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == j {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == j {
			return false
		}
	}
	return i == len(s)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// maxExponent bounds the exponent rosettac reads, so that a number's canonical
// text cannot be made to take gigabytes; beyond it a number is CodeNumber.
const maxExponent = 999999999

// canonicalNumber writes a decimal number (TOON's number token or JSON's number
// syntax, already checked) in the canonical form of §2, exactly: no float64 in
// between, so no digit is lost. Plain decimal notation when the value is zero
// or 1e-6 ≤ |n| < 1e21, without leading zeros or trailing fractional zeros;
// otherwise exponent notation with a lowercase e and an explicit sign, as
// JavaScript writes it (1e+21, 1.5e-7). It reports false for an exponent
// beyond ±maxExponent.
func canonicalNumber(s string) (string, bool) {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		e := strings.TrimPrefix(s[i+1:], "+")
		eneg := strings.HasPrefix(e, "-")
		e = strings.TrimLeft(strings.TrimPrefix(e, "-"), "0")
		if len(e) > 9 {
			return "", false
		}
		n := 0
		if e != "" {
			n, _ = strconv.Atoi(e)
		}
		if eneg {
			n = -n
		}
		exp = n
	}
	intPart, frac := mant, ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	exp -= len(frac)
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	digits = trimmed
	if digits == "" {
		return "0", true
	}
	// The value is 0.digits × 10^point.
	point := len(digits) + exp
	if point > maxExponent || point < -maxExponent {
		return "", false
	}
	var sb strings.Builder
	if neg {
		sb.WriteByte('-')
	}
	switch {
	case point > 21 || point < -5:
		sb.WriteByte(digits[0])
		if len(digits) > 1 {
			sb.WriteByte('.')
			sb.WriteString(digits[1:])
		}
		sb.WriteByte('e')
		if point-1 >= 0 {
			sb.WriteByte('+')
		}
		sb.WriteString(strconv.Itoa(point - 1))
	case point >= len(digits):
		sb.WriteString(digits)
		sb.WriteString(strings.Repeat("0", point-len(digits)))
	case point > 0:
		sb.WriteString(digits[:point])
		sb.WriteByte('.')
		sb.WriteString(digits[point:])
	default:
		sb.WriteString("0.")
		sb.WriteString(strings.Repeat("0", -point))
		sb.WriteString(digits)
	}
	return sb.String(), true
}
