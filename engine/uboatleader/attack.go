package uboatleader

import (
	"fmt"
	"strconv"
	"strings"
)

// The attack step (UBL-6.13-6.17, UBL-6.23): aggressive U-boats, then the
// enemy ships, then cautious U-boats. A U-boat declares all its attacks —
// how many torpedoes at each target, and its gun — before any die is rolled.

func init() {
	register("attacks", &opDef{act: (*State).attacks})
	register("uboat_attack", &opDef{ask: (*State).askAttack, answer: (*State).answerAttack})
	register("fire", &opDef{act: (*State).fire})
	register("fire_group", &opDef{act: (*State).fireGroup})
	register("fire_after", &opDef{act: (*State).fireAfter})
	register("fat_shot", &opDef{act: func(s *State, st Step) { s.fatAttack(st.Boat) }})
	register("fat_hit", &opDef{act: func(s *State, st Step) { s.fatRoll(st.Boat, st.Ship) }})
}

// attacks orders the step by initiative (UBL-1.7 Init, UBL-6.13, UBL-6.23).
func (s *State) attacks(st Step) {
	bt := s.Battle
	if len(bt.boatsOn()) == 0 {
		return
	}
	var aggr, caut []Step
	for _, k := range bt.boatsOn() {
		i := bt.Boats[k].Boat
		if s.row(&s.Fleet[i]).Init == "aggressive" {
			aggr = append(aggr, Step{Op: "uboat_attack", Boat: i})
		} else {
			caut = append(caut, Step{Op: "uboat_attack", Boat: i, Key: "cautious"})
		}
	}
	steps := append(aggr, Step{Op: "enemy_declare"})
	s.push(append(steps, caut...)...)
}

// target is a ship a boat may fire at, with its range.
type target struct {
	ship, rng int
}

// mayAttack: on the display, not Unfit (UBL-1.7), no Deep Dive or Silent
// Running marker (UBL-6.9, UBL-6.19).
func (s *State) mayAttack(i int) bool {
	d := s.dispOf(i)
	return d != nil && !d.Left && !d.Silent && !d.Deep && !s.Fleet[i].unfit() && s.Fleet[i].inPlay()
}

// targets are the ships within reach: 3 areas for torpedoes, all at range
// 0 in an Attack mission.
func (s *State) targets(i int, mission bool) []target {
	bt := s.Battle
	d := s.dispOf(i)
	var out []target
	for _, k := range bt.shipsOn() {
		r := 0
		if !mission {
			r = s.display().Dist(d.Area, bt.Ships[k].Area)
		}
		if r <= 3 {
			out = append(out, target{k, r})
		}
	}
	return out
}

// planned counts the plan's shots of a kind (at a ship, or at any: -1).
func (bt *Battle) planned(kind string, ship int) int {
	n := 0
	for _, sh := range bt.Plan {
		if sh.Kind == kind && (ship < 0 || sh.Ship == ship) {
			n++
		}
	}
	return n
}

