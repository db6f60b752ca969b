// Package charts is The Hunters' data pack: every chart of the Player Aid
// Cards, the display mats and the small tables printed in the rulebook, one
// YAML file per chart, embedded in the binary. A server operator may supply a
// corrected pack (a directory with the same files); Load validates it before
// any game uses it.
package charts

import (
	"embed"
	"fmt"
	"io/fs"
	"strconv"

	"gopkg.in/yaml.v3"
)

//go:embed data/*.yaml
var embedded embed.FS

// Pack holds every chart a Hunters game reads.
type Pack struct {
	P1 PatrolChart
	E1 EncounterChart
	E2 DetectionChart
	E3 AttackChart
	E4 DamageChart
	E5 RepairChart
	U1 FireChart
	U2 DudChart
	U3 AttackDamageChart
	A1 AircraftChart
	A2 FlakChart
	R1 RandomEventChart
	T1 Roster
	T2 Roster
	T3 Roster
	T4 NorthAmericaRoster
	T5 Roster
	// T6, T7 and U4 are charts the pack knows to be missing (see docs/contributors/data-gaps.md).
	T6      MissingChart
	T7      MissingChart
	U4      MissingChart
	Mats    Mats
	Rules   RuleTables
	History History
}

// DiceTable is a rulebook table in chart form.
type DiceTable struct {
	Case      string    `yaml:"case"`
	Dice      string    `yaml:"dice"`
	Rows      Rows      `yaml:"rows"`
	Modifiers Modifiers `yaml:"modifiers"`
}

// Decoration is one grade of the Knight's Cross (11.3).
type Decoration struct {
	Key           string `yaml:"key"`
	Name          string `yaml:"name"`
	TotalTons     int    `yaml:"total_tons"`
	SincePrevious int    `yaml:"since_previous"`
	Case          string `yaml:"case"`
}

// RuleTables are the rulebook's own tables.
type RuleTables struct {
	ID         string `yaml:"id"`
	StartDates struct {
		Rows []struct {
			Date  Month    `yaml:"date"`
			Types []string `yaml:"types"`
		} `yaml:"rows"`
		VIIAWithdrawn Month `yaml:"viia_withdrawn"`
	} `yaml:"start_dates"`
	Ranks struct {
		Order []string          `yaml:"order"`
		Names map[string]string `yaml:"names"`
	} `yaml:"ranks"`
	Tables        map[string]*DiceTable `yaml:"tables"`
	VictoryLevels struct {
		Case string `yaml:"case"`
		Rows Rows   `yaml:"rows"`
	} `yaml:"victory_levels"`
	Decorations struct {
		Levels []Decoration `yaml:"levels"`
	} `yaml:"decorations"`
	StandardTonnage struct {
		SmallFreighter int `yaml:"small_freighter"`
		LargeFreighter int `yaml:"large_freighter"`
		Tanker         int `yaml:"tanker"`
	} `yaml:"standard_tonnage"`
	Evasive struct {
		DifferentDirection int `yaml:"different_direction"`
		SameDirection      int `yaml:"same_direction_other_number"`
		SameNumber         int `yaml:"same_number"`
	} `yaml:"evasive_maneuvers"`
	Refit struct {
		BaseMonths          int   `yaml:"base_months"`
		InoperableExtraFrom int   `yaml:"inoperable_extra_from"`
		HullBlock           int   `yaml:"hull_block"`
		NewBoatMonths       int   `yaml:"new_boat_months"`
		KKptNotFor          []int `yaml:"kkpt_reduction_not_for"`
		KmdtNewBoatRecovery int   `yaml:"kmdt_new_boat_recovery"`
	} `yaml:"refit"`
}

// Table returns a rulebook dice table by name.
func (r *RuleTables) Table(name string) *DiceTable {
	t := r.Tables[name]
	if t == nil {
		// Validate guarantees every table the engine names exists.
		panic("charts: rule table " + name + " missing from a validated pack")
	}
	return t
}

// History holds the optional historical lists of 14.4.
type History struct {
	ID       string              `yaml:"id"`
	UBoatIDs map[string][][2]int `yaml:"uboat_ids"`
	// TopTen are the rulebook's top ten Kommandants (15.1).
	TopTen []Ace `yaml:"top_ten"`
	// WolfpackNames are the historical wolfpacks (14.5.1).
	WolfpackNames []struct {
		Name  string `yaml:"name"`
		Boats int    `yaml:"boats"`
	} `yaml:"wolfpack_names"`
}

