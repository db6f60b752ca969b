package fidelity

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// firstMedPatrol starts a VIIC in Jul-41 (rank 1 = OltzS) and stows the
// torpedoes; its first assignment, rolled once the load is stowed, is its
// first Mediterranean patrol (P1 1+1 = 2); faces are box 1's dice.
func firstMedPatrol(t *testing.T, box1 ...int) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-07"}, 1)
	g.stow("", cat([]int{1, 1}, box1)...)
	if !said(g.all, "Patrol assignment for Jul-41: Mediterranean") {
		t.Fatalf("no Mediterranean patrol:\n%s", dump(g.all))
	}
	return g
}

// 7.3.3: "The first time you are assigned a patrol in the Mediterranean, treat
// the first Transit Box as Bay of Biscay, per Case 7.3.6. The second Transit
// Box is rolled on the Add'l Round of Combat/Gibraltar Passage table on the
// Encounter Chart [E1] (applying the Gibraltar -2 modifier)."
func TestS7_3_3FirstMediterraneanPatrolPassesGibraltar(t *testing.T) {
	// box 1 Bay of Biscay 4+4 none; box 2 Gibraltar 4+4 -2 = 6 none; box 3.
	g := firstMedPatrol(t, 4, 4, 4, 4, 3, 3)
	e1 := rolls(g.all, "E1", "")
	if len(e1) != 3 {
		t.Fatalf("encounter rolls %v", e1)
	}
	if !strings.Contains(e1[0].Purpose, "Bay of Biscay") {
		t.Errorf("first box: %s, want the Bay of Biscay table", e1[0])
	}
	if !strings.Contains(e1[1].Purpose, "Gibraltar") {
		t.Errorf("second box: %s, want the Gibraltar Passage table", e1[1])
	}
	if v, ok := modifier(e1[1], "Gibraltar"); !ok || v != -2 {
		t.Errorf("second box: Gibraltar modifier %d (%v), want -2", v, ok)
	}
	if e1[1].Total != 6 || e1[1].Result != "none" {
		t.Errorf("second box: %s, want 8 - 2 = 6, none", e1[1])
	}
}

// 7.3.3 with 9.8.6: the Gibraltar Passage roll is the Add'l Round table's, so
// 1942's -1 joins the -2 ("including when rolling on the Add'l Round of Combat
// table. Patrols later in the game (1942, 1943) also increase the likelihood").
func TestS7_3_3GibraltarIn1942AddsTheYear(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1942-07"}, 1)
	g.stow("", 1, 1, 5, 5, 5, 5, 3, 3) // P1 2 Mediterranean; box 1: 10 - 1 = 9 none; box 2: 10 - 3 = 7 none; box 3
	if !said(g.all, "Patrol assignment for Jul-42: Mediterranean") {
		t.Fatalf("no Mediterranean patrol:\n%s", dump(g.all))
	}
	e1 := rolls(g.all, "E1", "")
	if len(e1) < 2 || e1[1].Total != 7 {
		t.Errorf("Gibraltar in 1942: %v, want 10 - 2 - 1 = 7", e1)
	}
}

// 7.3.3: "He may not abort back to France to avoid the Mediterranean unless he
// has at least one non-repairable box of damage (Hull damage or an Inoperable
// system) prior to or during Gibraltar Passage."
func TestS7_3_3NoAbortBackToFranceWithoutDamage(t *testing.T) {
	g := firstMedPatrol(t, 4, 4, 4, 4, 3, 3)
	// Neither box 1 nor box 2 offered an abort: the third box was rolled
	// straight after the load.
	if n := len(rolls(g.all, "E1", "")); n != 3 {
		t.Errorf("the boat stopped in the Gibraltar passage with no damage (%d encounter rolls)", n)
	}
}

// 7.3.3: "If the player chooses to abort from the first Transit Box while
// incurring damage, the patrol is automatically considered to have ended."
// The damage: an aircraft in box 1 (Bay of Biscay 2+2) attacks once (A1 2+2),
// is shot down (A2 1+1), and its bomb hits the hull (E3 1+1+2 = 4: 1 hit, E4
// 33); the automatic crew injury finds nobody (who 6+6: the Abwehr agent).
func TestS7_3_3AbortFromTheFirstBoxWithHullDamageEndsThePatrol(t *testing.T) {
	g := firstMedPatrol(t, 2, 2, 2, 2, 1, 1, 1, 1, 3, 3, 6, 6)
	if got := field(g.view("status"), "Hull"); got != "1 of 8" {
		t.Fatalf("hull %q: the damage did not happen", got)
	}
	if !g.offers("abort") {
		t.Fatalf("with hull damage the abort to France is not offered: %s", g.where())
	}
	// Abort: the patrol ends at once; refit 1 + 1 (hull) months; the next load.
	evs := g.choose("abort")
	if n := len(rolls(evs, "E1", "")); n != 0 {
		t.Errorf("the aborted patrol rolled %d more encounters:\n%s", n, dump(evs))
	}
	if !said(evs, "Patrol complete") && !said(evs, "Refit") {
		t.Errorf("the patrol did not end:\n%s", dump(evs))
	}
}

