package fidelity

import (
	"fmt"
	"strings"
	"testing"
)

// 6.1 game play outline: "1. DETERMINE PATROL ASSIGNMENT — Consult U-Boat
// Patrol Assignment Table (7.0) [P1] — Enter patrol assignment on Log Sheet —
// Place U-Boat Marker on Display Mat beside first Travel Box ... 2. CONDUCT
// PATROL — Check for encounters for Travel Box occupied ... B. Proceed to next
// Travel Box and repeat until U-Boat enters and resolves any possible
// encounter for final Travel Box (7.5). Upon completion, place U-Boat marker in
// the In Port (Refit) Box. 3. REFIT U-BOAT — A. Assess U-Boat damage and
// duration required (10.10)". One encounter roll per box, boxes in order, the
// refit after the last box, then the next patrol's load (step F) and its
// assignment.
func TestS6_1PatrolOutline(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	for i := 0; i < 7; i++ {
		if i == 0 {
			g.stow("", 3, 4, 4, 4)
		} else if i < 6 {
			g.choose("sail", 4, 4)
		}
	}
	evs := g.choose("sail", 4, 4, 4, 4)
	all := g.all
	evs = append(evs, g.stow("", 3, 3, 4, 4)...) // May-41: P1 6
	p1 := rollIndex(all, "P1")
	entry := eventIndex(all, "Patrol assignment for Mar-41")
	sails := eventIndex(all, "sails for")
	if !(p1 >= 0 && p1 < entry && entry < sails) {
		t.Errorf("assignment (%d), log entry (%d), sailing (%d) out of order", p1, entry, sails)
	}
	box := 0
	for _, e := range all {
		if strings.Contains(e.Text, "enters box ") {
			var n int
			if _, err := fmtSscanBox(e.Text, &n); err == nil {
				if n != box+1 {
					t.Errorf("box %d entered after box %d", n, box)
				}
				box = n
			}
		}
	}
	if box != 8 {
		t.Errorf("the patrol ended at box %d of 8", box)
	}
	if n := len(rolls(all, "E1", "")); n != 8 {
		t.Errorf("%d encounter rolls in 8 plain boxes, want one each", n)
	}
	done, refit, load, next := eventIndex(evs, "Patrol complete"), eventIndex(evs, "Refit:"), eventIndex(evs, "Loaded:"), rollIndex(evs, "P1")
	if !(done >= 0 && done < refit && refit < load && load < next) {
		t.Errorf("patrol end (%d), refit (%d), next load (%d), next assignment (%d) out of order:\n%s", done, refit, load, next, dump(evs))
	}
}

// kcCareer1942 sinks four Empresses of Britain (169,200 t) in Mar-42 and sails
// home; the refit awards the Knight's Cross (11.3.1).
func kcCareer1942(t *testing.T) (*game, []string) {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1942-03"}, 1) // rank 1: OltzS
	g.stow("", 4, 4, 4, 4)                                                   // P1 8: Atlantic; Bay of Biscay 8 - 1 = 7: none
	g.choose("sail", 4, 4)
	g.choose("sail", fs(3, 3, convoyFaces([4]ship{empress, empress, empress, empress}))...)
	sinkFirst(g, 4)
	g.choose("hold_depth", 1, 1)
	g.breakOff()
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	before := len(g.all)
	g.choose("sail", 4, 4, 4, 4)
	var texts []string
	for _, e := range g.all[before:] {
		texts = append(texts, e.Text)
	}
	return g, texts
}

// 6.1 step 3: "A. Assess U-Boat damage and duration required (10.10) ... D.
// Check for Kommandant Promotion and/or Knight's Cross Award (11.2 and 11.3).
// E. Check for possible U-Boat Reassignment (11.4). F. Replenish and set
// Torpedo Loads (4.5) and replenish Ammo markers (4.6) in anticipation of next
// patrol." — in that order.
func TestS6_1RefitStepsInOrder(t *testing.T) {
	g, _ := kcCareer1942(t)
	refit, kc := eventIndex(g.all, "Refit:"), eventIndex(g.all, "Knight's Cross")
	if !(refit >= 0 && refit < kc) {
		t.Fatalf("refit duration (%d) and Knight's Cross (%d) out of order", refit, kc)
	}
	g.expect("hunters.upgrade") // E: 11.4.3's request for a newer boat
	if got := field(g.view("status"), "Deck gun 8.8cm"); !strings.Contains(got, "10 of 10") {
		t.Errorf("ammo %q not replenished by the refit (F, 4.6)", got)
	}
}

