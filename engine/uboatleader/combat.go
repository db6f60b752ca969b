package uboatleader

import (
	"fmt"
	"strings"
)

// The Combat sub-phase (UBL-6.7-6.24): rounds of movement (U-boats, the
// wake, the escorts) and attacks (aggressive U-boats, enemy ships, cautious
// U-boats), until no U-boat or no ship is left on the display.

func init() {
	register("round", &opDef{act: (*State).round})
	register("move_posture", &opDef{ask: (*State).askPosture, answer: (*State).answerPosture})
	register("move_step", &opDef{ask: (*State).askMoveStep, answer: (*State).answerMoveStep, act: (*State).autoMoveStep})
	register("wake", &opDef{act: (*State).wake})
	register("wake_ship", &opDef{ask: (*State).askWakeShip, answer: (*State).answerWakeShip, act: (*State).autoWakeShip, routine: true})
	register("wake_boat", &opDef{ask: (*State).askWakeBoat, answer: (*State).answerWakeBoat, act: (*State).autoWakeBoat})
	register("identify", &opDef{act: (*State).identify})
	register("reveal", &opDef{act: (*State).reveal})
	register("identified", &opDef{act: (*State).identified})
	register("end_round", &opDef{act: (*State).endRound})
}

// round starts a combat round, or ends the combat when the display has no
// U-boat or no ship left (UBL-6.24).
func (s *State) round(st Step) {
	bt := s.Battle
	if len(bt.boatsOn()) == 0 || len(bt.shipsOn()) == 0 {
		s.push(Step{Op: "post_combat"})
		return
	}
	bt.Round++
	bt.Acted, bt.Attacks = nil, nil
	s.note("UBL-6.7", "Combat round %d: %s and %s on the display, %s.", bt.Round, count(len(bt.boatsOn()), "U-boat"), count(len(bt.shipsOn()), "ship"), count(bt.Alerts, "Alert marker"))
	var steps []Step
	for _, k := range bt.boatsOn() {
		steps = append(steps, Step{Op: "move_posture", Boat: bt.Boats[k].Boat})
	}
	steps = append(steps, Step{Op: "wake"}, Step{Op: "identify"}, Step{Op: "escorts"}, Step{Op: "attacks"}, Step{Op: "end_round"})
	s.push(steps...)
}

// xxiReloadable: the Type XXI may reload its six Ready tubes from Stored
// once during the Movement step (UBL-9.1, ruling xxi_reload).
func (s *State) xxiReloadable(d *OnDisp) bool {
	b := &s.Fleet[d.Boat]
	c := s.card(b)
	return c.Type == "XXI" && !d.Reloaded && b.Stored.Torps() > 0 && b.Ready.All() < c.Ready
}

func (s *State) askPosture(st Step) *ask {
	d := s.dispOf(st.Boat)
	if d == nil || d.Left {
		return nil
	}
	b := &s.Fleet[st.Boat]
	c := s.card(b)
	a := &ask{Case: "UBL-6.7", Text: s.f("Round %d, %s in %s, %s%s, stress %d (%s): dive or surface before moving (UBL-6.7)?%s",
		s.Battle.Round, s.boatName(st.Boat), s.display().name(d.Area), side(d.Surfaced), detectedText(d), b.Stress, stressState(b.Stress), unfitText(b))}
	if d.Surfaced {
		a.Options = append(a.Options, opt("surfaced", s.f("Stay surfaced (speed %d)", c.Speed.Surfaced), "UBL-6.7"), opt("submerged", s.f("Dive (speed %d)", c.Speed.Submerged), "UBL-6.7"))
	} else {
		a.Options = append(a.Options, opt("submerged", s.f("Stay submerged (speed %d)", c.Speed.Submerged), "UBL-6.7"), opt("surfaced", s.f("Surface (speed %d)", c.Speed.Surfaced), "UBL-6.7"))
		if d.Detected {
			a.Options = append(a.Options, opt("silent", s.f("Silent running: speed 0, shake off detection on d10 <= %d (else +2 stress); no attack this round", s.ev(b)), "UBL-6.9"))
		}
	}
	if s.xxiReloadable(d) {
		a.Options = append(a.Options, opt("reload", s.f("Reload the Ready tubes from Stored (%d stored)", b.Stored.Torps()), "UBL-9.1"))
	}
	return a
}

