package xxi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The decisions a game waits for (State.Step).
const (
	stepDraw    = "draw"    // physical mode: which counter came up (4.0)
	stepMove    = "move"    // 7.2
	stepBuild   = "build"   // 8.0
	stepBattle  = "battle"  // 9.0 (engine/xxi/battle)
	stepRetreat = "retreat" // 10.3
	stepRepair  = "repair"  // 11.2
	stepMarker  = "marker"  // 12.2
)

// advance runs the phases, in the order of 3.0, up to the next decision
// or the end of the game.
func (s *State) advance() {
	for !s.Done && s.Step == "" {
		switch s.Phase {
		case PhaseDraw:
			s.drawPhase()
		case PhaseAllocation:
			s.allocationPhase()
		case PhaseBombing:
			s.bombingPhase()
		case PhaseMovement:
			s.movementPhase()
		case PhaseConstruction:
			s.constructionPhase()
		case PhaseBattle:
			s.battlePhase()
		case PhaseGrindingWar:
			s.grindingWarPhase()
		case PhaseRepair:
			s.repairPhase()
		case PhaseEnd:
			s.endPhase()
		default:
			panic(fmt.Sprintf("xxi: no phase %d", s.Phase))
		}
	}
}

// nextPhase completes a phase before the next begins (3.0).
func (s *State) nextPhase() {
	s.Phase++
	s.Entered = false
}

// drawPhase is 4.0: as many counters as the Grinding War box says, drawn
// blind, each a logged die of as many faces as the pile holds counters
// (or, in physical mode, the counter the owner says he drew).
func (s *State) drawPhase() {
	if !s.Entered {
		s.Entered = true
		s.Drawn = nil
		s.DrawLeft = s.box().Draws
		s.note("4.0", "Turn %d (%s), Draw Phase: %s to draw (Grinding War box %s).", s.Turn, s.month(), plural(s.DrawLeft, "counter"), s.box().Name)
	}
	for s.DrawLeft > 0 {
		if s.count(AtCDP, nil) == 0 && !s.refill() {
			// The text is silent: draw what exists (digest 4.1).
			s.note("4.0", "The Counter Draw Pile is empty even after the refill: %s not drawn.", plural(s.DrawLeft, "counter"))
			s.DrawLeft = 0
			break
		}
		if s.physical() {
			s.Step = stepDraw
			return
		}
		pile := s.at(AtCDP)
		if len(pile) == 1 {
			// No chance in a pile of one: no die.
			s.note("4.0", "4.0 draw: the last counter in the Counter Draw Pile, %s (%s), no die needed.", pile[0].ID, pile[0].Label())
			s.take(pile[0])
			continue
		}
		k := s.die(len(pile), "4.0 draw")
		c := pile[k-1]
		s.emit(engine.Event{Kind: engine.KindRoll, Case: "4.0", Text: "4.0 draw", Roll: &engine.Roll{
			Case: "4.0", Purpose: fmt.Sprintf("4.0 draw from the Counter Draw Pile (%d counters, in counter order)", len(pile)),
			Dice: "1d" + strconv.Itoa(len(pile)), Faces: []int{k}, Natural: k, Total: k, Result: c.ID + " (" + c.Label() + ")"}})
		s.take(c)
	}
	s.nextPhase()
}

// take moves a drawn counter to the Counter Allocation Box (4.0).
func (s *State) take(c *Counter) {
	c.At = AtAlloc
	s.Drawn = append(s.Drawn, c.ID)
	s.DrawLeft--
}

// refill refills an empty Counter Draw Pile (4.0, XXI-A15); U-boat
// counters never go back (2.1.1, 2.1.2). It says whether the pile now
// holds a counter.
func (s *State) refill() bool {
	var back []string
	kept := ""
	for i := range s.Counters {
		c := &s.Counters[i]
		if c.At != AtScrap || c.uboat() {
			continue
		}
		if s.ruling("A15") == "2.4.5" && kept == "" && c.resource() {
			kept = c.ID // 2.4.5: one resource counter stays to mark the turn
			continue
		}
		c.At = AtCDP
		back = append(back, c.ID)
	}
	if s.ruling("A15") == "4.0" && len(s.Markers) > 1 {
		cur := s.Markers[len(s.Markers)-1]
		for _, id := range s.Markers[:len(s.Markers)-1] {
			c := s.counter(id)
			if c.uboat() {
				c.At = AtScrap
				continue
			}
			c.At = AtCDP
			back = append(back, c.ID)
		}
		s.Markers = []string{cur}
	}
	s.Tally.Refills++
	why := "4.0: the Scrap Pile and the turn markers but the current one"
	if s.ruling("A15") == "2.4.5" {
		why = "XXI-A15=2.4.5: the Scrap Pile"
		if kept != "" {
			why += ", but " + kept + " which stays to mark the turn"
		}
	}
	what := plural(len(back), "counter")
	if s.physical() {
		// The owner refills his own cup: he is told which counters.
		var ls []string
		for _, id := range back {
			ls = append(ls, s.counter(id).Label())
		}
		what += ": " + strings.Join(ls, ", ")
	}
	s.note("4.0", "The Counter Draw Pile is empty: refilled with %s (%s), U-boats excepted.", what, why)
	return s.count(AtCDP, nil) > 0
}

