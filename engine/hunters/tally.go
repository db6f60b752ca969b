package hunters

// tally is what a rollout reads of a game played quietly, where no event
// tells it: whether the escorts found the boat in the encounter, and how the
// boat stood when that encounter ended (the encounter may end and the next
// begin within one decision). The rules count into it on their one path,
// simulated or recorded, and never read it.
type tally struct {
	// detected: the escorts detected the boat (9.2.2, 9.6.7) before the
	// first encounter since the reset ended.
	detected bool
	// ended: an encounter has ended since the reset; tons, hull and sys are
	// the career's tonnage and the boat's hull and systems at that moment.
	ended bool
	tons  int
	hull  int
	sys   [numSystems]Status
}

// reset starts a count.
func (t *tally) reset() { *t = tally{} }

// detection counts the escorts' finding the boat.
func (t *tally) detection() {
	if !t.ended {
		t.detected = true
	}
}

// encounterOver notes the end of an encounter: the first one's end is kept.
func (t *tally) encounterOver(s *State) {
	if t.ended {
		return
	}
	t.ended, t.tons, t.hull, t.sys = true, s.Career.Tons, s.Boat.Hull, s.Boat.Sys
}
