package uboot

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// Linked patrols (§4.3). "Linked Missions are full-scale patrols ... divided
// into several missions ... linked together to give a complete patrol
// experience over a few gaming sessions. The game's app lets players save
// the game state between sessions, and the Captain's log is used to note
// down all the essential in-game information." The board is that state on
// the table: in linked and campaign play ("All missions featuring the
// linked mission mode will be played in accordance with linked mission
// rules") a mission's end may be the end of one part of the patrol, after
// which the board waits, kept whole, for the next part (in chat the game
// stays in its channel between the sessions). What carries over, each
// from the rulebook's words:
//   - flooded sections: "inaccessible for the rest of the mission. For
//     Linked Missions, that means until the end of the whole patrol"
//     (§10.3.7);
//   - the medkit tokens: set up as "one medkit token for each additional
//     mission you wish to play after the first" (§5.2 step 7), opened "in
//     linked and campaign missions" to replenish the supplies (§8.6): one
//     stock for the whole patrol, nothing added at a part's change;
//   - everything else the board holds — the sailors where they stand with
//     their fatigue, wounds and KIA (§6.9-6.10), the tracks (§7.2-7.3), the
//     food supply, pyramid and the day's meals (§9.4), medical supplies,
//     cigarettes, toolboxes and conditions (§10) — because the rulebook
//     resets nothing between the missions of a patrol: the app "saves the
//     game state", of which the board is the crew's half.
// The app decides whether the patrol goes on ("Some linked missions may
// require completing the primary objective to advance", and in a campaign
// a grade of at least E, §4.3): the entry is made as the app says.

// patrolParts is how many parts the patrol has: the first mission and the
// additional ones of §5.2 step 7 (1 in single play).
func (s *State) patrolParts() int {
	if s.Mode == "single" {
		return 1
	}
	return 1 + s.Missions
}

// patrolPart is the part of the patrol the board is in (1 for a single mission,
// and for a board from before parts were kept).
func (s *State) patrolPart() int {
	return max(s.Part, 1)
}

// canGoOn reports whether a mission's end may be a part's end (§4.3).
func (s *State) canGoOn() bool {
	return s.patrolPart() < s.patrolParts()
}

// nextPartOption is the end prompt's entry for a part's end.
func (s *State) nextPartOption() engine.Option {
	return engine.Option{Key: "next", Label: fmt.Sprintf("This mission is over and the app goes on with the patrol: part %d of %d ends, the board is kept for part %d", s.patrolPart(), s.patrolParts(), s.patrolPart()+1),
		Short: "Next part", Case: "4.3"}
}

// nextPart ends a part of the patrol: the board stays as it stands (see
// above) and waits for the next part's session.
func (s *State) nextPart() {
	done := s.patrolPart()
	s.Part = done + 1
	flooded := 0
	for sec := 1; sec <= 8; sec++ {
		if s.Sections[sec].Flooded {
			flooded++
		}
	}
	s.note("4.3", fmt.Sprintf("Part %d of the linked patrol ends; the board is kept for part %d of %d, as the app saves the game: %d flooded section(s) stay flooded (§10.3.7), %d medkit token(s) for the rest of the patrol (§8.6), the crew, its wounds and KIA, the tracks, food and supplies as they stand.",
		done, s.Part, s.patrolParts(), flooded, s.Medkits))
	s.Draft = nil
}

// PartOf is the part of its linked patrol a U-BOOT board is in, for the
// descriptor's sessions (0: not a patrol of several parts, or no board).
func PartOf(st engine.State) int {
	s, ok := st.(*State)
	if !ok || s == nil || s.patrolParts() < 2 {
		return 0
	}
	return s.patrolPart()
}