// cupSorts are the kinds of counter in the Counter Draw Pile, in counter
// order, with how many of each: a physical draw's choices.
func (s *State) cupSorts() ([]string, map[string]int, map[string]*Counter) {
	var order []string
	n := map[string]int{}
	first := map[string]*Counter{}
	for _, c := range s.at(AtCDP) {
		k := c.sort()
		if n[k] == 0 {
			order = append(order, k)
			first[k] = c
		}
		n[k]++
	}
	return order, n, first
}

// allocationPhase is 5.0: each counter drawn, one by one, to its place.
func (s *State) allocationPhase() {
	var lines []string
	for _, id := range s.Drawn {
		c := s.counter(id)
		if c.At != AtAlloc {
			continue
		}
		switch {
		case c.resource():
			// 5.1: on the lettered space of its letter (5.2: duplicates too).
			c.At = spaceAt(c.Letter)
			lines = append(lines, fmt.Sprintf("%s to %s", c.Label(), s.spaceName(c.Letter)))
		case c.Kind == KindConvoy:
			c.At = areaAt(s.pack.Tracks.Paths[0].ID)
			lines = append(lines, fmt.Sprintf("%s to the %s", c.Label(), s.pack.Tracks.Paths[0].Area.Name))
		case c.Kind == KindArmy:
			// 5.1: the first army to the Enemy Start Box (XXI-A3: the
			// bottom box), every later one to the box of the first.
			if s.GWT < 0 {
				s.GWT = 0
			}
			c.At = AtGWT
			lines = append(lines, fmt.Sprintf("Allied Army to the Grinding War Track (%s)", s.box().Name))
		default:
			// IBG Commands stay until used, Devastation markers until the
			// Bombing Phase (5.1).
			lines = append(lines, c.Label()+" stays in the Counter Allocation Box")
		}
	}
	if len(lines) > 0 {
		s.note("5.1", "Allocation: %s.", strings.Join(lines, "; "))
	}
	s.nextPhase()
}

// hubs are the numbered hub cities, 3 to 18: the spaces 3d6 can bomb
// (lettered spaces never are, 6.0).
func hubs() []string {
	var out []string
	for n := 3; n <= 18; n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// bombingPhase is 6.0: each Devastation marker in the Counter Allocation
// Box placed by 3d6 summed, rerolled onto a hub not yet devastated
// (XXI-A4: a roll per marker; one_roll: one marker a phase).
func (s *State) bombingPhase() {
	var markers []*Counter
	for _, c := range s.at(AtAlloc) {
		if c.Kind == KindDevastation {
			markers = append(markers, c)
		}
	}
	// Markers waiting from earlier turns first, then this turn's in draw order.
	slices.SortStableFunc(markers, func(a, b *Counter) int {
		return slices.Index(s.Drawn, a.ID) - slices.Index(s.Drawn, b.ID)
	})
	if len(markers) == 0 {
		s.note("6.0", "Bombing Devastation Phase: no Devastation marker drawn; nothing happens.")
	}
	for i, m := range markers {
		if i > 0 && s.ruling("A4") == "one_roll" {
			s.note("6.0", "XXI-A4=one_roll: %s waits in the Counter Allocation Box for the next Bombing Phase.", plural(len(markers)-1, "marker"))
			break
		}
		s.bomb(m)
	}
	s.nextPhase()
}

func (s *State) bomb(m *Counter) {
	free := 0
	for _, h := range hubs() {
		if s.devastated(h) == nil {
			free++
		}
	}
	if free == 0 {
		s.note("6.0", "Every hub city is devastated: %s stays in the Counter Allocation Box.", m.Label())
		return
	}
	for {
		_, sum := s.rollD6(3, "6.0", "Bombing: 3d6 summed name the hub city hit", func(_ []int, sum int) string {
			if s.devastated(strconv.Itoa(sum)) != nil {
				return fmt.Sprintf("hub %d is devastated already: reroll", sum)
			}
			return "hub " + s.spaceName(strconv.Itoa(sum))
		})
		hub := strconv.Itoa(sum)
		if s.devastated(hub) != nil {
			continue // 6.0: one marker a hub; reroll
		}
		m.At = spaceAt(hub)
		s.Tally.Bombed++
		lost := append(s.at(spaceAt(hub)), s.at(yardAt(hub))...)
		var gone []*Counter
		for _, c := range lost {
			if c.resource() {
				c.At = AtScrap
				gone = append(gone, c)
			}
		}
		s.Tally.Destroyed += len(gone)
		what := "no resource there"
		if len(gone) > 0 {
			what = "destroyed to the Scrap Pile: " + labels(gone)
			if s.space(hub).Shipyard > 0 {
				what += " (the shipyard's squares with the city, 6.0)"
			}
		}
		s.note("6.0", "%s placed on hub %s; %s.", m.Label(), s.spaceName(hub), what)
		return
	}
}
