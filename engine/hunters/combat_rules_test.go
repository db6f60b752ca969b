package hunters

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// escortedAt puts the boat in an escorted convoy engagement ready to choose a weapon.
func escortedAt(t *testing.T, boat, month, rng string, night bool) *State {
	t.Helper()
	s := bare(t, boat, month, "")
	withPatrol(t, s, "atlantic", 3)
	e := encounter(t, s, "convoy", true, night, "large_freighter:7600", "small_freighter:4000", "tanker:9000", "small_freighter:3000")
	e.Range, e.CombatRound = rng, 1
	return s
}

// 9.2.2: at close range against escorts, a detection roll comes first: a
// modified 10+ detects, with only the year (and KC+O+S) modifiers; a detected
// boat fires nothing and is depth-charged at once.
func TestCloseRangePreDetection(t *testing.T) {
	s := escortedAt(t, "VIIC", "1942-03", "close", false)
	s.Enc.G7aByDay = true // would be +1 on a normal detection roll: not here
	s.Phase = phPreDet
	// 4+4 = 8, +2 (1942) = 10: detected. Then E3 1+1 = 2: no damage; back to detection.
	evs := runSteps(t, s, 4, 4, 1, 1)
	r := findRoll(evs, "E2", "Close-range")
	if r == nil || r.Total != 10 || r.Result != "detected" || len(r.Modifiers) != 1 {
		t.Fatalf("close-range roll %+v", r)
	}
	if s.torpedoesAboard() != 14 {
		t.Fatal("a boat detected at close range fires no torpedo")
	}
	if findRoll(evs, "E3", "Depth charge") == nil || s.Phase != phTestDepth {
		t.Fatalf("depth charges follow at once; phase %s", s.Phase)
	}
	// Undetected: it fires, then is checked again with +1 for close range.
	s = escortedAt(t, "VIIC", "1941-03", "close", false)
	s.Phase = phPreDet
	runSteps(t, s, 3, 4) // 7 + 1 = 8: undetected
	if s.Phase != phWeapon {
		t.Fatalf("phase %s", s.Phase)
	}
	choose(t, s, "fwd")
	choose(t, s, "all1", 6, 6, 6, 6, 6, 6, 6, 6) // four misses
	evs = choose(t, s, "hold_depth", 3, 3, 1, 1) // 6 +1 year +1 close +1 G7a by day = 9: detected; E3 2: no damage
	r = findRoll(evs, "E2", "Escort detection")
	if _, ok := hasMod(r, "close range"); !ok {
		t.Fatalf("9.2.2: +1 close range after firing: %v", r.Modifiers)
	}
}

