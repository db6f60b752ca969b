package hunters

// copyFrom makes s a copy of src to play on (a rollout), reusing s's own
// storage and keeping its scratch: after it, s encodes exactly as src does,
// and playing s on never changes src. What the rules change is copied:
// tubes, the sunk-ships record, the log sheet's rows, the combat mat with
// its targets and aim, the patrol with its track and logged ships, the
// refit sheet, the wolfpack place, the Abwehr agent. What they never change
// once made is shared: the outcome of a finished game (unless its words are
// still to write: the copy gets its own to write them in), and the target
// lists of the log sheet's rows (a state that keeps its spares gives a
// closing row a list of its own, recycle.go).
//
// It is the simulator's rollout from any state, in storage reused from
// rollout to rollout; Clone (Apply's copy) shares nothing and allocates
// its copy anew.
func (s *State) copyFrom(src *State) {
	sc := s.scratch
	log, sunk, boats := s.Career.Log[:0], s.Career.Sunk[:0], s.Career.Boats[:0]
	fwd, aft := s.Boat.Fwd[:0], s.Boat.Aft[:0]
	enc, patrol, refit := s.Enc, s.Patrol, s.Refit
	if enc == nil {
		enc, sc.spare.enc = sc.spare.enc, nil
	}
	if patrol == nil {
		patrol, sc.spare.patrol = sc.spare.patrol, nil
	}
	if refit == nil {
		refit, sc.spare.refit = sc.spare.refit, nil
	}
	pack, agent := s.Pack, s.Crew.Agent
	if pack == nil {
		pack = sc.spare.pack
	}
	if agent == nil {
		agent = sc.spare.agent
	}

	*s = *src
	s.run = nil
	s.scratch = sc
	s.scratch.keep = true
	s.scratch.overWords = false
	if src.scratch.overWords {
		o := *src.Over // words still to write: the copy's own outcome, to write them in
		s.Over = &o
		s.scratch.overWords = true
	}

	s.Career.Log = append(log, src.Career.Log...)
	s.Career.Sunk = append(sunk, src.Career.Sunk...)
	s.Career.Boats = append(boats, src.Career.Boats...)
	s.Boat.Fwd = append(fwd, src.Boat.Fwd...)
	s.Boat.Aft = append(aft, src.Boat.Aft...)

	s.Enc = nil
	if e := src.Enc; e != nil {
		if enc == nil {
			enc = &Encounter{}
		}
		targets, aim := enc.Targets[:0], enc.Aim[:0]
		*enc = *e
		enc.Targets = append(targets, e.Targets...)
		enc.Aim = append(aim, e.Aim...)
		s.Enc = enc
	} else if enc != nil {
		s.scratch.spare.enc = enc
	}
	s.Patrol = nil
	if p := src.Patrol; p != nil {
		if patrol == nil {
			patrol = &Patrol{}
		}
		boxes, rolls, targets, candidates := patrol.Boxes[:0], patrol.Rolls[:0], patrol.Targets[:0], patrol.Candidates[:0]
		*patrol = *p
		patrol.Boxes = append(boxes, p.Boxes...)
		patrol.Rolls = append(rolls, p.Rolls...)
		patrol.Targets = append(targets, p.Targets...)
		patrol.Candidates = append(candidates, p.Candidates...)
		s.Patrol = patrol
	} else if patrol != nil {
		s.scratch.spare.patrol = patrol
	}
	s.Refit = nil
	if r := src.Refit; r != nil {
		if refit == nil {
			refit = &RefitState{}
		}
		*refit = *r
		s.Refit = refit
	} else if refit != nil {
		s.scratch.spare.refit = refit
	}
	s.Pack = nil
	if p := src.Pack; p != nil {
		if pack == nil {
			pack = &PackMember{}
		}
		*pack = *p
		s.Pack = pack
	}
	s.scratch.spare.pack = pack
	s.Crew.Agent = nil
	if a := src.Crew.Agent; a != nil {
		if agent == nil {
			agent = &Crewman{}
		}
		*agent = *a
		s.Crew.Agent = agent
	}
	s.scratch.spare.agent = agent
}
