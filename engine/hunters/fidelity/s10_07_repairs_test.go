package fidelity

import (
	"strings"
	"testing"
)

// 10.7 PROCEDURE: "Once all combat rounds are completed, but before rolling
// for any possible Following attempt (9.7), remove the Flooding marker - all
// Flooding damage is always pumped out. Then roll 1d6 ... for each system that
// has become damaged". The pump comes first, then the repairs, then the
// choice to follow (9.7.3).
func TestS10_7RepairsAfterTheLastRoundBeforeFollowing(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 4, 3, 1, 2, 1, 1, 4) // E4 12 flooding, 11 batteries; check 4
	g.wantField("status", "Flooding", "1 of 8")
	evs := g.choose("hold_depth", 1, 1, 2)
	pumped, repaired := -1, -1
	for i, e := range evs {
		if strings.Contains(e.Text, "pumped out") && pumped < 0 {
			pumped = i
		}
		if e.Roll != nil && e.Roll.Chart == "E5" && repaired < 0 {
			repaired = i
		}
	}
	if pumped < 0 || repaired < 0 || pumped > repaired {
		t.Fatalf("pump at %d, first repair at %d, want the pump first\n%s", pumped, repaired, dump(evs))
	}
	g.wantField("status", "Flooding", "0 of 8")
	g.expect("hunters.after_combat")
	if !g.offers("follow") {
		t.Fatalf("follow not offered after the repairs: %v", g.keys())
	}
}

// 10.7.2: "Roll 1d6 under the table corresponding to the system ... to
// determine if the Repair has been successful"; E5 (reconstructed): batteries,
// periscope, electric engines on 1-4, the rest on 1-2. 10.7.4: a success
// removes the marker; 10.7.5: a failure makes the system Inoperable.
func TestS10_7_2RepairNumbers(t *testing.T) {
	for _, c := range []struct {
		e4     [2]int
		field  string
		face   int
		result string
	}{
		{[2]int{1, 1}, "Batteries", 4, "OK"},
		{[2]int{1, 1}, "Batteries", 5, "inoperable"},
		{[2]int{1, 4}, "Periscope", 4, "OK"},
		{[2]int{1, 6}, "Electric engine 1", 5, "inoperable"},
		{[2]int{1, 5}, "Dive planes", 2, "OK"},
		{[2]int{1, 5}, "Dive planes", 3, "inoperable"},
		{[2]int{6, 1}, "Hydrophones", 3, "inoperable"},
		{[2]int{4, 2}, "Radio", 2, "OK"},
		{[2]int{6, 4}, "Forward torpedo doors", 3, "inoperable"},
		{[2]int{3, 6}, "Deck gun", 2, "OK"},
	} {
		g := underAttack(t, "")
		g.choose("hold_depth", 4, 5, 2, 2, c.e4[0], c.e4[1])
		g.wantField("status", c.field, "damaged")
		evs := g.choose("hold_depth", 1, 1, c.face)
		if r := firstRoll(t, evs, "E5", ""); r.Natural != c.face {
			t.Fatalf("%s repair: %+v", c.field, r)
		}
		if got := g.field("status", c.field); !strings.EqualFold(got, c.result) {
			t.Fatalf("%s repaired on %d: %q, want %s", c.field, c.face, got, c.result)
		}
	}
}

// 10.7.3: "'Experte' LI provide a favorable -1 modifier for all repair
// attempts, so long as the LI is not SW or KIA": dive planes (1-2) repaired on
// 3 -1 = 2.
func TestS10_7_3ExperteLIMinusOneOnRepairs(t *testing.T) {
	g, next := veteran(t, 1)
	g.escortedShipInBox3(next)
	g.choose("hold_depth", 4, 4, 2, 2, 1, 5) // 1941: E2 8 +1 = 9; E4 15 dive planes
	evs := g.choose("hold_depth", 1, 1, 3)
	r := firstRoll(t, evs, "E5", "Dive planes")
	if v, ok := modifier(r, "Experte"); !ok || v != -1 || r.Result != "repaired" {
		t.Fatalf("dive planes repair with an Experte LI: %+v, want 3 -1 = 2 repaired", r)
	}
}

