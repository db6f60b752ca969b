package fidelity

// Section 9.7, following escorted ships and convoys, read from the rulebook
// alone.

import (
	"strings"
	"testing"
)

// rbConvoyHits is a night convoy attacked submerged at medium range, one
// torpedo at each of targets that hits for one point (U1 6, U2 6, U3 4), or
// with no targets one torpedo at #1 that misses; the escorts miss the boat
// (E2 2+2): the after-combat choice is pending.
func rbConvoyHits(t *testing.T, targets ...string) *game {
	t.Helper()
	g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	for _, k := range targets {
		g.choose(k)
	}
	if len(targets) == 0 {
		g.choose("t1")
		g.choose("fire", 6, 6)
	} else {
		g.choose("fire", rbTimes(len(targets), 3, 3, 6, 4)...)
	}
	g.choose("hold_depth", 2, 2)
	g.expect("hunters.after_combat")
	return g
}

// rbFreshConvoy: four small freighters (size 1, T1 11: Stonepool) and the
// time of day, as a regained convoy is identified ship by ship.
func rbFreshConvoy(dayNight int) []int {
	return cat(rbTimes(4, 1, 1, 1), []int{dayNight})
}

// 9.7.1: "if a player wishes to continue to engage an escorted ship or
// Convoy, the U-Boat marker remains in its current Travel Box so the U-Boat
// can attempt to Follow". Regained and let go, the convoy leaves the boat in
// box 3.
func TestS9_7_1FollowingStaysInTheBox(t *testing.T) {
	g := rbConvoyHits(t)
	g.rbThenReload("follow", cat([]int{1}, rbFreshConvoy(rbNight))...)
	g.expect("hunters.engage")
	g.choose("avoid")
	g.expect("hunters.proceed")
	if !strings.Contains(g.prompt().Text, "Box 3 of 8") {
		t.Fatalf("after following: %q", g.prompt().Text)
	}
}

// 9.7.2: "Following is not permitted against unescorted ships. Instead, the
// U-Boat Kommandant can consider an additional round of combat (9.4.3)." Even
// a damaged lone ship.
func TestS9_7_2NoFollowingUnescortedShips(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 3, 3, 6, 4)
	g.choose("done")
	g.expect("hunters.after_combat")
	g.rbOnly("again", "leave")
}

// 9.7.3: "U-Boats that have been detected, and perhaps even damaged by
// escorts, can attempt to Follow ... once they have escaped detection. Be sure
// to conduct any U-Boat Repairs (10.7) prior to attempting to Follow."
func TestS9_7_3RepairsBeforeFollowing(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	// detected (4+4 +2); E3 1+3 = 4: one hit, E4 42: radio.
	g.choose("hold_depth", 4, 4, 1, 3, 4, 2)
	// 1+2 +3 = 6: undetected; the radio's repair roll 1.
	evs := g.choose("hold_depth", 1, 2, 1)
	rep := firstRoll(t, evs, "", "Repair")
	if !strings.Contains(rep.Purpose, "Radio") {
		t.Fatalf("repair roll %+v", rep)
	}
	g.expect("hunters.after_combat")
	if !g.offers("follow") {
		t.Fatalf("a detected boat that escaped cannot follow: %v", g.keys())
	}
}

// 9.7.4: "a Capital ship can never be followed unless it is damaged ...
// Furthermore, a damaged Capital ship always retains its escort (no need to
// roll to determine if the escort remains with them, per 9.7.6)."
func TestS9_7_4CapitalShipsFollowedOnlyWhenDamaged(t *testing.T) {
	t.Run("undamaged", func(t *testing.T) {
		g := rbDayAttack(t, rbVIIC41, "medium", rbCapital(rbDay))
		g.choose("hold_depth", 1, 1) // natural 2
		if g.offers("follow") || g.offers("follow_damaged") {
			t.Fatalf("an undamaged capital ship can be followed: %s %v", g.kind(), g.keys())
		}
	})
	t.Run("damaged", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbCapital(rbDay)...)
		g.choose("attack")
		g.choose("medium")
		g.choose("fwd")
		g.choose("t1")
		g.choose("fire", 3, 3, 6, 4)
		g.choose("hold_depth", 1, 1)
		g.expect("hunters.after_combat")
		g.rbOnly("follow_damaged", "leave")
		evs := g.rbThenReload("follow_damaged")
		if rs := rolls(evs, "", "ollowing"); len(rs) != 0 {
			t.Fatalf("a 9.7.6 escort roll for a capital ship: %+v", rs)
		}
		g.expect("hunters.follow_time")
		g.choose("day")
		g.expect("hunters.engage")
		if !strings.Contains(g.prompt().Text, "escorted") || strings.Contains(g.prompt().Text, "unescorted") {
			t.Fatalf("the damaged capital ship lost its escort:\n%s", g.prompt().Text)
		}
	})
}

