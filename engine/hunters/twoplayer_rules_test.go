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

// 13.1.2: air attacks too; a crash dive needs no enemy.
func TestTwoPlayerEnemyRollsTheAirAttack(t *testing.T) {
	s := airAt(t, "VIIC", "1941-03", "")
	s.Settings.TwoPlayer = true
	run(t, s, []int{1, 1}, func() { s.startAir(false); s.advance() }) // A1 2: one attack
	if s.Phase != phEnemyRoll || s.Gate != phAirAttack {
		t.Fatalf("phase %s gate %s", s.Phase, s.Gate)
	}
	// Flak 6+6 misses; E3 1+1 +2 = 4: 1 hit, E4 3,2; crew injury 3+3, 1; the
	// shadowing aircraft's Add'l Round 3+4 brings nothing.
	evs := choose(t, s, "roll", 6, 6, 1, 1, 3, 2, 3, 3, 1, 3, 4)
	if findRoll(evs, "E3", "Air attack") == nil {
		t.Fatalf("no air attack:\n%s", dump(evs))
	}
}
