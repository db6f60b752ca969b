package xxi

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// gwModifier is the modifier to the Allied assault dice: none is defined
// (XXI-A19: "a 6 or higher" is a natural 6). The hook is here for an
// owner's optional rules, should their text come to light.
const gwModifier = 0

// grindingWarPhase is 10.0: 1d6 for each army on the track; any 6 moves
// them all up a box (10.1), and in Constant Retreat removes a Crew (10.3).
func (s *State) grindingWarPhase() {
	armies := s.count(AtGWT, nil)
	if armies == 0 {
		s.note("10.0", "Grinding War Phase: no Allied Army on the Grinding War Track; ignored.")
		s.nextPhase()
		return
	}
	six := false
	s.rollD6(armies, "10.1", fmt.Sprintf("Allied assaults: 1d6 for each of %s, a 6 advances them all", plural(armies, "army")), func(faces []int, _ int) string {
		six = slices.ContainsFunc(faces, func(f int) bool { return f+gwModifier >= 6 })
		switch {
		case !six:
			return "no 6: the front holds"
		case s.topBox():
			return "a 6 in Constant Retreat: a Crew counter is removed (10.3)"
		}
		return "a 6: the armies advance"
	})
	switch {
	case !six:
	case !s.topBox():
		s.GWT++
		cas := "10.1"
		if s.topBox() {
			cas = "10.3"
		}
		s.note(cas, "All %s advance to %s: next turn %s drawn and 1d6 + %d Transport Points (10.2).", plural(armies, "army"), s.box().Name, plural(s.box().Draws, "counter"), s.box().Transport)
	default:
		opts := s.retreatOptions()
		switch len(opts) {
		case 0:
			s.note("10.3", "Constant Retreat: no counter on the map or in the Counter Allocation Box to remove; ignored.")
		case 1:
			s.removeForRetreat(strings.TrimPrefix(opts[0].Key, "remove:"))
		default:
			s.Step = stepRetreat
			return
		}
	}
	s.nextPhase()
}

// retreatOptions are the counters Constant Retreat may remove (10.3): a
// Crew counter of the player's choice on the map (lettered spaces and
// shipyard squares included), else any counter in the Counter Allocation
// Box.
func (s *State) retreatOptions() []engine.Option {
	var crew, box []*Counter
	for i := range s.Counters {
		c := &s.Counters[i]
		switch {
		case c.Kind == KindCrew && (strings.HasPrefix(c.At, "space:") || strings.HasPrefix(c.At, "yard:")):
			crew = append(crew, c)
		case c.At == AtAlloc:
			box = append(box, c)
		}
	}
	from := crew
	if len(from) == 0 {
		from = box
	}
	var out []engine.Option
	for _, c := range alike(from) {
		out = append(out, engine.Option{Key: "remove:" + c.ID, Label: fmt.Sprintf("Remove %s (%s)", c.Label(), s.where(c.At)), Case: "10.3"})
	}
	return out
}

// removeForRetreat removes a counter for Constant Retreat: to the Scrap
// Pile (XXI-A14), or out of the game.
func (s *State) removeForRetreat(id string) {
	c := s.counter(id)
	was := s.where(c.At)
	c.At = AtScrap
	to := "the Scrap Pile"
	if s.ruling("A14") == "out" {
		c.At, to = AtOut, "out of the game (XXI-A14=out)"
	}
	s.Tally.Retreat++
	s.note("10.3", "Constant Retreat: %s (%s) is removed, to %s.", c.Label(), was, to)
}

// where says a location in words.
func (s *State) where(at string) string {
	kind, id, _ := strings.Cut(at, ":")
	switch kind {
	case "space":
		return "on " + s.spaceName(id)
	case "yard":
		return "in " + s.spaceName(id) + "'s shipyard squares"
	case "area":
		for _, p := range s.pack.Tracks.Paths {
			if p.ID == id {
				return "in the " + p.Area.Name
			}
		}
	case "mdt":
		return "on the Model Development Track (model " + id + ")"
	}
	return map[string]string{AtCDP: "in the Counter Draw Pile", AtAlloc: "in the Counter Allocation Box", AtScrap: "in the Scrap Pile",
		AtGTR: "on the Götterdämmerung track", AtGWT: "on the Grinding War Track", AtValentin: "in the Valentin U-boat Shelter",
		AtPen: "in the Prototype U-boat Pen", AtAside: "set aside", AtOut: "out of the game"}[at]
}
