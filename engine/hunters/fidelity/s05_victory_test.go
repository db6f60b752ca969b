package fidelity

import (
	"fmt"
	"strings"
	"testing"
)

// ship is one convoy ship's dice: its size face (8.2.1) and its roster roll's
// tens and ones faces (8.2.2).
type ship struct{ size, tens, ones int }

var (
	empress    = ship{4, 3, 4}   // T2 34 Empress of Britain 42,300 t
	aenos      = ship{1, 2, 6}   // T1 26 Aenos 3,600 t
	aviemore   = ship{1, 10, 7}  // T1 07 Aviemore 4,000 t
	kyleglen   = ship{1, 3, 10}  // T1 30 Kyleglen 3,700 t
	stakesby   = ship{1, 1, 9}   // T1 19 Stakesby 4,000 t
	calchas    = ship{4, 4, 5}   // T2 45 Calchas 10,300 t
	narragan   = ship{6, 10, 10} // T3 100 Narragansett 10,400 t
	kafiristan = ship{1, 10, 8}  // T1 08 Kafiristan 5,000 t
	daphne     = ship{1, 3, 3}   // T1 33 Daphne 2,000 t
)

// convoyFaces are the dice of a convoy's identification: four sizes, four
// roster rolls, then the time of day (3 = day).
func convoyFaces(ships [4]ship) []int {
	var out []int
	for _, s := range ships {
		out = append(out, s.size)
	}
	for _, s := range ships {
		out = append(out, s.tens, s.ones)
	}
	return append(out, 3)
}

// convoyJun43 starts a VIIC in Jun-43 (rank roll 1, P1 7 = Atlantic), sails
// quietly to box 3 and meets a convoy of ships by day.
func convoyJun43(t *testing.T, ships [4]ship) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1943-06"}, 1)
	g.stow("", 3, 4, 4, 4) // box 1 Bay of Biscay: 8 - 2 (1943) = 6 → none
	g.choose("sail", 4, 4) // box 2 Transit: none
	g.choose("sail", fs(3, 3, convoyFaces(ships))...)
	g.expect("hunters.engage")
	return g
}

// sinkFirst fires one forward torpedo at each of the first n targets, each a
// hit (2+2 at medium range), no dud (3) and 4 damage points (U3 1): each sinks.
func sinkFirst(g *game, n int) {
	g.t.Helper()
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	for i := 1; i < n; i++ {
		g.choose(fmt.Sprintf("t%d", i))
	}
	var faces []int
	for i := 0; i < n; i++ {
		faces = append(faces, 2, 2, 3, 1)
	}
	if n < 4 {
		g.choose(fmt.Sprintf("t%d", n))
		g.choose("fire", faces...)
	} else {
		g.choose("t4", faces...)
	}
	g.expect("hunters.test_depth")
}

// homeFromBox3 escapes the escorts (natural 2, 9.6.7), leaves the convoy and
// sails the rest of the Jun-43 Atlantic patrol quietly home.
func homeFromBox3(g *game) {
	g.t.Helper()
	g.choose("hold_depth", 1, 1)
	g.breakOff()
	g.choose("sail", 4, 4) // box 4
	g.choose("sail", 4, 4) // box 5
	g.choose("sail", 4, 4) // box 6
	// box 7 Transit, box 8 Bay of Biscay (8 - 2 = 6): home; the refit's
	// final promotion roll (11.2.3, 6/43): 6 = not promoted; then the end.
	sailHomeJun43(g)
}

// sailHomeJun43 sails boxes 7 and 8 (none) and ends the Jun-43 refit.
func sailHomeJun43(g *game) {
	g.t.Helper()
	if _, err := g.try("sail", 4, 4, 4, 4); err != nil {
		if !ranOut(err) {
			g.t.Fatalf("sailing home: %v", err)
		}
		g.choose("sail", 4, 4, 4, 4, 6) // the final promotion roll: 6
	}
	endJun43Refit(g)
}

// endJun43Refit answers the last refit: a Knight's Cross holder may be asked
// about a newer boat first (11.4.3: saved), then the final promotion roll
// (11.2.3, 6/43) is a 6: not promoted.
func endJun43Refit(g *game) {
	g.t.Helper()
	if g.kind() == "hunters.upgrade" {
		g.choose("save", 6)
		return
	}
}

