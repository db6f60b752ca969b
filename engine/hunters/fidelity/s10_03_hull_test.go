package fidelity

import (
	"testing"
)

// 10.3.1: "For the first Hull Hit inflicted, place the Hull Damage marker in
// the first space ... For each additional Hull Hit taken, advance the Hull
// Damage marker one space"; 10.6.1 hull results are cumulative; E4 65 is
// "x2". 10.3.2: "Hull damage is non-repairable at sea": no repair roll, and
// the track keeps its damage after the encounter.
func TestS10_3_1HullAdvancesAndIsNotRepairedAtSea(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 7: two hits; E4 33 hull, 65 hull x2.
	g.choose("hold_depth", 4, 5, 4, 3, 3, 3, 6, 5)
	g.wantField("status", "Hull", "3 of 8")
	evs := g.choose("hold_depth", 1, 1) // escape: nothing to repair
	if r := rolls(evs, "E5", ""); len(r) != 0 {
		t.Fatalf("repair rolls for hull damage: %+v", r)
	}
	g.wantField("status", "Hull", "3 of 8")
	g.expect("hunters.after_combat")
}

// 10.3.2: "When the Hull Damage marker enters the final space of the Hull
// Damage Track, the U-Boat is sunk with a loss of all crew." 9.6.9: the game
// is over; hits left unrolled stay unrolled. The VIIC track has 8 spaces.
func TestS10_3_2FinalHullSpaceSinksTheBoat(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 12: five hits; 65 x4 = 8 hull.
	evs := g.choose("hold_depth", 4, 5, 6, 6, 6, 5, 6, 5, 6, 5, 6, 5)
	if n := len(rolls(evs, "E4", "")); n != 4 {
		t.Fatalf("%d E4 rolls, want 4\n%s", n, dump(evs))
	}
	if g.outcome() == nil {
		t.Fatalf("the boat with 8 of 8 hull sails on: %s", g.where())
	}
	if f := g.outcomeField("fate"); f != "sunk" {
		t.Fatalf("fate %q, want sunk", f)
	}
}

// 10.3.2 boundary: 7 of 8 hull spaces is not the final space.
func TestS10_3_2SevenOfEightHullFightsOn(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 11: four hits; 65 65 65 33 = 7 hull.
	g.choose("hold_depth", 4, 5, 5, 6, 6, 5, 6, 5, 6, 5, 3, 3)
	g.wantField("status", "Hull", "7 of 8")
	g.expect("hunters.test_depth")
}

// 10.3.4: "Each time the U-Boat attempts to escape detection by Exceeding
// Test Depth (9.6.4), the U-Boat must automatically incur one Hull Hit ...
// In addition, note the 2d6 roll, which could result in additional Hull
// damage". 9.6.4: greater than the damaged boxes: -1 to detection.
func TestS10_3_4ExceedingTestDepthCostsOneHull(t *testing.T) {
	g := underAttack(t, "")
	// 2d6 3+4 = 7 > 1: E2 4+5 = 9 -1 = 8 undetected.
	evs := g.choose("exceed", 3, 4, 4, 5)
	g.wantField("status", "Hull", "1 of 8")
	r := firstRoll(t, evs, "E2", "")
	if v, ok := modifier(r, "test depth"); !ok || v != -1 || r.Result != "undetected" {
		t.Fatalf("detection after exceeding test depth: %+v", r)
	}
}

// 10.3.4 with 9.6.4: "If the roll is equal to the current number of damaged
// Hull boxes, the U-Boat takes one additional Hull damage, and immediately
// rolls again." Hull 1, exceed: 2; roll 2 (equal): 3; roll 3 (equal): 4;
// roll 12: -1 to detection.
func TestS10_3_4EqualTestDepthRollsCostMoreHull(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 3, 3) // E2 9; E3 4: E4 33 hull 1
	evs := g.choose("exceed", 1, 1, 1, 2, 6, 6, 4, 4)
	g.wantField("status", "Hull", "4 of 8")
	r := firstRoll(t, evs, "E2", "")
	if r.Total != 8 { // 8 +1 previous -1 test depth
		t.Fatalf("detection %+v, want 8", r)
	}
}

// 9.6.4 via 10.3.4: "If the roll is less than the current number of damaged
// Hull boxes, the U-Boat implodes and sinks."
func TestS10_3_4TestDepthRollBelowHullImplodes(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 6, 5) // E4 65: hull 2
	g.choose("exceed", 1, 1)                 // hull 3; 2 < 3
	if g.outcome() == nil || g.outcomeField("fate") != "sunk" {
		t.Fatalf("no implosion: %s %+v", g.where(), g.outcome())
	}
}

// 10.3.2 on a Type VIIA (Sep-39, Kapitänleutnant, request roll 2, P1 3+4
// British Isles): its Hull track has 7 spaces, so 6 hull fights on and the
// 7th sinks the boat.
func TestS10_3_2TypeVIIAHullTrackHasSevenSpaces(t *testing.T) {
	for _, c := range []struct {
		e3    [2]int
		hits  []int
		sunk  bool
		field string
	}{
		{[2]int{4, 5}, []int{6, 5, 6, 5, 6, 5}, false, "6 of 7"},
		{[2]int{5, 6}, []int{6, 5, 6, 5, 6, 5, 3, 3}, true, ""},
	} {
		// 1939: a KptLt, no rank roll; the assignment follows the load:
		// request roll 2, P1 3+4 British Isles.
		g := career(t, map[string]string{"boat": "VIIA", "start": "1939-09", "kommandant": "Prien", "uboat": "U-33"})
		g.escortedShipInBox3([]int{2, 3, 4})
		g.choose("hold_depth", cat([]int{4, 5, c.e3[0], c.e3[1]}, c.hits)...)
		if (g.outcome() != nil) != c.sunk {
			t.Fatalf("VIIA hits %v: sunk %v, want %v", c.hits, g.outcome() != nil, c.sunk)
		}
		if !c.sunk {
			g.wantField("status", "Hull", c.field)
		}
	}
}
