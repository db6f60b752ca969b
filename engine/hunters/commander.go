package hunters

import (
	"github.com/kaleun/kaleun/engine"
	"strconv"
	"strings"
)

// Command is the built-in commander: the option key a sensible Kommandant
// picks at the pending decision. It is deterministic and used by `kaleun sim`
// (and later for routine decisions a player hands over). Its policy:
//
//   - Loading: the mat's standard mix, G7a in the tubes, G7e in the reloads;
//     reloads G7a first (more accurate at range). The mix never depended on
//     the patrol area, so loading before the assignment (4.4.2, 6.1) changes
//     nothing; an (M) patrol's load, stowed again around the mines (7.4.2), is
//     chosen the same way.
//   - Patrol requests (11.2.1): North America, Caribbean, Atlantic, West
//     Africa, British Isles, then the rest; special missions last.
//   - Engaging: attacks everything while it has a weapon that can fire,
//     except an undamaged capital ship or any escorted target once the hull
//     is half gone; never tries to switch to night.
//   - Range and approach: medium range (long from 1942) and submerged against
//     escorts (a night surface attack only before 1941, when radar adds nothing
//     to detection);
//     close range and surfaced against unescorted ships (UZO and deck gun).
//   - Aiming: each torpedo or shell goes to the biggest ship that does not yet
//     have as many shots aimed at it as the damage it still needs to sink.
//   - Fire order against unescorted ships: forward tubes, aft tubes, deck gun.
//   - Escorts: never exceeds test depth; always spends Hals und Beinbruch
//     markers; evasive maneuvers pick 1 (the escort's die makes every number equal).
//   - After combat: follows damaged ships if the hull is less than half gone,
//     and convoys only undamaged with at least four torpedoes left; fights another
//     round against unescorted ships while it can fire; attacks at night after
//     following damaged ships.
//   - Aborts when nothing is left to fire, or when the hull is half gone or the
//     fuel tanks are damaged; takes resupply at sea when below half its load.
//   - Refit: asks for the newest standard model when it holds an upgrade request.
func Command(s *State) string {
	d := s.handler().dec
	if d == nil || s.Over != nil {
		return ""
	}
	return commandFrom(s, s.options(d))
}

// commandFrom is Command choosing from the decision's options, already
// built: the simulator hands it the options the rules stopped at. For a
// decision that tells its options without building them (aiming, the most
// frequent), opts is nil and the commander asks the decision instead.
func commandFrom(s *State, opts []engine.Option) string {
	if s.Phase == phAim {
		return s.commanderAim()
	}
	m := menu(opts)
	first := opts[0].Key
	hull, spaces := s.Boat.Hull, s.mat().HullSpaces
	hurt := hull*2 >= spaces
	switch s.Phase { // the decision's phase: a number, where its kind is a string
	case phLoadMix:
		return m.pick(numberedKey('e', s.mat().Torpedoes.G7e), first)
	case phLoadTubes:
		return m.pick("f0a0")
	case phReloadFwd, phReloadAft:
		return m.pick("e0")
	case phChoose:
		for _, k := range []string{"north_america", "caribbean", "atlantic", "atlantic_W", "west_african_coast", "british_isles", "spanish_coast", "norway", "arctic", "mediterranean"} {
			if m.has(k) {
				return k
			}
		}
		return first
	case phProceed:
		if (s.torpedoesAboard() == 0 && !s.gunReady()) || hurt || s.damaged(sysFuelTanks) {
			return m.pick("abort", "sail")
		}
		return "sail"
	case phAbortWay:
		return "back"
	case phResupply:
		if s.torpedoesAboard()*2 < s.mat().Torpedoes.Load && !hurt {
			return "resupply"
		}
		return "decline"
	case phEngage:
		e := s.Enc
		if !m.has("attack") || (e.Escorted && hurt) || (e.CapitalUndamaged() && hull > 0) {
			return m.pick("avoid", "sit_out")
		}
		return "attack"
	case phRange:
		if s.Enc.Escorted {
			if s.year() >= 1942 {
				return "long" // -1 to detection once radar and escorts improve
			}
			return "medium"
		}
		return "close"
	case phApproach:
		e := s.Enc
		if !e.Escorted || s.year() < 1941 {
			return m.pick("surfaced", "submerged")
		}
		return m.pick("submerged", "surfaced")
	case phWeapon:
		return m.pick("fwd", "aft", "gun", "done", "hold")
	case phTestDepth:
		return "hold_depth"
	case phHalsDetect, phHalsDC, phHalsAir:
		return "reroll"
	case phEvasive:
		return "n1"
	case phAfter:
		if m.has("continue") && !hurt {
			return "continue" // 13.5.5: stay with the pack
		}
		if !hurt {
			if m.has("follow_damaged") {
				return "follow_damaged"
			}
			if m.has("follow") && s.torpedoesAboard() >= 4 && hull == 0 && !s.anyDamaged() {
				return "follow"
			}
		}
		return m.pick("again", "leave")
	case phFollowPick:
		best, bestTons := first, -1
		for _, o := range opts {
			i, _ := strconv.Atoi(o.Key[1:])
			if t := s.Enc.Targets[i-1]; t.Tons > bestTons {
				best, bestTons = o.Key, t.Tons
			}
		}
		return best
	case phFollowTime:
		return "night"
	case phFlakStay:
		return "dive"
	case phEscortPick:
		return "roll" // the other player's pick in a two-player game: the die, as in solitaire (14.8)
	case phUpgrade:
		best := "save"
		for _, o := range opts {
			if o.Key != "save" && s.pack.Mats.Boats[o.Key].Limited == "" {
				best = o.Key
			}
		}
		return best
	}
	return first
}

