package hunters

import "strconv"

// A state the simulator plays on (a restarted career, a rollout: scratch.keep)
// hands back the combat mats, patrols and refit sheets it has finished with,
// and the next ones reuse them: allocation and the garbage collector were a
// third of `kaleun sim`. This is memory only: the rules see a fresh, empty
// piece either way. A recorded game, a fresh copy at every decision, keeps
// nothing.

// spares are the finished pieces kept for reuse while simulating.
type spares struct {
	enc    *Encounter
	patrol *Patrol
	refit  *RefitState
	// models is newerModels' list.
	models []string
	// patrolLabels and sunkKeys keep strings a simulated career writes into
	// its log again and again; strings never change, so careers share them.
	patrolLabels []patrolLabel
	sunkKeys     *[len(sunkRosters)][maxRosterRoll + 1]string
	// logTargets backs the log sheet rows' target lists of a simulated
	// career (each row takes a capped slice of it), so that closing a patrol
	// does not allocate.
	logTargets []LogTarget
	// agent is the Abwehr agent's crewman a copied state reuses (copy.go).
	agent *Crewman
	pack  *PackMember
}

// newEncounter sets up an empty combat mat.
func (s *State) newEncounter(typ string) *Encounter {
	if e := s.scratch.spare.enc; e != nil {
		s.scratch.spare.enc = nil
		*e = Encounter{Type: typ, Targets: e.Targets[:0], Aim: e.Aim[:0]}
		return e
	}
	return &Encounter{Type: typ}
}

// dropEncounter takes the combat mat off the table.
func (s *State) dropEncounter() {
	if s.Enc != nil {
		s.scratch.tally.encounterOver(s)
		if s.scratch.keep {
			s.scratch.spare.enc = s.Enc
		}
	}
	s.Enc = nil
}

// newPatrol starts an empty patrol.
func (s *State) newPatrol() *Patrol {
	if p := s.scratch.spare.patrol; p != nil {
		s.scratch.spare.patrol = nil
		*p = Patrol{Boxes: p.Boxes[:0], Rolls: p.Rolls[:0], Targets: p.Targets[:0], Candidates: p.Candidates[:0]}
		return p
	}
	return &Patrol{}
}

// dropPatrol ends the patrol's bookkeeping.
func (s *State) dropPatrol() {
	if s.scratch.keep && s.Patrol != nil {
		s.scratch.spare.patrol = s.Patrol
	}
	s.Patrol = nil
}

// newRefit starts an empty refit sheet.
func (s *State) newRefit() *RefitState {
	if r := s.Refit; r != nil && s.scratch.keep {
		*r = RefitState{}
		return r
	}
	if r := s.scratch.spare.refit; r != nil {
		s.scratch.spare.refit = nil
		*r = RefitState{}
		return r
	}
	return &RefitState{}
}

// dropRefit puts the refit sheet away.
func (s *State) dropRefit() {
	if s.scratch.keep && s.Refit != nil {
		s.scratch.spare.refit = s.Refit
	}
	s.Refit = nil
}

// logRowTargets copies a patrol's logged ships into the row's target list.
func (s *State) logRowTargets(row *LogRow, keep func(t *LogTarget) bool, targets []LogTarget) {
	if !s.scratch.keep {
		for i := range targets {
			if keep(&targets[i]) {
				row.Targets = append(row.Targets, targets[i])
			}
		}
		return
	}
	a := s.scratch.spare.logTargets
	from := len(a)
	for i := range targets {
		if keep(&targets[i]) {
			a = append(a, targets[i])
		}
	}
	s.scratch.spare.logTargets = a
	if len(a) > from {
		row.Targets = a[from:len(a):len(a)] // capped: a later append copies out
	}
}

// recycleCareer readies s for a new simulated career, keeping its buffers.
func (s *State) recycleCareer() {
	s.dropEncounter()
	s.dropPatrol()
	s.dropRefit()
	sc := s.scratch
	sc.spare.logTargets = sc.spare.logTargets[:0]
	log, sunk, boats := s.Career.Log[:0], s.Career.Sunk[:0], s.Career.Boats[:0]
	fwd, aft := s.Boat.Fwd[:0], s.Boat.Aft[:0]
	pack, outlooks := s.pack, s.outlooks
	*s = State{pack: pack, outlooks: outlooks, scratch: sc}
	s.Career.Log, s.Career.Sunk, s.Career.Boats = log, sunk, boats
	s.Boat.Fwd, s.Boat.Aft = fwd, aft
}

// tubes returns a tube list of n empty tubes, reusing buf's storage.
func tubes(buf []string, n int) []string {
	if cap(buf) < n {
		return make([]string, n)
	}
	buf = buf[:n]
	for i := range buf {
		buf[i] = ""
	}
	return buf
}

type patrolLabel struct{ key, label string }

// patrolLabel is assignmentLabel, remembered while simulating.
func (s *State) patrolLabel(key string) string {
	if !s.scratch.keep {
		return assignmentLabel(key)
	}
	sp := &s.scratch.spare
	for _, l := range sp.patrolLabels {
		if l.key == key {
			return l.label
		}
	}
	l := patrolLabel{key: key, label: assignmentLabel(key)}
	sp.patrolLabels = append(sp.patrolLabels, l)
	return l.label
}

// sunkRosters are the rosters a sunk ship is recorded by; maxRosterRoll is
// their largest roll (T1-T3's d100).
var sunkRosters = [...]string{"T1", "T2", "T3", "T5", "T4/small_freighter", "T4/large_freighter", "T4/tanker"}

const maxRosterRoll = 100

// sunkKey names a roster entry in the sunk-ships record (14.3.2), "T1:57".
func (s *State) sunkKey(roster string, roll int) string {
	if !s.scratch.keep || roll < 0 || roll > maxRosterRoll {
		return roster + ":" + strconv.Itoa(roll)
	}
	sp := &s.scratch.spare
	for i, r := range sunkRosters {
		if r != roster {
			continue
		}
		if sp.sunkKeys == nil {
			sp.sunkKeys = new([len(sunkRosters)][maxRosterRoll + 1]string)
		}
		k := &sp.sunkKeys[i][roll]
		if *k == "" {
			*k = roster + ":" + strconv.Itoa(roll)
		}
		return *k
	}
	return roster + ":" + strconv.Itoa(roll)
}
