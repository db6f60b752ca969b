package xxi

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// Name is the game's short name and chat command (/xxi).
const Name = "xxi"

// rulesVersion names kaleun's reading of XXI. Change it (and add a row to
// "Rules versions" in docs/auditors/dice.md) whenever a change of this
// package changes what a game replays to: TestRulesVersion fails until
// you do.
const rulesVersion = "xxi/1"

// Rules is XXI with the packs it can play, the first the default.
type Rules struct {
	packs []*content.Pack
}

// NewRules plays the embedded house pack.
func NewRules() (*Rules, error) {
	p, err := content.LoadHousePack()
	if err != nil {
		return nil, err
	}
	return NewRulesWith(p), nil
}

// NewRulesWith plays the given packs (content.Load), the first the default.
func NewRulesWith(packs ...*content.Pack) *Rules { return &Rules{packs: packs} }

// Name implements engine.Rules.
func (r *Rules) Name() string { return Name }

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion }

// Pack finds a pack by id, or by its SHA-256 (whole, or a prefix of 8 or
// more hex digits).
func (r *Rules) Pack(name string) (*content.Pack, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return r.packs[0], nil
	}
	for _, p := range r.packs {
		if p.Meta.ID == name || len(name) >= 8 && strings.HasPrefix(p.SHA256, name) {
			return p, nil
		}
	}
	var have []string
	for _, p := range r.packs {
		have = append(have, fmt.Sprintf("%s (sha256 %s)", p.Meta.ID, p.SHA256[:12]))
	}
	return nil, fmt.Errorf("no pack %q here (this kaleun has %s)", name, strings.Join(have, ", "))
}

// setupKeys are the answers New reads.
var setupKeys = []string{"pack", "draws", "rulings"}

// SetupFields implements engine.SetupForm.
func (r *Rules) SetupFields() []engine.SetupField {
	var packs []string
	for _, p := range r.packs {
		packs = append(packs, p.Meta.ID)
	}
	return []engine.SetupField{
		{Key: "pack", Label: "Content pack", Default: r.packs[0].Meta.ID, Suggestions: packs,
			Help:  "by id or SHA-256: the map and counters the rulebook does not print; the house pack is house content, not the publisher's",
			Check: func(answer string, _ map[string]string) error { _, err := r.Pack(answer); return err }},
		{Key: "draws", Label: "Counter draws: kaleun's cup, or your own", Default: DrawsCup, Flag: "draws",
			Help: "physical: you draw from your own cup and tell the bot what came up; everything else is as with kaleun's cup",
			Options: []engine.Option{{Key: DrawsCup, Label: "Kaleun's cup: each blind draw is a logged die", Case: "4.0"},
				{Key: DrawsPhysical, Label: "My own cup: I draw and tell the bot", Case: "4.0"}}},
		{Key: "rulings", Label: "Rulings, comma-separated, e.g. A4=one_roll,A9=not_allowed", Flag: "rulings",
			Help: "the digest's XXI-A1..A22 (`variants` lists them with the one in force); empty: every default", Menu: rulingsMenu(), Check: checkRulings},
	}
}

// New implements engine.Rules: the game set up as 13.0 says, then the
// first turn's phases up to its first decision.
func (r *Rules) New(raw []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	in := map[string]string{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &in); err != nil {
			return nil, nil, fmt.Errorf("xxi setup: want a JSON object of strings: %w", err)
		}
	}
	var unknown []string
	for k := range in {
		if !slices.Contains(setupKeys, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, nil, fmt.Errorf("xxi setup: unknown %s (the answers are %s)", strings.Join(unknown, ", "), strings.Join(setupKeys, ", "))
	}
	p, err := r.Pack(in["pack"])
	if err != nil {
		return nil, nil, fmt.Errorf("xxi setup: %w", err)
	}
	info := SetupInfo{Pack: p.Meta.ID, PackSHA256: p.SHA256, Draws: strings.ToLower(strings.TrimSpace(in["draws"]))}
	switch info.Draws {
	case "":
		info.Draws = DrawsCup
	case DrawsCup, DrawsPhysical:
	default:
		return nil, nil, fmt.Errorf("xxi setup: draws %q is not %s (kaleun's cup) or %s (your own)", info.Draws, DrawsCup, DrawsPhysical)
	}
	if info.Rulings, err = parseRulings(in["rulings"]); err != nil {
		return nil, nil, fmt.Errorf("xxi setup: %w", err)
	}
	s := &State{Schema: SchemaVersion, Setup: info, GWT: -1, rules: r, pack: p}
	events, err := s.run(d, func() {
		s.note("13.0", "Content: pack %s, %q (SHA-256 %s). %s.", p.Meta.ID, p.Meta.Name, p.SHA256, s.label())
		s.setUp()
	})
	if err != nil {
		return nil, nil, err
	}
	return s, events, nil
}

// Decode implements engine.Rules. A saved game names its pack by SHA-256:
// another pack, even of the same id, is refused, so that a game goes on
// (and its log verifies) only with the content it began with.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("xxi: reading saved state: %w", err)
	}
	if s.Schema != SchemaVersion {
		return nil, fmt.Errorf("xxi: saved state has schema %d, this kaleun reads schema %d", s.Schema, SchemaVersion)
	}
	for _, p := range r.packs {
		if p.SHA256 == s.Setup.PackSHA256 {
			s.pack = p
		}
	}
	if s.pack == nil {
		return nil, fmt.Errorf("xxi: the game was played with pack %s (SHA-256 %s), which this kaleun does not have", s.Setup.Pack, s.Setup.PackSHA256)
	}
	s.rules = r
	return &s, nil
}
