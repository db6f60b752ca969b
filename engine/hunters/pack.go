package hunters

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// A career sailing in a Wolfpack tournament (13.5). The boat plays its
// patrol as usual, but where 13.5 makes the pack act together it stops and
// waits (Pack.Wait) for the pack, which the wolfpack package runs: at the
// first Atlantic box (13.5.3), after each later encounter roll, before each
// round of a pack battle's attack (13.5.4), and between the battle's rounds
// (13.5.5). The tournament is this one patrol: a boat home, aborted and home,
// or lost is done (13.5.6).

// PackMember is a career's place in its wolfpack.
type PackMember struct {
	// ConvoyDone: the first Atlantic box's automatic convoy (13.5.3) is behind.
	ConvoyDone bool `json:"convoy_done,omitempty"`
	// Wait is what the boat waits for: "convoy" (13.5.3), "encounter" (its
	// encounter roll, Result, is held for the pack), "join" (to join the
	// battle on its second round), "round" (to attack in the battle's round,
	// 13.5.4) or "next" (the battle's next round); "" when it is not waiting.
	Wait   string `json:"wait,omitempty"`
	Result string `json:"result,omitempty"`
	// Round is the pack battle round the boat fights (0: not in a battle),
	// and DRM its detection modifier for the round (13.5.4).
	Round int `json:"round,omitempty"`
	DRM   int `json:"drm,omitempty"`
}

// packRounds is how many rounds the pack fights a convoy (13.5.5).
const packRounds = 3

// Pack is the actor of a career's waits: the wolfpack answers them itself.
const Pack engine.Actor = "pack"

func init() {
	decisions[phPackWait] = &decision{
		kind: "pack_wait", cas: "13.5", actor: Pack,
		text: func(s *State) string { return "Waiting for the wolfpack (" + s.Pack.Wait + ")." },
		options: func(s *State) []engine.Option {
			return s.optsOf(engine.Option{Key: "wait", Label: "Wait for the pack", Case: "13.5"})
		},
		answer: func(*State, string) {},
	}
	decisions[phPackJoin] = &decision{
		kind: "pack_join", cas: "13.5.5",
		text: func(s *State) string {
			if s.Pack.Result == "none" {
				return "The pack has found a convoy. Join its attack on the second round of combat (13.5.5)?"
			}
			return fmt.Sprintf("The pack has found a convoy, and you a %s. Leave the pack to prosecute your own target, or join its attack on the second round (13.5.5)?", pretty(s.Pack.Result))
		},
		options: func(s *State) []engine.Option {
			own := "Stay on your own course"
			if s.Pack.Result != "none" {
				own = "Prosecute your own " + pretty(s.Pack.Result)
			}
			return s.optsOf(
				engine.Option{Key: "join", Label: "Join the pack on the second round", Case: "13.5.5"},
				engine.Option{Key: "own", Label: own, Case: "13.5.5"},
			)
		},
		answer: func(s *State, key string) {
			if key == "join" {
				s.packWait("join")
				return
			}
			s.resolveOwn()
		},
	}
	steps[phPackNext] = func(s *State) { s.packWait("next") }
}

// inPack reports whether the boat acts with its pack: aborting boats sail
// home on their own (they may start no combat, 10.8.4).
func (s *State) inPack() bool {
	return s.Pack != nil && s.Over == nil && s.Patrol != nil && !s.Patrol.Aborting
}

func (s *State) packWait(what string) {
	s.Pack.Wait = what
	s.Phase = phPackWait
}

// packBoxRoll takes over a box's encounter roll in a pack (13.5.3, 13.5.5);
// it reports whether it did.
func (s *State) packBoxRoll() bool {
	if !s.inPack() {
		return false
	}
	p := s.Patrol
	if !s.Pack.ConvoyDone {
		if p.Boxes[p.Pos] != p.Area {
			return false // 13.5.2: the transit boxes are sailed alone
		}
		s.Pack.ConvoyDone = true
		p.RollsLeft--
		s.say("13.5.3", func() string {
			return fmt.Sprintf("The first %s box: the pack meets a convoy (no encounter roll).", assignmentLabel(p.Area))
		})
		s.packWait("convoy")
		return true
	}
	return false
}

// holdForPack keeps an encounter roll's result for the pack (13.5.5); it
// reports whether it did.
func (s *State) holdForPack(result string) bool {
	if !s.inPack() || !s.Pack.ConvoyDone {
		return false
	}
	s.Pack.Result = result
	s.packWait("encounter")
	return true
}

