package charts

import (
	"errors"
	"fmt"
)

// Encounter results the engine understands (E1 "result" keys).
var encounterResults = map[string]bool{
	"none": true, "aircraft": true, "ship": true, "tanker": true, "ship_escort": true,
	"two_ships": true, "two_ships_escort": true, "capital_ship": true, "convoy": true, "escort": true,
}

// E1 columns the engine uses.
var encounterTables = []string{
	"transit", "arctic", "atlantic", "british_isles", "caribbean", "mediterranean", "north_america",
	"norway", "spanish_coast", "west_african_coast", "addl_round_gibraltar", "bay_of_biscay_special_missions",
}

// RuleTableNames lists every rulebook dice table the engine rolls on.
var RuleTableNames = []string{
	"starting_rank_1940", "starting_rank_1941", "starting_rank_1942", "promotion",
	"choose_assignment_KptLt", "choose_assignment_KKpt", "choose_assignment_FKpt",
	"upgrade_request", "limited_boat", "crew_advancement", "first_wo_leaves", "crew_recovery",
	"doctor_absent_survival", "scuttle_after_flooding", "crew_rescue_after_diesel_loss",
	"follow_damaged", "follow_contact", "arctic_permanent", "escort_quality_1939_1941",
	"escort_quality_1942_1943", "aircraft_quality_1939_1941", "aircraft_quality_1942_1943",
	"evasive_escort_direction", "resupply_available", "resupply_torpedoes", "gyro_compass_repair",
	"flak_boat_second_bombing",
}

// Systems is every boat system E4/E5 can name, in display order.
var Systems = []string{
	"periscope", "radio", "hydrophones", "dive_planes", "batteries", "electric_engine_1",
	"electric_engine_2", "diesel_engine_1", "diesel_engine_2", "fuel_tanks", "forward_torpedo_doors",
	"aft_torpedo_doors", "deck_gun", "flak_20mm", "flak_37mm",
}

func diceRange(d string) (int, int) {
	switch d {
	case "1d6":
		return 1, 6
	case "2d6":
		return 2, 12
	}
	return 1, 6
}

