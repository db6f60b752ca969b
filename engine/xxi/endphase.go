package xxi

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// endPhase is 12.0: the convoys in the Atlantic Ocean move to the Western
// Approaches (12.1), then the turn is marked with a counter of the
// player's choice (12.2), or he stops the game.
func (s *State) endPhase() {
	if !s.Entered {
		s.Entered = true
		from, to := s.pack.Tracks.Paths[0], s.pack.Tracks.Paths[1]
		moved := s.at(areaAt(from.ID))
		for _, c := range moved {
			c.At = areaAt(to.ID)
		}
		s.Tally.ConvoysToWA += len(moved)
		if len(moved) > 0 {
			verb := "moves"
			if len(moved) > 1 {
				verb = "move"
			}
			s.note("12.1", "End Phase: %s %s from the %s to the %s (%d there now).", labels(moved), verb, from.Area.Name, to.Area.Name, s.count(areaAt(to.ID), nil))
		}
	}
	s.Step = stepMarker
}

// markerOptions are the turn markers the player may place (12.2): a
// counter of the Scrap Pile; if it is empty, a counter of the map
// (XXI-A16: or of the Counter Allocation Box); and stop.
func (s *State) markerOptions() []engine.Option {
	from := s.at(AtScrap)
	src := "12.2"
	if len(from) == 0 {
		src = "12.2, 2.4.4"
		for i := range s.Counters {
			c := &s.Counters[i]
			if c.resource() && (strings.HasPrefix(c.At, "space:") || strings.HasPrefix(c.At, "yard:")) ||
				c.At == AtAlloc && s.ruling("A16") == "map_or_allocation" {
				from = append(from, c)
			}
		}
	}
	var out []engine.Option
	for _, c := range alike(from) {
		out = append(out, engine.Option{Key: "marker:" + c.ID, Label: fmt.Sprintf("Mark turn %d with %s (%s)", s.Turn, c.Label(), s.where(c.At)), Short: c.Label(), Case: src})
	}
	if len(out) == 0 {
		out = append(out, engine.Option{Key: "next", Label: fmt.Sprintf("No counter to mark turn %d with: go on", s.Turn), Case: "12.2", Safe: true})
	}
	return append(out, engine.Option{Key: "stop", Label: "Stop the game here and take the report", Short: "Stop", Case: "XXI-A1", Ends: true,
		Risk: "The game ends now, before the Götterdämmerung track's end: there is no going on."})
}

// mark applies marker:ID (or next), then ends the turn.
func (s *State) mark(key string) {
	if id, ok := strings.CutPrefix(key, "marker:"); ok {
		c := s.counter(id)
		was := s.where(c.At)
		c.At = AtGTR
		s.Markers = append(s.Markers, id)
		s.note("12.2", "%s (%s) marks turn %d (%s) on the Götterdämmerung track.", c.Label(), was, s.Turn, s.month())
	}
	if s.Turn >= s.track().Months {
		s.note("12.2", "The Götterdämmerung track is full: %d months played. Victory conditions are Module 14.0, which is not in the text (XXI-A1): the game ends with a report, not a verdict.", s.Turn)
		s.finish()
		return
	}
	s.Turn++
	s.Phase, s.Entered = PhaseDraw, false
}

// finish ends the game with the report.
func (s *State) finish() {
	s.Done, s.Step = true, ""
	o := s.Outcome()
	s.emit(engine.Event{Kind: engine.KindEnd, Case: "XXI-A1", Text: o.Summary})
}