// Ace is one of the top ten Kommandants of 15.1.
type Ace struct {
	Rank    int    `yaml:"rank"`
	Name    string `yaml:"name"`
	Patrols int    `yaml:"patrols"`
	Ships   int    `yaml:"ships"`
	Tons    int    `yaml:"tons"`
}

// Default returns the embedded pack.
func Default() (*Pack, error) { return Load(embedded, "data") }

// Load reads and validates a pack from dir in fsys: one file per chart,
// named after its id (P1.yaml, E1.yaml, ... MATS.yaml, RULES.yaml, HISTORY.yaml).
func Load(fsys fs.FS, dir string) (*Pack, error) {
	p := &Pack{}
	files := []struct {
		name string
		into any
	}{
		{"P1", &p.P1}, {"E1", &p.E1}, {"E2", &p.E2}, {"E3", &p.E3}, {"E4", &p.E4}, {"E5", &p.E5},
		{"U1", &p.U1}, {"U2", &p.U2}, {"U3", &p.U3}, {"A1", &p.A1}, {"A2", &p.A2}, {"R1", &p.R1},
		{"T1", &p.T1}, {"T2", &p.T2}, {"T3", &p.T3}, {"T4", &p.T4}, {"T5", &p.T5},
		{"T6", &p.T6}, {"T7", &p.T7}, {"U4", &p.U4},
		{"MATS", &p.Mats}, {"RULES", &p.Rules}, {"HISTORY", &p.History},
	}
	for _, f := range files {
		path := dir + "/" + f.name + ".yaml"
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return nil, fmt.Errorf("chart pack: %w", err)
		}
		if err := yaml.Unmarshal(b, f.into); err != nil {
			return nil, fmt.Errorf("chart pack: %s: %w", path, err)
		}
		if id := headerID(f.into); id != "" && id != f.name {
			return nil, fmt.Errorf("chart pack: %s holds chart %q, want %q", path, id, f.name)
		}
	}
	for k, b := range p.Mats.Boats {
		b.Key = k
	}
	p.U1.index()
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("chart pack: %w", err)
	}
	for _, b := range p.Mats.Boats {
		b.prepareTracks()
	}
	return p, nil
}

func headerID(v any) string {
	switch c := v.(type) {
	case *PatrolChart:
		return c.ID
	case *EncounterChart:
		return c.ID
	case *DetectionChart:
		return c.ID
	case *AttackChart:
		return c.ID
	case *DamageChart:
		return c.ID
	case *RepairChart:
		return c.ID
	case *FireChart:
		return c.ID
	case *DudChart:
		return c.ID
	case *AttackDamageChart:
		return c.ID
	case *AircraftChart:
		return c.ID
	case *FlakChart:
		return c.ID
	case *RandomEventChart:
		return c.ID
	case *Roster:
		return c.ID
	case *NorthAmericaRoster:
		return c.ID
	case *MissingChart:
		return c.ID
	case *Mats:
		return c.ID
	case *RuleTables:
		return c.ID
	case *History:
		return c.ID
	}
	return ""
}

// ShipByRoll finds a roster entry.
func ShipByRoll(entries []Ship, roll int) (Ship, bool) {
	if i := roll - 1; i >= 0 && i < len(entries) && entries[i].Roll == roll {
		return entries[i], true // rosters list rolls 1, 2, 3, ... in order
	}
	for _, s := range entries {
		if s.Roll == roll {
			return s, true
		}
	}
	return Ship{}, false
}

// SinkPointsFor returns the damage points a ship absorbs before sinking (U3).
func (u *AttackDamageChart) SinkPointsFor(capital bool, tons int) int {
	for _, b := range u.DamageToSink {
		if b.Ship == "capital_ship" {
			if capital {
				return b.Points
			}
			continue
		}
		if capital {
			continue
		}
		if b.TonsMin != nil && tons < *b.TonsMin {
			continue
		}
		if b.TonsMax != nil && tons > *b.TonsMax {
			continue
		}
		return b.Points
	}
	return 0
}

func itoa(i int) string { return strconv.Itoa(i) }