// 5.2.2: "DEFEAT: 0-49,999 tons sunk ... DRAW: 50,000-99,999 ... MARGINAL
// VICTORY: 100,000-149,999 ... SUBSTANTIAL VICTORY: 150,000-199,999 ...
// DECISIVE VICTORY: 200,000+". 5.2.1: "add up the total tonnage of ships sunk
// during your career". 5.1.4: "Once the game has ended, you can determine
// victory."
func TestS5_2_2VictoryLevelsByTonnage(t *testing.T) {
	for _, c := range []struct {
		name  string
		ships [4]ship
		sink  int
		tons  int
		level string
	}{
		{"49900", [4]ship{empress, aenos, aviemore, daphne}, 3, 49900, "defeat"},
		{"50000", [4]ship{empress, kyleglen, stakesby, daphne}, 3, 50000, "draw"},
		{"99900", [4]ship{empress, empress, calchas, kafiristan}, 4, 99900, "draw"},
		{"100000", [4]ship{empress, empress, narragan, kafiristan}, 4, 100000, "marginal_victory"},
		{"126900", [4]ship{empress, empress, empress, daphne}, 3, 126900, "marginal_victory"},
		{"169200", [4]ship{empress, empress, empress, empress}, 4, 169200, "substantial_victory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := convoyJun43(t, c.ships)
			sinkFirst(g, c.sink)
			homeFromBox3(g)
			o := g.outcome()
			if o == nil {
				t.Fatalf("the game goes on after Jun-43 (5.1.2): %s", g.where())
			}
			if o.Score != c.tons || o.Level != c.level {
				t.Errorf("outcome %d t %s, want %d t %s", o.Score, o.Level, c.tons, c.level)
			}
		})
	}
}

// 5.2.2: "DECISIVE VICTORY: 200,000+ tons sunk" — two convoys of four.
func TestS5_2_2DecisiveVictory(t *testing.T) {
	four := [4]ship{empress, empress, empress, empress}
	g := convoyJun43(t, four)
	sinkFirst(g, 4)
	g.choose("hold_depth", 1, 1)
	// Follow: reload the forward tubes (a choice of types may be asked),
	// then 1d6 1 = contact and a fresh convoy.
	g.breakOff()
	g.choose("sail", fs(3, 3, convoyFaces(four))...) // box 4: another convoy
	sinkFirst(g, 4)
	g.choose("hold_depth", 1, 1)
	g.breakOff()
	g.choose("sail", 4, 4) // box 5
	g.choose("sail", 4, 4) // box 6
	sailHomeJun43(g)
	o := g.outcome()
	if o == nil {
		t.Fatalf("the game goes on: %s", g.where())
	}
	if o.Score != 8*42300 || o.Level != "decisive_victory" {
		t.Errorf("outcome %d t %s, want %d t decisive_victory", o.Score, o.Level, 8*42300)
	}
}

// 5.2.2: "Note: the moment your U-Boat is captured due to unsuccessful scuttle
// attempt, this results in an automatic “Defeat,” regardless of tonnage amount
// for ships sunk." (Flooding to the last space forces the scuttle, 10.1.2; a
// 12 fails it, 10.9.2.)
func TestS5_2_2CapturedIsDefeatWhateverTheTonnage(t *testing.T) {
	g := convoyJun43(t, [4]ship{empress, empress, empress, empress})
	sinkFirst(g, 4)
	// E2 3+3 +3 (1943) +1 (G7a by day) = 10: detected. E3 5+6 +1 (1943) = 12:
	// 5 hits. E4 54 (flooding x2) four times fills the 8-space track; scuttle
	// 2d6 12: captured.
	g.choose("hold_depth", 3, 3, 5, 6, 5, 4, 5, 4, 5, 4, 5, 4, 6, 6)
	o := g.outcome()
	if o == nil {
		t.Fatalf("the game goes on after a capture: %s\n%s", g.where(), dump(tail(g.all, 12)))
	}
	if o.Score != 169200 || o.Level != "defeat" {
		t.Errorf("captured with 169,200 t sunk: %d t, level %s; want the tonnage kept and defeat", o.Score, o.Level)
	}
}

// 5.2.3: "Should you be killed in action as Kommandant, you still
// (posthumously) determine your victory level. The same applies if you are
// taken prisoner." A successful scuttle (10.9.2: 2-11) makes the crew
// prisoners: the tonnage decides.
func TestS5_2_3PrisonerStillScoresHisTonnage(t *testing.T) {
	g := convoyJun43(t, [4]ship{empress, empress, empress, empress})
	sinkFirst(g, 4)
	g.choose("hold_depth", 3, 3, 5, 6, 5, 4, 5, 4, 5, 4, 5, 4, 2, 2)
	o := g.outcome()
	if o == nil {
		t.Fatalf("the game goes on after the scuttle: %s\n%s", g.where(), dump(tail(g.all, 12)))
	}
	if o.Score != 169200 || o.Level != "substantial_victory" {
		t.Errorf("prisoner with 169,200 t: %d t %s, want substantial_victory", o.Score, o.Level)
	}
}

// 5.1.3: "The game immediately ends, regardless of date, should you as
// Kommandant be killed in action". 5.2.3: the victory level is still
// determined (posthumously). Here R1 2 (Man Overboard) takes the Kommandant
// (crewman roll 1) in box 4, after two ships are sunk.
func TestS5_1_3KommandantKilledEndsTheGameAtOnce(t *testing.T) {
	g := convoyJun43(t, [4]ship{empress, empress, daphne, daphne})
	sinkFirst(g, 2)
	g.choose("hold_depth", 1, 1)
	g.breakOff()
	g.choose("sail", 6, 6, 1, 1, 1) // box 4: natural 12 → R1 2 → crewman 1
	o := g.outcome()
	if o == nil {
		t.Fatalf("the game goes on after the Kommandant's death: %s", g.where())
	}
	if o.Score != 84600 || o.Level != "draw" {
		t.Errorf("killed with 84,600 t: %d t %s, want a (posthumous) draw", o.Score, o.Level)
	}
	if g.state.Pending() != nil {
		t.Error("a prompt is pending after the end")
	}
}

