package fidelity

import (
	"strings"
	"testing"
)

// homeColumns aborts at the pending proceed prompt with supply and returns
// the E1 columns rolled between the abort and the patrol's end.
func (g *game) abortHome(key string, supply []int) []string {
	g.t.Helper()
	evs, _ := g.feed(key, supply)
	if g.kind() == "hunters.abort_direction" {
		g.t.Fatalf("abort: asked for a direction: %s", g.where())
	}
	if !said(evs, "Patrol complete") {
		g.t.Fatalf("abort: the patrol did not end\n%s", dump(evs))
	}
	return e1Columns(until(evs, "Patrol complete"))
}

// 10.8.5: "The Kommandant can always abort a patrol voluntarily." 10.8.2: "To
// abort the patrol, immediately place the U-Boat marker in the nearest Transit
// Box space and roll for an encounter normally. Continue moving towards your
// home base, rolling for encounters in each Transit Box"; "the U-Boat can move
// backwards on the track". From box 3 of 8 the nearest is box 2, then box 1.
func TestS10_8_2AbortFromBoxThreeGoesBack(t *testing.T) {
	g := britishIsles1940(t, "")
	g.load(false, cat(britishIslesP1, quietBiscay)...)
	g.choose("sail", quietTransit...)
	g.choose("sail", quietBritish...)
	if !g.offers("abort") {
		t.Fatalf("no voluntary abort offered: %s", g.where())
	}
	got := g.abortHome("abort", cat(quietTransit, quietBiscay))
	if strings.Join(got, "|") != "Transit|Bay of Biscay / Special Missions" {
		t.Fatalf("encounter rolls home %q, want Transit then Bay of Biscay", got)
	}
}

// 10.8.2 from box 5 of 8: box 7 (two boxes ahead) is nearer than box 2
// (three back); then box 8.
func TestS10_8_2AbortFromBoxFiveGoesAhead(t *testing.T) {
	g := britishIsles1940(t, "")
	g.load(false, cat(britishIslesP1, quietBiscay)...)
	g.choose("sail", quietTransit...)
	for i := 0; i < 3; i++ {
		g.choose("sail", quietBritish...)
	}
	got := g.abortHome("abort", cat(quietTransit, quietBiscay))
	if strings.Join(got, "|") != "Transit|Bay of Biscay / Special Missions" {
		t.Fatalf("encounter rolls home %q, want Transit (box 7) then Bay of Biscay (box 8)", got)
	}
	if !strings.Contains(g.view("log"), "British Isles") {
		t.Fatalf("log:\n%s", g.view("log"))
	}
}

// 10.8.2 in the first Transit box: the base is right behind it, and 7.3.3
// says an abort "from the first Transit Box ... is automatically considered
// to have ended" (from the second, "the boat must still travel backwards
// through the first Travel Box"). No direction to choose, no more rolls.
func TestS10_8_2AbortFromTheFirstBoxEndsThePatrol(t *testing.T) {
	g := britishIsles1940(t, "")
	g.load(false, cat(britishIslesP1, quietBiscay)...)
	if got := g.abortHome("abort", nil); len(got) != 0 {
		t.Fatalf("encounter rolls after aborting in box 1: %q", got)
	}
}

// 10.8.2 (and 7.3.3) from the second Transit box: back through box 1 only.
func TestS10_8_2AbortFromTheSecondBoxRollsTheFirst(t *testing.T) {
	g := britishIsles1940(t, "")
	g.load(false, cat(britishIslesP1, quietBiscay)...)
	g.choose("sail", quietTransit...)
	got := g.abortHome("abort", quietBiscay)
	if strings.Join(got, "|") != "Bay of Biscay / Special Missions" {
		t.Fatalf("encounter rolls home %q, want box 1 (Bay of Biscay) only", got)
	}
}

// 10.8.2: "If nearest Transit Box is equidistant in both directions, select
// either one." A VIIC North America track has eleven boxes, Transit at 2-4 and
// 8-10; from box 6 boxes 4 and 8 are two away. Back: 4, 3, 2 (Transit) and 1
// (Bay of Biscay); ahead: 8, 9, 10 and 11.
func TestS10_8_2EquidistantTransitBoxesTheKommandantChooses(t *testing.T) {
	for _, dir := range []string{"back", "ahead"} {
		// 1942: Oberleutnant on 1-5; once loaded, P1 1942-01..06 3+3 = 6 North America.
		g := career(t, map[string]string{"boat": "VIIC", "start": "1942-01", "kommandant": "Hardegen", "uboat": "U-123"}, 1)
		g.load(false, cat([]int{3, 3}, quietBiscay)...) // 1942: 8 -1 = 7, none
		for i := 0; i < 3; i++ {
			g.choose("sail", quietTransit...)
		}
		g.choose("sail", 1, 2) // box 5, North America 3: none
		g.choose("sail", 1, 2) // box 6
		g.choose("abort")
		g.expect("hunters.abort_direction")
		if !g.offers("back") || !g.offers("ahead") {
			t.Fatalf("directions offered %v", g.keys())
		}
		evs, _ := g.feed(dir, cat(quietTransit, quietTransit, quietTransit, quietBiscay))
		got := e1Columns(until(evs, "Patrol complete"))
		if strings.Join(got, "|") != "Transit|Transit|Transit|Bay of Biscay / Special Missions" {
			t.Fatalf("%s: encounter rolls home %q", dir, got)
		}
		if !strings.Contains(evs[1].Text, map[string]string{"back": "box 4 ", "ahead": "box 8 "}[dir]) {
			t.Fatalf("%s: the boat went first to %q", dir, evs[1].Text)
		}
	}
}

