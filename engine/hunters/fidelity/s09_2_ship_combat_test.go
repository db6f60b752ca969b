package fidelity

// Section 9.2, conducting ship combat, read from the rulebook alone.

import (
	"strings"
	"testing"
)

// 9.2.1: "Decide if the U-Boat will be firing Forward or Aft torpedoes. Using
// both in the same round ... may only be done via Night Surface Attack (9.5)
// or against unescorted targets." A submerged attack on escorted ships, by
// day or by night, fires one end only.
func TestS9_2_1EscortedSubmergedFiresOneEnd(t *testing.T) {
	t.Run("day", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbConvoy(rbDay)...)
		g.choose("attack")
		g.choose("medium")
		g.expect("hunters.weapon")
		g.rbOnly("fwd", "aft", "hold")
	})
	t.Run("night, submerged", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
		g.choose("attack")
		g.choose("medium")
		g.choose("submerged")
		g.expect("hunters.weapon")
		g.rbOnly("fwd", "aft", "hold")
	})
	t.Run("night surface attack", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
		g.choose("attack")
		g.choose("medium")
		g.choose("surfaced")
		g.expect("hunters.weapon")
		for _, k := range []string{"fwd", "aft", "fwd_aft", "aft_fwd"} {
			if !g.offers(k) {
				t.Errorf("night surface attack does not offer %s: %v", k, g.keys())
			}
		}
	})
}

// 9.2.1: "All torpedoes must be placed on the Combat Mat before rolling to
// see if the first torpedo hits. You may allocate your torpedoes any way you
// wish". Aiming rolls nothing; the salvo is rolled once the last torpedo is
// placed, in the order placed.
func TestS9_2_1AllTorpedoesPlacedBeforeTheFirstRoll(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("surfaced")
	g.choose("fwd_aft")
	for _, k := range []string{"t1", "t2", "t3", "t4"} {
		if evs := g.choose(k); len(rolls(evs, "", "")) != 0 {
			t.Fatalf("aiming %s rolled:\n%s", k, dump(evs))
		}
	}
	// the aft tube's torpedo, the fifth; five misses, then E2 (4, +1 1941, +1
	// night surface, +1 fore and aft = 7: undetected).
	evs := g.choose("t4", cat(rbTimes(5, 6, 6), []int{2, 2})...)
	rs := rolls(evs, "U1", "")
	want := []string{"Stonepool", "Baron Blythswod", "Hurunui", "British Premier", "British Premier"}
	if len(rs) != len(want) {
		t.Fatalf("U1 rolls %d, want %d", len(rs), len(want))
	}
	for i, r := range rs {
		if !strings.Contains(r.Purpose, want[i]) {
			t.Errorf("torpedo %d: %q, want at %s", i+1, r.Purpose, want[i])
		}
	}
}

// 9.2.1: "You may fire from as many or few tubes as you desire; you are not
// required to fire all torpedoes from the Fore or Aft tubes."
func TestS9_2_1FireFewerTubesThanLoaded(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("t2")
	evs := g.choose("fire", 6, 6, 6, 6)
	if n := len(rolls(evs, "U1", "")); n != 2 {
		t.Fatalf("U1 rolls %d, want 2", n)
	}
	if got := g.rbField("status", "Forward tubes"); got != "empty, empty, G7a, G7a" {
		t.Fatalf("forward tubes: %q", got)
	}
}

