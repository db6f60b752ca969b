package hunters

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// After the combat rounds: pump out flooding, repair (10.7), then follow an
// escorted target (9.7), fight another round against an unescorted one (9.4.3)
// or sail on.

func init() {
	steps[phCombatOver] = (*State).stepCombatOver
	steps[phAddlRound] = (*State).stepAdditionalRound
	steps[phFollow] = (*State).stepFollow
	steps[phFollowDmg] = (*State).stepFollowDamaged
	steps[phEncEnd] = (*State).stepEncounterEnd
	decisions[phAfter] = &decision{
		kind: "after_combat", cas: "9.7",
		text: func(s *State) string {
			txt := "The combat round is over."
			for i := range s.Enc.Targets {
				if s.Enc.Targets[i].Afloat() {
					txt += "\n  " + s.targetLabel(i)
				}
			}
			return txt
		},
		options: func(s *State) []engine.Option {
			if s.inPackBattle() {
				return s.packAfterOptions()
			}
			return s.afterOptions()
		},
		answer: func(s *State, key string) {
			switch key {
			case "continue":
				s.reload(phPackNext) // 13.5.5
			case "leave":
				if s.Pack != nil {
					s.Pack.Round = 0
				}
				s.Phase = phEncEnd
			case "again":
				s.reload(phAddlRound)
			case "follow":
				s.reload(phFollow)
			case "follow_damaged":
				s.reload(phFollowDmg)
			}
		},
	}
}

func (s *State) stepCombatOver() {
	e := s.Enc
	// 10.7: flooding is pumped out once all combat rounds are over; then repairs,
	// before any Following (9.7.3).
	if s.Boat.Flooding > 0 {
		s.note("10.7", "All flooding is pumped out.")
		s.Boat.Flooding = 0
	}
	s.repairs()
	if s.boatGone() {
		if s.Over == nil {
			// 10.9.4: scuttled and rescued (an air attack's hit may do it, after
			// which the attack's own step brings us here): the engagement ends.
			e.Ended = true
			s.Phase = phEncEnd
		}
		return
	}
	e.Held = 0
	s.Phase = phAfter
}

func (s *State) hasDamagedAfloat() bool {
	for ti := range s.Enc.Targets {
		t := &s.Enc.Targets[ti]
		if t.Afloat() && t.Damage > 0 {
			return true
		}
	}
	return false
}

func (s *State) afterOptions() []engine.Option {
	e := s.Enc
	out := s.opts()
	ships := len(e.Targets) > 0 && e.Type != "aircraft" && e.Type != "escort" && !e.Ended
	if ships && !s.Patrol.Aborting && !s.allSunk() {
		escorted := e.Escorted || e.Arrived
		// 9.4.4, 9.4.5, 9.7.2: another round only against unescorted targets, and
		// never once escorts have appeared; escorted targets can only be followed.
		// Each only with a weapon that could fire in it: a followed convoy or
		// capital ship keeps its escort, so it takes torpedoes; a damaged ship
		// may straggle unescorted (9.7.6), within the deck gun's reach (9.3.1).
		if !escorted {
			if s.canAttack(false, e.Night) {
				out = append(out, engine.Option{Key: "again", Label: "Another round of combat (roll Add'l Round: escorts or aircraft may come)", Case: "9.4.3"})
			}
		} else {
			if s.hasDamagedAfloat() && s.canAttack(e.Capital, true) {
				out = append(out, engine.Option{Key: "follow_damaged", Label: "Follow the damaged ship(s) (automatic)", Case: "9.7.6"})
			}
			if !e.ContactLost && !e.CapitalUndamaged() && s.hasUndamagedAfloat() && s.canAttack(true, true) {
				label := "Follow the escorted ship(s) (1d6: 1-4 contact)"
				if e.Type == "convoy" {
					label = "Follow the convoy (1d6: 1-4 contact, four fresh targets)"
				}
				if s.kmdtAward() >= 4 {
					label += " - automatic with the Diamonds"
				}
				out = append(out, engine.Option{Key: "follow", Label: label, Case: "9.7.7"})
			}
		}
	}
	out = append(out, engine.Option{Key: "leave", Label: "Break off and sail on", Case: "9.7.1"})
	return out
}

func (s *State) hasUndamagedAfloat() bool {
	for ti := range s.Enc.Targets {
		t := &s.Enc.Targets[ti]
		if t.Afloat() && t.Damage == 0 {
			return true
		}
	}
	return s.Enc.Type == "convoy"
}

// newRound resets the per-round firing state.
func (e *Encounter) newRound() {
	e.UsedFwd, e.UsedAft, e.UsedGun, e.FiredRound, e.BothEnds = false, false, false, false, false
	e.Round, e.PrevDetect, e.DeepDRM, e.DeepRound, e.Plus12 = 0, false, false, 0, false
	e.Weapon, e.Second, e.Aim, e.AimIdx = "", "", e.Aim[:0], 0
}

