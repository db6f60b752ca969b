package hunters

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

var victoryNames = map[string]string{
	"defeat": "Defeat", "draw": "Draw", "marginal_victory": "Marginal Victory",
	"substantial_victory": "Substantial Victory", "decisive_victory": "Decisive Victory",
}

var fateNames = map[string]string{
	"survived": "survived the war", "sunk": "lost with the boat", "killed": "killed in action",
	"prisoner": "taken prisoner", "captured": "taken prisoner; the boat was captured", "lost_at_sea": "lost at sea",
	"patrol_complete": "home from the wolfpack patrol", // 13.5.6
}

// outcome is the finished career's outcome: its level and score, and the
// words a person reads (summary, fields). A quiet decision leaves the words
// to whoever reads them first (wordsDue): a simulated career built them
// for nobody, and they were half of all its allocations.
func (s *State) outcome(level string) *engine.Outcome {
	o := &engine.Outcome{Score: s.Career.Tons, Level: level}
	if s.quiet() {
		s.scratch.overWords = true
		return o
	}
	s.outcomeWords(o)
	return o
}

// outcomeWords writes the outcome's summary and fields from the finished
// career (5.2), as a person reads them.
func (s *State) outcomeWords(o *engine.Outcome) {
	c := &s.Career
	summary := fmt.Sprintf("%s %s, %s: %s. %s sunk in %s over %s — %s (5.2).",
		s.rankName(), c.Kommandant, s.Boat.Number, fateNames[c.Fate], s.tons(c.Tons), s.count(c.ShipsSunk, "ship", "ships"), s.count(c.Patrols, "patrol", "patrols"), victoryNames[o.Level])
	if mark := s.undoneMark(); mark != "" {
		summary += " Marked: " + mark + "."
	}
	fields := []engine.Field{
		{Name: "fate", Value: c.Fate, Label: "Fate", Text: fateNames[c.Fate]},
		{Name: "rank", Value: s.rankName(), Label: "Rank"},
		{Name: "award", Value: s.awardName(), Label: "Award"},
		{Name: "patrols", Value: fmt.Sprint(c.Patrols), Label: "Patrols"},
		{Name: "ships_sunk", Value: fmt.Sprint(c.ShipsSunk), Label: "Ships sunk"},
		{Name: "ended", Value: c.Month.String(), Label: "Last month", Text: c.Month.Label()},
	}
	if mark := s.undoneMark(); mark != "" {
		fields = append(fields, engine.Field{Name: "undone", Value: fmt.Sprint(c.Undone), Label: "Undone", Text: mark})
	}
	o.Summary, o.Fields = summary, fields
}

// wordsDue writes the words of an outcome a quiet decision left unwritten
// (scratch.overWords): every reader of the outcome's words (Outcome,
// Encode, Clone, copyFrom) calls it first, so that no one sees the
// difference but the simulator, which reads only the level and the score.
// A finished career changes no more, so the words are the ones endGame
// would have written.
func (s *State) wordsDue() {
	if s.scratch.overWords {
		s.scratch.overWords = false
		s.outcomeWords(s.Over)
	}
}

func engineEnd(o *engine.Outcome) engine.Event {
	return engine.Event{Kind: engine.KindEnd, Case: "5.2", Text: o.Summary}
}

func (s *State) awardName() string {
	if s.Career.Award == 0 {
		return "none"
	}
	return s.pack.Rules.Decorations.Levels[s.Career.Award-1].Name
}

// Views implements engine.State.
func (s *State) Views() []string { return []string{"status", "log", "help", "rules"} }

// ViewSpecs implements engine.ViewCatalog.
func (r *Rules) ViewSpecs() []engine.ViewSpec {
	return []engine.ViewSpec{
		{Name: "status", Help: "The boat: crew, damage, torpedoes, rank, awards, patrol"},
		{Name: "log", Help: "The patrol log sheet (3.5)"},
		{Name: "help", Help: "What to do now, and where the rules are"},
		{Name: "rules", Help: "The optional rules and rulings in force"},
	}
}

// View implements engine.State.
func (s *State) View(name string) (*engine.View, error) {
	switch name {
	case "status":
		return s.statusView(), nil
	case "log":
		return s.logView(), nil
	case "help":
		return s.helpView(), nil
	case "rules":
		return &engine.View{Title: "Rules in force", Sections: []engine.Section{{Lines: s.Settings.Describe()}}}, nil
	}
	return nil, fmt.Errorf("no view %q (one of: %s)", name, strings.Join(s.Views(), ", "))
}

