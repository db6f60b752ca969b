package fidelity

import (
	"testing"
)

// 10.4.1: "Damaged Fuel Tanks result in negative modifiers for Escort
// Detection and Escort/Air Attacks" (E2 +1, E3 escort +1).
func TestS10_4_1DamagedFuelTanksOnDetectionAndDepthCharges(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 6, 6) // E4 66 fuel tanks
	g.wantField("status", "Fuel tanks", "damaged")
	// Round 2: E2 4+4 +1 previous +1 fuel = 10 detected; E3 2+2 +1 fuel = 5: one hit, E4 33.
	evs := g.choose("hold_depth", 4, 4, 2, 2, 3, 3)
	e2 := firstRoll(t, evs, "E2", "")
	if v, ok := modifier(e2, "fuel"); !ok || v != 1 || e2.Total != 10 {
		t.Fatalf("detection with damaged fuel tanks: %+v", e2)
	}
	e3 := firstRoll(t, evs, "E3", "")
	if v, ok := modifier(e3, "fuel"); !ok || v != 1 || e3.Total != 5 {
		t.Fatalf("depth charges with damaged fuel tanks: %+v", e3)
	}
}

// 10.4.2: "If Repair of Fuel Tanks fails, the U-Boat must abort its patrol
// (10.8)"; 10.7.6 the same example; 10.8.1 "Certain results require your
// U-Boat to abort patrol as a direct result of a damaged system becoming
// Inoperable". Fuel tanks repair on 1-2 (E5).
func TestS10_4_2FailedFuelTankRepairAborts(t *testing.T) {
	for _, c := range []struct {
		face  int
		abort bool
	}{{2, false}, {3, true}} {
		g := underAttack(t, "")
		g.choose("hold_depth", 4, 5, 2, 2, 6, 6)
		evs := g.choose("hold_depth", 1, 1, c.face)
		r := firstRoll(t, evs, "E5", "Fuel")
		if (r.Result == "repaired") == c.abort {
			t.Fatalf("fuel tank repair on %d: %+v", c.face, r)
		}
		if said(evs, "abort") != c.abort {
			t.Fatalf("fuel tank repair %d: abort %v, want %v\n%s", c.face, !c.abort, c.abort, dump(evs))
		}
	}
}

// 10.4.1 against 9.8.2: an air attack takes "+2 ... (along with the 1943 +1
// modifier, if applicable; no other modifiers apply)", so inoperable fuel
// tanks add nothing to an aircraft's E3 roll. The boat aborting with them
// meets an aircraft in box 2 (Transit 1+2) and may still be attacked (10.8.4).
func TestS10_4_1FuelTanksDoNotHelpAircraft(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 6, 6)
	g.choose("hold_depth", 1, 1, 3) // fuel tanks inoperable: abort
	g.wantField("status", "Fuel tanks", "inoperable")
	// Reload; box 2: aircraft; A1 2+2; flak 1+1 shot down; E3 2+2 +2 = 6: one
	// hit, E4 33; crew 3+4, 1; box 1 quiet; home.
	evs := g.choose(g.keys()[0], cat([]int{1, 2, 2, 2, 1, 1, 2, 2, 3, 3, 3, 4, 1}, quietBiscay)...)
	e3 := firstRoll(t, evs, "E3", "Air")
	if e3.Total != 6 || len(e3.Modifiers) != 1 {
		t.Fatalf("air attack on a boat with inoperable fuel tanks: %+v, want only +2 for the aircraft", e3)
	}
}
