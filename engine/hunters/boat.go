package hunters

import "github.com/kaleun/kaleun/engine/hunters/charts"

// mat returns the display-mat data of the boat in command.
func (s *State) mat() *charts.Boat {
	// matType holds the very string the mat was found by, so the check is
	// usually a comparison of two equal addresses, not of the letters.
	sc := &s.scratch
	if sc.mat == nil || sc.matType != s.Boat.Type {
		sc.mat, sc.matType = s.pack.Mats.Boats[s.Boat.Type], s.Boat.Type
	}
	return sc.mat
}

func (s *State) isIX() bool { return s.mat().Family() == "IX" }

// fitBoat puts a fresh boat of the type on the display mat (4.4): every
// system operational, no damage, empty tubes (they are loaded before each
// patrol, 4.5).
func (s *State) fitBoat(boatType string) {
	number := s.Boat.Number
	fwd, aft := s.Boat.Fwd, s.Boat.Aft // the new boat's tubes reuse the old one's storage
	s.Boat = Boat{Type: boatType, Number: number}
	m := s.mat()
	s.Boat.Fwd = tubes(fwd, m.Tubes.Forward)
	s.Boat.Aft = tubes(aft, m.Tubes.Aft)
	for i := sysPeriscope; i <= sysAftDoors; i++ {
		s.Boat.Aboard[i] = true
	}
	s.Boat.Aboard[sysDeckGun] = m.DeckGun != nil
	for _, f := range m.Flak {
		switch f {
		case "2cm":
			s.Boat.Aboard[sysFlak20] = true
		case "3.7cm":
			s.Boat.Aboard[sysFlak37] = true
		case "2cm quad":
			if s.Boat.Aboard[sysFlak20] {
				s.Boat.Aboard[sysFlak20b] = true
			} else {
				s.Boat.Aboard[sysFlak20] = true
			}
		}
	}
	s.Career.Boats = append(s.Career.Boats, boatType)
}

// sys returns a system's status; a system not aboard counts as inoperable.
func (s *State) sys(i int) Status {
	if !s.Boat.Aboard[i] {
		return Inoperable
	}
	return s.Boat.Sys[i]
}

// damaged reports whether a system is damaged or inoperable (chart modifiers
// such as "fuel tanks damaged" apply in both states).
func (s *State) damaged(i int) bool { return s.Boat.Aboard[i] && s.Boat.Sys[i] != OK }

// flakGuns returns how many flak systems are aboard and how many can fire.
func (s *State) flakGuns() (aboard, working int) {
	for _, i := range []int{sysFlak20, sysFlak37, sysFlak20b} {
		if s.Boat.Aboard[i] {
			aboard++
			if s.Boat.Sys[i] == OK {
				working++
			}
		}
	}
	return
}

func (s *State) inoperableCount() int {
	n := 0
	for i := 0; i < numSystems; i++ {
		if s.Boat.Aboard[i] && s.Boat.Sys[i] == Inoperable {
			n++
		}
	}
	return n
}

func (s *State) dieselsInoperable() int {
	n := 0
	if s.sys(sysDiesel1) == Inoperable {
		n++
	}
	if s.sys(sysDiesel2) == Inoperable {
		n++
	}
	return n
}

// torpedoesAboard counts torpedoes in tubes and reloads (mines excluded).
func (s *State) torpedoesAboard() int {
	n := s.Boat.FwdA + s.Boat.FwdE + s.Boat.AftA + s.Boat.AftE
	for _, t := range s.Boat.Fwd {
		if isTorpedo(t) {
			n++
		}
	}
	for _, t := range s.Boat.Aft {
		if isTorpedo(t) {
			n++
		}
	}
	return n
}

// Command succession (10.5.3): who commands the boat now.
const (
	cmdKmdt = iota
	cmd1WO
	cmd2WO
	cmdLI
)

func (s *State) inCommand() int {
	switch {
	case !s.Crew.Kmdt.Health.Out():
		return cmdKmdt
	case !s.Crew.WO1.Health.Out():
		return cmd1WO
	case !s.Crew.WO2.Health.Out():
		return cmd2WO
	}
	return cmdLI
}

// commandModifiers adds the U1/E2 modifiers for an officer in command
// (10.5.3), waived for an Experte officer (11.1), per ruling experte_2wo_command.
func (s *State) commandModifiers(ms charts.Modifiers) {
	switch s.inCommand() {
	case cmd1WO:
		s.modFrom(ms, "kmdt_sw", !s.Crew.WO1.Experte, "1WO in command")
	case cmd2WO, cmdLI:
		if s.Crew.WO2.Experte && s.inCommand() == cmd2WO {
			if s.Settings.ruling(rulExperte2WOCommand) == "waive_one" {
				s.modFrom(ms, "kmdt_sw", true, "Experte 2WO in command")
			}
			return
		}
		s.modFrom(ms, "kmdt_and_1wo_sw", true, "2WO in command")
	}
}

// crewman returns a named crew member by his chart key, with how to call him.
func (s *State) crewman(key string) (*Crewman, string) {
	switch key {
	case "kommandant":
		return &s.Crew.Kmdt, "the Kommandant"
	case "watch_officer_1":
		return &s.Crew.WO1, "the 1WO"
	case "watch_officer_2":
		return &s.Crew.WO2, "the 2WO"
	case "engineer_LI":
		return &s.Crew.LI, "the LI"
	case "doctor":
		return &s.Crew.Doctor, "the Doctor"
	}
	return nil, ""
}

func (s *State) allGenericOut() bool {
	for _, c := range s.Crew.Generic {
		if !c.Health.Out() {
			return false
		}
	}
	return true
}

// liWorking is the LI fit for duty (not SW or KIA).
func (s *State) liWorking() bool { return !s.Crew.LI.Health.Out() }

func (s *State) year() int { return s.Career.Month.Year() }
