package tonnagewar

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Rules is Tonnage War.
type Rules struct {
	data *Data
	// cats are the cards and units of each edition of the house values.
	cats map[int]*catalog
}

// NewRules loads the game's data.
func NewRules() (*Rules, error) {
	d, err := LoadData()
	if err != nil {
		return nil, err
	}
	r := &Rules{data: d, cats: map[int]*catalog{}}
	for i := range d.Scenario.House {
		h := &d.Scenario.House[i]
		r.cats[h.Edition] = newCatalog(d, h)
	}
	return r, nil
}

// Name implements engine.Rules.
func (r *Rules) Name() string { return "tonnagewar" }

// Seats implements engine.Seated: "a" challenges, "b" accepts.
func (r *Rules) Seats() []string { return Seats[:] }

// Ruling is a named choice where the draft rules are ambiguous or garbled
// (the digest's TW-A ids): the default, and the values it may take.
type Ruling struct {
	Key, Default, Case, Settles string
	Values                      []string
}

// rulings are the choices a match may change.
var rulings = []Ruling{
	{Key: "convoy_die", Default: "d20", Values: []string{"d20", "d10"}, Case: "8.2 (TW-A1)",
		Settles: "8.2 says the convoy attack rolls 1D10; every other roll, and the designer's list of components, is a d20"},
	{Key: "hfdf_adjust", Default: "to_evasion", Values: []string{"to_evasion", "to_detection"}, Case: "12.2 (TW-A3)",
		Settles: "the surface escorts' '+3/+2/+1 to HF/DF detection': added to the U-boat's evasion target (as the Detect column it annotates), or taken from it"},
	{Key: "air_patrol_pull", Default: "deck", Values: []string{"deck", "hand"}, Case: "7.3.2 (TW-A6)",
		Settles: "where 7.3.2's random card comes from: the U-boat OOB deck, as written, or the hand"},
	{Key: "escort_damage_scores", Default: "yes", Values: []string{"yes", "no"}, Case: "12 (TW-A22)",
		Settles: "12 both scores damaged escorts and says players 'not do receive points for damage to escorts'"},
	{Key: "continuation_attrition", Default: "off", Values: []string{"off", "on"}, Case: "11.1, 11.2 (TW-A13)",
		Settles: "the bracketed playtest rules: escorts that make a continuation attack leave play for good, and so do U-boats detected in one"},
	{Key: "escort_blanks", Default: "hand", Values: []string{"hand", "discard"}, Case: "11 (TW-A14)",
		Settles: "an escort player's blank, once revealed: back to his OOB hand with its group, or out of play like the U-boat player's (11.3)"},
	{Key: "match_win", Default: "uboat_games", Values: []string{"uboat_games", "same_game"}, Case: "12 (TW-A24)",
		Settles: "a win needs more points 'than his opponent as the U-boat player': his U-boat game against the opponent's U-boat game, or against the opponent's escort score in the same game"},
}

// Rulings lists the rulings with their defaults.
func Rulings() []Ruling { return append([]Ruling(nil), rulings...) }

// parseRulings reads "key=value,key=value".
func parseRulings(list string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.Split(list, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("ruling %q: want name=value", kv)
		}
		var r *Ruling
		for i := range rulings {
			if rulings[i].Key == k {
				r = &rulings[i]
			}
		}
		if r == nil {
			var keys []string
			for _, x := range rulings {
				keys = append(keys, x.Key)
			}
			return nil, fmt.Errorf("no ruling %q (one of %s)", k, strings.Join(keys, ", "))
		}
		if !contains(r.Values, v) {
			return nil, fmt.Errorf("ruling %s=%s: one of %s", k, v, strings.Join(r.Values, ", "))
		}
		out[k] = v
	}
	return out, nil
}

func (s *State) ruling(key string) string {
	if v, ok := s.Rulings[key]; ok {
		return v
	}
	for _, r := range rulings {
		if r.Key == key {
			return r.Default
		}
	}
	panic("tonnagewar: unknown ruling " + key)
}

// SeatQuestion is how a set-up at one keyboard asks a seat's player's name
// (the descriptor's Words.FirstSeat): a player is named by the
// side he sails first (12), and a seat left unnamed is "Player A" as in New.
func (r *Rules) SeatQuestion(seat string) (label, defaultName string) {
	first := "the U-boats in game 1, the escorts in game 2"
	if seat == Seats[1] {
		first = "the escorts in game 1, the U-boats in game 2"
	}
	return "Your name (you sail " + first + ", 12)", "Player " + strings.ToUpper(seat)
}

