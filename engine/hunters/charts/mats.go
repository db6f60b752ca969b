package charts

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Month is a calendar month counted from year 0 (year*12 + month-1), so
// months compare and add as integers. It reads and writes as "YYYY-MM".
type Month int

// MonthOf builds a Month.
func MonthOf(year, month int) Month { return Month(year*12 + month - 1) }

// ParseMonth reads "YYYY-MM".
func ParseMonth(s string) (Month, error) {
	y, m, ok := strings.Cut(strings.TrimSpace(s), "-")
	if !ok {
		return 0, fmt.Errorf("month %q: want YYYY-MM", s)
	}
	yi, err1 := strconv.Atoi(y)
	mi, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || mi < 1 || mi > 12 || yi < 1000 || yi > 9999 {
		return 0, fmt.Errorf("month %q: want YYYY-MM", s)
	}
	return MonthOf(yi, mi), nil
}

// Year of the month.
func (m Month) Year() int { return int(m) / 12 }

// Number of the month in its year, 1..12.
func (m Month) Number() int { return int(m)%12 + 1 }

func (m Month) String() string { return fmt.Sprintf("%04d-%02d", m.Year(), m.Number()) }

var monthAbbrev = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// Label is the log-sheet form, e.g. "Sep-39".
func (m Month) Label() string { return fmt.Sprintf("%s-%02d", monthAbbrev[m.Number()-1], m.Year()%100) }

// UnmarshalYAML implements yaml.Unmarshaler.
func (m *Month) UnmarshalYAML(n *yaml.Node) error {
	v, err := ParseMonth(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	*m = v
	return nil
}

// MarshalText implements encoding.TextMarshaler (JSON state uses "YYYY-MM").
func (m Month) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (m *Month) UnmarshalText(b []byte) error {
	v, err := ParseMonth(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// AssignmentKey is a P1 result: an area plus an optional mission.
type AssignmentKey struct {
	Area     string `yaml:"area"`
	Mission  string `yaml:"mission"`
	Wolfpack bool   `yaml:"wolfpack"`
	Track    string `yaml:"track"`
}

// BoxCode describes a kind of travel box.
type BoxCode struct {
	E1    string `yaml:"e1"`
	Label string `yaml:"label"`
	Case  string `yaml:"case"`
}

// Torpedoes is a boat's initial load (4.5).
type Torpedoes struct {
	Load      int `yaml:"load"`
	G7a       int `yaml:"G7a"`
	G7e       int `yaml:"G7e"`
	MayAdjust int `yaml:"may_adjust"`
}

// Ends is a forward/aft pair.
type Ends struct {
	Forward int `yaml:"forward"`
	Aft     int `yaml:"aft"`
}

// DeckGun is a boat's deck gun.
type DeckGun struct {
	Gun  string `yaml:"gun"`
	Ammo int    `yaml:"ammo"`
}

// Boat is one U-boat display mat.
type Boat struct {
	Key             string               `yaml:"-"`
	Available       Month                `yaml:"available"`
	Limited         string               `yaml:"limited_availability"`
	Torpedoes       Torpedoes            `yaml:"torpedoes"`
	Tubes           Ends                 `yaml:"tubes"`
	Reloads         Ends                 `yaml:"reloads"`
	Mines           *struct{ Count int } `yaml:"mines"`
	DeckGun         *DeckGun             `yaml:"deck_gun"`
	Flak            []string             `yaml:"flak"`
	HullSpaces      int                  `yaml:"hull_spaces"`
	FloodingSpaces  int                  `yaml:"flooding_spaces"`
	ExtendedPatrols bool                 `yaml:"extended_patrols"`
	Tracks          map[string][]string  `yaml:"tracks"`
	TrackAliases    map[string]string    `yaml:"track_aliases"`
	DerivedTracks   map[string]string    `yaml:"derived_tracks"`
	Gap             string               `yaml:"gap"`

	// parsedTracks are Tracks read once when the pack is loaded: a
	// simulated career asks for a track every patrol.
	parsedTracks map[string][]Box
}

// prepareTracks parses the tracks of a validated mat.
func (b *Boat) prepareTracks() {
	b.parsedTracks = make(map[string][]Box, len(b.Tracks))
	for key := range b.Tracks {
		if boxes, ok := b.parseTrack(key); ok {
			b.parsedTracks[key] = boxes
		}
	}
}

// Family is "VII" or "IX" (11.4.4: no switching between them).
func (b *Boat) Family() string {
	if strings.HasPrefix(b.Key, "IX") {
		return "IX"
	}
	return "VII"
}

// Mats is the display-mat data.
type Mats struct {
	ID             string                   `yaml:"id"`
	AssignmentKeys map[string]AssignmentKey `yaml:"assignment_keys"`
	BoxCodes       map[string]BoxCode       `yaml:"track_box_codes"`
	Boats          map[string]*Boat         `yaml:"uboat_types"`
	TrackSelection map[string]string        `yaml:"track_selection"`
}

// Box is one travel box of a track: its code and how many encounter rolls it takes (8.1.1).
type Box struct {
	Code  string
	Rolls int
}

// ParseBox reads "atlantic x2".
func ParseBox(s string) (Box, error) {
	code, mult, ok := strings.Cut(strings.TrimSpace(s), " ")
	if !ok {
		return Box{Code: code, Rolls: 1}, nil
	}
	switch strings.TrimSpace(mult) {
	case "x2":
		return Box{Code: code, Rolls: 2}, nil
	case "x3":
		return Box{Code: code, Rolls: 3}, nil
	}
	return Box{}, fmt.Errorf("travel box %q: unknown multiplier", s)
}

// Track returns the boxes of a boat's track for a track key, following
// aliases. The boxes are shared: callers must not change them.
func (b *Boat) Track(key string) ([]Box, bool) {
	if a, ok := b.TrackAliases[key]; ok {
		key = a
	}
	if boxes, ok := b.parsedTracks[key]; ok {
		return boxes, true
	}
	return b.parseTrack(key)
}

// parseTrack reads a track's boxes from their printed codes.
func (b *Boat) parseTrack(key string) ([]Box, bool) {
	raw, ok := b.Tracks[key]
	if !ok {
		return nil, false
	}
	out := make([]Box, 0, len(raw))
	for _, s := range raw {
		bx, err := ParseBox(s)
		if err != nil {
			return nil, false
		}
		out = append(out, bx)
	}
	return out, true
}
