package hunters

import (
	"fmt"
)

// Random events (12.0, chart R1): once per patrol, on the first natural 12 of
// a travel box's encounter roll.

func (s *State) randomEvent() {
	p := s.Patrol
	p.RollsLeft = 0 // 12.1.6: after the event the boat moves on to the next box
	s.mods()
	row, _ := s.lookup("R1", "12.1", "Random event", "2d6", s.pack.R1.Rows)
	ignored := func(why string) {
		s.say("12.1.5", func() string {
			return fmt.Sprintf("%s cannot happen here (%s): ignored; a later natural 12 may still trigger a random event.", pretty(row.Key), why)
		})
		s.Phase = phBoxRoll
	}
	// 12.1.4: some events cannot happen on some patrols.
	for _, a := range row.NotIn {
		if a == p.Area {
			ignored("not in this patrol area")
			return
		}
	}
	if len(row.OnlyIn) > 0 {
		ok := false
		for _, a := range row.OnlyIn {
			if a == p.Area {
				ok = true
			}
		}
		if !ok {
			ignored("only in " + fmt.Sprint(row.OnlyIn))
			return
		}
	}
	done := func() {
		p.RandomDone = true // 12.1.2
		s.Phase = phBoxRoll
	}
	switch row.Key {
	case "man_overboard", "swim_call":
		c, name := s.randomCrewman()
		if c.Health == KIA {
			ignored(name + " is already KIA")
			return
		}
		c.Health = KIA
		s.say("12.1", func() string { return fmt.Sprintf("%s is lost (KIA).", name) })
		p.RandomDone = true
		s.commandCheck()
		if s.Over == nil {
			s.Phase = phBoxRoll
		}
	case "caught_unawares":
		p.RandomDone = true
		s.note("12.1", "Caught unawares: an aircraft attacks before the boat can dive.")
		s.Enc = s.newEncounter("aircraft")
		s.Enc.Attacks = 1
		s.Phase = phCaughtUnawares
	case "gyro_compass_failure":
		p.RandomDone = true
		t := s.pack.Rules.Table("gyro_compass_repair")
		s.mods()
		s.modFrom(t.Modifiers, "li_experte_not_sw_kia", s.Crew.LI.Experte && s.liWorking(), "Experte LI")
		s.modFrom(t.Modifiers, "li_sw_or_kia", !s.liWorking(), "LI SW or KIA")
		r, _ := s.table("gyro_compass_repair", "Gyro compass repair")
		s.Phase = phBoxRoll
		if r.Result == "abort" {
			s.startAbort("the gyro compass failed", "12.1")
		}
	case "superior_torpedoes":
		p.Superior = true
		s.note("12.1.3", "Superior Torpedoes: +1 on every dud roll for the rest of this patrol.")
		done()
	case "spare_parts":
		n := 0
		for i := 0; i < numSystems && n < 2; i++ {
			if s.Boat.Aboard[i] && s.Boat.Sys[i] == Inoperable {
				s.Boat.Sys[i] = OK
				n++
				s.say("12.1", func() string { return fmt.Sprintf("Spare parts: %s is repaired.", systemNames[i]) })
			}
		}
		if n == 0 {
			ignored("no inoperable system")
			return
		}
		done()
	case "hals_und_beinbruch":
		s.Career.Hals++
		s.say("12.1.3", func() string {
			return fmt.Sprintf("Hals und Beinbruch: a re-roll marker (now %d held).", s.Career.Hals)
		})
		done()
	case "luftwaffe_recon":
		p.RandomDone = true
		if p.Aborting {
			s.note("10.8.4", "Luftwaffe reconnaissance reports a ship, but an aborting boat may not attack.")
			s.Phase = phBoxRoll
			return
		}
		s.note("12.1", "Luftwaffe reconnaissance guides the boat to a single unescorted ship.")
		s.startShips("ship")
	case "weather_reporting_duty", "severe_storm":
		if row.Key == "weather_reporting_duty" && p.returning() {
			ignored("the boat is returning to base")
			return
		}
		p.QuietNext = 1
		s.say("12.1", func() string { return fmt.Sprintf("%s: no encounters in this box or the next.", pretty(row.Key)) })
		done()
	case "torpedo_breaks_loose":
		allKIA := true
		for _, c := range s.Crew.Generic {
			if c.Health != KIA {
				allKIA = false
			}
		}
		if allKIA || s.torpedoesAboard() == 0 {
			ignored("no crew or no torpedo to hurt")
			return
		}
		for _, want := range []Health{Fit, LW, SW} {
			for i := range s.Crew.Generic {
				c := &s.Crew.Generic[i]
				if c.Health != want {
					continue
				}
				if want == SW {
					c.Health = KIA
				} else {
					c.Health = SW
				}
				s.say("12.1", func() string { return fmt.Sprintf("A torpedo breaks loose: crew box %d is %s.", i+1, c.Health) })
				s.commandCheck()
				done()
				return
			}
		}
	default:
		ignored("unknown event in the data pack")
	}
}

// randomCrewman rolls R1's crewman table.
func (s *State) randomCrewman() (*Crewman, string) {
	s.mods()
	row, _ := s.lookup("R1", "12.1", "Which crewman", "1d6", s.pack.R1.Crewman.Rows)
	return s.crewman(row.Result)
}

func init() { steps[phCaughtUnawares] = (*State).stepCaughtUnawares }

// stepCaughtUnawares flies the one attack of a surprise aircraft (12.1); in
// a two-player game the other player rolls it (13.1.2).
func (s *State) stepCaughtUnawares() {
	if s.enemyGate() {
		return
	}
	if s.Settings.on(opt147) {
		table := "aircraft_quality_1939_1941"
		if s.year() >= 1942 {
			table = "aircraft_quality_1942_1943"
		}
		s.mods()
		q, _ := s.table(table, "Aircraft quality")
		s.Enc.AirQuality = q.Result
	}
	s.airAttack("12.1")
	if s.Over == nil {
		s.Phase = phCombatOver
	}
}
