package fidelity

import "testing"

// The driver itself: a career's set-up rolls its 11.2.2 rank and ends with
// the torpedo load (4.5, 4.4.2); the 7.0 assignment roll follows the load.
func TestDriverStartsACareer(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "Prien", "uboat": "U-47"}, 2)
	if r := firstRoll(t, g.all, "", "Starting rank"); r.Result != "OltzS" {
		t.Fatalf("rank roll 2: %+v", r)
	}
	g.expect("hunters.torpedo_mix")
	if !g.offers("e6") {
		t.Fatalf("the mat's mix e6 is not offered: %v", g.keys())
	}
	if _, err := g.try("nonsense"); err == nil {
		t.Fatal("an unknown key was accepted")
	}
	evs := g.stow("e6", 6, 4, 4, 4) // P1 6+4; box 1 (Bay of Biscay) 4+4: none
	if r := firstRoll(t, evs, "P1", ""); r.Natural != 10 {
		t.Fatalf("P1 6+4: %+v", r)
	}
}
