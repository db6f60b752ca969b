package hunters

import (
	"fmt"
	"strconv"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// Target is a ship on the combat mat (9.1).
type Target struct {
	Kind   string `json:"kind"` // small_freighter, large_freighter, tanker, capital_ship
	Name   string `json:"name"`
	Tons   int    `json:"tons"`
	Class  string `json:"class,omitempty"`
	KC     bool   `json:"kc,omitempty"`
	Roster string `json:"roster,omitempty"`
	Roll   int    `json:"roll,omitempty"`
	Points int    `json:"points"`
	Damage int    `json:"damage,omitempty"`
	Sunk   bool   `json:"sunk,omitempty"`
	// Hits are the hits that exploded on the ship in this round's salvo: the
	// hit markers of the combat mat (9.2.5).
	Hits int `json:"hits,omitempty"`
	// Log is the index of the ship on the patrol's log-sheet row.
	Log int `json:"log"`
}

// Afloat reports whether the target can still be attacked.
func (t *Target) Afloat() bool { return !t.Sunk }

// Encounter is the combat mat while an encounter is resolved.
type Encounter struct {
	Type      string   `json:"type"`
	Escorted  bool     `json:"escorted,omitempty"`
	Capital   bool     `json:"capital,omitempty"`
	Targets   []Target `json:"targets,omitempty"`
	Night     bool     `json:"night,omitempty"`
	Range     string   `json:"range,omitempty"`
	Surfaced  bool     `json:"surfaced,omitempty"`
	Submerged bool     `json:"forced_submerged,omitempty"`
	// Round counts escort detection rounds (9.6); CombatRound counts attack rounds.
	Round       int    `json:"round,omitempty"`
	CombatRound int    `json:"combat_round,omitempty"`
	G7aByDay    bool   `json:"g7a_by_day,omitempty"`
	BothEnds    bool   `json:"both_ends,omitempty"`
	PrevDetect  bool   `json:"previously_detected,omitempty"`
	Wolfpack    int    `json:"wolfpack,omitempty"`
	WolfRolled  bool   `json:"wolfpack_rolled,omitempty"`
	Quality     string `json:"escort_quality,omitempty"`
	// Firing in progress.
	Weapon     string `json:"weapon,omitempty"`
	Second     string `json:"second_salvo,omitempty"`
	Aim        []int  `json:"aim,omitempty"`
	AimIdx     int    `json:"aim_idx,omitempty"`
	UsedFwd    bool   `json:"used_fwd,omitempty"`
	UsedAft    bool   `json:"used_aft,omitempty"`
	UsedGun    bool   `json:"used_gun,omitempty"`
	FiredRound bool   `json:"fired_round,omitempty"`
	Torpedoed  bool   `json:"torpedoed,omitempty"`
	// Escorts that arrived on an Add'l Round of Combat (9.4.3).
	Arrived  bool `json:"escorts_arrived,omitempty"`
	MustFire bool `json:"must_fire,omitempty"`
	Flooded  bool `json:"flooded,omitempty"`
	DeepDRM  bool `json:"test_depth_drm,omitempty"`
	// DeepRound is the detection round in which the boat went below test
	// depth (0: not in this encounter's current round), 9.6.5.
	DeepRound int    `json:"test_depth_round,omitempty"`
	Detect    string `json:"detect,omitempty"` // "pre" (9.2.2) or "" (normal)
	Plus12    bool   `json:"plus12,omitempty"`
	Held      int    `json:"held,omitempty"` // a roll held for a Hals und Beinbruch decision
	Evade     int    `json:"evade,omitempty"`
	// EscortPick is the escorts' secret number in a two-player game (14.8.3).
	EscortPick int `json:"escort_pick,omitempty"`
	// Aircraft.
	Attacks    int    `json:"attacks,omitempty"`
	AirQuality string `json:"air_quality,omitempty"`
	Flak       string `json:"flak,omitempty"`
	FromAddl   bool   `json:"from_addl,omitempty"`
	AirInjured bool   `json:"air_injured,omitempty"`
	// ContactLost: a convoy can no longer be followed (9.7.8).
	ContactLost bool `json:"contact_lost,omitempty"`
	// Incoming is how many hits the last depth-charge or air attack scored
	// on the boat (9.6.9, 9.8.2).
	Incoming int `json:"incoming_hits,omitempty"`
	// IncomingSunk: that attack's E3 result was "U-boat sunk" (9.6.8, 9.8.2).
	IncomingSunk bool `json:"incoming_sunk,omitempty"`
	Ended        bool `json:"ended,omitempty"`
}

func init() {
	decisions[phEngage] = &decision{
		kind: "engage", cas: "8.1.4",
		text: func(s *State) string { return s.engageText() },
		options: func(s *State) []engine.Option {
			e := s.Enc
			if s.Patrol.Aborting {
				return s.optsOf(engine.Option{Key: "avoid", Label: "Let them pass (an aborting boat may not start combat)", Case: "10.8.4"})
			}
			out := s.opts()
			// Attack only with a weapon that could fire at these ships (9.3.1,
			// 8.2.6's note): otherwise the attack could only end in "No attack".
			if s.canAttack(e.Escorted, e.Night) {
				out = append(out, engine.Option{Key: "attack", Label: "Attack", Case: "9.0"})
			}
			if s.inPackBattle() {
				// 13.5.4: the pack attacks together, or the boat sits this round out.
				return append(out,
					engine.Option{Key: "sit_out", Label: "Sit this round out (the pack goes on)", Case: "13.5.5"},
					engine.Option{Key: "avoid", Label: "Leave the pack's battle", Case: "8.1.4"})
			}
			if _, fixed := s.arcticFixedTime(); !e.Night && !e.CapitalUndamaged() && !fixed && s.canAttack(e.Escorted, true) {
				// 8.3.2; never in an Arctic June, where "it is always Day" (8.3.5).
				out = append(out, engine.Option{Key: "night", Label: "Shadow and try to switch to night (lose contact on 5-6)", Case: "8.3.2"})
			}
			label := "Avoid combat and sail on"
			if len(out) == 0 {
				label = "Let them pass: nothing aboard can fire at them"
			}
			out = append(out, engine.Option{Key: "avoid", Label: label, Case: "8.1.4"})
			return out
		},
		answer: func(s *State, key string) {
			if s.inPackBattle() {
				switch key {
				case "attack":
					s.packWait("round") // 13.5.4: the pack's modifier first
					return
				case "sit_out":
					s.packWait("next")
					return
				case "avoid":
					s.Pack.Round = 0
				}
			}
			switch key {
			case "avoid":
				// 8.1.4, 8.2.6: declining ends the encounter undetected.
				if s.canAttack(s.Enc.Escorted, true) {
					s.note("8.1.4", "The Kommandant declines to attack; the boat is undetected.")
				} else {
					s.note("8.2.6", "Nothing aboard can fire at these ships: the boat lets them pass, undetected.")
				}
				s.endEncounter()
			case "night":
				s.mods()
				row, _ := s.lookup("E1", "8.3.2", "Switch to night", "1d6", s.pack.E1.SwitchToNight.Rows)
				if row.Result == "night" {
					s.Enc.Night = true
					s.Phase = phEngage
					return
				}
				s.note("8.3.2", "Contact is lost; the encounter ends.")
				s.endEncounter()
			case "attack":
				s.beginAttack()
			}
		},
	}
	decisions[phFollowPick] = &decision{
		kind: "follow_pick", cas: "9.7.6",
		text: func(s *State) string { return "Which damaged ship do you follow? (only one can be pursued)" },
		options: func(s *State) []engine.Option {
			out := s.opts()
			for i := range s.Enc.Targets {
				t := &s.Enc.Targets[i]
				if t.Afloat() && t.Damage > 0 {
					out = append(out, engine.Option{Key: targetKeys[i], Label: s.text(func() string { return s.targetLabel(i) }), Case: "9.7.6"})
				}
			}
			return out
		},
		answer: func(s *State, key string) {
			i, _ := strconv.Atoi(key[1:])
			e := s.Enc
			e.Targets[0] = e.Targets[i-1]
			e.Targets = e.Targets[:1]
			s.chooseFollowTime()
		},
	}
	decisions[phFollowTime] = &decision{
		kind: "follow_time", cas: "8.3.4",
		text: func(s *State) string {
			return "Following damaged ships, you choose the time of the attack (8.3.4, 9.7.5)."
		},
		options: func(s *State) []engine.Option {
			night := engine.Option{Key: "night", Label: "Night", Case: "8.3.4"}
			day := engine.Option{Key: "day", Label: "Day", Case: "8.3.4"}
			// A game saved at this prompt before 8.3.5 was applied here: the
			// Arctic month still leaves one time only.
			if n, fixed := s.arcticFixedTime(); fixed {
				if n {
					return s.optsOf(night)
				}
				return s.optsOf(day)
			}
			return s.optsOf(night, day)
		},
		answer: func(s *State, key string) {
			s.Enc.Night = key == "night"
			s.say("8.3.4", func() string {
				return fmt.Sprintf("The attack will come by %s.", map[bool]string{true: "night", false: "day"}[s.Enc.Night])
			})
			s.Phase = phEngage
		},
	}
}

// CapitalUndamaged: 8.3.2 and 9.7.4 forbid switching to night on an undamaged capital ship.
func (e *Encounter) CapitalUndamaged() bool {
	for ti := range e.Targets {
		t := &e.Targets[ti]
		if t.Kind == "capital_ship" && t.Damage == 0 {
			return true
		}
	}
	return false
}

func (s *State) engageText() string {
	e := s.Enc
	tod := "Day"
	if e.Night {
		tod = "Night"
	}
	esc := "unescorted"
	if e.Escorted {
		esc = "escorted"
	}
	txt := fmt.Sprintf("%s: %s, %s.", capitalised(pretty(e.Type)), tod, esc)
	for i := range e.Targets {
		if e.Targets[i].Afloat() {
			txt += "\n  " + s.targetLabel(i)
		}
	}
	return txt
}

func (s *State) targetLabel(i int) string {
	t := s.Enc.Targets[i]
	kind := map[string]string{"small_freighter": "small freighter", "large_freighter": "large freighter", "tanker": "tanker", "capital_ship": t.Class}[t.Kind]
	l := fmt.Sprintf("#%d %s %s, %s, %d/%d damage", i+1, kind, t.Name, s.tons(t.Tons), t.Damage, t.Points)
	if t.Sunk {
		l += " (sunk)"
	}
	return l
}

// startShips generates the targets of a ship encounter (8.2) and its time of day (8.3).
func (s *State) startShips(result string) {
	e := s.newEncounter(result)
	s.Enc = e
	n := 1
	var kindBuf [4]string
	kinds := kindBuf[:0]
	switch result {
	case "ship", "ship_escort":
		n = 1
	case "two_ships", "two_ships_escort":
		n = 2
	case "convoy":
		n = 4
		if s.Settings.on(opt142) {
			n = 3 // 14.2.1
		}
	case "tanker":
		kinds = append(kinds, "tanker")
	case "capital_ship":
		kinds = append(kinds, "capital_ship")
	}
	// 9.4.1: Ship, Two Ships and Tanker are unescorted.
	e.Escorted = result == "ship_escort" || result == "two_ships_escort" || result == "convoy" || result == "capital_ship" // 8.1.3
	if len(kinds) == 0 {
		for i := 0; i < n; i++ {
			kinds = append(kinds, s.shipSize(0))
		}
	}
	for _, k := range kinds {
		t, ok := s.identify(k)
		if !ok {
			s.note("T5", "That capital ship has already been sunk: no encounter.")
			s.endEncounter()
			return
		}
		e.Targets = append(e.Targets, t)
	}
	e.Capital = kinds[0] == "capital_ship"
	s.rollDayNight()
	s.Phase = phEngage
}

// shipSize rolls E1's ship size (8.2.1).
func (s *State) shipSize(drm int) string {
	s.mods()
	if drm != 0 {
		m, _ := s.pack.E1.ShipSize.Modifiers.Get("optional 14.11 convoy penetration: undetected at close range vs a convoy")
		s.mod(drm, "convoy penetration", m.Case)
	}
	row, _ := s.lookup("E1", "8.2.1", "Ship size", "1d6", s.pack.E1.ShipSize.Rows)
	return row.Result
}

// identify rolls a ship's identity on its roster (8.2.2-8.2.4, 14.1, 14.3.2).
// Its damage points follow U3's tonnage bands (8.2.5: the small tankers of 5,000 t
// or less take 2). Names are always logged (14.3.1); capital ships are rolled on
// T5 even with standard tonnage (14.1.2).
func (s *State) identify(kind string) (Target, bool) {
	var t Target
	t.Kind = kind
	northAmerica := s.Patrol != nil && (s.Patrol.Area == "north_america" || s.Patrol.Area == "caribbean")
	if kind == "capital_ship" {
		s.mods()
		r := s.throw("T5", "8.2.2", "Capital ship identity", "1d10")
		ship, _ := charts.ShipByRoll(s.pack.T5.Entries, r.natural)
		s.emit(r, ship.Class+" "+ship.Name)
		if s.wasSunk("T5", r.natural) {
			return t, false
		}
		t.Name, t.Tons, t.Class, t.KC, t.Roster, t.Roll = ship.Name, ship.Tons, ship.Class, ship.KnightsCross, "T5", r.natural
		t.Points = s.pack.U3.SinkPointsFor(true, t.Tons)
		return t, true
	}
	if s.Settings.on(opt141) { // 14.1.1
		st := s.pack.Rules.StandardTonnage
		t.Tons = map[string]int{"small_freighter": st.SmallFreighter, "large_freighter": st.LargeFreighter, "tanker": st.Tanker}[kind]
		t.Name = "(standard tonnage)"
		t.Points = s.pack.U3.SinkPointsFor(false, t.Tons)
		s.say("14.1", func() string { return fmt.Sprintf("Standard tonnage: %s of %s.", pretty(kind), s.tons(t.Tons)) })
		return t, true
	}
	for {
		var ship charts.Ship
		var roster string
		var list []charts.Ship
		var r roll
		s.mods()
		if northAmerica {
			roster = "T4"
			r = s.throw("T4", "8.2.3", s.text(func() string { return "North America " + pretty(kind) + " identity" }), "1d20")
			list = s.pack.T4.Tanker
			switch kind {
			case "small_freighter":
				list = s.pack.T4.SmallFreighter
			case "large_freighter":
				list = s.pack.T4.LargeFreighter
			}
			ship, _ = charts.ShipByRoll(list, r.natural)
		} else {
			list = s.pack.T3.Entries
			roster = "T3"
			switch kind {
			case "small_freighter":
				roster, list = "T1", s.pack.T1.Entries
			case "large_freighter":
				roster, list = "T2", s.pack.T2.Entries
			}
			r = s.throw(roster, "8.2.2", s.text(func() string { return pretty(kind) + " identity" }), "1d10+1d10")
			ship, _ = charts.ShipByRoll(list, r.natural)
		}
		s.emit(r, s.text(func() string { return ship.Name + ", " + s.tons(ship.Tons) }))
		if northAmerica {
			roster = northAmericaRoster(kind)
		}
		if s.Settings.on(opt143) && s.wasSunk(roster, r.natural) {
			// 14.3.2 has no answer once every ship of the roster is sunk (the
			// 20 of a T4 list can be): the repeat stands rather than rolling
			// for ever.
			if s.rosterSunk(roster, list) {
				s.say("14.3.2", func() string {
					return fmt.Sprintf("%s was already sunk, as is every ship of its roster: it appears again.", ship.Name)
				})
			} else {
				s.say("14.3.2", func() string { return fmt.Sprintf("%s was already sunk: roll again.", ship.Name) })
				continue
			}
		}
		t.Name, t.Tons, t.Roster, t.Roll = ship.Name, ship.Tons, roster, r.natural
		t.Points = s.pack.U3.SinkPointsFor(false, t.Tons)
		return t, true
	}
}

// rosterSunk reports whether every ship of a roster list has been sunk.
func (s *State) rosterSunk(roster string, list []charts.Ship) bool {
	for _, sh := range list {
		if !s.wasSunk(roster, sh.Roll) {
			return false
		}
	}
	return true
}

func (s *State) wasSunk(roster string, roll int) bool {
	key := roster + ":" + strconv.Itoa(roll)
	for _, k := range s.Career.Sunk {
		if k == key {
			return true
		}
	}
	return false
}

// arcticFixedTime reports whether 8.3.5 fixes the time of day of this
// patrol's engagements ("It is always Day in June and Night in Dec." in the
// Arctic), and which one. Then no other time is rolled (8.3.1), switched to
// (8.3.2) or chosen when following damaged ships (8.3.4).
func (s *State) arcticFixedTime() (night, fixed bool) {
	if s.Patrol == nil || s.Patrol.Area != "arctic" {
		return false, false
	}
	switch s.Career.Month.Number() {
	case 6:
		return false, true
	case 12:
		return true, true
	}
	return false, false
}

// noteArcticTime records the time 8.3.5 imposes.
func (s *State) noteArcticTime() {
	if s.Enc.Night {
		s.note("8.3.5", "Arctic, December: always night.")
	} else {
		s.note("8.3.5", "Arctic, June: always day.")
	}
}

// chooseFollowTime lets the Kommandant pick the time of the attack on the
// damaged ships he followed (8.3.4, 9.7.5), unless the Arctic month leaves no
// choice (8.3.5).
func (s *State) chooseFollowTime() {
	if night, fixed := s.arcticFixedTime(); fixed {
		s.Enc.Night = night
		s.noteArcticTime()
		s.Phase = phEngage
		return
	}
	s.Phase = phFollowTime
}

// rollDayNight applies 8.3.1 and the Arctic table of 8.3.5.
func (s *State) rollDayNight() {
	e := s.Enc
	if s.Patrol != nil && s.Patrol.Area == "arctic" {
		if night, fixed := s.arcticFixedTime(); fixed {
			e.Night = night
			s.noteArcticTime()
			return
		}
		m := s.Career.Month.Number()
		dayMax := 2
		if (m >= 4 && m <= 5) || (m >= 7 && m <= 9) {
			dayMax = 4
		}
		s.mods()
		r := s.throw("E1", "8.3.5", "Day or night (Arctic)", "1d6")
		e.Night = r.natural > dayMax
		s.emit(r, map[bool]string{true: "night", false: "day"}[e.Night])
		return
	}
	s.mods()
	row, _ := s.lookup("E1", "8.3.1", "Day or night", "1d6", s.pack.E1.DayNight.Rows)
	e.Night = row.Result == "night"
}

// logTargets puts the encounter's ships on the patrol log sheet (8.2.4).
func (s *State) logTargets() {
	for i := range s.Enc.Targets {
		t := &s.Enc.Targets[i]
		if t.Log > 0 {
			continue
		}
		s.Patrol.Targets = append(s.Patrol.Targets, LogTarget{Name: t.Name, Tons: t.Tons, Kind: t.Kind})
		t.Log = len(s.Patrol.Targets) // 1-based so 0 means "not logged"
	}
}

// northAmericaRoster names T4's list for a ship size in the sunk-ships record.
func northAmericaRoster(kind string) string {
	switch kind {
	case "small_freighter":
		return "T4/small_freighter"
	case "large_freighter":
		return "T4/large_freighter"
	case "tanker":
		return "T4/tanker"
	}
	return "T4/" + kind
}
