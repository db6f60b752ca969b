package fidelity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
)

// 6.1 game play outline: "1. DETERMINE PATROL ASSIGNMENT — Consult U-Boat
// Patrol Assignment Table (7.0) [P1] — Enter patrol assignment on Log Sheet —
// Place U-Boat Marker on Display Mat beside first Travel Box ... 2. CONDUCT
// PATROL — Check for encounters for Travel Box occupied ... B. Proceed to next
// Travel Box and repeat until U-Boat enters and resolves any possible
// encounter for final Travel Box (7.5). Upon completion, place U-Boat marker in
// the In Port (Refit) Box. 3. REFIT U-BOAT — A. Assess U-Boat damage and
// duration required (10.10)". One encounter roll per box, boxes in order, the
// refit after the last box, then the next assignment.
func TestS6_1PatrolOutline(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1, 3, 4)
	for i := 0; i < 7; i++ {
		if i == 0 {
			g.stow("", 4, 4)
		} else if i < 6 {
			g.choose("sail", 4, 4)
		}
	}
	evs := g.choose("sail", 4, 4, 4, 4, 3, 3)
	all := g.all
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
	done, refit, next := eventIndex(evs, "Patrol complete"), eventIndex(evs, "Refit:"), rollIndex(evs, "P1")
	if !(done >= 0 && done < refit && refit < next) {
		t.Errorf("patrol end (%d), refit (%d), next assignment (%d) out of order:\n%s", done, refit, next, dump(evs))
	}
}

// kcCareer1942 sinks four Empresses of Britain (169,200 t) in Mar-42 and sails
// home; the refit awards the Knight's Cross (11.3.1).
func kcCareer1942(t *testing.T) (*game, []string) {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1942-03"}, 1, 4, 4) // P1 8: Atlantic
	g.stow("", 4, 4)                                                               // Bay of Biscay 8 - 1 = 7: none
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
// take the torpedoes out of the tubes for mines.
func TestS6_1TorpedoLoadBeforeTheAssignment(t *testing.T) {
	// Only the rank roll (1941: 1 = OltzS) is given: a P1 roll before the
	// load would run out of dice.
	rules, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := rules.New([]byte(`{"boat":"VIIC","start":"1941-03"}`), dice.NewScripted([]int{1}))
	if err != nil {
		t.Fatalf("the set-up rolls more than the rank before the torpedoes are loaded: %v", err)
	}
	if p := st.Pending(); p == nil || p.Kind != "hunters.torpedo_mix" {
		t.Errorf("after the set-up: %+v, want the torpedo load", p)
	}
}

// fmtSscanBox reads the box number of "... enters box N of M: ...".
func fmtSscanBox(text string, n *int) (int, error) {
	i := strings.Index(text, "enters box ")
	return fmt.Sscan(text[i+len("enters box "):], n)
}
