package hunters

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
)

// The escort detection / depth charge cycle (9.6) with exceeding test depth
// (9.6.4), the modified-12 rule (9.6.7), previous detection (9.6.12), variable
// escort quality (14.6) and evasive maneuvers (14.8).

func init() {
	steps[phDetect] = (*State).stepDetect
	steps[phDetectRoll] = (*State).stepDetectRoll
	steps[phDC] = (*State).stepDC
	steps[phDCRoll] = (*State).stepDCRoll
	decisions[phTestDepth] = &decision{
		kind: "test_depth", cas: "9.6.4",
		text: func(s *State) string {
			return fmt.Sprintf("Escort detection round %d. Exceed test depth? You take 1 hull damage (that makes %d of %d) and roll 2d6 against the damaged hull boxes: less implodes, equal costs another hull box; greater gives -1 to detection this round.",
				s.Enc.Round, s.Boat.Hull+1, s.mat().HullSpaces)
		},
		options: func(s *State) []engine.Option {
			return s.optsOf(
				engine.Option{Key: "hold_depth", Label: "Stay within test depth", Case: "9.6.4"},
				engine.Option{Key: "exceed", Label: "Exceed test depth", Case: "9.6.4"},
			)
		},
		answer: func(s *State, key string) {
			if key == "exceed" {
				s.exceedTestDepth()
				if s.Over != nil {
					return
				}
			}
			s.Phase = phDetectRoll
		},
	}
	decisions[phHalsDetect] = halsDecision("detection", phDetectRoll, func(s *State) { s.resolveDetection(s.Enc.Held) })
	decisions[phHalsDC] = halsDecision("depth charge attack", phDCRoll, func(s *State) { s.resolveDepthCharge(s.Enc.Held) })
	decisions[phEvasive] = &decision{
		kind: "evasive", cas: "14.8", secret: true,
		text: func(s *State) string {
			return "Evasive maneuvers: pick a number. 1-2 evade left, 3-4 right, 5-6 straight. A different direction from the escort: -1 hit; same direction: +1; the very number: +3."
		},
		options: func(s *State) []engine.Option {
			out := s.opts()
			dirs := []string{"left", "left", "right", "right", "straight", "straight"}
			for i := 1; i <= 6; i++ {
				out = append(out, engine.Option{Key: numberedKey('n', i), Label: fmt.Sprintf("%d (%s)", i, dirs[i-1]), Case: "14.8"})
			}
			return out
		},
		answer: func(s *State, key string) {
			s.Enc.Evade, _ = strconv.Atoi(key[1:])
			s.Phase = phDCRoll
			if s.Settings.TwoPlayer {
				s.Phase = phEscortPick // 14.8.3: the escorts' player picks too
			}
		},
	}
}

// halsDecision offers the Hals und Beinbruch re-roll (12.1.3) for a held roll.
func halsDecision(what string, reroll Phase, keep func(s *State)) *decision {
	return &decision{
		kind: "hals_und_beinbruch", cas: "12.1.3",
		text: func(s *State) string {
			return fmt.Sprintf("The %s roll went against you (%d). Spend a Hals und Beinbruch marker (%d held) to roll it again?", what, s.Enc.Held, s.Career.Hals)
		},
		options: func(s *State) []engine.Option {
			return s.optsOf(
				engine.Option{Key: "reroll", Label: "Hals und Beinbruch! Roll again", Case: "12.1.3"},
				engine.Option{Key: "accept", Label: "Accept the roll", Case: "12.1.3"},
			)
		},
		answer: func(s *State, key string) {
			if key == "reroll" {
				s.Career.Hals--
				s.note("12.1.3", "Hals und Beinbruch: the roll is made again.")
				s.Enc.Held = -100 // marks "already offered" for this roll
				s.Phase = reroll
				return
			}
			keep(s)
		},
	}
}

// halsAvailable reports whether a held roll may be offered for re-roll.
func (s *State) halsAvailable() bool {
	return s.Career.Hals > 0 && s.Settings.ruling(rulHalsUndBeinbruch) == "adverse_rolls" && s.Enc.Held != -100
}