// 10.8.4: "U-Boats that are aborting patrol are not allowed to initiate
// combat, although they may be attacked ... This includes encounters with
// unescorted ships—the U-Boat may not initiate combat." Aborting from box 3,
// the boat meets in box 2 a random event (first natural 12, 12.0): Luftwaffe
// Recon (R1 8), a lone unescorted ship. It may not attack it.
func TestS10_8_4AnAbortingBoatMayNotAttack(t *testing.T) {
	g := britishIsles1940(t, "")
	g.load(false, cat(britishIslesP1, quietBiscay)...)
	g.choose("sail", quietTransit...)
	g.choose("sail", quietBritish...)
	// Transit 6+6: random event; R1 4+4 Luftwaffe recon (the ship need not be
	// identified: it cannot be attacked); box 1 quiet; home.
	evs, rest := g.feed("abort", cat([]int{6, 6, 4, 4}, quietBiscay))
	if r := rolls(evs, "U1", ""); len(r) != 0 {
		t.Fatalf("the aborting boat fired: %+v", r)
	}
	if g.kind() == "hunters.engage" {
		if g.offers("attack") {
			t.Fatalf("an aborting boat is offered to attack: %v", g.keys())
		}
		g.feed(g.keys()[len(g.keys())-1], rest)
	}
	g.expect("hunters.torpedo_mix")
}

// ixb1940 starts a Type IXB Kapitänleutnant in Apr-40 at his torpedo-load
// prompt: the set-up rolls nothing (11.2.2: a Type IX's Kommandant is a
// KptLt). His first assignment, rolled when the load is stowed, is
// ixb1940Assign (request roll 2: none; P1 3+4 British Isles: nine boxes, the
// fifth "x2"; before July 1940 the Bay of Biscay boxes are plain Transit,
// 7.3.6).
func ixb1940(t *testing.T) *game {
	g := career(t, map[string]string{"boat": "IXB", "start": "1940-04", "kommandant": "Schütze", "uboat": "U-103"})
	g.expect("hunters.torpedo_mix")
	return g
}

// ixb1940Assign are ixb1940's assignment dice: request roll 2, P1 3+4.
var ixb1940Assign = []int{2, 3, 4}

// 10.10.6: "Type IX (all models) and Type VIID U-Boats conducted patrols of
// greater duration. Place a 'P' in the first month row of the Patrol Log Sheet
// upon return to base ... before placing an 'R'". 10.8.6: "If a Type IX
// U-boat aborts before the halfway point of its patrol, the patrol is
// considered to only have taken one month, not two, and a 'P' is not placed".
// A full Apr-40 patrol: May P, Jun R, next patrol Jul-40. Aborted in box 2
// (2 of 10 encounter rolls): May R, next patrol Jun-40. Aborted in box 6 (7
// of 10 rolls, past the halfway point): May P, Jun R, Jul-40.
func TestS10_8_6TypeIXAbortBeforeHalfwayTakesOneMonth(t *testing.T) {
	for _, c := range []struct {
		name      string
		abortAt   int // 0: no abort
		wantLines []string
	}{
		{"full patrol", 0, []string{"Apr-40  British Isles", "May-40  P", "Jun-40  R", "Jul-40  British Isles"}},
		{"abort in box 2", 2, []string{"Apr-40  British Isles", "May-40  R", "Jun-40  British Isles"}},
		{"abort in box 6", 6, []string{"Apr-40  British Isles", "May-40  P", "Jun-40  R", "Jul-40  British Isles"}},
	} {
		g := ixb1940(t)
		g.load(false, cat(ixb1940Assign, quietTransit)...)
		next := []int{2, 3, 4} // the next patrol's request roll 2, P1 3+4
		box := 1
		for ; box < 9; box++ {
			if box == c.abortAt {
				break
			}
			next := quietBritish
			switch box + 1 {
			case 2, 8, 9:
				next = quietTransit
			case 5:
				next = cat(quietBritish, quietBritish)
			}
			if box+1 >= 8 {
				// boxes 8 and 9 follow without a prompt in between
				g.feed("sail", cat(quietTransit, quietTransit))
				box = 9
				break
			}
			g.choose("sail", next...)
		}
		if c.abortAt > 0 {
			home := quietTransit // box 2 → box 1
			if c.abortAt == 6 {
				home = cat(quietTransit, quietTransit) // box 6 → boxes 8, 9
			}
			g.feed("abort", home)
		}
		g.load(false, cat(next, quietTransit)...) // the next patrol, assigned once loaded
		log := g.view("log")
		for _, want := range c.wantLines {
			if !strings.Contains(log, want) {
				t.Fatalf("%s: log lacks %q:\n%s", c.name, want, log)
			}
		}
		if c.abortAt == 2 && strings.Contains(log, "  P") {
			t.Fatalf("%s: a P after an early abort:\n%s", c.name, log)
		}
	}
}