// 10.7.3 "so long as the LI is not SW or KIA" with 10.5.3's +1: a wounded
// Experte LI gives +1, not -1 (nor 0): dive planes 2 +1 = 3 fails.
func TestS10_7_3WoundedExperteLIGivesNoBonus(t *testing.T) {
	g, next := veteran(t, 1)
	g.escortedShipInBox3(next)
	g.choose("hold_depth", 4, 4, 4, 3, 1, 5, 1, 3, 2, 2, 4) // E3 7: dive planes; LI SW
	evs := g.choose("hold_depth", 1, 1, 2)
	r := firstRoll(t, evs, "E5", "Dive planes")
	if r.Total != 3 || r.Result == "repaired" {
		t.Fatalf("dive planes repair with the Experte LI SW: %+v, want 2 +1 = 3 inoperable", r)
	}
}

// secondFight leaves the first engagement and meets another escorted ship in
// box 4 (British Isles 3+3), attacked like the first; it stops at round 1's
// test-depth prompt.
func (g *game) secondFight() {
	g.t.Helper()
	g.toProceed()
	g.choose("sail", 3, 3, 1, 1, 1, 1)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
}

// 10.7.5: "You may not attempt to Repair an Inoperable system at sea", and
// 10.6.3: a new hit on it is no effect. 10.7.6 / E2: inoperable dive planes
// still give +1 to detection in the next encounter.
func TestS10_7_5InoperableSystemStaysInoperable(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 1, 5) // dive planes
	g.choose("hold_depth", 1, 1, 3)          // repair 3 fails
	g.wantField("status", "Dive planes", "inoperable")
	g.secondFight()
	// E2 4+4 +1 dive planes = 9 detected; E3 4: E4 15 again; escape: no repair.
	evs := g.choose("hold_depth", 4, 4, 2, 2, 1, 5)
	if r := firstRoll(t, evs, "E2", ""); r.Total != 9 {
		t.Fatalf("detection with inoperable dive planes: %+v, want 8 +1 = 9", r)
	}
	evs = g.choose("hold_depth", 1, 1)
	if r := rolls(evs, "E5", ""); len(r) != 0 {
		t.Fatalf("an inoperable system was repaired at sea: %+v", r)
	}
	g.wantField("status", "Dive planes", "inoperable")
}

// 10.7.7: "All Inoperable systems are automatically repaired during Refit
// once the U-Boat has returned to base". 10.10.2: two systems are free.
func TestS10_7_7RefitRepairsInoperableSystems(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 4, 3, 1, 5, 1, 1) // dive planes, batteries
	g.choose("hold_depth", 1, 1, 6, 6)             // both fail
	g.wantField("status", "Dive planes", "inoperable")
	g.wantField("status", "Batteries", "inoperable")
	g.toProceed()
	for i := 0; i < 3; i++ {
		g.choose("sail", quietBritish...)
	}
	evs := g.choose("sail", cat(quietTransit, quietBiscay)...)
	if !said(evs, "= 1 month.") {
		t.Fatalf("refit with two inoperable systems is not one month\n%s", dump(evs))
	}
	g.wantField("status", "Dive planes", "OK")
	g.wantField("status", "Batteries", "OK")
}

// 10.7 after an aircraft: repairs follow the end of an air encounter too
// ("Repairs can be attempted on damaged systems once all combat rounds have
// been completed").
func TestS10_7RepairsAfterAnAirEncounter(t *testing.T) {
	_, evs := airAttacked(t, "", [2]int{1, 1}, [2]int{2, 2}, 1, 4, 3, 4, 1, 5)
	r := firstRoll(t, evs, "E5", "Periscope")
	if r.Natural != 5 || r.Result == "repaired" {
		t.Fatalf("periscope repair after the aircraft: %+v", r)
	}
}

// 10.7.1: "Identify all U-Boat named systems that have become damaged and are
// currently marked with a Damage marker ... All these systems will now attempt
// Repair." Three damaged systems, three repair rolls, each on its own table.
func TestS10_7_1EveryDamagedSystemRollsItsRepair(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 4, 5, 1, 1, 1, 5, 4, 2) // batteries, dive planes, radio
	evs := g.choose("hold_depth", 1, 1, 3, 3, 3)
	got := map[string]string{}
	for _, r := range rolls(evs, "E5", "Repair") {
		got[strings.TrimPrefix(r.Purpose, "Repair ")] = r.Result
	}
	if len(got) != 3 || got["Batteries"] != "repaired" || got["Dive planes"] == "repaired" || got["Radio"] == "repaired" {
		t.Fatalf("repairs on 3: %v, want batteries repaired (1-4), dive planes and radio not (1-2)", got)
	}
}
