// Package hunters is The Hunters: German U-Boats at War, 1939-43 as a pure
// rules engine. Case numbers in comments and tests refer to the 2nd-printing
// rulebook, so searching for "9.6.7" finds the code of case 9.6.7.
package hunters

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// Rules implements engine.Rules for The Hunters.
type Rules struct {
	pack *charts.Pack
	// outlooks keeps the career outlooks worked out (outlook.go); the
	// states of these rules share it.
	outlooks *outlookCache
}

// NewRules loads the embedded chart data pack and returns the game's rules.
func NewRules() (*Rules, error) {
	p, err := charts.Default()
	if err != nil {
		return nil, err
	}
	return NewRulesWithPack(p), nil
}

// NewRulesWithPack uses a data pack supplied by the operator.
func NewRulesWithPack(p *charts.Pack) *Rules {
	return &Rules{pack: p, outlooks: newOutlookCache()}
}

// Pack is the chart data the rules use.
func (r *Rules) Pack() *charts.Pack { return r.pack }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "hunters" }

// boatOrder is the order of 4.2.2.
var boatOrder = []string{"VIIA", "VIIB", "IXA", "IXB", "VIIC", "IXC", "VIID", "VIIC_Flak"}

// SetupFields implements engine.SetupForm.
func (r *Rules) SetupFields() []engine.SetupField {
	boats := make([]engine.Option, 0, len(boatOrder))
	for _, k := range boatOrder {
		b := r.pack.Mats.Boats[k]
		boats = append(boats, engine.Option{Key: k, Label: fmt.Sprintf("Type %s (from %s)", strings.ReplaceAll(k, "_", " "), b.Available.Label()), Case: "4.2.2"})
	}
	var rules []string
	for _, o := range optionalRules {
		rules = append(rules, o.Key)
	}
	// 4.1.1: one of the eight types; 4.2.1: its availability is the default start.
	return []engine.SetupField{
		{Key: "boat", Label: "U-boat type", Options: boats, Required: true, Help: "4.1, 4.2.2", Flag: "boat"},
		{Key: "start", Label: "Start date (YYYY-MM)", Help: "empty: the boat's availability date (4.2.1)", Suggestions: months(), Flag: "start", Check: r.checkAnswer("start")},
		{Key: "kommandant", Label: "Kommandant's name", Default: "Kommandant", Flag: "name", Check: r.checkAnswer("kommandant")},
		{Key: "uboat", Label: "U-boat number (e.g. U-99, or 'historical' for 14.4)", Help: "empty: the type's first historical number", Flag: "uboat", Check: r.checkAnswer("uboat")},
		{Key: "rules", Label: "Optional rules and rulings, comma-separated", Help: "optional rules: " + strings.Join(rules, " ") + "; rulings as name=value (the rules view says what each does)", Menu: rulesMenu(), Flag: "rules", Check: r.checkAnswer("rules")},
	}
}

// checkAnswer checks one setup answer as ParseSetup reads it, with the boat
// answered before it (the start depends on its availability, 4.2.1): a
// question is asked again at once, not the whole form refused at its end.
// Without a boat yet, the first type stands in (the start is then only
// held to the war's months).
func (r *Rules) checkAnswer(key string) func(string, map[string]string) error {
	return func(answer string, earlier map[string]string) error {
		in := map[string]string{"boat": earlier["boat"], key: answer}
		if _, ok := r.pack.Mats.Boats[in["boat"]]; !ok {
			in["boat"] = boatOrder[0]
		}
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		if _, err := r.ParseSetup(raw); err != nil {
			return errors.New(strings.TrimPrefix(err.Error(), errSetup.Error()+": "))
		}
		return nil
	}
}

// Setup is the parsed setup of a new career.
type Setup struct {
	Boat       string
	Start      charts.Month
	Kommandant string
	UBoat      string
	Settings   Settings
}

