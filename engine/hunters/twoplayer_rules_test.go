package hunters

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// 13.1.2: in a two-player game the other player rolls the escorts' detection
// and depth charges: each waits on a Roll prompt addressed to him, which is
// never taken for him even though it is his only option.
func TestTwoPlayerEnemyPressesRollForDetectionAndDepthCharges(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Settings.TwoPlayer = true
	evs := choose(t, s, "hold_depth")
	if findRoll(evs, "E2", "") != nil || s.Phase != phEnemyRoll {
		t.Fatalf("the detection roll must wait for the enemy; phase %s", s.Phase)
	}
	p := s.Pending()
	if p.Actor != engine.Opponent || len(p.Options) != 1 || p.Options[0].Key != "roll" || p.Case != "13.1.2" || !strings.Contains(p.Text, "E2") {
		t.Fatalf("enemy prompt %+v", p)
	}
	// 4+4 = 8 +1 (1941) = 9: detected; the depth charges wait for him too.
	evs = choose(t, s, "roll", 4, 4)
	if r := findRoll(evs, "E2", ""); r == nil || r.Result != "detected" {
		t.Fatalf("E2 %+v", r)
	}
	if s.Phase != phEnemyRoll || s.Gate != phDCRoll {
		t.Fatalf("depth charges: phase %s gate %s", s.Phase, s.Gate)
	}
	// E3 1+1 = 2 +0 = no hit; back to the commander's test-depth decision.
	evs = choose(t, s, "roll", 1, 1)
	if findRoll(evs, "E3", "") == nil || s.Pending().Actor != engine.Commander {
		t.Fatalf("after the attack: phase %s\n%s", s.Phase, dump(evs))
	}
}

// 14.8.3: both players pick their number in secret; the commander's choice is
// logged without its answer, and both are revealed together before E3.
func TestTwoPlayerEvasiveManeuversAreSecretAndRevealedTogether(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Settings.TwoPlayer = true
	if err := s.Settings.Switch("14.8", true); err != nil {
		t.Fatal(err)
	}
	choose(t, s, "hold_depth")
	choose(t, s, "roll", 4, 4) // detected
	p := s.Pending()
	if p.Kind != "hunters.evasive" || !p.Secret || p.Actor != engine.Commander {
		t.Fatalf("evasive prompt %+v", p)
	}
	evs := choose(t, s, "n3")
	for _, e := range evs {
		if e.Kind == engine.KindChoice && (strings.Contains(e.Text, "n3") || strings.Contains(e.Text, "right")) {
			t.Fatalf("the secret maneuver shows in the log: %q", e.Text)
		}
	}
	p = s.Pending()
	if p.Kind != "hunters.escort_direction" || !p.Secret || p.Actor != engine.Opponent {
		t.Fatalf("escort prompt %+v", p)
	}
	// The escorts pick 4 (right, as the maneuver's 3): +1 hit. E3 3+3 = 6 +0 = 1 hit → 2 hits; E4 3,2 twice.
	evs = choose(t, s, "n4", 3, 3, 3, 2, 3, 2)
	revealed := false
	for _, e := range evs {
		if e.Case == "14.8.3" && strings.Contains(e.Text, "evades 3 (right)") && strings.Contains(e.Text, "chose 4 (right)") {
			revealed = true
		}
	}
	if !revealed || findRoll(evs, "E3", "") == nil || s.Enc.Incoming != 2 {
		t.Fatalf("reveal and attack:\n%s", dump(evs))
	}
}