// menu is a decision's options as the commander reads them.
type menu []engine.Option

func (m menu) has(k string) bool {
	for i := range m { // by index: an Option is three strings
		if m[i].Key == k {
			return true
		}
	}
	return false
}

// pick returns the first of keys on offer, or the first option.
func (m menu) pick(keys ...string) string {
	for _, k := range keys {
		if m.has(k) {
			return k
		}
	}
	return m[0].Key
}

// anyDamaged reports a damaged or inoperable system.
func (s *State) anyDamaged() bool {
	for i := 0; i < numSystems; i++ {
		if s.Boat.Aboard[i] && s.Boat.Sys[i] != OK {
			return true
		}
	}
	return false
}

// commanderAim sends the next shot at the biggest ship still short of shots.
func (s *State) commanderAim() string {
	e := s.Enc
	var aimed [8]int
	for _, a := range e.Aim {
		if a >= 0 {
			aimed[a]++
		}
	}
	best, bestTons := -1, -1
	fallback, fallbackTons := -1, -1
	for i := range e.Targets {
		t := &e.Targets[i]
		if !t.Afloat() {
			continue
		}
		if t.Tons > fallbackTons {
			fallback, fallbackTons = i, t.Tons
		}
		if aimed[i] < t.Points-t.Damage && t.Tons > bestTons {
			best, bestTons = i, t.Tons
		}
	}
	if best < 0 {
		best = fallback
	}
	if best < 0 || !s.aimMenu().offers(targetKeys[best]) {
		return "hold"
	}
	return targetKeys[best]
}

// isMission reports whether a P1 key is a special mission.
func isMission(k string) bool { return strings.HasSuffix(k, "_M") || strings.HasSuffix(k, "_A") }

// routineKinds are the decisions an absent Kommandant who opted in may leave
// to the built-in commander at a deadline: housekeeping and seamanship, never
// whether to fight, whom to aim at or where to sail.
var routineKinds = map[string]bool{
	"torpedo_mix": true, "load_tubes": true, "load_aft_reloads": true, "reload_forward": true, "reload_aft": true,
	"proceed": true, "abort_direction": true, "resupply": true, "test_depth": true,
	"hals_und_beinbruch": true, "evasive": true, "follow_time": true, "flak_stay": true,
}

// RoutineChoice implements engine.Routine.
func (s *State) RoutineChoice() (string, bool) {
	d := s.handler().dec
	if s.Over != nil || d == nil || d.actorOf() != engine.Commander || !routineKinds[d.kind] {
		return "", false
	}
	return Command(s), true
}