// ParseSetup reads the setup answers (a JSON object of strings).
func (r *Rules) ParseSetup(raw []byte) (Setup, error) {
	var in map[string]string
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &in); err != nil {
			return Setup{}, fmt.Errorf("%w: want a JSON object of strings: %v", errSetup, err)
		}
	}
	known := map[string]bool{"boat": true, "start": true, "kommandant": true, "uboat": true, "rules": true}
	var unknown []string
	for k := range in {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return Setup{}, fmt.Errorf("%w: unknown setup field(s) %s", errSetup, strings.Join(unknown, ", "))
	}
	su := Setup{Boat: strings.TrimSpace(in["boat"])}
	b, ok := r.pack.Mats.Boats[su.Boat]
	if !ok {
		return Setup{}, fmt.Errorf("%w: boat %q is not one of %s", errSetup, su.Boat, strings.Join(boatOrder, ", "))
	}
	su.Start = b.Available
	if v := strings.TrimSpace(in["start"]); v != "" {
		m, err := charts.ParseMonth(v)
		if err != nil {
			return Setup{}, fmt.Errorf("%w: start: %v", errSetup, err)
		}
		if m < b.Available {
			return Setup{}, fmt.Errorf("%w: the Type %s is available from %s, not %s (4.2.1)", errSetup, su.Boat, b.Available, m)
		}
		su.Start = m
	}
	if su.Start > lastMonth {
		return Setup{}, fmt.Errorf("%w: no patrol starts after %s (5.1.1)", errSetup, lastMonth)
	}
	su.Kommandant = strings.TrimSpace(in["kommandant"])
	if su.Kommandant == "" {
		su.Kommandant = "Kommandant"
	}
	if len(su.Kommandant) > 60 {
		return Setup{}, fmt.Errorf("%w: the Kommandant's name is longer than 60 characters", errSetup)
	}
	set, err := ParseRules(in["rules"])
	if err != nil {
		return Setup{}, fmt.Errorf("%w: rules: %v", errSetup, err)
	}
	su.Settings = set
	su.UBoat = strings.TrimSpace(in["uboat"])
	if su.UBoat != "" && su.UBoat != "historical" {
		n := strings.TrimPrefix(strings.TrimPrefix(su.UBoat, "U-"), "U")
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 || v > 9999 {
			return Setup{}, fmt.Errorf("%w: U-boat number %q: want U-<number>", errSetup, su.UBoat)
		}
		su.UBoat = "U-" + strconv.Itoa(v)
	}
	return su, nil
}

var lastMonth = charts.MonthOf(1943, 6)

// months lists every month a career may start, for autocomplete.
func months() []string {
	var out []string
	for m := charts.MonthOf(1939, 9); m <= lastMonth; m++ {
		out = append(out, m.String())
	}
	return out
}

// New implements engine.Rules.
func (r *Rules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	su, err := r.ParseSetup(setup)
	if err != nil {
		return nil, nil, err
	}
	s, events, err := r.Start(su, d, true)
	if err != nil {
		return nil, nil, err
	}
	return s, events, nil
}

// Start begins a career from a parsed setup.
func (r *Rules) Start(su Setup, d engine.Dice, record bool) (s *State, events []engine.Event, err error) {
	s = &State{pack: r.pack, outlooks: r.outlooks}
	events, err = r.startInto(s, su, d, record)
	if err != nil {
		return nil, nil, err
	}
	return s, events, nil
}

// Restart begins a new simulated career in s, a state of these rules whose
// career is finished with, reusing its buffers (see recycle.go). It plays
// exactly as Start with record false would.
func (r *Rules) Restart(s *State, su Setup, d engine.Dice) error {
	if s.pack != r.pack {
		return fmt.Errorf("hunters: restarting a career of other rules")
	}
	s.scratch.keep = true
	s.recycleCareer()
	_, err := r.startInto(s, su, d, false)
	return err
}

