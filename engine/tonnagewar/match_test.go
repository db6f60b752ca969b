package tonnagewar

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/testsize"
)

func newMatch(t testing.TB, setup string, d engine.Dice) (*State, []engine.Event) {
	t.Helper()
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	st, events, err := r.New([]byte(setup), d)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State), events
}

// checkCards is the conservation of cards: every tactical card is in one
// deck, hand or discard pile of its side; every unit in one place.
func checkCards(t *testing.T, s *State) {
	t.Helper()
	seenCard := map[int]int{}
	for side := UBoats; side <= Escorts; side++ {
		h := s.Hands[side]
		for _, pile := range [][]int{h.TacDeck, h.TacHand, h.TacDiscards} {
			for _, id := range pile {
				seenCard[id]++
				if s.card(id).Side != side {
					t.Fatalf("card %s in the wrong side's piles", s.card(id).Name())
				}
			}
		}
	}
	if len(seenCard) != 104 {
		t.Fatalf("%d tactical cards accounted for", len(seenCard))
	}
	for id, n := range seenCard {
		if n != 1 {
			t.Fatalf("card %d in %d piles", id, n)
		}
	}
	seen := map[int]int{}
	for side := UBoats; side <= Escorts; side++ {
		for _, id := range append(append([]int(nil), s.Hands[side].OOBDeck...), s.Hands[side].OOBHand...) {
			seen[id]++
		}
	}
	for _, id := range s.OutOfPlay {
		seen[id]++
	}
	for _, c := range s.Contacts {
		seen[c.Boat]++
	}
	if e := s.Open; e != nil {
		for _, id := range e.Group {
			seen[id]++
		}
		if e.Pulled && e.Target >= 0 {
			seen[e.Target]++
		}
		if a := e.Answers; a != nil {
			seen[a.Group[0]]++
		}
		if e.Continuation && e.Target >= 0 && s.contactOf(e.Target) < 0 && !e.Pulled {
			seen[e.Target]++
		}
	}
	if h := s.Held; h != nil {
		seen[h.Target]++
		for _, id := range h.Group {
			seen[id]++
		}
	}
	for id := range s.cat.units {
		if seen[id] != 1 {
			t.Fatalf("unit %d (%s) is in %d places (game %d round %d turn %d, stage %+v, open %+v, held %+v)", id, s.unit(id).Name(), seen[id], s.Game, s.Round, s.Turn, s.Stage, s.Open, s.Held)
		}
	}
}

// Whole matches with players who pick at random: the match always ends
// after two games of four rounds, roles swapped, every card and unit
// accounted for at every step, and every offered option accepted.
func TestRandomMatchesKeepEveryCard(t *testing.T) {
	for seed := uint64(1); seed <= uint64(testsize.Scale(30, 3)); seed++ {
		d := dice.NewFast(seed)
		pick := dice.NewFast(seed + 1000)
		setup := `{"a":"Prien","b":"Walker"}`
		if seed%3 == 0 {
			setup = `{"a":"Prien","b":"Walker","rulings":"continuation_attrition=on,escort_blanks=discard,air_patrol_pull=hand,convoy_die=d10"}`
		}
		s, _ := newMatch(t, setup, d)
		games := map[int]bool{}
		for i := 0; !s.Done; i++ {
			if i > 20000 {
				t.Fatalf("seed %d: the match never ends", seed)
			}
			checkCards(t, s)
			games[s.Game] = true
			p := s.Pending()
			if p == nil || len(p.Options) == 0 || !p.Private {
				t.Fatalf("seed %d: prompt %+v", seed, p)
			}
			opts := p.Options
			if seed%2 == 0 {
				// An eager player: he plays his cards rather than discarding them.
				var eager []engine.Option
				for _, o := range p.Options {
					if o.Key != "back" && o.Key != "end" && o.Key != "discard" {
						eager = append(eager, o)
					}
				}
				if len(eager) > 0 {
					opts = eager
				}
			}
			f, _ := pick.Roll(len(opts))
			next, _, err := s.Apply(engine.Choice{Token: p.Token, Key: opts[f-1].Key}, d)
			if err != nil {
				t.Fatalf("seed %d: %q refused: %v", seed, opts[f-1].Key, err)
			}
			s = next.(*State)
		}
		o := s.Outcome()
		if o == nil || !games[1] || !games[2] || len(o.Fields) != 2 {
			t.Fatalf("seed %d: outcome %+v, games %v", seed, o, games)
		}
	}
}