func (s *State) stepDetect() {
	e := s.Enc
	if e.DeepRound != 0 && e.DeepRound == e.Round {
		// 9.6.5: test depth only once per combat round. An escort arriving on an
		// Add'l Round detects twice in one round (9.6.2); the boat that went deep
		// for the first attempt keeps its -1 "this round" (9.6.4) for the second.
		e.Held = 0
		s.Phase = phDetectRoll
		return
	}
	e.DeepDRM, e.DeepRound = false, 0
	s.escortQuality()
	e.Held = 0
	// 9.6.6: not in the first round of a night surface attack.
	if !(e.nightSurface() && e.Round <= 1) {
		s.Phase = phTestDepth
		return
	}
	s.Phase = phDetectRoll
}

// escortQuality is 14.6.1: "Prior to rolling on the Escort Detection Chart
// [E2] for the first time during an encounter, roll 1d6 to determine the
// Escort Quality" - before the close-range approach roll (9.2.2, also an E2
// roll) when there is one, else before the first detection roll.
func (s *State) escortQuality() {
	e := s.Enc
	if !s.Settings.on(opt146) || e.Quality != "" {
		return
	}
	table := "escort_quality_1939_1941"
	if s.year() >= 1942 {
		table = "escort_quality_1942_1943"
	}
	s.mods()
	row, _ := s.table(table, "Escort quality")
	e.Quality = row.Result
}

// exceedTestDepth applies 9.6.4 and 10.3.4; it may be tried once per combat
// round, as often as the player likes (9.6.5).
func (s *State) exceedTestDepth() {
	e := s.Enc
	e.DeepRound = e.Round
	for {
		s.addHull(1, "9.6.4", "exceeding test depth")
		if s.Over != nil {
			return
		}
		s.mods()
		r := s.throw("", "9.6.4", "Exceeding test depth", "2d6")
		switch {
		case r.total < s.Boat.Hull:
			s.emit(r, "the hull implodes")
			s.endGame("sunk", fmt.Sprintf("%s imploded below test depth with all hands (9.6.4).", s.Boat.Number))
			return
		case r.total == s.Boat.Hull:
			s.emit(r, "another hull box is lost; roll again")
			continue
		}
		s.emit(r, "no effect: -1 to detection this round")
		e.DeepDRM = true
		return
	}
}

// detectionModifiers adds every E2 modifier (9.6.7); they are cumulative, the
// night surface attack's every round, fore-and-aft's in the first round only (9.6.3).
func (s *State) detectionModifiers() {
	e := s.Enc
	ms := s.pack.E2.Modifiers
	s.yearDetection()
	s.modFrom(ms, "kmdt_kc_oak_swords", s.kmdtAward() >= 3, "Kommandant holds the Oakleaves and Swords")
	s.commandModifiers(ms)
	s.modFrom(ms, "fuel_tanks_damaged", s.damaged(sysFuelTanks), "fuel tanks damaged") // 10.4.1
	s.modFrom(ms, "dive_planes_damaged", s.damaged(sysDivePlanes), "dive planes damaged")
	s.modFrom(ms, "target_capital_ship", e.Capital, "capital ship escort")
	s.modFrom(ms, "g7a_fired_by_day", e.G7aByDay, "G7a by day")
	s.modFrom(ms, "previously_detected", e.PrevDetect, "previous detection")
	ranged := !e.Arrived && e.Type != "aircraft" && e.Type != "escort"
	s.modFrom(ms, "close_range_after_firing", ranged && e.Range == "close" && e.FiredRound, "close range")
	s.modFrom(ms, "long_range", ranged && e.Range == "long", "long range")
	s.modFrom(ms, "night_surface_attack_1941_plus", e.nightSurface() && s.year() >= 1941, "night surface attack")
	s.modFrom(ms, "fired_fore_and_aft_first_round", e.BothEnds && e.Round <= 1, "fired fore and aft")
	s.modFrom(ms, "wolfpack_escorts_busy", e.Wolfpack < 0, "wolfpack: escorts busy")
	s.modFrom(ms, "wolfpack_escorts_focused", e.Wolfpack > 0, "wolfpack: escorts focused")
	s.modFrom(ms, "exceeding_test_depth", e.DeepDRM, "exceeded test depth")
	if e.Quality == "elite" {
		s.modFrom(ms, "optional 14.6: elite escort", true, "elite escort")
	}
}

