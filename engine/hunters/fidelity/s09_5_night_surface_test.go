package fidelity

// Section 9.5, the night surface attack, read from the rulebook alone.

import (
	"testing"
)

// rbNightSurface is a night convoy attacked surfaced at range rng with the
// weapon key (fwd, fwd_aft, ...), every torpedo aimed at #1.
func rbNightSurface(t *testing.T, s rbSetup, rng, weapon string) *game {
	t.Helper()
	g := rbStation(t, s, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose(rng)
	g.choose("surfaced")
	g.choose(weapon)
	return g
}

// 9.5.1: "If the encounter is at night, the player can conduct a Night
// Surface Attack." By day against escorts there is no surface approach at all
// (the day attack is submerged: 9.4.6's note).
func TestS9_5_1NightSurfaceAttackOnlyAtNight(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbDay)...)
	g.choose("attack")
	g.choose("medium")
	if g.kind() == "hunters.approach" {
		t.Fatalf("a surface approach offered by day against escorts: %v", g.keys())
	}
	g = rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.expect("hunters.approach")
	if !g.offers("surfaced") {
		t.Fatalf("no night surface attack at night: %v", g.keys())
	}
}

// 9.5.1: "this allows for slightly better torpedo calculations due to the
// use of the UZO ... starting in 1941 the likelihood of Escort Detection
// increases" — U1 -1; E2 +1 from 1941, not in 1940.
func TestS9_5_1UZOAndRadarFrom1941(t *testing.T) {
	for _, c := range []struct {
		s     rbSetup
		radar bool
	}{{rbVIIC40, false}, {rbVIIC41, true}} {
		t.Run(c.s.start, func(t *testing.T) {
			g := rbNightSurface(t, c.s, "medium", "fwd")
			// a miss (12-1 = 11), then E2 3+3: undetected in both years.
			g.choose("t1")
			evs := g.choose("fire", 6, 6, 3, 3)
			u := firstRoll(t, evs, "U1", "")
			rbMod(t, u, "UZO", -1)
			rbRoll(t, u, 12, 11, "miss")
			r := firstRoll(t, evs, "E2", "")
			if c.radar {
				rbMod(t, r, "night surface", 1)
				rbRoll(t, r, 6, 8, "undetected")
			} else {
				rbNoMod(t, r, "night surface")
				rbRoll(t, r, 6, 6, "undetected")
			}
		})
	}
}

// 9.5.1: "During the first round only, a Night Surface Attack also suffers
// from a negative modifier on the Escort/Air Attack Chart [E3], and the
// U-Boat cannot attempt to Exceed Test Depth (9.6.4)"; 9.6.6: "U-Boats cannot
// exceed test depth during the first combat round of a Night Surface Attack."
func TestS9_5_1FirstRoundDepthChargesAndNoTestDepth(t *testing.T) {
	g := rbNightSurface(t, rbVIIC41, "medium", "fwd")
	// miss; E2 4+4 = 8 +1 1941 +1 night surface = 10: detected at once, no
	// test-depth question; E3 1+1 = 2 +1 first round = 3: no damage.
	g.choose("t1")
	evs := g.choose("fire", 6, 6, 4, 4, 1, 1)
	rbRoll(t, firstRoll(t, evs, "E2", ""), 8, 10, "detected")
	e3 := firstRoll(t, evs, "E3", "")
	rbMod(t, e3, "night surface", 1)
	rbRoll(t, e3, 2, 3, "0")
	// round 2: exceeding test depth is possible now.
	g.expect("hunters.test_depth")
	g.rbOnly("hold_depth", "exceed")
	// 4+4 +1 +1 +1 previous = 11: detected; E3 1+2 = 3, no night surface +1.
	evs = g.choose("hold_depth", 4, 4, 1, 2)
	e3 = firstRoll(t, evs, "E3", "")
	rbNoMod(t, e3, "night surface")
	rbRoll(t, e3, 3, 3, "0")
}

// 9.5.2: "U-Boats conducting a Night Surface Attack may fire an immediate
// second salvo from the other end ... there is a negative modifier when
// rolling to hit ... (for the second salvo only), while also increasing the
// likelihood of being detected ... with a +1 to hit. You must commit to this
// action before firing any torpedoes".
func TestS9_5_2SecondSalvo(t *testing.T) {
	g := rbNightSurface(t, rbVIIC41, "medium", "fwd_aft")
	g.expect("hunters.aim")
	// five torpedoes at #1, all aimed before the first roll; five misses;
	// E2 2+2 = 4, +1 1941, +1 night surface, +1 fore and aft = 7: undetected.
	evs := g.choose("all1", cat(rbTimes(5, 6, 6), []int{2, 2})...)
	us := rolls(evs, "U1", "")
	if len(us) != 5 {
		t.Fatalf("U1 rolls %d, want 5", len(us))
	}
	for i, u := range us[:4] {
		rbNoMod(t, u, "second salvo")
		rbRoll(t, u, 12, 11, "miss")
		_ = i
	}
	rbMod(t, us[4], "second salvo", 1)
	rbRoll(t, us[4], 12, 12, "miss")
	r := firstRoll(t, evs, "E2", "")
	rbMod(t, r, "fore and aft", 1)
	rbRoll(t, r, 4, 7, "undetected")
}

// 9.5.2 and 11.3.6: "Kommandants who are Knight's Cross holders disregard the
// firing penalty for firing a second salvo."
func TestS9_5_2KnightsCrossIgnoresTheSecondSalvoPenalty(t *testing.T) {
	g := rbNightSurface(t, rbVIIC41, "medium", "fwd_aft")
	g.rbAward(1)
	evs := g.choose("all1", cat(rbTimes(5, 6, 6), []int{2, 2})...)
	us := rolls(evs, "U1", "")
	if len(us) != 5 {
		t.Fatalf("U1 rolls %d, want 5", len(us))
	}
	rbNoMod(t, us[4], "second salvo")
	rbRoll(t, us[4], 12, 11, "miss")
}