// The built-in players play whole matches: every game ends, and the figures
// a balance check needs are there.
func TestSimulateBuiltInPlayers(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Simulate(r, 20, 1, "", func(i int) engine.Dice { return dice.NewFast(uint64(100 + i)) })
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 20 || rep.UBoatWins+rep.EscortWins+rep.Draws < 0.999 || rep.MeanShipsSunk <= 0 || rep.MeanUBoatsLost <= 0 {
		t.Fatalf("%+v", rep)
	}
	again, _ := Simulate(r, 20, 1, "", func(i int) engine.Dice { return dice.NewFast(uint64(100 + i)) })
	if again != rep {
		t.Fatal("the same seeds give another report")
	}
	if _, err := Simulate(r, 2, 1, "convoy_die=d12", func(i int) engine.Dice { return dice.NewFast(1) }); err == nil {
		t.Fatal("a bad ruling passed")
	}
}

// 12: a whole match's scoring. Each game's points are the final state's
// (ships sunk; escorts damaged and destroyed; U-boats damaged and sunk by
// crew), the seats' results follow the roles, and the outcome reads them.
func TestAWholeMatchScores(t *testing.T) {
	d := dice.NewFast(42)
	s, _ := newMatch(t, `{"a":"Prien","b":"Walker"}`, d)
	var game1 GameStats
	for !s.Done {
		if s.Game == 1 {
			game1 = GameStats{UBoatScore: s.score(UBoats), EscortScore: s.score(Escorts), ShipsSunk: s.ConvoySunk}
		}
		next, _, err := s.Apply(engine.Choice{Key: BuiltIn(s)}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
	}
	g1, g2 := s.Stats[0], s.Stats[1]
	if g1.UBoatScore < g1.ShipsSunk || g1.ShipsSunk < game1.ShipsSunk {
		t.Fatalf("game 1: %+v (last seen %+v)", g1, game1)
	}
	// Seat a sails the U-boats in game 1, seat b in game 2.
	if s.Results[0][0] != g1.UBoatScore || s.Results[0][1] != g1.EscortScore || s.Results[1][1] != g2.UBoatScore || s.Results[1][0] != g2.EscortScore {
		t.Fatalf("results %v, stats %+v %+v", s.Results, g1, g2)
	}
	o := s.Outcome()
	if !strings.Contains(o.Fields[0].Value, fmt.Sprintf("total %d", s.Results[0][0]+s.Results[1][0])) {
		t.Fatalf("outcome %+v, results %v", o, s.Results)
	}
}

// Simulate steps its matches in place instead of through Apply's copy: the
// same decisions must give the same match, state for state.
func TestSimulationStepsInPlaceAsApplyDoes(t *testing.T) {
	for seed := uint64(1); seed <= uint64(testsize.Scale(4, 1)); seed++ {
		dApply, dStep := dice.NewFast(seed), dice.NewFast(seed)
		viaApply, _ := newMatch(t, `{"a":"A","b":"B"}`, dApply)
		inPlace, _ := newMatch(t, `{"a":"A","b":"B"}`, dStep)
		for n := 0; !viaApply.Done; n++ {
			key := BuiltIn(viaApply)
			next, want, err := viaApply.Apply(engine.Choice{Key: key}, dApply)
			if err != nil {
				t.Fatal(err)
			}
			viaApply = next.(*State)
			label, _ := inPlace.optionLabel(key)
			got, err := inPlace.step(key, label, dStep)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := viaApply.Encode()
			b, _ := inPlace.Encode()
			ea, _ := json.Marshal(want)
			eb, _ := json.Marshal(got)
			if string(a) != string(b) || string(ea) != string(eb) {
				t.Fatalf("seed %d, decision %d (%s): the match stepped in place differs from Apply's", seed, n, key)
			}
		}
		if !inPlace.Done {
			t.Fatalf("seed %d: the in-place match did not end with Apply's", seed)
		}
	}
}