func side(surfaced bool) string {
	if surfaced {
		return "surfaced"
	}
	return "submerged"
}

func detectedText(d *OnDisp) string {
	if d.Detected {
		return ", detected"
	}
	return ""
}

func unfitText(b *Boat) string {
	if b.unfit() {
		return " Unfit: it must leave the display by the most direct route."
	}
	return ""
}

func (s *State) answerPosture(st Step, key string) {
	d := s.dispOf(st.Boat)
	b := &s.Fleet[st.Boat]
	switch key {
	case "reload":
		d.Reloaded = true
		s.reloadTubes(st.Boat, "UBL-9.1")
		s.push(Step{Op: "move_posture", Boat: st.Boat})
		return
	case "silent":
		// UBL-6.9: speed 0 for its movement; d10 <= EV clears the Detected
		// marker, a miss costs 2 stress; no attack this round.
		d.Silent = true
		ev := s.ev(b)
		_, total := s.d10("UBL-6.9", fmt.Sprintf("Silent running: %s tries to shake off the escorts", b.ID), nil, func(_, total int) string {
			if total <= ev {
				return fmt.Sprintf("<= EV %d: no longer detected", ev)
			}
			return fmt.Sprintf("> EV %d: still detected, +2 stress", ev)
		})
		if total <= ev {
			d.Detected = false
		} else {
			s.addStress(st.Boat, 2, "UBL-6.9", "silent running failed")
		}
		return
	}
	if d.Surfaced != (key == "surfaced") {
		d.Surfaced = key == "surfaced"
		s.note("UBL-6.7", "%s %s.", b.ID, map[bool]string{true: "surfaces", false: "dives"}[d.Surfaced])
	}
	// Unknown ships within 2 areas are sighted once the boat has moved
	// ("Dopo aver mosso", UBL-6.8).
	s.push(Step{Op: "move_step", Boat: st.Boat, N: s.boatSpeed(d)}, Step{Op: "identify"})
}

func (s *State) askMoveStep(st Step) *ask {
	d := s.dispOf(st.Boat)
	if st.N <= 0 || d == nil || d.Left || s.Fleet[st.Boat].unfit() {
		return nil
	}
	g := s.display()
	a := &ask{Case: "UBL-6.7", Text: s.f("%s in %s, %s: %s left (UBL-6.7).\n%s", s.boatName(st.Boat), g.name(d.Area), side(d.Surfaced), count(st.N, "move"), s.displayBrief())}
	for _, n := range g.neighbours(d.Area) {
		a.Options = append(a.Options, opt("to:"+g.code(n), "→ "+s.areaLabel(n), "UBL-6.7"))
	}
	if g.kindOf(d.Area) == RingLong {
		a.Options = append(a.Options, opt("exit", "Leave the display (this boat's battle is over)", "UBL-6.7"))
	}
	a.Options = append(a.Options, opt("stop", "Stop here", "UBL-6.7"))
	return a
}

func (s *State) answerMoveStep(st Step, key string) {
	d := s.dispOf(st.Boat)
	switch {
	case key == "stop":
	case key == "exit":
		d.Left = true
		s.note("UBL-6.7", "%s leaves the display from %s.", s.Fleet[st.Boat].ID, s.display().name(d.Area))
	default:
		d.Area, _ = s.display().idOf(key[3:])
		s.push(Step{Op: "move_step", Boat: st.Boat, N: st.N - 1})
	}
}

// autoMoveStep moves an Unfit boat off the display by the most direct
// route (UBL-6.7): towards the nearest long-range area, then off.
func (s *State) autoMoveStep(st Step) {
	d := s.dispOf(st.Boat)
	if st.N <= 0 || d == nil || d.Left || !s.Fleet[st.Boat].unfit() {
		return
	}
	g := s.display()
	if g.kindOf(d.Area) == RingLong {
		s.answerMoveStep(st, "exit")
		return
	}
	best, bestD := "", 1<<20
	for _, n := range g.neighbours(d.Area) {
		for _, l := range g.ring[RingLong] {
			if dd := g.Dist(n, l); dd < bestD {
				best, bestD = n, dd
			}
		}
	}
	s.note("UBL-6.7", "%s is Unfit and heads off the display.", s.Fleet[st.Boat].ID)
	s.answerMoveStep(st, "to:"+best)
}

