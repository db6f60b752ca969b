package duel

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
)

func rules(t testing.TB) *Rules {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	return NewRules(h)
}

// play answers every prompt with the built-in commander (who presses Roll for
// the enemy) and calls each with the prompt and the events it produced.
func play(t *testing.T, s *State, d engine.Dice, each func(p *engine.Prompt, next *State, events []engine.Event)) *State {
	t.Helper()
	for i := 0; s.Outcome() == nil; i++ {
		if i > 20000 {
			t.Fatal("the duel does not end")
		}
		p := s.Pending()
		key := hunters.Command(s.Career())
		next, events, err := s.Apply(engine.Choice{Token: p.Token, Key: key}, d)
		if err != nil {
			t.Fatalf("decision %d (%s, seat %s): %v", i, p.Kind, p.Seat, err)
		}
		s = next.(*State)
		if each != nil {
			each(p, s, events)
		}
	}
	return s
}

// 13.1: two careers with the same boat and month, a patrol each in turn; the
// other player is addressed for the enemy's rolls; the most tonnage wins.
func TestDuelAlternatesPatrolsAndTheEnemyRollsForTheOther(t *testing.T) {
	r := rules(t)
	d := dice.NewFast(11)
	st, events, err := r.New([]byte(`{"boat":"VIIC","start":"1941-03","a":"Prien","b":"Kretschmer"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	a, b := s.CareerOf(0), s.CareerOf(1)
	if a.Boat.Type != b.Boat.Type || a.Career.Start != b.Career.Start || !a.Settings.TwoPlayer || !b.Settings.TwoPlayer {
		t.Fatal("13.1.1: both start with the same boat at the same month, in two-player mode")
	}
	if !strings.Contains(events[len(events)-1].Text, "Prien runs the first patrol; Kretschmer rolls") {
		t.Fatalf("first turn: %v", events[len(events)-1].Text)
	}
	turns, enemyPrompts := 0, 0
	lastActive := 0
	s = play(t, s, d, func(p *engine.Prompt, next *State, events []engine.Event) {
		if p.Actor == engine.Opponent {
			enemyPrompts++
			if p.Seat == Seats[lastActive] {
				t.Fatalf("the player on patrol rolls against himself: %+v", p)
			}
		} else if p.Seat != Seats[lastActive] {
			t.Fatalf("the commander's prompt goes to seat %s while %s is on patrol", p.Seat, Seats[lastActive])
		}
		if next.Active != lastActive {
			turns++
			scored := false
			for _, e := range events {
				scored = scored || (e.Case == "13.1.3" && strings.HasPrefix(e.Text, "Score: Prien"))
			}
			if !scored {
				t.Fatal("the score is announced when the helm passes")
			}
			lastActive = next.Active
		}
	})
	if turns < 2 || enemyPrompts == 0 {
		t.Fatalf("turns %d, enemy prompts %d", turns, enemyPrompts)
	}
	o := s.Outcome()
	ta, tb := s.CareerOf(0).Career.Tons, s.CareerOf(1).Career.Tons
	want := map[bool]string{true: "a_wins", false: "b_wins"}[ta > tb]
	if ta == tb {
		want = "draw"
	}
	if o.Level != want || len(o.Fields) != 2 {
		t.Fatalf("outcome %+v for %d t against %d t", o, ta, tb)
	}
}

// 13.1.1: an agreed end date stops each career at its first patrol end past it.
func TestDuelEndsAtTheAgreedDate(t *testing.T) {
	r := rules(t)
	d := dice.NewFast(5)
	st, _, err := r.New([]byte(`{"boat":"VIIB","start":"1940-01","end":"1940-06"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	s := play(t, st.(*State), d, nil)
	for i := range Seats {
		c := s.CareerOf(i)
		if c.Over == nil && (!s.Retired[i] || c.Career.Month <= s.End) {
			t.Fatalf("career %d: month %s, retired %v", i, c.Career.Month.Label(), s.Retired[i])
		}
	}
}

// A duel survives encoding mid-game, and refuses stale and illegal answers
// without changing.
func TestDuelRoundTripsAndRefusesBadAnswers(t *testing.T) {
	r := rules(t)
	d := dice.NewFast(3)
	st, _, err := r.New([]byte(`{"boat":"IXB","rules":"14.8"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for i := 0; i < 60; i++ {
		next, _, err := s.Apply(engine.Choice{Key: hunters.Command(s.Career())}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
	}
	b, _ := s.Encode()
	back, err := r.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := back.Encode()
	if string(b) != string(b2) || back.Pending().Text != s.Pending().Text {
		t.Fatal("the duel does not survive a round trip")
	}
	if _, _, err := s.Apply(engine.Choice{Token: "0", Key: hunters.Command(s.Career())}, d); !errors.Is(err, engine.ErrStaleToken) {
		t.Fatalf("stale token: %v", err)
	}
	if _, _, err := s.Apply(engine.Choice{Key: "no-such-option"}, d); !errors.Is(err, engine.ErrIllegalChoice) {
		t.Fatalf("illegal choice: %v", err)
	}
	after, _ := s.Encode()
	if string(after) != string(b) {
		t.Fatal("a refused answer changed the duel")
	}
	for _, bad := range []string{`{"boat":"VIIC","end":"1939-01"}`, `{"boat":"VIIC","end":"soon"}`, `{"boat":"VIIC","colour":"red"}`, `[]`} {
		if _, _, err := r.New([]byte(bad), d); err == nil {
			t.Fatalf("setup %s accepted", bad)
		}
	}
	if _, err := r.Decode([]byte(`{"schema":1,"active":0,"careers":[]}`)); err == nil {
		t.Fatal("a duel without careers decoded")
	}
}

// 3.5's sample sheet counts the patrol a boat is lost on ("TOTAL PATROLS: 5",
// "Five patrols were completed until his U-Boat was sunk"): the duel's
// result counts every patrol row of each career's log sheet, the fatal one
// included.
func TestDuelResultCountsTheFatalPatrol(t *testing.T) {
	r := rules(t)
	d := dice.NewFast(3)
	st, _, err := r.New([]byte(`{"boat":"VIIC","start":"1941-03","a":"Prien","b":"Kretschmer"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	s := play(t, st.(*State), d, nil)
	lost := 0
	for i := range Seats {
		c := s.CareerOf(i)
		rows := 0
		for _, row := range c.Career.Log {
			if row.Mark == "patrol" {
				rows++
			}
		}
		if c.Over != nil && c.Career.Fate != "survived" {
			lost++
			want := fmt.Sprintf("over %d patrols", rows)
			if rows == 1 {
				want = "over 1 patrol "
			}
			if !strings.Contains(c.Over.Summary, want) {
				t.Errorf("%s: summary %q, want %q", s.name(i), c.Over.Summary, want)
			}
		}
		want := hunters.Plural(c.Career.ShipsSunk, "ship", "ships") + ", " + hunters.Plural(rows, "patrol", "patrols") + ";"
		if f := s.Outcome().Fields[i].Value; !strings.Contains(f, want) {
			t.Errorf("%s: result %q, want %q", s.name(i), f, want)
		}
	}
	if lost == 0 {
		t.Fatal("seed 3 no longer loses a boat: pick another")
	}
}

// The two boats of a duel are told apart by their numbers: the second takes
// the type's first historical number the first does not have. A duel begun
// before that gave both the first's number, and its former reading says so.
func TestDuelBoatsHaveTheirOwnNumbers(t *testing.T) {
	r := rules(t)
	for setup, want := range map[string][2]string{
		`{"boat":"VIIC","a":"Prien","b":"Kretschmer"}`:                  {"U-69", "U-70"},
		`{"boat":"VIIC","a":"Prien","b":"Kretschmer","uboat":"U-47"}`:   {"U-47", "U-69"},
		`{"boat":"VIIC","a":"Prien","b":"Kretschmer","uboat":"U-69"}`:   {"U-69", "U-70"},
		`{"boat":"VIIC","a":"Prien","b":"Kretschmer","uboat_b":"same"}`: {"U-69", "U-69"},
	} {
		st, _, err := r.New([]byte(setup), dice.NewFast(3))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		if got := [2]string{s.CareerOf(0).Boat.Number, s.CareerOf(1).Boat.Number}; got != want {
			t.Errorf("%s: %v, want %v", setup, got, want)
		}
	}
	former := r.FormerSetups([]byte(`{"boat":"VIIC","a":"Prien","b":"Kretschmer"}`))
	if len(former) == 0 || !strings.Contains(string(former[0]), `"uboat_b":"same"`) {
		t.Fatalf("former readings: %s", former)
	}
}
