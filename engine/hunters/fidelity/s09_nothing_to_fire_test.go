package fidelity

// Issue 14, item 8: offer only what the rules allow to happen. A boat that has
// nothing to fire at the ships in sight is not asked to attack them, and is
// not offered to follow a convoy it could not attack.

import (
	"testing"
)

// rbNoReloads empties the reload boxes (as a patrol that has fired them all
// would), through the saved game, and checks the status view.
func (g *game) rbNoReloads() {
	g.t.Helper()
	g.rbEdit(func(m map[string]any) {
		b := m["boat"].(map[string]any)
		for _, k := range []string{"fwd_g7a", "fwd_g7e", "aft_g7a", "aft_g7e"} {
			b[k] = 0
		}
	})
	if got := g.rbField("status", "Forward reloads"); got != "0 G7a, 0 G7e" {
		g.t.Fatalf("forward reloads after the edit: %q", got)
	}
}

// 9.3.1: "Deck gunnery fire is never permitted when escorts are present";
// 4.5.1: "Once the Reload Box for a given section is spent, no reload is
// possible while out on patrol"; 9.7.7: a followed convoy is reengaged, and
// it is escorted (8.1.3). With its last five torpedoes gone and only deck-gun
// ammo left, a VIIC may follow the damaged ship (on 5-6 it straggles
// unescorted, 9.7.6, within the gun's reach) but not the convoy; the next
// convoy it cannot attack at all; a lone ship it can, with the gun (8.2.6's
// note: "you only have ammunition for your Deck Gun and no torpedoes").
func TestS9_3_1NothingToFireAtEscortsNoAttackNoFollow(t *testing.T) {
	g := rbCareer(t, rbVIIC41)
	g.rbLoad(cat(rbVIIC41.assign, []int{5, 5})...)
	g.rbNoReloads()
	g.choose("sail", 5, 5)
	g.choose("sail", rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("surfaced")
	g.choose("fwd_aft")
	// five torpedoes at #1: the first hits for one point (5 with the UZO; U2
	// 6; U3 4), four miss; E2 a natural 2.
	g.choose("all1", cat([]int{3, 3, 6, 4}, rbTimes(4, 6, 6), []int{1, 1})...)
	g.expect("hunters.after_combat")
	g.rbOnly("follow_damaged", "leave")
	g.choose("leave")
	g.expect("hunters.proceed")

	// box 4: a convoy by day: no weapon may fire at it; the boat lets it pass.
	evs := g.choose("sail", rbConvoy(rbDay)...)
	if !said(evs, "Nothing aboard can fire") {
		t.Fatalf("the convoy was not let pass:\n%s", dump(evs))
	}
	g.expect("hunters.proceed")

	// box 5: a lone ship: the deck gun can fire at it, surfaced, day or night.
	g.choose("sail", rbShip(rbDay)...)
	g.expect("hunters.engage")
	g.rbOnly("attack", "night", "avoid")
}

// 9.3.4 with 11.4.7: the VIIC Flak's flak guns do not fire at ships and it
// has no deck gun; its five torpedoes spent, a lone ship passes without the
// Kommandant being asked to attack it (or to shadow it into the night).
func TestS9_3_4NoTorpedoesNoGunNoAttack(t *testing.T) {
	g := rbStation(t, rbFlak43, rbConvoy(rbNight)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("surfaced")
	g.choose("fwd_aft")
	// five misses; E2 a natural 2.
	g.choose("all1", cat(rbTimes(5, 6, 6), []int{1, 1})...)
	g.expect("hunters.proceed")
	evs := g.choose("sail", rbShip(rbDay)...)
	if !said(evs, "Nothing aboard can fire") {
		t.Fatalf("the ship was not let pass:\n%s", dump(evs))
	}
	g.expect("hunters.proceed")
}
