package hunters

import (
	"slices"

	"github.com/kaleun/kaleun/engine"
)

// Clone returns a copy of s that shares nothing the rules change: every
// slice, map and pointer the saved state holds is copied, so that playing
// the copy (Apply, ApplyInPlace, Restored) never changes s. It encodes
// exactly as s does. What it shares is what no state writes: the chart pack
// and the rules' outlook cache. It starts without s's working memory
// (scratch) and outside a decision, as a state decoded from s's encoding
// would (Apply's copy was that until Clone; the conformance kit and
// TestCloneCopiesEveryField hold the two equal).
//
// Its cost is the state's size: a dozen allocations, where encoding and
// decoding the JSON took hundreds.
func (s *State) Clone() *State {
	c := &State{}
	*c = *s
	c.run = nil
	c.scratch = scratch{}

	c.Career.Sunk = slices.Clone(s.Career.Sunk)
	c.Career.Boats = slices.Clone(s.Career.Boats)
	c.Career.Log = cloneLog(s.Career.Log)
	c.Boat.Fwd = slices.Clone(s.Boat.Fwd)
	c.Boat.Aft = slices.Clone(s.Boat.Aft)
	c.Crew.Agent = clonePtr(s.Crew.Agent)
	if p := s.Patrol; p != nil {
		cp := *p
		cp.Boxes = slices.Clone(p.Boxes)
		cp.Rolls = slices.Clone(p.Rolls)
		cp.Targets = slices.Clone(p.Targets)
		cp.Candidates = slices.Clone(p.Candidates)
		c.Patrol = &cp
	}
	if e := s.Enc; e != nil {
		ce := *e
		ce.Targets = slices.Clone(e.Targets)
		ce.Aim = slices.Clone(e.Aim)
		c.Enc = &ce
	}
	c.Pack = clonePtr(s.Pack)
	c.Refit = clonePtr(s.Refit)
	if o := s.Over; o != nil {
		co := *o
		co.Fields = slices.Clone(o.Fields)
		if s.scratch.overWords {
			s.outcomeWords(&co) // the copy, fresh, cannot write them later
		}
		c.Over = &co
	}
	return c
}

// CloneState implements engine.Cloner.
func (s *State) CloneState() engine.State { return s.Clone() }

// cloneLog copies the log sheet's rows with their target lists, all the
// lists in one backing array (each row's capped to its length, so that an
// append to one cannot reach the next).
func cloneLog(log []LogRow) []LogRow {
	if log == nil {
		return nil
	}
	out := slices.Clone(log)
	n := 0
	for i := range log {
		n += len(log[i].Targets)
	}
	var back []LogTarget
	if n > 0 {
		back = make([]LogTarget, 0, n)
	}
	for i := range out {
		t := log[i].Targets
		if len(t) == 0 {
			out[i].Targets = t[:0:0] // nil stays nil, and an empty list has no room to share
			continue
		}
		at := len(back)
		back = append(back, t...)
		out[i].Targets = back[at:len(back):len(back)]
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
