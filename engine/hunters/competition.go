package hunters

import (
	"encoding/json"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// Tournaments (13.2-13.5), leaderboards and the top ten of 15.1.

// tournamentLength is a tournament's start date and the two boats it allows
// (13.2.2, 13.2.3).
type tournamentLength struct {
	key, label, cas string
	start           charts.Month
	boats           [2]string
}

var tournamentLengths = []tournamentLength{
	{"long", "Long: Sep-39, Type VIIA or IXA", "13.2.2", charts.MonthOf(1939, 9), [2]string{"VIIA", "IXA"}},
	{"short", "Short: May-41, Type VIIC or IXC", "13.2.3", charts.MonthOf(1941, 5), [2]string{"VIIC", "IXC"}},
}

// TournamentFormats implements engine.Tournaments.
func (r *Rules) TournamentFormats() []engine.TournamentFormat {
	length := engine.SetupField{Key: "length", Label: "Length", Required: true, Help: "13.2.2, 13.2.3",
		Options: []engine.Option{{Key: "long", Label: tournamentLengths[0].label, Case: "13.2.2"}, {Key: "short", Label: tournamentLengths[1].label, Case: "13.2.3"}}}
	boat := engine.SetupField{Key: "boat", Label: "The U-boat everyone sails", Help: "13.2.1: VIIA or IXA (long), VIIC or IXC (short); default the first",
		Options: []engine.Option{{Key: "VIIA"}, {Key: "IXA"}, {Key: "VIIC"}, {Key: "IXC"}}}
	rules := engine.SetupField{Key: "rules", Label: "Optional rules and rulings for every entrant"}
	win := engine.SetupField{Key: "win", Label: "Winner", Default: "tonnage", Help: "13.4.1: any of the formats above",
		Options: []engine.Option{{Key: "tonnage", Label: "Most tonnage, dead or alive (13.2)"}, {Key: "survival", Label: "Most tonnage among those alive in Jun-43 (13.3)"}}}
	// The advisor (odds at every prompt) is free unless the organiser turns it off.
	odds := engine.SetupField{Key: "odds", Label: "Odds (the advisor)", Default: "on", Help: "off: no entrant may ask for the odds of their options",
		Options: []engine.Option{{Key: "on", Label: "Every entrant may ask for odds"}, {Key: "off", Label: "No odds in this tournament"}}}
	anyBoat := engine.SetupField{Key: "boat", Label: "Your U-boat type", Required: true, Help: "13.4.1: any Type VII or IX available at the start"}
	for _, k := range boatOrder {
		anyBoat.Options = append(anyBoat.Options, engine.Option{Key: k})
	}
	return []engine.TournamentFormat{
		{Key: "top", Label: "Top Tonnage", Case: "13.2", Fields: []engine.SetupField{length, boat, rules, odds}},
		{Key: "survival", Label: "Survival", Case: "13.3", Fields: []engine.SetupField{length, boat, rules, odds}},
		{Key: "mixed", Label: "Mixed Boat", Case: "13.4", Fields: []engine.SetupField{length, win, rules, odds}, EntrantFields: []engine.SetupField{anyBoat}},
		{Key: "wolfpack", Label: "Wolfpack", Case: "13.5", Fields: []engine.SetupField{rules, odds, {Key: "absent", Label: "An absent boat at its deadline", Default: "commander",
			Help:    "13.5 is silent on timing: see docs/players/chat.md",
			Options: []engine.Option{{Key: "commander", Label: "The built-in commander decides for it (it sits battle rounds out)"}, {Key: "sit_out", Label: "It only sits battle rounds out; its other decisions wait"}}}},
			TeamGame: "hunters-wolfpack", TeamSize: 6, TeamNames: r.wolfpackNames(), TeamsTitle: "Packs (13.5.1)",
			TeamSetup: map[string]string{"numbers": "own"}},
	}
}

// EntrantSetup implements engine.Tournaments: every entrant starts at the
// format's date with its boat (or his own in a Mixed Boat tournament).
func (r *Rules) EntrantSetup(format string, organiser, entrant map[string]string, name string) (map[string]string, error) {
	var length *tournamentLength
	for i := range tournamentLengths {
		if tournamentLengths[i].key == organiser["length"] {
			length = &tournamentLengths[i]
		}
	}
	if length == nil && format != "wolfpack" {
		return nil, fmt.Errorf("the tournament's length must be long or short (13.2.2, 13.2.3)")
	}
	setup := map[string]string{"rules": organiser["rules"], "kommandant": name}
	if length != nil {
		setup["start"] = length.start.String()
	}
	switch format {
	case "top", "survival":
		boat := organiser["boat"]
		if boat == "" {
			boat = length.boats[0]
		}
		if boat != length.boats[0] && boat != length.boats[1] {
			return nil, fmt.Errorf("a %s tournament sails Type %s or %s (%s), not %s", length.key, length.boats[0], length.boats[1], length.cas, boat)
		}
		setup["boat"] = boat
	case "wolfpack":
		setup["boat"], setup["start"] = "VIIC", "1942-06" // 13.5.2
	case "mixed":
		if entrant["boat"] == "" {
			return nil, fmt.Errorf("in a Mixed Boat tournament each entrant names a boat when joining (13.4.1)")
		}
		setup["boat"] = entrant["boat"]
	default:
		return nil, fmt.Errorf("no tournament format %q", format)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		return nil, err
	}
	if _, err := r.ParseSetup(raw); err != nil {
		return nil, err
	}
	return setup, nil
}

// Standing implements engine.Tournaments: tonnage, dead or alive (13.2.1),
// or only alive in Jun-43 for Survival (13.3.1).
func (r *Rules) Standing(format string, organiser map[string]string, st engine.State, seat string) engine.Standing {
	s, ok := st.(*State)
	if !ok {
		// A team game (a wolfpack): its boats by seat, most tonnage wins (13.5.1).
		if sum, isTeam := st.(engine.Summarized); isTeam {
			for _, c := range sum.Summaries() {
				if c.Seat == seat {
					return engine.Standing{Score: c.Score, Qualifies: true, Over: c.Over, Status: c.Fate, Detail: c.Rank + ", " + c.Awards}
				}
			}
		}
		return engine.Standing{}
	}
	sum := s.summary()
	out := engine.Standing{Score: s.Career.Tons, Qualifies: true, Over: s.Over != nil, Status: sum.Fate, Detail: sum.Rank + ", " + sum.Awards}
	survival := format == "survival" || (format == "mixed" && organiser["win"] == "survival")
	if survival && s.Over != nil && s.Career.Fate != "survived" {
		out.Qualifies = false // 13.3.1: required to survive to 6/43
	}
	return out
}

// wolfpackNames are 14.5.1's names, each once.
func (r *Rules) wolfpackNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range r.pack.History.WolfpackNames {
		if !seen[w.Name] {
			seen[w.Name] = true
			out = append(out, w.Name)
		}
	}
	return out
}