// resolveOwn plays a held encounter result alone.
func (s *State) resolveOwn() {
	result := s.Pack.Result
	s.Pack.Result, s.Pack.Wait = "", ""
	s.startEncounter(result, false)
}

// inPackBattle reports whether the boat fights a round of a pack battle.
func (s *State) inPackBattle() bool { return s.Pack != nil && s.Pack.Round > 0 && s.Enc != nil }

// packAfterOptions are the choices after a round of a pack battle: the pack
// follows the convoy automatically for three rounds (13.5.5).
func (s *State) packAfterOptions() []engine.Option {
	out := s.opts()
	if s.Pack.Round < packRounds && s.canAttack(true, true) { // the convoy is escorted
		out = append(out, engine.Option{Key: "continue", Label: fmt.Sprintf("Stay with the pack for round %d (following is automatic)", s.Pack.Round+1), Case: "13.5.5"})
	}
	return append(out, engine.Option{Key: "leave", Label: "Break off and sail on", Case: "9.7.1"})
}

// PackWait says what the career waits for from its pack ("" when nothing),
// the encounter it holds, and the battle round it fights.
func (s *State) PackWait() (wait, result string, round int) {
	if s.Pack == nil || s.Phase != phPackWait {
		return "", "", 0
	}
	return s.Pack.Wait, s.Pack.Result, s.Pack.Round
}

// InPack reports whether the career still acts with its pack.
func (s *State) InPack() bool { return s.inPack() }

// PackAction is what the wolfpack does with a waiting career.
type PackAction struct {
	// Kind: "battle" (fight round Round of the pack battle: a fresh convoy
	// for a boat that was not in it, automatic following for one that was),
	// "attack" (attack now with detection modifier DRM, 13.5.4), "offer"
	// (ask the boat to join on the second round, 13.5.5), "own" (resolve its
	// held encounter alone) or "release" (the battle is over).
	Kind  string
	Round int
	DRM   int
}

// PackResume acts on a waiting career and runs it on to its next decision.
func (s *State) PackResume(a PackAction, d engine.Dice, record bool) (events []engine.Event, err error) {
	if s.Phase != phPackWait {
		return nil, fmt.Errorf("hunters: %s does not wait for its pack", s.Boat.Number)
	}
	s.running(d, record)
	defer s.ran(&events, &err)
	s.Decision++ // the career's prompt changes
	wait := s.Pack.Wait
	s.Pack.Wait = ""
	switch a.Kind {
	case "battle":
		s.Pack.Round = a.Round
		if wait == "next" && s.Enc != nil {
			s.packFollow()
		} else {
			s.Pack.Result = ""
			s.say("13.5.5", func() string {
				return fmt.Sprintf("%s attacks the convoy with the pack (round %d of %d).", s.Boat.Number, a.Round, packRounds)
			})
			s.startShips("convoy")
		}
	case "attack":
		s.Pack.DRM = a.DRM
		s.beginAttack()
	case "offer":
		s.Phase = phPackJoin
	case "own":
		s.resolveOwn()
	case "release":
		s.Pack.Round, s.Pack.DRM = 0, 0
		s.note("13.5.5", "The pack's battle is over.")
		s.Phase = phEncEnd
	default:
		return nil, fmt.Errorf("hunters: no pack action %q", a.Kind)
	}
	s.advance()
	return s.run.events, nil
}

// packFollow is the pack's automatic following (13.5.5): 9.7.7's fresh
// convoy without its contact roll.
func (s *State) packFollow() {
	e := s.Enc
	e.newRound()
	s.say("13.5.5", func() string {
		return fmt.Sprintf("The pack follows the convoy: round %d of %d.", s.Pack.Round, packRounds)
	})
	e.G7aByDay, e.Wolfpack, e.WolfRolled, e.MustFire, e.Torpedoed = false, 0, false, false, false
	e.Arrived, e.Submerged = false, false
	e.CombatRound = 0
	s.freshConvoy(e)
	s.rollDayNight() // 9.7.5
	s.Phase = phEngage
}

// joinable reports whether a held encounter lets its boat join the pack's
// battle on the second round (13.5.5): nothing, or a ship it may forgo.
func joinable(result string) bool {
	return result == "none" || strings.Contains(result, "ship") || result == "tanker"
}

// Joinable is joinable for the wolfpack package.
func Joinable(result string) bool { return joinable(result) }
