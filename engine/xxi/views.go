package xxi

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

var viewSpecs = []engine.ViewSpec{
	{Name: "status", Help: "The turn at a glance: phase, tracks, flotillas, convoys, the allocation box and the piles"},
	{Name: "map", Help: "The Reich Transportation Map as a table: each space, its counters, devastation and neighbours"},
	{Name: "log", Help: "The latest lines of the game's log"},
	{Name: "variants", Help: "Every ruling XXI-A1..A22 with the one in force, and the optional rules (text not available)"},
	{Name: "data", Help: "Which owner-supplied values the game uses, and whose they are: the pack's provenance"},
	{Name: engine.HelpView, Help: "What to do now, and where the rules are"},
}

// ViewSpecs implements engine.ViewCatalog.
func (r *Rules) ViewSpecs() []engine.ViewSpec { return slices.Clone(viewSpecs) }

// Views implements engine.State.
func (s *State) Views() []string {
	out := make([]string, len(viewSpecs))
	for i, v := range viewSpecs {
		out[i] = v.Name
	}
	return out
}

// PinnedView implements engine.Pinned: the status stays posted in the
// channel, edited after each decision.
func (s *State) PinnedView() string { return "status" }

// View implements engine.State. Every view begins with the pack's label.
func (s *State) View(name string) (*engine.View, error) {
	var v *engine.View
	switch name {
	case "status":
		v = s.statusView()
	case "map":
		v = s.mapView()
	case "log":
		v = s.logView()
	case "variants":
		v = s.variantsView()
	case "data":
		v = s.dataView()
	case engine.HelpView:
		v = engine.HelpViewOf([]*engine.Prompt{s.Pending()},
			"The rulebook's cases are cited by number (4.0 Draw ... 12.0 End, 13.0 Set-up); the rulings are `variants`; the keys and flags are docs/players/xxi.md.")
	default:
		return nil, fmt.Errorf("no view %q (one of %s)", name, strings.Join(s.Views(), ", "))
	}
	v.Sections = append([]engine.Section{{Lines: []string{fmt.Sprintf("[%s: pack %s, SHA-256 %s]", s.label(), s.pack.Meta.ID, s.pack.SHA256[:16])}}}, v.Sections...)
	return v, nil
}

