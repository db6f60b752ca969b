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
		Boats  int `yaml:"boats"`
		Blanks int `yaml:"blanks"`
	} `yaml:"uboat"`
	Escort struct {
		Escorts int `yaml:"escorts"`
		Blanks  int `yaml:"blanks"`
	} `yaml:"escort"`
	// House is every edition of the values the rules lack, oldest first;
	// a match keeps the edition it was dealt with.
	House    []House `yaml:"house"`
	Storms   bool    `yaml:"storms"`
	BadSonar bool    `yaml:"bad_sonar"`
}

// House is one edition of a scenario's house values: the OOB decks' units
// (G1), the escorts' depletion numbers (G2) and the flak number (G3).
type House struct {
	Edition int `yaml:"edition"`
	// Crews are the U-boats by crew, Air and Surface the escorts by
	// quality (N, R, A).
	Crews   map[string]int `yaml:"crews"`
	Air     map[string]int `yaml:"air"`
	Surface map[string]int `yaml:"surface"`
	// FlakHit: flak damages an air escort on 1d20 at or under it plus the
	// flak card (8.1.4, TW-A4).
	FlakHit int `yaml:"flak_hit"`
	// Depletion is 8.5.4's number by escort type (air, surface): an
	// attack roll at or over it leaves that escort unable to attack for
	// the rest of the game, but by 8.5.3; 0 means none.
	Depletion map[string]int `yaml:"depletion"`
}

// house is an edition of the house values (nil: no such edition).
func (sc *Scenario) house(edition int) *House {
	for i := range sc.House {
		if sc.House[i].Edition == edition {
			return &sc.House[i]
		}
	}
	return nil
}

// latest is the edition new matches are dealt with.
func (sc *Scenario) latest() int { return sc.House[len(sc.House)-1].Edition }

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
	if len(s.House) == 0 {
		return fmt.Errorf("scenario %s: no house values", s.ID)
	}
	for i, h := range s.House {
		if h.Edition != i+1 {
			return fmt.Errorf("scenario %s: house values edition %d in place %d (editions are 1, 2, ... in order)", s.ID, h.Edition, i+1)
		}
		if sum(h.Crews) != s.UBoat.Boats {
			return fmt.Errorf("scenario %s, house edition %d: %d crews for %d U-boats", s.ID, h.Edition, sum(h.Crews), s.UBoat.Boats)
		}
		if sum(h.Air)+sum(h.Surface) != s.Escort.Escorts {
			return fmt.Errorf("scenario %s, house edition %d: %d air and surface escorts for %d", s.ID, h.Edition, sum(h.Air)+sum(h.Surface), s.Escort.Escorts)
		}
		for typ, n := range h.Depletion {
			if (typ != Air && typ != Surface) || n < 0 || n > 20 {
				return fmt.Errorf("scenario %s, house edition %d: depletion %s %d (air or surface, 0 for none, else a d20 face)", s.ID, h.Edition, typ, n)
			}
		}
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
