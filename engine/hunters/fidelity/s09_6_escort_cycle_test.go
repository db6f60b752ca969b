package fidelity

// Section 9.6, the escort detection / depth charge cycle, read from the
// rulebook alone.

import (
	"strings"
	"testing"
)

// rbDayAttack is a day convoy (or s's other target enc) attacked submerged at
// range rng with one forward torpedo at #1 that misses: the test-depth
// question of round 1 is pending.
func rbDayAttack(t *testing.T, s rbSetup, rng string, enc []int) *game {
	t.Helper()
	g := rbStation(t, s, enc...)
	g.choose("attack")
	if rng == "close" {
		g.choose("close", 2, 2) // the approach: undetected
	} else {
		g.choose(rng)
	}
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
	return g
}

// 9.6.1: "For Medium and Long range, the U-Boat may fire first and must then
// roll for Escort Detection."
func TestS9_6_1MediumRangeFiresFirst(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbDay)...)
	g.choose("attack")
	if evs := g.choose("medium"); len(rolls(evs, "E2", "")) != 0 {
		t.Fatalf("detection before firing at medium range:\n%s", dump(evs))
	}
	g.expect("hunters.weapon")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
	rbRoll(t, firstRoll(t, g.choose("hold_depth", 3, 3), "E2", ""), 6, 8, "undetected")
}

// 9.6.3: "All modifiers are cumulative for both Escort Detection attempts and
// for Escort/Air Attack. The Night Surface Attack modifier is used every round
// for Escort Detection but only the first round for Escort/Air Attack. The
// Firing Fore and Aft modifier is only used on the first round of Escort
// Detection." Every other modifier, such as long range's -1, lasts.
func TestS9_6_3ModifiersThatLastAndThoseThatDoNot(t *testing.T) {
	g := rbNightSurface(t, rbVIIC41, "long", "fwd_aft")
	// five misses; E2 4+5 = 9 +1 1941 +1 night surface +1 fore and aft -1
	// long = 11: detected; E3 1+1 +1 first round = 3: no damage.
	evs := g.choose("all1", cat(rbTimes(5, 6, 6), []int{4, 5, 1, 1})...)
	r := firstRoll(t, evs, "E2", "")
	rbMod(t, r, "night surface", 1)
	rbMod(t, r, "fore and aft", 1)
	rbMod(t, r, "long", -1)
	rbRoll(t, r, 9, 11, "detected")
	rbMod(t, firstRoll(t, evs, "E3", ""), "night surface", 1)
	// round 2: 4+4 +1 1941 +1 night surface +1 previous -1 long = 10.
	evs = g.choose("hold_depth", 4, 4, 1, 1)
	r = firstRoll(t, evs, "E2", "")
	rbMod(t, r, "night surface", 1)
	rbNoMod(t, r, "fore and aft")
	rbMod(t, r, "long", -1)
	rbRoll(t, r, 8, 10, "detected")
	rbNoMod(t, firstRoll(t, evs, "E3", ""), "night surface")
}

// 9.6.3 with 9.2.2: the close-range +1 is one of "all modifiers" that are
// cumulative for every detection attempt, not only the one after firing.
func TestS9_6_3CloseRangeLastsEveryRound(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "close", rbConvoy(rbDay))
	// 4+4 +1 1941 +1 G7a +1 close = 11: detected; E3 1+1: nothing.
	evs := g.choose("hold_depth", 4, 4, 1, 1)
	rbRoll(t, firstRoll(t, evs, "E2", "Escort detection"), 8, 11, "detected")
	// round 2: 1+2 +1 +1 +1 +1 previous = 7: undetected.
	r := firstRoll(t, g.choose("hold_depth", 1, 2), "E2", "")
	rbMod(t, r, "close range", 1)
	rbRoll(t, r, 3, 7, "undetected")
}

