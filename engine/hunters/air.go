package hunters

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// Aircraft encounters (9.8): crash dive [A1], air attacks on [E3], flak [A2],
// the shadowing aircraft's Add'l Round, the VIIC Flak boat (11.4.7) and
// variable aircraft quality (14.7).

func init() {
	steps[phShadow] = (*State).stepShadow
	decisions[phHalsAir] = halsDecision("crash dive", phAirRetry, func(s *State) { s.airAttacks(s.Enc.Held) })
	steps[phAirRetry] = func(s *State) { s.startAir(s.Enc.FromAddl) }
	steps[phAirAttack] = (*State).stepAirAttack
	steps[phAirFlak] = func(s *State) {
		s.Enc.Flak = s.fireFlak()
		s.Phase = phAirAttack
	}
	steps[phFlakSecond] = (*State).flakBoatSecondBombing
	decisions[phFlakStay] = &decision{
		kind: "flak_stay", cas: "11.4.7",
		text: func(s *State) string {
			return "The aircraft is still overhead. Stay surfaced and fight it out with the flak (it strafes: one crew injury; it bombs again on 1d6 1-3), or dive?"
		},
		options: func(s *State) []engine.Option {
			return s.optsOf(
				engine.Option{Key: "fight", Label: "Stay surfaced and fight", Case: "11.4.7"},
				engine.Option{Key: "dive", Label: "Dive", Case: "9.8.7"},
			)
		},
		answer: func(s *State, key string) {
			if key == "dive" {
				s.Phase = phShadow
				return
			}
			s.flakBoatSecondRound()
		},
	}
}

// startAir resolves an aircraft encounter from its A1 roll (9.8.1).
func (s *State) startAir(fromAddl bool) {
	e := s.Enc
	e.FromAddl = fromAddl
	ms := s.pack.A1.Modifiers
	s.mods()
	y := s.year()
	s.modFrom(ms, "all_generic_crew_sw_or_kia", s.allGenericOut(), "every generic crew box SW or KIA")
	s.modFrom(ms, "green_crew", s.Crew.Quality == Green, "Green crew")
	s.modFrom(ms, "elite_crew", s.Crew.Quality == Elite, "Elite crew")
	s.modFrom(ms, "dive_planes_damaged", s.damaged(sysDivePlanes), "dive planes damaged")
	s.modFrom(ms, "type_VIID_or_IX", s.isIX() || s.Boat.Type == "VIID", s.text(func() string { return "Type " + typeName(s.Boat.Type) }))
	s.modFrom(ms, "year_1939", y == 1939, "1939")
	s.modFrom(ms, "year_1942", y == 1942, "1942")
	s.modFrom(ms, "year_1943", y >= 1943, "1943")
	if p := s.Patrol; p != nil && (p.Mission != "") {
		inBox := s.missionPending(p.Pos) || p.Boxes[p.Pos] == "mission"
		whole := s.Settings.ruling(rulMissionAircraftDRM) == "whole_patrol"
		s.modFrom(ms, "in_mission_box_of_M_or_A_patrol", inBox || whole, "special mission (shallow waters)")
	}
	row, r := s.lookup("A1", "9.8.1", "Aircraft: crash dive", "2d6", s.pack.A1.Rows)
	if row.Attacks > 0 && s.halsAvailable() {
		e.Held = r.total
		s.Phase = phHalsAir
		return
	}
	s.airAttacks(r.total)
}

// airAttacks carries out the attacks an A1 result allows.
func (s *State) airAttacks(total int) {
	e := s.Enc
	e.Held = 0
	row, _ := s.pack.A1.Rows.Find(total)
	e.Attacks = row.Attacks
	if e.Attacks == 0 {
		s.note("9.8.1", "The aircraft was seen in time: the boat crash-dives safely.")
		s.Phase = phCombatOver
		return
	}
	e.Flak = "" // this aircraft has not been fired at yet
	s.Phase = phAirAttack
	if s.Settings.TwoPlayer {
		// 13.1.2: the other player rolls the air attacks, but the flak is
		// the U-boat's (9.8.3): it fires with its own player's move, before
		// the enemy's Roll, and counts as simultaneous with the first attack.
		s.Phase = phAirFlak
	}
}

// stepAirAttack flies the aircraft's attacks with the boat's flak (9.8.2,
// 9.8.3); in a two-player game the other player rolls them (13.1.2).
func (s *State) stepAirAttack() {
	if s.enemyGate() {
		return
	}
	e := s.Enc
	if s.Settings.on(opt147) {
		table := "aircraft_quality_1939_1941"
		if s.year() >= 1942 {
			table = "aircraft_quality_1942_1943"
		}
		s.mods()
		q, _ := s.table(table, "Aircraft quality")
		e.AirQuality = q.Result
	}
	// 9.8.3: flak is simultaneous with the first attack (in a two-player
	// game the U-boat's player has fired it already, phAirFlak).
	if e.Flak == "" {
		e.Flak = s.fireFlak()
	}
	s.airAttack("9.8.2")
	if s.boatGone() {
		return
	}
	switch e.Flak {
	case "shot_down":
		s.note("9.8.3", "The aircraft is shot down: no second attack, the encounter ends.")
		s.Phase = phCombatOver
		return
	case "damaged":
		if e.Attacks > 1 {
			s.airAttack("9.8.3")
			if s.boatGone() {
				return
			}
		}
		s.note("9.8.3", "The damaged aircraft turns away.")
		s.Phase = phCombatOver
		return
	}
	if e.Attacks > 1 {
		s.airAttack("9.8.2")
		if s.boatGone() {
			return
		}
	}
	if s.Boat.Type == "VIIC_Flak" {
		if _, working := s.flakGuns(); working > 0 {
			s.Phase = phFlakStay
			return
		}
	}
	s.Phase = phShadow
}

