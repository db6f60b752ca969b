package hunters

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// The travel-box loop: enter a box, roll its encounters (8.1.1), then sail on,
// abort (10.8) or come home (7.5).

func init() {
	steps[phBoxEnter] = (*State).stepBoxEnter
	steps[phBoxRoll] = (*State).stepBoxRoll
	steps[phBoxDone] = (*State).stepBoxDone
	steps[phBoxAdvance] = (*State).stepBoxAdvance
	decisions[phProceed] = &decision{
		kind: "proceed", cas: "10.8.5",
		text: func(s *State) string {
			p := s.Patrol
			next := "home"
			if p.Pos+1 < len(p.Boxes) {
				next = s.boxLabel(p.Pos + 1)
			}
			return fmt.Sprintf("Box %d of %d (%s) is behind you. Sail on to %s, or abort the patrol?", p.Pos+1, len(p.Boxes), s.boxLabel(p.Pos), next)
		},
		options: func(s *State) []engine.Option {
			out := append(s.opts(), engine.Option{Key: "sail", Label: "Sail on to the next box", Case: "8.1.1"})
			if s.mayAbortVoluntarily() {
				out = append(out, engine.Option{Key: "abort", Label: "Abort the patrol and head home", Case: "10.8.5"})
			}
			return out
		},
		answer: func(s *State, key string) {
			if key == "abort" {
				s.startAbort("the Kommandant aborts the patrol", "10.8.5")
				return
			}
			s.Phase = phBoxAdvance
		},
	}
	decisions[phAbortWay] = &decision{
		kind: "abort_direction", cas: "10.8.2",
		text: func(s *State) string {
			return "The nearest transit boxes are equally far in both directions: which way home?"
		},
		options: func(s *State) []engine.Option {
			return s.optsOf(
				engine.Option{Key: "back", Label: "Back the way you came", Case: "10.8.2"},
				engine.Option{Key: "ahead", Label: "Ahead along the track", Case: "10.8.2"},
			)
		},
		answer: func(s *State, key string) {
			dir := 1
			if key == "back" {
				dir = -1
			}
			s.setAbortCourse(dir)
		},
	}
	decisions[phResupply] = &decision{
		kind: "resupply", cas: "14.9",
		text: func(s *State) string {
			return "A U-tanker is available for resupply at sea. Surface to take on fuel, ammunition and perhaps torpedoes (a Bay of Biscay roll for the risk, and +1 month at sea)?"
		},
		options: func(s *State) []engine.Option {
			return s.optsOf(
				engine.Option{Key: "resupply", Label: "Resupply and return to the first on-station box", Case: "14.9"},
				engine.Option{Key: "decline", Label: "Decline and head home", Case: "14.9.4"},
			)
		},
		answer: func(s *State, key string) {
			if key == "decline" {
				s.note("14.9.4", "Resupply declined.")
				s.Phase = phBoxDone
				return
			}
			s.resupply()
		},
	}
}

func (s *State) stepBoxEnter() {
	p := s.Patrol
	s.say("8.1.1", func() string {
		return fmt.Sprintf("%s enters box %d of %d: %s.", s.Boat.Number, p.Pos+1, len(p.Boxes), s.boxLabel(p.Pos))
	})
	s.doctorSurvival()
	if s.Over != nil {
		return
	}
	p.RollsLeft = p.Rolls[p.Pos]
	if p.Aborting && s.dieselsInoperable() == 1 {
		p.RollsLeft *= 2 // 10.2.1, 10.8.3
		s.note("10.8.3", "With an inoperable diesel the boat rolls twice for encounters in this box.")
	}
	if p.QuietNext > 0 {
		p.QuietNext--
		p.RollsLeft = 0
		s.note("12.1", "No encounters in this box (random event).")
	}
	s.Phase = phBoxRoll
}

// missionPending reports whether box i is where the special mission is
// carried out and it is not yet done (7.4).
func (s *State) missionPending(i int) bool {
	p := s.Patrol
	if p.Mission == "" || p.MissionDone || p.MissionFail || p.Aborting {
		return false
	}
	c := p.Boxes[i]
	return c == "mission" || (c == "north_america_or_A" && p.Mission != "")
}

