package xxi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// runner holds what one Apply (or New) collects: its events and its dice.
type runner struct {
	dice   engine.Dice
	events []engine.Event
}

// failure carries a die that could not be rolled out of the phases, so
// that the decision fails whole and no state is made.
type failure struct{ err error }

// run runs fn with the dice, then the phases on to the next decision,
// returning the events; a die that cannot be rolled is an error.
func (s *State) run(d engine.Dice, fn func()) (events []engine.Event, err error) {
	s.rn = &runner{dice: d}
	defer func() {
		if r := recover(); r != nil {
			df, ok := r.(failure)
			if !ok {
				panic(r)
			}
			err = df.err
		}
		events = s.rn.events
		s.rn = nil
	}()
	fn()
	s.advance()
	return s.rn.events, nil
}

func (s *State) emit(e engine.Event) {
	s.rn.events = append(s.rn.events, e)
	if e.Kind == engine.KindChoice {
		return
	}
	s.Log = append(s.Log, LogLine{Turn: s.Turn, Case: e.Case, Text: e.String()})
	if len(s.Log) > maxLog {
		s.Log = append([]LogLine(nil), s.Log[len(s.Log)-maxLog:]...)
	}
}

// note is a narrative event citing its case.
func (s *State) note(cas, format string, a ...any) {
	s.emit(engine.Event{Kind: engine.KindNote, Case: cas, Text: fmt.Sprintf(format, a...)})
}

// die rolls one die of the given sides.
func (s *State) die(sides int, what string) int {
	f, err := s.rn.dice.Roll(sides)
	if err != nil {
		panic(failure{fmt.Errorf("xxi: %s: %w", what, err)})
	}
	return f
}

// rollD6 rolls n d6 and logs them as one roll event; the result is told
// by decide (from the faces, their sum and their highest).
func (s *State) rollD6(n int, cas, purpose string, decide func(faces []int, sum int) string) ([]int, int) {
	faces := make([]int, n)
	sum, high := 0, 0
	for i := range faces {
		faces[i] = s.die(6, purpose)
		sum += faces[i]
		high = max(high, faces[i])
	}
	natural, highest := sum, false
	if n > 1 && cas != "6.0" && cas != "7.1" {
		// Only bombing and the points sum their dice (2.5); elsewhere any
		// one die counts (10.1), read die by die.
		natural, highest = high, true
	}
	res := decide(faces, sum)
	s.emit(engine.Event{Kind: engine.KindRoll, Case: cas, Text: purpose, Roll: &engine.Roll{
		Case: cas, Purpose: purpose, Dice: strconv.Itoa(n) + "d6", Faces: faces, Natural: natural, Total: sum, Result: res, Highest: highest}})
	return faces, sum
}

// choiceEvent records the decision taken.
func (s *State) choiceEvent(token, key, label, cas string) {
	s.emit(engine.Event{Kind: engine.KindChoice, Case: cas, Text: "Decision: " + label,
		Choice: &engine.Choice{Token: token, Key: key}})
}

func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	if strings.HasSuffix(one, "y") && !strings.ContainsAny(one[len(one)-2:len(one)-1], "aeiou") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(one, "y"))
	}
	return fmt.Sprintf("%d %ss", n, one)
}

func labels(cs []*Counter) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Label())
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}