// 13.1.2: air attacks too; a crash dive needs no enemy. The U-boat's flak is
// the U-boat's own (9.8.3: "The U-Boat fires its Flak guns"): it is rolled
// with its player's move, never under the enemy's Roll, who rolls "for
// Escort Detection attacks, damage, and air attacks" only.
func TestTwoPlayerEnemyRollsTheAirAttack(t *testing.T) {
	s := airAt(t, "VIIC", "1941-03", "")
	s.Settings.TwoPlayer = true
	// A1 2: one attack; the boat's flak 6+6 misses.
	evs := run(t, s, []int{1, 1, 6, 6}, func() { s.startAir(false); s.advance() })
	if r := findRoll(evs, "A2", ""); r == nil || r.Result != "miss" {
		t.Fatalf("the flak is the U-boat player's roll:\n%s", dump(evs))
	}
	if s.Phase != phEnemyRoll || s.Gate != phAirAttack || findRoll(evs, "E3", "") != nil {
		t.Fatalf("phase %s gate %s", s.Phase, s.Gate)
	}
	// E3 1+1 +2 = 4: 1 hit, E4 3,2; crew injury 3+3, 1; the shadowing
	// aircraft's Add'l Round 3+4 brings nothing.
	evs = choose(t, s, "roll", 1, 1, 3, 2, 3, 3, 1, 3, 4)
	if findRoll(evs, "E3", "Air attack") == nil {
		t.Fatalf("no air attack:\n%s", dump(evs))
	}
	if r := findRoll(evs, "A2", ""); r != nil {
		t.Fatalf("the enemy's Roll fired the U-boat's flak: %s", r)
	}
}

// 9.8.3: the flak is simultaneous with the first attack, so an aircraft the
// U-boat's player shoots down still makes that attack, and not its second.
func TestTwoPlayerFlakShotDownStopsTheSecondAttack(t *testing.T) {
	s := airAt(t, "VIIC", "1941-03", "")
	s.Settings.TwoPlayer = true
	s.Crew.Quality = Green
	// A1 1+1 -1 green = 1: two attacks; flak 1+1 = 2: shot down.
	evs := run(t, s, []int{1, 1, 1, 1}, func() { s.startAir(false); s.advance() })
	if r := findRoll(evs, "A2", ""); r == nil || r.Result != "shot down" {
		t.Fatalf("flak:\n%s", dump(evs))
	}
	// The enemy rolls the one attack the aircraft makes: E3 1+1 +2 = 4: 1
	// hit, E4 3,2; crew injury 3+3, 1.
	evs = choose(t, s, "roll", 1, 1, 3, 2, 3, 3, 1)
	n := 0
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Chart == "E3" {
			n++
		}
	}
	if n != 1 || findRoll(evs, "A2", "") != nil {
		t.Fatalf("one attack and no flak under the enemy's Roll, got %d:\n%s", n, dump(evs))
	}
}

// 11.4.7, 13.1.2: a VIIC Flak staying surfaced fires its flak again with its
// player's choice; the aircraft's strafing and second bombing are the
// enemy's rolls.
func TestTwoPlayerFlakBoatSecondRound(t *testing.T) {
	s := airAt(t, "VIIC_Flak", "1943-06", "")
	s.Settings.TwoPlayer = true
	s.Phase = phFlakStay
	// Flak twice 6+6 -2 = 10: miss, miss.
	evs := choose(t, s, "fight", 6, 6, 6, 6)
	if r := findRoll(evs, "A2", ""); r == nil {
		t.Fatalf("the second round's flak is the U-boat player's:\n%s", dump(evs))
	}
	if s.Phase != phEnemyRoll || s.Pending().Actor != engine.Opponent || findRoll(evs, "R1", "") != nil || findRoll(evs, "", "bombs again") != nil {
		t.Fatalf("the strafing and bombing wait for the enemy: phase %s\n%s", s.Phase, dump(evs))
	}
	// Strafing: crew injury 3+3, 1; bombs again? 1d6 4: no; the shadowing
	// aircraft's Add'l Round 6+6 -2 (1943) = 10 brings nothing.
	evs = choose(t, s, "roll", 3, 3, 1, 4, 6, 6)
	if findRoll(evs, "A2", "") != nil || findRoll(evs, "", "bombs again") == nil {
		t.Fatalf("enemy's roll:\n%s", dump(evs))
	}
}
