package xxi

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// nextModel is the model the next build must be (8.0: A, then B, C and D
// in order); a fifth build repeats D (XXI-A9 repeat_d); nil when none may
// be built.
func (s *State) nextModel() *content.Model {
	ms := s.pack.Tracks.Models
	switch {
	case s.count(AtPen, nil) == 0:
		return nil // 8.1: five XXI counters, never more (16.1.5 off)
	case len(s.Built) < len(ms):
		return &ms[len(s.Built)]
	case s.ruling("A9") == "repeat_d":
		return &ms[len(ms)-1]
	}
	return nil
}

// model is the model whose ratings every XXI uses: the last built (8.5).
func (s *State) model() *content.Model {
	if len(s.Built) == 0 {
		return nil
	}
	for i, m := range s.pack.Tracks.Models {
		if m.Model == s.Built[len(s.Built)-1] {
			return &s.pack.Tracks.Models[i]
		}
	}
	return nil
}

// constructionPhase is 8.0: at most one build a turn (8.4).
func (s *State) constructionPhase() {
	if len(s.buildOptions()) > 1 {
		s.Step = stepBuild
		return
	}
	s.note("8.1", "Construction Phase: %s", s.whyNoBuild())
	s.nextPhase()
}

// whyNoBuild says why nothing can be built.
func (s *State) whyNoBuild() string {
	m := s.nextModel()
	switch {
	case m == nil && s.count(AtPen, nil) == 0:
		return "no Type XXI counter is left in the Prototype Pen (8.1)."
	case m == nil:
		return "model D was the last (XXI-A9=not_allowed)."
	case s.count(AtAlloc, func(c Counter) bool { return c.Kind == KindIBG }) == 0:
		return fmt.Sprintf("model %s needs an IBG Command in the Counter Allocation Box, and there is none (8.1).", m.Model)
	}
	return fmt.Sprintf("no shipyard holds model %s's %d Hull, %d Systems and %d Crew in its squares (8.1).", m.Model, m.Cost.Hull, m.Cost.Systems, m.Cost.Crew)
}

// canBuild says whether a shipyard's squares hold a model's cost (8.1,
// 8.2: the exact resources; 8.3 follows from the squares).
func (s *State) canBuild(m *content.Model, yard string) bool {
	n := map[string]int{}
	for _, c := range s.at(yardAt(yard)) {
		n[c.Kind]++
	}
	return n[KindHull] >= m.Cost.Hull && n[KindSystems] >= m.Cost.Systems && n[KindCrew] >= m.Cost.Crew
}

// buildOptions are build:MODEL:YARD for each shipyard that can build the
// next model, with skip (and, under XXI-A11 construction_too, the free
// transfers into squares).
func (s *State) buildOptions() []engine.Option {
	var out []engine.Option
	if s.ruling("A11") == "construction_too" {
		out = append(out, s.yardOptions("XXI-A11")...)
	}
	m := s.nextModel()
	if m != nil && s.count(AtAlloc, func(c Counter) bool { return c.Kind == KindIBG }) > 0 {
		for _, sp := range s.pack.Map.Spaces {
			if sp.Shipyard > 0 && s.canBuild(m, sp.ID) {
				out = append(out, engine.Option{Key: "build:" + m.Model + ":" + sp.ID,
					Label: fmt.Sprintf("Build a Type XXI model %s at %s (%d Hull, %d Systems, %d Crew from its squares, and an IBG Command)", m.Model, s.spaceName(sp.ID), m.Cost.Hull, m.Cost.Systems, m.Cost.Crew),
					Short: fmt.Sprintf("Build XXI %s at %s", m.Model, sp.Name), Case: "8.1"})
			}
		}
	}
	return append(out, engine.Option{Key: "skip", Label: "Build nothing this turn", Short: "Skip", Case: "8.0", Safe: true})
}

// build applies build:MODEL:YARD (8.4, 8.5).
func (s *State) build(key string) {
	parts := strings.Split(key, ":")
	yard := parts[2]
	m := s.nextModel()
	need := map[string]int{KindHull: m.Cost.Hull, KindSystems: m.Cost.Systems, KindCrew: m.Cost.Crew}
	var used []*Counter
	for _, c := range s.at(yardAt(yard)) {
		if need[c.Kind] > 0 {
			need[c.Kind]--
			c.At = AtScrap
			used = append(used, c)
		}
	}
	ibg := s.at(AtAlloc)
	var cmd *Counter
	for _, c := range ibg {
		if c.Kind == KindIBG {
			cmd = c
			break
		}
	}
	fifth := len(s.Built) >= len(s.pack.Tracks.Models)
	where := "on model " + m.Model + "'s command square of the Model Development Track (8.4)"
	cmd.At = "mdt:" + m.Model
	if fifth && s.ruling("A10") == "scrap" {
		cmd.At = AtScrap
		where = "to the Scrap Pile, model D's command square being taken (XXI-A10)"
	} else if fifth {
		where = "on the Model Development Track beside model D's, out of play (XXI-A10=mdt)"
	}
	boat := s.at(AtPen)[0]
	boat.At = AtValentin
	boat.Depleted = false
	s.Built = append(s.Built, m.Model)
	if s.Tally.Built == nil {
		s.Tally.Built = map[string]int{}
	}
	s.Tally.Built[m.Model]++
	s.note("8.4", "%s builds a Type XXI model %s: %s to the Scrap Pile, the IBG Command %s; %s goes from the Prototype Pen to the Valentin U-boat Shelter.",
		s.spaceName(yard), m.Model, labels(used), where, boat.ID)
	if n := s.count(AtValentin, func(c Counter) bool { return c.Kind == KindXXI }); n > 1 {
		s.note("8.5", "Every Type XXI now uses model %s's ratings: Engine %d, Silence %d, Attack %d, Defense %d (Type VIIs keep theirs, XXI-A22).", m.Model, m.Engine, m.Silence, m.Attack, m.Defense)
	}
}
