package fidelity

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// e1Columns lists the Encounter Chart columns rolled in evs, in order.
func e1Columns(evs []engine.Event) []string {
	var out []string
	for _, r := range rolls(evs, "E1", "Encounter") {
		out = append(out, strings.TrimPrefix(r.Purpose, "Encounter: "))
	}
	return out
}

// after returns the events that follow the first event whose text contains s.
func after(evs []engine.Event, s string) []engine.Event {
	for i, e := range evs {
		if strings.Contains(strings.ToLower(e.Text), strings.ToLower(s)) {
			return evs[i+1:]
		}
	}
	return nil
}

// until returns the events before the first event whose text contains s.
func until(evs []engine.Event, s string) []engine.Event {
	for i, e := range evs {
		if strings.Contains(strings.ToLower(e.Text), strings.ToLower(s)) {
			return evs[:i]
		}
	}
	return evs
}

// leaveIfAsked ends a combat's after-combat decision when it is offered.
func (g *game) leaveIfAsked() {
	g.t.Helper()
	if g.kind() == "hunters.after_combat" && g.offers("leave") {
		g.choose("leave")
	}
}

// 10.2.1: "If one Diesel engine becomes Inoperable, the U-Boat must abort the
// patrol (10.8, Patrol Abort) and roll twice when checking for possible
// encounters (10.8.3) for each Travel Box entered as it heads home." 10.7.5:
// a failed repair makes the system Inoperable (diesel repair on 1-4, E5).
// From box 3 the nearest Transit box is box 2 (10.8.2): boxes 2 and 1 are
// rolled twice each.
func TestS10_2_1OneDieselInoperableAbortsAndRollsTwice(t *testing.T) {
	g := underAttack(t, "")
	// Round 1: E2 9; E3 4: one hit; E4 23 diesel 1.
	g.choose("hold_depth", 4, 5, 2, 2, 2, 3)
	g.wantField("status", "Diesel engine 1", "damaged")
	// Round 2: E2 natural 2 escapes; diesel repair 5 fails.
	evs := g.choose("hold_depth", 1, 1, 5)
	if r := firstRoll(t, evs, "E5", "Diesel"); r.Result == "repaired" {
		t.Fatalf("diesel repair on 5: %+v", r)
	}
	g.wantField("status", "Diesel engine 1", "inoperable")
	if !said(evs, "abort") {
		t.Fatalf("no patrol abort after the diesel became inoperable\n%s", dump(evs))
	}
	// The reload between engagements (9.2.8) is no combat; then home through
	// box 2 (Transit) and box 1 (Bay of Biscay), twice each; the refit, and
	// the next patrol's load.
	g.choose(g.keys()[0], cat(quietTransit, quietTransit, quietBiscay, quietBiscay)...)
	home := after(g.all, "Patrol aborted")
	want := []string{"Transit", "Transit", "Bay of Biscay / Special Missions", "Bay of Biscay / Special Missions"}
	if got := e1Columns(until(home, "Patrol complete")); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("encounter rolls on the way home %q, want %q", got, want)
	}
	g.expect("hunters.torpedo_mix")
}

// 10.7 and the default diesel_repair ruling (docs/contributors/rulings.md: repairable, a
// damaged diesel is repaired on 1d6 1-4 like every damaged system): a 4
// repairs it and the patrol goes on; the boat may follow (9.7.3).
func TestS10_2_1DamagedDieselRepairedOnFour(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 2, 5) // E4 25: diesel 2
	evs := g.choose("hold_depth", 1, 1, 4)
	if r := firstRoll(t, evs, "E5", "Diesel"); r.Result != "repaired" {
		t.Fatalf("diesel repair on 4: %+v", r)
	}
	if said(evs, "abort") {
		t.Fatalf("the patrol aborts after a repaired diesel\n%s", dump(evs))
	}
	g.wantField("status", "Diesel engine 2", "OK")
	g.expect("hunters.after_combat")
	if !g.offers("follow") {
		t.Fatalf("follow not offered: %v", g.keys())
	}
}

