package tonnagewar

import (
	"strings"
	"testing"
)

// 12.1: each side's chart is a whole deck (thirteen ranks in each of four
// suits) whose kinds match the HX 228 scenario's counts; 12.2 has every
// quality; the scenario's units add up to its decks.
func TestDataMatchesTheChartsAndTheScenario(t *testing.T) {
	d, err := LoadData()
	if err != nil {
		t.Fatal(err)
	}
	count := func(lines []cardLine) map[string]int {
		out := map[string]int{}
		for _, l := range lines {
			key := string(l.Kind)
			switch {
			case l.Kind == Attack:
				key += "x" + string(rune('0'+l.Rolls))
				if l.Mod == 4 {
					key += "+4"
				}
			case l.Kind == Evade:
				key += "+" + string(rune('0'+l.Mod))
			case l.Group > 0:
				key += "(" + string(rune('0'+l.Group)) + ")"
			}
			out[key] += len(l.Ranks)
		}
		return out
	}
	// The scenario's own list: "13 contact, 2 U-boat attack x4, 2 U-boat attack x3, 3 U-boat
	// attack x2, 3 U-boat attack x1, 3 U-boat attack x1 +4, 1 evade +8, 2 evade +6, 3 evade +4,
	// 7 evade +2, 8 B-dienst, 5 flak" (2 of the 13 contacts are Special Contacts, 13.1).
	u := count(d.cards.UBoat)
	want := map[string]int{"special_contact": 2, "contact": 11, "attackx4": 2, "attackx3": 2, "attackx2": 3, "attackx1": 3, "attackx1+4": 3,
		"evade+8": 1, "evade+6": 2, "evade+4": 3, "evade+2": 7, "bdienst": 8, "flak": 5}
	for k, n := range want {
		if u[k] != n {
			t.Errorf("U-boat deck: %d %s, the scenario lists %d", u[k], k, n)
		}
	}
	e := count(d.cards.Escort)
	for k, n := range map[string]int{"evasive_routing": 13, "escort_attack(3)": 2, "escort_attack(2)": 4, "escort_attack(1)": 7,
		"hfdf(3)": 2, "hfdf(2)": 4, "hfdf(1)": 7, "air_patrol(3)": 2, "air_patrol(2)": 4, "air_patrol(1)": 7} {
		if e[k] != n {
			t.Errorf("escort deck: %d %s, the scenario lists %d", e[k], k, n)
		}
	}
	if d.Units.UBoat["A"].Attack != 14 || d.Units.Surface["N"].HFDF != 3 || d.Units.Air["A"].Detect != -8 {
		t.Errorf("unit values: %+v", d.Units)
	}
	if d.Scenario.UBoat.Boats+d.Scenario.UBoat.Blanks != 40 || d.Scenario.Escort.Escorts+d.Scenario.Escort.Blanks != 20 {
		t.Errorf("HX 228: OOB decks of 40 and 20, got %+v", d.Scenario)
	}
}

// A chart that is not a whole deck, or a scenario whose units do not add
// up, is refused with the reason.
func TestDataValidationRefusesBrokenCharts(t *testing.T) {
	d, err := LoadData()
	if err != nil {
		t.Fatal(err)
	}
	broken := *d
	broken.cards.UBoat = append([]cardLine(nil), d.cards.UBoat...)
	broken.cards.UBoat[0].Ranks = []string{"A"} // the K of hearts goes missing
	if err := broken.validate(); err == nil || !strings.Contains(err.Error(), "51 cards") {
		t.Fatalf("a 51-card deck: %v", err)
	}
	broken = *d
	broken.cards.Escort = append([]cardLine(nil), d.cards.Escort...)
	broken.cards.Escort[1].Ranks = []string{"A", "A"}
	if err := broken.validate(); err == nil {
		t.Fatal("a duplicate card passed")
	}
	broken = *d
	broken.Scenario.House = append([]House(nil), d.Scenario.House...)
	broken.Scenario.House[0].Crews = map[string]int{"N": 1}
	if err := broken.validate(); err == nil || !strings.Contains(err.Error(), "crews") {
		t.Fatalf("18 boats with one crew: %v", err)
	}
	broken.Scenario.House = append([]House(nil), d.Scenario.House[1:]...)
	if err := broken.validate(); err == nil || !strings.Contains(err.Error(), "edition") {
		t.Fatalf("editions out of order: %v", err)
	}
}