// wake moves every ship and U-boat slower than the reference ship towards
// the convoy's wake (UBL-6.10 "Movimento di Scia").
func (s *State) wake(st Step) {
	bt := s.Battle
	if len(bt.boatsOn()) == 0 {
		return
	}
	ref, refSpeed := -1, -1
	for pass := 0; pass < 2 && ref < 0; pass++ {
		// The fastest merchant, straggler or warship; with none, the fastest escort.
		for _, i := range bt.shipsOn() {
			sh := &bt.Ships[i]
			if sh.escort() == (pass == 0) {
				continue
			}
			if v := s.shipSpeed(sh); v > refSpeed {
				ref, refSpeed = i, v
			}
		}
	}
	if ref < 0 {
		return
	}
	s.note("UBL-6.10", "Wake movement: the reference ship is %s, speed %d; slower ships and U-boats fall back towards the wake.", s.shipName(ref), refSpeed)
	var steps []Step
	for _, i := range bt.shipsOn() {
		if i == ref {
			continue
		}
		if v := s.shipSpeed(&bt.Ships[i]); v < refSpeed {
			steps = append(steps, Step{Op: "wake_ship", Ship: i, N: s.drift(refSpeed - v)})
		}
	}
	for _, k := range bt.boatsOn() {
		steps = append(steps, Step{Op: "wake_boat", Boat: bt.Boats[k].Boat, N: refSpeed})
	}
	s.push(steps...)
}

// drift is how far a deficit moves: 1, 2, 3 areas by the table, and beyond
// by the ruling wake_over_3.
func (s *State) drift(deficit int) int {
	if deficit > 3 && s.ruling("wake_over_3") == "cap_3" {
		return 3
	}
	return deficit
}

// wakeOutcomes are where n areas towards the wake lead: areas, or "" for
// off the display (the wake reached with movement left).
func (s *State) wakeOutcomes(from string, n int) []string {
	g := s.display()
	if n == 0 {
		return []string{from}
	}
	if n > g.Dist(from, g.def.Wake) {
		return []string{""}
	}
	return g.towards(from, g.def.Wake, n)
}

func (s *State) askWakeShip(st Step) *ask {
	sh := &s.Battle.Ships[st.Ship]
	outs := s.wakeOutcomes(sh.Area, st.N)
	if len(outs) <= 1 {
		return nil
	}
	a := &ask{Case: "UBL-6.10", Text: s.f("Wake movement: %s (speed %d) falls back %s towards the wake; where to (UBL-6.10)?", s.shipName(st.Ship), s.shipSpeed(sh), count(st.N, "area"))}
	for _, o := range outs {
		a.Options = append(a.Options, opt("to:"+s.display().code(o), s.areaLabel(o), "UBL-6.10"))
	}
	return a
}

func (s *State) autoWakeShip(st Step) {
	sh := &s.Battle.Ships[st.Ship]
	s.answerWakeShip(st, "to:"+s.wakeOutcomes(sh.Area, st.N)[0])
}

func (s *State) answerWakeShip(st Step, key string) {
	sh := &s.Battle.Ships[st.Ship]
	to, _ := s.display().idOf(key[3:])
	if to == "" {
		sh.Off, sh.Area = true, ""
		s.note("UBL-6.10", "%s drifts into the wake with movement left: it is off the display, its part in the battle over.", s.shipName(st.Ship))
		return
	}
	s.note("UBL-6.10", "%s falls back %d to %s.", s.shipName(st.Ship), st.N, s.display().name(to))
	sh.Area = to
}

// boatDrifts are the drifts a U-boat may take: the reference speed less
// the speed it declares, from its counter's speed down to 0 (UBL-6.10); a
// boat on silent running counts speed 0 (UBL-6.9).
func (s *State) boatDrifts(boat, refSpeed int) []int {
	d := s.dispOf(boat)
	speed := s.boatSpeed(d)
	if d.Silent {
		speed = 0
	}
	var out []int
	for declared := min(speed, refSpeed); declared >= 0; declared-- {
		out = append(out, s.drift(refSpeed-declared))
	}
	return out
}

type wakeChoice struct {
	n  int
	to string
}

