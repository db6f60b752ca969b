package uboatleader

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Rules is U-Boat Leader with the packs it can play.
type Rules struct {
	packs []*Pack
}

// NewRules loads the embedded house pack.
func NewRules() (*Rules, error) {
	p, err := LoadHousePack()
	if err != nil {
		return nil, err
	}
	return NewRulesWith(p), nil
}

// NewRulesWith plays the given packs; the first is the default. This is
// the door for the owner's own pack: load it with LoadPack and pass it here
// (cmd/kaleun does not yet offer a flag for it).
func NewRulesWith(packs ...*Pack) *Rules { return &Rules{packs: packs} }

// Name implements engine.Rules; it is also the chat command (/uboatleader).
func (r *Rules) Name() string { return "uboatleader" }

// ScoreUnit implements engine.Scored: the score is Victory Points.
func (r *Rules) ScoreUnit() string { return "VP" }

// Pack finds a pack by name, or by its SHA-256 (the whole hex digest or a
// prefix of at least 8 characters).
func (r *Rules) Pack(name string) (*Pack, error) {
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

// SetupFields implements engine.SetupForm.
func (r *Rules) SetupFields() []engine.SetupField {
	p := r.packs[0]
	var camps []engine.Option
	seen := map[string]bool{}
	for _, q := range r.packs {
		for _, c := range q.Campaigns {
			if seen[c.ID] {
				continue
			}
			seen[c.ID] = true
			label := fmt.Sprintf("%s (%s - %s)", c.Name, c.Start, c.End)
			if len(r.packs) > 1 {
				label += " · pack " + q.Meta.ID
			}
			camps = append(camps, engine.Option{Key: c.ID, Label: label})
		}
	}
	var packs []string
	for _, q := range r.packs {
		packs = append(packs, q.Meta.ID)
	}
	return []engine.SetupField{
		{Key: "campaign", Label: "Campaign", Options: camps, Help: "UBL-2; default: the pack's first; the house campaigns are house content, not the publisher's", Flag: "campaign"},
		{Key: "length", Label: "Length", Default: "short", Help: "UBL-2: patrols per U-boat and starting SO", Flag: "length",
			Options: []engine.Option{{Key: "short", Label: "Short"}, {Key: "medium", Label: "Medium"}, {Key: "long", Label: "Long"}}},
		{Key: "kommandant", Label: "Fleet commander's name", Flag: "name"},
		{Key: "rules", Label: "Optional rules and rulings, comma-separated, e.g. xxi,snorkel,deep_dive=example", Help: "UBL-9 (xxi, snorkel, random_fleet, linked) and the rulings of `variants`", Menu: rulesMenu(), Flag: "rules", Check: checkRules},
		{Key: "pack", Label: "Content pack", Default: p.Meta.ID, Suggestions: packs, Help: "by name or SHA-256; the house pack is the sample",
			Check: func(answer string, _ map[string]string) error { _, err := r.Pack(answer); return err }},
		{Key: "draws", Label: "Cards: the pack's decks, or your own", Default: DrawsDeck, Help: "physical: you draw from your own decks and enter each card; the pack gives the maps, sheets, display and U-boats", Flag: "draws",
			Options: []engine.Option{{Key: DrawsDeck, Label: "The pack's decks, shuffled by the dice"}, {Key: DrawsPhysical, Label: "My own cards: I draw and tell the bot"}}},
	}
}

// parseRules reads the rules answer: optional rules (UBL-9) and rulings
// (name=value), comma-separated.
func parseRules(list string) (optional []string, rulings map[string]string, err error) {
	var opt, rul []string
	for _, item := range strings.Split(list, ",") {
		if strings.Contains(item, "=") {
			rul = append(rul, item)
		} else {
			opt = append(opt, item)
		}
	}
	if optional, err = parseOptional(strings.Join(opt, ",")); err != nil {
		return nil, nil, err
	}
	if rulings, err = parseRulings(strings.Join(rul, ",")); err != nil {
		return nil, nil, err
	}
	return optional, rulings, nil
}

// checkRules checks a rules answer when it is given (SetupField.Check).
func checkRules(answer string, _ map[string]string) error {
	_, _, err := parseRules(answer)
	return err
}

// setupKeys are the answers New reads.
var setupKeys = []string{"campaign", "length", "kommandant", "rules", "pack", "draws"}

// New implements engine.Rules: the campaign's decks are built and shuffled
// (UBL-2 "Preparazione dei Mazzi") and the fleet purchase begins.
func (r *Rules) New(raw []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	var in map[string]string
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, nil, fmt.Errorf("uboatleader setup: want a JSON object of strings: %w", err)
	}
	var unknown []string
	for k := range in {
		if !contains(setupKeys, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, nil, fmt.Errorf("uboatleader setup: unknown %s (the answers are %s)", strings.Join(unknown, ", "), strings.Join(setupKeys, ", "))
	}
	p, err := r.Pack(in["pack"])
	if err != nil {
		return nil, nil, fmt.Errorf("uboatleader setup: %w", err)
	}
	info := SetupInfo{Campaign: strings.TrimSpace(in["campaign"]), Length: strings.ToLower(strings.TrimSpace(in["length"])),
		Pack: p.Meta.ID, PackSHA256: p.SHA256, Draws: strings.ToLower(strings.TrimSpace(in["draws"])), Commander: strings.TrimSpace(in["kommandant"])}
	switch info.Draws {
	case "":
		info.Draws = DrawsDeck
	case DrawsDeck, DrawsPhysical:
	default:
		return nil, nil, fmt.Errorf("uboatleader setup: draws %q is not %s (the pack's decks) or %s (your own cards)", info.Draws, DrawsDeck, DrawsPhysical)
	}
	if info.Campaign == "" {
		info.Campaign = p.Campaigns[0].ID
	}
	if p.Campaign(info.Campaign) == nil {
		return nil, nil, fmt.Errorf("uboatleader setup: no campaign %q in pack %s (one of %s)", info.Campaign, p.Meta.ID, strings.Join(p.CampaignIDs(), ", "))
	}
	if info.Length == "" {
		info.Length = "short"
	}
	if !contains(lengthKeys, info.Length) {
		return nil, nil, fmt.Errorf("uboatleader setup: length %q is not short, medium or long", info.Length)
	}
	if info.Optional, info.Rulings, err = parseRules(in["rules"]); err != nil {
		return nil, nil, fmt.Errorf("uboatleader setup: %w", err)
	}
	if len(info.Rulings) == 0 {
		info.Rulings = nil
	}
	if contains(info.Optional, "linked") {
		info.Campaign = p.Campaigns[0].ID // UBL-9.4: the series starts with the first
	}
	s := &State{Schema: SchemaVersion, Setup: info, Campaign: info.Campaign, rules: r, pack: p}
	events, err := s.run(d, func() {
		s.emit(engine.Event{Kind: engine.KindNote, Case: "UBL-2", Text: fmt.Sprintf("Content: pack %s, %q (SHA-256 %s). %s",
			p.Meta.ID, p.Meta.Name, p.SHA256, strings.TrimSpace(p.Meta.Label))})
		s.push(Step{Op: "campaign_begin"})
		s.advance()
	})
	if err != nil {
		return nil, nil, err
	}
	return s, events, nil
}

// Decode implements engine.Rules. A saved game names its pack by SHA-256:
// if that pack is not loaded (it changed, or it is the owner's and absent),
// the game cannot go on, and says why.
func (r *Rules) Decode(data []byte) (engine.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("uboatleader: reading saved state: %w", err)
	}
	if s.Schema != SchemaVersion {
		return nil, fmt.Errorf("uboatleader: saved state has schema %d, this kaleun reads schema %d", s.Schema, SchemaVersion)
	}
	for _, p := range r.packs {
		if p.SHA256 == s.Setup.PackSHA256 {
			s.pack = p
		}
	}
	if s.pack == nil {
		return nil, fmt.Errorf("uboatleader: the game was played with pack %s (SHA-256 %s), which this kaleun does not have", s.Setup.Pack, s.Setup.PackSHA256)
	}
	s.rules = r
	return &s, nil
}