// fireFlak rolls A2 (9.8.3-9.8.5; twice for the VIIC Flak, 11.4.7). Flak
// ammunition is unlimited (4.6.4), and flak never fires at ships (9.3.4).
func (s *State) fireFlak() string {
	aboard, working := s.flakGuns()
	if working == 0 {
		s.note("9.8.4", "No operable flak gun: the flak counts as a miss.")
		return "miss"
	}
	shots := 1
	if s.Boat.Type == "VIIC_Flak" {
		shots = 2
	}
	best := "miss"
	for i := 0; i < shots; i++ {
		ms := s.pack.A2.Modifiers
		s.mods()
		s.modFrom(ms, "type_VIIA", s.Boat.Type == "VIIA", "Type VIIA's 2cm placement")
		s.modFrom(ms, "type_IX_no_flak_gun_damaged", s.isIX() && working == aboard, "both Type IX flak guns")
		if s.Settings.ruling(rulA2CrewModifier) == "card" {
			s.modFrom(ms, "veteran_or_elite_crew", s.Crew.Quality >= Veteran, s.text(func() string { return qualityNames[s.Crew.Quality] + " crew" }))
		}
		if s.Boat.Type == "VIIC_Flak" {
			m, _ := ms.Get("type_VIIC_Flak")
			v := m.DRM + (aboard - working) // 11.4.7: -1 of the modifier lost per inoperable system
			if v > 0 {
				v = 0
			}
			s.mod(v, "VIIC Flak", m.Case)
		}
		row, _ := s.lookup("A2", "9.8.3", "Flak", "2d6", s.pack.A2.Rows)
		if flakRank(row.Result) > flakRank(best) {
			best = row.Result
		}
	}
	return best
}

// airAttack resolves one air attack on E3 with its automatic crew injury (9.8.2).
func (s *State) airAttack(cas string) {
	e := s.Enc
	ms := s.pack.E3.Modifiers
	s.mods()
	s.modFrom(ms, "air_attack", true, "air attack")
	s.modFrom(ms, "year_1943", s.year() >= 1943, "1943")
	r := s.throw("E3", cas, "Air attack", "2d6")
	row, _ := s.pack.E3.Rows.Find(r.total)
	s.emit(r, s.text(func() string { return s.hitsWord(row.Hits) }))
	hits, sunk := s.e3Result(r.total, e.AirQuality, "14.7.3", "aircraft")
	if sunk {
		e.Incoming, e.IncomingSunk = hits, true // the combat mat shows the fatal attack
		s.endGame("sunk", fmt.Sprintf("%s was sunk from the air with all hands (9.8.2).", s.Boat.Number))
		return
	}
	e.Flooded = false
	s.applyHits(hits, "9.8.2")
	if s.boatGone() {
		return
	}
	injuries := 1
	if e.AirQuality == "elite" {
		injuries = 2 // 14.7.3
	}
	if s.Settings.ruling(rulAirAttackInjuries) == "per_encounter" && e.AirInjured {
		injuries = 0
	}
	e.AirInjured = true
	for i := 0; i < injuries && s.Over == nil; i++ {
		s.note("9.8.2", "The attack wounds a man (automatic crew injury).")
		s.crewInjury()
	}
	if s.boatGone() {
		return
	}
	s.floodingCheck()
}

// flakBoatSecondRound is the VIIC Flak's second round on the surface (11.4.7).
func (s *State) flakBoatSecondRound() {
	s.Enc.Flak = s.fireFlak()
	s.Phase = phFlakSecond
}

// flakBoatSecondBombing is the aircraft's side of the VIIC Flak's second
// round (11.4.7): its strafing and perhaps a second bombing, which in a
// two-player game the other player rolls (13.1.2).
func (s *State) flakBoatSecondBombing() {
	if s.enemyGate() {
		return
	}
	e := s.Enc
	s.note("11.4.7", "The aircraft strafes the boat.")
	s.crewInjury()
	if s.Over != nil {
		return
	}
	s.mods()
	row, _ := s.table("flak_boat_second_bombing", "Aircraft bombs again?")
	if row.Result == "bombs" {
		s.airAttack("11.4.7")
		if s.boatGone() {
			return
		}
	}
	if e.Flak == "miss" {
		s.Phase = phShadow
		return
	}
	s.say("11.4.7", func() string { return fmt.Sprintf("The aircraft is %s and leaves.", pretty(e.Flak)) })
	s.Phase = phCombatOver
}

// stepShadow: after a flak miss the aircraft shadows: roll Add'l Round (9.8.3).
func (s *State) stepShadow() {
	e := s.Enc
	t, _ := s.pack.E1.Table("addl_round_gibraltar")
	s.mods()
	s.yearModifiers(t.Modifiers, "9.8.6")
	row, _ := s.lookup("E1", "9.8.3", "Shadowing aircraft: Add'l round", "2d6", t.Rows)
	switch row.Result {
	case "escort":
		s.note("9.8.3", "An escort arrives, guided by the aircraft: it has the previous-detection +1.")
		e.Escorted, e.PrevDetect = true, true
		e.Round = 2
		s.Phase = phDetect
	case "aircraft":
		s.note("9.8.3", "Another aircraft attacks at once; the boat, submerged, fires no flak.")
		s.airAttack("9.8.3")
		if s.boatGone() {
			return
		}
		s.Phase = phShadow
	default:
		s.note("9.8.3", "The aircraft loses the boat.")
		s.Phase = phCombatOver
	}
}

// flakRank orders A2's results: with two shots the better one counts (11.4.7).
func flakRank(result string) int {
	switch result {
	case "shot_down":
		return 2
	case "damaged":
		return 1
	}
	return 0
}
