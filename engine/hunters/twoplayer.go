package hunters

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// The two-player game (13.1): while one player runs his boat, the other
// rolls for the enemy — escort detection, depth charges and air attacks
// (13.1.2) — by pressing Roll on a prompt addressed to him, and with evasive
// maneuvers both pick a number in secret (14.8.3).

func init() {
	decisions[phEnemyRoll] = &decision{
		kind: "enemy_roll", cas: "13.1.2", actor: engine.Opponent,
		text: func(s *State) string { return s.enemyRollText() },
		options: func(s *State) []engine.Option {
			return s.optsOf(engine.Option{Key: "roll", Label: "Roll", Case: "13.1.2"})
		},
		answer: func(s *State, _ string) {
			s.GateOpen = true
			s.Phase = s.Gate
		},
	}
	decisions[phEscortPick] = &decision{
		kind: "escort_direction", cas: "14.8.3", actor: engine.Opponent, secret: true,
		text: func(s *State) string {
			return fmt.Sprintf("The escorts hunt %s: pick their number in secret. 1-2 left, 3-4 right, 5-6 straight. The very number of the U-boat's maneuver: +3 hits; its direction: +1; another direction: -1.", s.Boat.Number)
		},
		options: func(s *State) []engine.Option {
			out := s.opts()
			for i := 1; i <= 6; i++ {
				out = append(out, engine.Option{Key: numberedKey('n', i), Label: s.text(func() string { return fmt.Sprintf("%d (%s)", i, s.evasiveDirection(i)) }), Case: "14.8.3"})
			}
			// Rolling is what an absent or auto-rolling enemy does (14.8).
			return append(out, engine.Option{Key: "roll", Label: "Let the die choose (1d6)", Case: "14.8"})
		},
		answer: func(s *State, key string) {
			s.Enc.EscortPick = 0 // "roll": the escort direction is rolled as in solitaire
			if key != "roll" {
				s.Enc.EscortPick, _ = strconv.Atoi(key[1:])
			}
			// Picking the number is the escorts' move: the attack rolls at once.
			s.Gate, s.GateOpen = phDCRoll, true
			s.Phase = phDCRoll
		},
	}
}

// enemyGate holds an enemy roll for the other player's Roll in a two-player
// game; it reports whether the step must wait. Called first in a step, before
// the step changes anything, so the step runs whole once he has pressed.
func (s *State) enemyGate() bool {
	if !s.Settings.TwoPlayer {
		return false
	}
	if s.GateOpen && s.Gate == s.Phase {
		s.Gate, s.GateOpen = phNone, false
		return false
	}
	s.Gate, s.GateOpen = s.Phase, false
	s.Phase = phEnemyRoll
	return true
}

func (s *State) enemyRollText() string {
	what := map[Phase]string{
		phDetectRoll:     "the escorts' detection roll [E2] (9.6.7)",
		phPreDet:         "the escorts' detection roll as the boat closes in [E2] (9.2.2)",
		phDCRoll:         "the depth-charge attack [E3] and the damage it does [E4] (9.6.8, 9.6.9)",
		phAirAttack:      "the aircraft's attacks [E3] and the damage they do [E4] (9.8.2)",
		phCaughtUnawares: "the surprise aircraft's attack [E3] (12.1)",
		phFlakSecond:     "the aircraft's strafing and its second bombing [E3] (11.4.7)",
	}[s.Gate]
	if what == "" {
		what = "the enemy's roll"
	}
	return fmt.Sprintf("You are the enemy of %s: roll %s.", s.Boat.Number, what)
}

// evasiveDirection names the direction of a maneuver or escort number (14.8).
func (s *State) evasiveDirection(n int) string {
	row, ok := s.pack.Rules.Table("evasive_escort_direction").Rows.Find(n)
	if !ok {
		return "?"
	}
	return row.Result
}