// 9.7.5: "If Following is successful (see 9.7.6 for procedure), roll to
// determine time of day (8.3). If Day is rolled, the U-Boat Kommandant may
// attempt to switch to Night (8.3.2)."
func TestS9_7_5RegainedConvoyRollsTheTimeOfDay(t *testing.T) {
	g := rbConvoyHits(t)
	evs := g.rbThenReload("follow", cat([]int{2}, rbFreshConvoy(rbDay))...)
	rbRoll(t, firstRoll(t, evs, "", "Day or night"), rbDay, rbDay, "day")
	g.expect("hunters.engage")
	if !g.offers("night") {
		t.Fatalf("no switch to night after a day follow: %v", g.keys())
	}
}

// 9.7.5, 8.3.4: "If the target ships are already damaged, no roll is
// necessary; the Kommandant may choose Day or Night."
func TestS9_7_5FollowingDamagedShipsChoosesTheTime(t *testing.T) {
	g := rbConvoyHits(t, "t3")
	evs := g.rbThenReload("follow_damaged", 2)
	if rs := rolls(evs, "", "Day or night"); len(rs) != 0 {
		t.Fatalf("time of day rolled for damaged ships: %+v", rs)
	}
	g.expect("hunters.follow_time")
	g.rbOnly("day", "night")
	g.choose("night")
	if !strings.Contains(g.prompt().Text, "Night") {
		t.Fatalf("after choosing night: %q", g.prompt().Text)
	}
}

// 9.7.6: "If there is only one damaged ship to Follow ... on a roll of 1-4 it
// remains under escort. On a 5-6, it is now unescorted ... In all cases,
// undamaged ships from the original encounter are no longer present."
func TestS9_7_6OneDamagedShip(t *testing.T) {
	for _, c := range []struct {
		roll int
		want string
	}{{4, "Night, escorted"}, {5, "Night, unescorted"}} {
		g := rbConvoyHits(t, "t3")
		r := firstRoll(t, g.rbThenReload("follow_damaged", c.roll), "", "ollowing")
		if r.Natural != c.roll {
			t.Fatalf("9.7.6 roll %+v", r)
		}
		g.choose("night")
		g.expect("hunters.engage")
		txt := g.prompt().Text
		if !strings.Contains(txt, c.want) || !strings.Contains(txt, "Hurunui") {
			t.Fatalf("roll %d: want %q with Hurunui:\n%s", c.roll, c.want, txt)
		}
		for _, gone := range []string{"Stonepool", "Baron Blythswod", "British Premier"} {
			if strings.Contains(txt, gone) {
				t.Fatalf("undamaged %s is still present:\n%s", gone, txt)
			}
		}
	}
}

// 9.7.6: "When Following more than one damaged ship, on a roll of 1-4, the
// damaged ships stay together and are still considered under escort ... On
// a 5-6, any damaged ships become an unescorted “straggler” and separate from
// one another ... The U-Boat Kommandant must now decide which damaged ship
// will be followed and targeted during the next combat round (only one ship
// can be selected)."
func TestS9_7_6SeveralDamagedShips(t *testing.T) {
	for _, c := range []struct {
		roll int
		want string
	}{{1, "Night, escorted"}, {6, "Night, unescorted"}} {
		g := rbConvoyHits(t, "t1", "t2")
		g.rbThenReload("follow_damaged", c.roll)
		g.expect("hunters.follow_pick")
		g.rbOnly("t1", "t2")
		g.choose("t2")
		g.choose("night")
		g.expect("hunters.engage")
		txt := g.prompt().Text
		if !strings.Contains(txt, c.want) || !strings.Contains(txt, "Baron Blythswod") || strings.Contains(txt, "Stonepool") {
			t.Fatalf("roll %d, following #2: want %q with Baron Blythswod alone:\n%s", c.roll, c.want, txt)
		}
	}
}

// 9.7.7: "When attempting to follow a ship or Convoy, roll 1d6. On a roll of
// 1-4, the U-Boat has successfully Followed the ship or reengaged the Convoy
// and must roll to identify the four ships encountered ... On a 5-6, the
// Convoy slips away, and the engagement ends. Advance the U-Boat marker one
// Travel Box and continue the patrol."
func TestS9_7_7FollowingTheConvoy(t *testing.T) {
	g := rbConvoyHits(t)
	evs := g.rbThenReload("follow", cat([]int{4}, rbFreshConvoy(rbNight))...)
	rbRoll(t, firstRoll(t, evs, "", "Follow"), 4, 4, "contact")
	if n := len(rolls(evs, "", "Ship size")); n != 4 {
		t.Fatalf("ship size rolls %d, want four fresh targets", n)
	}
	g.expect("hunters.engage")
	if strings.Count(g.prompt().Text, "Stonepool") != 4 {
		t.Fatalf("fresh convoy:\n%s", g.prompt().Text)
	}

	g = rbConvoyHits(t)
	evs = g.rbThenReload("follow", 5)
	rbRoll(t, firstRoll(t, evs, "", "Follow"), 5, 5, "lost")
	g.expect("hunters.proceed")
	g.choose("sail", 5, 5)
	if !strings.Contains(g.prompt().Text, "Box 4 of 8") {
		t.Fatalf("after the convoy slipped away: %q", g.prompt().Text)
	}
}