// startInto sets up a new career in the empty state s.
func (r *Rules) startInto(s *State, su Setup, d engine.Dice, record bool) (events []engine.Event, err error) {
	s.Schema, s.Settings = SchemaVersion, su.Settings
	s.running(d, record)
	defer s.ran(&events, &err)
	s.Career = Career{Kommandant: su.Kommandant, Start: su.Start, Month: su.Start, NextPatrol: su.Start,
		PromotionDue: su.Start + 12, Rank: 0,
		Log: s.Career.Log[:0], Sunk: s.Career.Sunk[:0], Boats: s.Career.Boats[:0]} // a restarted state's buffers
	s.Crew.Quality = Trained // 4.4.2
	if s.Settings.Pack {
		s.Pack = &PackMember{}
	}
	s.fitBoat(su.Boat)
	s.Boat.Number = su.UBoat
	if su.UBoat == "" && !s.Settings.on(opt144) {
		s.Boat.Number = "U-" + strconv.Itoa(r.pack.History.UBoatIDs[su.Boat][0][0])
	} else if su.UBoat == "" || su.UBoat == "historical" {
		s.Boat.Number = s.historicalNumber(su.Boat)
	}
	s.say("4.3.1", func() string {
		return fmt.Sprintf("%s takes command of %s, a Type %s, in %s.", s.Career.Kommandant, s.Boat.Number, typeName(su.Boat), su.Start.Label())
	})
	s.startingRank()
	s.toNextPatrol()
	s.advance()
	return s.run.events, nil
}

// HistoricalNumbers are the first n historical numbers of a boat type, in
// the order 14.4.1 lists them (a wolfpack's boats each take one: U-69,
// U-70...); fewer when the type has fewer.
func (r *Rules) HistoricalNumbers(boat string, n int) []string {
	var out []string
	for _, rg := range r.pack.History.UBoatIDs[boat] {
		for v := rg[0]; v <= rg[1] && len(out) < n; v++ {
			out = append(out, "U-"+strconv.Itoa(v))
		}
	}
	return out
}

func typeName(k string) string { return strings.ReplaceAll(k, "_", " ") }

// historicalNumber rolls a historical U-boat number of the type (14.4.1).
func (s *State) historicalNumber(boat string) string {
	ranges := s.pack.History.UBoatIDs[boat]
	total := 0
	for _, r := range ranges {
		total += r[1] - r[0] + 1
	}
	// Pick uniformly with as many d10 as the count needs, rerolling out-of-range picks.
	for {
		v, scale := 0, 1
		for scale < total {
			s.mods()
			r := s.throw("", "14.4.1", "Historical U-boat id (a digit)", "1d10")
			s.emit(r, strconv.Itoa(r.natural%10))
			v = v*10 + r.natural%10
			scale *= 10
		}
		if v < total {
			for _, r := range ranges {
				n := r[1] - r[0] + 1
				if v < n {
					num := "U-" + strconv.Itoa(r[0]+v)
					s.say("14.4.1", func() string { return fmt.Sprintf("Historical U-boat id: %s.", num) })
					return num
				}
				v -= n
			}
		}
	}
}

// startingRank applies 11.2.2.
func (s *State) startingRank() {
	b := s.pack.Mats.Boats[s.Boat.Type]
	y := s.Career.Start.Year()
	switch {
	case b.Family() == "IX" || y <= 1939:
		s.Career.Rank = 1 // Kapitänleutnant
		s.say("11.2.2", func() string { return fmt.Sprintf("Starting rank: %s.", s.rankName()) })
		return
	}
	table := "starting_rank_1942"
	if y == 1940 {
		table = "starting_rank_1940"
	} else if y == 1941 {
		table = "starting_rank_1941"
	}
	s.mods()
	row, _ := s.table(table, "Starting rank")
	if row.Result == "KptLt" {
		s.Career.Rank = 1
	}
	s.say("11.2.2", func() string { return fmt.Sprintf("Starting rank: %s.", s.rankName()) })
}

func (s *State) rankName() string {
	return s.pack.Rules.Ranks.Names[s.pack.Rules.Ranks.Order[s.Career.Rank]]
}

func (s *State) rankKey() string { return s.pack.Rules.Ranks.Order[s.Career.Rank] }
