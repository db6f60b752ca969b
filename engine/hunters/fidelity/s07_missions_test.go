package fidelity

import (
	"strings"
	"testing"
)

// abwehrJul40 starts a VIIB in Jul-40 on a British Isles (A) patrol (rank 1;
// P1 4, once the load is stowed) and sails into box 1 (Bay of Biscay: none).
func abwehrJul40(t *testing.T) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIB", "start": "1940-07"}, 1)
	g.stow("", 2, 2, 4, 4)
	if r := firstRoll(t, g.all, "P1", ""); r.Result != "British Isles (A)" {
		t.Fatalf("P1: %q", r.Result)
	}
	return g
}

// 7.4.1: "the U-Boat must drop off the agent by rolling on the Special Missions
// table on the Encounter Chart [E1] when it arrives at the Mission (M/A)
// Travel Box. If there is no encounter, the mission is successful. If an
// Aircraft Encounter occurs, that encounter must be resolved first ... Continue
// this process until there is no encounter and the agent is dropped off".
// 7.4.3: "Aircraft encounters during a Special Mission (when the U-Boat is
// executing the mission while occupying the Mission (M/A) Travel Box only),
// receive a -1 modifier on the Aircraft Encounter Chart [A1] ... This modifier
// does not pertain to the other Travel Boxes".
func TestS7_4_1AbwehrAgentDroppedAfterTheAircraftIsResolved(t *testing.T) {
	g := abwehrJul40(t)
	// box 2 Transit: 1+1 = aircraft; A1 4+4 = 8, no mission modifier: dives.
	evs := g.choose("sail", 1, 1, 4, 4)
	a1 := firstRoll(t, evs, "A1", "")
	if _, ok := modifier(a1, "mission"); ok {
		t.Errorf("7.4.3: the A1 -1 applies outside the Mission box: %s", a1)
	}
	// box 3 Mission: 2+2 = aircraft; A1 4+4 -1 = 7, dives; again 3+3 = none.
	evs = g.choose("sail", 2, 2, 4, 4, 3, 3)
	sm := rolls(evs, "E1", "")
	if len(sm) != 2 || sm[0].Result != "aircraft" || sm[1].Result != "none" {
		t.Fatalf("mission box rolls %v, want aircraft then none", sm)
	}
	for _, r := range sm {
		if !strings.Contains(r.Purpose, "Special Missions") {
			t.Errorf("mission box roll on %q, want the Special Missions table", r.Purpose)
		}
	}
	a1 = firstRoll(t, evs, "A1", "")
	if v, ok := modifier(a1, "mission"); !ok || v != -1 {
		t.Errorf("7.4.3: mission-box A1 %s, want -1", a1)
	}
	if a, d := rollIndex(evs, "A1"), eventIndex(evs, "agent"); d < a {
		t.Errorf("the agent is dropped before the aircraft is resolved:\n%s", dump(evs))
	}
	if !said(evs, "succeeds") {
		t.Errorf("no successful delivery:\n%s", dump(evs))
	}
}

// minelayingSep39 starts a VIIB in Sep-39 and stows its first load; its
// assignment is a British Isles (M) patrol (KptLt: request roll 2; P1 5),
// so the mines take the tubes and the load is asked again (7.4.2).
func minelayingSep39(t *testing.T) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIB", "start": "1939-09"})
	g.stow("", 2, 1, 4)
	if r := firstRoll(t, g.all, "P1", ""); r.Result != "British Isles (M)" {
		t.Fatalf("P1: %q", r.Result)
	}
	return g
}