// SetupFields implements engine.SetupForm.
func (r *Rules) SetupFields() []engine.SetupField {
	return []engine.SetupField{
		{Key: "b", Label: "Opponent", Type: engine.FieldUser, Required: true, Help: "12: two games, the roles swapped", Flag: "opponent"},
		{Key: "scenario", Label: "Scenario", Default: "hx228", Options: []engine.Option{{Key: "hx228", Label: r.data.Scenario.Name}}},
		{Key: "rulings", Label: "Rulings, e.g. convoy_die=d10", Help: "see `variants` and docs/players/tonnagewar.md", Flag: "rulings",
			Check: func(answer string, _ map[string]string) error { _, err := parseRulings(answer); return err }},
	}
}

// New implements engine.Rules: the decks are shuffled and dealt for the
// first game, seat a sailing the U-boats (3, 12).
func (r *Rules) New(raw []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	var in map[string]string
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, nil, fmt.Errorf("tonnagewar setup: want a JSON object of strings: %w", err)
	}
	known := map[string]bool{"a": true, "b": true, "scenario": true, "rulings": true}
	var unknown []string
	for k := range in {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, nil, fmt.Errorf("tonnagewar setup: unknown %s", strings.Join(unknown, ", "))
	}
	if sc := in["scenario"]; sc != "" && sc != "hx228" {
		return nil, nil, fmt.Errorf("tonnagewar setup: no scenario %q (hx228 is the only one)", sc)
	}
	rl, err := parseRulings(in["rulings"])
	if err != nil {
		return nil, nil, fmt.Errorf("tonnagewar setup: %w", err)
	}
	edition := r.data.Scenario.latest()
	s := &State{Schema: SchemaVersion, Rulings: rl, House: edition, rules: r, cat: r.cats[edition]}
	for i, seat := range Seats {
		s.Names[i] = strings.TrimSpace(in[seat])
		if s.Names[i] == "" {
			s.Names[i] = "Player " + strings.ToUpper(seat)
		}
	}
	events, err := s.run(d, func() { s.startGame(1) })
	if err != nil {
		return nil, nil, err
	}
	house := engine.Event{Kind: engine.KindNote, Case: "HX 228", Text: "House values, Kaleun's and not the published game's (the rules lack them), " + s.house().describe() + "."}
	return s, append([]engine.Event{house}, events...), nil
}

// describe is an edition of the house values in words.
func (h *House) describe() string {
	mix := func(m map[string]int) string {
		return fmt.Sprintf("%d Novice, %d Regular, %d Ace", m["N"], m["R"], m["A"])
	}
	dep := "no escort depletion numbers (8.5.4 never applies)"
	if h.Depletion[Air] > 0 || h.Depletion[Surface] > 0 {
		dep = fmt.Sprintf("escort depletion numbers air %d, surface %d (8.5.4: an attack roll at or over it, and that escort attacks no more but by gunfire or ramming; 0 is none)", h.Depletion[Air], h.Depletion[Surface])
	}
	return fmt.Sprintf("edition %d: U-boat crews %s; escorts air %s, surface %s; %s; flak hits an air escort on 1d20 ≤ %d + the flak card (8.1.4)",
		h.Edition, mix(h.Crews), mix(h.Air), mix(h.Surface), dep, h.FlakHit)
}

// Decode implements engine.Rules.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("tonnagewar: reading saved state: %w", err)
	}
	if s.Schema != SchemaVersion {
		return nil, fmt.Errorf("tonnagewar: saved state has schema %d, this kaleun reads schema %d", s.Schema, SchemaVersion)
	}
	if s.House == 0 {
		s.House = 1 // saved before the house values had editions: it was dealt with the first
	}
	cat := r.cats[s.House]
	if cat == nil {
		return nil, fmt.Errorf("tonnagewar: saved state was dealt with house values edition %d, this kaleun knows editions 1 to %d", s.House, r.data.Scenario.latest())
	}
	if len(s.Units) != len(cat.units) {
		return nil, fmt.Errorf("tonnagewar: saved state has %d units, the scenario %d", len(s.Units), len(cat.units))
	}
	s.rules, s.cat = r, cat
	return &s, nil
}
