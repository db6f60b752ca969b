package xxi

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// movementPhase is 7.0: 1d6 plus the Grinding War box's fixed points
// (7.1), then the player's moves until Done, or until none is left.
func (s *State) movementPhase() {
	if !s.Entered {
		s.Entered = true
		s.Moved = nil
		fixed := s.box().Transport
		_, d := s.rollD6(1, "7.1", fmt.Sprintf("Transport Points: 1d6 + %d (Grinding War box %s)", fixed, s.box().Name), func(_ []int, sum int) string {
			return fmt.Sprintf("%d Transport Points", sum+fixed)
		})
		s.TP = d + fixed
	}
	if len(s.moveOptions()) > 1 {
		s.Step = stepMove
		return
	}
	s.endMovement()
}

func (s *State) endMovement() {
	if s.TP > 0 {
		s.note("7.1", "%s unspent, lost (7.1: never saved from turn to turn).", plural(s.TP, "Transport Point"))
	}
	s.TP = 0
	s.nextPhase()
}

// alike picks, among counters, one of each kind on each place: moving
// either of two Hull A on space A is the same move, so it is offered once.
func alike(cs []*Counter) []*Counter {
	seen := map[string]bool{}
	var out []*Counter
	for _, c := range cs {
		k := c.sort() + "@" + c.At
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// moveOptions are the moves open now (7.2): one link for 1 Transport
// Point, once a turn, never into a devastated space; the free transfer
// into a shipyard's squares (XXI-A11); and Done.
func (s *State) moveOptions() []engine.Option {
	var out []engine.Option
	var movable []*Counter
	for i := range s.Counters {
		c := &s.Counters[i]
		if c.resource() && strings.HasPrefix(c.At, "space:") {
			movable = append(movable, c)
		}
	}
	if s.TP > 0 {
		var free []*Counter
		for _, c := range movable {
			if !s.moved(c.ID) {
				free = append(free, c)
			}
		}
		for _, c := range alike(free) {
			from := strings.TrimPrefix(c.At, "space:")
			for _, n := range s.neighbours(from) {
				if s.devastated(n) != nil {
					continue // 7.2: movement into devastated spaces is prohibited
				}
				out = append(out, engine.Option{Key: "move:" + c.ID + ":" + n, Label: fmt.Sprintf("Move %s from %s to %s (1 TP)", c.Label(), s.spaceName(from), s.spaceName(n)),
					Short: fmt.Sprintf("%s %s→%s", c.Label(), from, n), Case: "7.2"})
			}
		}
	}
	out = append(out, s.yardOptions("7.2")...)
	return append(out, engine.Option{Key: "done", Label: fmt.Sprintf("Done moving (%s left, lost)", plural(s.TP, "Transport Point")), Short: "Done", Case: "7.1", Safe: true})
}

// yardOptions are the free transfers from a shipyard city into its
// squares, while squares are free (7.2, 2.5; XXI-A11: any resource on the
// city, even one arrived this turn).
func (s *State) yardOptions(cas string) []engine.Option {
	var out []engine.Option
	for _, sp := range s.pack.Map.Spaces {
		if sp.Shipyard == 0 || s.count(yardAt(sp.ID), nil) >= sp.Shipyard {
			continue
		}
		var here []*Counter
		for _, c := range s.at(spaceAt(sp.ID)) {
			if c.resource() {
				here = append(here, c)
			}
		}
		for _, c := range alike(here) {
			out = append(out, engine.Option{Key: "yard:" + c.ID, Label: fmt.Sprintf("Put %s into %s's shipyard squares (free; %d of %d taken)", c.Label(), s.spaceName(sp.ID), s.count(yardAt(sp.ID), nil), sp.Shipyard),
				Short: fmt.Sprintf("%s → %s yard", c.Label(), sp.Name), Case: cas})
		}
	}
	return out
}

// move applies a move: key move:ID:SPACE.
func (s *State) move(key string) {
	rest := strings.TrimPrefix(key, "move:")
	id, to, _ := strings.Cut(rest, ":")
	c := s.counter(id)
	from := strings.TrimPrefix(c.At, "space:")
	c.At = spaceAt(to)
	s.TP--
	s.Moved = append(s.Moved, id)
	s.note("7.2", "%s moves from %s to %s: %s left.", c.Label(), s.spaceName(from), s.spaceName(to), plural(s.TP, "Transport Point"))
}

// toYard applies a free transfer: key yard:ID.
func (s *State) toYard(key string) {
	c := s.counter(strings.TrimPrefix(key, "yard:"))
	hub := strings.TrimPrefix(c.At, "space:")
	c.At = yardAt(hub)
	s.note("7.2", "%s goes into %s's shipyard squares (free): %d of %d taken.", c.Label(), s.spaceName(hub), s.count(yardAt(hub), nil), s.space(hub).Shipyard)
}
