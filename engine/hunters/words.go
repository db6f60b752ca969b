package hunters

import (
	"strconv"
	"strings"
)

// Tons writes a tonnage the one way every message, view and sheet writes
// it: thousands separated by commas, then " t" (8,500 t).
func Tons(n int) string { return thousands(n) + " t" }

// Thousands writes n with commas between groups of three digits (8,500).
func Thousands(n int) string { return thousands(n) }

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

// Plural writes a count with its noun: "1 ship", "2 ships".
func Plural(n int, one, many string) string { return plural(n, one, many) }

// plural writes a count with its noun: "1 hit", "-1 hit", "2 hits".
func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}

// firstWords says the game keeps the log's first words (the wording ruling:
// a game begun before they were mended).
func (s *State) firstWords() bool { return s.Settings.Ruling("wording") == "first" }

// tons writes a tonnage in the game's words: 8,500 t, or 8500 t in a game
// that keeps its first ones.
func (s *State) tons(n int) string {
	if s.firstWords() {
		return strconv.Itoa(n) + " t"
	}
	return Tons(n)
}

// count writes a count with its noun, in the game's words: "1 hit", or
// "1 hits" in a game that keeps its first ones (which wrote every count
// plural).
func (s *State) count(n int, one, many string) string {
	if s.firstWords() {
		return strconv.Itoa(n) + " " + many
	}
	return plural(n, one, many)
}

// tubes writes a row of tubes for the log: "[G7a G7a empty empty]" (the
// first words left an empty tube blank: "[G7a G7a  ]", "[]").
func (s *State) tubes(t []string) string {
	if s.firstWords() {
		return "[" + strings.Join(t, " ") + "]"
	}
	return tubeRow(t)
}

// tubeRow writes a row of tubes in brackets, an empty one as "empty".
func tubeRow(t []string) string {
	out := make([]string, len(t))
	for i, x := range t {
		if x == "" {
			x = "empty"
		}
		out[i] = x
	}
	return "[" + strings.Join(out, " ") + "]"
}

// oneHit writes a change of hits by evasive maneuvers (14.8.1): the first
// words said "hit" whatever the number.
func (s *State) oneHit(n int) string {
	if s.firstWords() {
		return strconv.Itoa(n) + " hit"
	}
	return plural(n, "hit", "hits")
}

// allAt is the aiming option that sends this torpedo and the rest to one
// target (9.2.1): "This and the other one at #2", "This and the 3 others
// at #2" (the first words said "the 1 others").
func (s *State) allAt(others, target int) string {
	if others == 1 && !s.firstWords() {
		return "This and the other one at #" + strconv.Itoa(target)
	}
	return "This and the " + strconv.Itoa(others) + " others at #" + strconv.Itoa(target)
}

// TonsInWords writes a tonnage in the career's words (Tons, or the first
// words' 8500 t), for the games built on careers (a duel's score).
func (s *State) TonsInWords(n int) string { return s.tons(n) }

// CountInWords writes a count with its noun in the career's words.
func (s *State) CountInWords(n int, one, many string) string { return s.count(n, one, many) }
