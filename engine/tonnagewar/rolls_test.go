package tonnagewar

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// Every roll of the game is a d20 (or 8.2's die) rolled under a number the
// modifiers change: the event compares the natural roll with that target and
// says so, never "roll + modifiers" (which would read 9 +6 = 15 as beating
// 10 when the rule compares 9 with 14).

// onlyRoll is the one roll of a case among events, with its line.
func onlyRoll(t *testing.T, evs []engine.Event, cas string) (*engine.Roll, string) {
	t.Helper()
	r := rolls(evs, cas)
	if len(r) != 1 {
		t.Fatalf("%s: %d rolls, want 1", cas, len(r))
	}
	return r[0], r[0].String()
}

// stormy turns on 14.1 for the rest of a test.
func stormy(tb *table) {
	data := *tb.s.rules.data
	data.Scenario.Storms = true
	tb.s.rules = &Rules{data: &data, cats: tb.s.rules.cats}
}

// 8.5: "The U-boat player rolls 1D20 against the U-boat's evasion value, as
// modified by the escort's detection modifier and any evade card modifier."
// A Regular (evade 10) evades a Regular surface escort (-2) with an evade +6
// card: 9 is compared with 10 - 2 + 6 = 14.
func TestEvadeRollComparesTheRollWithTheModifiedEvasion(t *testing.T) {
	tb := newTable(t)
	contact, stern, evade := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Stern"), tb.card(UBoats, Evade, "+6")
	ace, regular := tb.unit(UBoats, UBoat, "A"), tb.unit(UBoats, UBoat, "R")
	tb.hand(UBoats, []int{contact, stern, evade, tb.card(UBoats, Flak, "+0")}, []int{ace, regular})
	routing, attack := tb.card(Escorts, EvasiveRouting, ""), tb.card(Escorts, EscortAttack, "1 escort")
	sr := tb.unit(Escorts, Surface, "R")
	tb.hand(Escorts, []int{routing, attack, tb.card(Escorts, HFDF, "1 surface")}, []int{sr})
	tb.play(nil, c(contact), "contact", u(ace))
	tb.play(nil, c(routing), "discard")
	tb.play(nil, c(stern), "attack", u(regular))
	tb.play(nil, "r"+itoa(attack), u(sr))
	r, line := onlyRoll(t, tb.play([]int{9}, "r"+itoa(evade)), "8.5.1")
	want := "U-boat (Regular) evades surface escort (Regular) (8.5.1): 1d20 = 9 vs evade ≤ 10 -2 surface escort (Regular) detection +6 evade card = 14 → evaded"
	if line != want {
		t.Fatalf("got  %s\nwant %s", line, want)
	}
	if r.Natural != 9 || r.Total != 14 || r.Target == nil || r.Target.Name != "evade" || r.Target.Base != 10 {
		t.Fatalf("the event must carry what was compared: %+v %+v", r, r.Target)
	}
	b, _ := json.Marshal(r)
	if !strings.Contains(string(b), `"total":14,"result":"evaded","target":{"name":"evade","base":10}`) {
		t.Fatalf("JSON: %s", b)
	}
}

// 8.5.1 with HF/DF (12.2, TW-A3): the surface escort's "+2 to HF/DF
// detection" is one more change to the evasion target; a roll over it
// detects.
func TestHFDFDetectionRollNamesItsTarget(t *testing.T) {
	tb := newTable(t)
	contact, spare := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Flak, "+0")
	novice := tb.unit(UBoats, UBoat, "N")
	tb.hand(UBoats, []int{contact, spare}, []int{novice})
	hfdf := tb.card(Escorts, HFDF, "1 surface")
	sr := tb.unit(Escorts, Surface, "R")
	tb.hand(Escorts, []int{hfdf, tb.card(Escorts, HFDF, "1 surface")}, []int{sr})
	tb.play(nil, c(contact), "contact", u(novice))
	tb.play(nil, c(hfdf), "hfdf_c0", u(sr))
	// Novice evade 8 - 2 + 2 = 8: 9 is over it: detected. Then the SR's attack: 15 misses.
	_, line := onlyRoll(t, tb.play([]int{9, 15}, "none"), "8.5.1")
	if want := "1d20 = 9 vs evade ≤ 8 -2 surface escort (Regular) detection +2 HF/DF = 8 → detected"; !strings.HasSuffix(line, want) {
		t.Fatalf("got %s\nwant ...%s", line, want)
	}
}

