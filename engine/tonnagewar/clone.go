package tonnagewar

import (
	"maps"
	"slices"

	"github.com/kaleun/kaleun/engine"
)

// clone is a copy of the match sharing nothing the rules change: every
// slice, map and pointer of the saved state is copied (the engagement an
// engagement answers too), so that playing the copy never changes s. It
// shares the rules and the catalog, which no state writes, and starts
// outside a decision, as a state decoded from s's encoding would (Apply's
// copy was that before; the conformance kit and TestCloneCopiesEveryField
// hold the two equal).
func (s *State) clone() *State {
	c := *s
	c.rn = nil
	c.Rulings = maps.Clone(s.Rulings)
	for i := range s.Hands {
		h := &s.Hands[i]
		c.Hands[i] = Hand{
			TacDeck:     slices.Clone(h.TacDeck),
			TacHand:     slices.Clone(h.TacHand),
			TacDiscards: slices.Clone(h.TacDiscards),
			OOBDeck:     slices.Clone(h.OOBDeck),
			OOBHand:     slices.Clone(h.OOBHand),
		}
	}
	c.Units = slices.Clone(s.Units)
	c.OutOfPlay = slices.Clone(s.OutOfPlay)
	c.Contacts = slices.Clone(s.Contacts)
	c.Open = cloneEngagement(s.Open)
	if h := s.Held; h != nil {
		ch := *h
		ch.Group = slices.Clone(h.Group)
		c.Held = &ch
	}
	c.Stage = cloneStage(s.Stage)
	if s.Resume != nil {
		r := cloneStage(*s.Resume)
		c.Resume = &r
	}
	if s.Proposal != nil {
		p := *s.Proposal
		c.Proposal = &p
	}
	return &c
}

// CloneState implements engine.Cloner.
func (s *State) CloneState() engine.State { return s.clone() }

func cloneStage(st Stage) Stage {
	st.Group = slices.Clone(st.Group)
	return st
}

// cloneEngagement copies an engagement and the chain of those it answers.
func cloneEngagement(e *Engagement) *Engagement {
	if e == nil {
		return nil
	}
	c := *e
	c.Group = slices.Clone(e.Group)
	c.Answers = cloneEngagement(e.Answers)
	return &c
}