// 9.2.2: "U-Boats attempting to go to Close Range are detected on a modified
// 2d6 roll of 10 or higher. Only the year modifier and the Knight's Cross with
// Oakleaves and Swords modifier (-1) apply ... If detected, however, it cannot
// attack, and undergoes an immediate depth-charging as if it had been
// detected normally. The detection/depth-charge process continues normally
// at that point. ... return the torpedoes to your U-Boat Display Mat"; 9.2.7:
// "U-Boats detected at Close Range can not fire at enemy ships". In 1941 a
// natural 9 (+1) is detected.
func TestS9_2_2CloseApproachDetectedOnModified10(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbDay)...)
	g.choose("attack")
	// approach 4+5 = 9, +1 1941 = 10: detected; E3 1+2 = 3: no damage.
	evs := g.choose("close", 4, 5, 1, 2)
	r := firstRoll(t, evs, "E2", "")
	rbRoll(t, r, 9, 10, "detected")
	if len(r.Modifiers) != 1 {
		t.Fatalf("approach modifiers %+v, want the year alone", r.Modifiers)
	}
	rbMod(t, r, "1941", 1)
	rbRoll(t, firstRoll(t, evs, "E3", ""), 3, 3, "0")
	if n := len(rolls(evs, "U1", "")); n != 0 {
		t.Fatalf("a boat detected at close range fired %d torpedoes", n)
	}
	g.expect("hunters.test_depth")
	if got := g.rbField("status", "Forward tubes"); got != "G7a, G7a, G7a, G7a" {
		t.Fatalf("forward tubes after detection on the approach: %q", got)
	}
	// the cycle goes on: previous detection +1; no torpedo was fired, so no
	// +1 for G7a by day. 1+3 = 4 +1 +1 = 6: undetected.
	evs = g.choose("hold_depth", 1, 3)
	r = firstRoll(t, evs, "E2", "Escort detection")
	rbMod(t, r, "previous detection", 1)
	rbNoMod(t, r, "G7a")
	rbRoll(t, r, 4, 6, "undetected")
}

// 9.2.2: "If the boat is undetected, it may continue with its attack ... If
// not detected initially at Close Range, you must check again for Escort
// Detection after firing, where all normal modifiers apply, including +1 for
// Close Range." 8 +1 = 9 is undetected.
func TestS9_2_2CloseApproachUndetectedThenCheckedAgain(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbDay)...)
	g.choose("attack")
	evs := g.choose("close", 4, 4)
	rbRoll(t, firstRoll(t, evs, "E2", ""), 8, 9, "undetected")
	g.expect("hunters.weapon")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
	evs = g.choose("hold_depth", 2, 2)
	r := firstRoll(t, evs, "E2", "Escort detection")
	rbMod(t, r, "close range", 1)
	rbMod(t, r, "1941", 1)
	rbMod(t, r, "G7a", 1)
	rbRoll(t, r, 4, 7, "undetected")
}

// 9.2.2: "Only the year modifier and the Knight's Cross with Oakleaves and
// Swords modifier (-1) apply to this detection roll": not the capital ship's
// +1 (8.2.2), not the Wolfpack marker (7.2.2).
func TestS9_2_2OnlyTheYearOnTheApproach(t *testing.T) {
	t.Run("capital ship", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbCapital(rbDay)...)
		g.choose("attack")
		r := firstRoll(t, g.choose("close", 4, 4), "E2", "")
		if len(r.Modifiers) != 1 {
			t.Fatalf("approach modifiers %+v, want the year alone", r.Modifiers)
		}
		rbRoll(t, r, 8, 9, "undetected")
	})
	t.Run("wolfpack", func(t *testing.T) {
		g := rbStation(t, rbVIIC41W, rbConvoy(rbDay)...)
		g.choose("attack", 2) // busy
		r := firstRoll(t, g.choose("close", 4, 4), "E2", "")
		if len(r.Modifiers) != 1 {
			t.Fatalf("approach modifiers %+v, want the year alone", r.Modifiers)
		}
		rbRoll(t, r, 8, 9, "undetected")
	})
}

