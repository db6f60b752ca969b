package fidelity

// Section 9.4, unescorted ship targets, read from the rulebook alone.

import (
	"strings"
	"testing"
)

// 9.4.1: "An encounter result of “Ship,” “Two Ships,” or “Tanker” means the
// target ship(s) are not escorted." (8.1.3: "Ship + Escort, Two Ships +
// Escort" are.)
func TestS9_4_1ShipTwoShipsAndTankerAreUnescorted(t *testing.T) {
	cases := []struct {
		name string
		g    func(t *testing.T) *game
		want string
	}{
		{"ship", func(t *testing.T) *game { return rbStation(t, rbVIIC41, rbShip(rbDay)...) }, "Ship: Day, unescorted"},
		{"two ships", func(t *testing.T) *game { return rbNorthAmerica(t, rbVIIC42NA, rbTwoShips(rbDay)...) }, "Two ships: Day, unescorted"},
		// E1 North America 9: tanker; T4 1: Norness.
		{"tanker", func(t *testing.T) *game { return rbNorthAmerica(t, rbVIIC42NA, 4, 5, 1, rbDay) }, "Tanker: Day, unescorted"},
		// E1 North America 5: two ships + escort.
		{"two ships + escort", func(t *testing.T) *game { return rbNorthAmerica(t, rbVIIC42NA, 2, 3, 1, 4, 5, 7, rbDay) }, "Two ships escort: Day, escorted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.g(t)
			g.expect("hunters.engage")
			if !strings.Contains(g.prompt().Text, c.want) {
				t.Fatalf("want %q:\n%s", c.want, g.prompt().Text)
			}
		})
	}
}

// 9.4.2: "there is no Escort Detection conducted for the combat round. In
// effect, the U-Boat has a free shot and can fire at Close Range without
// running the risk of being detected before being able to fire ... You may
// fire one weapon type (Forward Torpedo, Aft Torpedo, or Deck Gun) and see
// the result before firing the next type." Submerged there is no UZO.
func TestS9_4_2FreeShotOneWeaponTypeAtATime(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
	g.choose("attack")
	evs := g.choose("close")
	if len(rolls(evs, "", "")) != 0 {
		t.Fatalf("closing in on a lone ship rolled:\n%s", dump(evs))
	}
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	evs = g.choose("fire", 4, 5) // 9 at close: miss
	rbRoll(t, firstRoll(t, evs, "U1", ""), 9, 9, "miss")
	g.expect("hunters.weapon")
	if !g.offers("aft") || g.offers("fwd") {
		t.Fatalf("after the forward salvo: %v, want aft (and no second forward salvo)", g.keys())
	}
	g.choose("aft")
	evs = g.choose("t1", 6, 6)
	r := firstRoll(t, evs, "U1", "")
	rbNoMod(t, r, "second salvo")
	g.expect("hunters.after_combat") // nothing left to fire submerged
	if rs := rolls(g.all, "E2", ""); len(rs) != 0 {
		t.Fatalf("E2 rolled against a lone ship: %+v", rs)
	}
}

// 9.4.2: "When firing torpedoes, you use the -1 bonus as in 9.5.1 as you are
// using the UZO. Also, firing from both ends of the U-Boat does not incur the
// +1 penalty in 9.5.2 (you are not rushed)." By day, surfaced.
func TestS9_4_2UZOByDayAndNoSecondSalvoPenalty(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.choose("fwd")
	g.choose("t1")
	// 9 -1 = 8 at close: hit; U2 6; U3 4: one point.
	r := firstRoll(t, g.choose("fire", 4, 5, 6, 4), "U1", "")
	rbMod(t, r, "UZO", -1)
	rbRoll(t, r, 9, 8, "hit")
	g.choose("aft")
	r = firstRoll(t, g.choose("t1", 6, 6), "U1", "")
	rbMod(t, r, "UZO", -1)
	rbNoMod(t, r, "second salvo")
	rbRoll(t, r, 12, 11, "miss")
}

