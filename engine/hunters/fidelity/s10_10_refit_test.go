package fidelity

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// homeQuietly leaves the engagement in box 3 of a British Isles patrol and
// sails home without encounters; refit is the refit's dice, up to the next
// torpedo load (6.1 step F: the next assignment follows it).
func (g *game) homeQuietly(refit ...int) {
	g.t.Helper()
	g.toProceed()
	for i := 0; i < 3; i++ {
		g.choose("sail", quietBritish...)
	}
	_, rest := g.feed("sail", cat(quietTransit, quietBiscay, refit))
	if len(rest) != 0 {
		g.t.Fatalf("homeQuietly: refit dice %v unused at %s", rest, g.where())
	}
}

// sailNext stows the next patrol's load after a refit; its assignment rolls
// assign (6.1: step F's load comes before step 1's assignment), and its
// first box nothing (quietBiscay).
func (g *game) sailNext(assign ...int) []engine.Event {
	g.t.Helper()
	g.expect("hunters.torpedo_mix")
	return g.load(false, cat(assign, quietBiscay)...)
}

// wantLog fails unless the log sheet has each line, in order.
func (g *game) wantLog(lines ...string) {
	g.t.Helper()
	log := g.view("log")
	at := 0
	for _, l := range lines {
		i := strings.Index(log[at:], l)
		if i < 0 {
			g.t.Fatalf("log lacks %q (in order):\n%s", l, log)
		}
		at += i + len(l)
	}
}

// 10.10.1: "Every U-Boat automatically spends a minimum of one month to
// conduct a Refit"; 10.10.4: "For each month of Refit required, place an 'R'
// next to the month(s) ... The first month beyond the Refit period indicates
// the start date for the next patrol."
func TestS10_10_1RefitTakesAtLeastOneMonth(t *testing.T) {
	g := britishIsles1940(t, "")
	g.load(false, cat(britishIslesP1, quietBiscay)...)
	g.choose("sail", quietTransit...)
	for i := 0; i < 4; i++ {
		g.choose("sail", quietBritish...)
	}
	g.choose("sail", cat(quietTransit, quietBiscay)...)
	g.sailNext(3, 4)
	g.wantLog("Oct-40  British Isles", "Nov-40  R", "Dec-40  British Isles")
	if strings.Contains(g.view("log"), "Dec-40  R") {
		t.Fatalf("two refit months for an undamaged boat:\n%s", g.view("log"))
	}
}

// 10.10.2: "If three or more systems are marked Inoperable at the start of the
// Refit, one additional month is added ... any number of damaged systems above
// two adds just one extra month". Three inoperable: two months; five: two.
func TestS10_10_2ThreeOrMoreInoperableAddOneMonth(t *testing.T) {
	for _, c := range []struct {
		e3   [2]int
		hits []int
	}{
		{[2]int{4, 5}, []int{1, 1, 1, 4, 1, 6}},             // batteries, periscope, e-engine 1
		{[2]int{6, 6}, []int{1, 1, 1, 4, 1, 6, 2, 2, 6, 1}}, // + e-engine 2, hydrophones
	} {
		g := underAttack(t, "")
		g.choose("hold_depth", cat([]int{4, 5, c.e3[0], c.e3[1]}, c.hits)...)
		n := len(c.hits) / 2
		fails := make([]int, n)
		for i := range fails {
			fails[i] = 6
		}
		g.choose("hold_depth", cat([]int{1, 1}, fails)...)
		g.homeQuietly()
		g.sailNext(3, 4)
		g.wantLog("Oct-40  British Isles", "Nov-40  R", "Dec-40  R", "Jan-41  ")
		if strings.Contains(g.view("log"), "Jan-41  R") {
			t.Fatalf("%d inoperable systems: more than two months:\n%s", n, g.view("log"))
		}
	}
}

// 10.10.3 (and 10.3.3 "The amount of Hull damage will impact the length of
// Refit"): "For every three spaces of Hull damage (or fraction thereof), one
// additional month is added to the Refit period." Hull 1 and 3: +1; 4: +2;
// 7: +3 (the rule's own example: 7 spaces, 3 months).
func TestS10_10_3HullDamageLengthensRefit(t *testing.T) {
	for _, c := range []struct {
		e3     [2]int
		hits   []int
		months int
	}{
		{[2]int{2, 2}, []int{3, 3}, 2},                   // 1 hull
		{[2]int{4, 3}, []int{6, 5, 3, 3}, 2},             // 3
		{[2]int{4, 3}, []int{6, 5, 6, 5}, 3},             // 4
		{[2]int{5, 6}, []int{6, 5, 6, 5, 6, 5, 3, 3}, 4}, // 7
	} {
		g := underAttack(t, "")
		g.choose("hold_depth", cat([]int{4, 5, c.e3[0], c.e3[1]}, c.hits)...)
		g.choose("hold_depth", 1, 1)
		g.homeQuietly()
		g.sailNext(3, 4)
		months := []string{"Nov-40", "Dec-40", "Jan-41", "Feb-41", "Mar-41"}
		var want []string
		for _, m := range months[:c.months] {
			want = append(want, m+"  R")
		}
		want = append(want, months[c.months]+"  ")
		g.wantLog(want...)
		if strings.Contains(g.view("log"), months[c.months]+"  R") {
			t.Fatalf("hull %v: more than %d refit months:\n%s", c.hits, c.months, g.view("log"))
		}
	}
}