// 9.2.1, 9.5.2, 11.3.6: a night surface attack may fire a second salvo from the
// other end, committed in advance, at +1 to hit unless the Kommandant holds the
// Knight's Cross; both ends give +1 to the first detection only (9.6.3). A
// salvo declared first whose tubes are all held leaves the other end's the
// only one fired: no second salvo, and not both ends used.
func TestNightSurfaceSecondSalvo(t *testing.T) {
	s := escortedAt(t, "VIIC", "1940-11", "medium", true)
	s.Enc.Surfaced = true
	s.Phase = phWeapon
	choose(t, s, "fwd_aft")
	choose(t, s, "t1") // one forward torpedo at target 1
	for i := 0; i < 3; i++ {
		choose(t, s, "hold")
	}
	// Forward: U1 6+6 = 12 -1 UZO = 11 > 7: a miss. Aft tube at target 1:
	// U1 3+3 = 6, -1 UZO, +1 second salvo = 6 ≤ 7: hit; dud check 6; U3 4.
	// 9.6.6: no test-depth decision in the first round of a night surface attack;
	// detection 2+3 = 5 + 1 fore and aft = 6 (1940: no radar +1): undetected.
	evs := choose(t, s, "t1", 6, 6, 3, 3, 6, 4, 2, 3)
	var second *engine.Roll
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Chart == "U1" {
			second = e.Roll // the last U1: the aft torpedo
		}
	}
	if v, ok := hasMod(second, "second salvo"); !ok || v != 1 {
		t.Fatalf("second salvo modifier: %v", second.Modifiers)
	}
	r := findRoll(evs, "E2", "Escort detection")
	if _, ok := hasMod(r, "fore and aft"); !ok {
		t.Fatalf("9.6.3: fore and aft +1 in the first round: %v", r.Modifiers)
	}

	// The forward salvo held whole: the aft torpedo is the only salvo.
	h := escortedAt(t, "VIIC", "1940-11", "medium", true)
	h.Enc.Surfaced = true
	h.Phase = phWeapon
	choose(t, h, "fwd_aft")
	for i := 0; i < 4; i++ {
		choose(t, h, "hold")
	}
	// U1 3+3 = 6 -1 UZO = 5: hit; dud check 6; U3 4; detection 2+3 = 5.
	evs = choose(t, h, "t1", 3, 3, 6, 4, 2, 3)
	if _, ok := hasMod(findRoll(evs, "U1", "torpedo"), "second salvo"); ok {
		t.Fatal("9.5.2: a lone salvo has no second-salvo modifier")
	}
	if _, ok := hasMod(findRoll(evs, "E2", "Escort detection"), "fore and aft"); ok {
		t.Fatal("9.2.1: one end fired is not both ends used")
	}

	// With the Knight's Cross the second salvo has no penalty (11.3.6).
	k := escortedAt(t, "VIIC", "1940-11", "medium", true)
	k.Enc.Surfaced, k.Career.Award = true, 1
	k.Phase = phWeapon
	choose(t, k, "aft_fwd")
	choose(t, k, "t1") // the aft tube at target 1
	choose(t, k, "t1") // one forward torpedo at target 1
	choose(t, k, "hold")
	choose(t, k, "hold")
	evs = choose(t, k, "hold", 6, 6, 3, 3, 6, 4, 2, 3)
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Chart == "U1" {
			if _, ok := hasMod(e.Roll, "second salvo"); ok {
				t.Fatal("a Knight's Cross holder has no second-salvo penalty")
			}
		}
	}
}

// 9.2.3: U1's hit numbers by range and its modifiers.
func TestFireModifiers(t *testing.T) {
	s := escortedAt(t, "VIIC", "1941-03", "long", false)
	s.Crew.Quality = Green
	s.Crew.Kmdt.Health = SW // 1WO in command
	s.Career.Award = 2      // Oakleaves: -1, but not while the Kommandant is SW
	ty := G7e
	s.Boat.Fwd[0] = ty
	evs := run(t, s, []int{1, 2}, func() { s.shootTorpedo(0, ty, false) })
	r := findRoll(evs, "U1", "")
	got := map[string]int{}
	for _, m := range r.Modifiers {
		got[m.Reason] = m.Value
	}
	want := map[string]int{"Green crew": 1, "1WO in command": 1, "G7e at long range": 2}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("modifier %q = %d, want %d (all: %v)", k, got[k], v, r.Modifiers)
		}
	}
	if r.Total != 3+4 || r.Result != "miss" {
		t.Fatalf("3 + 4 = 7 against 6 at long range must miss, got %d %s", r.Total, r.Result)
	}
	// An Experte 1WO waives his penalty (11.1).
	s.Crew.WO1.Experte = true
	evs = run(t, s, []int{1, 1, 6, 4}, func() { s.shootTorpedo(0, ty, false) })
	if _, ok := hasMod(findRoll(evs, "U1", ""), "1WO"); ok {
		t.Fatal("an Experte 1WO in command has no penalty")
	}
}