// rbShipRound is a lone ship by day, attacked submerged at medium range with
// one forward torpedo that misses; the round is over.
func rbShipRound(t *testing.T, s rbSetup) *game {
	t.Helper()
	g := rbStation(t, s, rbShip(rbDay)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("done")
	g.expect("hunters.after_combat")
	return g
}

// 9.4.3: "If, for whatever reason, an unescorted target was not sunk during
// the initial round of combat, the player may choose to initiate an
// additional round of combat. To do so, reload ... and roll on the Add'l
// Round of Combat table ... If no “Escort” or “Aircraft” is encountered, the
// U-Boat has another round to attack the unescorted target". E1: 3 or less
// escort, 4-5 aircraft, 6 or more nothing.
func TestS9_4_3AdditionalRoundNothingComes(t *testing.T) {
	g := rbShipRound(t, rbVIIC41)
	if !g.offers("again") {
		t.Fatalf("no additional round against a lone ship: %v", g.keys())
	}
	g.choose("again")
	g.expect("hunters.reload_forward")
	evs := g.choose(g.keys()[0], 3, 3)
	r := firstRoll(t, evs, "E1", "")
	rbRoll(t, r, 6, 6, "none")
	g.expect("hunters.weapon")
	if rs := rolls(g.all, "E2", ""); len(rs) != 0 {
		t.Fatalf("E2 rolled: %+v", rs)
	}
}

// 9.4.3: "If the result is “Escort,” the target ship(s) are now considered to
// be under escort and Escort Detection is resolved immediately, regardless of
// what range the U-Boat is to the target. If the U-Boat avoids this
// detection, it still must check for Escort Detection again for the new
// combat round"; 9.6.2: "the escorts get two detection attempts for the
// round".
func TestS9_4_3EscortArrivesAndDetectsTwice(t *testing.T) {
	g := rbShipRound(t, rbVIIC41)
	g.choose("again")
	evs := g.choose(g.keys()[0], 1, 2) // 3: escort
	rbRoll(t, firstRoll(t, evs, "E1", ""), 3, 3, "escort")
	g.expect("hunters.test_depth")
	evs = g.choose("hold_depth", 2, 2) // 4 +1 1941 (+1 G7a by day?): undetected
	if r := firstRoll(t, evs, "E2", ""); r.Natural != 4 || r.Result != "undetected" {
		t.Fatalf("arrival detection: %+v", r)
	}
	g.expect("hunters.weapon")
	if !strings.Contains(g.prompt().Text, "escorted") {
		t.Fatalf("the ship is not escorted now:\n%s", g.prompt().Text)
	}
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
	g.choose("hold_depth", 2, 2)
	if n := len(rolls(g.all, "E2", "")); n != 2 {
		t.Fatalf("E2 rolls %d, want 2 (on arrival and after firing)", n)
	}
}

// 9.4.3, 9.8.1: "If the result is “Aircraft,” the U-Boat must abort the
// attack, dive immediately and resolve the Aircraft Encounter" — and "the
// target escapes, even if the Aircraft is unable to attack".
func TestS9_4_3AircraftComesAndTheTargetEscapes(t *testing.T) {
	g := rbShipRound(t, rbVIIC41)
	g.choose("again")
	// 4+1 = 5: aircraft; A1 3+3 = 6: the boat crash-dives.
	evs := g.choose(g.keys()[0], 4, 1, 3, 3)
	rbRoll(t, firstRoll(t, evs, "E1", ""), 5, 5, "aircraft")
	rbRoll(t, firstRoll(t, evs, "A1", ""), 6, 6, "crash")
	g.expect("hunters.proceed")
}

// 9.4.3 with E1's Add'l Round modifiers "-1 1942, -2 1943" (9.8.6): in 1942 a
// 6 becomes 5, aircraft; in 1943 a 5 becomes 3, an escort.
func TestS9_4_3AdditionalRoundYearModifiers(t *testing.T) {
	g := rbShipRound(t, rbVIIC42)
	g.choose("again")
	// A1 3+4 = 7, -1 1942 = 6: crash dive.
	r := firstRoll(t, g.choose(g.keys()[0], 3, 3, 3, 4), "E1", "")
	rbMod(t, r, "1942", -1)
	rbRoll(t, r, 6, 5, "aircraft")

	g = rbShipRound(t, rbVIIC43)
	g.choose("again")
	r = firstRoll(t, g.choose(g.keys()[0], 2, 3), "E1", "")
	rbMod(t, r, "1943", -2)
	rbRoll(t, r, 5, 3, "escort")
	g.expect("hunters.test_depth")
}

// 9.4.4: "There is no limit to the number of additional rounds of combat the
// U-Boat may pursue against unescorted targets."
func TestS9_4_4NoLimitToAdditionalRounds(t *testing.T) {
	g := rbShipRound(t, rbVIIC41)
	for round := 2; round <= 4; round++ {
		if !g.offers("again") {
			t.Fatalf("round %d: no additional round offered: %v", round, g.keys())
		}
		g.rbThenReload("again", 3, 3)
		g.expect("hunters.weapon")
		g.choose("fwd")
		g.choose("t1")
		g.choose("fire", 6, 6)
		g.choose("done")
		g.expect("hunters.after_combat")
	}
}

// 9.4.4: "once escorts appear as a result of the Encounter die roll, no
// additional round of combat can be attempted following the round they
// appear (instead, refer to 9.7, Following Escorted Ship or Convoy)."
func TestS9_4_4NoAdditionalRoundOnceEscortsAppear(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 3, 3, 6, 4) // hit, one point: Hurunui damaged
	g.choose("done")
	g.choose("again")
	g.choose(g.keys()[0], 1, 2) // escort
	g.choose("hold_depth", 2, 2)
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 2, 2)
	g.expect("hunters.after_combat")
	if g.offers("again") {
		t.Fatalf("an additional round offered after the escort appeared: %v", g.keys())
	}
	if !g.offers("follow_damaged") {
		t.Fatalf("following the damaged ship not offered: %v", g.keys())
	}
}