// Validate checks the pack's internal consistency. Every problem is reported
// with the chart id, so an operator's corrected pack fails loudly, not later.
func (p *Pack) Validate() error {
	var errs []error
	add := func(chart string, err error) {
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", chart, err))
		}
	}
	add("HISTORY", p.History.validate())
	// P1
	add("P1", p.P1.Rows.validate(2, 12))
	for i, c := range p.P1.Columns {
		if i > 0 && c.From != p.P1.Columns[i-1].To+1 {
			add("P1", fmt.Errorf("column %s does not follow column %s", c.Key, p.P1.Columns[i-1].Key))
		}
	}
	if len(p.P1.Columns) == 0 || p.P1.Columns[0].From != MonthOf(1939, 9) || p.P1.Columns[len(p.P1.Columns)-1].To != MonthOf(1943, 6) {
		add("P1", errors.New("date columns must run from 1939-09 to 1943-06"))
	}
	for _, r := range p.P1.Rows {
		if len(r.Results) != len(p.P1.Columns) {
			add("P1", fmt.Errorf("row %d has %d results for %d columns", *r.Lo, len(r.Results), len(p.P1.Columns)))
		}
		for _, k := range r.Results {
			if _, ok := p.Mats.AssignmentKeys[k]; !ok {
				add("P1", fmt.Errorf("result %q is not an assignment key of MATS", k))
			}
		}
	}
	// E1
	for _, k := range encounterTables {
		t, ok := p.E1.Table(k)
		if !ok {
			add("E1", fmt.Errorf("column %q missing", k))
			continue
		}
		lo, hi := 2, 12
		if len(t.Modifiers) > 0 {
			lo, hi = -6, 16
		}
		add("E1 "+k, t.Rows.validate(lo, hi))
		for _, r := range t.Rows {
			if !encounterResults[r.Result] {
				add("E1 "+k, fmt.Errorf("unknown result %q", r.Result))
			}
		}
	}
	add("E1 ship size", p.E1.ShipSize.Rows.validate(1, 8))
	add("E1 day/night", p.E1.DayNight.Rows.validate(1, 6))
	add("E1 switch to night", p.E1.SwitchToNight.Rows.validate(1, 6))
	// E2, E3
	add("E2", p.E2.Rows.validate(-10, 25))
	add("E2 close range", p.E2.CloseRange.Rows.validate(-10, 25))
	add("E2 wolfpack", p.E2.Wolfpack.Rows.validate(1, 6))
	add("E3", p.E3.Rows.validate(-10, 25))
	for _, r := range p.E3.Rows {
		if r.Hits == nil && r.Result != "uboat_sunk" {
			add("E3", fmt.Errorf("row %v has no hits", r.Lo))
		}
	}
	// E4: every d66 value has exactly one effect.
	for t := 1; t <= 6; t++ {
		for o := 1; o <= 6; o++ {
			v := t*10 + o
			r, ok := p.E4.Results[v]
			if !ok {
				add("E4", fmt.Errorf("result %d missing", v))
				continue
			}
			n := 0
			if r.System != "" {
				n++
				if r.System != "all_flak_guns" && !isSystem(r.System) {
					add("E4", fmt.Errorf("result %d names unknown system %q", v, r.System))
				}
			}
			if r.Flooding > 0 {
				n++
			}
			if r.Hull > 0 {
				n++
			}
			if r.CrewInjury > 0 {
				n++
			}
			if r.Minor {
				n++
			}
			if n != 1 {
				add("E4", fmt.Errorf("result %d has %d effects, want 1", v, n))
			}
		}
	}
	add("E4 flooding check", p.E4.FloodingCheck.Rows.validate(-1, 8))
	// E5
	for _, s := range Systems {
		r, ok := p.E5.System(s)
		if !ok {
			add("E5", fmt.Errorf("system %q missing", s))
			continue
		}
		if r.RepairOn < 1 || r.RepairOn > 6 {
			add("E5", fmt.Errorf("system %q: repair_on %d outside 1..6", s, r.RepairOn))
		}
	}
	add("E5 crew injury who", p.E5.CrewInjury.Who.Rows.validate(2, 12))
	add("E5 crew injury severity", p.E5.CrewInjury.Severity.Rows.validate(1, 6))
	// U1-U3
	for _, r := range []string{"close", "medium", "long"} {
		if _, ok := p.U1.HitOnOrBelow[r]; !ok {
			add("U1", fmt.Errorf("range %q missing", r))
		}
	}
	for i, d := range p.U2.DudOnOrBelow {
		if i > 0 && d.From != p.U2.DudOnOrBelow[i-1].To+1 {
			add("U2", fmt.Errorf("period from %s does not follow the one before", d.From))
		}
	}
	if len(p.U2.DudOnOrBelow) == 0 || p.U2.DudOnOrBelow[0].From > MonthOf(1939, 9) || p.U2.DudOnOrBelow[len(p.U2.DudOnOrBelow)-1].To < MonthOf(1943, 6) {
		add("U2", errors.New("periods must cover 1939-09 to 1943-06"))
	}
	add("U3", p.U3.Rows.validate(-3, 9))
	if p.U3.SinkPointsFor(true, 0) == 0 {
		add("U3", errors.New("no damage_to_sink for capital ships"))
	}
	for _, tons := range []int{1000, 5000, 5001, 9999, 10000, 40000} {
		if p.U3.SinkPointsFor(false, tons) == 0 {
			add("U3", fmt.Errorf("no damage_to_sink band for %d tons", tons))
		}
	}
	// A1, A2, R1
	add("A1", p.A1.Rows.validate(-10, 20))
	add("A2", p.A2.Rows.validate(-10, 20))
	add("R1", p.R1.Rows.validate(2, 12))
	add("R1 crewman", p.R1.Crewman.Rows.validate(1, 6))
	// Rosters
	add("T1", rosterComplete(p.T1.Entries, 100))
	add("T2", rosterComplete(p.T2.Entries, 100))
	add("T3", rosterComplete(p.T3.Entries, 100))
	add("T4 small freighters", rosterComplete(p.T4.SmallFreighter, 20))
	add("T4 large freighters", rosterComplete(p.T4.LargeFreighter, 20))
	add("T4 tankers", rosterComplete(p.T4.Tanker, 20))
	add("T5", rosterComplete(p.T5.Entries, 10))
	// Mats
	for _, name := range []string{"VIIA", "VIIB", "VIIC", "VIID", "VIIC_Flak", "IXA", "IXB", "IXC"} {
		b, ok := p.Mats.Boats[name]
		if !ok {
			add("MATS", fmt.Errorf("boat %s missing", name))
			continue
		}
		add("MATS "+name, p.validateBoat(b))
	}
	// Rulebook tables
	for _, name := range RuleTableNames {
		t := p.Rules.Tables[name]
		if t == nil {
			add("RULES", fmt.Errorf("table %q missing", name))
			continue
		}
		lo, hi := diceRange(t.Dice)
		if len(t.Modifiers) > 0 {
			lo, hi = lo-3, hi+5
		}
		add("RULES "+name, t.Rows.validate(lo, hi))
	}
	add("RULES victory levels", p.Rules.VictoryLevels.Rows.validate(0, 1000000))
	if len(p.Rules.Decorations.Levels) != 4 {
		add("RULES", errors.New("decorations must list the four Knight's Cross grades"))
	}
	if len(p.Rules.Ranks.Order) != 5 {
		add("RULES", errors.New("ranks must list five ranks"))
	}
	return errors.Join(errs...)
}

