package fidelity

// Section 9.1, the U-boat combat mat, read from the rulebook alone.

import (
	"strings"
	"testing"
)

// 9.1.1: "The size and total tonnage(t) of the ship determines which box the
// ship marker should initially occupy, based on the amount of damage it can
// absorb before being sunk. Example: a large freighter of 7,600t would be
// placed in the 3 Damage box. A large freighter with 10,000t or more would be
// placed in the 4 Damage box." U3 prints 2 for 5,000 t or less, 5 for a
// capital ship.
func TestS9_1_1TargetsStartInTheirDamageBox(t *testing.T) {
	cases := []struct {
		name string
		enc  []int
		want []string
	}{
		{"convoy", rbConvoy(rbNight), []string{
			"Stonepool, 5,000 t, 0/2 damage", "Baron Blythswod, 3,700 t, 0/2 damage",
			"Hurunui, 9,300 t, 0/3 damage", "British Premier, 5,900 t, 0/3 damage"}},
		// size 4 (large freighter), T2 11: Yorkshire, 10,000 t.
		{"10,000 t", []int{1, 2, 4, 1, 1, rbDay}, []string{"Yorkshire, 10,000 t, 0/4 damage"}},
		{"capital ship", rbCapital(rbDay), []string{"Belfast, 10,000 t, 0/5 damage"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rbStation(t, rbVIIC41, c.enc...)
			g.expect("hunters.engage")
			for _, w := range c.want {
				if !strings.Contains(g.prompt().Text, w) {
					t.Errorf("combat mat lacks %q:\n%s", w, g.prompt().Text)
				}
			}
		})
	}
}

// 9.1.2: "If you decide not to attack, the encounter immediately ends. Skip
// detection." Holding fire against an escorted convoy rolls nothing and the
// boat sails on.
func TestS9_1_2HoldingFireSkipsDetection(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.expect("hunters.weapon")
	evs := g.choose("hold")
	if rs := rolls(evs, "", ""); len(rs) != 0 {
		t.Fatalf("holding fire rolled %d dice, want none:\n%s", len(rs), dump(evs))
	}
	g.expect("hunters.proceed")
	if got := g.rbField("status", "Forward tubes"); got != "G7a, G7a, G7a, G7a" {
		t.Fatalf("forward tubes after holding fire: %q", got)
	}
}

// 9.1.2: "Not all ship markers must be targeted for attack ... You may decide
// just to fire on one target ship, even if up to four ships are present."
// One torpedo at one ship of a convoy: one U1 roll, three tubes still loaded.
func TestS9_1_2FireAtOneShipOfFour(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t3")
	evs := g.choose("fire", 6, 6) // the one torpedo misses
	if rs := rolls(evs, "U1", ""); len(rs) != 1 || !strings.Contains(rs[0].Purpose, "Hurunui") {
		t.Fatalf("U1 rolls %+v, want one at Hurunui", rs)
	}
	if got := g.rbField("status", "Forward tubes"); got != "empty, G7a, G7a, G7a" {
		t.Fatalf("forward tubes after one torpedo: %q", got)
	}
}

// 9.1.4 with U1: the range marker sets the hit number, "Close (hit on 8 or
// less)", medium 7, long 6 (U1 card): a modified roll at the number hits, one
// above misses. Submerged against a lone ship no modifier applies.
func TestS9_1_4RangeSetsTheHitNumber(t *testing.T) {
	cases := []struct {
		rng       string
		hit, miss [2]int
	}{
		{"close", [2]int{4, 4}, [2]int{4, 5}},
		{"medium", [2]int{3, 4}, [2]int{4, 4}},
		{"long", [2]int{3, 3}, [2]int{3, 4}},
	}
	for _, c := range cases {
		t.Run(c.rng, func(t *testing.T) {
			g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
			g.choose("attack")
			g.choose(c.rng)
			g.choose("submerged")
			g.choose("fwd")
			g.choose("t1")
			g.choose("t1")
			// first torpedo: hit, U2 6 (no dud), U3 4 (1 damage); second: miss
			evs := g.choose("fire", c.hit[0], c.hit[1], 6, 4, c.miss[0], c.miss[1])
			rs := rolls(evs, "U1", "")
			if len(rs) != 2 {
				t.Fatalf("U1 rolls: %d\n%s", len(rs), dump(evs))
			}
			n := c.hit[0] + c.hit[1]
			rbRoll(t, rs[0], n, n, "hit")
			rbRoll(t, rs[1], n+1, n+1, "miss")
		})
	}
}

