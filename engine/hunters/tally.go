package hunters

// tally is what the advisor reads of a game played on, where no event
// tells it or the moment has passed by the time the next decision comes: an
// encounter may end and the next begin within one decision. The rules count
// into it on their one path, simulated or recorded, and never read it.
type tally struct {
	// detected: the escorts detected the boat (9.2.2, 9.6.7) before the
	// first encounter since the reset ended.
	detected bool
	// enc is the end of the first encounter since the reset, and patrol the
	// end of the first patrol.
	enc, patrol moment
}

// moment is how the career stood when something ended.
type moment struct {
	passed bool
	tons   int
	hull   int
	sys    [numSystems]Status
	// scuttled: the boat was scuttled and her crew rescued (10.9.4).
	scuttled bool
	// events is how many events the decision in play had recorded (the
	// advisor's probes cut their events there).
	events int
}

// reset starts a count.
func (t *tally) reset() { *t = tally{} }

// detection counts the escorts' finding the boat.
func (t *tally) detection() {
	if !t.enc.passed {
		t.detected = true
	}
}

// encounterOver notes the end of an encounter: the first one's is kept.
func (t *tally) encounterOver(s *State) {
	if !t.enc.passed {
		t.enc = s.moment()
	}
}

// patrolOver notes the end of a patrol (its line on the log sheet): the
// first one's is kept.
func (t *tally) patrolOver(s *State) {
	if !t.patrol.passed {
		t.patrol = s.moment()
	}
}

func (s *State) moment() moment {
	m := moment{passed: true, tons: s.Career.Tons, hull: s.Boat.Hull, sys: s.Boat.Sys,
		scuttled: s.Patrol != nil && s.Patrol.Scuttled}
	if s.run != nil {
		m.events = len(s.run.events)
	}
	return m
}