func isSystem(s string) bool {
	for _, x := range Systems {
		if x == s {
			return true
		}
	}
	return false
}

func rosterComplete(entries []Ship, n int) error {
	seen := make(map[int]bool, n)
	for _, s := range entries {
		if s.Roll < 1 || s.Roll > n {
			return fmt.Errorf("roll %d outside 1..%d", s.Roll, n)
		}
		if seen[s.Roll] {
			return fmt.Errorf("roll %d listed twice", s.Roll)
		}
		if s.Tons <= 0 || s.Name == "" {
			return fmt.Errorf("roll %d has no tonnage or name", s.Roll)
		}
		seen[s.Roll] = true
	}
	if len(seen) != n {
		return fmt.Errorf("%d entries, want %d", len(seen), n)
	}
	return nil
}

func (p *Pack) validateBoat(b *Boat) error {
	t := b.Torpedoes
	if t.G7a+t.G7e != t.Load {
		return fmt.Errorf("G7a %d + G7e %d != load %d", t.G7a, t.G7e, t.Load)
	}
	if b.Tubes.Forward+b.Tubes.Aft+b.Reloads.Forward+b.Reloads.Aft != t.Load {
		return fmt.Errorf("tubes and reloads hold %d, load is %d", b.Tubes.Forward+b.Tubes.Aft+b.Reloads.Forward+b.Reloads.Aft, t.Load)
	}
	if b.HullSpaces < 2 || b.FloodingSpaces < 2 {
		return errors.New("hull and flooding tracks need at least two spaces")
	}
	if len(b.Tracks) == 0 {
		return errors.New("no patrol tracks")
	}
	for name, track := range b.Tracks {
		for _, s := range track {
			bx, err := ParseBox(s)
			if err != nil {
				return fmt.Errorf("track %s: %w", name, err)
			}
			if _, ok := p.Mats.BoxCodes[bx.Code]; !ok {
				return fmt.Errorf("track %s: unknown box %q", name, bx.Code)
			}
		}
	}
	for _, f := range b.Flak {
		switch f {
		case "2cm", "3.7cm", "2cm quad":
		default:
			return fmt.Errorf("unknown flak gun %q", f)
		}
	}
	found := false
	for _, r := range p.Rules.StartDates.Rows {
		for _, ty := range r.Types {
			if ty == b.Key {
				found = true
				if r.Date != b.Available {
					return fmt.Errorf("available %s but 4.2.2 says %s", b.Available, r.Date)
				}
			}
		}
	}
	if !found {
		return errors.New("not in the 4.2.2 start dates")
	}
	return nil
}

// validate checks the top ten (15.1: ten, ranked by tonnage) and the
// wolfpack names (14.5.1).
func (h *History) validate() error {
	if len(h.TopTen) != 10 {
		return fmt.Errorf("top_ten has %d Kommandants, want 10 (15.1)", len(h.TopTen))
	}
	for i, a := range h.TopTen {
		if a.Rank != i+1 || a.Name == "" || a.Tons <= 0 || a.Ships <= 0 || a.Patrols <= 0 {
			return fmt.Errorf("top_ten entry %d is incomplete or out of order", i+1)
		}
		if i > 0 && a.Tons > h.TopTen[i-1].Tons {
			return fmt.Errorf("top_ten: %s has more tonnage than the rank above", a.Name)
		}
	}
	if len(h.WolfpackNames) == 0 {
		return errors.New("wolfpack_names is empty (14.5.1)")
	}
	for _, w := range h.WolfpackNames {
		if w.Name == "" || w.Boats <= 0 {
			return fmt.Errorf("wolfpack name %q has no boats", w.Name)
		}
	}
	return nil
}
