package xxi

import (
	"testing"
)

// 9.10's example played through the game, die by die: two Type VIIs, a
// convoy rated 5 in the Atlantic Ocean. The game hands the Battle Phase
// its flotillas and convoys and reads them back: the sunk convoy and the
// sunk VII to the Scrap Pile, the Depleted VII restored in 11.1.
func Test9_10ExampleThroughTheGame(t *testing.T) {
	s := setUpOnly(t, "")
	s.place(t, "convoy-4", areaAt("atlantic"))
	if s.counter("convoy-4").Value != 5 {
		t.Fatalf("the house pack's convoy-4 is %d, want 5", s.counter("convoy-4").Value)
	}
	s = atPhase(t, s, PhaseBattle)
	s.step(t, nil, s.battlePhase)
	if s.Step != stepBattle || s.Pending().Kind != "xxi.sail" {
		t.Fatalf("9.1: no sail prompt (step %q)", s.Step)
	}
	for _, m := range []struct {
		key   string
		faces []int
	}{
		{"sail:VII-1:atlantic", nil},
		{"test", []int{3, 4}},    // Open Ocean, Engine 4+: pass
		{"test", []int{2, 4, 5}}, // PBY Searchers 5+: fail; 1d6 vs 2: 5, hit
		{"abort", []int{4, 5}},   // Dangerous Trip Home 4+: pass
		{"sail:VII-2:atlantic", nil},
		{"test", []int{1, 6}},
		{"test", []int{3, 5}},
		{"test", []int{5, 6}},
		{"test", []int{4, 4, 3, 6}}, // Destroyer Screen 5+: fail; 2d6 vs 2: one hit
		{"continue", nil},
		{"attack:convoy-4", []int{4, 5, 1, 4}}, // sunk; 2d6 vs 2: hit, the Depleted VII sunk
	} {
		if !hasKey(s.Pending().Options, m.key) {
			t.Fatalf("9.10: %s is not offered at %s (%v)", m.key, s.Pending().Kind, keysOf(s.Pending().Options))
		}
		s, _ = apply(t, s, m.key, m.faces...)
	}
	if s.Battle != nil || s.Step != stepMarker {
		t.Fatalf("9.10: after the example the game waits at %q (phase %d), want the End Phase's marker", s.Step, s.Phase)
	}
	if s.counter("convoy-4").At != AtScrap || s.counter("VII-2").At != AtScrap || s.Tally.ConvoysSunk != 1 || s.Tally.FlotillasLost[KindVII] != 1 {
		t.Fatalf("9.7, 9.8: convoy-4 at %s, VII-2 at %s, tally %+v", s.counter("convoy-4").At, s.counter("VII-2").At, s.Tally)
	}
	if c := s.counter("VII-1"); c.At != AtValentin || c.Depleted {
		t.Fatalf("11.1: VII-1 at %s, Depleted %v: want restored in Valentin", c.At, c.Depleted)
	}
	// 2.1.1: an eliminated Type VII may mark a turn, but never returns to
	// the pile.
	if !hasKey(s.Pending().Options, "marker:VII-2") {
		t.Fatalf("12.2: the sunk VII is not offered as a turn marker: %v", keysOf(s.Pending().Options))
	}
}

// The battle rulings reach the Battle Phase as set (XXI-A5..A8, A20).
func TestBattleRulingsReachThePhase(t *testing.T) {
	s := setUpOnly(t, "A5=stays_out,A6=straight_home,A7=after_dc_only,A8=together,A20=forbidden")
	got := s.battleRulings()
	if got.A5 != "stays_out" || got.A6 != "straight_home" || got.A7 != "after_dc_only" || got.A8 != "together" || got.A20 != "forbidden" {
		t.Fatalf("battle rulings %+v", got)
	}
	// XXI-A20 forbidden: no convoy anywhere, no path may be sailed, so the
	// phase ends by itself; allowed: both paths are offered.
	s = atPhase(t, s, PhaseBattle)
	s.step(t, nil, s.battlePhase)
	if s.Step == stepBattle {
		t.Fatalf("XXI-A20 forbidden: a sail offered with no convoy: %v", keysOf(s.Pending().Options))
	}
	d := atPhase(t, setUpOnly(t, ""), PhaseBattle)
	d.step(t, nil, d.battlePhase)
	if d.Step != stepBattle || !hasKey(d.Pending().Options, "sail:VII-1:western-approaches") {
		t.Fatalf("XXI-A20 allowed: step %q", d.Step)
	}
}
