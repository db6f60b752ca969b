package tonnagewar

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
)

// 8.5.4: "A roll equal to or higher than the escort's depletion number means
// that the escort can no longer attack during the game other than as
// described in 8.5.3." House depletion numbers (edition 2): air 11, surface
// 19. The depleted escort still detects (8.5.4 bars attacking only, where
// 8.7 bars both).
func TestDepletedEscortAttacksNoMore(t *testing.T) {
	tb, _, regular, group := attackAnswered(t, "AR")
	ar := group[0]
	// Regular evade 10 - 6 = 4: 20 detects; the AR's 15 misses, and 15 ≥ 11 depletes it.
	evs := tb.play([]int{20, 15}, "none")
	r, line := onlyRoll(t, evs, "8.5")
	if !tb.s.Units[ar].Depleted || !strings.Contains(r.Result, "15 ≥ depletion 11") {
		t.Fatalf("8.5.4: %s", line)
	}
	// The escorts continue (7.3.7): the depleted AR still detects (20), but does not attack.
	tb.play(nil, "c"+itoa(tb.s.Hands[UBoats].TacHand[0]), "discard")
	more := -1
	for _, id := range tb.s.Hands[Escorts].TacHand {
		if tb.s.card(id).Kind == EscortAttack {
			more = id
		}
	}
	tb.play(nil, c(more), "continue", "done")
	evs = tb.play([]int{20}, "none")
	if len(rolls(evs, "8.5.1")) != 1 || len(rolls(evs, "8.5")) != 0 || tb.s.Units[regular].Damage != 0 {
		t.Fatalf("a depleted aircraft detects but does not attack: %v", evs)
	}
	noted := false
	for _, e := range evs {
		noted = noted || (e.Case == "8.5.4" && strings.Contains(e.Text, "spent its depth charges"))
	}
	if !noted {
		t.Fatal("8.5.4: the game says why the escort did not attack")
	}
}

// The escort player sees which of his escorts have spent their depth
// charges: in his hand and when he picks a group.
func TestDepletedEscortsAreMarkedForTheirOwner(t *testing.T) {
	tb := newTable(t)
	patrol := tb.card(Escorts, AirPatrol, "up to 2")
	ar := tb.unit(Escorts, Air, "R")
	tb.hand(UBoats, []int{tb.card(UBoats, Flak, "+0")}, nil)
	tb.hand(Escorts, []int{patrol}, []int{ar})
	tb.s.Units[ar].Depleted = true
	hand, err := tb.s.ViewFor(Seats[tb.s.seatOf(Escorts)], "hand")
	if err != nil || !strings.Contains(fmt.Sprint(hand.Sections), "air escort (Regular), depth charges spent (8.5.4)") {
		t.Fatalf("the hand: %v %v", hand, err)
	}
	tb.play(nil, "c"+itoa(tb.s.Hands[UBoats].TacHand[0]), "discard")
	tb.play(nil, c(patrol), "air_pull")
	found := false
	for _, o := range tb.s.Pending().Options {
		found = found || o.Label == "Add air escort (Regular), depth charges spent (8.5.4) face-down"
	}
	if !found {
		t.Fatalf("the group's options: %+v", tb.s.Pending().Options)
	}
}

// A depleted surface escort keeps 8.5.3: in a first attack its 2 still sinks
// by gunfire, but a 3, under its attack of 4, does nothing.
func TestDepletedSurfaceEscortKeepsGunfireAndRamming(t *testing.T) {
	for _, c := range []struct {
		face int
		want string
		sunk bool
	}{{2, "gunfire", true}, {3, "no depth charges left", false}} {
		tb, _, regular, group := attackAnswered(t, "SR")
		tb.s.Units[group[0]].Depleted = true
		// Regular evade 10 - 2 = 8: 15 detects.
		r, line := onlyRoll(t, tb.play([]int{15, c.face}, "none"), "8.5")
		if !strings.Contains(r.Result, c.want) || tb.s.Units[regular].Sunk != c.sunk || tb.s.Units[regular].Damage != 0 {
			t.Fatalf("roll %d: %s", c.face, line)
		}
	}
}

// The house values come in editions; a match keeps the one it was dealt
// with, so new values never change a game in progress, and a match saved
// before editions existed reads as the first.
func TestMatchesKeepTheirEditionOfTheHouseValues(t *testing.T) {
	s, events := newMatch(t, `{"a":"Prien","b":"Walker"}`, dice.NewFast(3))
	latest := s.rules.data.Scenario.latest()
	if latest < 2 || s.House != latest || s.house().Depletion[Air] != 11 || s.house().Depletion[Surface] != 19 {
		t.Fatalf("a new match is dealt with the latest edition: %d of %d, %+v", s.House, latest, s.house())
	}
	if !strings.Contains(events[0].Text, "edition 2") || !strings.Contains(events[0].Text, "depletion numbers air 11, surface 19") {
		t.Fatalf("the first message names the house values: %s", events[0].Text)
	}
	const probe = 42 // an air escort (Regular) in edition 1, a surface escort (Novice) in edition 2
	if got := s.unit(probe).Name(); got != "surface escort (Novice)" {
		t.Fatalf("edition 2: unit %d is %s", probe, got)
	}
	b, _ := s.Encode()
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	delete(raw, "house") // as saved before editions
	old, _ := json.Marshal(raw)
	st, err := s.rules.Decode(old)
	if err != nil {
		t.Fatal(err)
	}
	if o := st.(*State); o.House != 1 || o.unit(probe).Name() != "air escort (Regular)" || o.house().Depletion[Air] != 0 {
		t.Fatalf("a match saved before editions keeps the first: edition %d, unit %d %s", o.House, probe, o.unit(probe).Name())
	}
	raw["house"] = 99
	future, _ := json.Marshal(raw)
	if _, err := s.rules.Decode(future); err == nil || !strings.Contains(err.Error(), "edition 99") {
		t.Fatalf("an unknown edition: %v", err)
	}
}
