package hunters

import (
	"fmt"
)

// U-boat damage (10.0-10.6, 10.9): the E4 damage chart, hull and flooding
// tracks, systems, crew injuries and command succession, scuttling.

// applyHits rolls E4 once per hit (9.6.9), applying each before the next.
func (s *State) applyHits(hits int, cas string) {
	if s.Enc != nil {
		s.Enc.Incoming = hits
	}
	for i := 0; i < hits && !s.boatGone(); i++ {
		s.mods()
		r := s.throw("E4", "9.6.9", s.text(func() string { return fmt.Sprintf("Damage, hit %d of %d", i+1, hits) }), "d66")
		d := s.pack.E4.Results[r.natural]
		switch {
		case d.Hull > 0:
			s.emit(r, s.text(func() string { return fmt.Sprintf("hull x%d", d.Hull) }))
			s.addHull(d.Hull, "10.3.1", "depth charge damage")
		case d.Flooding > 0:
			s.emit(r, s.text(func() string { return fmt.Sprintf("flooding x%d", d.Flooding) }))
			s.addFlooding(d.Flooding)
		case d.CrewInjury > 0:
			s.emit(r, s.text(func() string { return fmt.Sprintf("crew injury x%d", d.CrewInjury) }))
			for k := 0; k < d.CrewInjury && s.Over == nil; k++ {
				s.crewInjury()
			}
		case d.Minor:
			s.emit(r, "minor damage (no effect)")
		default:
			s.emit(r, s.text(func() string { return s.systemWords(d.System) }))
			s.damageSystem(d.System)
		}
	}
}

// boatGone reports whether the boat is no more: the career is over, or her
// crew scuttled her and was rescued (10.9.4). Nothing more happens to a boat
// that is gone: no more hits, rounds, repairs or reloads.
func (s *State) boatGone() bool {
	return s.Over != nil || (s.Patrol != nil && s.Patrol.Scuttled)
}

// addHull advances the hull track (10.3, 10.6.1); the final space sinks the boat
// (10.3.2, 9.6.11). Hull damage lengthens the refit (10.3.3).
func (s *State) addHull(n int, cas, why string) {
	s.Boat.Hull += n
	if s.Boat.Hull >= s.mat().HullSpaces {
		s.endGame("sunk", fmt.Sprintf("%s's hull gave way (%s): lost with all hands (10.3.2).", s.Boat.Number, why))
		return
	}
	s.say(cas, func() string { return fmt.Sprintf("Hull damage: %d of %d.", s.Boat.Hull, s.mat().HullSpaces) })
}

// addFlooding advances the flooding track (10.1, 10.6.1); the final space forces
// the boat to surface and scuttle (10.1.2, 9.6.11, 10.9.1).
func (s *State) addFlooding(n int) {
	s.Boat.Flooding += n
	if s.Enc != nil {
		s.Enc.Flooded = true
	}
	if s.Boat.Flooding >= s.mat().FloodingSpaces {
		s.note("10.1.2", "Flooding reaches the last space: blow ballast, surface and scuttle!")
		s.scuttleAfterFlooding()
		return
	}
	s.say("10.1.1", func() string { return fmt.Sprintf("Flooding: %d of %d.", s.Boat.Flooding, s.mat().FloodingSpaces) })
}

// floodingCheck is 10.1.3's additional flooding after a round with flooding.
func (s *State) floodingCheck() {
	if s.Enc == nil || !s.Enc.Flooded || s.Over != nil {
		return
	}
	s.Enc.Flooded = false
	ms := s.pack.E4.FloodingCheck.Modifiers
	s.mods()
	s.modFrom(ms, "li_experte", s.Crew.LI.Experte && s.liWorking(), "Experte LI")
	s.modFrom(ms, "li_sw_or_kia", !s.liWorking(), "LI SW or KIA")
	row, _ := s.lookup("E4", "10.1.3", "Additional flooding", "1d6", s.pack.E4.FloodingCheck.Rows)
	if row.Result == "one_more_flooding" {
		s.addFlooding(1)
	}
}

// scuttleAfterFlooding is 10.9.2-10.9.3.
func (s *State) scuttleAfterFlooding() {
	t := s.pack.Rules.Table("scuttle_after_flooding")
	s.mods()
	s.modFrom(t.Modifiers, "kmdt_sw", s.Crew.Kmdt.Health == SW, "Kommandant SW")
	row, _ := s.table("scuttle_after_flooding", "Scuttle")
	if row.Result == "captured" {
		s.endGame("captured", fmt.Sprintf("The scuttling of %s failed: the boat is captured, and with it an Enigma machine. Automatic Defeat (5.2.2).", s.Boat.Number))
		return
	}
	s.endGame("prisoner", fmt.Sprintf("%s is scuttled; the Kommandant and crew are taken prisoner (10.9.2).", s.Boat.Number))
}

