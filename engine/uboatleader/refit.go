package uboatleader

import (
	"github.com/kaleun/kaleun/engine"
)

// The Refit phase (UBL-7 "Fase Riparazioni") and the campaign's result
// (UBL-8), with the linked campaigns of UBL-9.4.

func init() {
	register("refit", &opDef{act: (*State).refit})
	register("campaign_end", &opDef{act: (*State).campaignEnd})
	register("linked_next", &opDef{act: (*State).linkedNext})
}

func (s *State) refit(st Step) {
	s.Phase = "refit"
	s.promote()
	if s.retire() {
		s.push(Step{Op: "campaign_end"})
		return
	}
	s.recover()
	s.seaCheck()
	s.rearm()
	s.resetMap()
	s.push(Step{Op: "turn"})
}

// promote: a boat whose XP reach its card's promotion number goes up a
// level, the XP spent and the rest kept (UBL-7.1); one level a phase, or
// more by the ruling promotion.
func (s *State) promote() {
	for i := range s.Fleet {
		b := &s.Fleet[i]
		for b.inPlay() && b.Level < 3 {
			need := s.lv(b).XP
			if b.XP < need {
				break
			}
			b.XP -= need
			b.Level++
			s.note("UBL-7.1", "%s is promoted to %s (%d XP spent, %d kept); stress %d is %s.", b.ID, levelKeys[b.Level], need, b.XP, b.Stress, stressState(b.Stress))
			if s.ruling("promotion") == "one_level" {
				break
			}
		}
	}
}

// retire takes out the boats that have completed their patrols (UBL-7.2)
// and reports whether the campaign is over: every boat retired or sunk.
func (s *State) retire() bool {
	limit := s.length().Patrols
	over := true
	for i := range s.Fleet {
		b := &s.Fleet[i]
		if b.inPlay() && b.Patrols >= limit && s.inPort(b) {
			b.Retired = true
			s.note("UBL-7.2", "%s has completed its %s: it leaves the campaign.", b.ID, count(limit, "patrol"))
		}
		over = over && !b.inPlay()
	}
	return over
}

// recover removes stress: a port's Refit number, 2 with a Supply Ship in
// the area, and 1 for Cool (UBL-7.3; ruling cool).
func (s *State) recover() {
	for i := range s.Fleet {
		b := &s.Fleet[i]
		if !b.inPlay() {
			continue
		}
		cut, why := 0, ""
		switch {
		case s.inPort(b):
			cut, why = s.board().area(b.At).Refit, "refit in "+s.areaName(b.At)
		case s.marks(b.At).Supply:
			cut, why = 2, "supply ship"
		}
		if s.has(b, AbilityCool) && (cut > 0 || why != "" || s.ruling("cool") == "always") {
			cut++
			if why == "" {
				why = "Cool"
			} else {
				why += ", Cool"
			}
		}
		if cut > 0 && b.Stress > 0 {
			s.addStress(i, -min(cut, b.Stress), "UBL-7.3", why)
		}
	}
}

// seaCheck: with no boat at sea, -2 VP (UBL-7.4).
func (s *State) seaCheck() {
	for i := range s.Fleet {
		if s.atSea(&s.Fleet[i]) {
			return
		}
	}
	s.addVP(-2, "UBL-7.4", "no U-boat at sea at the Refit phase")
}

// rearm refills the boats in port: 6 gun rounds, torpedoes to the card's
// Ready and Stored boxes (UBL-7.5); boats at sea reload their tubes from
// Stored (UBL-7.6).
func (s *State) rearm() {
	for i := range s.Fleet {
		b := &s.Fleet[i]
		if !b.inPlay() {
			continue
		}
		if !s.inPort(b) {
			s.reloadTubes(i, "UBL-7.6")
			continue
		}
		c := s.card(b)
		before := b.Ready.Torps() + b.Stored.Torps()
		b.Ready.Std += max(0, c.Ready-b.Ready.All())
		b.Stored.Std += max(0, c.Stored-b.Stored.All())
		gun := b.Gun
		if c.Gun {
			b.Gun = gunRounds
		}
		if after := b.Ready.Torps() + b.Stored.Torps(); after > before || b.Gun > gun {
			s.note("UBL-7.5", "%s rearms in port: %d torpedoes, %d gun rounds.", b.ID, after, b.Gun)
		}
	}
}

