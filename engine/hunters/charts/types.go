package charts

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"
)

// Row is one line of a dice table. Lo/Hi are inclusive bounds on the
// (modified, unless the table says otherwise) roll; nil means open-ended.
type Row struct {
	Lo       *int     `yaml:"lo"`
	Hi       *int     `yaml:"hi"`
	Result   string   `yaml:"result"`
	Key      string   `yaml:"key"`
	Results  []string `yaml:"results"`
	Hits     *int     `yaml:"hits"`
	Attacks  int      `yaml:"attacks"`
	Torpedo  *int     `yaml:"torpedo"`
	DeckGun  *int     `yaml:"deck_gun"`
	DRM      int      `yaml:"drm"`
	NotIn    []string `yaml:"not_in"`
	OnlyIn   []string `yaml:"only_in"`
	NotWhen  string   `yaml:"not_when"`
	Effect   string   `yaml:"effect"`
	Footnote string   `yaml:"footnote"`
}

// Matches reports whether v falls in the row's range.
func (r *Row) Matches(v int) bool {
	if r.Lo != nil && v < *r.Lo {
		return false
	}
	if r.Hi != nil && v > *r.Hi {
		return false
	}
	return true
}

// Rows is a dice table.
type Rows []Row

// Find returns the row v falls in, shared with the table: callers read it
// and must not change it. With no row it returns an empty row of its own.
func (rs Rows) Find(v int) (*Row, bool) {
	for i := range rs {
		if rs[i].Matches(v) {
			return &rs[i], true
		}
	}
	return &Row{}, false
}

// validate checks that the rows cover [min,max] without gaps or overlaps,
// with open ends allowed only on the first and last row.
//
// The count of rows a roll matches changes only where a row begins or ends,
// so only min and those points are counted: a table over [0, 1000000] (the
// victory levels) is checked in as many steps as it has rows, not a million
// at every start of the program.
func (rs Rows) validate(min, max int) error {
	if len(rs) == 0 {
		return fmt.Errorf("no rows")
	}
	if min > max {
		return nil // no roll to match
	}
	points := []int{min}
	for i := range rs {
		if lo := rs[i].Lo; lo != nil && *lo > min && *lo <= max {
			points = append(points, *lo)
		}
		if hi := rs[i].Hi; hi != nil && *hi >= min && *hi < max {
			points = append(points, *hi+1)
		}
	}
	slices.Sort(points)
	for _, v := range points {
		n := 0
		for i := range rs {
			if rs[i].Matches(v) {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("roll %d matches %d rows, want exactly 1", v, n)
		}
	}
	return nil
}

// StringList accepts either a scalar or a sequence in YAML.
type StringList []string

// UnmarshalYAML implements yaml.Unmarshaler.
func (s *StringList) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*s = []string{n.Value}
		return nil
	}
	var l []string
	if err := n.Decode(&l); err != nil {
		return err
	}
	*s = l
	return nil
}

