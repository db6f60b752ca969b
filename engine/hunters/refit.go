package hunters

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// The end of a patrol (7.5) and the refit phase (6.1 step 3): refit length
// (10.10), crew recovery (10.11), crew advancement (11.1), promotion (11.2),
// decorations (11.3), reassignment (11.4), and the end of the game (5.1).

// RefitState is the refit being worked out in port.
type RefitState struct {
	Load     LoadPlan     `json:"load"`
	Months   int          `json:"months,omitempty"`
	PMonths  int          `json:"p_months,omitempty"`
	Return   charts.Month `json:"return,omitempty"`
	Promoted bool         `json:"promotion_rolled,omitempty"`
	NewBoat  string       `json:"new_boat,omitempty"`
	NewCrew  bool         `json:"new_crew,omitempty"`
	// KmdtMonths is the Kommandant's recovery (10.11) rolled at this refit,
	// and GenericReplaced the generic crew boxes replaced (10.11.3): a boat
	// granted on request (11.4.3) sails as soon as both allow.
	KmdtMonths      int `json:"kmdt_months,omitempty"`
	GenericReplaced int `json:"generic_replaced,omitempty"`
}

func init() {
	steps[phPatrolEnd] = (*State).stepPatrolEnd
	steps[phRefitDone] = (*State).stepRefitDone
	decisions[phUpgrade] = &decision{
		kind: "upgrade", cas: "11.4.3",
		text: func(s *State) string {
			return fmt.Sprintf("You hold %d request(s) for a newer U-boat (11.4.3). Request one now (1d6: 1-3 granted), or save it for a later refit?", s.Career.Upgrades)
		},
		options: func(s *State) []engine.Option {
			out := append(s.opts(), engine.Option{Key: "save", Label: "Keep the current boat; save the request", Case: "11.4.3"})
			for _, k := range s.newerModels() {
				label := s.text(func() string {
					l := "Request a Type " + typeName(k)
					if s.pack.Mats.Boats[k].Limited != "" {
						l += " (limited availability: also 1d6 1-2, 11.4.5)"
					}
					return l
				})
				out = append(out, engine.Option{Key: k, Label: label, Case: "11.4.3"})
			}
			return out
		},
		answer: func(s *State, key string) {
			if key == "save" {
				s.Phase = phRefitDone
				return
			}
			s.Career.Upgrades--
			s.mods()
			row, _ := s.table("upgrade_request", "Request a newer U-boat")
			if row.Result == "granted" {
				model := key
				if s.pack.Mats.Boats[key].Limited != "" {
					s.mods()
					lrow, _ := s.table("limited_boat", "Limited availability boat")
					if lrow.Result != "granted" {
						model = s.latestStandard()
						s.say("11.4.5", func() string {
							return fmt.Sprintf("No %s to be had: the newest standard model instead.", typeName(key))
						})
					}
				}
				s.Refit.NewBoat = model
				s.newBoatSails()
			}
			if s.Career.Upgrades > 0 && s.Refit.NewBoat == "" {
				s.Phase = phUpgrade
				return
			}
			s.Phase = phRefitDone
		},
	}
}

// closePatrolLog writes the patrol's line on the log sheet (7.5.2, 9.2.6).
func (s *State) closePatrolLog() {
	p := s.Patrol
	p.Logged = true
	s.scratch.tally.patrolOver(s)
	row := &s.Career.Log[len(s.Career.Log)-1]
	tons := 0
	sunk := false
	for _, t := range p.Targets {
		if t.Sunk {
			tons += t.Tons
			sunk = true
		}
	}
	s.logRowTargets(row, func(t *LogTarget) bool { return t.Sunk || t.Damaged }, p.Targets)
	row.Tons = tons
	success := sunk
	if p.Mission != "" {
		success = p.MissionDone && !p.MissionFail // 7.4.4
	}
	row.Result = "F"
	if success {
		row.Result = "S"
	}
	p.Success = success
	if p.Aborting {
		row.Note = "aborted: " + p.AbortReason
	}
	if p.Scuttled {
		row.Loss = "SCUTTLED, CREW RESCUED" // 10.9.4
	}
}