// 5.1.1: "The game ends upon completion of your final patrol leading up to or
// through June 1943—no patrol assignments are conducted after June 1943."
// An Apr-43 patrol with its one-month refit (May-43) leads to a Jun-43 patrol
// (10.10.4: "The first month beyond the Refit period indicates the start
// date for the next patrol"); a May-43 patrol's refit (Jun-43) ends the game.
func TestS5_1_1LastPatrolsOf1943(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1943-04"}, 1)
	g.stow("", 3, 4, 4, 4)
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	g.choose("sail", 4, 4, 4, 4)  // home, refit
	evs := g.stow("", 3, 4, 4, 4) // the next load, then P1 for Jun-43
	if g.outcome() != nil || !said(evs, "Patrol assignment for Jun-43") {
		t.Fatalf("after an Apr-43 patrol, want a Jun-43 patrol:\n%s", dump(evs))
	}

	g = career(t, map[string]string{"boat": "VIIC", "start": "1943-05"}, 1)
	g.stow("", 3, 4, 4, 4)
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	evs = g.choose("sail", 4, 4, 4, 4, 6) // home, refit (final promotion roll 6)
	if g.outcome() == nil {
		t.Fatalf("the game goes on after a May-43 patrol: %s\n%s", g.where(), dump(evs))
	}
	if len(rolls(evs, "P1", "")) != 0 {
		t.Errorf("a patrol assignment was rolled for Jul-43:\n%s", dump(evs))
	}
}

// 5.1.2 as above: a Jun-43 patrol's refit brings the next patrol to Jul-43 or
// later: the game ends without a P1 roll.
func TestS5_1_2NoPatrolAfterJune43(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1943-06"}, 1)
	g.stow("", 3, 4, 4, 4)
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	evs := g.choose("sail", 4, 4, 4, 4, 6) // home; final promotion roll 6
	if g.outcome() == nil {
		t.Fatalf("the game goes on after the Jun-43 patrol: %s\n%s", g.where(), dump(evs))
	}
	if len(rolls(evs, "P1", "")) != 0 {
		t.Errorf("a patrol assignment was rolled after Jun-43:\n%s", dump(evs))
	}
	if err := setupErr(t, map[string]string{"boat": "VIIC", "start": "1943-07"}); err == nil {
		t.Error("a career starting Jul-43 was accepted: no patrol is conducted after June 1943")
	}
}

// 5.1.2 with 10.10: a May-43 patrol whose refit takes two months (hull damage
// from R1 3, Caught Unawares) brings the next patrol past June 1943: the game
// ends.
func TestS5_1_2LongRefitFromMay43EndsTheGame(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1943-05"}, 1)
	// box 1: natural 12 → R1 1+2 = 3 Caught Unawares; E3 4+3 +2 air +1 1943 =
	// 10 → 3 hits, each E4 33 (hull); the automatic injury: who 6+6 (the
	// Abwehr agent, not aboard).
	g.stow("", 3, 4, 6, 6, 1, 2, 4, 3, 3, 3, 3, 3, 3, 3, 6, 6)
	if got := field(g.view("status"), "Hull"); got != "3 of 8" {
		t.Fatalf("hull %q after three hull hits", got)
	}
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	evs := g.choose("sail", 4, 4, 4, 4, 6) // home; final promotion roll 6
	if g.outcome() == nil {
		t.Fatalf("the game goes on: %s\n%s", g.where(), dump(evs))
	}
	if !strings.Contains(strings.ToLower(dump(evs)), "refit") {
		t.Errorf("no refit computed before the end:\n%s", dump(evs))
	}
}

// 5.1.2: "If it is determined after calculating the Refit Period that your next
// patrol assignment would commence after June 1943, the game ends" (6.1 step
// 3A: "Note: if the next patrol start date is after Jun-43, the game ends").
// A Knight's Cross won in Jun-43 brings no 11.4.3 request for a newer boat
// that would never sail; only 11.2.3's final promotion roll is made.
func TestS5_1_2NoNewerBoatAskedWhenTheWarIsOver(t *testing.T) {
	g := convoyJun43(t, [4]ship{empress, empress, empress, empress})
	sinkFirst(g, 4)
	g.choose("hold_depth", 1, 1)
	g.breakOff()
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	evs := g.choose("sail", 4, 4, 4, 4, 6) // home; the final promotion roll
	if g.kind() == "hunters.upgrade" {
		t.Fatalf("a newer boat is offered after the war's end: %s", g.where())
	}
	if g.outcome() == nil {
		t.Fatalf("the game goes on: %s", g.where())
	}
	if !said(evs, "Knight's Cross") || len(rolls(evs, "", "Final promotion")) != 1 {
		t.Errorf("the last refit:\n%s", dump(evs))
	}
}