// stepAdditionalRound rolls the Add'l Round of Combat table (9.4.3, 9.6.2).
func (s *State) stepAdditionalRound() {
	e := s.Enc
	t, _ := s.pack.E1.Table("addl_round_gibraltar")
	s.mods()
	s.yearModifiers(t.Modifiers, "9.8.6")
	row, _ := s.lookup("E1", "9.4.3", "Add'l round of combat", "2d6", t.Rows)
	e.newRound()
	e.CombatRound++
	switch row.Result {
	case "escort":
		// 9.4.3, 9.4.6: escorted now, submerged, detection at once.
		e.Escorted, e.Arrived, e.Submerged, e.Surfaced = true, true, true, false
		s.note("9.4.6", "An escort arrives: the boat is submerged and Escort Detection is rolled at once.")
		e.Round = 1
		e.Detect = "arrival"
		s.Phase = phDetect
	case "aircraft":
		s.note("9.4.3", "Aircraft! The attack is abandoned and the boat dives; the target escapes (9.8.1).")
		e.Ended = true
		s.startAir(true)
	default:
		s.note("9.4.3", "No interference: another round against the unescorted target.")
		s.Phase = phWeapon
	}
}

// stepFollow attempts to follow an escorted ship or the convoy (9.7.7).
func (s *State) stepFollow() {
	e := s.Enc
	e.newRound()
	if s.kmdtAward() >= 4 {
		s.note("11.3.6", "With the Diamonds every follow attempt succeeds.")
	} else {
		s.mods()
		row, _ := s.table("follow_contact", "Follow")
		if row.Result == "lost" {
			s.note("9.7.7", "Contact is lost; the engagement ends.")
			s.Phase = phEncEnd
			return
		}
	}
	s.note("9.7.9", "Contact regained: a new engagement.")
	e.G7aByDay, e.Wolfpack, e.WolfRolled, e.MustFire, e.Torpedoed = false, 0, false, false, false
	e.Arrived, e.Submerged = false, false
	e.CombatRound = 0
	if e.Type == "convoy" {
		s.freshConvoy(e)
	} else {
		keep := e.Targets[:0] // filtered in place
		for _, t := range e.Targets {
			if t.Afloat() {
				keep = append(keep, t)
			}
		}
		e.Targets = keep
	}
	s.rollDayNight() // 9.7.5
	s.Phase = phEngage
}

// freshConvoy deals a followed convoy's fresh targets (9.7.7): four, or
// three with 14.2; the escort quality is rolled anew (14.6).
func (s *State) freshConvoy(e *Encounter) {
	e.Targets = e.Targets[:0]
	e.Quality = ""
	n := 4
	if s.Settings.on(opt142) {
		n = 3
	}
	for i := 0; i < n; i++ {
		t, _ := s.identify(s.shipSize(0))
		e.Targets = append(e.Targets, t)
	}
}

// stepFollowDamaged follows damaged ships (9.7.6): automatic; the roll decides the escort.
func (s *State) stepFollowDamaged() {
	e := s.Enc
	e.newRound()
	dmg := e.Targets[:0] // filtered in place: the others are left behind
	for _, t := range e.Targets {
		if t.Afloat() && t.Damage > 0 {
			dmg = append(dmg, t)
		}
	}
	e.Targets = dmg
	e.ContactLost = true // 9.7.8
	e.G7aByDay, e.Wolfpack, e.WolfRolled, e.Torpedoed = false, 0, false, false
	e.CombatRound = 0
	capital := dmg[0].Kind == "capital_ship"
	if capital {
		s.note("9.7.4", "A damaged capital ship always keeps its escort.")
		e.Escorted = true
	} else {
		s.mods()
		row, _ := s.table("follow_damaged", "Following damaged ships: escort")
		e.Escorted = row.Result == "still_escorted"
		if !e.Escorted {
			e.Arrived, e.Submerged = false, false
			s.note("9.7.6", "The damaged ships straggle unescorted.")
		}
	}
	e.MustFire = e.Escorted // 9.7.10
	if e.Escorted {
		e.Type = "ship_escort"
	} else {
		e.Type = "ship"
		e.Quality = ""
	}
	if len(dmg) > 1 {
		s.Phase = phFollowPick
		return
	}
	s.chooseFollowTime()
}

// stepEncounterEnd reloads and returns to the travel box (9.2.8).
func (s *State) stepEncounterEnd() {
	e := s.Enc
	if e != nil && !e.Ended {
		e.Ended = true
		s.reload(phEncEnd)
		return
	}
	s.endEncounter()
}

