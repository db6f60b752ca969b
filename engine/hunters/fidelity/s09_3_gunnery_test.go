package fidelity

// Section 9.3, surface gunnery and ammo, read from the rulebook alone.

import (
	"strings"
	"testing"
)

// 9.3.1: "U-Boats conducting surface attacks against unescorted ships (only)
// are eligible to use their Deck Gun in conjunction with or in lieu of
// torpedo salvo fire. Deck gunnery fire is never permitted when escorts are
// present."
func TestS9_3_1DeckGunOnlySurfacedAgainstUnescorted(t *testing.T) {
	t.Run("surfaced, unescorted", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
		g.choose("attack")
		g.choose("close")
		g.choose("surfaced")
		if !g.offers("gun") {
			t.Fatalf("no deck gun surfaced against a lone ship: %v", g.keys())
		}
	})
	t.Run("submerged, unescorted", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
		g.choose("attack")
		g.choose("close")
		g.choose("submerged")
		if g.offers("gun") {
			t.Fatalf("deck gun offered submerged: %v", g.keys())
		}
	})
	t.Run("night surface attack on escorts", func(t *testing.T) {
		g := rbStation(t, rbVIIC41, rbConvoy(rbNight)...)
		g.choose("attack")
		g.choose("medium")
		g.choose("surfaced")
		if g.offers("gun") {
			t.Fatalf("deck gun offered against escorts: %v", g.keys())
		}
	})
}

// 9.3.2: "Up to two points of Ammo can be fired per combat round, and each
// point of ammo can be directed at a different target." (also 4.6.3)
func TestS9_3_2TwoAmmoPointsAtTwoTargets(t *testing.T) {
	g := rbNorthAmerica(t, rbVIIC42NA, rbTwoShips(rbDay)...)
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.choose("gun")
	g.expect("hunters.aim")
	g.choose("t1")
	evs := g.choose("t2", 6, 6, 6, 6) // two misses
	rs := rolls(evs, "U1", "")
	if len(rs) != 2 || !strings.Contains(rs[0].Purpose, "Ocean Venture") || !strings.Contains(rs[1].Purpose, "Amerikaland") {
		t.Fatalf("shells: %+v", rs)
	}
	if got := g.rbField("status", "Deck gun 8.8cm"); got != "OK, ammo 8 of 10" {
		t.Fatalf("ammo after two points: %q", got)
	}
	g.expect("hunters.weapon")
	if g.offers("gun") {
		t.Fatalf("a third ammo point offered this round: %v", g.keys())
	}
}

// 9.3.2: the Display Mat "lists the total ammo capacity"; with one point left
// only one can be fired, and with none the gun is silent.
func TestS9_3_2LastAmmoPoint(t *testing.T) {
	g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
	g.rbEdit(func(m map[string]any) { m["boat"].(map[string]any)["ammo"] = 1 })
	if got := g.rbField("status", "Deck gun 8.8cm"); got != "OK, ammo 1 of 10" {
		t.Fatalf("ammo after the edit: %q", got)
	}
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.choose("gun")
	g.expect("hunters.aim")
	if !strings.Contains(g.prompt().Text, "1 of 1") {
		t.Fatalf("aiming more than the one point left: %q", g.prompt().Text)
	}
	g.choose("t1", 6, 6)
	g.choose("done")
	g.choose("again", 6, 3) // nothing comes
	g.expect("hunters.weapon")
	if g.offers("gun") {
		t.Fatalf("deck gun offered without ammo: %v", g.keys())
	}
}

// 9.3.3: "there is no need to consult the Torpedo Dud Chart (the shells are
// never duds) ... any Hits scored are rolled for on the Attack Damage Chart
// [U3]" — its deck-gun column: 1 → 2 points, 2 → 1. The UZO's -1 is for
// torpedoes (9.4.2, 9.5.1): a shell at close range hits on a natural 8, not 9.
func TestS9_3_3ShellsNeverDudAndUseTheGunColumn(t *testing.T) {
	for _, c := range []struct {
		u3, points int
	}{{1, 2}, {2, 1}} {
		g := rbStation(t, rbVIIC41, rbShip(rbDay)...)
		g.choose("attack")
		g.choose("close")
		g.choose("surfaced")
		g.choose("gun")
		g.choose("t1")
		evs := g.choose("t1", 4, 4, c.u3, 4, 5) // 8: hit; U3; 9: miss
		if n := len(rolls(evs, "U2", "")); n != 0 {
			t.Fatalf("a shell rolled for a dud")
		}
		rs := rolls(evs, "U1", "")
		rbRoll(t, rs[0], 8, 8, "hit")
		rbRoll(t, rs[1], 9, 9, "miss")
		want := []string{"", "1/3 damage", "2/3 damage"}[c.points]
		if !strings.Contains(g.prompt().Text, want) {
			t.Fatalf("U3 %d: want %q on the mat:\n%s", c.u3, want, g.prompt().Text)
		}
	}
}

// 9.3.3 with U3's "-1 10.5cm deck gun (Type IX boats)": a natural 2 becomes
// 1, two points; a natural 1 becomes 0, still two points.
func TestS9_3_3TenFiveCentimetreGun(t *testing.T) {
	for _, u3 := range []int{1, 2} {
		g := rbStation(t, rbIXC41, rbShip(rbDay)...)
		g.choose("attack")
		g.choose("close")
		g.choose("surfaced")
		g.choose("gun")
		g.choose("t1")
		evs := g.choose("t1", 4, 4, u3, 6, 6)
		r := firstRoll(t, evs, "U3", "")
		rbMod(t, r, "10.5", -1)
		rbRoll(t, r, u3, u3-1, "2")
		if !strings.Contains(g.prompt().Text, "2/3 damage") {
			t.Fatalf("U3 %d-1: want two points:\n%s", u3, g.prompt().Text)
		}
	}
}

// 9.3.4: "Flak guns are not used for surface gunnery fire against enemy
// ships." The VIIC Flak carries three flak mounts and no deck gun: nothing
// but torpedoes against a lone ship.
func TestS9_3_4FlakGunsDoNotFireAtShips(t *testing.T) {
	g := rbStation(t, rbFlak43, rbShip(rbDay)...)
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.expect("hunters.weapon")
	g.rbOnly("fwd", "aft", "hold")
}