// 7.3.3: "If the player chooses to abort while incurring damage in the second
// Transit Box, the boat must still travel backwards through the first Travel
// Box (treat as Bay of Biscay) and check for any possible encounter." The
// damage comes from an aircraft in the Gibraltar box (3+3 -2 = 4).
func TestS7_3_3AbortFromGibraltarGoesBackThroughBiscay(t *testing.T) {
	g := firstMedPatrol(t, 4, 4, 3, 3, 2, 2, 1, 1, 1, 1, 3, 3, 6, 6)
	if got := field(g.view("status"), "Hull"); got != "1 of 8" {
		t.Fatalf("hull %q: the damage did not happen\n%s", got, dump(tail(g.all, 12)))
	}
	if !g.offers("abort") {
		t.Fatalf("with hull damage the abort to France is not offered: %s", g.where())
	}
	evs := g.choose("abort", 4, 4) // back in box 1: 8 none; refit
	e1 := rolls(evs, "E1", "")
	if len(e1) != 1 || !strings.Contains(e1[0].Purpose, "Bay of Biscay") {
		t.Errorf("the way back: %v, want one Bay of Biscay roll", e1)
	}
}

// medPatrolHome sails the rest of a first Mediterranean patrol from box 3
// (Mediterranean 3+3 = 6 none) without encounters: boxes 4-6 Mediterranean,
// 7-8 Transit; then the refit. faces are the dice after the refit.
func medPatrolHome(g *game, faces ...int) []engine.Event {
	g.t.Helper()
	g.choose("sail", 3, 3)
	g.choose("sail", 3, 3)
	g.choose("sail", 3, 3)
	return g.choose("sail", fs(4, 4, 4, 4, faces)...)
}

// 7.3.4: "Once a U-Boat is assigned to the Mediterranean and completes its
// patrol (i.e. it did not abort per 7.3.3), it never returns to the Bay of
// Biscay. All subsequent patrols assignments will be conducted in the
// Mediterranean (no need to roll on U-Boat Patrol Assignment table)." 11.2.1:
// a KptLt's request roll is made "unless permanently assigned to Arctic or
// the Med". 7.3.3: "Subsequent Mediterranean patrols use the normal Transit
// Box for encounters—ignore reference to Bay of Biscay and Gibraltar."
func TestS7_3_4AfterTheFirstMediterraneanPatrolAlwaysTheMed(t *testing.T) {
	// KptLt (rank roll 4, 1941); once loaded, request roll 2, P1 2: Mediterranean.
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-07", "kommandant": "K"}, 4)
	g.stow("", 2, 1, 1, 4, 4, 4, 4, 3, 3)
	if !said(g.all, "Patrol assignment for Jul-41: Mediterranean") {
		t.Fatalf("no Mediterranean patrol:\n%s", dump(g.all))
	}
	medPatrolHome(g)
	// Second Med patrol, once loaded: boxes 1 and 2 on the Transit table
	// (2+2 = 4: none there; the Bay of Biscay would see an aircraft).
	evs := g.stow("", 2, 2)
	if !said(evs, "Patrol assignment for Sep-41: Mediterranean") {
		t.Fatalf("the next patrol is not in the Mediterranean:\n%s", dump(evs))
	}
	if n := len(rolls(evs, "P1", "")); n != 0 {
		t.Errorf("a P1 roll after a completed Mediterranean patrol")
	}
	if n := len(rolls(evs, "", "Request a patrol")); n != 0 {
		t.Errorf("a request roll (11.2.1) while permanently in the Mediterranean")
	}
	evs = append(evs, g.choose("sail", 2, 2)...)
	e1 := rolls(evs, "E1", "")
	if len(e1) != 2 {
		t.Fatalf("encounter rolls: %v", e1)
	}
	for i := 0; i < 2; i++ {
		if strings.Contains(e1[i].Purpose, "Biscay") || strings.Contains(e1[i].Purpose, "Gibraltar") || e1[i].Result != "none" {
			t.Errorf("second Med patrol, box %d: %s, want the plain Transit table", i+1, e1[i])
		}
	}
}

// 7.3.4 "(i.e. it did not abort per 7.3.3)": an aborted first Mediterranean
// patrol does not keep the boat there; the next assignment is rolled.
func TestS7_3_4AbortedMediterraneanPatrolIsNotPermanent(t *testing.T) {
	g := firstMedPatrol(t, 2, 2, 2, 2, 1, 1, 1, 1, 3, 3, 6, 6)
	evs := g.choose("abort")
	evs = append(evs, g.stow("", 3, 4, 4, 4)...) // the next load; P1 3+4; box 1 none
	if n := len(rolls(evs, "P1", "")); n != 1 {
		t.Errorf("after an aborted first Med patrol the next assignment is not rolled:\n%s", dump(evs))
	}
}

// arcticJun42 starts a VIIC in Jun-42 (rank 1) and stows its load; its first
// assignment is an Arctic patrol (P1 2) with the 7.3.5 roll given, and box 1
// (Transit 4+4) is quiet.
func arcticJun42(t *testing.T, stay int) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1942-06"}, 1)
	g.stow("", 1, 1, stay, 4, 4)
	return g
}