// 9.4.5: "Additional rounds of combat are only permissible against
// unescorted ship targets."
func TestS9_4_5NoAdditionalRoundAgainstEscortedShips(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 2, 2)
	g.expect("hunters.after_combat")
	if g.offers("again") {
		t.Fatalf("an additional round offered against a convoy: %v", g.keys())
	}
}

// 9.4.6: "If the U-Boat is engaging an unescorted target and an Escort
// appears as a result of rolling for an Additional Round of Combat, the
// U-Boat is automatically considered submerged. No range modifiers apply."
// At long range (E2 -1) the detection rolls carry no range modifier, and the
// boat, submerged, has no deck gun.
func TestS9_4_6ArrivingEscortFindsTheBoatSubmerged(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
	g.choose("attack")
	g.choose("long")
	g.choose("surfaced")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("done")
	g.choose("again")
	g.choose(g.keys()[0], 1, 1) // escort
	r := firstRoll(t, g.choose("hold_depth", 2, 3), "E2", "")
	rbNoMod(t, r, "range")
	if r.Natural != 5 || r.Result != "undetected" {
		t.Fatalf("arrival detection: %+v", r)
	}
	g.expect("hunters.weapon")
	if !strings.Contains(g.prompt().Text, "submerged") || g.offers("gun") {
		t.Fatalf("after the escort came: %v\n%s", g.keys(), g.prompt().Text)
	}
	g.choose("fwd")
	g.choose("t1")
	r = firstRoll(t, g.choose("fire", 6, 6), "U1", "")
	rbNoMod(t, r, "UZO")
	r = firstRoll(t, g.choose("hold_depth", 2, 3), "E2", "")
	rbNoMod(t, r, "range")
}
