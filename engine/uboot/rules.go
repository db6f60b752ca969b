package uboot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Name is the game's short name.
const Name = "uboot"

// SchemaVersion is the encoded State's version.
const SchemaVersion = 1

const rulesVersion = "uboot/4"

// Rules is U-BOOT's board with the packs it can play, the first the
// default.
type Rules struct{ packs []*Pack }

// NewRules plays the embedded house pack.
func NewRules() *Rules {
	p, err := LoadHousePack()
	if err != nil {
		panic("uboot: the embedded house pack: " + err.Error()) // a build mistake, held by its test
	}
	return NewRulesWith(p)
}

// NewRulesWith plays the packs given, the first the default.
func NewRulesWith(packs ...*Pack) *Rules { return &Rules{packs: packs} }

// Name implements engine.Rules.
func (r *Rules) Name() string { return Name }

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion }

// pack finds a pack by id ("" the default).
func (r *Rules) pack(id string) (*Pack, error) {
	if id == "" {
		return r.packs[0], nil
	}
	var have []string
	for _, p := range r.packs {
		if p.Meta.ID == id || p.SHA256 == id {
			return p, nil
		}
		have = append(have, p.Meta.ID)
	}
	return nil, fmt.Errorf("no pack %q here (this kaleun has %s)", id, strings.Join(have, ", "))
}

var difficulties = []engine.Option{
	{Key: "easy", Label: "Easy", Case: "1.3"},
	{Key: "medium", Label: "Medium", Case: "1.3"},
	{Key: "hard", Label: "Hard", Case: "1.3"},
}

// setupFields is the set-up (§5): the mode and the difficulties are those
// chosen in the app (§5.3); the board uses the Captain's (§6.5, §6.6.1,
// §7.3) and records the others, whose rules are the app's alone (§1.3).
func (r *Rules) setupFields() []engine.SetupField {
	var packs []string
	for _, p := range r.packs {
		packs = append(packs, p.Meta.ID)
	}
	diff := func(role string) engine.SetupField {
		return engine.SetupField{Key: role, Label: roleNames[role] + "'s difficulty (as chosen in the app)", Options: difficulties, Default: "medium",
			Help: "§1.3, §5.3: the board uses the Captain's (activation costs §6.5, excess activations §6.6.1); the others' rules are in the app"}
	}
	return []engine.SetupField{
		{Key: "mode", Label: "Game mode (as chosen in the app)", Default: "single", Help: "§4.3, §8.6: linked and campaign play add medkit tokens",
			Options: []engine.Option{{Key: "single", Label: "Single mission"}, {Key: "linked", Label: "Linked missions"}, {Key: "campaign", Label: "Campaign"}}},
		diff("captain"), diff("fo"), diff("nav"), diff("ce"),
		{Key: "players", Label: "Players at the table", Default: "4", Help: "§5.1: with fewer than 4, per-player rules are per role (ruling per-role)",
			Options: []engine.Option{{Key: "1", Label: "1"}, {Key: "2", Label: "2"}, {Key: "3", Label: "3"}, {Key: "4", Label: "4"}}},
		{Key: "missions", Label: "Missions after the first (linked or campaign)", Default: "0", Help: "§5.2 step 7: 1 medkit token per extra mission",
			Check: func(a string, _ map[string]string) error { _, err := atoiIn(a, 0, 20); return err }},
		{Key: "simple", Label: "Simple watch change (optional rule, easy roles only)", Default: "off", Help: "§6.8: a role on easy slides its crew tile instead of flipping it: its figures keep their icons from watch to watch",
			Options: []engine.Option{{Key: "off", Label: "Off: every crew tile flips", Case: "6.8"}, {Key: "on", Label: "On: the easy roles slide their tiles", Case: "6.8"}}},
		{Key: "cards", Label: "The morale, event and wound cards", Default: "pack", Help: "own: draw your own copy's cards and enter each the first time it comes up (§7.3, §8.7, §8.8)",
			Options: []engine.Option{{Key: "pack", Label: "The pack's, drawn by the board"}, {Key: "own", Label: "Your own decks, each card entered the first time it is drawn"}}},
		{Key: "rulings", Label: "Rulings (name=value, comma-separated)", Default: "", Help: "the ambiguities of digest §15; `variants` lists them and their values",
			Check: func(a string, _ map[string]string) error { _, err := parseRulings(a); return err }},
		{Key: "pack", Label: "Content pack", Default: r.packs[0].Meta.ID, Suggestions: packs, Help: "by id or SHA-256; the house pack is invented content",
			Check: func(a string, _ map[string]string) error { _, err := r.pack(a); return err }},
	}
}

// SetupFields implements engine.SetupForm.
func (r *Rules) SetupFields() []engine.SetupField { return r.setupFields() }

func atoiIn(a string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(a))
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%q: want a number from %d to %d", a, lo, hi)
	}
	return n, nil
}

// New implements engine.Rules: the board as §5.2 sets it up.
func (r *Rules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	in := map[string]string{}
	if len(setup) > 0 {
		if err := json.Unmarshal(setup, &in); err != nil {
			return nil, nil, fmt.Errorf("uboot setup: want a JSON object of strings: %w", err)
		}
	}
	fields := r.setupFields()
	answers := map[string]string{}
	for k := range in {
		found := false
		for _, f := range fields {
			found = found || f.Key == k
		}
		if !found {
			return nil, nil, fmt.Errorf("uboot setup: no question %q", k)
		}
	}
	for _, f := range fields {
		a, err := f.CheckAnswer(in[f.Key], answers)
		if err != nil {
			return nil, nil, fmt.Errorf("uboot setup: %w", err)
		}
		if a == "" {
			a = f.Default
		}
		answers[f.Key] = a
	}
	p, _ := r.pack(answers["pack"])
	rulings, _ := parseRulings(answers["rulings"])
	players, _ := strconv.Atoi(answers["players"])
	extra, _ := atoiIn(answers["missions"], 0, 20)
	s := newState(r, p, answers, rulings, players, extra)
	evs, err := s.setUp(d)
	if err != nil {
		return nil, nil, err
	}
	return s, evs, nil
}

// Decode implements engine.Rules.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("uboot state: %w", err)
	}
	if s.Schema != SchemaVersion {
		return nil, fmt.Errorf("uboot state: schema %d, this kaleun reads %d", s.Schema, SchemaVersion)
	}
	p, err := r.pack(s.PackSHA)
	if err != nil {
		return nil, fmt.Errorf("uboot state: played with pack %s (%s): %w", s.Pack, s.PackSHA, err)
	}
	s.r, s.p = r, p
	return &s, nil
}