// 10.10.3's example: "Type VII U-Boat returns to base with a damaged
// periscope, fuel tanks, dive planes, and 5 Hull damage boxes. The duration
// for the Refit period will be four months". Here they are Inoperable after
// failed repairs; the fuel tanks force the abort (10.4.2), home by boxes 2, 1.
func TestS10_10_3TheRulebookExampleFourMonths(t *testing.T) {
	g := underAttack(t, "")
	// Round 1: E3 12: periscope 14, fuel 66, dive planes 15, hull 65 65 (4).
	g.choose("hold_depth", 4, 5, 6, 6, 1, 4, 6, 6, 1, 5, 6, 5, 6, 5)
	// Round 2: E2 2+4 +1 previous +1 fuel +1 dive planes = 9; E3 2+1 +1 fuel = 4: E4 33 (5).
	g.choose("hold_depth", 2, 4, 2, 1, 3, 3)
	g.wantField("status", "Hull", "5 of 8")
	g.choose("hold_depth", 1, 1, 5, 5, 5) // escape; three repairs fail
	g.choose(g.keys()[0], cat(quietTransit, quietBiscay)...)
	g.sailNext(3, 4)
	g.wantLog("Oct-40  British Isles", "Nov-40  R", "Dec-40  R", "Jan-41  R", "Feb-41  R", "Mar-41  ")
	if strings.Contains(g.view("log"), "Mar-41  R") {
		t.Fatalf("more than four months:\n%s", g.view("log"))
	}
}

// 10.10.5: "If a U-Boat returns and requires 5 months to conduct a Refit, the
// player automatically receives a new U-Boat of the same type (and latest
// model), per 11.4.2. If a U-Boat is replaced, any permanent assignment to the
// Arctic or the Mediterranean is cancelled." 1 + 1 (three inoperable) + 3
// (hull 7) = 5. The boat was permanently assigned to the Arctic (7.3.5: P1
// 1941-07..12 5+6 = 11 Arctic, then 1d6 = 1): after the new boat the next
// assignment is rolled on P1 again.
func TestS10_10_5FiveMonthRefitGivesANewBoatAndEndsTheArctic(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-07", "kommandant": "Teichert", "uboat": "U-456"}, 1)
	g.load(true, cat([]int{5, 6, 1}, quietTransit)...)
	g.choose("sail", quietTransit...)
	// Box 3 Arctic 3+3: convoy; four small freighters (size 1; T1 11-14); day 1 (Jul).
	g.choose("sail", 3, 3, 1, 1, 1, 1, 1, 1, 1, 2, 1, 3, 1, 4, 1)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	// Round 1 (1941 +1): E2 4+4 = 9; E3 5+6 = 11: hull 65 65 65 33 (7).
	g.choose("hold_depth", 4, 4, 5, 6, 6, 5, 6, 5, 6, 5, 3, 3)
	// Round 2: E2 4+4 +2 = 10; E3 4+5 = 9: batteries 11, periscope 14, e-engine 16.
	g.choose("hold_depth", 4, 4, 4, 5, 1, 1, 1, 4, 1, 6)
	g.choose("hold_depth", 1, 1, 6, 6, 6) // escape; three repairs fail
	g.wantField("status", "Hull", "7 of 8")
	g.toProceed()
	quietArctic := []int{5, 5}
	for i := 0; i < 3; i++ {
		g.choose("sail", quietArctic...)
	}
	evs := g.choose("sail", cat(quietTransit, quietTransit)...)
	if !said(evs, "new boat") {
		t.Fatalf("no new boat after a five-month refit\n%s", dump(evs))
	}
	evs = append(evs, g.sailNext(3, 4)...)
	if n := len(rolls(evs, "P1", "")); n != 1 {
		t.Fatalf("%d P1 rolls after the new boat, want 1 (the Arctic assignment is cancelled)\n%s", n, dump(evs))
	}
	g.wantField("status", "Hull", "0 of 8")
}

// 10.10.6: Type VIID patrols are extended too: "Place a 'P' in the first month
// row ... before placing an 'R'". A Jan-42 Atlantic patrol (P1 4+4 = 8),
// nothing met (every E1 roll 4+4): Feb-42 P, Mar-42 R, Apr-42 next.
func TestS10_10_6TypeVIIDPatrolTakesTwoMonths(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIID", "start": "1942-01", "kommandant": "Schroeter", "uboat": "U-213"}, 1)
	fours := make([]int, 40)
	for i := range fours {
		fours[i] = 4
	}
	g.load(false, 4, 4, 4, 4)
	for g.kind() == "hunters.proceed" {
		g.feed("sail", fours)
	}
	g.sailNext(4, 4)
	g.wantLog("Jan-42  Atlantic", "Feb-42  P", "Mar-42  R", "Apr-42  ")
}