// resetMap clears the turn's markers (UBL-7.7); the Searched boxes empty
// or fill by the ruling map_reset.
func (s *State) resetMap() {
	s.Marks = nil
	into := s.ruling("map_reset") == "into"
	for i := range s.Fleet {
		b := &s.Fleet[i]
		b.Attacker, b.ContactMod, b.Drew = false, 0, nil
		b.Searched = into && s.atSea(b)
	}
}

// grade reads the VP on the campaign sheet's evaluation (UBL-8).
func grade(l LengthDef, vp int) string {
	switch {
	case vp >= l.Great:
		return "Great"
	case vp >= l.Good:
		return "Good"
	case vp >= l.Adequate:
		return "Adequate"
	case vp >= l.Poor:
		return "Poor"
	}
	return "Dismal"
}

// campaignEnd scores the campaign (UBL-8): -3 VP a U-boat sunk, then the
// sheet's evaluation.
func (s *State) campaignEnd(st Step) {
	lost := 0
	for i := range s.Fleet {
		if s.Fleet[i].Sunk {
			lost++
		}
	}
	if lost > 0 {
		s.addVP(-3*lost, "UBL-8", count(lost, "U-boat")+" sunk during the campaign")
	}
	c := s.camp()
	g := grade(s.length(), s.VP)
	s.Results = append(s.Results, CampaignResult{Campaign: c.ID, VP: s.VP, Grade: g, Lost: lost, Sunk: s.ShipsSunk, Turns: s.Turn})
	s.note("UBL-8", "%s is over after %s: %d VP, %s.", c.Name, count(s.Turn, "turn"), s.VP, g)
	if s.optional("linked") && s.Linked+1 < len(s.pack.Campaigns) {
		s.push(Step{Op: "linked_next"})
		return
	}
	s.Done = true
	s.Phase = "over"
	o := s.Outcome()
	s.emit(engine.Event{Kind: engine.KindEnd, Case: "UBL-8", Text: o.Summary})
}

// linkedNext carries the fleet into the next campaign (UBL-9.4): the sunk
// boats are gone, boats out of service leave (their SO is not charged);
// the fleet's cost at its current levels comes off the new campaign's SO,
// and at 0 or less nothing more is bought; stress goes back to 0.
func (s *State) linkedNext(st Step) {
	s.Linked++
	s.Campaign = s.pack.Campaigns[s.Linked].ID
	c := s.camp()
	var fleet []Boat
	cost := 0
	for _, b := range s.Fleet {
		card := s.pack.Boat(b.ID)
		switch {
		case b.Sunk:
			continue
		case !campaignAllows(c, card):
			s.note("UBL-9.4", "%s is out of service in %s: it leaves, and its %d SO at %s come back to the pool.", b.ID, c.Name, card.Levels[levelKeys[b.Level]].SO, levelKeys[b.Level])
			continue
		}
		b.Retired, b.Patrols, b.Stress, b.Missions, b.Searched, b.InBox = false, 0, 0, nil, false, ""
		b.Attacker, b.ContactMod, b.Drew, b.Acted, b.Moved, b.Sailed = false, 0, nil, false, false, false
		b.Ready.Mine, b.Stored.Mine = 0, 0
		if !s.pack.idx.maps[c.Map].isPort(b.At) {
			b.At = ""
		}
		cost += card.Levels[levelKeys[b.Level]].SO
		fleet = append(fleet, b)
	}
	s.Fleet = fleet
	so := s.length().SO - cost
	s.note("UBL-9.4", "Linked campaign %d: %s. Its %d SO less the fleet's %d SO at current levels: %d.", s.Linked+1, c.Name, s.length().SO, cost, so)
	if so <= 0 {
		so = 0
		s.note("UBL-9.4", "Nothing is left: the fleet sails as it is, and no SO are spent this campaign.")
	}
	s.SO = 2 * so
	s.VP, s.Ledger, s.Turn, s.ShipsSunk, s.Marks, s.Bought, s.Battle = 0, nil, 0, 0, nil, nil, nil
	s.buildDecks()
	for i := range s.Fleet {
		b := &s.Fleet[i]
		card := s.card(b)
		b.Ready, b.Stored = Load{Std: card.Ready}, Load{Std: card.Stored}
		if card.Gun {
			b.Gun = gunRounds
		}
	}
	s.push(Step{Op: "buy"}, Step{Op: "campaign_start"})
}