// 9.6.4: "The U-Boat automatically takes one Hull damage and then rolls 2d6.
// ... If the roll is greater than the current number of damaged Hull boxes,
// there is no effect, and the Escort detection roll gets the -1 favorable
// modifier to escape detection (this round only)." (10.3.4)
func TestS9_6_4ExceedingTestDepthGreaterRoll(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// hull 1; 3+3 = 6 > 1; E2 4+4 +1 1941 +1 G7a -1 = 9: detected; E3 1+1.
	evs := g.choose("exceed", 3, 3, 4, 4, 1, 1)
	if got := g.rbField("status", "Hull"); got != "1 of 8" {
		t.Fatalf("hull after exceeding test depth: %q", got)
	}
	r := firstRoll(t, evs, "E2", "Escort detection")
	rbMod(t, r, "test depth", -1)
	rbRoll(t, r, 8, 9, "detected")
	// the next round has no -1 unless the boat goes deep again.
	r = firstRoll(t, g.choose("hold_depth", 1, 2), "E2", "")
	rbNoMod(t, r, "test depth")
	rbRoll(t, r, 3, 6, "undetected")
}

// 9.6.4: "If the roll is equal to the current number of damaged Hull boxes,
// the U-Boat takes one additional Hull damage, and immediately rolls again."
func TestS9_6_4ExceedingTestDepthEqualRoll(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// round 1: 4+4 +2 = 10: detected; E3 2+2 = 4: one hit; E4 33: hull.
	g.choose("hold_depth", 4, 4, 2, 2, 3, 3)
	if got := g.rbField("status", "Hull"); got != "1 of 8" {
		t.Fatalf("hull after one hit: %q", got)
	}
	// round 2: hull 2; 1+1 = 2 equal: hull 3, again 3+3 = 6 > 3: -1 on E2
	// 1+2 +1 +1 +1 previous -1 = 5: undetected.
	evs := g.choose("exceed", 1, 1, 3, 3, 1, 2)
	if got := g.rbField("status", "Hull"); got != "3 of 8" {
		t.Fatalf("hull after an equal test-depth roll: %q", got)
	}
	var depth int
	for _, r := range rolls(evs, "", "") {
		if r.Chart != "E2" || strings.Contains(strings.ToLower(r.Purpose), "depth") {
			depth++
		}
	}
	if depth != 2 {
		t.Fatalf("test-depth rolls %d, want 2:\n%s", depth, dump(evs))
	}
	rbMod(t, firstRoll(t, evs, "E2", "Escort detection"), "test depth", -1)
}

// 9.6.4: "If the roll is less than the current number of damaged Hull boxes,
// the U-Boat implodes and sinks."
func TestS9_6_4ExceedingTestDepthLessRollImplodes(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// round 1: detected; E3 3+4 = 7: two hits, both hull.
	g.choose("hold_depth", 4, 4, 3, 4, 3, 3, 3, 3)
	// round 2: hull 3; 1+1 = 2 < 3: the boat implodes.
	evs := g.choose("exceed", 1, 1)
	if g.outcome() == nil {
		t.Fatalf("the boat survived a test-depth roll under its hull damage:\n%s", dump(evs))
	}
	if len(rolls(evs, "E2", "Escort detection")) != 0 {
		t.Fatalf("detection rolled after the boat imploded")
	}
}

// 9.6.5: "There is no limit to the number of times a U-Boat may attempt to
// exceed test depth, although it may only be attempted once per combat
// round." Every round offers it.
func TestS9_6_5ExceedingTestDepthEveryRound(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	for round := 1; round <= 3; round++ {
		g.expect("hunters.test_depth")
		if !g.offers("exceed") {
			t.Fatalf("round %d: no test depth: %v", round, g.keys())
		}
		// hull rises by one a round; 6+6 = 12 beats it; E2 4+4 (+2, +1
		// previous after round 1, -1): detected; E3 1+1.
		g.choose("exceed", 6, 6, 4, 4, 1, 1)
	}
	if got := g.rbField("status", "Hull"); got != "3 of 8" {
		t.Fatalf("hull after three dives: %q", got)
	}
}