// Outcome implements engine.State: a report of the figures, no verdict
// (issue 30 item 4, XXI-A1).
func (s *State) Outcome() *engine.Outcome {
	if !s.Done {
		return nil
	}
	built := 0
	var byModel []string
	for _, m := range s.pack.Tracks.Models {
		if n := s.Tally.Built[m.Model]; n > 0 {
			built += n
			byModel = append(byModel, fmt.Sprintf("%d %s", n, m.Model))
		}
	}
	models := "none"
	if len(byModel) > 0 {
		models = strings.Join(byModel, ", ")
	}
	lost := s.Tally.FlotillasLost[KindVII] + s.Tally.FlotillasLost[KindXXI]
	var dev []string
	for _, h := range hubs() {
		if s.devastated(h) != nil {
			dev = append(dev, h)
		}
	}
	box := "no army drawn"
	if s.GWT >= 0 {
		box = fmt.Sprintf("%s (box %d of %d), %s", s.box().Name, s.GWT+1, len(s.pack.Tracks.GrindingWar), plural(s.count(AtGWT, nil), "army"))
	}
	wa := s.pack.Tracks.Paths[1]
	how := fmt.Sprintf("after %d of %d months", s.Turn, s.track().Months)
	if s.Stopped {
		how = fmt.Sprintf("stopped by the player in month %d of %d", s.Turn, s.track().Months)
	}
	if m := s.undoneMark(); m != "" {
		how += ", " + m
	}
	summary := fmt.Sprintf("XXI report, %s (%s to %s): %d Type XXI built (%s), %s sunk, %s reached the %s, %s lost; armies: %s; %d hub(s) devastated.",
		how, monthOf(s.track().Start, 0), s.month(), built, models, plural(s.Tally.ConvoysSunk, "convoy"), plural(s.Tally.ConvoysToWA, "convoy"), wa.Area.Name,
		plural(lost, "flotilla"), box, len(dev))
	level, verdict := "report", ""
	if v := s.pack.Meta.Victory; v != nil {
		name := s.victoryLevel(map[string]int{"xxi_built": built, "convoys_sunk": s.Tally.ConvoysSunk, "convoys_to_wa": s.Tally.ConvoysToWA,
			"convoys_in_wa": s.count(areaAt(wa.ID), nil), "armies_box": s.GWT + 1, "devastated": len(dev), "flotillas_lost": lost, "months": s.Turn})
		if name != "" {
			level = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(name), " ", "_"))
			verdict = fmt.Sprintf("%s, by the owner's victory levels (%s; pack %s), not kaleun's", name, v.Source, s.pack.Meta.ID)
			summary += " " + verdict + "."
		} else {
			summary += fmt.Sprintf(" None of the owner's victory levels (%s) holds.", v.Source)
		}
	} else {
		summary += " No victory is declared: Module 14.0 is not in the text (XXI-A1)."
	}
	summary += " [" + s.label() + "]"
	o := &engine.Outcome{Summary: summary, Level: level, Fields: []engine.Field{
		{Name: "xxi_built", Value: fmt.Sprint(built), Label: "Type XXI built", Text: fmt.Sprintf("%d (%s)", built, models)},
		{Name: "convoys_sunk", Value: fmt.Sprint(s.Tally.ConvoysSunk), Label: "Convoys sunk"},
		{Name: "convoys_to_wa", Value: fmt.Sprint(s.Tally.ConvoysToWA), Label: "Convoys reaching the " + wa.Area.Name,
			Text: fmt.Sprintf("%d (%d there at the end)", s.Tally.ConvoysToWA, s.count(areaAt(wa.ID), nil))},
		{Name: "armies_box", Value: fmt.Sprint(s.GWT + 1), Label: "Armies' box", Text: box},
		{Name: "devastated", Value: fmt.Sprint(len(dev)), Label: "Hubs devastated at the end", Text: fmt.Sprintf("%d (%s)", len(dev), orNone(strings.Join(dev, ", ")))},
		{Name: "flotillas_lost", Value: fmt.Sprint(lost), Label: "Flotillas lost",
			Text: fmt.Sprintf("%d (%d VII, %d XXI)", lost, s.Tally.FlotillasLost[KindVII], s.Tally.FlotillasLost[KindXXI])},
		{Name: "months", Value: fmt.Sprint(s.Turn), Label: "Months played"},
		{Name: "pack", Value: s.pack.Meta.ID, Label: "Content", Text: fmt.Sprintf("%s (SHA-256 %s): %s", s.pack.Meta.ID, s.pack.SHA256, s.label())},
	}}
	if verdict != "" {
		o.Fields = append(o.Fields, engine.Field{Name: "victory", Value: level, Label: "Victory (the owner's levels)", Text: verdict})
	}
	return o
}

// victoryLevel is the first of the owner's levels whose conditions all
// hold for the figures, "" when none does.
func (s *State) victoryLevel(figures map[string]int) string {
	for _, l := range s.pack.Meta.Victory.Levels {
		ok := true
		for _, w := range l.When {
			f := figures[w.Figure]
			if w.AtLeast != nil && f < *w.AtLeast || w.AtMost != nil && f > *w.AtMost {
				ok = false
			}
		}
		if ok {
			return l.Name
		}
	}
	return ""
}
