package uboatleader

import (
	"fmt"
)

// The escorts' movement step (UBL-6.11 "Avvistamento: Scorta", UBL-6.12
// "Movimento Scorta"): each escort, in the order the player likes, first
// rolls to detect, then moves: towards a detected U-boat if there is one,
// else by the d10 or at random by its ring. Merchants, stragglers and
// warships never roll to detect.

func init() {
	register("escorts", &opDef{ask: (*State).askEscorts, answer: (*State).answerEscorts, act: (*State).autoEscorts, routine: true})
	register("escort_detect", &opDef{act: (*State).escortDetect})
	register("escort_move", &opDef{act: (*State).escortMove})
}

// escortsToAct are the escorts on the display that have not acted this round.
func (s *State) escortsToAct() []int {
	bt := s.Battle
	if len(bt.boatsOn()) == 0 {
		return nil
	}
	var out []int
	for _, i := range bt.shipsOn() {
		if bt.Ships[i].escort() && !containsInt(bt.Acted, i) {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) askEscorts(st Step) *ask {
	e := s.escortsToAct()
	if len(e) <= 1 {
		return nil
	}
	a := &ask{Case: "UBL-6.11", Text: "Escorts (UBL-6.11): each detects and then moves, in the order you choose. Which acts next?"}
	for _, i := range e {
		a.Options = append(a.Options, opt(fmt.Sprint(i), s.f("%s in %s", s.shipName(i), s.display().name(s.Battle.Ships[i].Area)), "UBL-6.11"))
	}
	return a
}

func (s *State) answerEscorts(st Step, key string) { s.escortAct(atoi(key)) }

func (s *State) autoEscorts(st Step) {
	if e := s.escortsToAct(); len(e) == 1 {
		s.escortAct(e[0])
	}
}

// escortAct: the escort rolls to detect (revealed first if unknown,
// UBL-6.8), then moves; then the next escort.
func (s *State) escortAct(i int) {
	bt := s.Battle
	bt.Acted = append(bt.Acted, i)
	steps := []Step{}
	if len(s.detectTargets(i)) > 0 && !bt.Ships[i].known() {
		steps = append(steps, Step{Op: "reveal", Ship: i, Key: "detecting"})
	}
	steps = append(steps, Step{Op: "escort_detect", Ship: i}, Step{Op: "escort_move", Ship: i}, Step{Op: "identify"}, Step{Op: "escorts"})
	s.push(steps...)
}

// detectRange is how far an escort sees a boat: 0-2 surfaced, 0-1
// submerged, +1 per Alert marker (UBL-6.11).
func (s *State) detectRange(d *OnDisp) int {
	r := 1
	if d.Surfaced {
		r = 2
	}
	return r + s.Battle.Alerts
}

// detectTargets are the undetected boats the escort may roll against: all
// in range, or the nearest (ruling escort_detection).
func (s *State) detectTargets(i int) []int {
	bt := s.Battle
	sh := &bt.Ships[i]
	g := s.display()
	var in []int
	near := 1 << 20
	for _, k := range bt.boatsOn() {
		d := &bt.Boats[k]
		if d.Detected {
			continue
		}
		if r := g.Dist(sh.Area, d.Area); r <= s.detectRange(d) {
			in = append(in, k)
			near = min(near, r)
		}
	}
	if s.ruling("escort_detection") == "each_boat" || len(in) <= 1 {
		return in
	}
	var nearest []int
	for _, k := range in {
		if g.Dist(sh.Area, bt.Boats[k].Area) == near {
			nearest = append(nearest, k)
		}
	}
	return nearest
}

// tacticsOf draws an Escort Tactics counter for an escort the first time it
// tries to detect or attack, in campaigns from June 1942 (UBL-6.22); it
// stays on the escort's card to the end of the battle.
func (s *State) tacticsOf(i int) *TacticsCounter {
	sh := &s.Battle.Ships[i]
	if sh.Tactics == 0 && s.tactics() && len(s.Cup) > 0 {
		names := make([]string, len(s.Cup))
		for k, c := range s.Cup {
			t := s.pack.Tactics[c]
			names[k] = fmt.Sprintf("+%d/+%d", t.Detect, t.Attack)
		}
		k := s.pick("UBL-6.22", fmt.Sprintf("Escort Tactics counter for %s", s.shipName(i)), names)
		sh.Tactics = s.Cup[k] + 1
		s.Cup = append(s.Cup[:k:k], s.Cup[k+1:]...)
		t := s.pack.Tactics[sh.Tactics-1]
		s.note("UBL-6.22", "%s draws an Escort Tactics counter: +%d Detect, +%d Attack.", s.shipName(i), t.Detect, t.Attack)
	}
	if sh.Tactics == 0 {
		return nil
	}
	return &s.pack.Tactics[sh.Tactics-1]
}

// escortDetect rolls the escort's detection against each boat it may see:
// d10 + modifiers at or over its Detect number (UBL-6.11).
func (s *State) escortDetect(st Step) {
	bt := s.Battle
	targets := s.detectTargets(st.Ship)
	if len(targets) == 0 {
		return
	}
	if s.ruling("escort_detection") == "nearest_boat" && len(targets) > 1 {
		names := make([]string, len(targets))
		for k, t := range targets {
			names[k] = s.Fleet[bt.Boats[t].Boat].ID
		}
		targets = []int{targets[s.pick("UBL-6.11", s.shipName(st.Ship)+" rolls against the nearest boat", names)]}
	}
	sh := &bt.Ships[st.Ship]
	c := s.shipCard(sh)
	tac := s.tacticsOf(st.Ship)
	for _, k := range targets {
		d := &bt.Boats[k]
		if d.Detected {
			continue
		}
		need := c.Detect.Submerged
		if d.Surfaced {
			need = c.Detect.Surfaced
		}
		mods := []mod{{Value: bt.Alerts, Reason: "Alert markers", Case: "UBL-6.11"}}
		if sh.Light > 0 {
			mods = append(mods, mod{Value: -1, Reason: "light damage", Case: "UBL-6.17"})
		}
		if sh.Heavy > 0 {
			mods = append(mods, mod{Value: -2, Reason: "heavy damage", Case: "UBL-6.17"})
		}
		if tac != nil {
			mods = append(mods, mod{Value: tac.Detect, Reason: "Escort Tactics", Case: "UBL-6.22"})
		}
		id := s.Fleet[d.Boat].ID
		_, total := s.d10("UBL-6.11", fmt.Sprintf("%s tries to detect %s (%s, range %d)", c.Name, id, side(d.Surfaced), s.display().Dist(sh.Area, d.Area)), mods, func(_, total int) string {
			if total >= need {
				return fmt.Sprintf(">= Detect %d: detected", need)
			}
			return fmt.Sprintf("< Detect %d: not detected", need)
		})
		if total >= need {
			// Detected by one escort, detected by all: one marker (UBL-6.11).
			d.Detected = true
		}
	}
}

// escortMove moves the escort (UBL-6.12): with a detected boat on the
// display, up to its speed straight at one (picked at random among
// several), stopping in its area; with none, by the d10 in short range,
// else to a random adjacent area of the next ring in.
func (s *State) escortMove(st Step) {
	bt := s.Battle
	sh := &bt.Ships[st.Ship]
	if !sh.onDisplay() || len(bt.boatsOn()) == 0 {
		return
	}
	g := s.display()
	name := s.shipName(st.Ship)
	var detected []int
	for _, k := range bt.boatsOn() {
		if bt.Boats[k].Detected {
			detected = append(detected, k)
		}
	}
	if len(detected) > 0 {
		names := make([]string, len(detected))
		for k, t := range detected {
			names[k] = s.Fleet[bt.Boats[t].Boat].ID
		}
		target := bt.Boats[detected[s.pick("UBL-6.12", name+" heads for a detected U-boat", names)]].Area
		from := sh.Area
		if from == target {
			s.note("UBL-6.12", "%s stays in %s, with the detected U-boat.", name, g.name(from))
			return
		}
		for n := s.shipSpeed(sh); n > 0 && sh.Area != target; n-- {
			// The first neighbour one step nearer, in the display's order: a
			// fixed priority, the rules naming none.
			for _, nb := range g.neighbours(sh.Area) {
				if g.Dist(nb, target) < g.Dist(sh.Area, target) {
					sh.Area = nb
					break
				}
			}
		}
		s.note("UBL-6.12", "%s moves from %s to %s, towards the detected U-boat in %s.", name, g.name(from), g.name(sh.Area), g.name(target))
		return
	}
	kind := g.kindOf(sh.Area)
	rollFirst := kind == RingShort || s.ruling("escort_move_outside_short") == "d10_first"
	if rollFirst {
		_, roll := s.d10("UBL-6.12", name+" patrols (no U-boat detected)", nil, func(_, total int) string {
			switch {
			case kind != RingShort && total >= 4 && total <= 7:
				return "stays (escort_move_outside_short=d10_first)"
			case kind != RingShort:
				return "moves at random"
			case total <= 3:
				return "1 area counter-clockwise"
			case total <= 7:
				return "stays"
			}
			return "1 area clockwise"
		})
		if kind == RingShort {
			switch {
			case roll <= 3:
				s.moveEscort(st.Ship, g.turn(sh.Area, -1), "counter-clockwise")
			case roll >= 8:
				s.moveEscort(st.Ship, g.turn(sh.Area, 1), "clockwise")
			}
			return
		}
		if roll >= 4 && roll <= 7 {
			return
		}
	}
	want := RingShort // from a convoy or medium area (or the wake)
	if kind == RingLong {
		want = RingMedium
	}
	var choices []string
	for _, nb := range g.neighbours(sh.Area) {
		if g.kindOf(nb) == want {
			choices = append(choices, nb)
		}
	}
	if len(choices) == 0 {
		return
	}
	names := make([]string, len(choices))
	for k, c := range choices {
		names[k] = g.name(c)
	}
	to := choices[s.pick("UBL-6.12", name+" moves to an adjacent "+want+"-range area", names)]
	s.moveEscort(st.Ship, to, "at random")
}

func (s *State) moveEscort(i int, to, how string) {
	sh := &s.Battle.Ships[i]
	s.note("UBL-6.12", "%s moves %s from %s to %s.", s.shipName(i), how, s.display().name(sh.Area), s.display().name(to))
	sh.Area = to
}