// 9.6.5 with 9.6.2: an escort arriving on an Add'l Round gets two detection
// attempts "during the same combat round", and test depth "may only be
// attempted once per combat round": after going deep for the first attempt,
// the boat cannot again before the second. 9.6.4: its -1 holds "this round".
func TestS9_6_5TestDepthOnceInTheRoundAnEscortArrives(t *testing.T) {
	g := rbShipRound(t, rbVIIC41)
	g.rbThenReload("again", 1, 2) // escort
	g.expect("hunters.test_depth")
	// hull 1; 6+6 > 1; E2 2+2 +1 1941 (+1 G7a) -1: undetected.
	g.choose("exceed", 6, 6, 2, 2)
	g.expect("hunters.weapon")
	g.choose("fwd")
	g.choose("t1")
	// the miss; no second test-depth question: the detection is rolled at once
	// (were the question asked, the E2 faces would be left over).
	evs := g.choose("fire", 6, 6, 2, 2)
	r := firstRoll(t, evs, "E2", "")
	rbMod(t, r, "test depth", -1)
	if r.Natural != 4 || r.Result != "undetected" {
		t.Fatalf("second attempt: %+v", r)
	}
	if got := g.rbField("status", "Hull"); got != "1 of 8" {
		t.Fatalf("hull %q: one dive only", got)
	}
}

// 9.6.6: "U-Boats cannot exceed test depth during the first combat round of a
// Night Surface Attack. They are considered too close to the surface at this
// time." From round 2 they can.
func TestS9_6_6NoTestDepthInTheFirstNightSurfaceRound(t *testing.T) {
	g := rbNightSurface(t, rbVIIC41, "medium", "fwd")
	g.choose("t1")
	evs := g.choose("fire", 6, 6, 4, 4, 1, 1) // detected at once; E3 3
	if len(rolls(evs, "E2", "")) != 1 {
		t.Fatalf("no detection roll straight after the night surface salvo:\n%s", dump(evs))
	}
	g.expect("hunters.test_depth")
	if !g.offers("exceed") {
		t.Fatalf("round 2 of a night surface attack: %v", g.keys())
	}
}

// 9.6.7: "On a modified roll of 8 or less, or an unmodified roll of 2, the
// U-Boat is undetected, and the encounter ends. On a modified roll of 9-11,
// the U-Boat is detected ... If a modified 12 is rolled, the U-Boat will
// undergo an attack on the Escort/Air Attack Chart [E3] with a DRM of +1". Day
// convoy, 1941, G7a: +2 on E2.
func TestS9_6_7DetectionThresholds(t *testing.T) {
	cases := []struct {
		roll   [2]int
		total  int
		result string
		e3Plus bool
	}{
		{[2]int{3, 3}, 8, "undetected", false},
		{[2]int{3, 4}, 9, "detected", false},
		{[2]int{4, 5}, 11, "detected", false},
		{[2]int{5, 5}, 12, "detected", true},
		{[2]int{5, 6}, 13, "detected", true},
	}
	for _, c := range cases {
		g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
		faces := c.roll[:]
		if c.result == "detected" {
			faces = append(faces, 1, 1) // E3: 2 (3 with +1): no damage
		}
		evs := g.choose("hold_depth", faces...)
		r := firstRoll(t, evs, "E2", "")
		rbRoll(t, r, c.roll[0]+c.roll[1], c.total, c.result)
		if c.result == "undetected" {
			if len(rolls(evs, "E3", "")) != 0 {
				t.Fatalf("E3 after %d", c.total)
			}
			continue
		}
		e3 := firstRoll(t, evs, "E3", "")
		if c.e3Plus {
			rbMod(t, e3, "12", 1)
		} else if len(e3.Modifiers) != 0 {
			t.Fatalf("E3 after a modified %d: %+v", c.total, e3.Modifiers)
		}
	}
}