// The diesel_repair ruling (10.2.1, 10.7; NOTES doubt 2): with
// inoperable_at_once a damaged diesel cannot be repaired at sea: it is
// Inoperable when hit, and the abort 10.2.1 demands is declared then. The dice
// order changes: the diesel takes no repair die, so the first die after the
// escape repairs the batteries. With the default (repairable) both roll.
func TestS10_2_1DieselRepairRulingChangesTheDiceOrder(t *testing.T) {
	// Round 1: E2 9; E3 4+3 = 7: two hits; E4 23 diesel 1, E4 11 batteries.
	round1 := []int{4, 5, 4, 3, 2, 3, 1, 1}

	g := underAttack(t, "diesel_repair=inoperable_at_once")
	hit := g.choose("hold_depth", round1...)
	g.wantField("status", "Diesel engine 1", "inoperable")
	if !said(hit, "abort") {
		t.Fatalf("inoperable_at_once: no abort when the diesel is knocked out\n%s", dump(hit))
	}
	evs := g.choose("hold_depth", 1, 1, 4) // escape; batteries 4: repaired
	if r := rolls(evs, "E5", "Diesel"); len(r) != 0 {
		t.Fatalf("inoperable_at_once: a diesel repair was rolled: %+v", r)
	}
	if r := firstRoll(t, evs, "E5", "Batteries"); r.Natural != 4 || r.Result != "repaired" {
		t.Fatalf("inoperable_at_once: batteries repair %+v", r)
	}
	if g.offers("follow") {
		t.Fatalf("the aborting boat may follow (10.8.4): %v", g.keys())
	}

	g = underAttack(t, "")
	g.choose("hold_depth", round1...)
	g.wantField("status", "Diesel engine 1", "damaged")
	evs = g.choose("hold_depth", 1, 1, 4, 4)
	if got := results(evs, "E5", "Repair"); len(got) != 2 || got[0] != "repaired" || got[1] != "repaired" {
		t.Fatalf("repairable: repairs %v, want two", got)
	}
}

// bothDieselsHit: round 1 of underAttack's fight puts two hits on the
// diesels (E2 9; E3 4+3 = 7; E4 23, 25); extra hits come from a bigger E3.
func bothDieselsHit(t *testing.T, radioToo bool) *game {
	g := underAttack(t, "")
	if radioToo {
		g.choose("hold_depth", 4, 5, 4, 5, 2, 3, 2, 5, 4, 2) // E3 9: three hits; E4 42 radio
	} else {
		g.choose("hold_depth", 4, 5, 4, 3, 2, 3, 2, 5)
	}
	return g
}

// 10.2.1: "If both Diesel engines are Inoperable, the boat is towed home if
// within one Travel Box of its base ... Otherwise, the U-Boat must be
// immediately scuttled (10.9.4)." 10.9.4: "automatically considered to have
// successfully scuttled. However, roll 2d6 to determine if the crew is
// successfully recovered. On a roll of 2-10, the crew is rescued (and the game
// continues with the Kommandant receiving a U-Boat reassignment)." From box 3
// of 8 the boat is far from port.
func TestS10_9_4BothDieselsLostFarFromPortScuttledCrewRescued(t *testing.T) {
	g := bothDieselsHit(t, false)
	// Escape; repairs 5, 5 fail; crew rescue 2d6 5+5 = 10.
	evs := g.choose("hold_depth", 1, 1, 5, 5, 5, 5)
	if got := results(evs, "E5", "Repair"); len(got) != 2 || got[0] == "repaired" || got[1] == "repaired" {
		t.Fatalf("diesel repairs %v, want two failures", got)
	}
	if r := rolls(evs, "", "cuttle attempt"); len(r) != 0 {
		t.Fatalf("a 10.9.2 scuttle roll was made; 10.9.4 scuttles automatically: %+v", r)
	}
	resc := rolls(evs, "", "rescue")
	if len(resc) != 1 || resc[0].Natural != 10 || resc[0].Result != "rescued" {
		t.Fatalf("crew rescue roll %+v, want 10: rescued\n%s", resc, dump(evs))
	}
	if g.outcome() != nil {
		t.Fatalf("the game ended after a rescued crew: %+v", g.outcome())
	}
	if n := len(rolls(after(evs, "rescue"), "E1", "")); n != 0 {
		t.Fatalf("the scuttled boat rolled %d more encounters", n)
	}
	// The boat is gone: nothing is left to reload (9.2.8); the next decision
	// is the new boat's load for its next patrol (its assignment follows, 6.1).
	if k := g.kind(); k != "hunters.torpedo_mix" {
		t.Fatalf("after the scuttling the game asks %s", g.where())
	}
	g.wantField("status", "Diesel engine 1", "OK")
	g.wantField("status", "Diesel engine 2", "OK")
}