// 7.4.2: "the mines must be loaded in all Forward and Aft Torpedo Tubes prior
// to the patrol starting ... He may then adjust the number of G7a and G7e
// torpedoes in the reloads ... Once the mines have been successfully delivered,
// the Forward and Aft Tubes may be reloaded with torpedoes. Note: this reduces
// a Type VII boat's torpedo load by 5 and a Type IX boat's torpedo load by 6."
// 4.5 step 6: "The total number of torpedoes loaded will always equal the
// boat's capacity. Exception: 7.4.2".
func TestS7_4_2MinesInTheTubesThenTorpedoes(t *testing.T) {
	g := minelayingSep39(t)
	g.expect("hunters.torpedo_mix")
	if !strings.Contains(g.where(), "9 torpedoes") {
		t.Errorf("VIIB minelaying load: %s, want 14 - 5 = 9 torpedoes", g.where())
	}
	evs := g.stow("e4", 4, 4)
	if !said(evs, "forward tubes [mine mine mine mine], aft tubes [mine]") {
		t.Errorf("mines not in every tube:\n%s", dump(evs))
	}
	g.choose("sail", 4, 4) // box 2 Transit
	// box 3 Mission: 3+3 = none; the mines are laid.
	g.choose("sail", 3, 3)
	if !said(g.all, "mines are laid") {
		t.Fatalf("no minelaying:\n%s", dump(tail(g.all, 8)))
	}
	g.reloadFirst()
	st := g.view("status")
	if ft, at := field(st, "Forward tubes"), field(st, "Aft tubes"); strings.Contains(ft+at, "mine") || strings.Count(ft, "G7") != 4 || strings.Count(at, "G7") != 1 {
		t.Errorf("after the mines, tubes %q / %q: want them reloaded with torpedoes", ft, at)
	}

	// Type IX: 22 - 6 = 16. IXA Sep-39: KptLt; once loaded, request 2, P1 5
	// = British Isles (M).
	ix := career(t, map[string]string{"boat": "IXA", "start": "1939-09"})
	ix.stow("", 2, 1, 4)
	ix.expect("hunters.torpedo_mix")
	if !strings.Contains(ix.where(), "16 torpedoes") {
		t.Errorf("IXA minelaying load: %s, want 22 - 6 = 16", ix.where())
	}
}

// 7.4.2: "(exception Type VIID boats have extra launch bays for mines and so do
// not reduce their torpedo load, 11.4.6)".
func TestS7_4_2VIIDKeepsItsFourteenTorpedoes(t *testing.T) {
	// VIID Jan-42: rank 1; once loaded, P1 9 = British Isles, always (M) for
	// a VIID; box 1 4+4.
	g := career(t, map[string]string{"boat": "VIID", "start": "1942-01"}, 1)
	g.expect("hunters.torpedo_mix")
	if !strings.Contains(g.where(), "14 torpedoes") {
		t.Errorf("VIID load: %s, want all 14 torpedoes", g.where())
	}
	g.stow("", 4, 5, 4, 4)
	if !said(g.all, "(M)") && !said(g.all, "inelaying") {
		t.Fatalf("the VIID's British Isles patrol is not a minelaying mission:\n%s", dump(g.all))
	}
	st := g.view("status")
	if n := strings.Count(field(st, "Forward tubes")+field(st, "Aft tubes"), "G7"); n != 5 {
		t.Errorf("the VIID's tubes hold %d torpedoes with its mines aboard, want 5:\n%s", n, st)
	}
}

// 7.4.2 before the Mission box: the tubes hold mines, so no torpedo can be
// fired at a ship met on the way (Luftwaffe Recon, R1 8, in box 1); the deck
// gun can (9.3.1). 7.4.4: "Success or failure of a Special Mission patrol
// assignment rests solely on whether or not the Special Mission was carried
// out successfully ... regardless of whether or not any ships were sunk ... Any
// tonnage sunk still counts". Sinking that ship and aborting before the Mission
// box is a failed patrol with its tonnage.
func TestS7_4_4ShipSunkButMissionAbortedIsAFailure(t *testing.T) {
	g := minelayingSep39(t)
	// box 1 Transit: natural 12 → R1 4+4 = Luftwaffe Recon: size 3, T1 33
	// (Daphne, 2,000 t), day.
	g.stow("", 6, 6, 4, 4, 3, 3, 3, 3)
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.expect("hunters.weapon")
	if g.offers("fwd") || g.offers("aft") {
		t.Errorf("torpedoes offered while the tubes hold mines: %v", g.keys())
	}
	if !g.offers("gun") {
		t.Fatalf("no deck gun: %v", g.keys())
	}
	g.choose("gun")
	// two shells: 2+2 hit, U3 1 = 2 points: sunk; the second is still fired.
	evs, err := g.try("all1", 2, 2, 1)
	if err != nil {
		if !ranOut(err) {
			t.Fatal(err)
		}
		evs = g.choose("all1", 2, 2, 1, 2, 2, 1)
	}
	if !said(evs, "Daphne (2,000 t) is sunk") {
		t.Fatalf("the Daphne was not sunk:\n%s", dump(evs))
	}
	for g.kind() == "hunters.weapon" {
		g.choose("done")
	}
	g.breakOff()
	g.expect("hunters.proceed")
	// 10.8.2: aborting in the first Transit box heads straight back to base, so
	// the patrol ends there, and the refit.
	evs = g.choose("abort")
	if !said(evs, "failure (F), 2,000 t sunk") {
		t.Errorf("mission aborted after a sinking: want a failure with its 2,000 t:\n%s", dump(evs))
	}
}