// encounterTable picks the E1 column for the current box and adds its modifiers.
func (s *State) encounterTable() (*charts.SubTable, string, bool) {
	p := s.Patrol
	code := p.Boxes[p.Pos]
	key := code
	randomOK := true
	switch code {
	case "transit":
	case "transit_bob":
		key = "transit"
		if s.Career.Month >= charts.MonthOf(1940, 7) && !(p.Area == "mediterranean" && !p.FirstMed) {
			key = "bay_of_biscay_special_missions" // 7.3.6
		}
	case "transit_gibraltar":
		key = "transit"
		if p.FirstMed {
			key = "addl_round_gibraltar" // 7.3.3
			randomOK = s.Settings.ruling(rulGibraltarRandomEvent) == "allowed"
		}
	case "mission":
		key = "bay_of_biscay_special_missions"
		randomOK = false // 7.4.5, 12.1.7
	case "north_america_or_A", "north_america":
		key = "north_america"
		if p.Area == "caribbean" {
			key = "caribbean" // 7.3.7
		}
	}
	if s.missionPending(p.Pos) {
		key = "bay_of_biscay_special_missions"
		randomOK = false
	}
	t, _ := s.pack.E1.Table(key)
	s.mods()
	switch key {
	case "bay_of_biscay_special_missions":
		if !s.missionPending(p.Pos) && code != "mission" {
			s.yearModifiers(t.Modifiers, "9.8.6")
		}
	case "addl_round_gibraltar":
		s.yearModifiers(t.Modifiers, "9.8.6")
		s.modFrom(t.Modifiers, "gibraltar_passage", true, "Gibraltar Passage")
	}
	return t, key, randomOK
}

func (s *State) yearModifiers(ms charts.Modifiers, _ string) {
	y := s.year()
	s.modFrom(ms, "year_1942", y == 1942, "1942")
	s.modFrom(ms, "year_1943", y >= 1943, "1943")
}

func (s *State) stepBoxRoll() {
	p := s.Patrol
	if p.RollsLeft <= 0 || p.Ended {
		s.Phase = phBoxDone
		return
	}
	if s.packBoxRoll() {
		return
	}
	p.RollsLeft--
	mission := s.missionPending(p.Pos)
	t, _, randomOK := s.encounterTable()
	purpose := s.text(func() string {
		if mission {
			return "Special mission: " + t.Title
		}
		return "Encounter: " + t.Title
	})
	r := s.throw("E1", "8.1", purpose, "2d6")
	row, _ := t.Rows.Find(r.total)
	result := row.Result
	// 12.0, 12.1.1: the first natural 12 of the patrol on a travel box's roll is a
	// random event and the encounter is ignored (8.1.6).
	if r.natural == 12 && randomOK && !p.RandomDone {
		s.emit(r, "random event (encounter ignored)")
		s.randomEvent()
		return
	}
	s.emit(r, s.text(func() string { return pretty(result) }))
	if mission {
		if result == "none" {
			s.completeMission()
			p.RollsLeft = 0
			return
		}
		p.RollsLeft = 1 // 7.4.1: after the encounter, roll again before the drop-off
	}
	if s.holdForPack(result) {
		return
	}
	s.startEncounter(result, false)
}

// startEncounter dispatches an E1 result (8.1.2). Aircraft cannot be avoided
// (8.1.5); ships may be (8.1.4).
func (s *State) startEncounter(result string, fromRandom bool) {
	switch result {
	case "none":
		s.Phase = phBoxRoll
	case "aircraft":
		s.Enc = s.newEncounter("aircraft")
		s.startAir(false)
	case "escort":
		s.Enc = s.newEncounter("escort")
		s.Enc.Escorted, s.Enc.Submerged = true, true
		s.note("9.4.3", "An escort arrives: Escort Detection is rolled at once.")
		s.Enc.Round = 1
		s.Phase = phDetect
	default:
		s.startShips(result)
	}
}