// 10.9.4: "On a roll of 11-12, the crew is lost at sea and the game ends."
func TestS10_9_4CrewLostAtSeaEndsTheGame(t *testing.T) {
	g := bothDieselsHit(t, false)
	evs := g.choose("hold_depth", 1, 1, 5, 5, 5, 6) // rescue 5+6 = 11
	if r := firstRoll(t, evs, "", "rescue"); r.Total != 11 || r.Result == "rescued" {
		t.Fatalf("crew rescue on 11: %+v", r)
	}
	if g.outcome() == nil {
		t.Fatalf("the game goes on after the crew was lost at sea: %s", g.where())
	}
}

// 10.9.5: "Apply an unfavorable +4 modifier to the crew rescue attempt if the
// U-Boat radio is Inoperable." A 7 becomes 11: lost.
func TestS10_9_5InoperableRadioPlusFourOnRescue(t *testing.T) {
	g := bothDieselsHit(t, true)
	g.wantField("status", "Radio", "damaged")
	// Escape; three repairs fail (5 fails every one of them); rescue 4+3 = 7 +4.
	evs := g.choose("hold_depth", 1, 1, 5, 5, 5, 4, 3)
	r := firstRoll(t, evs, "", "rescue")
	if v, ok := modifier(r, "radio"); !ok || v != 4 || r.Total != 11 || r.Result == "rescued" {
		t.Fatalf("crew rescue with an inoperable radio: %+v, want 7 +4 = 11 lost", r)
	}
	if g.outcome() == nil {
		t.Fatal("the game goes on")
	}
}

// 10.2.1: both diesels Inoperable "within one Travel Box of its base (the
// final Travel Box on the Patrol Track)": the boat is towed home, no scuttle,
// no rescue roll, and (towed) no more encounter rolls. Box 7 of 8 is one box
// from the final one: an aircraft there (Transit 1+1) puts two hits on the
// diesels.
func TestS10_2_1BothDieselsLostNextToPortTowedHome(t *testing.T) {
	g := britishIsles1940(t, "")
	g.load(false, cat(britishIslesP1, quietBiscay)...)
	g.choose("sail", quietTransit...)
	for i := 0; i < 4; i++ {
		g.choose("sail", quietBritish...)
	}
	// Box 7: aircraft; A1 2+2 = 4; flak 1+1 shot down; E3 2+4 +2 = 8: two hits
	// E4 23, 25; crew injury 3+4 crew, 1 LW; repairs 5, 5; then home, the
	// refit, and the next load.
	evs := g.choose("sail", 1, 1, 2, 2, 1, 1, 2, 4, 2, 3, 2, 5, 3, 4, 1, 5, 5)
	if got := results(evs, "E5", "Repair"); len(got) != 2 || got[0] == "repaired" || got[1] == "repaired" {
		t.Fatalf("diesel repairs %v, want two failures\n%s", got, dump(evs))
	}
	if r := rolls(evs, "", "rescue"); len(r) != 0 {
		t.Fatalf("a crew rescue roll next to port: %+v", r)
	}
	if g.outcome() != nil {
		t.Fatalf("the game ended: %+v", g.outcome())
	}
	if n := len(rolls(after(evs, "Repair Diesel engine 2"), "E1", "Encounter")); n != 0 {
		t.Fatalf("the towed boat rolled %d encounters\n%s", n, dump(evs))
	}
	if !said(evs, "Patrol complete") {
		t.Fatalf("the patrol did not end\n%s", dump(evs))
	}
}

// 10.2.1 with diesel_repair=inoperable_at_once: both diesels knocked out in one
// depth-charge round, far from port, and the boat "must be immediately
// scuttled (10.9.4)". The rescued crew is done with her: the round's other
// hits are not rolled, the escorts hunt nothing more, nothing is reloaded.
func TestS10_9_4ScuttledAtOnceUnderTheInoperableRuling(t *testing.T) {
	g := underAttack(t, "diesel_repair=inoperable_at_once")
	// E2 9; E3 9: three hits; E4 23, 25; rescue 3+3 (the third hit unrolled);
	// then the next patrol's load (its assignment follows it, 6.1).
	evs := g.choose("hold_depth", 4, 5, 4, 5, 2, 3, 2, 5, 3, 3)
	if n := len(rolls(evs, "E4", "")); n != 2 {
		t.Fatalf("%d E4 rolls, want 2: the boat was scuttled after the second\n%s", n, dump(evs))
	}
	if r := rolls(after(evs, "rescue"), "", ""); len(r) != 0 {
		t.Fatalf("rolls after the rescue: %+v, want none before the next load", r)
	}
	g.expect("hunters.torpedo_mix")
}