// 9.6.7: "or an unmodified roll of 2, the U-Boat is undetected". A capital
// ship's escort (+1), 1943 (+3), close range (+1), G7a by day (+1) and a
// previous detection (+1) make a natural 2 a modified 9: still undetected.
func TestS9_6_7UnmodifiedTwoAlwaysEscapes(t *testing.T) {
	g := rbDayAttack(t, rbVIIC43, "close", rbCapital(rbDay))
	// round 1: 5+5 = 10 +6: detected (+1 on E3); E3 1+1 +1 1943 +1 = 4: one
	// hit; E4 33: hull.
	g.choose("hold_depth", 5, 5, 1, 1, 3, 3)
	r := firstRoll(t, g.choose("hold_depth", 1, 1), "E2", "")
	rbRoll(t, r, 2, 9, "undetected")
}

// 9.6.8: "On a modified roll of 2-3, the U-Boat suffers no damage, but it
// still must undergo another Escort Detection attempt. On a modified roll of
// 13 or more, the U-Boat is immediately sunk ... If the modified roll was
// 4-12, a number of Hits will be inflicted" — E3: 4-6 one, 7-8 two, 9-10
// three, 11 four, 12 five; 9.6.9 and 9.1.9: one E4 roll per hit.
func TestS9_6_8DepthChargeHits(t *testing.T) {
	cases := []struct {
		roll [2]int
		hits int
	}{
		{[2]int{1, 2}, 0}, {[2]int{1, 3}, 1}, {[2]int{3, 3}, 1}, {[2]int{3, 4}, 2},
		{[2]int{4, 4}, 2}, {[2]int{4, 5}, 3}, {[2]int{5, 5}, 3}, {[2]int{5, 6}, 4},
		{[2]int{6, 6}, 5},
	}
	for _, c := range cases {
		g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
		// E2 4+4 +2 = 10: detected; E3; every hit E4 33 (hull).
		faces := cat([]int{4, 4}, c.roll[:], rbTimes(c.hits, 3, 3))
		evs := g.choose("hold_depth", faces...)
		n := c.roll[0] + c.roll[1]
		rbRoll(t, firstRoll(t, evs, "E3", ""), n, n, "")
		if got := len(rolls(evs, "E4", "Damage")); got != c.hits {
			t.Fatalf("E3 %d: %d E4 rolls, want %d", n, got, c.hits)
		}
		g.expect("hunters.test_depth") // detection again
	}
}

// 9.6.8: "On a modified roll of 13 or more, the U-Boat is immediately sunk and
// the game ends." A modified 12 on E2 adds 1 to a natural 12.
func TestS9_6_8ThirteenSinksTheBoat(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	evs := g.choose("hold_depth", 5, 5, 6, 6)
	rbRoll(t, firstRoll(t, evs, "E3", ""), 12, 13, "")
	if len(rolls(evs, "E4", "Damage")) != 0 {
		t.Fatalf("damage rolled for a sunk boat")
	}
	if g.outcome() == nil {
		t.Fatalf("the boat survived a modified 13:\n%s", dump(evs))
	}
}

// 9.6.9: "Hits with “x2” after them count as 2 of that type of Hit (but do not
// reduce the number of Hit determination die rolls)." E4 65 hull x2, 54
// flooding x2; then 10.1.3's additional-flooding check (1: none).
func TestS9_6_9DoubleHitsCountTwice(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	evs := g.choose("hold_depth", 4, 4, 3, 4, 6, 5, 5, 4, 1)
	if fl := rolls(evs, "E4", "flooding"); len(fl) != 1 || fl[0].Natural != 1 {
		t.Fatalf("additional flooding rolls %+v, want one (10.1.3)", fl)
	}
	if got := len(rolls(evs, "E4", "Damage")); got != 2 {
		t.Fatalf("E4 rolls %d, want 2", got)
	}
	if h, f := g.rbField("status", "Hull"), g.rbField("status", "Flooding"); h != "2 of 8" || f != "2 of 8" {
		t.Fatalf("hull %q flooding %q, want 2 of 8 each", h, f)
	}
}