// 8.2: "The U-boat player rolls 1D10 [d20 by default, TW-A1] against the
// U-boat's attack value, modified as directed by the U-boat attack card."
// A Regular (attack 10) with the FAT card (+2): 12 ≤ 12 sinks a ship, 13
// misses; 14.3: a 1 sinks the rescue ship.
func TestConvoyAttackRollComparesTheRollWithTheModifiedAttack(t *testing.T) {
	tb := newTable(t)
	contact, fat := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "FAT")
	ace, regular := tb.unit(UBoats, UBoat, "A"), tb.unit(UBoats, UBoat, "R")
	tb.hand(UBoats, []int{contact, fat}, []int{ace, regular})
	r1 := tb.card(Escorts, EvasiveRouting, "")
	tb.hand(Escorts, []int{r1, tb.card(Escorts, EvasiveRouting, "")}, nil)
	tb.play(nil, c(contact), "contact", u(ace))
	tb.play(nil, c(r1), "discard")
	tb.play(nil, c(fat), "attack", u(regular))
	r := rolls(tb.play([]int{12, 13, 1}, "none"), "8.2")
	want := []string{
		"Attack on the convoy, roll 1 of 3 (8.2): 1d20 = 12 vs attack ≤ 10 +2 Bow attack, 3 rolls, FAT +2 = 12 → a ship sunk",
		"Attack on the convoy, roll 2 of 3 (8.2): 1d20 = 13 vs attack ≤ 10 +2 Bow attack, 3 rolls, FAT +2 = 12 → miss",
		"Attack on the convoy, roll 3 of 3 (8.2): 1d20 = 1 vs attack ≤ 10 +2 Bow attack, 3 rolls, FAT +2 = 12 → the rescue ship sunk",
	}
	if len(r) != 3 {
		t.Fatalf("%d rolls", len(r))
	}
	for i, w := range want {
		if got := r[i].String(); got != w {
			t.Errorf("got  %s\nwant %s", got, w)
		}
	}
}

// 8.5: "the escort player rolls 1D20 against each escort's attack value: a
// roll equal to or less than the number damages the U-boat; a roll equal to
// or less than ½ of the number sinks the U-boat"; 14.1: storms take 2 from
// every attack value. A Regular surface escort (4) in a storm needs 2.
func TestEscortAttackRollComparesTheRollWithTheModifiedAttack(t *testing.T) {
	tb, _, _, _ := attackAnswered(t, "SR")
	stormy(tb)
	// Regular evade 10 + 3 storms - 2 = 11: 12 detects; the attack: 3 > 2 misses.
	evs := tb.play([]int{12, 3}, "none")
	_, det := onlyRoll(t, evs, "8.5.1")
	if want := "1d20 = 12 vs evade ≤ 10 -2 surface escort (Regular) detection +3 storms = 11 → detected"; !strings.HasSuffix(det, want) {
		t.Fatalf("got %s\nwant ...%s", det, want)
	}
	_, att := onlyRoll(t, evs, "8.5")
	if want := "surface escort (Regular) attacks U-boat (Regular) (8.5): 1d20 = 3 vs attack ≤ 4 -2 storms = 2 → miss"; att != want {
		t.Fatalf("got  %s\nwant %s", att, want)
	}
	// Fair weather: 3 ≤ 4 damages; 2 would be half or less.
	tb2, _, _, _ := attackAnswered(t, "AR")
	_, att = onlyRoll(t, tb2.play([]int{20, 3}, "none"), "8.5")
	if want := "1d20 = 3 vs attack ≤ 4 → the U-boat damaged"; !strings.HasSuffix(att, want) {
		t.Fatalf("got %s\nwant ...%s", att, want)
	}
}

