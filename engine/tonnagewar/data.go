package tonnagewar

import (
	"embed"
	"errors"
	"fmt"

	"gopkg.in/yaml.v3"
)

// The game's data: its tactical decks (12.1), unit values (12.2) and the HX
// 228 scenario, embedded and checked when loaded.

//go:embed data/*.yaml
var embedded embed.FS

// CardKind is a tactical card's action.
type CardKind string

// The tactical cards (12.1).
const (
	SpecialContact CardKind = "special_contact"
	Contact        CardKind = "contact"
	Attack         CardKind = "attack"
	Evade          CardKind = "evade"
	BDienst        CardKind = "bdienst"
	Flak           CardKind = "flak"
	EvasiveRouting CardKind = "evasive_routing"
	EscortAttack   CardKind = "escort_attack"
	HFDF           CardKind = "hfdf"
	AirPatrol      CardKind = "air_patrol"
)

// cardLine is one line of the card chart.
type cardLine struct {
	Kind  CardKind `yaml:"kind"`
	Ranks []string `yaml:"ranks"`
	Suit  string   `yaml:"suit"`
	Rolls int      `yaml:"rolls"`
	Mod   int      `yaml:"mod"`
	Group int      `yaml:"group"`
	Label string   `yaml:"label"`
	Case  string   `yaml:"case"`
}

type cardChart struct {
	ID     string     `yaml:"id"`
	UBoat  []cardLine `yaml:"uboat"`
	Escort []cardLine `yaml:"escort"`
}

// UnitValue is one row of the unit values.
type UnitValue struct {
	Attack        int `yaml:"attack"`
	Evade         int `yaml:"evade"`
	Detect        int `yaml:"detect"`
	HFDF          int `yaml:"hfdf"`
	DamagedPoints int `yaml:"damaged_points"`
	SunkPoints    int `yaml:"sunk_points"`
}

type unitChart struct {
	ID      string               `yaml:"id"`
	UBoat   map[string]UnitValue `yaml:"uboat"`
	Air     map[string]UnitValue `yaml:"air"`
	Surface map[string]UnitValue `yaml:"surface"`
}

// Scenario is a scenario's decks and conditions.
type Scenario struct {
	ID    string `yaml:"id"`
	Name  string `yaml:"name"`
	UBoat struct {
		Boats  int            `yaml:"boats"`
		Blanks int            `yaml:"blanks"`
		Crews  map[string]int `yaml:"crews"`
	} `yaml:"uboat"`
	Escort struct {
		Escorts int            `yaml:"escorts"`
		Blanks  int            `yaml:"blanks"`
		Air     map[string]int `yaml:"air"`
		Surface map[string]int `yaml:"surface"`
	} `yaml:"escort"`
	FlakHit   int  `yaml:"flak_hit"`
	Depletion int  `yaml:"depletion"`
	Storms    bool `yaml:"storms"`
	BadSonar  bool `yaml:"bad_sonar"`
}

// Data is everything the game reads.
type Data struct {
	cards    cardChart
	Units    unitChart
	Scenario Scenario
}

// LoadData reads and checks the embedded data.
func LoadData() (*Data, error) {
	d := &Data{}
	for _, f := range []struct {
		name string
		into any
	}{{"cards", &d.cards}, {"units", &d.Units}, {"hx228", &d.Scenario}} {
		b, err := embedded.ReadFile("data/" + f.name + ".yaml")
		if err != nil {
			return nil, fmt.Errorf("tonnagewar data: %w", err)
		}
		if err := yaml.Unmarshal(b, f.into); err != nil {
			return nil, fmt.Errorf("tonnagewar data: %s: %w", f.name, err)
		}
	}
	if err := d.validate(); err != nil {
		return nil, fmt.Errorf("tonnagewar data: %w", err)
	}
	return d, nil
}

// ranks are a deck's thirteen ranks.
var ranks = []string{"A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"}

// validate checks that each side's chart is a whole deck: every suit
// thirteen cards, each rank once per suit; and that the scenario's units
// add up to its decks.
func (d *Data) validate() error {
	for side, lines := range map[string][]cardLine{"uboat": d.cards.UBoat, "escort": d.cards.Escort} {
		seen := map[string]bool{}
		for _, l := range lines {
			if l.Kind == "" || l.Label == "" || l.Case == "" {
				return fmt.Errorf("cards: a %s line lacks its kind, label or case", side)
			}
			for _, r := range l.Ranks {
				key := l.Suit + r
				if seen[key] || !contains(ranks, r) {
					return fmt.Errorf("cards: %s %s%s is not a single card of the deck", side, r, l.Suit)
				}
				seen[key] = true
			}
		}
		if len(seen) != 52 {
			return fmt.Errorf("cards: the %s deck has %d cards, want 52", side, len(seen))
		}
	}
	for _, q := range []string{"N", "R", "A"} {
		if _, ok := d.Units.UBoat[q]; !ok {
			return fmt.Errorf("units: no %s U-boat", q)
		}
		if _, ok := d.Units.Air[q]; !ok {
			return fmt.Errorf("units: no %s air escort", q)
		}
		if _, ok := d.Units.Surface[q]; !ok {
			return fmt.Errorf("units: no %s surface escort", q)
		}
	}
	s := d.Scenario
	if sum(s.UBoat.Crews) != s.UBoat.Boats {
		return fmt.Errorf("scenario %s: %d crews for %d U-boats", s.ID, sum(s.UBoat.Crews), s.UBoat.Boats)
	}
	if sum(s.Escort.Air)+sum(s.Escort.Surface) != s.Escort.Escorts {
		return fmt.Errorf("scenario %s: %d air and surface escorts for %d", s.ID, sum(s.Escort.Air)+sum(s.Escort.Surface), s.Escort.Escorts)
	}
	if s.UBoat.Boats+s.UBoat.Blanks < handOOB || s.Escort.Escorts+s.Escort.Blanks < handOOB {
		return errors.New("scenario: an OOB deck smaller than a hand")
	}
	return nil
}

func sum(m map[string]int) int {
	t := 0
	for _, v := range m {
		t += v
	}
	return t
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
