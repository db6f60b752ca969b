package uboatleader

import (
	"maps"
	"slices"

	"github.com/kaleun/kaleun/engine"
)

// clone is a copy of the campaign sharing nothing the rules change: every
// slice, map and pointer of the saved state is copied, down to the cards
// entered in physical mode, so that playing the copy never changes s. It
// shares the rules and the pack, which no state writes, and starts without
// the built-in player's caches and outside a decision, as a state decoded
// from s's encoding would (Apply's copy was that before; the conformance
// kit and TestCloneCopiesEveryField hold the two equal).
func (s *State) clone() *State {
	c := *s
	c.rn, c.bare, c.cache, c.hunt = nil, false, nil, nil
	c.Setup.Optional = slices.Clone(s.Setup.Optional)
	c.Setup.Rulings = maps.Clone(s.Setup.Rulings)
	c.Bought = maps.Clone(s.Bought)
	c.Ledger = slices.Clone(s.Ledger)
	c.Fleet = slices.Clone(s.Fleet)
	for i := range c.Fleet {
		b := &c.Fleet[i]
		b.Missions = slices.Clone(b.Missions)
		b.Drew = slices.Clone(b.Drew)
	}
	c.Marks = maps.Clone(s.Marks)
	if s.Decks != nil {
		c.Decks = make(map[string]*Deck, len(s.Decks))
		for k, d := range s.Decks {
			if d != nil {
				d = &Deck{Draw: slices.Clone(d.Draw), Discard: slices.Clone(d.Discard)}
			}
			c.Decks[k] = d
		}
	}
	c.Cup = slices.Clone(s.Cup)
	if b := s.Battle; b != nil {
		cb := *b
		cb.Ships = slices.Clone(b.Ships)
		cb.Boats = slices.Clone(b.Boats)
		cb.Called = slices.Clone(b.Called)
		cb.Plan = slices.Clone(b.Plan)
		cb.Firing = slices.Clone(b.Firing)
		cb.Attacks = slices.Clone(b.Attacks)
		cb.Acted = slices.Clone(b.Acted)
		c.Battle = &cb
	}
	c.Pool = slices.Clone(s.Pool)
	c.Agenda = slices.Clone(s.Agenda)
	c.Drawn = slices.Clone(s.Drawn)
	c.Seen = cloneSeen(s.Seen)
	if f := s.Form; f != nil {
		cf := *f
		cf.Values = maps.Clone(f.Values)
		cf.Order = slices.Clone(f.Order)
		c.Form = &cf
	}
	c.Results = slices.Clone(s.Results)
	return &c
}

// CloneState implements engine.Cloner.
func (s *State) CloneState() engine.State { return s.clone() }

// cloneSeen copies the cards entered in physical mode, with every list and
// number they hold.
func cloneSeen(sn Seen) Seen {
	out := Seen{Events: slices.Clone(sn.Events), Convoys: slices.Clone(sn.Convoys)}
	for i := range out.Events {
		e := &out.Events[i]
		e.Effects = cloneEffects(e.Effects)
		e.Halves = slices.Clone(e.Halves)
		for j := range e.Halves {
			e.Halves[j].Effects = cloneEffects(e.Halves[j].Effects)
		}
	}
	for i := range out.Convoys {
		out.Convoys[i].Ships = slices.Clone(out.Convoys[i].Ships)
	}
	if sn.Ships != nil {
		out.Ships = make(map[string][]ShipCard, len(sn.Ships))
		for k, cards := range sn.Ships {
			cards = slices.Clone(cards)
			for j := range cards {
				cards[j].Detect = clonePtr(cards[j].Detect)
			}
			out.Ships[k] = cards
		}
	}
	return out
}

func cloneEffects(effects []Effect) []Effect {
	out := slices.Clone(effects)
	for i := range out {
		e := &out[i]
		e.Stress = clonePtr(e.Stress)
		e.VP = clonePtr(e.VP)
		e.UBoatAlert = clonePtr(e.UBoatAlert)
		e.ContactMod = clonePtr(e.ContactMod)
		e.Trade = clonePtr(e.Trade)
		e.RollEV = slices.Clone(e.RollEV)
		for j := range e.RollEV {
			e.RollEV[j].Max = clonePtr(e.RollEV[j].Max)
		}
	}
	return out
}

// clonePtr copies the value p points to (p holding no reference of its own).
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