func (s *State) completeMission() {
	p := s.Patrol
	b := &s.Boat
	switch p.Mission {
	case "minelaying":
		if b.ShaftMines > 0 {
			b.ShaftMines = 0
		} else {
			fwdBlocked := s.damaged(sysFwdDoors) && containsMine(b.Fwd)
			aftBlocked := s.damaged(sysAftDoors) && containsMine(b.Aft)
			if fwdBlocked || aftBlocked {
				p.MissionFail = true
				s.note("E5", "The torpedo doors are damaged: the mines cannot be laid and the mission fails.")
				return
			}
			for i := range b.Fwd {
				b.Fwd[i] = ""
			}
			for i := range b.Aft {
				b.Aft[i] = ""
			}
		}
		p.MissionDone = true
		s.note("7.4.2", "The mines are laid: the special mission succeeds.")
		if b.FwdA+b.FwdE+b.AftA+b.AftE > 0 && (containsEmpty(b.Fwd) || containsEmpty(b.Aft)) {
			s.reload(phBoxRoll)
		}
	case "abwehr_agent":
		p.MissionDone = true
		s.Crew.Agent = nil
		s.note("7.4.1", "The Abwehr agent is put ashore: the special mission succeeds.")
	}
}

func containsMine(t []string) bool {
	for _, x := range t {
		if x == Mine {
			return true
		}
	}
	return false
}

func containsEmpty(t []string) bool {
	for _, x := range t {
		if x == "" {
			return true
		}
	}
	return false
}

func (s *State) stepBoxDone() {
	p := s.Patrol
	if p.Ended {
		s.Phase = phPatrolEnd
		return
	}
	if p.Aborting && p.Dir == 0 {
		s.setCourseHome()
		return
	}
	// 14.9.1: no resupply in the Mediterranean or off North America/the Caribbean.
	if s.Settings.on(opt149) && !p.ResupplyChk && !p.Aborting && p.Pos == p.lastOnStation() &&
		p.Area != "mediterranean" && p.Area != "north_america" && p.Area != "caribbean" {
		p.ResupplyChk = true // 14.9.2: once per patrol
		s.mods()
		row, _ := s.table("resupply_available", "Resupply at sea")
		if row.Result == "available" {
			s.Phase = phResupply
			return
		}
	}
	next := p.Pos + p.Dir
	if next < 0 || next >= len(p.Boxes) {
		// 7.5.1: the patrol ends once the last box's encounters are resolved.
		s.Phase = phPatrolEnd
		return
	}
	if !p.returning() {
		s.Phase = phProceed
		return
	}
	s.Phase = phBoxAdvance
}

func (s *State) stepBoxAdvance() {
	p := s.Patrol
	p.Pos += p.Dir
	if p.Pos < 0 || p.Pos >= len(p.Boxes) {
		s.Phase = phPatrolEnd
		return
	}
	s.Phase = phBoxEnter
}

// mayAbortVoluntarily applies 7.3.3 during the Gibraltar passage.
func (s *State) mayAbortVoluntarily() bool {
	p := s.Patrol
	if p.FirstMed && p.Pos <= 1 {
		return s.Boat.Hull > 0 || s.inoperableCount() > 0
	}
	return true
}

// startAbort turns the boat for home (10.8). It is called at the end of a
// box or of an encounter; the boat moves to the nearest transit box next.
func (s *State) startAbort(reason, cas string) {
	p := s.Patrol
	if p == nil || p.Aborting || p.Ended {
		return
	}
	p.Aborting, p.AbortReason = true, reason
	p.RollsLeft = 0
	s.say(cas, func() string { return fmt.Sprintf("Patrol aborted: %s (10.8).", reason) })
	if s.isIX() {
		done, total := 0, 0
		for i, r := range p.Rolls {
			total += r
			if i <= p.Pos {
				done += r
			}
		}
		p.BeforeHalf = done*2 < total // 10.8.6, counting x2/x3 boxes
		if p.BeforeHalf {
			s.note("10.8.6", "A Type IX aborting before the halfway point: the patrol counts one month, no P month.")
		}
	}
	p.Dir = 0 // the course home is set when the box is done (setCourseHome)
	if p.FirstMed && p.Pos == 0 {
		// 7.3.3: aborting in the first box of the Gibraltar passage ends the patrol.
		p.Ended, p.BackToFrance = true, true
		s.note("7.3.3", "Aborted in the first transit box: the patrol ends at once.")
	}
	if s.Enc == nil && s.Phase == phProceed {
		s.Phase = phBoxDone
	}
}

