package fidelity

import (
	"strings"
	"testing"
)

// smallConvoy is four Daphnes (T1 33, 2,000 t) by day.
var smallConvoy = [4]ship{daphne, daphne, daphne, daphne}

// wolfpackConvoyMar41 starts a VIIC in Mar-41 on an Atlantic (W) patrol
// (rank 1; P1 3, once the load is stowed) and sails to box 3.
func wolfpackConvoyMar41(t *testing.T) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.stow("", 1, 2, 4, 4)
	if r := firstRoll(t, g.all, "P1", ""); r.Result != "Atlantic (W)" {
		t.Fatalf("P1: %q", r.Result)
	}
	g.choose("sail", 4, 4)
	return g
}

// e2Rolls are the escort detection rolls (not the close-range pre-fire one).
func e2Rolls(g *game) []int {
	var out []int
	for _, r := range rolls(g.all, "E2", "") {
		if strings.Contains(r.Purpose, "olfpack") {
			continue // the 7.2.2 roll itself is on E2's card
		}
		v, _ := modifier(r, "wolfpack")
		out = append(out, v)
	}
	return out
}

// 7.2.1: "Some patrols in the Atlantic have a (W) designation." 7.2.2: "When
// engaging a Convoy during a Wolfpack patrol, roll 1d6 to determine the status
// of the Convoy escorts. On a roll of 1-5, the Convoy escorts are busy ...
// favorable -1 die roll modifier when checking for Escort Detection [E2].
// Conversely, on a roll of 6, the Convoy escorts are focused in your vicinity,
// resulting in an unfavorable +1". 7.2.3: "This modifier applies for all rounds
// of combat against the Convoy; do not roll separately for each combat round."
func TestS7_2_2WolfpackEscortsBusyOrFocused(t *testing.T) {
	for _, c := range []struct {
		face, drm int
	}{{1, -1}, {5, -1}, {6, +1}} {
		g := wolfpackConvoyMar41(t)
		// box 3: convoy (3+3), four small freighters; the 7.2.2 roll is made
		// when the convoy is engaged.
		g.choose("sail", fs(3, 3, convoyFaces(smallConvoy))...)
		g.choose("attack", c.face)
		g.choose("medium")
		g.choose("fwd")
		g.choose("t1")
		g.choose("fire", 6, 6) // the torpedo misses (12)
		wp := rolls(g.all, "", "olfpack")
		if len(wp) != 1 || wp[0].Dice != "1d6" || wp[0].Natural != c.face {
			t.Fatalf("7.2.2 roll %v, want one 1d6 = %d", wp, c.face)
		}
		// Round 1: E2 4+4 = 8, +1 1941, +1 G7a by day, ±1 wolfpack: with busy
		// escorts 9 (detected), with focused ones 11. E3 2+2 = 4 → 1 hit:
		// E4 32 (minor damage). Round 2: E2 natural 2, undetected.
		g.choose("hold_depth", 4, 4, 2, 2, 3, 2)
		g.choose("hold_depth", 1, 1)
		got := e2Rolls(g)
		if len(got) != 2 || got[0] != c.drm || got[1] != c.drm {
			t.Errorf("roll %d: wolfpack modifiers on the two E2 rolls %v, want %d on each (7.2.3)", c.face, got, c.drm)
		}
		if n := len(rolls(g.all, "", "olfpack")); n != 1 {
			t.Errorf("the 7.2.2 roll was made %d times in one engagement", n)
		}
	}
}

