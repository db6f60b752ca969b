package fidelity

// Section 13.1, the two-player game, read from the rulebook alone, driven
// through engine/hunters/duel's public Rules and State.

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters/duel"
)

// rbDuel starts a duel (seat "a" is A, seat "b" is B) from setup (boat,
// start, end, rules); faces are the set-up dice of both careers.
func rbDuel(t *testing.T, setup map[string]string, faces ...int) *game {
	t.Helper()
	h, err := loadedRules()
	if err != nil {
		t.Fatal(err)
	}
	setup["a"], setup["b"] = "A", "B"
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.NewScripted(faces)
	st, evs, err := duel.NewRules(h).New(raw, d)
	if err != nil {
		t.Fatalf("duel set-up %v: %v", setup, err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("duel set-up left %d faces\n%s", d.Remaining(), dump(evs))
	}
	return &game{t: t, state: st, all: evs}
}

func (g *game) rbDuelState() *duel.State {
	g.t.Helper()
	s, ok := g.state.(*duel.State)
	if !ok {
		g.t.Fatalf("not a duel: %T", g.state)
	}
	return s
}

// rbCareerField is a status field of one seat's career.
func (g *game) rbCareerField(seat int, name string) string {
	g.t.Helper()
	v, err := g.rbDuelState().CareerOf(seat).View("status")
	if err != nil {
		g.t.Fatal(err)
	}
	for _, s := range v.Sections {
		for _, f := range s.Fields {
			if f.Name == name {
				return f.Value
			}
		}
	}
	return ""
}

// rbWho fails unless the pending prompt is of kind, for seat, from actor.
func (g *game) rbWho(kind, seat string, actor engine.Actor) {
	g.t.Helper()
	p := g.prompt()
	if p.Kind != kind || p.Seat != seat || p.Actor != actor {
		g.t.Fatalf("pending %s for seat %q (%s), want %s for %q (%s): %q", p.Kind, p.Seat, p.Actor, kind, seat, actor, p.Text)
	}
}

// rbDuelSetup: both careers rank 1 (OltzS). Each set-up ends with the load
// (4.4.2); the first assignment, P1 4+4 = 8: Atlantic, is rolled when the
// seat's load is stowed (rbLoad's first faces).
var rbDuelSetup = []int{1, 1}

// 13.1.1: "Both players should start with the same boat at the same month (for
// example, both could start in Sept-39 with Type VIIA U-Boats)".
func TestS13_1_1SameBoatSameMonth(t *testing.T) {
	// 1939: both Kapitänleutnants without a roll (11.2.2); the set-ups roll nothing.
	g := rbDuel(t, map[string]string{"boat": "VIIA", "start": "1939-09"})
	for seat := 0; seat < 2; seat++ {
		if got := g.rbCareerField(seat, "Date"); got != "Sep-39" {
			t.Errorf("seat %d starts %q, want Sep-39", seat, got)
		}
		if got := g.rbDuelState().CareerOf(seat).Boat.Type; got != "VIIA" {
			t.Errorf("seat %d sails a %s, want a VIIA", seat, got)
		}
	}
	g.rbWho("hunters.torpedo_mix", "a", engine.Commander)
}

// 13.1.1: "continue until both U-Boats are sunk, or until reaching a
// pre-agreed upon ending date." With Mar-41 agreed, each career stops when it
// comes home from its Mar-41 patrol, and the game ends.
func TestS13_1_1AgreedEndDate(t *testing.T) {
	g := rbDuel(t, map[string]string{"boat": "VIIC", "start": "1941-03", "end": "1941-03"}, rbDuelSetup...)
	for seat, name := range []string{"a", "b"} {
		g.rbWho("hunters.torpedo_mix", name, engine.Commander)
		g.rbLoad(4, 4, 5, 5)
		for box := 2; box <= 6; box++ {
			g.choose("sail", 5, 5)
		}
		// boxes 7 and 8, home, the refit.
		g.choose("sail", 5, 5, 5, 5)
		if !g.rbDuelState().Done[seat] || !g.rbDuelState().Retired[seat] {
			t.Fatalf("seat %s goes on past the agreed end date", name)
		}
	}
	if g.outcome() == nil {
		t.Fatalf("the duel goes on with both careers at the end date: %s", g.where())
	}
}

// 13.1.2: "The players alternate patrols, with one player running his U-Boat
// and the other player rolling for Escort Detection attacks, damage, and air
// attacks." The escorts' rolls of A's patrol wait on B; B runs the next
// patrol, and A rolls for his enemy.
func TestS13_1_2TheOtherPlayerRollsForTheEnemy(t *testing.T) {
	g := rbDuel(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, rbDuelSetup...)
	g.rbLoad(4, 4, 5, 5)
	g.choose("sail", 5, 5)
	g.choose("sail", rbConvoy(rbDay)...)
	g.rbWho("hunters.engage", "a", engine.Commander)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.rbWho("hunters.test_depth", "a", engine.Commander)
	g.choose("hold_depth")
	g.rbWho("hunters.enemy_roll", "b", engine.Opponent)
	g.choose("roll", 4, 4) // 8 +1 +1 G7a = 10: detected
	g.rbWho("hunters.enemy_roll", "b", engine.Opponent)
	// the depth charges and their damage: E3 1+3 = 4, one hit, E4 33.
	evs := g.choose("roll", 1, 3, 3, 3)
	firstRoll(t, evs, "E4", "Damage")
	g.rbWho("hunters.test_depth", "a", engine.Commander)
	g.choose("hold_depth")
	g.choose("roll", 1, 1) // natural 2: escaped
	g.rbWho("hunters.after_combat", "a", engine.Commander)
	g.choose("leave")
	g.choose(g.keys()[0]) // reload
	for box := 4; box <= 6; box++ {
		g.choose("sail", 5, 5)
	}
	g.choose("sail", 5, 5, 5, 5) // home, the refit
	if g.rbDuelState().Active != 1 {
		t.Fatalf("A's patrol is over, but seat %d is active", g.rbDuelState().Active)
	}
	g.rbWho("hunters.torpedo_mix", "b", engine.Commander)
	g.rbLoad(4, 4, 5, 5)
	g.choose("sail", 5, 5)
	g.choose("sail", rbConvoy(rbDay)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth")
	g.rbWho("hunters.enemy_roll", "a", engine.Opponent)
}

// 13.1.2 with 9.2.2: the close-range approach is a roll "on the Escort
// Detection Chart [E2] (9.6) prior to firing torpedoes": one of the escort
// detection rolls the other player makes.
func TestS13_1_2TheOtherPlayerRollsTheCloseApproach(t *testing.T) {
	g := rbDuel(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, rbDuelSetup...)
	g.rbLoad(4, 4, 5, 5)
	g.choose("sail", 5, 5)
	g.choose("sail", rbConvoy(rbDay)...)
	g.choose("attack")
	g.choose("close")
	g.rbWho("hunters.enemy_roll", "b", engine.Opponent)
	rbRoll(t, firstRoll(t, g.choose("roll", 2, 2), "E2", ""), 4, 5, "undetected")
	g.rbWho("hunters.weapon", "a", engine.Commander)
}

// 13.1.2: "rolling for ... air attacks": the aircraft's attack on E3 is the
// enemy's roll; the flak is the U-boat's ("The U-Boat fires its Flak guns",
// 9.8.3), rolled with its own player's move.
func TestS13_1_2TheOtherPlayerRollsTheAirAttack(t *testing.T) {
	g := rbDuel(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, rbDuelSetup...)
	// P1 4+4; box 1: Biscay 2+2: aircraft; A1 2+3: one attack; flak 2+2: damaged.
	n := len(g.all)
	g.rbLoad(4, 4, 2, 2, 2, 3, 2, 2)
	if rs := rolls(g.all[n:], "E3", ""); len(rs) != 0 {
		t.Fatalf("the air attack was rolled without B: %+v", rs)
	}
	if rs := rolls(g.all[n:], "A2", ""); len(rs) != 1 {
		t.Fatalf("the flak is A's roll: %+v", rs)
	}
	g.rbWho("hunters.enemy_roll", "b", engine.Opponent)
	// E3 1+1 +2 = 4: one hit, E4 33; the automatic crew injury, who 6, LW.
	evs := g.choose("roll", 1, 1, 3, 3, 3, 3, 1)
	firstRoll(t, evs, "E3", "Air attack")
	if rs := rolls(evs, "A2", ""); len(rs) != 0 {
		t.Fatalf("B's Roll fired A's flak: %+v", rs)
	}
}

// 13.1.2 and 14.8.3: "If Evasive Maneuvers are used (Optional, 14.8), the
// current U-Boat player will decide which evasive maneuver to use, while the
// other player will choose a direction for the escorts before both are
// revealed" — "both players secretly choose direction".
func TestS13_1_2EvasiveManeuversChosenInSecret(t *testing.T) {
	g := rbDuel(t, map[string]string{"boat": "VIIC", "start": "1941-03", "rules": "14.8"}, rbDuelSetup...)
	g.rbLoad(4, 4, 5, 5)
	g.choose("sail", 5, 5)
	g.choose("sail", rbConvoy(rbDay)...)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.choose("hold_depth")
	g.choose("roll", 4, 4) // detected
	g.rbWho("hunters.evasive", "a", engine.Commander)
	if !g.prompt().Secret {
		t.Fatalf("the U-boat's evasive pick is not secret")
	}
	evs := g.choose("n1")
	for _, e := range evs {
		if strings.Contains(e.Text, "1 (left)") {
			t.Fatalf("A's pick shown before B chose: %q", e.Text)
		}
	}
	p := g.prompt()
	if p.Seat != "b" || !p.Secret {
		t.Fatalf("the escorts' pick: seat %q secret %v, want B's, secret", p.Seat, p.Secret)
	}
	// B picks 2 (left): same direction, +1 hit; E3 1+3 = 4 → 1 +1 = 2 hits.
	evs = g.choose(g.keys()[1], 1, 3, 3, 3, 3, 3)
	if !said(evs, "Revealed together") {
		t.Fatalf("the picks are not revealed together:\n%s", dump(evs))
	}
	if n := len(rolls(evs, "E4", "Damage")); n != 2 {
		t.Fatalf("hits %d, want 2 (one +1 for the same direction)", n)
	}
}

// 13.1.3: "The player with the most tonnage sunk wins." A sinks nothing; B
// sinks Hurunui (9,300 t); both stop at the agreed end date.
func TestS13_1_3MostTonnageWins(t *testing.T) {
	g := rbDuel(t, map[string]string{"boat": "VIIC", "start": "1941-03", "end": "1941-03"}, rbDuelSetup...)
	g.rbLoad(4, 4, 5, 5)
	for box := 2; box <= 6; box++ {
		g.choose("sail", 5, 5)
	}
	g.choose("sail", 5, 5, 5, 5)
	// B: a lone ship at box 3, sunk by one torpedo (U3 1: four points).
	g.rbLoad(4, 4, 5, 5)
	g.choose("sail", 5, 5)
	g.choose("sail", rbShip(rbDay)...)
	g.choose("attack")
	g.choose("close")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 3, 3, 6, 1)
	g.expect("hunters.reload_forward") // Hurunui sank: the encounter is over
	g.choose(g.keys()[0])
	for box := 4; box <= 6; box++ {
		g.choose("sail", 5, 5)
	}
	g.choose("sail", 5, 5, 5, 5)
	o := g.outcome()
	if o == nil {
		t.Fatalf("the duel goes on: %s", g.where())
	}
	if o.Score != 9300 || !strings.Contains(o.Summary, "B") || o.Level == "draw" {
		t.Fatalf("outcome %+v, want B the winner with 9,300 t", o)
	}
}