// endEncounter closes the combat mat and goes on with the travel box.
func (s *State) endEncounter() {
	if s.Pack != nil {
		s.Pack.Round, s.Pack.DRM = 0, 0 // out of the pack's battle, however it ended
	}
	s.dropEncounter()
	if s.Over != nil {
		return
	}
	p := s.Patrol
	if p.Ended {
		s.Phase = phBoxDone
		return
	}
	if p.Aborting && p.RollsLeft > 0 && p.Dir != 0 {
		// a forced abort in mid-box: the remaining rolls of this box lapse
		p.RollsLeft = 0
	}
	s.Phase = phBoxRoll
}

// Repairs (10.7) after the combat rounds of an encounter: every damaged system
// (10.7.1) rolls 1d6 against its E5 number (10.7.2), -1 for an Experte LI
// (10.7.3); success clears the damage (10.7.4), failure makes the system
// Inoperable for the rest of the patrol (10.7.5).
func (s *State) repairs() {
	for i := 0; i < numSystems; i++ {
		if !s.Boat.Aboard[i] || s.Boat.Sys[i] != Damaged {
			continue
		}
		sr, ok := s.pack.E5.System(systemKeys[i])
		if !ok {
			continue
		}
		s.mods()
		ms := s.pack.E5.Repair.Modifiers
		s.modFrom(ms, "li_experte_not_sw_kia", s.Crew.LI.Experte && s.liWorking(), "Experte LI")
		s.modFrom(ms, "li_sw_or_kia", !s.liWorking(), "LI SW or KIA")
		r := s.throw("E5", "10.7.2", s.text(func() string { return "Repair " + systemNames[i] }), "1d6")
		if r.total <= sr.RepairOn {
			s.emit(r, "repaired")
			s.Boat.Sys[i] = OK
			continue
		}
		s.emit(r, "inoperable for the rest of the patrol")
		s.setInoperable(i)
		if s.boatGone() {
			return
		}
	}
}

// setInoperable flips a system to Inoperable with its consequences (10.7.6,
// 10.8.1): fuel tanks (10.4.2) and diesels (10.2.1) force an abort.
func (s *State) setInoperable(i int) {
	s.Boat.Sys[i] = Inoperable
	switch i {
	case sysFuelTanks:
		s.startAbort("the fuel tanks are inoperable", "10.4.2")
	case sysDiesel1, sysDiesel2:
		if s.dieselsInoperable() == 2 {
			s.bothDieselsLost()
			return
		}
		s.startAbort("a diesel engine is inoperable", "10.2.1")
	}
}

// bothDieselsLost applies 10.2.1 and 10.9.4.
func (s *State) bothDieselsLost() {
	p := s.Patrol
	if s.withinOneBoxOfBase() {
		s.note("10.2.1", "Both diesels are inoperable, but the boat is within one box of base: it is towed home.")
		p.Ended = true
		return
	}
	s.note("10.9.4", "Both diesels are inoperable far from base: the boat is scuttled.")
	s.mods()
	// 10.9.5: +4 with an inoperable radio.
	s.modFrom(s.pack.Rules.Table("crew_rescue_after_diesel_loss").Modifiers, "radio_inoperable", s.sys(sysRadio) == Inoperable, "radio inoperable")
	row, _ := s.table("crew_rescue_after_diesel_loss", "Crew rescue")
	if row.Result == "lost_at_sea" {
		s.endGame("lost_at_sea", fmt.Sprintf("%s was scuttled and her crew was lost at sea (10.9.4).", s.Boat.Number))
		return
	}
	s.note("10.9.4", "The crew is rescued; the Kommandant will receive a new boat.")
	p.Ended = true
	p.Scuttled = true
	// The boat is gone: the engagement ends here, with no more rounds, repairs
	// or reloading (9.2.8), and the patrol with it.
	if s.Enc != nil {
		s.Enc.Ended = true
		s.Phase = phEncEnd
		return
	}
	s.Phase = phBoxDone
}

// withinOneBoxOfBase is 10.2.1's "within one Travel Box of its base (the final
// Travel Box on the Patrol Track)": the boat is in the last box before the
// base it is heading for, or in the one before that. Its heading is the course
// home of an abort (10.8.2): both diesels out, it aborts; a boat whose first
// diesel was lost in this same encounter has no course yet, and the one it is
// about to take counts.
func (s *State) withinOneBoxOfBase() bool {
	p := s.Patrol
	last := len(p.Boxes) - 1
	dir := p.Dir
	if !p.Aborting || dir == 0 {
		dir = s.courseHome()
	}
	switch dir {
	case 1:
		return p.Pos >= last-1
	case -1:
		return p.Pos <= 1
	}
	return p.Pos <= 1 || p.Pos >= last-1 // equally far: either base
}