// 9.2.2 with E2's year modifiers (+1 1941, +2 1942, +3 1943; none before).
func TestS9_2_2ApproachYearModifiers(t *testing.T) {
	cases := []struct {
		name    string
		s       rbSetup
		roll    [2]int
		drm     int
		result  string
		e3Faces []int
	}{
		{"1939: 9 is undetected", rbVIIA39, [2]int{4, 5}, 0, "undetected", nil},
		{"1940: 9 is undetected", rbVIIC40, [2]int{4, 5}, 0, "undetected", nil},
		{"1942: 8+2 is detected", rbVIIC42, [2]int{4, 4}, 2, "detected", []int{1, 1}},
		{"1943: 7+3 is detected", rbVIIC43, [2]int{3, 4}, 3, "detected", []int{1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rbStation(t, c.s, rbConvoy(rbDay)...)
			g.choose("attack")
			evs := g.choose("close", cat(c.roll[:], c.e3Faces)...)
			r := firstRoll(t, evs, "E2", "")
			n := c.roll[0] + c.roll[1]
			rbRoll(t, r, n, n+c.drm, c.result)
			if c.drm == 0 && len(r.Modifiers) != 0 {
				t.Fatalf("modifiers %+v, want none", r.Modifiers)
			}
		})
	}
}

// 9.2.2: "the Knight's Cross with Oakleaves and Swords modifier (-1)" applies
// to the approach: 9 +1 -1 = 9 is undetected.
func TestS9_2_2KnightsCrossWithSwordsOnTheApproach(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbDay)...)
	g.rbAward(3)
	g.choose("attack")
	r := firstRoll(t, g.choose("close", 4, 5), "E2", "")
	if len(r.Modifiers) != 2 {
		t.Fatalf("approach modifiers %+v, want the year and the award", r.Modifiers)
	}
	rbRoll(t, r, 9, 9, "undetected")
}

// 9.2.2: "If the Kommandant is SW or KIA the Knight's Cross with Oakleaves
// and Swords modifier cannot be applied." Nor, since only the year and the
// award apply, the +1 of the 1WO in command (10.5.3). The Kommandant is
// severely wounded by a depth charge, the boat follows the convoy (9.7.7) and
// closes in: only the year's +1.
func TestS9_2_2KnightsCrossWithSwordsLostWhenKommandantWounded(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.rbAward(3)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("all3", rbTimes(4, 6, 6)...)
	// E2 4+5 = 9 +1 -1 = 9: detected; E3 2+2 = 4: one hit; E4 13: crew
	// injury; who 1+1 = 2: Kommandant; severity 4: SW.
	evs := g.choose("hold_depth", 4, 5, 2, 2, 1, 3, 1, 1, 4)
	if !said(evs, "SW") {
		t.Fatalf("the Kommandant is not wounded:\n%s", dump(evs))
	}
	g.choose("hold_depth", 1, 1) // natural 2: undetected
	g.expect("hunters.after_combat")
	g.choose("follow")
	g.expect("hunters.reload_forward")
	// follow 1: contact; four small freighters (size 1, T1 11), day.
	g.choose(g.keys()[0], cat([]int{1}, rbTimes(4, 1, 1, 1), []int{rbDay})...)
	g.expect("hunters.engage")
	g.choose("attack")
	r := firstRoll(t, g.choose("close", 4, 4), "E2", "")
	if len(r.Modifiers) != 1 {
		t.Fatalf("approach modifiers %+v, want the year alone", r.Modifiers)
	}
	rbMod(t, r, "1941", 1)
	rbRoll(t, r, 8, 9, "undetected")
}