// fatTargets are the non-escort ships a FAT may run into: it needs a group
// of more than one still on the display within torpedo range (UBL-6.14).
func (s *State) fatTargets(i int) []int {
	var out []int
	for _, t := range s.targets(i, false) {
		if !s.Battle.Ships[t.ship].escort() {
			out = append(out, t.ship)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// ammo: in a mission both boxes fire (UBL-4.10); otherwise the Ready box.
func (s *State) ammo(i int, mission bool) Load {
	b := &s.Fleet[i]
	if !mission {
		return b.Ready
	}
	return Load{Std: b.Ready.Std + b.Stored.Std, FAT: b.Ready.FAT + b.Stored.FAT, T5: b.Ready.T5 + b.Stored.T5}
}

func (s *State) askAttack(st Step) *ask {
	mission := st.Key == "mission"
	i := st.Boat
	if !mission && !s.mayAttack(i) {
		return nil
	}
	bt := s.Battle
	b := &s.Fleet[i]
	d := s.dispOf(i)
	load := s.ammo(i, mission)
	std, fat, t5 := load.Std-bt.planned("std", -1), load.FAT-bt.planned("fat", -1), load.T5-bt.planned("t5", -1)
	gunOK := !mission && d.Surfaced && s.card(b).Gun && b.Gun > 0 && bt.planned("gun", -1) == 0
	var opts []target
	a := &ask{Case: "UBL-6.13"}
	for _, t := range s.targets(i, mission) {
		sh := &bt.Ships[t.ship]
		name := s.shipName(t.ship)
		n := bt.planned("std", t.ship) + bt.planned("t5", t.ship)
		if std > 0 {
			a.Options = append(a.Options, opt("t:"+strconv.Itoa(t.ship), s.f("+1 torpedo at %s (range %d; %d planned)", name, t.rng, n), "UBL-6.13"))
		}
		if t5 > 0 && sh.escort() {
			a.Options = append(a.Options, opt("x:"+strconv.Itoa(t.ship), s.f("+1 T5 at %s (range %d)", name, t.rng), "UBL-6.14"))
		}
		if gunOK && t.rng <= 2 {
			a.Options = append(a.Options, opt("g:"+strconv.Itoa(t.ship), s.f("Gun at %s (range %d, %d rounds)", name, t.rng, b.Gun), "UBL-6.15"))
		}
		opts = append(opts, t)
	}
	if fat > 0 && !mission && s.fatTargets(i) != nil {
		a.Options = append(a.Options, opt("fat", "+1 FAT at the convoy (a random non-escort ship; +1, no range penalty)", "UBL-6.14"))
	}
	if len(bt.Plan) == 0 && len(a.Options) == 0 {
		return nil // nothing to fire, or nothing in reach
	}
	if len(bt.Plan) > 0 {
		a.Options = append(a.Options, opt("fire", "Fire: "+s.planText(), "UBL-6.13"), opt("clear", "Clear the plan", "UBL-6.13"))
	}
	hold := "Hold fire this round"
	if mission {
		hold = "Fire nothing: the mission ends"
	}
	a.Options = append(a.Options, opt("hold", hold, "UBL-6.13"))
	where := ""
	if !mission {
		where = fmt.Sprintf(" in %s, %s", s.display().name(d.Area), side(d.Surfaced))
	}
	a.Text = s.f("%s attacks%s (UBL-6.13): declare every torpedo and the gun before rolling. %s ready%s%s, %s. Plan: %s.",
		s.boatName(i), where, count(std, "torpedo"), advText(fat, t5), mapText(mission), count(b.Gun, "gun round"), s.planText())
	if !mission {
		a.Text += "\n" + s.displayBrief()
	}
	return a
}

func advText(fat, t5 int) string {
	var p []string
	if fat > 0 {
		p = append(p, fmt.Sprintf("%d FAT", fat))
	}
	if t5 > 0 {
		p = append(p, fmt.Sprintf("%d T5", t5))
	}
	if len(p) == 0 {
		return ""
	}
	return " (+" + strings.Join(p, ", ") + ")"
}

func mapText(mission bool) string {
	if mission {
		return " (Ready and Stored fire: one round at range 0, UBL-4.10)"
	}
	return ""
}

// planText sums the plan up by target.
func (s *State) planText() string {
	bt := s.Battle
	if len(bt.Plan) == 0 {
		return "nothing yet"
	}
	var parts []string
	for _, g := range groups(bt.Plan) {
		sh := g[0]
		switch sh.Kind {
		case "gun":
			parts = append(parts, "gun at "+s.shipName(sh.Ship))
		case "fat":
			parts = append(parts, fmt.Sprintf("%d FAT", len(g)))
		default:
			t5 := 0
			for _, x := range g {
				if x.Kind == "t5" {
					t5++
				}
			}
			p := fmt.Sprintf("%d at %s", len(g), s.shipName(sh.Ship))
			if t5 > 0 {
				p += fmt.Sprintf(" (%d T5)", t5)
			}
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// groups splits a plan into its salvos: the torpedoes at each target, the
// FATs, the gun, in the order first declared.
func groups(plan []Shot) [][]Shot {
	var out [][]Shot
	idx := map[string]int{}
	for _, sh := range plan {
		key := fmt.Sprintf("t%d", sh.Ship)
		switch sh.Kind {
		case "gun":
			key = "gun"
		case "fat":
			key = "fat"
		}
		k, ok := idx[key]
		if !ok {
			k = len(out)
			idx[key] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], sh)
	}
	return out
}

func (s *State) answerAttack(st Step, key string) {
	bt := s.Battle
	switch {
	case key == "hold":
		bt.Plan = nil
		return
	case key == "clear":
		bt.Plan = nil
	case key == "fire":
		var steps []Step
		for _, g := range groups(bt.Plan) {
			if g[0].Kind != "fat" && !bt.Ships[g[0].Ship].known() {
				steps = append(steps, Step{Op: "reveal", Ship: g[0].Ship, Key: "attacked"})
			}
		}
		s.push(append(steps, Step{Op: "fire", Boat: st.Boat, Key: st.Key})...)
		return
	case key == "fat":
		bt.Plan = append(bt.Plan, Shot{Ship: -1, Kind: "fat"})
	default:
		kind := map[byte]string{'t': "std", 'x': "t5", 'g': "gun"}[key[0]]
		bt.Plan = append(bt.Plan, Shot{Ship: atoi(key[2:]), Kind: kind})
	}
	s.push(st)
}

// fire resolves the declared attacks, salvo by salvo (UBL-6.13-6.15).
func (s *State) fire(st Step) {
	bt := s.Battle
	i := st.Boat
	mission := st.Key == "mission"
	b := &s.Fleet[i]
	bt.Firing, bt.Plan = bt.Plan, nil
	// Every torpedo fired leaves its box, whatever becomes of its target
	// (UBL-6.13); in a mission the Ready box first, then Stored.
	for _, sh := range bt.Firing {
		switch sh.Kind {
		case "gun":
			b.Gun--
		default:
			spend(b, sh.Kind, mission)
		}
	}
	var steps []Step
	for k := range groups(bt.Firing) {
		steps = append(steps, Step{Op: "fire_group", Boat: i, N: k, Key: st.Key})
	}
	s.push(append(steps, Step{Op: "fire_after", Boat: i, Key: st.Key})...)
}

func (s *State) fireGroup(st Step) {
	g := groups(s.Battle.Firing)[st.N]
	switch g[0].Kind {
	case "gun":
		s.gunAttack(st.Boat, g[0].Ship)
	case "fat":
		steps := make([]Step, len(g))
		for k := range g {
			steps[k] = Step{Op: "fat_shot", Boat: st.Boat}
		}
		s.push(steps...)
	default:
		s.salvo(st.Boat, g, st.Key == "mission")
	}
}

// fireAfter: a boat that attacked places one Alert marker (UBL-6.16).
func (s *State) fireAfter(st Step) {
	bt := s.Battle
	bt.Firing = nil
	if st.Key == "mission" {
		return
	}
	i := st.Boat
	bt.Alerts++
	s.dispOf(i).Attacked = true
	s.note("UBL-6.16", "%s has attacked: an Alert marker on the display (%d).", s.Fleet[i].ID, bt.Alerts)
	if s.ruling("uboat_alert") == "on_attack" {
		s.uboatAlert(i, "UBL-1.6", "attacks a convoy")
	}
}

func spend(b *Boat, kind string, mission bool) {
	from := &b.Ready
	take := func(l *Load) bool {
		switch kind {
		case "std":
			if l.Std > 0 {
				l.Std--
				return true
			}
		case "fat":
			if l.FAT > 0 {
				l.FAT--
				return true
			}
		case "t5":
			if l.T5 > 0 {
				l.T5--
				return true
			}
		}
		return false
	}
	if !take(from) && mission {
		take(&b.Stored)
	}
}

// band reads a modified roll against three hit numbers: below the first a
// miss, then light damage, heavy damage, sunk (UBL-6.13 "Numeri del Colpo").
func band(n Numbers, total int) string {
	switch {
	case n[2] > 0 && total >= n[2]:
		return "sunk"
	case n[1] > 0 && total >= n[1]:
		return "heavy"
	case n[0] > 0 && total >= n[0]:
		return "light"
	}
	return "miss"
}

var bandText = map[string]string{"sunk": "sunk", "heavy": "heavy damage", "light": "light damage", "miss": "miss"}

// salvo fires the torpedoes at one target: each +(N-1) for the salvo, TS,
// -1 a range area, +1 against heavy damage, the Convoy card's modifier and
// +2 for a T5 (UBL-6.13, UBL-6.14). By the ruling salvo_damage, damage
// counts die by die (the example) or after every die is rolled.
func (s *State) salvo(i int, g []Shot, mission bool) {
	bt := s.Battle
	b := &s.Fleet[i]
	k := g[0].Ship
	sh := &bt.Ships[k]
	c := s.shipCard(sh)
	rng := 0
	if !mission {
		rng = s.display().Dist(s.dispOf(i).Area, sh.Area)
	}
	base := []mod{}
	if n := len(g); n > 1 {
		base = append(base, mod{Value: n - 1, Reason: fmt.Sprintf("salvo of %d", n), Case: "UBL-6.13"})
	}
	base = append(base, mod{Value: s.row(b).TS, Reason: "TS", Case: "UBL-6.13"}, mod{Value: -rng, Reason: fmt.Sprintf("range %d", rng), Case: "UBL-6.13"})
	if cv := s.convoyMod("torpedo"); cv != 0 {
		base = append(base, mod{Value: cv, Reason: "Convoy card", Case: "UBL-6.13"})
	}
	declared := s.ruling("salvo_damage") == "declared"
	heavyAtDeclaration := sh.Heavy > 0
	var results []string
	for n, shot := range g {
		if sh.Sunk && !declared {
			s.note("UBL-6.13", "Torpedo %d of %d at %s: the ship is already sunk; the torpedo is spent.", n+1, len(g), c.Name)
			continue
		}
		mods := append([]mod(nil), base...)
		if shot.Kind == "t5" {
			mods = append(mods, mod{Value: 2, Reason: "T5", Case: "UBL-6.14"})
		}
		if declared && heavyAtDeclaration || !declared && sh.Heavy > 0 {
			mods = append(mods, mod{Value: 1, Reason: "heavy damage", Case: "UBL-6.17"})
		}
		_, total := s.d10("UBL-6.13", fmt.Sprintf("%s's torpedo %d of %d at %s (%s)", b.ID, n+1, len(g), c.Name, c.Torpedo), mods, func(_, total int) string {
			return bandText[band(c.Torpedo, total)]
		})
		r := band(c.Torpedo, total)
		if declared {
			results = append(results, r)
			continue
		}
		s.hit(i, k, r)
	}
	for _, r := range results {
		if sh.Sunk {
			break
		}
		s.hit(i, k, r)
	}
}

// convoyMod is the Convoy card's modifier to torpedo or gun attacks.
func (s *State) convoyMod(kind string) int {
	c := s.convoyCard(s.Battle.Convoy)
	if c == nil {
		return 0
	}
	if kind == "gun" {
		return c.Gun
	}
	return c.Torpedo
}

// fatAttack runs a FAT into a random non-escort ship: +1, no range penalty
// (UBL-6.14).
func (s *State) fatAttack(i int) {
	bt := s.Battle
	b := &s.Fleet[i]
	ts := s.fatTargets(i)
	if ts == nil {
		var any []int
		for _, t := range s.targets(i, false) {
			if !bt.Ships[t.ship].escort() {
				any = append(any, t.ship)
			}
		}
		ts = any
	}
	if len(ts) == 0 {
		s.note("UBL-6.14", "%s's FAT finds no ship: it is spent.", b.ID)
		return
	}
	names := make([]string, len(ts))
	for k, t := range ts {
		names[k] = s.shipName(t)
	}
	k := ts[s.pick("UBL-6.14", b.ID+"'s FAT runs into", names)]
	sh := &bt.Ships[k]
	if !sh.known() {
		// A FAT's target is known only once it is hit: reveal it now.
		s.push(Step{Op: "reveal", Ship: k, Key: "attacked"}, Step{Op: "fat_hit", Boat: i, Ship: k})
		return
	}
	s.fatRoll(i, k)
}

func (s *State) fatRoll(i, k int) {
	b := &s.Fleet[i]
	sh := &s.Battle.Ships[k]
	c := s.shipCard(sh)
	mods := []mod{{Value: 1, Reason: "FAT", Case: "UBL-6.14"}, {Value: s.row(b).TS, Reason: "TS", Case: "UBL-6.13"}}
	if cv := s.convoyMod("torpedo"); cv != 0 {
		mods = append(mods, mod{Value: cv, Reason: "Convoy card", Case: "UBL-6.13"})
	}
	if sh.Heavy > 0 {
		mods = append(mods, mod{Value: 1, Reason: "heavy damage", Case: "UBL-6.17"})
	}
	_, total := s.d10("UBL-6.14", fmt.Sprintf("%s's FAT at %s (%s)", b.ID, c.Name, c.Torpedo), mods, func(_, total int) string { return bandText[band(c.Torpedo, total)] })
	s.hit(i, k, band(c.Torpedo, total))
}

// gunAttack: d10 + GS, -3 a range area, +1 against heavy damage, against
// the Gun numbers (UBL-6.15).
func (s *State) gunAttack(i, k int) {
	b := &s.Fleet[i]
	sh := &s.Battle.Ships[k]
	if sh.Sunk {
		s.note("UBL-6.15", "%s's gun round: %s is already sunk.", b.ID, s.shipName(k))
		return
	}
	c := s.shipCard(sh)
	rng := s.display().Dist(s.dispOf(i).Area, sh.Area)
	mods := []mod{{Value: s.row(b).GS, Reason: "GS", Case: "UBL-6.15"}, {Value: -3 * rng, Reason: fmt.Sprintf("range %d", rng), Case: "UBL-6.15"}}
	if sh.Heavy > 0 {
		mods = append(mods, mod{Value: 1, Reason: "heavy damage", Case: "UBL-6.17"})
	}
	if cv := s.convoyMod("gun"); cv != 0 {
		mods = append(mods, mod{Value: cv, Reason: "Convoy card", Case: "UBL-6.15"})
	}
	_, total := s.d10("UBL-6.15", fmt.Sprintf("%s's deck gun at %s (%s)", b.ID, c.Name, c.Gun), mods, func(_, total int) string { return bandText[band(c.Gun, total)] })
	s.hit(i, k, band(c.Gun, total))
}

// hit applies a result to a ship (UBL-6.17) and scores a sinking for the
// boat that sank it (UBL-6.25: XP only to that boat).
func (s *State) hit(i, k int, r string) {
	sh := &s.Battle.Ships[k]
	name := s.shipName(k)
	switch r {
	case "miss":
		return
	case "sunk":
		sh.Sunk = true
	default:
		before := sh.damageText()
		if !sh.damage(r == "heavy") {
			if before != "" {
				s.note("UBL-6.17", "%s: %s on %s makes %s.", name, bandText[r], before, sh.damageText())
			}
			return
		}
		s.note("UBL-6.17", "%s: %s on %s sinks her.", name, bandText[r], before)
	}
	s.sunk(i, k)
}

// sunk scores a sunk ship: its VP (an escort's by the ruling escort_vp)
// and its XP for the boat that sank it.
func (s *State) sunk(i, k int) {
	sh := &s.Battle.Ships[k]
	sh.Sunk = true
	c := s.shipCard(sh)
	b := &s.Fleet[i]
	vp := c.VP
	if sh.escort() && s.ruling("escort_vp") == "none" {
		vp = 0
	}
	b.XP += c.XP
	b.VP += vp
	b.ShipsSunk++
	s.ShipsSunk++
	s.note("UBL-6.25", "%s sinks %s: %d XP for %s.", b.ID, c.Name, c.XP, b.ID)
	s.addVP(vp, "UBL-6.25", fmt.Sprintf("%s sunk by %s", c.Name, b.ID))
}
