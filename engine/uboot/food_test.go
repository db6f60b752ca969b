package uboot

import (
	"testing"
)

// pyramid sets the pyramid (positions 1-6) for a test.
func (s *State) pyramid(tokens ...string) { s.Pyramid = append([]string(nil), tokens...) }

// §9.4.1: "a sailor must be present in Section 4 and ordered to 'Prepare
// Meal'"; "If the Navigator selects more than one token, they must form a
// connected group"; "If there is at least one lemon token within the
// pyramid, then the Navigator must collect a lemon"; "Randomly replenish
// the 'Available Products' pyramid".
func TestPrepareMeal_9_4_1(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(4, "N3") // meal icon
	//           1       2        3         4       5        6
	s.pyramid("eggs", "meat", "lemons", "fish", "bread", "potatoes")
	s, _ = enter(t, s, nil, "order", "o:meal", "c:N3", "keep", "t:1")
	if offers(s, "t:4") || offers(s, "t:3") || !offers(s, "t:2") {
		t.Fatalf("from 1 only 2 and 3 are adjacent, and a lemon is never an ingredient: %v", keysOf(s.Pending()))
	}
	s, evs := enter(t, s, nil, "t:2", "go") // ham omelette: eggs + meat
	if len(s.Today) != 1 || len(s.Today[0].Tokens) != 2 || len(s.Lemons) != 1 {
		t.Fatalf("the meal of 2 tokens and the lemon set aside: %+v %v", s.Today, s.Lemons)
	}
	if rolls(evs, "9.4.1") != 3 {
		t.Fatalf("three spaces refilled from the Food Supply: %d draws", rolls(evs, "9.4.1"))
	}
	if s.slots("N3") != "act" || s.Order != 1 {
		t.Fatalf("one activation for the cook, one order paid: %q, %d", s.slots("N3"), s.Order)
	}
}

// §9.4.1: "the Navigator may either switch the positions of any two tokens
// or discard any one token and draw one token … Taking either option will
// activate the sailor one additional time."
func TestMealAdjustmentCostsAnActivation_9_4_1(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(4, "N3")
	s.pyramid("eggs", "fish", "bread", "meat", "onions", "potatoes")
	s, _ = enter(t, s, nil, "order", "o:meal", "c:N3", "swap:1:4", "t:1", "go")
	if s.slots("N3") != "act act" {
		t.Fatalf("a swap: one more activation: %q", s.slots("N3"))
	}
}

// Ruling combos (§9.4, digest §15.5), both ways: onions + bread is no
// named combination of the house pack.
func TestRulingCombos_9_4(t *testing.T) {
	for _, c := range []struct {
		ruling string
		ok     bool
	}{{"recipe", false}, {"free", true}} {
		s := board(t, `{"rulings":"combos=`+c.ruling+`"}`)
		s.emptyBoard()
		s.place(4, "N3")
		s.pyramid("onions", "bread", "fish", "fish", "fish", "fish")
		s, _ = enter(t, s, nil, "order", "o:meal", "c:N3", "keep", "t:1", "t:2")
		if offers(s, "go") != c.ok {
			t.Errorf("combos=%s: onions + bread cookable %v, want %v", c.ruling, offers(s, "go"), c.ok)
		}
	}
}

// §9.4.2: the rulebook's example: meals of 3, 2 and 2 tokens give +1, +1
// and +1, "the morale increases by 3 in total"; no meal: −2.
func TestEatingAt2200_9_4_2(t *testing.T) {
	s := board(t, `{}`)
	s.Morale = 5
	s.Today = []Meal{{Tokens: []string{"a", "b", "c"}}, {Tokens: []string{"a", "b"}}, {Tokens: []string{"a", "b"}}}
	s, _ = enter(t, s, nil, "app", "eat")
	if s.Morale != 2 || len(s.Today) != 0 || len(s.FoodDiscard) != 7 {
		t.Fatalf("+3 and the tokens discarded: morale %s, today %v, discard %d", moraleSpaces[s.Morale], s.Today, len(s.FoodDiscard))
	}
	s, _ = enter(t, s, nil, "app", "eat")
	if s.Morale != 4 {
		t.Fatalf("no meal: −2: %s", moraleSpaces[s.Morale])
	}
}

// Ruling lemons (§9.4.2, digest §15.5), both ways.
func TestRulingLemons_9_4_2(t *testing.T) {
	for _, c := range []struct {
		ruling string
		aside  int
	}{{"discard", 0}, {"keep", 1}} {
		s := board(t, `{"rulings":"lemons=`+c.ruling+`"}`)
		s.Lemons = []string{"lemons"}
		s, _ = enter(t, s, nil, "app", "eat")
		if len(s.Lemons) != c.aside {
			t.Errorf("lemons=%s: %d lemons aside after 22:00, want %d", c.ruling, len(s.Lemons), c.aside)
		}
	}
}

// §9.4: "Up to three meals a day".
func TestThreeMealsADay_9_4(t *testing.T) {
	s := board(t, `{}`)
	s.place(4, "N3")
	s.Today = []Meal{{}, {}, {}}
	if len(s.cooks()) != 0 {
		t.Fatalf("a fourth meal today")
	}
}

// §9.4.3: "Each time the Navigator must replenish … and there are no more
// tokens in the Food Supply … remove all provision tokens of one type …
// Meat is the first type of product to spoil"; the discard pile becomes
// the Food Supply.
func TestSpoilage_9_4_3(t *testing.T) {
	s := board(t, `{}`)
	s.d = &script{}
	s.Supply = nil
	s.FoodDiscard = []string{"meat", "bread", "meat", "onions"}
	s.pyramid("", "meat", "fish", "eggs", "eggs", "eggs")
	s.fillPyramid("9.4.3")
	if s.Spoiled[0] != "meat" || s.Pyramid[0] == "meat" || s.Pyramid[1] == "meat" {
		t.Fatalf("the meat spoils, in the pyramid too: %v, %v", s.Spoiled, s.Pyramid)
	}
	if len(s.Supply) != 0 || s.Pyramid[0] == "" || s.Pyramid[1] == "" {
		t.Fatalf("bread and onions became the supply and refilled both spaces: %v, supply %v", s.Pyramid, s.Supply)
	}
}