// 6.1: refit step F ("Replenish and set Torpedo Loads (4.5) ... in
// anticipation of next patrol") comes before step 1 of the next patrol
// ("DETERMINE PATROL ASSIGNMENT"), as for the first patrol (4.4.2: "Once all
// markers have been placed, game setup is complete. You are now ready to begin
// play and determine your first patrol assignment"); 7.4.2 then has the player
// take "whatever torpedoes had been placed in the Forward and Aft Tubes" out
// for mines. The engine's default follows the text (ruling torpedo_load_order,
// see docs/contributors/rulings.md), at the start and after every refit.
func TestS6_1TorpedoLoadBeforeTheAssignment(t *testing.T) {
	// Only the rank roll (1941: 1 = OltzS): a P1 roll before the load would
	// run out of dice.
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.expect("hunters.torpedo_mix")
	if n := len(rolls(g.all, "P1", "")); n != 0 {
		t.Fatalf("the first assignment was rolled before the load")
	}
	if st := g.view("status"); !strings.Contains(st, "Crew quality") {
		t.Errorf("status before the first assignment:\n%s", st)
	}
	g.choose("e6")
	g.choose("f0a0")
	evs := g.choose("z1", 3, 4, 4, 4) // P1 7 = Atlantic; box 1 Bay of Biscay: none
	load, p1, box := eventIndex(evs, "Loaded:"), rollIndex(evs, "P1"), eventIndex(evs, "enters box 1")
	if !(load >= 0 && load < p1 && p1 < box) {
		t.Errorf("load (%d), assignment (%d), first box (%d) out of order:\n%s", load, p1, box, dump(evs))
	}
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	// Home and refit: the next load is asked before the May-41 assignment,
	// the boat made ready for a patrol in May-41 (10.10.4).
	evs = g.choose("sail", 4, 4, 4, 4)
	g.expect("hunters.torpedo_mix")
	if n := len(rolls(evs, "P1", "")); n != 0 {
		t.Errorf("the May-41 assignment was rolled before the refit's load (6.1 F)")
	}
	if got := field(g.view("status"), "Date"); got != "May-41" {
		t.Errorf("loading for the next patrol, the date is %q, want May-41", got)
	}
}

// 7.4.2 with the load first: "The player must adjust his Display Mat by
// removing whatever torpedoes had been placed in the Forward and Aft Tubes and
// substitute them with the Mine markers. He may then adjust the number of G7a
// and G7e torpedoes in the reloads to balance out the load as desired."
// (11.4.6: a VIID's shafts take the mines, its torpedoes stay.)
func TestS7_4_2MinesAfterALoadMadeFirst(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIB", "start": "1939-09"})
	g.choose("e6")
	g.choose("f0a0")
	evs := g.choose("z0", 2, 1, 4) // request roll 2; P1 5 = British Isles (M)
	if r := firstRoll(t, evs, "P1", ""); r.Result != "British Isles (M)" {
		t.Fatalf("P1: %s", r)
	}
	g.expect("hunters.torpedo_mix")
	if !strings.Contains(g.prompt().Text, "9 torpedoes") {
		t.Errorf("the reloads are not restowed for the mission: %s", g.where())
	}
	evs = g.stow("e4", 4, 4)
	if !said(evs, "forward tubes [mine mine mine mine], aft tubes [mine]") {
		t.Errorf("no mines in the tubes:\n%s", dump(evs))
	}

	v := career(t, map[string]string{"boat": "VIID", "start": "1942-01"}, 1)
	v.choose("e6")
	v.choose("f0a0")
	evs = v.choose("z0", 4, 5, 4, 4) // P1 9 = British Isles: (M) for a VIID; box 1
	if !said(evs, "vertical shafts") {
		t.Errorf("the VIID's mines:\n%s", dump(evs))
	}
	if got := field(v.view("status"), "Forward tubes"); strings.Count(got, "G7") != 4 {
		t.Errorf("the VIID's tubes %q lost their torpedoes to the mines", got)
	}
}

// fmtSscanBox reads the box number of "... enters box N of M: ...".
func fmtSscanBox(text string, n *int) (int, error) {
	i := strings.Index(text, "enters box ")
	return fmt.Sscan(text[i+len("enters box "):], n)
}

// 6.1 with ruling torpedo_load_order=after_assignment (the engine's default
// before it followed the text, and the order of games begun then): the
// set-up rolls the first assignment, then asks for the load knowing it, and
// each refit rolls the next assignment before the next load.
func TestS6_1FormerRulingLoadsAfterTheAssignment(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03", "rules": "torpedo_load_order=after_assignment"}, 1, 3, 4)
	if rollIndex(g.all, "P1") < 0 {
		t.Fatalf("no assignment in the set-up:\n%s", dump(g.all))
	}
	g.expect("hunters.torpedo_mix")
	g.stow("", 4, 4)
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	evs := g.choose("sail", 4, 4, 4, 4, 3, 3) // home, refit, P1 for May-41
	if refit, next := eventIndex(evs, "Refit:"), rollIndex(evs, "P1"); !(refit >= 0 && refit < next) {
		t.Fatalf("refit (%d), next assignment (%d):\n%s", refit, next, dump(evs))
	}
	g.expect("hunters.torpedo_mix")
}
