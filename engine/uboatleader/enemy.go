package uboatleader

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Enemy attacks (UBL-6.18 "Navi Nemiche", UBL-6.19 reactions, UBL-6.20
// "Risolvere un Attacco", UBL-6.21 carriers, UBL-6.22 Tactics). Every ship
// that can attack declares its target first, by the rules' priorities; the
// player orders the attacks (the example does); each target may react once
// a round, a crash dive or a deep dive, which holds for every attack on it
// that round.

func init() {
	register("enemy_declare", &opDef{act: (*State).enemyDeclare})
	register("enemy_order", &opDef{ask: (*State).askEnemyOrder, answer: (*State).answerEnemyOrder, act: (*State).autoEnemyOrder, routine: true})
	register("reaction", &opDef{ask: (*State).askReaction, answer: (*State).answerReaction})
	register("enemy_resolve", &opDef{act: (*State).enemyResolve})
}

// nearestOf picks the nearest of some boats (indexes in Battle.Boats) to an
// area, at random among ties.
func (s *State) nearestOf(area string, boats []int, who string) int {
	if len(boats) == 0 {
		return -1
	}
	g := s.display()
	best := 1 << 20
	for _, k := range boats {
		best = min(best, g.Dist(area, s.Battle.Boats[k].Area))
	}
	var ties []int
	var names []string
	for _, k := range boats {
		if g.Dist(area, s.Battle.Boats[k].Area) == best {
			ties = append(ties, k)
			names = append(names, s.Fleet[s.Battle.Boats[k].Boat].ID)
		}
	}
	return ties[s.pick("UBL-6.18", who+" picks its target", names)]
}

// enemyDeclare finds every enemy attack of the round (UBL-6.18, UBL-6.21).
func (s *State) enemyDeclare(st Step) {
	bt := s.Battle
	if len(bt.boatsOn()) == 0 {
		return
	}
	g := s.display()
	anyDetected := false
	for _, k := range bt.boatsOn() {
		anyDetected = anyDetected || bt.Boats[k].Detected
	}
	bt.Attacks = nil
	for _, i := range bt.shipsOn() {
		sh := &bt.Ships[i]
		c := s.shipCard(sh)
		if c == nil {
			continue // an unknown counter is beyond reach: within 2 areas it would be identified
		}
		name := c.Name
		var surf, subDet, reach []int
		for _, k := range bt.boatsOn() {
			d := &bt.Boats[k]
			r := g.Dist(sh.Area, d.Area)
			if d.Surfaced {
				surf = append(surf, k)
			} else if d.Detected {
				subDet = append(subDet, k)
			}
			if sh.escort() && (d.Surfaced && r <= 2 || !d.Surfaced && r == 0) {
				reach = append(reach, k)
			}
		}
		on := -1
		switch {
		case c.Carrier:
			// UBL-6.21: any surfaced boat at any range, detected or not;
			// else a detected submerged one; at random among several.
			pool := surf
			if len(pool) == 0 {
				pool = subDet
			}
			if len(pool) > 0 {
				names := make([]string, len(pool))
				for k, x := range pool {
					names[k] = s.Fleet[bt.Boats[x].Boat].ID
				}
				on = pool[s.pick("UBL-6.21", name+"'s aircraft pick a target", names)]
			}
		case sh.escort():
			// Escorts attack only detected boats (UBL-6.16, UBL-6.18): a
			// surfaced one at 0-2, a submerged one in their own area, the
			// nearest first.
			if !anyDetected {
				continue
			}
			if s.ruling("escort_attack_target") == "nearest_detected" {
				var det []int
				for _, k := range reach {
					if bt.Boats[k].Detected {
						det = append(det, k)
					}
				}
				on = s.nearestOf(sh.Area, det, name)
			} else if k := s.nearestOf(sh.Area, reach, name); k >= 0 && bt.Boats[k].Detected {
				on = k
			}
		default:
			// Merchants, stragglers, warships: a surfaced boat at 0-1,
			// detected or not (UBL-6.18), the nearest.
			var near []int
			for _, k := range surf {
				if g.Dist(sh.Area, bt.Boats[k].Area) <= 1 {
					near = append(near, k)
				}
			}
			on = s.nearestOf(sh.Area, near, name)
		}
		if on >= 0 {
			bt.Attacks = append(bt.Attacks, EnemyAttack{Ship: i, On: on, Surface: bt.Boats[on].Surfaced})
			if sh.escort() {
				s.tacticsOf(i)
			}
		}
	}
	if len(bt.Attacks) > 0 {
		var parts []string
		for _, a := range bt.Attacks {
			parts = append(parts, fmt.Sprintf("%s on %s", s.shipName(a.Ship), s.Fleet[bt.Boats[a.On].Boat].ID))
		}
		s.note("UBL-6.18", "Enemy attacks this round: %s.", strings.Join(parts, "; "))
	}
	s.push(Step{Op: "enemy_order"})
}

// pendingAttacks are the declared attacks not yet made.
func (bt *Battle) pendingAttacks() []int {
	var out []int
	for k, a := range bt.Attacks {
		if !a.Done {
			out = append(out, k)
		}
	}
	return out
}

func (s *State) askEnemyOrder(st Step) *ask {
	p := s.Battle.pendingAttacks()
	if len(p) <= 1 {
		return nil
	}
	a := &ask{Case: "UBL-6.18", Text: "Enemy attacks (UBL-6.18): which one comes next?"}
	for _, k := range p {
		at := s.Battle.Attacks[k]
		a.Options = append(a.Options, opt(fmt.Sprint(k), s.f("%s attacks %s", s.shipName(at.Ship), s.Fleet[s.Battle.Boats[at.On].Boat].ID), "UBL-6.18"))
	}
	return a
}

func (s *State) autoEnemyOrder(st Step) {
	if p := s.Battle.pendingAttacks(); len(p) == 1 {
		s.answerEnemyOrder(st, fmt.Sprint(p[0]))
	}
}

func (s *State) answerEnemyOrder(st Step, key string) {
	k := atoi(key)
	s.Battle.Attacks[k].Done = true
	s.push(Step{Op: "reaction", N: k}, Step{Op: "enemy_resolve", N: k}, Step{Op: "enemy_order"})
}

// askReaction offers the target its one reaction of the round (UBL-6.19):
// a crash dive if it is surfaced, a deep dive if submerged.
func (s *State) askReaction(st Step) *ask {
	bt := s.Battle
	at := bt.Attacks[st.N]
	d := &bt.Boats[at.On]
	if d.Left || d.Crash || d.Deep {
		return nil
	}
	b := &s.Fleet[d.Boat]
	c := s.shipCard(&bt.Ships[at.Ship])
	nums := c.Submerged
	if at.Surface {
		nums = c.Surface
	}
	a := &ask{Case: "UBL-6.19", Text: s.f("%s attacks %s (%s, its numbers %s): react (UBL-6.19)? One reaction a round; stress %d, EV %d.",
		c.Name, b.ID, side(d.Surfaced), nums, b.Stress, s.ev(b))}
	if d.Surfaced {
		a.Options = append(a.Options, opt("crash", s.f("Crash dive: +1 stress, each attack this round has no effect on d10 <= %d", s.ev(b)), "UBL-6.19"))
	} else if s.ruling("deep_dive") == "rule" {
		a.Options = append(a.Options, opt("deep", "Deep dive: +1 stress, each attack this round rolls two dice and keeps the lower; no attack this round", "UBL-6.19"))
	} else {
		a.Options = append(a.Options, opt("deep", s.f("Deep dive: each attack this round is evaded on d10 <= %d, else +2 stress and it rolls two dice, keeping the lower; no attack this round", s.ev(b)), "UBL-6.19"))
	}
	a.Options = append(a.Options, opt("none", "No reaction", "UBL-6.19"))
	return a
}

func (s *State) answerReaction(st Step, key string) {
	bt := s.Battle
	d := &bt.Boats[bt.Attacks[st.N].On]
	switch key {
	case "crash":
		d.Crash, d.Surfaced = true, false
		s.note("UBL-6.19", "%s crash-dives.", s.Fleet[d.Boat].ID)
		s.addStress(d.Boat, 1, "UBL-6.19", "crash dive")
	case "deep":
		d.Deep = true
		s.note("UBL-6.19", "%s goes deep: a Deep Dive marker.", s.Fleet[d.Boat].ID)
		if s.ruling("deep_dive") == "rule" {
			s.addStress(d.Boat, 1, "UBL-6.19", "deep dive")
		}
	}
}

// enemyMods are an attack's modifiers (UBL-6.20): +2 against a surfaced
// boat in the attacker's area; the attacker's damage; its Tactics counter.
func (s *State) enemyMods(at EnemyAttack, surfacedHere bool) []mod {
	sh := &s.Battle.Ships[at.Ship]
	var mods []mod
	if surfacedHere {
		mods = append(mods, mod{Value: 2, Reason: "surfaced boat in the same area", Case: "UBL-6.20"})
	}
	if sh.Light > 0 {
		mods = append(mods, mod{Value: -1, Reason: "light damage", Case: "UBL-6.20"})
	}
	if sh.Heavy > 0 {
		mods = append(mods, mod{Value: -2, Reason: "heavy damage", Case: "UBL-6.20"})
	}
	if sh.Tactics > 0 {
		v := s.pack.Tactics[sh.Tactics-1].Attack
		if s.ruling("tactics_attack_sign") == "malus" {
			v = -v
		}
		mods = append(mods, mod{Value: v, Reason: "Escort Tactics", Case: "UBL-6.22"})
	}
	return mods
}

// enemyResult reads an attack against three numbers (UBL-6.20): below the
// first nothing, then +1 stress, +3 stress, sunk; a roll equal to the third
// by the ruling enemy_attack_third.
func (s *State) enemyResult(n Numbers, total int) string {
	switch {
	case n[2] > 0 && (total > n[2] || total == n[2] && s.ruling("enemy_attack_third") == "sunk"):
		return "sunk"
	case n[1] > 0 && total >= n[1]:
		return "+3 stress"
	case n[0] > 0 && total >= n[0]:
		return "+1 stress"
	}
	return "no effect"
}

// enemyResolve makes one attack.
func (s *State) enemyResolve(st Step) {
	bt := s.Battle
	at := bt.Attacks[st.N]
	d := &bt.Boats[at.On]
	sh := &bt.Ships[at.Ship]
	c := s.shipCard(sh)
	b := &s.Fleet[d.Boat]
	if d.Left || !b.inPlay() {
		s.note("UBL-6.18", "%s's attack finds no target: %s is off the display.", c.Name, b.ID)
		return
	}
	ev := s.ev(b)
	nums := c.Submerged
	if at.Surface {
		nums = c.Surface
	}
	sameArea := sh.Area == d.Area
	surfacedHere := sameArea && (d.Surfaced || d.Crash && s.ruling("crash_dive_same_area") == "applies")
	purpose := fmt.Sprintf("%s attacks %s (%s)", c.Name, b.ID, nums)
	evade := func(why string) bool {
		_, total := s.d10("UBL-6.19", fmt.Sprintf("%s: %s evades %s", why, b.ID, c.Name), nil, func(_, total int) string {
			if total <= ev {
				return fmt.Sprintf("<= EV %d: the attack has no effect", ev)
			}
			return fmt.Sprintf("> EV %d: the attack goes on", ev)
		})
		return total <= ev
	}
	var natural int
	var faces []int
	switch {
	case d.Crash:
		// UBL-6.19: each attack is evaded on d10 <= EV; else it is resolved
		// normally with the Surface numbers.
		if evade("Crash dive") {
			return
		}
		natural = s.die(10)
		faces = []int{natural}
	case d.Deep:
		if s.ruling("deep_dive") == "example" {
			if evade("Deep dive") {
				return
			}
			s.addStress(d.Boat, 2, "UBL-12", "the deep dive's evasion failed (deep_dive=example)")
		}
		// Two dice, the lower counts.
		a, x := s.die(10), s.die(10)
		natural, faces = min(a, x), []int{a, x}
	default:
		natural = s.die(10)
		faces = []int{natural}
	}
	mods := s.enemyMods(at, surfacedHere)
	total := natural
	for _, m := range mods {
		total += m.Value
	}
	res := s.enemyResult(nums, total)
	dice := "1d10"
	if len(faces) == 2 {
		// The audit reads NdM notations: "2d10", its total the lower die.
		dice = "2d10"
		purpose += ", deep dive: the lower of the two dice counts"
	}
	r := &engine.Roll{Case: "UBL-6.20", Purpose: purpose, Dice: dice, Faces: faces, Natural: natural, Modifiers: nonZero(mods), Total: total, Result: res}
	s.emit(engine.Event{Kind: engine.KindRoll, Case: "UBL-6.20", Text: r.String(), Roll: r})
	switch res {
	case "+1 stress":
		s.addStress(d.Boat, 1, "UBL-6.20", c.Name+"'s attack")
	case "+3 stress":
		s.addStress(d.Boat, 3, "UBL-6.20", c.Name+"'s attack")
	case "sunk":
		b.Sunk = true
		d.Left = true
		s.note("UBL-6.20", "%s is sunk by %s and removed from play. Its %d VP stand (UBL-6.25); the campaign will lose 3 VP for it (UBL-8).", b.ID, c.Name, b.VP)
	}
}

func nonZero(mods []mod) []mod {
	var out []mod
	for _, m := range mods {
		if m.Value != 0 {
			out = append(out, m)
		}
	}
	return out
}