func (s *State) statusView() *engine.View {
	phase := phaseNames[s.Phase]
	if s.Done {
		phase = "over"
	}
	v := &engine.View{Title: fmt.Sprintf("XXI: turn %d (%s) of %d, %s", s.Turn, s.month(), s.track().Months, phase)}
	gwt := "no army yet: the bottom box's values apply (XXI-A3)"
	if s.GWT >= 0 {
		gwt = fmt.Sprintf("%s, box %d of %d, %s", s.box().Name, s.GWT+1, len(s.pack.Tracks.GrindingWar), plural(s.count(AtGWT, nil), "army"))
	}
	model := "none built: Type VIIs only"
	if m := s.model(); m != nil {
		model = fmt.Sprintf("%s built; XXIs use model %s: Engine %d, Silence %d, Attack %d, Defense %d", strings.Join(s.Built, ", "), m.Model, m.Engine, m.Silence, m.Attack, m.Defense)
	}
	next := "none"
	if m := s.nextModel(); m != nil {
		next = fmt.Sprintf("model %s: %d Hull, %d Systems, %d Crew + an IBG Command", m.Model, m.Cost.Hull, m.Cost.Systems, m.Cost.Crew)
	}
	var flot []string
	for _, c := range s.Counters {
		if c.uboat() && (c.At == AtValentin || c.At == AtPen) {
			flot = append(flot, fmt.Sprintf("%s %s", c.Label(), s.where(c.At)))
		}
	}
	var convoys []string
	for _, p := range s.pack.Tracks.Paths {
		var vals []string
		for _, c := range s.at(areaAt(p.ID)) {
			vals = append(vals, fmt.Sprint(c.Value))
		}
		convoys = append(convoys, fmt.Sprintf("%s: %s", p.Area.Name, orNone(strings.Join(vals, ", "))))
	}
	var markers []string
	for _, id := range s.Markers {
		markers = append(markers, s.counter(id).Label())
	}
	v.Sections = append(v.Sections, engine.Section{Fields: []engine.Field{
		{Name: "Grinding War Track", Value: gwt},
		{Name: "Next turn's draws and points", Value: fmt.Sprintf("%s, 1d6 + %d TP", plural(s.box().Draws, "counter"), s.box().Transport)},
		{Name: "Transport Points (IGD)", Value: fmt.Sprint(s.TP)},
		{Name: "Model Development Track", Value: model},
		{Name: "Next build", Value: next},
		{Name: "Flotillas", Value: orNone(strings.Join(flot, "; "))},
		{Name: "Convoys", Value: strings.Join(convoys, "; ")},
		{Name: "Counter Allocation Box", Value: labels(s.at(AtAlloc))},
		{Name: "Counter Draw Pile", Value: plural(s.count(AtCDP, nil), "counter")},
		{Name: "Scrap Pile", Value: labels(s.at(AtScrap))},
		{Name: "Götterdämmerung track", Value: s.turnTrack(markers)},
		{Name: "So far", Value: fmt.Sprintf("%s sunk, %s to the %s, %s lost, %s placed, %s repaired",
			plural(s.Tally.ConvoysSunk, "convoy"), plural(s.Tally.ConvoysToWA, "convoy"), s.pack.Tracks.Paths[1].Area.Name,
			plural(s.Tally.FlotillasLost[KindVII]+s.Tally.FlotillasLost[KindXXI], "flotilla"), plural(s.Tally.Bombed, "Devastation marker"), plural(s.Tally.Repaired, "hub"))},
	}})
	if m := s.undoneMark(); m != "" {
		v.Sections = append(v.Sections, engine.Section{Lines: []string{"Undo: " + m}})
	}
	if o := s.Outcome(); o != nil {
		v.Sections = append(v.Sections, engine.Section{Title: "Report (no victory: 14.0 is not in the text)", Lines: []string{o.Summary}})
	}
	return v
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// mapView is the text table of the map: space, counters, devastated,
// neighbours (digest §12).
func (s *State) mapView() *engine.View {
	v := &engine.View{Title: "Reich Transportation Map (2.4.1)"}
	lines := []string{"space | counters | devastated | neighbours"}
	for _, sp := range s.pack.Map.Spaces {
		var here []string
		for _, c := range s.at(spaceAt(sp.ID)) {
			if c.Kind == KindDevastation {
				continue
			}
			l := c.Label()
			if s.moved(c.ID) {
				l += " (moved)"
			}
			here = append(here, l)
		}
		cell := orNone(strings.Join(here, ", "))
		if sp.Shipyard > 0 {
			cell += fmt.Sprintf("; squares %d/%d: %s", s.count(yardAt(sp.ID), nil), sp.Shipyard, labels(s.at(yardAt(sp.ID))))
		}
		dev := "-"
		if m := s.devastated(sp.ID); m != nil {
			dev = "DEVASTATED (" + m.Icon + ")"
		}
		lines = append(lines, fmt.Sprintf("%s | %s | %s | %s", s.spaceName(sp.ID), cell, dev, strings.Join(s.neighbours(sp.ID), ", ")))
	}
	v.Sections = append(v.Sections, engine.Section{Lines: lines})
	return v
}

func (s *State) logView() *engine.View {
	v := &engine.View{Title: "Log (the latest lines)"}
	from := max(0, len(s.Log)-40)
	var lines []string
	for _, l := range s.Log[from:] {
		lines = append(lines, fmt.Sprintf("T%d %s", l.Turn, l.Text))
	}
	v.Sections = append(v.Sections, engine.Section{Lines: []string{orNone(strings.Join(lines, "\n"))}})
	return v
}

func (s *State) variantsView() *engine.View {
	v := &engine.View{Title: "Rulings XXI-A1..A22 and optional rules (docs/players/xxi.md explains each)"}
	var lines []string
	for _, r := range rulings {
		val := s.ruling(r.ID)
		if len(r.Values) == 1 {
			lines = append(lines, fmt.Sprintf("XXI-%s (%s): fixed reading %s: %s", r.ID, r.Case, val, r.Settles))
			continue
		}
		mark := "default"
		if val != r.Default() {
			mark = "not the default"
		}
		lines = append(lines, fmt.Sprintf("XXI-%s = %s (%s) [%s] (%s): %s", r.ID, val, mark, strings.Join(r.Values, "|"), r.Case, r.Settles))
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Rulings (set with rulings: A4=one_roll,...)", Lines: lines})
	var opts []string
	for _, o := range optionalRules {
		opts = append(opts, fmt.Sprintf("%s %s: off, text not available", o.Case, o.What))
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Optional rules (15.0/16.0)", Lines: opts})
	draws := "Draws: kaleun's cup, each blind draw a logged die (draws:cup)"
	if s.physical() {
		draws = "Draws: your own cup; you say what you drew (draws:physical)"
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Set-up", Lines: []string{fmt.Sprintf("Pack %s, %q, SHA-256 %s", s.pack.Meta.ID, s.pack.Meta.Name, s.pack.SHA256), draws}})
	return v
}

// dataView says which owner-supplied values the game uses and whose they
// are (digest §9): the pack's own provenance, and what it holds.
func (s *State) dataView() *engine.View {
	p := s.pack
	v := &engine.View{Title: "Data: the values the rulebook's text does not print (digest §9)"}
	whose := "the owner's pack, transcribed from his copy"
	if p.Meta.ID == "house" {
		whose = "kaleun's house pack: house content, not the publisher's; invented where the text is silent"
	}
	v.Sections = append(v.Sections, engine.Section{Fields: []engine.Field{
		{Name: "Pack", Value: fmt.Sprintf("%s, %q (SHA-256 %s)", p.Meta.ID, p.Meta.Name, p.SHA256)},
		{Name: "Whose", Value: whose},
		{Name: "Label", Value: s.label()},
	}})
	v.Sections = append(v.Sections, engine.Section{Title: "Provenance, as the pack says it", Lines: p.Meta.Provenance})
	var models []string
	for _, m := range p.Tracks.Models {
		models = append(models, fmt.Sprintf("%s: E%d S%d A%d D%d, cost %d/%d/%d", m.Model, m.Engine, m.Silence, m.Attack, m.Defense, m.Cost.Hull, m.Cost.Systems, m.Cost.Crew))
	}
	victory := "Victory (G12): none; Module 14.0 is not in the text, so the game ends with a report (XXI-A1)"
	if v := p.Meta.Victory; v != nil {
		var names []string
		for _, l := range v.Levels {
			names = append(names, l.Name)
		}
		victory = fmt.Sprintf("Victory (G12): the owner's levels, from %s: %s (the report applies them, saying they are his)", v.Source, strings.Join(names, ", "))
	}
	var boxes []string
	for _, b := range p.Tracks.GrindingWar {
		boxes = append(boxes, fmt.Sprintf("%s (%d draws, 1d6+%d)", b.Name, b.Draws, b.Transport))
	}
	var paths []string
	for _, pa := range p.Tracks.Paths {
		var sp []string
		for _, e := range pa.Spaces {
			sp = append(sp, fmt.Sprintf("%s %s %d+ %dDC", e.Name, e.Test, e.Target, e.DepthCharges))
		}
		paths = append(paths, fmt.Sprintf("%s: %s; %s %dd6; home %s %d+", pa.ID, strings.Join(sp, ", "), pa.Area.Name, pa.Area.DepthCharges, pa.Home.Test, pa.Home.Target))
	}
	v.Sections = append(v.Sections, engine.Section{Title: "Values in use", Lines: []string{
		fmt.Sprintf("Map (G1, G2): %d spaces, %d links", len(p.Map.Spaces), len(p.Map.Links)),
		"Models (G3, G4): " + strings.Join(models, "; "),
		"Mission paths (G5, G6): " + strings.Join(paths, " | "),
		"Grinding War Track (G7): " + strings.Join(boxes, ", "),
		fmt.Sprintf("Götterdämmerung track (G8): %d months from %s", p.Tracks.Gotterdammerung.Months, p.Tracks.Gotterdammerung.Start),
		fmt.Sprintf("Convoys (G9): %v, optional %d", p.Counters.Convoys, p.Counters.OptionalConvoy),
		fmt.Sprintf("Resource letters (G10): hulls %s, systems %s, crew %s", letterCounts(p.Counters.Hulls), letterCounts(p.Counters.Systems), letterCounts(p.Counters.Crew)),
		fmt.Sprintf("Devastation icons (G11): %v", p.Counters.Devastation),
		victory,
		"Optional rules (G13): off, text not available",
	}})
	return v
}

// letterCounts writes {A: 5, B: 5} as "A 5, B 5".
func letterCounts(m map[string]int) string {
	var out []string
	for _, l := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fmt.Sprintf("%s %d", l, m[l]))
	}
	return strings.Join(out, ", ")
}

// turnTrack says where the Götterdämmerung track stands: the month being
// played of the pack's months, and the counters marking months on it. A
// refill of the Counter Draw Pile takes every marker but the current one
// back to the cup (4.0), so the markers are fewer than the months played.
func (s *State) turnTrack(markers []string) string {
	return fmt.Sprintf("month %d of %d; on the track: %s", s.Turn, s.track().Months, orNone(strings.Join(markers, ", ")))
}