func (s *State) stepDetectRoll() {
	if s.enemyGate() {
		return
	}
	e := s.Enc
	s.mods()
	s.detectionModifiers()
	r := s.throw("E2", "9.6.7", "Escort detection", "2d6")
	row, _ := s.pack.E2.Rows.Find(r.total)
	detected := r.natural != 2 && row.Result != "undetected" // 9.6.7: a natural 2 always escapes
	s.emit(r, s.text(func() string {
		switch {
		case r.natural == 2:
			return "undetected (natural 2)"
		case !detected:
			return "undetected"
		case row.Result == "detected_plus":
			return "detected, +1 on the attack (modified 12)"
		}
		return pretty(row.Result)
	}))
	if detected && s.halsAvailable() {
		e.Held = r.total
		s.Phase = phHalsDetect
		return
	}
	if !detected {
		s.resolveDetection(-1)
		return
	}
	s.resolveDetection(r.total)
}

// resolveDetection applies a detection result: total < 0 means undetected.
func (s *State) resolveDetection(total int) {
	e := s.Enc
	if total < 0 {
		e.Held = 0
		if e.Detect == "arrival" {
			// 9.6.2: undetected by the arriving escort, the boat may fire this round
			// and is checked again after firing.
			e.Detect = ""
			s.note("9.6.2", "The arriving escort has not found the boat: it may attack, submerged.")
			s.Phase = phWeapon
			return
		}
		s.note("9.6.7", "The escorts lose contact: the boat slips away.")
		s.Phase = phCombatOver
		return
	}
	s.scratch.tally.detection()
	e.Detect = ""
	e.Plus12 = total >= 12
	e.Held = 0
	s.Phase = phDC
}

func (s *State) stepDC() {
	e := s.Enc
	if s.Settings.on(opt148) && !s.damaged(sysHydrophones) {
		s.Phase = phEvasive // 14.8; not with damaged hydrophones (14.8.4)
		return
	}
	if s.Settings.on(opt148) && !s.firstWords() {
		s.say("14.8.4", func() string {
			return "No evasive maneuver: with the hydrophones damaged the boat cannot hear where the escort runs in."
		})
	}
	e.Evade = 0
	s.Phase = phDCRoll
}

func (s *State) stepDCRoll() {
	if s.enemyGate() {
		return
	}
	e := s.Enc
	ms := s.pack.E3.Modifiers
	s.mods()
	s.modFrom(ms, "fuel_tanks_damaged", s.damaged(sysFuelTanks), "fuel tanks damaged")
	s.modFrom(ms, "hydrophones_damaged", s.damaged(sysHydrophones), "hydrophones damaged")
	s.modFrom(ms, "batteries_damaged", s.damaged(sysBatteries), "batteries damaged")
	s.modFrom(ms, "per_electric_engine_damaged", s.damaged(sysElectric1), "electric engine 1 damaged")
	s.modFrom(ms, "per_electric_engine_damaged", s.damaged(sysElectric2), "electric engine 2 damaged")
	s.modFrom(ms, "night_surface_attack_first_round", e.nightSurface() && e.Round <= 1, "night surface attack, first round")
	s.modFrom(ms, "detection_roll_12_plus", e.Plus12, "detection roll of 12")
	s.modFrom(ms, "year_1943", s.year() >= 1943, "1943")
	r := s.throw("E3", "9.6.8", "Depth charge attack", "2d6")
	row, _ := s.pack.E3.Rows.Find(r.total)
	s.emit(r, s.text(func() string { return s.hitsWord(row.Hits) }))
	if (row.Hits == nil || *row.Hits > 0) && s.halsAvailable() {
		e.Held = r.total
		s.Phase = phHalsDC
		return
	}
	s.resolveDepthCharge(r.total)
}