// systemLabel names an E4 system result as the rulebook and the status view
// do: the flak guns by their calibre ("2cm Flak", "3.7cm Flak", 9.8.5) and
// the result that hits them all as the card prints it, "Flak Gun(s)"
// (10.6.4), so one gun never goes by three names; other systems by their
// key's words ("dive planes").
func systemLabel(key string) string {
	switch key {
	case "all_flak_guns":
		return "Flak Gun(s)"
	case "flak_20mm":
		return systemNames[sysFlak20]
	case "flak_37mm":
		return systemNames[sysFlak37]
	}
	return pretty(key)
}

// systemWords names a system in the game's words: systemLabel, or the key's
// words alone ("flak 20mm") in a game that keeps its first ones.
func (s *State) systemWords(key string) string {
	if s.firstWords() {
		return pretty(key)
	}
	return systemLabel(key)
}

// damageSystem marks a system damaged (10.6.3: a damaged or absent system: no effect).
func (s *State) damageSystem(key string) {
	b := &s.Boat
	hit := func(i int) bool {
		if !b.Aboard[i] || b.Sys[i] != OK {
			return false
		}
		b.Sys[i] = Damaged
		return true
	}
	var any bool
	switch key {
	case "all_flak_guns":
		// 10.6.4: every flak gun aboard (all three on the VIIC Flak, 11.4.7).
		for _, i := range []int{sysFlak20, sysFlak37, sysFlak20b} {
			if hit(i) {
				any = true
			}
		}
	case "flak_20mm":
		// 11.4.7: on the VIIC Flak one quad 2cm mount is knocked out.
		any = hit(sysFlak20) || hit(sysFlak20b)
	default:
		for i := 0; i < numSystems; i++ {
			if systemKeys[i] == key && i != sysFlak20b {
				any = hit(i)
				break
			}
		}
	}
	if !any {
		s.say("10.6.3", func() string {
			return fmt.Sprintf("%s: already damaged or not aboard, no further effect.", s.systemWords(key))
		})
		return
	}
	s.say("10.0", func() string { return fmt.Sprintf("%s damaged.", s.systemWords(key)) })
	if (key == "diesel_engine_1" || key == "diesel_engine_2") && s.Settings.ruling(rulDieselRepair) == "inoperable_at_once" {
		i := sysDiesel1
		if key == "diesel_engine_2" {
			i = sysDiesel2
		}
		s.note("10.2.1", "Ruling diesel_repair=inoperable_at_once: the diesel cannot be repaired at sea.")
		s.setInoperable(i)
	}
}

// crewInjury resolves one crew injury on E5's Crew Injury Table (9.6.10).
func (s *State) crewInjury() {
	s.mods()
	row, r := s.lookup("E5", "9.6.10", "Crew injury: who", "2d6", s.pack.E5.CrewInjury.Who.Rows)
	who := row.Result
	if r.natural == 11 && s.Settings.ruling(rulInjuryRoll11) == "generic_crew" {
		who = "generic_crew"
		s.note("9.6.10", "Ruling injury_roll_11=generic_crew: a generic crew box is hit.")
	}
	c, name := s.crewman(who)
	switch {
	case c != nil:
	case who == "abwehr_agent":
		if s.Crew.Agent == nil {
			s.note("9.6.10", "No Abwehr agent aboard: no effect.")
			return
		}
		c, name = s.Crew.Agent, "the Abwehr agent"
	default:
		// 10.5.3: unwounded boxes first, then LW boxes, then SW boxes.
		idx := -1
		for _, want := range []Health{Fit, LW, SW} {
			for i := range s.Crew.Generic {
				if s.Crew.Generic[i].Health == want {
					idx = i
					break
				}
			}
			if idx >= 0 {
				break
			}
		}
		if idx < 0 {
			s.note("9.6.10", "Every generic crew box is KIA: no effect.")
			return
		}
		c, name = &s.Crew.Generic[idx], genericCrewNames[idx]
	}
	if c.Health == KIA {
		s.say("9.6.10", func() string { return fmt.Sprintf("%s is already KIA: no effect.", name) })
		return
	}
	s.mods()
	if s.Settings.ruling(rulDoctorSeverity) == "on" && s.Crew.Doctor.Experte && !s.Crew.Doctor.Health.Out() {
		s.mod(-1, "Experte Doctor (ruling doctor_severity=on)", "10.11.1")
	}
	srow, _ := s.lookup("E5", "9.6.10", s.text(func() string { return "Crew injury: severity for " + name }), "1d6", s.pack.E5.CrewInjury.Severity.Rows)
	s.wound(c, name, srow.Result)
}