func (s *State) wakeBoatChoices(st Step) []wakeChoice {
	d := s.dispOf(st.Boat)
	var out []wakeChoice
	seen := map[string]bool{}
	for _, n := range s.boatDrifts(st.Boat, st.N) {
		for _, o := range s.wakeOutcomes(d.Area, n) {
			if !seen[o] {
				seen[o] = true
				out = append(out, wakeChoice{n, o})
			}
		}
	}
	return out
}

func (s *State) askWakeBoat(st Step) *ask {
	d := s.dispOf(st.Boat)
	if d == nil || d.Left {
		return nil
	}
	ch := s.wakeBoatChoices(st)
	if len(ch) <= 1 {
		return nil
	}
	a := &ask{Case: "UBL-6.10", Text: s.f("Wake movement: the reference speed is %d. %s (speed %d, in %s) may declare a lower speed and fall back further (UBL-6.10).", st.N, s.boatName(st.Boat), s.boatSpeed(d), s.display().name(d.Area))}
	for k, c := range ch {
		label := fmt.Sprintf("Fall back %d: %s", c.n, s.areaLabel(c.to))
		switch {
		case c.n == 0:
			label = "Hold position in " + s.areaLabel(c.to)
		case c.to == "":
			label = fmt.Sprintf("Fall back %d: off the display in the wake (its battle is over)", c.n)
		}
		a.Options = append(a.Options, opt(fmt.Sprint(k), label, "UBL-6.10"))
	}
	return a
}

func (s *State) autoWakeBoat(st Step) {
	d := s.dispOf(st.Boat)
	if d == nil || d.Left {
		return
	}
	s.answerWakeBoat(st, "0")
}

func (s *State) answerWakeBoat(st Step, key string) {
	c := s.wakeBoatChoices(st)[atoi(key)]
	d := s.dispOf(st.Boat)
	id := s.Fleet[st.Boat].ID
	switch {
	case c.n == 0 || c.to == d.Area:
	case c.to == "":
		d.Left = true
		s.note("UBL-6.10", "%s falls back into the wake with movement left: off the display, its battle over.", id)
	default:
		d.Area = c.to
		s.note("UBL-6.10", "%s falls back %d to %s.", id, c.n, s.display().name(c.to))
	}
}

// identify reveals every unknown ship within 2 areas of a U-boat on the
// display (UBL-6.8 "Avvistamento degli Obiettivi"), one draw at a time.
func (s *State) identify(st Step) {
	bt := s.Battle
	if bt == nil {
		return
	}
	g := s.display()
	for _, i := range bt.shipsOn() {
		sh := &bt.Ships[i]
		if sh.known() {
			continue
		}
		for _, k := range bt.boatsOn() {
			if g.Dist(sh.Area, bt.Boats[k].Area) <= 2 {
				s.push(Step{Op: "reveal", Ship: i, Key: "sighted"}, Step{Op: "identify"})
				return
			}
		}
	}
}

// deckFor is the deck an unknown counter is identified from (UBL-6.8).
func deckFor(kind string) string {
	switch kind {
	case ShipEscort:
		return DeckEscorts
	case ShipFleetEscort:
		return DeckEscortFleet
	case ShipWarship:
		return DeckWarships
	}
	return DeckMerchants
}

func (s *State) reveal(st Step) {
	sh := &s.Battle.Ships[st.Ship]
	if sh.known() {
		return
	}
	s.push(Step{Op: "draw", Key: deckFor(sh.Kind)}, Step{Op: "identified", Ship: st.Ship, Key: st.Key})
}

func (s *State) identified(st Step) {
	sh := &s.Battle.Ships[st.Ship]
	n := s.takeDrawn()
	deck := deckFor(sh.Kind)
	c := s.shipOf(deck, n)
	if c.Misidentified {
		// UBL-1.8: the merchant was an escort; draw an Escort card instead.
		s.note("UBL-1.8", "%s at %s is a misidentified escort: an Escort card is drawn.", c.Name, s.display().name(sh.Area))
		s.discard(deck, n)
		sh.Kind = ShipEscort
		s.push(Step{Op: "draw", Key: DeckEscorts}, Step{Op: "identified", Ship: st.Ship, Key: st.Key})
		return
	}
	sh.Deck, sh.Card = deck, n
	why := map[string]string{"sighted": "sighted within 2 areas", "detecting": "it rolls to detect", "attacked": "it is attacked"}[st.Key]
	s.note("UBL-6.8", "%s %s is identified (%s): %s.", sh.Pos, s.display().name(sh.Area), why, s.shipSummary(c))
}