// resolveDepthCharge applies an E3 result of the escorts (9.6.8-9.6.12).
func (s *State) resolveDepthCharge(total int) {
	e := s.Enc
	e.Held = 0
	hits, sunk := s.e3Result(total, e.Quality, "14.6.3", "escort")
	noAutoSink := false
	if e.Evade > 0 && !sunk {
		hits, noAutoSink = s.evasive(hits)
	}
	_ = noAutoSink // 14.8.2: hits beyond 5 are simply rolled
	if sunk {
		e.Incoming, e.IncomingSunk = hits, true // the combat mat shows the fatal attack
		s.endGame("sunk", fmt.Sprintf("%s was destroyed by depth charges with all hands (9.6.8).", s.Boat.Number))
		return
	}
	e.Flooded = false
	s.applyHits(hits, "9.6.9")
	if s.boatGone() {
		return
	}
	s.floodingCheck()
	if s.Over != nil {
		return
	}
	// 9.6.12: back to detection with +1 for previous detection.
	e.PrevDetect = true
	e.Round++
	s.Phase = phDetect
	if s.Patrol != nil && s.Patrol.Aborting && s.Patrol.AbortReason == "the LI is in command" {
		// the abort takes effect once the boat escapes
	}
}

// e3Result reads an E3 total as hits or a sinking, after escort or aircraft
// quality (14.6.3, 14.7.3).
func (s *State) e3Result(total int, quality, cas, who string) (hits int, sunk bool) {
	row, _ := s.pack.E3.Rows.Find(total)
	sunk = row.Hits == nil
	if !sunk {
		hits = *row.Hits
	}
	return s.qualityHits(quality, hits, sunk, cas, who)
}

// qualityHits applies variable escort/aircraft quality to an E3 result (14.6.3, 14.7.3).
func (s *State) qualityHits(q string, hits int, sunk bool, cas, who string) (int, bool) {
	switch q {
	case "green":
		if sunk {
			s.say(cas, func() string { return fmt.Sprintf("Green %s: 'U-boat sunk' becomes 5 hits.", who) })
			return 5, false
		}
		if hits > 0 {
			s.say(cas, func() string { return fmt.Sprintf("Green %s: one hit fewer.", who) })
			return hits - 1, false
		}
	case "veteran", "elite":
		if sunk {
			return hits, true
		}
		if hits == 5 {
			s.say(cas, func() string { return fmt.Sprintf("%s %s: 5 hits become 'U-boat sunk'.", pretty(q), who) })
			return hits, true
		}
		if hits > 0 {
			s.say(cas, func() string { return fmt.Sprintf("%s %s: one more hit.", pretty(q), who) })
			return hits + 1, false
		}
	}
	return hits, sunk
}

// evasive resolves 14.8: the escort's direction against the Kommandant's number.
func (s *State) evasive(hits int) (int, bool) {
	e := s.Enc
	escort, result := 0, ""
	if e.EscortPick > 0 {
		// 14.8.3: both numbers were chosen in secret; they are revealed together.
		escort = e.EscortPick
		result = s.evasiveDirection(escort)
		s.say("14.8.3", func() string {
			return fmt.Sprintf("Revealed together: the U-boat evades %d (%s), the escorts chose %d (%s).", e.Evade, s.evasiveDirection(e.Evade), escort, result)
		})
		e.EscortPick = 0
	} else {
		s.mods()
		row, r := s.table("evasive_escort_direction", "Escort direction")
		escort, result = r.natural, row.Result
		if s.Settings.TwoPlayer {
			s.say("14.8.3", func() string {
				return fmt.Sprintf("The U-boat's secret maneuver is revealed: %d (%s).", e.Evade, s.evasiveDirection(e.Evade))
			})
		}
	}
	dir := func(n int) int { return (n - 1) / 2 }
	ev := s.pack.Rules.Evasive
	switch {
	case escort == e.Evade:
		hits += ev.SameNumber
		s.say("14.8.1", func() string {
			return fmt.Sprintf("The escort read the maneuver exactly (%s): +%s.", result, s.count(ev.SameNumber, "hit", "hits"))
		})
	case dir(escort) == dir(e.Evade):
		hits += ev.SameDirection
		s.say("14.8.1", func() string { return fmt.Sprintf("Same direction (%s): +%s.", result, s.oneHit(ev.SameDirection)) })
	default:
		hits += ev.DifferentDirection
		s.say("14.8.1", func() string {
			return fmt.Sprintf("The escort turns the wrong way (%s): %s.", result, s.oneHit(ev.DifferentDirection))
		})
	}
	if hits < 0 {
		hits = 0
	}
	e.Evade = 0
	return hits, true
}

func (s *State) hitsWord(h *int) string {
	if h == nil {
		return "U-boat sunk"
	}
	return s.count(*h, "hit", "hits")
}