// 7.2.4: "Only Convoy engagements carry this special modifier. Ignore for all
// other types of encounters." A lone ship on a (W) patrol: no 7.2.2 roll.
// And a convoy on a patrol without (W): no roll either (7.2.1).
func TestS7_2_4WolfpackRollOnlyForConvoys(t *testing.T) {
	g := wolfpackConvoyMar41(t)
	// box 3: 3 = ship (1+2); size 3; T1 33; day.
	g.choose("sail", 1, 2, 3, 3, 3, 3)
	g.choose("attack")
	g.choose("close")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	if wp := rolls(g.all, "", "olfpack"); len(wp) != 0 {
		t.Errorf("a wolfpack roll against a lone ship: %v", wp)
	}

	g = career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.stow("", 3, 4, 4, 4) // P1 7: Atlantic, no (W)
	g.choose("sail", 4, 4)
	g.choose("sail", fs(3, 3, convoyFaces(smallConvoy))...)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 1, 1)
	if wp := rolls(g.all, "", "olfpack"); len(wp) != 0 {
		t.Errorf("a wolfpack roll on a patrol without (W): %v", wp)
	}
	for _, r := range rolls(g.all, "E2", "") {
		if _, ok := modifier(r, "wolfpack"); ok {
			t.Errorf("a wolfpack modifier without (W): %s", r)
		}
	}
}

// 7.2.3: "You do re-roll if you successfully follow and reengage a convoy
// (9.7). This modifier does not apply if the U-Boat has an inoperable Radio."
func TestS7_2_3RerollOnFollowButNotWithAnInoperableRadio(t *testing.T) {
	g := wolfpackConvoyMar41(t)
	g.choose("sail", fs(3, 3, convoyFaces(smallConvoy))...)
	g.choose("attack", 2) // 7.2.2: busy
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	// E2 4+4 +1 +1 -1 = 9: detected; E3 2+2 = 1 hit: E4 42 radio. Round 2:
	// E2 natural 2, undetected. Repair: the radio fails on 6 (inoperable).
	g.choose("hold_depth", 4, 4, 2, 2, 4, 2)
	g.choose("hold_depth", 1, 1, 6)
	st := g.view("status")
	if got := field(st, "Radio"); got == "OK" {
		t.Fatalf("radio %q: the set-up for an inoperable radio failed", got)
	}
	g.breakOff2("follow")
	g.reloadThen(fs(1, convoyFaces(smallConvoy))...) // 9.7.7: 1 = contact
	g.expect("hunters.engage")
	before := len(rolls(g.all, "", "olfpack"))
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 1, 1)
	if n := len(rolls(g.all, "", "olfpack")); n != before {
		t.Errorf("a 7.2.2 roll with an inoperable radio")
	}
	rs := rolls(g.all, "E2", "")
	if _, ok := modifier(rs[len(rs)-1], "wolfpack"); ok {
		t.Errorf("the wolfpack modifier applies with an inoperable radio: %s", rs[len(rs)-1])
	}
}

// breakOff2 answers reloads, then chooses key (an after_combat option) with
// faces.
func (g *game) breakOff2(key string, faces ...int) {
	g.t.Helper()
	for g.kind() == "hunters.reload_forward" || g.kind() == "hunters.reload_aft" {
		g.choose(g.keys()[0])
	}
	g.choose(key, faces...)
}

// 7.2.3: "You do re-roll if you successfully follow and reengage a convoy
// (9.7)." Busy (2) in the first engagement, focused (6) after following.
func TestS7_2_3WolfpackRerolledAfterFollowing(t *testing.T) {
	g := wolfpackConvoyMar41(t)
	g.choose("sail", fs(3, 3, convoyFaces(smallConvoy))...)
	g.choose("attack", 2)
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 1, 1)
	g.breakOff2("follow")
	g.reloadThen(fs(1, convoyFaces(smallConvoy))...)
	g.choose("attack", 6)
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth", 1, 1)
	wp := rolls(g.all, "", "olfpack")
	if len(wp) != 2 || wp[0].Natural != 2 || wp[1].Natural != 6 {
		t.Fatalf("7.2.2 rolls %v, want 2 then a re-roll of 6", results(g.all, "", "olfpack"))
	}
	if got := e2Rolls(g); len(got) != 2 || got[0] != -1 || got[1] != 1 {
		t.Errorf("wolfpack modifiers %v, want -1 (busy) then +1 (focused after following)", got)
	}
}