// setCourseHome picks the way home of an aborting boat (10.8.2, 7.3.3).
func (s *State) setCourseHome() {
	p := s.Patrol
	switch {
	case p.FirstMed && p.Pos == 1:
		p.BackToFrance = true // 7.3.3: back through the first box as Bay of Biscay
		s.setAbortCourseFrom(-1, 0)
		return
	case p.FirstMed:
		s.setAbortCourse(1) // past Gibraltar, home is Italy
		return
	}
	if dir := s.courseHome(); dir != 0 {
		s.setAbortCourse(dir)
		return
	}
	s.Phase = phAbortWay
}

// courseHome is the way home of an aborting boat (10.8.2): -1 back the way it
// came, +1 ahead, 0 when the nearest Transit boxes are equally far and the
// Kommandant chooses. A boat already in the Transit boxes at either end of the
// track heads for the base at that end, through Transit boxes only: from the
// first box the patrol simply ends, from the second the boat rolls the first
// (as 7.3.3 has it for the Gibraltar passage); it never turns ahead into the
// patrol area.
func (s *State) courseHome() int {
	p := s.Patrol
	if p.FirstMed {
		if p.Pos <= 1 {
			return -1 // 7.3.3: back to France through the first box
		}
		return 1 // past Gibraltar, home is Italy
	}
	back, ahead := s.transitTo(-1), s.transitTo(1)
	switch {
	case back && ahead:
		if p.Pos <= len(p.Boxes)-1-p.Pos {
			return -1
		}
		return 1
	case back:
		return -1
	case ahead:
		return 1
	}
	b, a := s.nearestTransit()
	switch {
	case b < a:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// transitTo reports whether every box from the boat's to the end of the track
// in direction dir is a Transit box.
func (s *State) transitTo(dir int) bool {
	p := s.Patrol
	for i := p.Pos; i >= 0 && i < len(p.Boxes); i += dir {
		if !isTransit(p.Boxes[i]) {
			return false
		}
	}
	return true
}

// nearestTransit returns the distance to the nearest transit box (or base)
// behind and ahead of the boat.
func (s *State) nearestTransit() (back, ahead int) {
	p := s.Patrol
	back, ahead = p.Pos+1, len(p.Boxes)-p.Pos
	for i := p.Pos - 1; i >= 0; i-- {
		if isTransit(p.Boxes[i]) {
			back = p.Pos - i
			break
		}
	}
	for i := p.Pos + 1; i < len(p.Boxes); i++ {
		if isTransit(p.Boxes[i]) {
			ahead = i - p.Pos
			break
		}
	}
	return back, ahead
}

func isTransit(code string) bool {
	return code == "transit" || code == "transit_bob" || code == "transit_gibraltar"
}

// setAbortCourse sends the boat to the nearest transit box in direction dir.
func (s *State) setAbortCourse(dir int) {
	p := s.Patrol
	target := -1
	for i := p.Pos + dir; i >= 0 && i < len(p.Boxes); i += dir {
		if isTransit(p.Boxes[i]) {
			target = i
			break
		}
	}
	s.setAbortCourseFrom(dir, target)
}

func (s *State) setAbortCourseFrom(dir, target int) {
	p := s.Patrol
	p.Dir = dir
	if target >= 0 {
		p.Pos = target - dir // the next advance enters the transit box
	}
	s.Phase = phBoxAdvance
}

// doctorSurvival applies 10.5.3: with the Doctor SW or KIA, each SW man rolls
// on entering each new travel box.
func (s *State) doctorSurvival() {
	if !s.Crew.Doctor.Health.Out() {
		return
	}
	check := func(c *Crewman, who string) {
		if c.Health != SW {
			return
		}
		s.mods()
		row, _ := s.table("doctor_absent_survival", s.text(func() string { return "Survival of " + who + " (no doctor)" }))
		if row.Result == "KIA" {
			c.Health = KIA
			s.say("10.5.3", func() string { return fmt.Sprintf("%s dies of his wounds.", who) })
		}
	}
	check(&s.Crew.Kmdt, "the Kommandant")
	if s.Crew.Kmdt.Health == KIA {
		s.endGame("killed", "The Kommandant died of his wounds (10.5.2).")
		return
	}
	check(&s.Crew.WO1, "the 1WO")
	check(&s.Crew.WO2, "the 2WO")
	check(&s.Crew.LI, "the LI")
	check(&s.Crew.Doctor, "the Doctor")
	for i := range s.Crew.Generic {
		check(&s.Crew.Generic[i], genericCrewNames[i])
	}
	if s.Crew.Agent != nil {
		check(s.Crew.Agent, "the Abwehr agent")
	}
	s.commandCheck()
}

// resupply carries out 14.9 after the player accepted.
func (s *State) resupply() {
	p := s.Patrol
	t, _ := s.pack.E1.Table("bay_of_biscay_special_missions")
	s.mods()
	s.yearModifiers(t.Modifiers, "14.9")
	row, _ := s.lookup("E1", "14.9", "Resupply exposure (Bay of Biscay table)", "2d6", t.Rows)
	if row.Result != "none" {
		s.note("14.9.2", "An encounter: no resupply is possible.")
		p.RollsLeft = 0
		s.startEncounter(row.Result, false)
		return
	}
	p.Resupplied = true
	m := s.mat()
	if m.DeckGun != nil {
		s.Boat.Ammo = m.DeckGun.Ammo
	}
	s.mods()
	trow, _ := s.table("resupply_torpedoes", "Resupply: torpedoes")
	addA, addE := 0, 0
	switch trow.Result {
	case "g7a_1d6":
		s.mods()
		addA = s.throwPlain("14.9", "Resupply: G7a torpedoes", "1d6")
	case "g7e_1d6":
		s.mods()
		addE = s.throwPlain("14.9", "Resupply: G7e torpedoes", "1d6")
	case "two_each":
		addA, addE = 2, 2
	}
	gotA, gotE := s.stowReloads(addA, addE)
	s.say("14.9", func() string {
		return fmt.Sprintf("Resupplied at sea: fuel, deck-gun ammunition to %d, %d G7a and %d G7e torpedoes taken on (14.9.3 limits).", s.Boat.Ammo, gotA, gotE)
	})
	p.Pos = p.firstOnStation() - 1
	p.Dir = 1
	s.Phase = phBoxAdvance
}

func (s *State) throwPlain(cas, purpose, notation string) int {
	r := s.throw("", cas, purpose, notation)
	s.emit(r, fmt.Sprint(r.total))
	return r.total
}

// stowReloads adds torpedoes to the reload boxes within capacity and the mix
// limits (14.9.3).
func (s *State) stowReloads(a, e int) (gotA, gotE int) {
	m := s.mat()
	b := &s.Boat
	lo, hi := s.mixRange()
	count := func() (int, int) {
		ca, ce := b.FwdA+b.AftA, b.FwdE+b.AftE
		for _, t := range append(append([]string{}, b.Fwd...), b.Aft...) {
			if t == G7a {
				ca++
			} else if t == G7e {
				ce++
			}
		}
		return ca, ce
	}
	for i := 0; i < a+e; i++ {
		typ := G7a
		if i >= a {
			typ = G7e
		}
		ca, ce := count()
		if typ == G7a && ca+1 > m.Torpedoes.Load-lo {
			continue
		}
		if typ == G7e && ce+1 > hi {
			continue
		}
		switch {
		case b.FwdA+b.FwdE < m.Reloads.Forward:
			if typ == G7a {
				b.FwdA++
			} else {
				b.FwdE++
			}
		case b.AftA+b.AftE < m.Reloads.Aft:
			if typ == G7a {
				b.AftA++
			} else {
				b.AftE++
			}
		default:
			continue
		}
		if typ == G7a {
			gotA++
		} else {
			gotE++
		}
	}
	return gotA, gotE
}
