package uboot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// script is dice that show the faces given, then 1s; it counts the dice
// rolled so a test can say how many draws a rule made.
type script struct {
	faces []int
	sides []int
}

func (d *script) Roll(sides int) (int, error) {
	if sides < 2 || sides > 255 {
		// as the auditable dice refuse (engine/dice)
		return 0, fmt.Errorf("a d%d: an auditable die has 2 to 255 sides", sides)
	}
	d.sides = append(d.sides, sides)
	if len(d.faces) == 0 {
		return 1, nil
	}
	f := d.faces[0]
	d.faces = d.faces[1:]
	if f > sides {
		f = sides
	}
	return f, nil
}

// board is a new game of the house pack with the setup answers given.
func board(t *testing.T, setup string) *State {
	t.Helper()
	st, _, err := NewRules().New([]byte(setup), &script{})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// enter applies keys one by one, failing the test on a refusal; it
// returns the board and the events of the last entry.
func enter(t *testing.T, s *State, d engine.Dice, keys ...string) (*State, []engine.Event) {
	t.Helper()
	if d == nil {
		d = &script{}
	}
	var evs []engine.Event
	for _, k := range keys {
		p := s.Pending()
		if p == nil {
			t.Fatalf("entry %q: the game is over", k)
		}
		next, e, err := s.Apply(engine.Choice{Token: p.Token, Key: k}, d)
		if err != nil {
			t.Fatalf("entry %q refused: %v\noptions: %v", k, err, keysOf(p))
		}
		s, evs = next.(*State), e
	}
	return s, evs
}

func keysOf(p *engine.Prompt) []string {
	var out []string
	for _, o := range p.Options {
		out = append(out, o.Key)
	}
	return out
}

func offers(s *State, key string) bool { return s.Pending() != nil && s.Pending().HasOption(key) }

// place puts figures in a section directly (a test's set-up).
func (s *State) place(sec int, figs ...string) {
	for _, f := range figs {
		s.Figures[figIndex(f)].Sec = sec
	}
}

func (s *State) slots(fig string) string { return strings.Join(s.sailor(figIndex(fig)).Slots, " ") }

// draws counts the draws of a case: its rolls, and the piles of one taken
// without a die.
func draws(evs []engine.Event, cas string) int {
	n := rolls(evs, cas)
	for _, e := range evs {
		if e.Kind == engine.KindNote && e.Case == cas && strings.HasSuffix(e.Text, "(no draw).") {
			n++
		}
	}
	return n
}

func rolls(evs []engine.Event, cas string) int {
	n := 0
	for _, e := range evs {
		if e.Kind == engine.KindRoll && e.Roll.Case == cas {
			n++
		}
	}
	return n
}

// emptyBoard takes every figure off the model (a test's set-up; the test
// then places the ones it needs).
func (s *State) emptyBoard() {
	for i := range s.Figures {
		s.Figures[i].Sec = 0
	}
}