// Summaries implements engine.Summarized.
func (s *State) Summaries() []engine.Summary { return []engine.Summary{s.summary()} }

func (s *State) summary() engine.Summary {
	fate := "at sea, " + s.Career.Month.Label()
	if s.Patrol == nil {
		fate = "in port, " + s.Career.Month.Label()
	}
	if s.Over != nil {
		fate = pretty(s.Career.Fate) + ", " + s.Career.Month.Label()
	}
	return engine.Summary{Name: s.Career.Kommandant, Score: s.Career.Tons, Rank: s.rankName(), Awards: s.awardName(),
		Fate: fate, Label: fmt.Sprintf("%s (Type %s)", s.Boat.Number, typeName(s.Boat.Type)), Over: s.Over != nil, Mark: s.undoneMark()}
}

// ScoreUnit implements engine.Scored: a career's score is its tonnage.
func (r *Rules) ScoreUnit() string { return "t" }

// Legends implements engine.Legends: the top ten Kommandants of 15.1.
func (r *Rules) Legends() []engine.Legend {
	var out []engine.Legend
	for _, a := range r.pack.History.TopTen {
		out = append(out, engine.Legend{Rank: a.Rank, Name: a.Name, Score: a.Tons, Note: fmt.Sprintf("%d ships, %d patrols", a.Ships, a.Patrols)})
	}
	return out
}

// OddsAllowed implements engine.OddsPolicy: odds are free unless the
// organiser answered odds:off.
func (r *Rules) OddsAllowed(format string, organiser map[string]string) bool {
	return organiser["odds"] != "off"
}
