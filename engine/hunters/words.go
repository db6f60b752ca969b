package hunters

import "strconv"

// Tons writes a tonnage the one way every message, view and sheet writes
// it: thousands separated by commas, then " t" (8,500 t).
func Tons(n int) string { return thousands(n) + " t" }

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}

// plural writes a count with its noun: "1 hit", "2 hits".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