// 9.6.9: "If any of the hits affect the Crew, resolve the Hit immediately on
// the U-Boat Damage and Repair Chart [E5] before resolving the next hit";
// 9.6.10: "Roll 2d6 (no modifiers) to determine which crew member is
// affected ... Otherwise, roll 1d6 to determine the severity".
func TestS9_6_9CrewHitResolvedBeforeTheNextHit(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// two hits: E4 13 crew injury (who 3+3 = 6: crew; severity 1: LW), E4 33.
	evs := g.choose("hold_depth", 4, 4, 3, 4, 1, 3, 3, 3, 1, 3, 3)
	var order []string
	for _, r := range rolls(evs, "", "") {
		order = append(order, r.Chart)
	}
	if got := strings.Join(order, " "); got != "E2 E3 E4 E5 E5 E4" {
		t.Fatalf("roll order %q, want E2 E3 E4 E5 E5 E4", got)
	}
	who := firstRoll(t, evs, "E5", "who")
	if len(who.Modifiers) != 0 {
		t.Fatalf("crew injury roll has modifiers: %+v", who.Modifiers)
	}
}

// 9.6.10: "If the affected crew member is already KIA or not present (the
// Abwehr agent will only be present on that type of mission) then treat as
// “no effect.”" 12 hits the agent (E5), absent on an Atlantic patrol: no
// severity roll.
func TestS9_6_10AbsentAgentIsNoEffect(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// one hit: E4 13; who 6+6 = 12.
	evs := g.choose("hold_depth", 4, 4, 1, 3, 1, 3, 6, 6)
	if n := len(rolls(evs, "E5", "")); n != 1 {
		t.Fatalf("E5 rolls %d, want only the who roll:\n%s", n, dump(evs))
	}
	g.expect("hunters.test_depth")
}

// 9.6.9, 9.6.11: "If the Hull Damage marker reaches the last box, the U-Boat is
// sunk"; "If any Hit sinks the U-Boat ... the game is over" — the hits left
// are not rolled. Four E4 65 (hull x2) fill a VIIC's eight hull boxes.
func TestS9_6_11HullFullSinksAtOnce(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	evs := g.choose("hold_depth", cat([]int{4, 4, 6, 6}, rbTimes(4, 6, 5))...)
	if n := len(rolls(evs, "E4", "Damage")); n != 4 {
		t.Fatalf("E4 rolls %d, want 4 (the fifth hit is never rolled)", n)
	}
	if g.outcome() == nil {
		t.Fatalf("the boat survived a full hull track")
	}
}

// 9.6.11: "If the Flooding marker reaches the last box, then the U-Boat is
// forced to surface and you must attempt to scuttle, per 10.9." — 10.9.2's
// 2d6 (2-11 scuttled).
func TestS9_6_11FloodingFullForcesScuttling(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// five hits; four E4 54 (flooding x2) fill eight boxes; scuttle 3+3.
	evs := g.choose("hold_depth", cat([]int{4, 4, 6, 6}, rbTimes(4, 5, 4), []int{3, 3})...)
	if n := len(rolls(evs, "E4", "Damage")); n != 4 {
		t.Fatalf("E4 rolls %d, want 4", n)
	}
	if g.outcome() == nil {
		t.Fatalf("the game goes on after a full flooding track:\n%s", dump(evs))
	}
	last := rolls(evs, "", "")
	if r := last[len(last)-1]; r.Natural != 6 || r.Chart == "E4" {
		t.Fatalf("the last roll is %+v, want the scuttle roll", r)
	}
}