func (s *State) statusView() *engine.View {
	c := &s.Career
	b := &s.Boat
	m := s.mat()
	v := &engine.View{Title: fmt.Sprintf("%s — Type %s, %s %s", b.Number, typeName(b.Type), s.rankName(), c.Kommandant)}
	v.Sections = append(v.Sections, engine.Section{Title: "Career", Fields: []engine.Field{
		{Name: "Date", Value: c.Month.Label()},
		{Name: "Award", Value: s.awardName()},
		{Name: "Crew quality", Value: qualityNames[s.Crew.Quality]},
		{Name: "Tonnage", Value: Tons(c.Tons) + ", " + plural(c.ShipsSunk, "ship", "ships")},
		{Name: "Patrols", Value: fmt.Sprintf("%d (%d successful)", c.Patrols, c.Successes)},
		{Name: "Markers", Value: s.markers()},
	}})
	if mark := s.undoneMark(); mark != "" {
		v.Sections[0].Fields = append(v.Sections[0].Fields, engine.Field{Name: "Undone", Value: mark})
	}
	arms := []engine.Field{
		{Name: "Forward tubes", Value: tubeList(b.Fwd)},
		{Name: "Aft tubes", Value: tubeList(b.Aft)},
		{Name: "Forward reloads", Value: fmt.Sprintf("%d G7a, %d G7e", b.FwdA, b.FwdE)},
		{Name: "Aft reloads", Value: fmt.Sprintf("%d G7a, %d G7e", b.AftA, b.AftE)},
	}
	if m.DeckGun != nil {
		arms = append(arms, engine.Field{Name: "Deck gun " + m.DeckGun.Gun, Value: fmt.Sprintf("%s, ammo %d of %d", s.sys(sysDeckGun), b.Ammo, m.DeckGun.Ammo)})
	}
	if b.ShaftMines > 0 {
		arms = append(arms, engine.Field{Name: "Mines (shafts)", Value: fmt.Sprint(b.ShaftMines)})
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Armament", Fields: arms})
	dmg := []engine.Field{
		{Name: "Hull", Value: fmt.Sprintf("%d of %d", b.Hull, m.HullSpaces)},
		{Name: "Flooding", Value: fmt.Sprintf("%d of %d", b.Flooding, m.FloodingSpaces)},
	}
	for i := 0; i < numSystems; i++ {
		if b.Aboard[i] {
			dmg = append(dmg, engine.Field{Name: systemNames[i], Value: b.Sys[i].String()})
		}
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Damage", Fields: dmg})
	crew := []engine.Field{
		{Name: "Kommandant", Value: crewState(s.Crew.Kmdt)},
		{Name: "1WO", Value: crewState(s.Crew.WO1)},
		{Name: "2WO", Value: crewState(s.Crew.WO2)},
		{Name: "LI", Value: crewState(s.Crew.LI)},
		{Name: "Doctor", Value: crewState(s.Crew.Doctor)},
	}
	for i, g := range s.Crew.Generic {
		crew = append(crew, engine.Field{Name: fmt.Sprintf("Crew %d", i+1), Value: crewState(g)})
	}
	if s.Crew.Agent != nil {
		crew = append(crew, engine.Field{Name: "Abwehr agent", Value: crewState(*s.Crew.Agent)})
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Crew", Fields: crew})
	if p := s.Patrol; p != nil && len(p.Boxes) > 0 {
		var track []string
		for i := range p.Boxes {
			l := s.boxLabel(i)
			if i == p.Pos {
				l = "[" + l + "]"
			}
			track = append(track, l)
		}
		lines := []string{strings.Join(track, " → ")}
		if p.Mission != "" {
			lines = append(lines, "Mission: "+pretty(p.Mission)+map[bool]string{true: " (done)", false: ""}[p.MissionDone])
		}
		if p.Aborting {
			lines = append(lines, "Aborting: "+p.AbortReason)
		}
		v.Sections = append(v.Sections, engine.Section{Title: "Patrol: " + patrolName(p), Lines: lines})
	}
	if e := s.Enc; e != nil && (len(e.Targets) > 0 || e.AirQuality != "") {
		var lines []string
		for i := range e.Targets {
			lines = append(lines, s.targetLabel(i))
		}
		// The quality markers on the Escort and Air Attack spaces (14.6.2, 14.7.2).
		if e.Escorted && e.Quality != "" {
			lines = append(lines, "Escort: "+capitalised(pretty(e.Quality))+" (14.6)")
		}
		if e.AirQuality != "" {
			lines = append(lines, "Aircraft: "+capitalised(pretty(e.AirQuality))+" (14.7)")
		}
		v.Sections = append(v.Sections, engine.Section{Title: "Combat mat", Lines: lines})
	}
	return v
}

func (s *State) markers() string {
	var out []string
	if s.Career.Hals > 0 {
		out = append(out, fmt.Sprintf("Hals und Beinbruch x%d", s.Career.Hals))
	}
	if s.Patrol != nil && s.Patrol.Superior {
		out = append(out, "Superior Torpedoes")
	}
	if s.Career.Upgrades > 0 {
		out = append(out, fmt.Sprintf("U-boat upgrade x%d", s.Career.Upgrades))
	}
	if s.Career.Arctic {
		out = append(out, "permanent Arctic")
	}
	if s.Career.Med {
		out = append(out, "permanent Mediterranean")
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

func tubeList(t []string) string {
	out := make([]string, len(t))
	for i, x := range t {
		if x == "" {
			x = "empty"
		}
		out[i] = x
	}
	return strings.Join(out, ", ")
}

func crewState(c Crewman) string {
	st := c.Health.String()
	if c.Experte {
		st += ", Experte"
	}
	return st
}

// LogSheet returns the patrol log sheet rows from Sep-39 to Jun-43 (3.5,
// 4.3.2): the record of patrols, ships damaged and sunk, and the victory level's
// tonnage. The boat's id heads the sheet (4.3.1, 14.4.2).
func (s *State) LogSheet() []LogRow {
	var out []LogRow
	byMonth := map[charts.Month][]LogRow{}
	for _, r := range s.Career.Log {
		byMonth[r.Month] = append(byMonth[r.Month], r)
	}
	for m := charts.MonthOf(1939, 9); m <= lastMonth; m++ {
		rows := byMonth[m]
		if len(rows) == 0 {
			out = append(out, LogRow{Month: m})
			continue
		}
		out = append(out, rows...)
	}
	return out
}

func (s *State) logView() *engine.View {
	c := &s.Career
	v := &engine.View{Title: fmt.Sprintf("Patrol log — %s, Type %s, Kmdt %s", s.Boat.Number, typeName(s.Boat.Type), c.Kommandant)}
	var lines []string
	patrols := false
	for _, r := range s.LogSheet() {
		if r.Mark == "" {
			continue
		}
		line := r.Month.Label() + "  "
		switch r.Mark {
		case "patrol":
			line += r.Patrol
			var ts []string
			for _, t := range r.Targets {
				mark := t.Kind[:1]
				switch {
				case t.Sunk:
					ts = append(ts, fmt.Sprintf("(%s %s %s)", mark, t.Name, thousands(t.Tons)))
				case t.Damaged:
					ts = append(ts, fmt.Sprintf("%s %s %s ✓", mark, t.Name, thousands(t.Tons)))
				}
			}
			if len(ts) > 0 {
				line += ": " + strings.Join(ts, " ")
			}
			patrols = true
			if res := r.Verdict(); res != "" {
				line += fmt.Sprintf("  %s %s", Tons(r.Tons), res)
			}
			if r.Note != "" {
				line += "  [" + r.Note + "]"
			}
		default:
			line += r.Mark
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		lines = []string{"(no patrol yet)"}
	}
	if patrols {
		// The sheet circles a sunk ship's tonnage and ticks a damaged one
		// (9.2.6); the letter is the ship's kind, as in the rulebook's example.
		lines = append(lines, "Key: (t Name 10,000) sunk, t Name 10,000 ✓ damaged; t tanker, l large freighter, s small freighter, c capital ship; S a successful patrol, F a failure, (S) a crew advancement check (7.5.2, 9.2.6).")
	}
	v.Sections = append(v.Sections, engine.Section{Lines: lines}, engine.Section{Title: "Totals", Fields: []engine.Field{
		{Name: "Total patrols", Value: fmt.Sprint(c.Patrols)},
		{Name: "Ships sunk", Value: fmt.Sprint(c.ShipsSunk)},
		{Name: "Total tonnage", Value: Tons(c.Tons)},
	}})
	if mark := s.undoneMark(); mark != "" {
		totals := &v.Sections[len(v.Sections)-1]
		totals.Fields = append(totals.Fields, engine.Field{Name: "Undone", Value: mark})
	}
	return v
}

func (s *State) helpView() *engine.View {
	v := &engine.View{Title: "Help"}
	if p := s.Pending(); p != nil {
		var lines []string
		lines = append(lines, p.Text)
		for _, o := range p.Options {
			l := o.Key + " — " + o.Label
			if o.Case != "" {
				l += " (" + o.Case + ")"
			}
			lines = append(lines, l)
		}
		v.Sections = append(v.Sections, engine.Section{Title: "Now (" + p.Case + ")", Lines: lines})
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Where the rules are", Lines: []string{
		"Patrols 7.0, encounters 8.0, combat 9.0, escorts 9.6, aircraft 9.8, damage 10.0, refit 10.10, crew and promotion 11.0, random events 12.0.",
		"Every roll names its chart [E2] and rule case (9.6.7).",
	}})
	return v
}
