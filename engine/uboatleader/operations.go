package uboatleader

import (
	"fmt"
)

// The Operations phase (UBL-5 "Fase Operazioni"): one boat at a time, area
// by area, each new area's Moving cards drawn and resolved before the next
// step; a boat that does not move draws its area's Patrolling cards.

func init() {
	register("operations_begin", &opDef{act: (*State).operationsBegin})
	register("ops_pick", &opDef{ask: (*State).askOpsPick, answer: (*State).answerOpsPick, act: (*State).autoOpsPick})
	register("ops_move", &opDef{ask: (*State).askOpsMove, answer: (*State).answerOpsMove, act: (*State).autoOpsMove})
	register("ops_stay", &opDef{act: (*State).opsStay})
}

func (s *State) operationsBegin(st Step) {
	s.Phase = "operations"
	for i := range s.Fleet {
		b := &s.Fleet[i]
		b.Acted, b.Moved, b.Sailed, b.Came = false, false, false, ""
	}
	s.push(Step{Op: "ops_pick"})
}

// opsCandidates are the boats still to act this phase.
func (s *State) opsCandidates() []int {
	var out []int
	for i := range s.Fleet {
		if s.Fleet[i].inPlay() && !s.Fleet[i].Acted {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) askOpsPick(st Step) *ask {
	c := s.opsCandidates()
	if len(c) <= 1 {
		return nil
	}
	a := &ask{Case: "UBL-5.1", Text: "Operations phase (UBL-5): which U-boat moves next? Each finishes its moves and Event cards before the next."}
	for _, i := range c {
		b := &s.Fleet[i]
		a.Options = append(a.Options, opt(fmt.Sprint(i), s.f("%s at %s, stress %d (%s)", s.boatName(i), s.areaName(b.At), b.Stress, stressState(b.Stress)), "UBL-5.1"))
	}
	a.Options = append(a.Options, opt("end", "The others stay where they are (patrolling at sea)", "UBL-5.1"))
	return a
}

func (s *State) answerOpsPick(st Step, key string) {
	if key == "end" {
		var stays []Step
		for _, i := range s.opsCandidates() {
			if s.Fleet[i].unfit() && !s.inPort(&s.Fleet[i]) {
				stays = append(stays, Step{Op: "ops_move", Boat: i}) // it must sail for port (UBL-5.1)
			} else {
				stays = append(stays, Step{Op: "ops_stay", Boat: i})
			}
		}
		s.push(stays...)
		return
	}
	s.push(Step{Op: "ops_move", Boat: atoi(key)}, Step{Op: "ops_pick"})
}

func (s *State) autoOpsPick(st Step) {
	if c := s.opsCandidates(); len(c) == 1 {
		s.push(Step{Op: "ops_move", Boat: c[0]})
	}
}

// allowedArea: a restricted type may operate only in its sheet's areas
// (UBL-2); ports are always open.
func (s *State) allowedArea(b *Boat, area string) bool {
	if s.board().isPort(area) {
		return true
	}
	t := s.card(b).Type
	for _, r := range s.camp().Restrict {
		for _, rt := range r.Types {
			if typeMatches(t, rt) && !contains(r.Areas, area) {
				return false
			}
		}
	}
	return true
}

// moves lists where a boat may go next: adjacent areas it may enter; a
// boat that sailed from a port this phase may not return to one (UBL-2:
// "non possono salpare e ritornare allo stesso tempo"); an Unfit boat only
// towards its nearest port (UBL-5.1).
func (s *State) moves(i int) []string {
	b := &s.Fleet[i]
	g := s.board()
	var out []string
	for _, n := range g.area(b.At).Adjacent {
		if !s.allowedArea(b, n) || b.Sailed && g.isPort(n) {
			continue
		}
		if b.unfit() && g.toPort[n] >= g.toPort[b.At] {
			continue
		}
		out = append(out, n)
	}
	return out
}

// missionsHere are the Special Mission boxes the boat may enter here.
func (s *State) missionsHere(i int) []string {
	b := &s.Fleet[i]
	a := s.board().area(b.At)
	if b.unfit() || a.Kind != KindSea {
		return nil
	}
	var out []string
	for _, m := range b.Missions {
		if m == "mine" && a.Mine != nil || m == "attack" && a.Attack != nil || m == "raider" && a.Raider != nil {
			out = append(out, m)
		}
	}
	return out
}

func (s *State) askOpsMove(st Step) *ask {
	b := &s.Fleet[st.Boat]
	if b.Acted || !b.inPlay() {
		return nil
	}
	inPort := s.inPort(b)
	if b.unfit() {
		// UBL-5.1: an Unfit boat sails for the nearest port; in port it
		// cannot leave (UBL-1.7).
		if inPort || len(s.moves(st.Boat)) <= 1 {
			return nil
		}
	}
	here := s.board().area(b.At)
	a := &ask{Case: "UBL-5.1", Text: s.f("%s at %s (stress %d, %s; %d+%d torpedoes, %d gun rounds, patrols %d of %d): where to?",
		s.boatName(st.Boat), s.areaName(b.At), b.Stress, stressState(b.Stress), b.Ready.Torps(), b.Stored.Torps(), b.Gun, b.Patrols, s.length().Patrols)}
	if b.unfit() {
		a.Text += " Unfit: it sails for the nearest port (UBL-5.1)."
	}
	for _, n := range s.moves(st.Boat) {
		ar := s.board().area(n)
		label := fmt.Sprintf("→ %s (%s)", s.areaName(n), count(ar.Moving, "Event card"))
		if ar.Kind == KindPort {
			label = fmt.Sprintf("→ port %s: ends the patrol (%d of %d)", s.areaName(n), b.Patrols+1, s.length().Patrols)
		} else if ar.NoStop {
			label += ", may not stop there"
		}
		a.Options = append(a.Options, opt("to:"+n, label, "UBL-5.1"))
	}
	if !b.unfit() {
		for _, m := range s.missionsHere(st.Boat) {
			a.Options = append(a.Options, opt("box:"+m, s.f("Enter the %s box: carry out the mission", optionInfo[m].Name), optionInfo[m].Case))
		}
		switch {
		case !b.Moved && inPort:
			a.Options = append(a.Options, opt("stay", "Stay in port", "UBL-5.1"))
		case !b.Moved:
			a.Options = append(a.Options, opt("stay", s.f("Stay and patrol (%s)", count(here.Patrolling, "Event card")), "UBL-5.3"))
		case !here.NoStop:
			a.Options = append(a.Options, opt("stop", "End this boat's move here", "UBL-5.1"))
		}
	}
	return a
}

// autoOpsMove acts when there is nothing to ask: an Unfit boat in port
// stays, one with a single way home takes it.
func (s *State) autoOpsMove(st Step) {
	b := &s.Fleet[st.Boat]
	if b.Acted || !b.inPlay() {
		return
	}
	if s.inPort(b) {
		b.Acted = true
		s.note("UBL-1.7", "%s is Unfit and cannot leave port.", s.boatName(st.Boat))
		return
	}
	m := s.moves(st.Boat)
	if len(m) == 0 {
		// A restricted boat with no way home this phase stays (the map gives none).
		b.Acted = true
		s.note("UBL-5.1", "%s is Unfit but has no nearer area it may enter: it stays.", s.boatName(st.Boat))
		return
	}
	s.answerOpsMove(st, "to:"+m[0])
}

func (s *State) answerOpsMove(st Step, key string) {
	i := st.Boat
	b := &s.Fleet[i]
	switch {
	case key == "stay":
		s.opsStay(st)
	case key == "stop":
		b.Acted = true
		s.note("UBL-5.1", "%s ends its move at %s.", s.boatName(i), s.areaName(b.At))
	case len(key) > 4 && key[:4] == "box:":
		b.Acted = true
		s.push(Step{Op: "mission_box", Boat: i, Key: key[4:]})
	default:
		s.moveTo(i, key[3:])
	}
}

// moveTo takes a boat into an adjacent area (UBL-5.1): a port ends its
// move and its patrol (UBL-5.2); a sea area's Moving cards are drawn.
func (s *State) moveTo(i int, to string) {
	b := &s.Fleet[i]
	from := b.At
	if s.inPort(b) {
		b.Sailed = true
	}
	b.Came, b.At, b.Moved = from, to, true
	// UBL-7.7 (map_reset=into): a boat that enters a new area leaves the
	// Searched box it started the turn in.
	b.Searched = false
	if s.board().isPort(to) {
		b.Patrols++
		b.Acted = true
		s.note("UBL-5.2", "%s enters port at %s: patrol %d of %d completed.", s.boatName(i), s.areaName(to), b.Patrols, s.length().Patrols)
		return
	}
	n := s.board().area(to).Moving
	s.note("UBL-5.1", "%s moves from %s to %s: %s.", s.boatName(i), s.areaName(from), s.areaName(to), count(n, "Event card"))
	s.push(s.eventsStep(i, n), Step{Op: "ops_move", Boat: i})
}

// opsStay: a boat that does not move draws its area's Patrolling cards
// (UBL-5.1); in port none (ports print no patrolling value).
func (s *State) opsStay(st Step) {
	b := &s.Fleet[st.Boat]
	b.Acted = true
	if s.inPort(b) {
		return
	}
	n := s.board().area(b.At).Patrolling
	s.note("UBL-5.3", "%s patrols %s: %s.", s.boatName(st.Boat), s.areaName(b.At), count(n, "Event card"))
	s.push(s.eventsStep(st.Boat, n))
}

// becameUnfit stops a boat that an Event card made Unfit during the
// Operations phase: it goes to its area's Searched box (UBL-5.1), or, in an
// area where it may not stop, to the Searched box of the area it came from.
func (s *State) becameUnfit(i int) {
	b := &s.Fleet[i]
	if s.Phase != "operations" || b.InBox != "" {
		return // in a mission box the mission fails (UBL-4.9-4.11): missions.go
	}
	b.Acted, b.Searched = true, true
	if a := s.board().area(b.At); a != nil && a.NoStop && b.Came != "" {
		b.At = b.Came
		s.note("UBL-5.1", "%s is Unfit in %s, where no boat may stop: it goes to the Searched box of %s.", s.boatName(i), a.Name, s.areaName(b.At))
		return
	}
	s.note("UBL-5.1", "%s is Unfit: it stops, in the Searched box of %s.", s.boatName(i), s.areaName(b.At))
}