// stepPatrolEnd is 7.5: the boat is home.
func (s *State) stepPatrolEnd() {
	p := s.Patrol
	c := &s.Career
	if !p.Logged {
		s.closePatrolLog()
	}
	c.Patrols++
	row := &c.Log[len(c.Log)-1]
	if s.Pack != nil {
		// 13.5.6: the tournament is this patrol.
		if p.Success {
			c.Successes++
		}
		s.endGame("patrol_complete", fmt.Sprintf("%s is home: the wolfpack patrol is over for %s with %s (13.5.6).", s.Boat.Number, c.Kommandant, s.tons(row.Tons)))
		return
	}
	if p.Success {
		c.Successes++
		c.FailedInRow = 0
	} else {
		c.FailedInRow++
		c.PeriodFailed++
	}
	s.say("7.5.2", func() string {
		return fmt.Sprintf("Patrol complete: %s, %s sunk.", map[bool]string{true: "success (S)", false: "failure (F)"}[p.Success], s.tons(row.Tons))
	})
	// 7.3.4: a completed Mediterranean patrol keeps the boat in the Med.
	if p.Area == "mediterranean" && !p.BackToFrance && !c.Med {
		c.Med = true
		s.note("7.3.4", "The boat is now based in the Mediterranean for good.")
	}
	s.Refit = s.newRefit()
	s.Refit.Return = c.Month + 1
	rf := s.Refit
	// 10.10.6, 10.8.6, 14.9.5: months still at sea.
	if s.mat().ExtendedPatrols && !(p.Aborting && p.BeforeHalf) {
		rf.PMonths++
	}
	if p.Resupplied {
		rf.PMonths++
	}
	rf.Return = c.Month + 1 + charts.Month(rf.PMonths)
	s.refitLength()
	s.crewRecovery()
	if s.Over != nil {
		return
	}
	s.crewChanges()
	s.crewAdvancement()
	// 11.2.3 ruling anniversary_patrol: a patrol at sea in the anniversary
	// month may belong to the next 12 months instead of the ones judged now.
	deferShips, deferFailed := 0, 0
	if c.Month+charts.Month(rf.PMonths) >= c.PromotionDue && s.Settings.ruling(rulAnniversaryPatrol) == "next_period" {
		for _, t := range p.Targets {
			if t.Sunk {
				deferShips++
			}
		}
		if !p.Success {
			deferFailed = 1
		}
		c.PeriodShips -= deferShips
		c.PeriodFailed -= deferFailed
	}
	// 6.1 step D lists promotion and awards together; ruling refit_award_order.
	if s.Settings.ruling(rulRefitAwardOrder) == "award_first" {
		s.decorations()
		s.promotion(false)
	} else {
		s.promotion(false)
		s.decorations()
	}
	c.PeriodShips += deferShips
	c.PeriodFailed += deferFailed
	s.reassignment()
	s.Crew.Agent = nil
	// 5.1.2: a next patrol after June 1943 ends the game, so no newer boat is
	// asked for (6.1 step 3A's note: "the game ends").
	warOver := s.Refit.Return+charts.Month(s.Refit.Months) > lastMonth
	if s.Career.Upgrades > 0 && s.Refit.NewBoat == "" && !warOver && len(s.newerModels()) > 0 {
		s.Phase = phUpgrade
		return
	}
	s.Phase = phRefitDone
}