func (s *State) shipSummary(c *ShipCard) string {
	t := fmt.Sprintf("%s (%s), speed %d, %d VP %d XP, torpedo %s, gun %s", c.Name, c.Type, c.Speed, c.VP, c.XP, c.Torpedo, c.Gun)
	if c.Detect != nil {
		t += fmt.Sprintf(", detect %d/%d", c.Detect.Surfaced, c.Detect.Submerged)
	}
	if c.Surface.Set() {
		t += ", attacks surfaced " + c.Surface.String()
	}
	if c.Submerged.Set() {
		t += ", submerged " + c.Submerged.String()
	}
	if c.Carrier {
		t += ", carrier"
	}
	return t
}

// endRound removes the Silent Running and Deep Dive markers; another round
// if U-boats and ships remain (UBL-6.24).
func (s *State) endRound(st Step) {
	bt := s.Battle
	for i := range bt.Boats {
		d := &bt.Boats[i]
		d.Silent, d.Deep, d.Crash, d.Attacked = false, false, false, false
		if s.ruling("xxi_reload") == "once_per_round" {
			d.Reloaded = false
		}
	}
	s.push(Step{Op: "round"})
}

// areaLabel names a display area with what is in it.
func (s *State) areaLabel(id string) string {
	if s.bare {
		return ""
	}
	g := s.display()
	if id == "" {
		return "off the display"
	}
	var in []string
	if s.Battle != nil {
		for _, i := range s.Battle.shipsOn() {
			if s.Battle.Ships[i].Area == id {
				in = append(in, s.shipName(i))
			}
		}
		for _, k := range s.Battle.boatsOn() {
			if d := &s.Battle.Boats[k]; d.Area == id {
				in = append(in, s.Fleet[d.Boat].ID)
			}
		}
	}
	label := fmt.Sprintf("%s (%s)", g.name(id), g.kindOf(id))
	if len(in) > 0 {
		label += ": " + strings.Join(in, ", ")
	}
	return label
}

// displayBrief is the display for prompts: a block of lines, one for
// each area that holds a counter, in the display's order (a battle's dozen
// counters in one line read as a wall of text).
func (s *State) displayBrief() string {
	bt := s.Battle
	if bt == nil || s.bare {
		return ""
	}
	g := s.display()
	in := map[string][]string{}
	for _, i := range bt.shipsOn() {
		sh := &bt.Ships[i]
		p := s.shipName(i)
		if t := sh.damageText(); t != "" {
			p += " (" + t + ")"
		}
		in[sh.Area] = append(in[sh.Area], p)
	}
	for _, k := range bt.boatsOn() {
		d := &bt.Boats[k]
		in[d.Area] = append(in[d.Area], fmt.Sprintf("%s %s%s", s.Fleet[d.Boat].ID, side(d.Surfaced), detectedText(d)))
	}
	lines := []string{fmt.Sprintf("Display (%s):", count(bt.Alerts, "Alert marker"))}
	for _, id := range g.ids {
		if len(in[id]) > 0 {
			lines = append(lines, fmt.Sprintf("  %s (%s): %s", g.name(id), g.code(id), strings.Join(in[id], "; ")))
		}
	}
	return strings.Join(lines, "\n")
}

// reloadTubes moves torpedoes from Stored to Ready up to the card's tubes,
// standard ones first (UBL-6.25, UBL-7.6, UBL-9.1).
func (s *State) reloadTubes(i int, cas string) int {
	b := &s.Fleet[i]
	room := s.card(b).Ready - b.Ready.All()
	moved := 0
	for room > 0 && b.Stored.Torps() > 0 {
		switch takeTorpedo(&b.Stored) {
		case "std":
			b.Ready.Std++
		case "fat":
			b.Ready.FAT++
		case "t5":
			b.Ready.T5++
		}
		room--
		moved++
	}
	if moved > 0 {
		s.note(cas, "%s reloads %s from Stored to Ready (%d ready, %d stored).", b.ID, count(moved, "torpedo"), b.Ready.Torps(), b.Stored.Torps())
	}
	return moved
}