// 9.2.4: U2 duds by date and type; Superior Torpedoes +1 (12.1.3).
func TestDuds(t *testing.T) {
	for _, c := range []struct {
		month, ty string
		face      int
		superior  bool
		dud       bool
	}{
		{"1939-10", G7e, 3, false, true}, {"1939-10", G7a, 3, false, false}, {"1940-08", G7e, 2, false, true},
		{"1941-05", G7a, 1, false, true}, {"1941-05", G7a, 2, false, false}, {"1939-10", G7e, 3, true, false},
	} {
		s := escortedAt(t, "VIIB", c.month, "close", true)
		s.Patrol.Superior = c.superior
		faces := []int{1, 1, c.face}
		if !c.dud {
			faces = append(faces, 6)
		}
		evs := run(t, s, faces, func() { s.shootTorpedo(0, c.ty, false) })
		if r := findRoll(evs, "U2", ""); (r.Result == "dud") != c.dud {
			t.Errorf("%s %s face %d superior %v: %s", c.month, c.ty, c.face, c.superior, r.Result)
		}
	}
}

// 9.3: the deck gun only surfaced against unescorted ships; the 10.5cm gun is -1 on U3.
func TestDeckGun(t *testing.T) {
	s := escortedAt(t, "IXB", "1941-03", "close", true)
	s.Enc.Surfaced = true
	s.Phase = phWeapon
	if strings.Contains(strings.Join(optionKeysOf(s), " "), "gun") {
		t.Fatal("9.3.1: no deck gun when escorts are present")
	}
	u := bare(t, "IXB", "1941-03", "")
	withPatrol(t, u, "atlantic", 3)
	e := encounter(t, u, "ship", false, false, "small_freighter:4000")
	e.Range, e.Surfaced = "close", true
	evs := run(t, u, []int{1}, func() { u.damageTarget(0, true) })
	r := findRoll(evs, "U3", "")
	if v, ok := hasMod(r, "10.5cm"); !ok || v != -1 || !strings.HasPrefix(r.Result, "2") {
		t.Fatalf("10.5cm gun: %+v", r)
	}
}

// 9.4.3, 9.4.6: an additional round against an unescorted ship; escorts arriving
// find the boat submerged and detect at once, with no range modifier.
func TestAdditionalRoundEscortArrives(t *testing.T) {
	s := bare(t, "VIIC", "1942-03", "")
	withPatrol(t, s, "atlantic", 3)
	e := encounter(t, s, "ship", false, false, "large_freighter:7000")
	e.Range, e.Surfaced, e.FiredRound, e.CombatRound = "long", true, true, 1
	s.Phase = phAfter
	if !strings.Contains(strings.Join(optionKeysOf(s), " "), "again") {
		t.Fatal("9.4.3: another round must be offered")
	}
	choose(t, s, "again", 1, 2) // 3 - 1 (1942) = 2: escort
	if !e.Escorted || !e.Arrived || e.Surfaced || s.Phase != phTestDepth {
		t.Fatalf("escort arrival: %+v phase %s", e, s.Phase)
	}
	evs := choose(t, s, "hold_depth", 2, 4) // 6 + 2 (1942) = 8: undetected, the boat may fire
	r := findRoll(evs, "E2", "Escort detection")
	if _, ok := hasMod(r, "long range"); ok {
		t.Fatal("9.4.6: no range modifier once escorts arrive")
	}
	if s.Phase != phWeapon {
		t.Fatalf("9.6.2: undetected, the boat attacks this round; phase %s", s.Phase)
	}
	opts := strings.Join(optionKeysOf(s), " ")
	if strings.Contains(opts, "gun") || strings.Contains(opts, "fwd_aft") {
		t.Fatalf("submerged now: %s", opts)
	}
}

// 9.4.3, 9.8.1: an aircraft on the additional round drives the boat off.
func TestAdditionalRoundAircraftEndsTheAttack(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	e := encounter(t, s, "ship", false, false, "large_freighter:7000")
	e.Range, e.FiredRound, e.CombatRound = "close", true, 1
	s.Phase = phAfter
	// 4 + 1 = 5... 2+2 = 4 (1941: no modifier): aircraft; A1 6+6 = 12: crash dive.
	choose(t, s, "again", 2, 2, 6, 6)
	if s.Enc != nil && !s.Enc.Ended {
		t.Fatal("the target escapes")
	}
}