// nextLoadMaybeP1 stows the next patrol's load after a refit; its last answer
// rolls box 1 (Transit 4+4), and first a P1 roll (3+4) if one is made. It
// reports whether the P1 dice were needed.
func (g *game) nextLoadMaybeP1() ([]engine.Event, bool) {
	g.t.Helper()
	var evs []engine.Event
	for g.kind() != "hunters.load_aft_reloads" {
		evs = append(evs, g.choose(g.keys()[0])...)
	}
	more, err := g.try(g.keys()[0], 4, 4)
	if err == nil {
		return append(evs, more...), false
	}
	if !ranOut(err) {
		g.t.Fatal(err)
	}
	return append(evs, g.choose(g.keys()[0], 3, 4, 4, 4)...), true
}

// 7.3.5: "Roll 1d6 immediately after receiving this assignment ... On a roll
// of 1-3 the U-Boat remains assigned to a northern base and all future patrol
// assignments will be “Arctic” (no need to roll on U-Boat Patrol Assignment
// table) ... On a roll of 4-6, the U-Boat is not permanently assigned to the
// “Arctic” and it checks for its next patrol assignment normally."
func TestS7_3_5ArcticPermanentOnOneToThree(t *testing.T) {
	for _, c := range []struct {
		stay      int
		permanent bool
	}{{1, true}, {3, true}, {4, false}, {6, false}} {
		g := arcticJun42(t, c.stay)
		p1 := rollIndex(g.all, "P1")
		stay := -1
		for i, e := range g.all {
			if e.Roll != nil && e.Roll.Case == "7.3.5" {
				stay = i
				break
			}
		}
		if stay < 0 || stay < p1 {
			t.Fatalf("no 7.3.5 roll right after the assignment:\n%s", dump(g.all))
		}
		// Arctic track: Transit, Transit, Arctic x4, Transit, Transit. Arctic
		// 4+5 = 9: none.
		g.choose("sail", 4, 4)
		for i := 0; i < 4; i++ {
			g.choose("sail", 4, 5)
		}
		// boxes 7-8 and the refit; the next load, and a P1 roll (3+4) only
		// if one is made.
		evs := g.choose("sail", 4, 4, 4, 4)
		more, _ := g.nextLoadMaybeP1()
		evs = append(evs, more...)
		rolled := len(rolls(evs, "P1", "")) == 1
		if rolled == c.permanent {
			t.Errorf("7.3.5 roll %d: next assignment rolled on P1 = %v, want %v:\n%s", c.stay, rolled, !c.permanent, dump(evs))
		}
		if c.permanent && !said(evs, "Patrol assignment for Aug-42: Arctic") {
			t.Errorf("7.3.5 roll %d: the Aug-42 patrol is not Arctic:\n%s", c.stay, dump(evs))
		}
	}
}

// 7.3.5: "This permanent assignment holds even if the U-Boat is forced to
// abort patrol."
func TestS7_3_5ArcticPermanentEvenAfterAnAbort(t *testing.T) {
	g := arcticJun42(t, 2)
	if !g.offers("abort") {
		t.Fatalf("no abort offered: %s", g.where())
	}
	evs := g.choose("abort")
	if g.kind() == "hunters.abort_direction" { // 10.8.2: home the way it came
		evs = append(evs, g.choose("back")...)
	}
	more, _ := g.nextLoadMaybeP1() // a P1 roll: wrong, reported below
	evs = append(evs, more...)
	if n := len(rolls(evs, "P1", "")); n != 0 || !said(evs, "Patrol assignment for Aug-42: Arctic") {
		t.Errorf("after an aborted permanent Arctic patrol (at %s):\n%s", g.where(), dump(evs))
	}
}

// 7.3.5 with 11.2.1: a Kapitänleutnant may request a patrol assignment "unless
// permanently assigned to Arctic or the Med": no request roll while in the
// northern base.
func TestS7_3_5NoRequestRollWhilePermanentlyInTheArctic(t *testing.T) {
	// Jun-42: rank roll 6 = KptLt; once loaded, request roll 2 (refused); P1
	// 2 = Arctic; 7.3.5 roll 1: permanent.
	g := career(t, map[string]string{"boat": "VIIC", "start": "1942-06"}, 6)
	g.stow("", 2, 1, 1, 1, 4, 4)
	if n := len(rolls(g.all, "", "Request a patrol")); n != 1 {
		t.Fatalf("the KptLt's first request roll: %d", n)
	}
	g.choose("sail", 4, 4)
	for i := 0; i < 4; i++ {
		g.choose("sail", 4, 5)
	}
	evs := g.choose("sail", 4, 4, 4, 4)
	evs = append(evs, g.stow("", 4, 4)...) // the next load; box 1
	if n := len(rolls(evs, "", "Request a patrol")); n != 0 {
		t.Errorf("a request roll while permanently in the Arctic:\n%s", dump(evs))
	}
}