// 9.6.12: "for the second and all subsequent loops through the Cycle, the
// Escorts receive a +1 (total, not cumulative per loop) DRM for having
// previously detected your U-Boat." The case's example, in Oct-40 (no year
// modifier): "The attack was during the Day, and you used G7a (Steam)
// torpedoes ... The Escorts roll an 8, which becomes a 9, and you are
// detected ... On the next roll, the Escorts get a 9, which becomes an 11 ...
// You do not add a second +1 for Previous Detection."
func TestS9_6_12PreviousDetectionOnce(t *testing.T) {
	g := rbDayAttack(t, rbVIIC40, "medium", rbConvoy(rbDay))
	evs := g.choose("hold_depth", 4, 4, 1, 1)
	r := firstRoll(t, evs, "E2", "")
	rbRoll(t, r, 8, 9, "detected")
	rbNoMod(t, r, "previous")
	for loop := 2; loop <= 3; loop++ {
		r = firstRoll(t, g.choose("hold_depth", 4, 5, 1, 1), "E2", "")
		rbMod(t, r, "previous", 1)
		rbMod(t, r, "G7a", 1)
		rbRoll(t, r, 9, 11, "detected")
	}
	r = firstRoll(t, g.choose("hold_depth", 3, 3), "E2", "")
	rbRoll(t, r, 6, 8, "undetected")
	g.expect("hunters.after_combat")
}

// 9.6.7: "add/subtract all the modifiers listed under the Escort Detection
// Chart [E2]" — its "+1 G7a fired by day": an electric torpedo by day, or a
// steam torpedo by night, adds nothing (4.5's commentary: the G7e "left no
// telltale wake").
func TestS9_6_7NoWakeNoModifier(t *testing.T) {
	g := rbCareer(t, rbVIIC41)
	g.rbLoadTubes("f4a1", cat(rbVIIC41.assign, []int{5, 5})...) // G7e in every tube
	g.choose("sail", 5, 5)
	g.choose("sail", rbConvoy(rbDay)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	r := firstRoll(t, g.choose("hold_depth", 3, 3), "E2", "")
	rbNoMod(t, r, "G7")
	rbRoll(t, r, 6, 7, "undetected")

	g = rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	r = firstRoll(t, g.choose("hold_depth", 3, 3), "E2", "")
	rbNoMod(t, r, "G7")
	rbRoll(t, r, 6, 7, "undetected")
}

// 9.6.7, 9.6.8 with 10.0: "Damage results apply immediately ... damaged Dive
// Planes ... results in an immediate negative modifier for Escort Detection
// [E2]"; E3's escort modifiers include "+1 batteries damaged". Both come from
// the first round's hits and count in the second.
func TestS9_6_8DamageCountsAtOnce(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// detected; E3 3+4 = 7: two hits, E4 11 batteries and 15 dive planes.
	g.choose("hold_depth", 4, 4, 3, 4, 1, 1, 1, 5)
	// round 2: 3+4 +1 1941 +1 G7a +1 previous +1 dive planes = 11; E3 1+1
	// +1 batteries = 3: no damage.
	evs := g.choose("hold_depth", 3, 4, 1, 1)
	r := firstRoll(t, evs, "E2", "")
	rbMod(t, r, "dive planes", 1)
	rbRoll(t, r, 7, 11, "detected")
	e3 := firstRoll(t, evs, "E3", "")
	rbMod(t, e3, "batteries", 1)
	rbRoll(t, e3, 2, 3, "0")
}

// 9.6.4 with 10.3.2: "The U-Boat automatically takes one Hull damage" — with
// seven of a VIIC's eight hull boxes gone, that one sinks it: "When the Hull
// Damage marker enters the final space ... the U-Boat is sunk", before any
// test-depth roll.
func TestS9_6_4ExceedingTestDepthWithTheHullNearlyGone(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// detected; E3 5+6 = 11: four hits, E4 65, 65, 65 (hull x2) and 33.
	g.choose("hold_depth", 4, 4, 5, 6, 6, 5, 6, 5, 6, 5, 3, 3)
	if got := g.rbField("status", "Hull"); got != "7 of 8" {
		t.Fatalf("hull: %q", got)
	}
	evs := g.choose("exceed")
	if g.outcome() == nil {
		t.Fatalf("the boat survived its eighth hull box:\n%s", dump(evs))
	}
}