// 9.2.3 with U1's G7e modifiers: "+1 G7e at medium range, +2 at long"; none
// at close range.
func TestS9_2_3G7eRangeModifiers(t *testing.T) {
	for _, c := range []struct {
		rng string
		drm int
	}{{"close", 0}, {"medium", 1}, {"long", 2}} {
		t.Run(c.rng, func(t *testing.T) {
			g := rbCareer(t, rbVIIC41)
			g.rbLoadTubes("f4a1", cat(rbVIIC41.assign, []int{5, 5})...) // G7e in every tube
			g.choose("sail", 5, 5)
			g.choose("sail", rbShip(rbDay)...)
			g.choose("attack")
			g.choose(c.rng)
			g.choose("submerged")
			g.choose("fwd")
			g.choose("t1")
			r := firstRoll(t, g.choose("fire", 6, 5), "U1", "")
			if !strings.HasPrefix(r.Purpose, "G7e") {
				t.Fatalf("fired %q, want a G7e", r.Purpose)
			}
			if c.drm == 0 {
				rbNoMod(t, r, "G7e")
			} else {
				rbMod(t, r, "G7e", c.drm)
			}
			rbRoll(t, r, 11, 11+c.drm, "miss")
		})
	}
}

// 9.2.4 with U2: a hit is a dud on a roll at or under the date's number: Sep-39
// to Jun-40 G7a 2, G7e 3; Jul-40 to Dec-40 both 2; 1941 on both 1. A dud does
// no damage: no U3 roll.
func TestS9_2_4DudsByDateAndType(t *testing.T) {
	cases := []struct {
		name        string
		s           rbSetup
		tubes       string
		dud, nonDud int
	}{
		{"1939 G7a", rbVIIA39, "f0a0", 2, 3},
		{"1939 G7e", rbVIIA39, "f4a1", 3, 4},
		{"1940 G7e", rbVIIC40, "f4a1", 2, 3},
		{"1941 G7a", rbVIIC41, "f0a0", 1, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rbCareer(t, c.s)
			g.rbLoadTubes(c.tubes, cat(c.s.assign, []int{5, 5})...)
			g.choose("sail", 5, 5)
			g.choose("sail", rbShip(rbDay)...)
			g.choose("attack")
			g.choose("close")
			g.choose("submerged")
			g.choose("fwd")
			g.choose("t1")
			g.choose("t1")
			// both hit (2+2 = 4 at close even with G7e); the first is a dud, the
			// second explodes and does 1 damage (U3 4).
			evs := g.choose("fire", 2, 2, c.dud, 2, 2, c.nonDud, 4)
			ds := rolls(evs, "U2", "")
			if len(ds) != 2 {
				t.Fatalf("U2 rolls %d, want 2\n%s", len(ds), dump(evs))
			}
			if !strings.Contains(strings.ToLower(ds[0].Result), "dud") {
				t.Errorf("U2 %d: %q, want a dud", c.dud, ds[0].Result)
			}
			if strings.Contains(strings.ToLower(ds[1].Result), "dud") {
				t.Errorf("U2 %d: %q, want no dud", c.nonDud, ds[1].Result)
			}
			if n := len(rolls(evs, "U3", "")); n != 1 {
				t.Fatalf("U3 rolls %d, want 1 (a dud does no damage)", n)
			}
			if !strings.Contains(g.prompt().Text, "1/3 damage") {
				t.Fatalf("target after one point: %s", g.prompt().Text)
			}
		})
	}
}

// 9.2.5 with U3 (torpedo column: 1 → 4, 2 → 3, 3 → 2, 4-6 → 1): "Any amount
// of damage that is insufficient to sink the target is considered to have
// damaged the target ship ... When sufficient damage has been incurred that
// is equal to or greater than the total amount of damage a ship can take, the
// ship is sunk."
func TestS9_2_5DamageSinksAtTheShipsCapacity(t *testing.T) {
	cases := []struct {
		name  string
		u3    []int
		sunk  bool
		boxes string
	}{
		{"4 points at once", []int{1}, true, ""},
		{"3 points exactly", []int{2}, true, ""},
		{"2 points", []int{3}, false, "2/3 damage"},
		{"2 then 1", []int{3, 6}, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
			g.choose("attack")
			g.choose("close")
			g.choose("submerged")
			g.choose("fwd")
			var faces []int
			for range c.u3 {
				g.choose("t1")
			}
			for _, u := range c.u3 {
				faces = append(faces, 2, 2, 6, u) // hit, no dud, U3
			}
			evs := g.choose("fire", faces...)
			if got := said(evs, "Hurunui (9,300 t) is sunk"); got != c.sunk {
				t.Fatalf("sunk %v, want %v:\n%s", got, c.sunk, dump(evs))
			}
			if c.sunk {
				if got := g.rbField("status", "Tonnage"); got != "9,300 t, 1 ship" {
					t.Fatalf("tonnage: %q", got)
				}
			} else if !strings.Contains(g.prompt().Text, c.boxes) {
				t.Fatalf("want %q on the mat:\n%s", c.boxes, g.prompt().Text)
			}
		})
	}
}

