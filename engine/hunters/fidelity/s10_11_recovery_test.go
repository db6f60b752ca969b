package fidelity

import (
	"strings"
	"testing"
)

// 10.11 PROCEDURE (10.10.7): "Roll 1d6 to determine the duration of
// incapacitation for any SW crewman ... LW crewmen heal automatically during
// the first month of Refit. KIA crewman are replaced." One SW man, one LW,
// one KIA crew box: one recovery roll; all fit for the next patrol.
func TestS10_11RecoveryRollsOnlyForSevereWounds(t *testing.T) {
	g := underAttack(t, "")
	// E3 9: three E4 13s: 1WO SW, 2WO LW, crew box KIA.
	g.choose("hold_depth", 4, 5, 4, 5, 1, 3, 1, 2, 4, 1, 3, 4, 6, 1, 1, 3, 3, 4, 6)
	g.choose("hold_depth", 1, 1)
	g.homeQuietly(1) // recovery 1 month
	if r := rolls(g.all, "", "Recovery"); len(r) != 1 || !strings.Contains(r[0].Purpose, "1WO") {
		t.Fatalf("recovery rolls %+v, want one for the 1WO", r)
	}
	for _, f := range []string{"1WO", "2WO", "Crew 1", "Crew 2", "Crew 3", "Crew 4"} {
		g.wantField("status", f, "fit")
	}
}

// 10.11.2: "If the recuperation time is longer than the duration necessary to
// complete refit for the U-Boat, that crewman is replaced (and you lose any
// special benefits they may have provided)." An Experte LI SW: 1 month heals
// within the one-month refit and keeps his rating; 2 months replaces him.
func TestS10_11_2SlowRecoveryReplacesTheMan(t *testing.T) {
	for _, c := range []struct {
		months  int
		experte bool
	}{{1, true}, {2, false}} {
		g, next := veteran(t, 1)
		g.escortedShipInBox3(next)
		g.choose("hold_depth", 4, 4, 2, 2, 1, 3, 2, 2, 4) // 1941 E2 9; E4 13: LI SW
		g.choose("hold_depth", 1, 1)
		g.homeQuietly(c.months)
		li := g.field("status", "LI")
		if strings.Contains(li, "Experte") != c.experte || !strings.Contains(li, "fit") {
			t.Fatalf("LI after %d months' recovery: %q, Experte %v wanted", c.months, li, c.experte)
		}
	}
}

// 10.11.1: "An 'Experte' Doctor provides a favorable –1 modifier to each crew
// recovery roll (unless the Doctor is SW or KIA)".
func TestS10_11_1ExperteDoctorShortensRecovery(t *testing.T) {
	g, next := veteran(t, 2) // Doctor Experte
	g.escortedShipInBox3(next)
	g.choose("hold_depth", 4, 4, 2, 2, 1, 3, 1, 2, 4) // 1WO SW
	g.choose("hold_depth", 1, 1)
	g.homeQuietly(2)
	r := firstRoll(t, g.all, "", "Recovery")
	if v, ok := modifier(r, "Doctor"); !ok || v != -1 || r.Total != 1 {
		t.Fatalf("recovery with an Experte Doctor: %+v, want 2 -1 = 1", r)
	}
	if strings.Contains(g.field("status", "1WO"), "replaced") {
		t.Fatal("replaced")
	}
}

// 10.11.3: "If all four generic crewmen are replaced after a single patrol
// (including KIA generic crew), the U-Boat's crew quality decreases by one
// level (down to a minimum level of 'Trained')." A Veteran crew (11.1 roll 5)
// loses all four boxes: Trained. A Trained crew stays Trained.
func TestS10_11_3AllGenericCrewReplacedLowersQuality(t *testing.T) {
	// E3 8 (1941: E2 9): two E4 63s: four crew injuries, KIA each.
	round1 := []int{4, 4, 4, 4, 6, 3, 3, 4, 6, 3, 4, 6, 6, 3, 3, 4, 6, 3, 4, 6}

	g, next := veteran(t, 5)
	g.wantField("status", "Crew quality", "Veteran")
	g.escortedShipInBox3(next)
	g.choose("hold_depth", round1...)
	g.choose("hold_depth", 1, 1)
	g.homeQuietly()
	g.wantField("status", "Crew quality", "Trained")

	g = underAttack(t, "")
	g.choose("hold_depth", cat([]int{4, 5}, round1[2:])...)
	g.choose("hold_depth", 1, 1)
	g.homeQuietly()
	g.wantField("status", "Crew quality", "Trained")
}

// 10.11.4: "If the Kommandant is severely wounded (SW) and requires 5 months
// or more to recuperate, the player is automatically re-assigned to a newer
// U-Boat, and joined by a completely new crew, which starts at 'Trained' level
// with no special abilities. ... will begin his next patrol the month
// following his recovery." Back from the Apr-41 patrol (refit from May), 5
// months: May-Sep; the next patrol is Oct-41.
func TestS10_11_4KommandantLongRecoveryNewBoatNewCrew(t *testing.T) {
	g, next := veteran(t, 1) // LI Experte
	g.escortedShipInBox3(next)
	g.choose("hold_depth", 4, 4, 2, 2, 1, 3, 1, 1, 4) // Kmdt SW
	g.choose("hold_depth", 1, 1)
	g.toProceed()
	for i := 0; i < 3; i++ {
		g.choose("sail", quietBritish...)
	}
	// Home; the Kommandant's recovery 5 months; the next patrol's P1 3+4.
	evs := g.choose("sail", cat(quietTransit, quietBiscay, []int{5})...)
	if !said(evs, "new boat") {
		t.Fatalf("no new boat\n%s", dump(evs))
	}
	g.sailNext(3, 4)
	g.wantField("status", "LI", "fit")
	if strings.Contains(g.field("status", "LI"), "Experte") {
		t.Fatalf("the new crew's LI is Experte: %q", g.field("status", "LI"))
	}
	g.wantField("status", "Crew quality", "Trained")
	g.wantLog("Apr-41  British Isles", "Oct-41  ")
	if strings.Contains(g.view("log"), "Oct-41  R") || !strings.Contains(g.view("log"), "Sep-41  R") {
		t.Fatalf("the next patrol is not Oct-41:\n%s", g.view("log"))
	}
}

// 10.11 GENERAL RULE: "The only exception is for Kommandant recovery, as you
// cannot conduct your next patrol until recovered." Hull 1 makes a two-month
// refit (Nov, Dec); the Kommandant needs three (Nov-Jan): next patrol Feb-41.
func TestS10_11KommandantRecoveryDelaysTheNextPatrol(t *testing.T) {
	// Aircraft in box 1: flak shot down; E3 2+2+2 = 6: E4 33; Kmdt SW.
	g, _ := airAttacked(t, "", [2]int{1, 1}, [2]int{2, 2}, 3, 3, 1, 1, 4)
	g.choose("sail", quietTransit...)
	for i := 0; i < 4; i++ {
		g.choose("sail", quietBritish...)
	}
	g.choose("sail", cat(quietTransit, quietBiscay, []int{3})...) // recovery 3 months
	g.sailNext(3, 4)
	g.wantLog("Oct-40  British Isles", "Nov-40  R", "Dec-40  R", "Jan-41  R", "Feb-41  ")
}