// 8.3.2: an undetected U-boat "rolling half or less of the normal hit number
// to hit", the halving after the storm's -2 (TW-A26); 8.3.1: a detected one
// needs "a 2 or less", a flat number no storm changes.
func TestShotAtAnEscortNamesItsHitNumber(t *testing.T) {
	shoot := func(faces ...int) []engine.Event {
		tb := newTable(t)
		contact, bow := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Bow attack, 3 rolls")
		regular := tb.unit(UBoats, UBoat, "R")
		tb.hand(UBoats, []int{contact, bow, tb.card(UBoats, Flak, "+0")}, []int{regular})
		hfdf := tb.card(Escorts, HFDF, "1 surface")
		sn := tb.unit(Escorts, Surface, "N")
		tb.hand(Escorts, []int{hfdf, tb.card(Escorts, HFDF, "1 surface")}, []int{sn})
		stormy(tb)
		tb.play(nil, c(contact), "contact", u(regular))
		tb.play(nil, c(hfdf), "hfdf_c0", u(sn))
		return tb.play(faces, "r"+itoa(bow)+"s0")
	}
	// Regular evade 10 + 0 + 3 HF/DF + 3 storms = 16: 5 evades; the shot: 4 ≤ (10 - 2) / 2.
	evs := shoot(5, 4, 20)
	_, line := onlyRoll(t, evs, "8.3.2")
	if want := "U-boat (Regular) fires at surface escort (Novice) (8.3.2): 1d20 = 4 vs half attack ≤ (10 -2 storms) / 2 = 4 → hit: the escort damaged"; line != want {
		t.Fatalf("got  %s\nwant %s", line, want)
	}
	// 17 is over 16: detected; the shot: 3 > 2 misses, whatever the weather.
	evs = shoot(17, 3, 20)
	r, line := onlyRoll(t, evs, "8.3.1")
	if want := "U-boat (Regular) fires at surface escort (Novice) (8.3.1): 1d20 = 3 vs detected boat's hit number ≤ 2 → miss"; line != want || len(r.Modifiers) != 0 {
		t.Fatalf("got  %s\nwant %s (modifiers %v)", line, want, r.Modifiers)
	}
}

// 8.1.4 and the house flak number (TW-A4): 1d20 at or under 2 + the flak
// card's modifier damages the air escort.
func TestFlakRollNamesTheHouseNumber(t *testing.T) {
	tb := newTable(t)
	contact, flak := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Flak, "+1")
	ace := tb.unit(UBoats, UBoat, "A")
	tb.hand(UBoats, []int{contact, flak, tb.card(UBoats, Evade, "+2")}, []int{ace})
	patrol := tb.card(Escorts, AirPatrol, "1 air")
	an := tb.unit(Escorts, Air, "N")
	tb.hand(Escorts, []int{patrol, tb.card(Escorts, AirPatrol, "1 air")}, []int{an})
	tb.play(nil, c(contact), "contact", u(ace))
	tb.play(nil, c(patrol), "air_c0", u(an))
	// Ace evade 12 - 4 = 8: 9 detects; flak 4 > 2 + 1 misses; the AN's attack 20 misses.
	_, line := onlyRoll(t, tb.play([]int{9, 4, 20}, "r"+itoa(flak)+"s0"), "8.1.4")
	if want := "Flak at air escort (Novice) (8.1.4): 1d20 = 4 vs flak (house value) ≤ 2 +1 flak card = 3 → miss"; line != want {
		t.Fatalf("got  %s\nwant %s", line, want)
	}
}