// Has reports whether v is in the list.
func (s StringList) Has(v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Modifier is a die-roll modifier as printed on a chart: When names the
// condition (the engine knows what each condition means), DRM its value.
type Modifier struct {
	When          string     `yaml:"when"`
	DRM           int        `yaml:"drm"`
	Case          string     `yaml:"case"`
	Desc          string     `yaml:"desc"`
	AppliesTo     StringList `yaml:"applies_to"`
	ExclusiveWith string     `yaml:"exclusive_with"`
}

// Modifiers is a chart's modifier list.
type Modifiers []Modifier

// Get returns the modifier with the given condition key.
func (ms Modifiers) Get(when string) (Modifier, bool) {
	if m := ms.Find(when); m != nil {
		return *m, true
	}
	return Modifier{}, false
}

// Find returns the modifier with the given condition key, shared with the
// chart (read it, do not change it), or nil.
func (ms Modifiers) Find(when string) *Modifier {
	for i := range ms { // by index: a Modifier is too big to copy for a look
		if ms[i].When == when {
			return &ms[i]
		}
	}
	return nil
}

// Header is what every chart file starts with.
type Header struct {
	ID         string `yaml:"id"`
	Title      string `yaml:"title"`
	Dice       string `yaml:"dice"`
	Case       string `yaml:"case"`
	Confidence string `yaml:"confidence"`
	Status     string `yaml:"status"`
}

// Column is a date column of P1.
type Column struct {
	Key  string `yaml:"key"`
	From Month  `yaml:"from"`
	To   Month  `yaml:"to"`
}

// Substitution is a P1 footnote: a result a boat type may not take.
type Substitution struct {
	Boat  []string `yaml:"boat"`
	From  []string `yaml:"from"`
	To    string   `yaml:"to"`
	Note  any      `yaml:"note"`
	Case  string   `yaml:"case"`
	Doubt string   `yaml:"doubt"`
}

// PatrolChart is P1.
type PatrolChart struct {
	Header        `yaml:",inline"`
	Columns       []Column       `yaml:"columns"`
	Rows          Rows           `yaml:"rows"`
	Substitutions []Substitution `yaml:"substitutions"`
	Choose        struct {
		Case          string           `yaml:"case"`
		SuccessByRank map[string][]int `yaml:"success_by_rank"`
	} `yaml:"choose_assignment"`
}

// SubTable is one column of E1.
type SubTable struct {
	Key       string    `yaml:"key"`
	Title     string    `yaml:"title"`
	Rows      Rows      `yaml:"rows"`
	Modifiers Modifiers `yaml:"modifiers"`
}

// DayNight is E1's day/night table with the Arctic override of 8.3.5.
type DayNight struct {
	Case           string `yaml:"case"`
	Rows           Rows   `yaml:"rows"`
	ArcticOverride struct {
		Case   string         `yaml:"case"`
		Months map[string]any `yaml:"months"`
	} `yaml:"arctic_override"`
}

// EncounterChart is E1.
type EncounterChart struct {
	Header    `yaml:",inline"`
	SubTables []SubTable `yaml:"subtables"`
	ShipSize  struct {
		Case      string            `yaml:"case"`
		Rows      Rows              `yaml:"rows"`
		Modifiers Modifiers         `yaml:"modifiers"`
		Rosters   map[string]string `yaml:"rosters"`
	} `yaml:"ship_size"`
	DayNight      DayNight `yaml:"day_night"`
	SwitchToNight struct {
		Case string `yaml:"case"`
		Rows Rows   `yaml:"rows"`
	} `yaml:"switch_to_night"`
}

// Table returns the E1 column with the given key.
func (e *EncounterChart) Table(key string) (*SubTable, bool) {
	for i := range e.SubTables {
		if e.SubTables[i].Key == key {
			return &e.SubTables[i], true
		}
	}
	return nil, false
}

// DetectionChart is E2.
type DetectionChart struct {
	Header     `yaml:",inline"`
	Rows       Rows      `yaml:"rows"`
	Natural2   string    `yaml:"natural_2"`
	Modifiers  Modifiers `yaml:"modifiers"`
	CloseRange struct {
		Case          string   `yaml:"case"`
		Rows          Rows     `yaml:"rows"`
		ModifiersUsed []string `yaml:"modifiers_used"`
	} `yaml:"close_range_before_firing"`
	Wolfpack struct {
		Case string `yaml:"case"`
		Rows Rows   `yaml:"rows"`
	} `yaml:"wolfpack_roll"`
}

// AttackChart is E3.
type AttackChart struct {
	Header    `yaml:",inline"`
	Rows      Rows      `yaml:"rows"`
	Modifiers Modifiers `yaml:"modifiers"`
}

// DamageResult is one E4 outcome.
type DamageResult struct {
	System     string `yaml:"system"`
	Flooding   int    `yaml:"flooding"`
	Hull       int    `yaml:"hull"`
	CrewInjury int    `yaml:"crew_injury"`
	Minor      bool   `yaml:"minor_damage"`
}

// DamageChart is E4.
type DamageChart struct {
	Header        `yaml:",inline"`
	Results       map[int]DamageResult `yaml:"results"`
	FloodingCheck struct {
		Case      string    `yaml:"case"`
		Rows      Rows      `yaml:"rows"`
		Modifiers Modifiers `yaml:"modifiers"`
	} `yaml:"flooding_check"`
}

// SystemRepair is one system line of E5.
type SystemRepair struct {
	Key       string   `yaml:"key"`
	E4        []any    `yaml:"e4"`
	RepairOn  int      `yaml:"repair_on"`
	Ruling    string   `yaml:"ruling"`
	AppliesTo []string `yaml:"applies_to"`
	Effect    string   `yaml:"effect"`
}

// RepairChart is E5 (reconstructed).
type RepairChart struct {
	Header `yaml:",inline"`
	Repair struct {
		Case      string    `yaml:"case"`
		Modifiers Modifiers `yaml:"modifiers"`
	} `yaml:"repair"`
	Systems    []SystemRepair `yaml:"systems"`
	CrewInjury struct {
		Case string `yaml:"case"`
		Who  struct {
			Rows Rows `yaml:"rows"`
		} `yaml:"who"`
		Severity struct {
			Rows Rows `yaml:"rows"`
		} `yaml:"severity"`
	} `yaml:"crew_injury"`
}

// System returns the E5 line of a system.
func (e *RepairChart) System(key string) (*SystemRepair, bool) {
	for i := range e.Systems {
		if e.Systems[i].Key == key {
			return &e.Systems[i], true
		}
	}
	return nil, false
}

// FireChart is U1.
type FireChart struct {
	Header       `yaml:",inline"`
	HitOnOrBelow map[string]int `yaml:"hit_on_or_below"`
	Modifiers    Modifiers      `yaml:"modifiers"`
	// hit holds HitOnOrBelow for close, medium and long range (index).
	hit [3]int
}

// HitNumber is the highest modified roll that hits at a range: every shot
// asks it, so it is read from an array, not the map.
func (u *FireChart) HitNumber(rng string) int {
	switch rng {
	case "close":
		return u.hit[0]
	case "medium":
		return u.hit[1]
	case "long":
		return u.hit[2]
	}
	return u.HitOnOrBelow[rng]
}

// index fills hit from the loaded map.
func (u *FireChart) index() {
	for i, r := range [3]string{"close", "medium", "long"} {
		u.hit[i] = u.HitOnOrBelow[r]
	}
}

// DudPeriod is one date band of U2.
type DudPeriod struct {
	From Month `yaml:"from"`
	To   Month `yaml:"to"`
	G7a  int   `yaml:"G7a"`
	G7e  int   `yaml:"G7e"`
}

// DudChart is U2.
type DudChart struct {
	Header       `yaml:",inline"`
	DudOnOrBelow []DudPeriod `yaml:"dud_on_or_below"`
	Modifiers    Modifiers   `yaml:"modifiers"`
}

// SinkPoints is one band of U3's damage to sink.
type SinkPoints struct {
	Ship    string `yaml:"ship"`
	TonsMin *int   `yaml:"tons_min"`
	TonsMax *int   `yaml:"tons_max"`
	Points  int    `yaml:"points"`
}

// AttackDamageChart is U3.
type AttackDamageChart struct {
	Header       `yaml:",inline"`
	Rows         Rows         `yaml:"rows"`
	Modifiers    Modifiers    `yaml:"modifiers"`
	DamageToSink []SinkPoints `yaml:"damage_to_sink"`
}

// AircraftChart is A1.
type AircraftChart struct {
	Header    `yaml:",inline"`
	Rows      Rows      `yaml:"rows"`
	Modifiers Modifiers `yaml:"modifiers"`
}

// FlakChart is A2.
type FlakChart struct {
	Header    `yaml:",inline"`
	Rows      Rows      `yaml:"rows"`
	Modifiers Modifiers `yaml:"modifiers"`
}

// RandomEventChart is R1.
type RandomEventChart struct {
	Header  `yaml:",inline"`
	Rows    Rows `yaml:"rows"`
	Crewman struct {
		Dice string `yaml:"dice"`
		Rows Rows   `yaml:"rows"`
	} `yaml:"crewman_roll"`
}

// Ship is a roster entry.
type Ship struct {
	Roll         int
	Tons         int
	Name         string
	Class        string
	KnightsCross bool
}

// UnmarshalYAML reads [roll, tons, name] or [roll, tons, class, name, kc].
func (s *Ship) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.SequenceNode {
		return fmt.Errorf("line %d: a roster entry must be a list", n.Line)
	}
	c := n.Content
	switch len(c) {
	case 3:
		if err := c[0].Decode(&s.Roll); err != nil {
			return err
		}
		if err := c[1].Decode(&s.Tons); err != nil {
			return err
		}
		return c[2].Decode(&s.Name)
	case 5:
		if err := c[0].Decode(&s.Roll); err != nil {
			return err
		}
		if err := c[1].Decode(&s.Tons); err != nil {
			return err
		}
		if err := c[2].Decode(&s.Class); err != nil {
			return err
		}
		if err := c[3].Decode(&s.Name); err != nil {
			return err
		}
		return c[4].Decode(&s.KnightsCross)
	}
	return fmt.Errorf("line %d: a roster entry has 3 or 5 items, not %d", n.Line, len(c))
}

// Roster is T1, T2, T3 or T5.
type Roster struct {
	Header  `yaml:",inline"`
	Entries []Ship `yaml:"entries"`
}

// NorthAmericaRoster is T4.
type NorthAmericaRoster struct {
	Header         `yaml:",inline"`
	SmallFreighter []Ship `yaml:"small_freighter"`
	LargeFreighter []Ship `yaml:"large_freighter"`
	Tanker         []Ship `yaml:"tanker"`
}

// MissingChart is a chart the pack does not have (T6, T7, U4 figures).
type MissingChart struct {
	Header `yaml:",inline"`
	Note   string `yaml:"note"`
}