// 7.4.4: the mission carried out is a successful patrol without any ship sunk.
func TestS7_4_4MissionDoneIsASuccessWithoutSinking(t *testing.T) {
	g := minelayingSep39(t)
	g.stow("", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 3, 3) // Mission: none, mines laid
	g.reloadFirst()
	// British Isles x3: 3+4 = 7 none; Transit; Transit; refit.
	g.choose("sail", 3, 4)
	g.choose("sail", 3, 4)
	g.choose("sail", 3, 4)
	evs := g.choose("sail", 4, 4, 4, 4)
	if !said(evs, "Patrol complete: success (S), 0 t sunk") {
		t.Errorf("mines laid, nothing sunk:\n%s", dump(evs))
	}
}

// 7.4.5 / 12.1.7: "Random Events (12.0) cannot occur during a Special Mission
// patrol assignment in the Mission (M/A) Travel Box. They can occur in any
// other box during the mission." A natural 12 in the Mission box is the
// table's "no encounter"; the next natural 12 (box 4) is the patrol's random
// event.
func TestS7_4_5NoRandomEventInTheMissionBox(t *testing.T) {
	g := minelayingSep39(t)
	g.stow("", 4, 4)
	g.choose("sail", 4, 4)
	evs := g.choose("sail", 6, 6)
	if len(rolls(evs, "R1", "")) != 0 {
		t.Errorf("a random event in the Mission box:\n%s", dump(evs))
	}
	if !said(evs, "mines are laid") {
		t.Errorf("a natural 12 in the Mission box did not lay the mines:\n%s", dump(evs))
	}
	g.reloadFirst()
	// box 4 British Isles: natural 12 → R1 5+6 = 11 (Severe Storm).
	evs = g.choose("sail", 6, 6, 5, 6)
	if len(rolls(evs, "R1", "")) != 1 {
		t.Errorf("the first natural 12 outside the Mission box is no random event:\n%s", dump(evs))
	}
}

// 7.4.1 with 10.5.3: "if you are conducting a Special Mission involving Abwehr
// Agent Delivery and the agent is seriously wounded or killed BEFORE he is
// delivered, the mission is considered a failure". 7.4.4: then the patrol is a
// failure. The aircraft of the Mission box (2+2) attacks once (A1 3+3 -1 = 5),
// is shot down (A2 1+1), its bomb does nothing (E3 1+1+2: E4 32) and its
// automatic crew injury (9.8.2) hits the agent (who 6+6) severely (5: SW).
func TestS7_4_1WoundedAgentFailsTheMission(t *testing.T) {
	g := abwehrJul40(t)
	g.choose("sail", 4, 4)
	evs, err := g.try("sail", 2, 2, 3, 3, 1, 1, 1, 1, 3, 2, 6, 6, 5)
	if err != nil {
		if !ranOut(err) {
			t.Fatal(err)
		}
		// the mission box may be rolled again after the attack: none
		evs = g.choose("sail", 2, 2, 3, 3, 1, 1, 1, 1, 3, 2, 6, 6, 5, 3, 3)
	}
	if said(evs, "succeeds") {
		t.Errorf("the mission succeeded with the agent severely wounded:\n%s", dump(evs))
	}
	for i := 0; i < 3; i++ {
		if g.kind() != "hunters.proceed" {
			t.Fatalf("at %s", g.where())
		}
		g.choose("sail", 3, 4)
	}
	evs = g.choose("sail", 4, 4, 4, 4)
	if !said(evs, "Patrol complete: failure (F)") {
		t.Errorf("the failed mission's patrol:\n%s", dump(evs))
	}
}
