package xxi

import (
	"fmt"

	"github.com/kaleun/kaleun/engine/xxi/battle"
)

// ratings are a flotilla's dice and defense: 2/2/2/2 for a Type VII
// (2.1.1, XXI-A22), the last built model's for a Type XXI (8.5).
func (s *State) ratings(c *Counter) battle.Ratings {
	if c.Kind == KindXXI {
		if m := s.model(); m != nil {
			return battle.Ratings{Engine: m.Engine, Silence: m.Silence, Attack: m.Attack, Defense: m.Defense}
		}
	}
	return battle.Ratings{Engine: 2, Silence: 2, Attack: 2, Defense: 2}
}

// battlePhase is 9.0, played by engine/xxi/battle: the flotillas in
// Valentin, the pack's paths and the convoys in the convoy areas.
func (s *State) battlePhase() {
	if s.Battle != nil {
		if s.Battle.Prompt() != nil {
			s.Step = stepBattle
			return
		}
		s.endBattle()
		return
	}
	setup := battle.Setup{Paths: s.pack.Tracks.Paths, Rulings: s.battleRulings()}
	for _, c := range s.at(AtValentin) {
		setup.Flotillas = append(setup.Flotillas, battle.Flotilla{ID: c.ID, Class: c.Kind, Ratings: s.ratings(c), Depleted: c.Depleted})
	}
	for _, p := range s.pack.Tracks.Paths {
		for _, c := range s.at(areaAt(p.ID)) {
			setup.Convoys = append(setup.Convoys, battle.Convoy{ID: c.ID, Value: c.Value, Path: p.ID})
		}
	}
	ph, err := battle.New(setup)
	if err != nil {
		panic(failure{fmt.Errorf("xxi: the Battle Phase: %w", err)})
	}
	if ph.Prompt() == nil {
		s.note("9.1", "Battle Phase: no full-strength flotilla in the Valentin U-boat Shelter can sail.")
		s.nextPhase()
		return
	}
	s.Battle = &ph
	s.Step = stepBattle
}

// battleChoice answers the Battle Phase's prompt.
func (s *State) battleChoice(key string) {
	ph, events, err := s.Battle.Apply(key, s.rn.dice)
	if err != nil {
		panic(failure{fmt.Errorf("xxi: the Battle Phase: %w", err)})
	}
	for _, e := range events {
		s.emit(e)
	}
	s.Battle = &ph
	if ph.Prompt() == nil {
		s.endBattle()
	}
}

// endBattle reads the flotillas and convoys back as they stand: a sunk
// flotilla to the Scrap Pile, never to return to the Counter Draw Pile
// (2.1.1, 2.1.2, 2.4.3); a sunk convoy to the Scrap Pile (9.7).
func (s *State) endBattle() {
	for _, f := range s.Battle.Flotillas() {
		c := s.counter(f.ID)
		c.Depleted = f.Depleted
		if f.Sunk {
			c.At, c.Depleted = AtScrap, false
			if s.Tally.FlotillasLost == nil {
				s.Tally.FlotillasLost = map[string]int{}
			}
			s.Tally.FlotillasLost[c.Kind]++
		}
	}
	for _, v := range s.Battle.Convoys() {
		if v.Sunk {
			s.counter(v.ID).At = AtScrap
			s.Tally.ConvoysSunk++
		}
	}
	s.Battle = nil
	s.note("9.9", "The Battle Phase is over.")
	s.nextPhase()
}