// refitLength applies 10.10.1-10.10.5 and the KKpt's shorter refit (11.2.1).
func (s *State) refitLength() {
	rt := s.pack.Rules.Refit
	rf := s.Refit
	months := rt.BaseMonths
	inop := s.inoperableCount()
	if inop >= rt.InoperableExtraFrom {
		months++ // 10.10.2: at most one month for inoperable systems
	}
	hullMonths := (s.Boat.Hull + rt.HullBlock - 1) / rt.HullBlock // 10.10.3
	months += hullMonths
	s.say("10.10", func() string {
		return fmt.Sprintf("Refit: %d month base, +%d for %d inoperable systems, +%d for %d hull damage = %s.", rt.BaseMonths, boolInt(inop >= rt.InoperableExtraFrom), inop, hullMonths, s.Boat.Hull, s.count(months, "month", "months"))
	})
	if months >= rt.NewBoatMonths || (s.Patrol != nil && s.Patrol.Scuttled) {
		// 10.10.5, 11.4.2: a new boat of the same type, the latest model when
		// it sails, one month after the return.
		rf.Months = rt.BaseMonths
		rf.NewBoat = s.latestStandard()
		if s.Patrol != nil && s.Patrol.Scuttled {
			s.say("10.9.4", func() string {
				return fmt.Sprintf("The rescued crew is given a new boat: Type %s.", typeName(rf.NewBoat))
			})
		} else {
			s.say("11.4.2", func() string {
				return fmt.Sprintf("A %d-month refit: the Kommandant receives a new Type %s instead; his crew stays.", months, typeName(rf.NewBoat))
			})
		}
		months = rt.BaseMonths
	} else if s.Career.Rank >= 2 && !containsInt(rt.KKptNotFor, months) {
		months-- // 11.2.1
		s.say("11.2.1", func() string {
			return fmt.Sprintf("The %s's influence shortens the refit to %d months.", s.rankName(), months)
		})
	}
	rf.Months = months
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func containsInt(l []int, v int) bool {
	for _, x := range l {
		if x == v {
			return true
		}
	}
	return false
}

// crewRecovery is 10.11, done during the refit (10.10.7); a Kommandant needing
// five months or more gets a newer boat (10.11.4, 11.4.1).
func (s *State) crewRecovery() {
	rf := s.Refit
	t := s.pack.Rules.Table("crew_recovery")
	doctorHelps := s.Crew.Doctor.Experte && !s.Crew.Doctor.Health.Out()
	roll := func(name string) int {
		s.mods()
		s.modFrom(t.Modifiers, "doctor_experte_not_sw_kia", doctorHelps, "Experte Doctor")
		r := s.throw("", "10.11", s.text(func() string { return "Recovery of " + name }), "1d6")
		m := r.total
		if m < 0 {
			m = 0
		}
		s.emit(r, s.text(func() string { return fmt.Sprintf("%d months", m) }))
		return m
	}
	// The Kommandant first: his recovery can hold the boat in port (10.11).
	if s.Crew.Kmdt.Health == SW {
		k := roll("the Kommandant")
		s.Crew.Kmdt.Recovery = k
		rf.KmdtMonths = k
		if k > rf.Months {
			s.say("10.11", func() string {
				return fmt.Sprintf("The boat waits for the Kommandant: %d months before the next patrol.", k)
			})
			rf.Months = k
		}
		if k >= s.pack.Rules.Refit.KmdtNewBoatRecovery {
			// After rf.Months: the model is the latest "at the time of the next patrol".
			rf.NewBoat = s.latestStandard()
			rf.NewCrew = true
			s.say("10.11.4", func() string {
				return fmt.Sprintf("The Kommandant needs %d months: he will take a new Type %s with a new crew.", k, typeName(rf.NewBoat))
			})
		}
	}
	s.Crew.Kmdt.Health, s.Crew.Kmdt.Recovery = Fit, 0
	if rf.NewCrew {
		return // 10.11.4: a completely new crew comes with the new boat
	}
	replace := func(c *Crewman, name string) bool {
		switch c.Health {
		case KIA:
			s.say("10.11", func() string { return fmt.Sprintf("%s (KIA) is replaced.", name) })
			*c = Crewman{}
			return true
		case SW:
			m := roll(name)
			if m > rf.Months {
				s.say("10.11.2", func() string {
					return fmt.Sprintf("%s needs %d months, longer than the refit: he is replaced.", name, m)
				})
				*c = Crewman{}
				return true
			}
			c.Health, c.Recovery = Fit, m // Recovery: for a boat granted later in this refit (11.4.3)
		case LW:
			c.Health = Fit // LW heal in the first refit month
		}
		return false
	}
	wo1Lost := replace(&s.Crew.WO1, "the 1WO")
	replace(&s.Crew.WO2, "the 2WO")
	replace(&s.Crew.LI, "the LI")
	replace(&s.Crew.Doctor, "the Doctor")
	replaced := 0
	for i := range s.Crew.Generic {
		if replace(&s.Crew.Generic[i], genericCrewNames[i]) {
			replaced++
		}
	}
	rf.GenericReplaced = replaced
	if replaced == 4 && s.Crew.Quality > Trained && !s.crewLossCountedOnce() {
		s.Crew.Quality--
		s.say("10.11.3", func() string {
			return fmt.Sprintf("All four generic crew boxes were replaced: crew quality falls to %s.", qualityNames[s.Crew.Quality])
		})
	}
	if wo1Lost {
		s.promote2WO()
	}
}

// crewLossCountedOnce: with crew_loss_levels=one_level, 10.11.3's level is
// 11.1.4's alone when all four generic crew boxes went down on the patrol: a
// box replaced was SW or KIA, and 11.1.4 takes the level in crewChanges.
func (s *State) crewLossCountedOnce() bool {
	return s.Settings.ruling(rulCrewLossLevels) == "one_level" && s.Patrol != nil && s.Patrol.GenericDown
}

// newBoatSails is 11.4.3: the Kommandant "goes out to sea in the new boat 1
// month after having received it", unless he is still recovering (10.11);
// his crew stays "unless any require more time to recuperate, per 10.11.2".
// The old boat's longer refit no longer holds him in port.
func (s *State) newBoatSails() {
	rf := s.Refit
	months := s.pack.Rules.Refit.BaseMonths
	if rf.KmdtMonths > months {
		months = rf.KmdtMonths
	}
	if months >= rf.Months {
		return
	}
	rf.Months = months
	s.say("11.4.3", func() string {
		if s.firstWords() {
			return fmt.Sprintf("The new boat sails %d month(s) after it is received.", months)
		}
		return fmt.Sprintf("The new boat sails %s after it is received.", plural(months, "month", "months"))
	})
	replace := func(c *Crewman, name string) bool {
		if c.Recovery <= months {
			return false
		}
		s.say("10.11.2", func() string {
			return fmt.Sprintf("%s needs %d months, longer than the new boat's stay in port: he is replaced.", name, c.Recovery)
		})
		*c = Crewman{}
		return true
	}
	wo1Lost := replace(&s.Crew.WO1, "the 1WO")
	replace(&s.Crew.WO2, "the 2WO")
	replace(&s.Crew.LI, "the LI")
	replace(&s.Crew.Doctor, "the Doctor")
	before := rf.GenericReplaced
	for i := range s.Crew.Generic {
		if replace(&s.Crew.Generic[i], genericCrewNames[i]) {
			rf.GenericReplaced++
		}
	}
	if before < 4 && rf.GenericReplaced == 4 && s.Crew.Quality > Trained && !s.crewLossCountedOnce() {
		s.Crew.Quality--
		s.say("10.11.3", func() string {
			return fmt.Sprintf("All four generic crew boxes were replaced: crew quality falls to %s.", qualityNames[s.Crew.Quality])
		})
	}
	if wo1Lost {
		s.promote2WO()
	}
}

// promote2WO is 11.1.6: an Experte 2WO steps up when the 1WO is lost.
func (s *State) promote2WO() {
	if s.Crew.WO2.Experte {
		s.Crew.WO1 = Crewman{Experte: true}
		s.Crew.WO2 = Crewman{}
		s.note("11.1.6", "The Experte 2WO is promoted to 1WO; a new 2WO comes aboard.")
	}
}

// crewChanges: the 1WO's own command (11.1.5) and the crew's loss of level (11.1.4).
func (s *State) crewChanges() {
	if s.Crew.WO1.Experte {
		s.mods()
		row, _ := s.table("first_wo_leaves", "Experte 1WO's own command")
		if row.Result == "own_command" {
			s.Crew.WO1 = Crewman{}
			s.note("11.1.5", "The Experte 1WO is given his own boat; a new 1WO comes aboard.")
			s.promote2WO()
		}
	}
	if s.Patrol.GenericDown && s.Crew.Quality > Trained {
		s.Crew.Quality--
		s.say("11.1.4", func() string {
			return fmt.Sprintf("Every generic crew box was SW or KIA: crew quality falls to %s.", qualityNames[s.Crew.Quality])
		})
	}
	if s.Career.FailedInRow >= 3 {
		s.Career.FailedInRow = 0
		if s.Crew.Quality > Green {
			s.Crew.Quality--
			s.say("11.1.4", func() string {
				return fmt.Sprintf("Three unsuccessful patrols in a row: crew quality falls to %s.", qualityNames[s.Crew.Quality])
			})
		}
	}
}

// crewAdvancement is 11.1: one roll for every three successful patrols, whatever
// happened to the crew in between (11.1.7).
func (s *State) crewAdvancement() {
	c := &s.Career
	if !s.Patrol.Success || c.Successes%3 != 0 || c.Successes/3 <= c.Advancements {
		return
	}
	c.Advancements++
	c.Log[len(c.Log)-1].Advancement = true
	s.mods()
	row, _ := s.table("crew_advancement", "Crew advancement")
	who, name := s.crewman(map[string]string{"li_experte": "engineer_LI", "doctor_experte": "doctor",
		"watch_officer_1_experte": "watch_officer_1", "watch_officer_2_experte": "watch_officer_2"}[row.Result])
	if who == nil {
		if s.Crew.Quality < Elite {
			s.Crew.Quality++
			s.say("11.1.3", func() string { return fmt.Sprintf("The crew rises to %s.", qualityNames[s.Crew.Quality]) })
		} else {
			s.note("11.1.3", "The crew is already Elite.")
		}
		return
	}
	if who.Experte {
		s.say("11.1.2", func() string { return fmt.Sprintf("Crew advancement: %s is already Experte, no effect.", name) })
		return
	}
	who.Experte = true
	s.say("11.1.1", func() string { return fmt.Sprintf("Crew advancement: %s becomes Experte.", name) })
}

// promotion is 11.2.3: after each 12 months of service, and a final roll in 6/43.
func (s *State) promotion(final bool) {
	c := &s.Career
	rf := s.Refit
	next := rf.Return + charts.Month(rf.Months)
	due := c.PromotionDue < next
	if final {
		due = !rf.Promoted
	}
	if !due {
		return
	}
	for c.PromotionDue < next {
		c.PromotionDue += 12
	}
	rf.Promoted = true
	if c.Rank >= len(s.pack.Rules.Ranks.Order)-1 {
		s.note("11.2.3", "Already Kapitän zur See: no further promotion.")
		c.PeriodAwards, c.PeriodShips, c.PeriodFailed = 0, 0, 0
		return
	}
	t := s.pack.Rules.Table("promotion")
	s.mods()
	for i := 0; i < c.PeriodAwards; i++ {
		s.modFrom(t.Modifiers, "per_knights_cross_award_in_period", true, "Knight's Cross award")
	}
	for i := 0; i < c.PeriodShips/10; i++ {
		s.modFrom(t.Modifiers, "per_10_ships_sunk_in_period", true, "10 ships sunk")
	}
	for i := 0; i < c.PeriodFailed; i++ {
		s.modFrom(t.Modifiers, "per_unsuccessful_patrol_in_period", true, "unsuccessful patrol")
	}
	label := "Promotion"
	if final {
		label = "Final promotion (6/43)"
	}
	row, _ := s.table("promotion", label)
	c.PeriodAwards, c.PeriodShips, c.PeriodFailed = 0, 0, 0
	if row.Result == "promoted" { // 11.2.4: a failed roll has no effect
		c.Rank++
		s.say("11.2.3", func() string { return fmt.Sprintf("Promoted to %s.", s.rankName()) })
	}
}

// decorations is 11.3: awards are received at refit: the Knight's Cross
// (11.3.1), Oakleaves (11.3.2), Swords (11.3.3) and Diamonds (11.3.4), each by
// total tonnage, a Knight's Cross capital ship, or tonnage since the last
// award; each award brings an upgrade request (11.3.5, 11.4.3).
func (s *State) decorations() {
	c := &s.Career
	levels := s.pack.Rules.Decorations.Levels
	// The patrol's Knight's Cross capital ships were sunk after the awards
	// held when it ended, not after one received at this refit: they count
	// for the next award only (11.3.2-11.3.4 "after having previously won").
	held := c.Award
	for c.Award < len(levels) {
		next := levels[c.Award]
		why := ""
		switch {
		case c.Tons >= next.TotalTons:
			why = s.tons(c.Tons) + " sunk"
		case c.CapitalKC > 0 && c.Award == held:
			why = "a capital ship sunk"
		case c.Award > 0 && c.Tons-c.AwardTonMark >= next.SincePrevious:
			why = s.tons(c.Tons-c.AwardTonMark) + " sunk since the last award"
		}
		if why == "" {
			break
		}
		c.Award++
		c.AwardTonMark = c.Tons
		c.PeriodAwards++
		c.Upgrades++ // 11.4.3
		s.say(next.Case, func() string { return fmt.Sprintf("%s awarded the %s (%s).", c.Kommandant, next.Name, why) })
	}
	c.CapitalKC = 0
}

// newerModels lists the boats an upgrade request may name (11.4.3-11.4.5):
// models of the same Type (11.4.4) available for the next patrol that come
// after the boat's own in 4.2.2's chronological list. The VIIA and the VIIB
// share a date; the list puts the VIIA first, and it is the older boat
// (withdrawn in 12/40), so neither is newer than the VIIB.
func (s *State) newerModels() []string {
	fam := s.mat().Family()
	next := s.Refit.Return + charts.Month(s.Refit.Months)
	out := s.scratch.spare.models[:0] // read at once by every caller
	defer func() { s.scratch.spare.models = out }()
	own := boatRank(s.Boat.Type)
	for i, k := range boatOrder {
		b := s.pack.Mats.Boats[k]
		if b.Family() != fam || b.Available > next || i <= own {
			continue
		}
		out = append(out, k)
	}
	return out
}

// latestStandard is the newest standard model of the family (11.4.2): the
// last available one in 4.2.2's list, so a VIIB (listed after the VIIA of
// the same date) in early 1940.
func (s *State) latestStandard() string {
	fam := s.mat().Family()
	next := s.Refit.Return + charts.Month(s.Refit.Months)
	best := ""
	for _, k := range boatOrder {
		b := s.pack.Mats.Boats[k]
		if b.Family() != fam || b.Limited != "" || b.Available > next {
			continue
		}
		best = k
	}
	if best == "" {
		return s.Boat.Type
	}
	return best
}

// boatRank is a model's place in 4.2.2's chronological list.
func boatRank(model string) int {
	for i, k := range boatOrder {
		if k == model {
			return i
		}
	}
	return -1
}

// reassignment applies the VIIA withdrawal (4.2.2).
func (s *State) reassignment() {
	next := s.Refit.Return + charts.Month(s.Refit.Months)
	if s.Boat.Type == "VIIA" && s.Refit.NewBoat == "" && next >= s.pack.Rules.StartDates.VIIAWithdrawn && !s.Settings.on(opt422KeepVIIA) {
		s.Refit.NewBoat = "VIIC"
		s.note("4.2.2", "The Type VIIA is withdrawn: the boat is replaced by a Type VIIC.")
	}
}

// stepRefitDone logs the refit, fits a new boat if one was given, and
// schedules the next patrol or ends the game (5.1.2).
func (s *State) stepRefitDone() {
	c := &s.Career
	rf := s.Refit
	m := c.Month + 1
	for i := 0; i < rf.PMonths; i++ {
		c.Log = append(c.Log, LogRow{Month: m, Mark: "P"})
		m++
	}
	for i := 0; i < rf.Months; i++ {
		c.Log = append(c.Log, LogRow{Month: m, Mark: "R"})
		m++
	}
	c.NextPatrol = m
	// Every man aboard is fit when the boat sails (10.11).
	s.Crew.WO1.Recovery, s.Crew.WO2.Recovery, s.Crew.LI.Recovery, s.Crew.Doctor.Recovery = 0, 0, 0, 0
	for i := range s.Crew.Generic {
		s.Crew.Generic[i].Recovery = 0
	}
	if rf.NewBoat != "" {
		number := s.Boat.Number
		s.fitBoat(rf.NewBoat)
		s.Boat.Number = number
		c.Arctic, c.Med = false, false // 10.10.5, 11.4
		if rf.NewCrew {
			s.Crew = Crew{Quality: Trained} // 10.11.4
		}
		s.say("11.4", func() string {
			return fmt.Sprintf("New boat: a Type %s%s.", typeName(rf.NewBoat), map[bool]string{true: " with a new Trained crew", false: ""}[rf.NewCrew])
		})
	} else {
		s.Boat.Hull, s.Boat.Flooding = 0, 0
		for i := range s.Boat.Sys {
			s.Boat.Sys[i] = OK // 10.10.2, 10.7.7
		}
	}
	s.dropPatrol()
	s.dropEncounter()
	if m > lastMonth {
		s.promotion(true)
		s.dropRefit()
		s.endGame("survived", fmt.Sprintf("The next patrol would begin in %s, after June 1943: the war of The Hunters is over for %s (5.1.2).", m.Label(), c.Kommandant))
		return
	}
	s.say("10.10.4", func() string { return fmt.Sprintf("The next patrol begins in %s.", m.Label()) })
	s.dropRefit()
	s.toNextPatrol()
}