// 9.7.7: "Note if Following a Ship + Escort or Two Ships + Escort you do not
// re-roll for ID". North America's Two Ships + Escort, followed undamaged:
// the same two ships, and the time of day rolled anew (9.7.5).
func TestS9_7_7ShipsWithEscortKeepTheirIdentity(t *testing.T) {
	g := rbNorthAmerica(t, rbVIIC42NA, 2, 3, 1, 4, 5, 7, rbDay)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 2, 2)
	g.expect("hunters.after_combat")
	evs := g.rbThenReload("follow", 3, rbNight)
	if n := len(rolls(evs, "", "identity")) + len(rolls(evs, "", "Ship size")); n != 0 {
		t.Fatalf("%d identification rolls after following ships with escort", n)
	}
	g.expect("hunters.engage")
	txt := g.prompt().Text
	if !strings.Contains(txt, "Ocean Venture") || !strings.Contains(txt, "Amerikaland") || !strings.Contains(txt, "Night") {
		t.Fatalf("after following:\n%s", txt)
	}
}

// 9.7.8: "When choosing to Follow any damaged ship that was part of a Convoy,
// contact will be lost with the Convoy and it cannot be Followed again." Both
// choices are offered; after following the damaged ship, the convoy is gone.
func TestS9_7_8FollowingDamagedShipsLosesTheConvoy(t *testing.T) {
	g := rbConvoyHits(t, "t3")
	g.rbOnly("follow_damaged", "follow", "leave")
	g.rbThenReload("follow_damaged", 2)
	g.choose("night")
	g.choose("attack")
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 2, 2)
	g.expect("hunters.after_combat")
	if g.offers("follow") {
		t.Fatalf("the convoy can still be followed: %v", g.keys())
	}
}

// 9.7.9: "U-Boats that successfully Follow treat the coming combat as though
// it were a new encounter, and not a second round of combat ... You are not
// required to use the same tactics as in the previous attack (Range, Night
// Surface, Forward/Aft, etc.)." The range is asked again, and the escorts'
// previous detection of the first encounter is not carried over.
func TestS9_7_9FollowedCombatIsANewEncounter(t *testing.T) {
	g := rbDayAttack(t, rbVIIC41, "medium", rbConvoy(rbDay))
	g.choose("hold_depth", 4, 4, 1, 1) // detected; no damage
	g.choose("hold_depth", 1, 2)       // escaped
	g.rbThenReload("follow", cat([]int{1}, rbFreshConvoy(rbDay))...)
	g.choose("attack")
	g.expect("hunters.range")
	g.choose("long")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	r := firstRoll(t, g.choose("hold_depth", 2, 2), "E2", "")
	rbNoMod(t, r, "previous")
	rbMod(t, r, "long", -1)
}

// 9.7.10: "If you do not attack with at least one torpedo after having
// followed a damaged ship that is still escorted, the encounter ends ... the
// damaged ship gets away."
func TestS9_7_10DecliningTheFollowedShipEndsTheEncounter(t *testing.T) {
	t.Run("avoid", func(t *testing.T) {
		g := rbConvoyHits(t, "t3")
		g.rbThenReload("follow_damaged", 3)
		g.choose("night")
		g.choose("avoid")
		g.expect("hunters.proceed")
	})
	t.Run("hold fire", func(t *testing.T) {
		g := rbConvoyHits(t, "t3")
		g.rbThenReload("follow_damaged", 3)
		g.choose("night")
		g.choose("attack")
		g.choose("medium")
		g.choose("submerged")
		g.choose("hold")
		g.expect("hunters.proceed")
	})
}

// 9.7.7, 9.7.9 with 7.2.3: a regained convoy is a new engagement, and on a
// Wolfpack patrol "You do re-roll if you successfully follow and reengage a
// convoy (9.7)" — a second 7.2.2 roll.
func TestS9_7_9WolfpackMarkerRerolledForTheRegainedConvoy(t *testing.T) {
	g := rbStation(t, rbVIIC41W, rbConvoy(rbNight)...)
	g.choose("attack", 2) // busy
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 2, 2)
	g.rbThenReload("follow", cat([]int{1}, rbFreshConvoy(rbNight))...)
	g.expect("hunters.engage")
	g.choose("attack", 6) // focused this time
	ws := rolls(g.all, "", "Wolfpack")
	if len(ws) != 2 || ws[1].Result != "focused" {
		t.Fatalf("7.2.2 rolls %+v, want a second one, focused", ws)
	}
	g.choose("medium")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	rbMod(t, firstRoll(t, g.choose("hold_depth", 2, 2), "E2", ""), "wolfpack", 1)
}