// 9.1.5: "Place the U-Boat Surface/Submerged marker in the appropriate box
// that corresponds to the approach your U-Boat is taking". By day against
// escorts the boat is always submerged (9.4.6 note: "U-Boats may never be on
// the surface when Escorts are present during the day"); at night it may
// attack surfaced (9.5.1); against unescorted ships it may surface by day
// (9.4.2).
func TestS9_1_5SurfacedOrSubmerged(t *testing.T) {
	t.Run("day, escorted", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbConvoy(rbDay)...)
		g.choose("attack")
		g.choose("medium")
		g.expect("hunters.weapon")
		if !strings.Contains(g.prompt().Text, "submerged") {
			t.Fatalf("the day attack on a convoy is not submerged:\n%s", g.prompt().Text)
		}
	})
	t.Run("night, escorted", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
		g.choose("attack")
		g.choose("medium")
		g.expect("hunters.approach")
		g.rbOnly("submerged", "surfaced")
	})
	t.Run("day, unescorted", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
		g.choose("attack")
		g.choose("medium")
		g.expect("hunters.approach")
		g.rbOnly("submerged", "surfaced")
	})
}

// 9.1.3, 9.1.6: the mat shows the time of day and, "if escorts are present",
// the Escort marker; "If no escorts are present, the Escort box will be
// empty." Only escorts detect (9.2.7): after firing at the convoy E2 is
// rolled, after firing at the lone ship it is not.
func TestS9_1_6EscortMarkerDecidesDetection(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	if !strings.Contains(g.prompt().Text, "Night, escorted") {
		t.Fatalf("convoy mat: %q", g.prompt().Text)
	}
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
	evs := g.choose("hold_depth", 2, 3)
	rbRoll(t, firstRoll(t, evs, "E2", "Escort detection"), 5, 6, "undetected")

	s := rbStation(t, rbVIIC41, rbShip(rbDay)...)
	if !strings.Contains(s.prompt().Text, "Day, unescorted") {
		t.Fatalf("lone ship mat: %q", s.prompt().Text)
	}
	s.choose("attack")
	s.choose("medium")
	s.choose("submerged")
	s.choose("fwd")
	s.choose("t1")
	s.choose("fire", 6, 6)
	s.choose("done")
	s.expect("hunters.after_combat")
	if rs := rolls(s.all, "E2", ""); len(rs) != 0 {
		t.Fatalf("an unescorted ship rolled E2: %+v", rs)
	}
}

// 9.1.8, 7.2.2, 7.2.3: on a Wolfpack patrol against a convoy, "Roll to
// determine the status of the Convoy escorts (7.2.2) ... This modifier will
// apply for all Escort Detection [E2] attempts throughout the engagement" —
// one roll; 1-5 busy (-1), 6 focused (+1).
func TestS9_1_8WolfpackMarkerForTheWholeEngagement(t *testing.T) {
	cases := []struct {
		name       string
		roll, drm  int
		result     string
		escapeRoll [2]int
	}{
		{"busy", 2, -1, "busy", [2]int{2, 3}},
		{"focused", 6, 1, "focused", [2]int{2, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := rbStation(t, rbVIIC41W, rbConvoy(rbNight)...)
			g.choose("attack", c.roll)
			g.choose("medium")
			g.choose("submerged")
			g.choose("fwd")
			g.choose("all3", rbTimes(4, 6, 6)...) // four misses
			// round 1: 5+4 = 9, +1 1941, drm → detected either way (9 or 11);
			// E3 1+2 = 3: no damage.
			g.choose("hold_depth", 5, 4, 1, 2)
			g.expect("hunters.test_depth")
			// round 2: +1 1941, +1 previous detection, drm: undetected.
			g.choose("hold_depth", c.escapeRoll[0], c.escapeRoll[1])
			ws := rolls(g.all, "", "Wolfpack")
			if len(ws) != 1 || ws[0].Result != c.result {
				t.Fatalf("7.2.2 rolls %+v, want one %s", ws, c.result)
			}
			es := rolls(g.all, "E2", "Escort detection")
			if len(es) != 2 {
				t.Fatalf("E2 rolls: %d", len(es))
			}
			for _, r := range es {
				rbMod(t, r, "wolfpack", c.drm)
			}
			rbRoll(t, es[0], 9, 10+c.drm, "detected")
			n := c.escapeRoll[0] + c.escapeRoll[1]
			rbRoll(t, es[1], n, n+2+c.drm, "undetected")
		})
	}
}
