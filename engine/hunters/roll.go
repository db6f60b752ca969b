package hunters

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// runner carries what one Apply needs and must not be serialised: the dice,
// the events being produced, and a scratch buffer of modifiers.
type runner struct {
	dice   engine.Dice
	record bool
	events []engine.Event
	mods   []engine.Modifier
}

// diceFailure is raised (as a panic inside one Apply, recovered there) when
// the dice cannot roll; the caller's state is untouched because Apply works
// on a copy.
type diceFailure struct{ err error }

// roll is a roll being made: fill Result, then emit.
type roll struct {
	chart, cas, purpose, dice string
	faces                     [3]int
	nfaces                    int
	natural, total            int
}

func (s *State) die(sides int, purpose string) int {
	f, err := s.run.dice.Roll(sides)
	if err != nil {
		panic(diceFailure{fmt.Errorf("rolling for %s: %w", purpose, err)})
	}
	return f
}

// mods starts a fresh modifier list for the next roll.
func (s *State) mods() { s.run.mods = s.run.mods[:0] }

// mod adds a modifier to the current list.
func (s *State) mod(v int, reason, cas string) {
	if v == 0 {
		return
	}
	s.run.mods = append(s.run.mods, engine.Modifier{Value: v, Reason: reason, Case: cas})
}

// modFrom adds a chart modifier by its condition key when cond holds.
func (s *State) modFrom(ms charts.Modifiers, when string, cond bool, reason string) {
	if !cond {
		return
	}
	m := ms.Find(when)
	if m == nil {
		return // a pack may drop a modifier; the pack's tests say which exist
	}
	s.mod(m.DRM, reason, m.Case)
}

func (s *State) modSum() int {
	t := 0
	for _, m := range s.run.mods {
		t += m.Value
	}
	return t
}

// throw rolls dice of the given notation with the current modifiers.
func (s *State) throw(chart, cas, purpose, notation string) roll {
	r := roll{chart: chart, cas: cas, purpose: purpose, dice: notation}
	switch notation {
	case "1d6":
		r.faces[0] = s.die(6, purpose)
		r.nfaces = 1
		r.natural = r.faces[0]
	case "2d6":
		r.faces[0], r.faces[1] = s.die(6, purpose), s.die(6, purpose)
		r.nfaces = 2
		r.natural = r.faces[0] + r.faces[1]
	case "d66":
		r.faces[0], r.faces[1] = s.die(6, purpose), s.die(6, purpose)
		r.nfaces = 2
		r.natural = r.faces[0]*10 + r.faces[1]
	case "1d10":
		r.faces[0] = s.die(10, purpose)
		r.nfaces = 1
		r.natural = r.faces[0]
	case "1d10+1d10":
		// 3.4: tens die then ones die; a face of 10 reads 0, and "00" is 100.
		r.faces[0], r.faces[1] = s.die(10, purpose), s.die(10, purpose)
		r.nfaces = 2
		r.natural = (r.faces[0]%10)*10 + r.faces[1]%10
		if r.natural == 0 {
			r.natural = 100
		}
	case "1d20":
		r.faces[0] = s.die(20, purpose)
		r.nfaces = 1
		r.natural = r.faces[0]
	default:
		panic("hunters: unknown dice notation " + notation)
	}
	r.total = r.natural + s.modSum()
	return r
}

// emit records the roll as an event with its result.
func (s *State) emit(r roll, result string) {
	if !s.run.record {
		return
	}
	ev := engine.Roll{
		Chart: r.chart, Case: r.cas, Purpose: r.purpose, Dice: r.dice,
		Faces: append([]int(nil), r.faces[:r.nfaces]...), Natural: r.natural,
		Total: r.total, Result: result,
	}
	if len(s.run.mods) > 0 {
		ev.Modifiers = append([]engine.Modifier(nil), s.run.mods...)
	}
	s.run.events = append(s.run.events, engine.Event{Kind: engine.KindRoll, Case: r.cas, Roll: &ev})
}

// note records a narrative event whose words are already made (a constant,
// or a text the rules need anyway). A note whose words are formatted goes
// through say, whose formatter runs only when the decision records.
func (s *State) note(cas, text string) {
	if s.run.record {
		s.addNote(cas, text)
	}
}

func (s *State) addNote(cas, text string) {
	s.run.events = append(s.run.events, engine.Event{Kind: engine.KindNote, Case: cas, Text: text})
}

// lookup rolls on a table and emits the row's result.
func (s *State) lookup(chart, cas, purpose, notation string, rows charts.Rows) (*charts.Row, roll) {
	r := s.throw(chart, cas, purpose, notation)
	row, ok := rows.Find(r.total)
	if !ok {
		panic(fmt.Sprintf("hunters: %s has no row for %d (a validated pack covers every roll)", chart, r.total))
	}
	if s.run.record {
		res := row.Result
		if res == "" {
			res = row.Key
		}
		s.emit(r, pretty(res))
	}
	return row, r
}

// table rolls on a rulebook table from RULES.yaml (modifiers already added).
func (s *State) table(name, purpose string) (*charts.Row, roll) {
	t := s.pack.Rules.Table(name)
	return s.lookup("", t.Case, purpose, t.Dice, t.Rows)
}

// pretty turns a result key into words.
func pretty(key string) string {
	b := []byte(key)
	for i, c := range b {
		if c == '_' {
			b[i] = ' '
		}
	}
	return string(b)
}
