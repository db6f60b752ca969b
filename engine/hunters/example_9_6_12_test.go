package hunters

import "testing"

// 9.6.12's worked example: detected after a day attack at medium range with
// G7a torpedoes; the escorts keep +1 for the G7a and add +1, once, for the
// previous detection.
func TestExample9_6_12DetectionSequence(t *testing.T) {
	s := bare(t, "VIIC", "1940-11", "")
	withPatrol(t, s, "atlantic", 2)
	e := encounter(t, s, "convoy", true, false, "large_freighter:7600", "small_freighter:4000", "tanker:9000", "small_freighter:3000")
	e.Range, e.G7aByDay, e.FiredRound, e.Round = "medium", true, true, 1
	s.Phase = phDetect
	runSteps(t, s)
	if s.Phase != phTestDepth {
		t.Fatalf("phase %s, want the test-depth decision before detection (9.6.4)", s.Phase)
	}
	// Escorts roll 8, +1 G7a by day = 9: detected. The depth charges miss (2).
	evs := choose(t, s, "hold_depth", 4, 4, 1, 1)
	r := findRoll(evs, "E2", "Escort detection")
	if r == nil || r.Total != 9 || r.Result != "detected" {
		t.Fatalf("first detection: %+v\n%s", r, dump(evs))
	}
	if v, ok := hasMod(r, "G7a by day"); !ok || v != 1 || len(r.Modifiers) != 1 {
		t.Fatalf("first detection modifiers %+v", r.Modifiers)
	}
	// Second loop: +1 G7a, +1 previous detection = +2; 9 becomes 11: detected.
	evs = choose(t, s, "hold_depth", 4, 5, 1, 1)
	r = findRoll(evs, "E2", "Escort detection")
	if r.Total != 11 || r.Result != "detected" {
		t.Fatalf("second detection: %+v", r)
	}
	if _, ok := hasMod(r, "previous detection"); !ok || len(r.Modifiers) != 2 {
		t.Fatalf("second detection modifiers %+v", r.Modifiers)
	}
	// Third loop: still +2, not +3 (the previous-detection +1 is not cumulative).
	evs = choose(t, s, "hold_depth", 3, 3)
	r = findRoll(evs, "E2", "Escort detection")
	if r.Total != 8 || r.Result != "undetected" {
		t.Fatalf("third detection: %+v", r)
	}
	if s.Phase == phDetect || s.Phase == phTestDepth {
		t.Fatalf("the cycle should end on a failed detection, phase %s", s.Phase)
	}
}