// wound applies a wound with 10.6.2's stacking.
func (s *State) wound(c *Crewman, name, sev string) {
	before := c.Health
	switch sev {
	case "LW":
		switch c.Health {
		case Fit:
			c.Health = LW
		case LW:
			c.Health = SW // 2x LW = SW
		case SW:
			// 10.6.2: an LW has no effect on an SW man
		}
	case "SW":
		if c.Health == SW {
			c.Health = KIA // 2x SW = KIA
		} else {
			c.Health = SW
		}
	case "KIA":
		c.Health = KIA
	}
	if c.Health == before {
		s.say("10.6.2", func() string { return fmt.Sprintf("%s is already SW: a light wound has no further effect.", name) })
	} else {
		switch {
		case !s.firstWords() && before == LW && c.Health == SW:
			s.say("10.6.2", func() string {
				return fmt.Sprintf("%s is wounded again: two light wounds make a severe one → SW (severely wounded: out of action until he recovers).", name)
			})
		case !s.firstWords() && before == SW && c.Health == KIA:
			s.say("10.6.2", func() string {
				return fmt.Sprintf("%s is wounded again: a second severe wound kills him → KIA (killed in action).", name)
			})
		default:
			s.say("10.5.1", func() string { return fmt.Sprintf("%s: %s.", name, c.Health) })
		}
	}
	s.commandCheck()
}

// commandCheck applies the consequences of the crew's state (10.5.2, 10.5.3).
func (s *State) commandCheck() {
	if s.Over != nil {
		return
	}
	if s.Crew.Kmdt.Health == KIA {
		s.endGame("killed", "The Kommandant is killed in action (10.5.2).")
		return
	}
	if s.Crew.Agent != nil && s.Crew.Agent.Health.Out() && s.Patrol != nil && !s.Patrol.MissionFail {
		s.Patrol.MissionFail = true
		s.note("10.5.3", "The Abwehr agent is out of action before delivery: the special mission fails.")
	}
	if s.inCommand() == cmdLI && s.Patrol != nil && !s.Patrol.Aborting {
		s.startAbort("the LI is in command", "10.5.3")
	}
	if s.allGenericOut() && s.Patrol != nil && !s.Patrol.GenericDown {
		s.Patrol.GenericDown = true
		s.note("11.1.4", "Every generic crew box is SW or KIA: the crew will lose a level (not below Trained).")
	}
}

// lossMarks are the words the log sheet gets for a career's fatal patrol (3.5).
var lossMarks = map[string]string{
	"sunk": "SUNK", "prisoner": "SCUTTLED", "captured": "CAPTURED",
	"killed": "KMDT KIA", "lost_at_sea": "CREW LOST AT SEA",
}

// endGame finishes the career (5.1, 5.2): at once when the Kommandant is killed
// or captured (5.1.3), then the victory level from the total tonnage sunk
// (5.1.4, 5.2.1), posthumously if need be (5.2.3).
func (s *State) endGame(fate, text string) {
	if s.Over != nil {
		return
	}
	s.Career.Fate = fate
	s.note("5.1", text)
	if s.Patrol != nil && !s.Patrol.Logged {
		// The patrol the career ends on is one of its patrols (3.5's sample:
		// "TOTAL PATROLS: 5", "Five patrols were completed until his U-Boat
		// was sunk"), logged with the boat's fate instead of S or F.
		s.closePatrolLog()
		row := &s.Career.Log[len(s.Career.Log)-1]
		row.Result, row.Loss = "", lossMarks[fate]
		s.Career.Patrols++
	}
	tons := s.Career.Tons
	level := "defeat"
	if row, ok := s.pack.Rules.VictoryLevels.Rows.Find(tons); ok {
		level = row.Result
	}
	if fate == "captured" {
		level = "defeat" // 5.2.2
	}
	s.Over = s.outcome(level)
	s.Phase = phaseOver
	if s.run != nil && s.run.record {
		s.run.events = append(s.run.events, engineEnd(s.Over))
	}
}