// 9.2.6: "Record a ship being sunk by circling its tonnage value on the log
// sheet. Denote a damaged but still floating ship by placing a checkmark next
// to it on the log sheet." One torpedo damages Stonepool (U3 4: 1 of 2), one
// sinks Baron Blythswod (U3 1: 4 points); the patrol goes home.
func TestS9_2_6LogSheetCirclesSunkAndTicksDamaged(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("t2")
	g.choose("fire", 3, 3, 6, 4, 3, 3, 6, 1)
	g.choose("hold_depth", 2, 2)
	g.expect("hunters.after_combat")
	g.choose("leave")
	g.expect("hunters.reload_forward")
	g.choose(g.keys()[0])
	// boxes 4-8 empty (2d6 = 10 each; from box 7 the boat sails on to port
	// without asking); home, and the refit.
	for box := 4; box <= 6; box++ {
		g.choose("sail", 5, 5)
	}
	g.choose("sail", 5, 5, 5, 5)
	log := g.view("log")
	for _, w := range []string{"Stonepool 5,000 ✓", "(s Baron Blythswod 3,700)"} {
		if !strings.Contains(log, w) {
			t.Errorf("log sheet lacks %q:\n%s", w, log)
		}
	}
	if strings.Contains(log, "(s Stonepool") || strings.Contains(log, "3700 ✓") {
		t.Errorf("log sheet marks the wrong ship:\n%s", log)
	}
}

// 9.2.8: "At the end of an encounter you may reload your torpedoes tubes if
// any reloads are available ... Reloading also occurs prior to an Add'l Round
// of Combat (9.4.3) or before trying to Follow a ship or convoy (9.7)."
func TestS9_2_8ReloadAtTheEndAndBeforeAnotherRound(t *testing.T) {
	t.Run("end of the encounter", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
		g.choose("attack")
		g.choose("medium")
		g.choose("submerged")
		g.choose("fwd")
		g.choose("all1", rbTimes(4, 6, 6)...)
		g.choose("hold_depth", 2, 2)
		g.choose("leave")
		g.expect("hunters.reload_forward")
		g.choose(g.keys()[0])
		g.expect("hunters.proceed")
		if got := g.rbField("status", "Forward tubes"); strings.Contains(got, "empty") {
			t.Fatalf("forward tubes after reloading: %q", got)
		}
	})
	t.Run("before an additional round", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
		g.choose("attack")
		g.choose("medium")
		g.choose("submerged")
		g.choose("fwd")
		g.choose("all1", rbTimes(4, 6, 6)...)
		g.choose("done")
		g.choose("again")
		g.expect("hunters.reload_forward")
		evs := g.choose(g.keys()[0], 6, 3) // Add'l round 9: nothing comes
		reloaded, rolled := -1, -1
		for i, e := range evs {
			if e.Roll != nil && e.Roll.Chart == "E1" && reloaded >= 0 && rolled < 0 {
				rolled = i
			}
			if e.Roll == nil && strings.Contains(e.Text, "Reloaded") && reloaded < 0 {
				reloaded = i
			}
		}
		if reloaded < 0 || rolled < reloaded {
			t.Fatalf("want the reload before the Add'l round roll:\n%s", dump(evs))
		}
		g.expect("hunters.weapon")
	})
}