// Outcome implements engine.State: the campaign's VP and grade (UBL-8).
func (s *State) Outcome() *engine.Outcome {
	if !s.Done || len(s.Results) == 0 {
		return nil
	}
	last := s.Results[len(s.Results)-1]
	total, lost, sunk := 0, 0, 0
	for _, r := range s.Results {
		total += r.VP
		lost += r.Lost
		sunk += r.Sunk
	}
	o := &engine.Outcome{Score: total, Level: strings.ToLower(last.Grade)}
	if len(s.Results) == 1 {
		o.Summary = fmt.Sprintf("%s, %s campaign: %d VP, %s (UBL-8). %s sunk, %s lost. [%s]",
			s.pack.Campaign(last.Campaign).Name, s.Setup.Length, last.VP, last.Grade, count(last.Sunk, "ship"), count(last.Lost, "U-boat"), strings.TrimSpace(s.pack.Meta.Label))
	} else {
		var parts []string
		for _, r := range s.Results {
			parts = append(parts, fmt.Sprintf("%s %d VP %s", s.pack.Campaign(r.Campaign).Name, r.VP, r.Grade))
		}
		o.Summary = fmt.Sprintf("Linked campaigns (UBL-9.4): %s; %d VP in all. [%s]", strings.Join(parts, "; "), total, strings.TrimSpace(s.pack.Meta.Label))
	}
	for _, r := range s.Results {
		o.Fields = append(o.Fields, engine.Field{Name: s.pack.Campaign(r.Campaign).Name, Value: fmt.Sprintf("%d VP, %s; %s sunk, %s lost, %s", r.VP, r.Grade, count(r.Sunk, "ship"), count(r.Lost, "U-boat"), count(r.Turns, "turn"))})
	}
	o.Fields = append(o.Fields, engine.Field{Name: "U-boats lost", Value: fmt.Sprint(lost)}, engine.Field{Name: "Ships sunk", Value: fmt.Sprint(sunk)},
		engine.Field{Name: "Pack", Value: fmt.Sprintf("%s (SHA-256 %s)", s.pack.Meta.ID, s.pack.SHA256)})
	return o
}
