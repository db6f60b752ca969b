package uboatleader

import (
	"fmt"
	"strconv"
	"strings"
)

// A Pack is the content the rulebook leaves to its components (digest §14):
// the campaign sheets with their maps, the tactical display's geometry, and
// every deck with its printed numbers. It is read from one directory of YAML
// files (see LoadPack), one file per part:
//
//	pack.yaml       Meta: id, name, the label shown on every view and prompt
//	maps.yaml       the campaign maps: areas, ports, adjacency, contact tables, mission boxes
//	display.yaml    the tactical display: rings, convoy areas, wake, cross-ring links
//	campaigns.yaml  the campaign sheets: period, lengths, SO and VP tables, options, restrictions
//	uboats.yaml     the U-boat cards, four levels each
//	events.yaml     the Event deck
//	convoys.yaml    the Convoy deck
//	ships.yaml      the Merchant, Escort, Escort Fleet and Warship decks
//	counters.yaml   the Escort Tactics counters
type Pack struct {
	Meta      PackMeta
	Maps      []MapDef
	Display   DisplayDef
	Campaigns []CampaignDef
	UBoats    []UBoatCard
	Events    []EventCard
	Convoys   []ConvoyCard
	Ships     ShipDecks
	Tactics   []TacticsCounter
	// SHA256 is the hex digest of the pack's files (PackHash): a game records
	// it, so its audit binds the content it was played with.
	SHA256 string

	idx *packIndex
}

// PackMeta names a pack and says where its values come from.
type PackMeta struct {
	ID   string `yaml:"id,omitempty" json:"id,omitempty"`
	Name string `yaml:"name,omitempty" json:"name,omitempty"`
	// Label is shown on every view and prompt of a game played with the
	// pack, e.g. "House content, not the publisher's".
	Label      string   `yaml:"label,omitempty" json:"label,omitempty"`
	Provenance []string `yaml:"provenance,omitempty" json:"provenance,omitempty"`
}

// MapDef is a campaign map (UBL-1.2 "Aree della Mappa Campagna").
type MapDef struct {
	ID    string    `yaml:"id,omitempty" json:"id,omitempty"`
	Name  string    `yaml:"name,omitempty" json:"name,omitempty"`
	Areas []AreaDef `yaml:"areas,omitempty" json:"areas,omitempty"`
}

// Area kinds.
const (
	KindSea  = "sea"
	KindPort = "port"
)

// AreaDef is a map area or a port box (UBL-1.2). A port is a node of its
// own, adjacent to the sea areas a boat sails to from it (UBL-5.1:
// "inclusi i movimenti dal porto in un'area adiacente").
type AreaDef struct {
	ID   string `yaml:"id,omitempty" json:"id,omitempty"`
	Name string `yaml:"name,omitempty" json:"name,omitempty"`
	Kind string `yaml:"kind,omitempty" json:"kind,omitempty"`
	// Refit is a port's Refit number: stress removed in the Refit phase (UBL-7.3).
	Refit int `yaml:"refit,omitempty" json:"refit,omitempty"`
	// Patrolling and Moving are the Event cards drawn by a boat that stays
	// in the area or enters it (UBL-5.1, UBL-5.3).
	Patrolling int      `yaml:"patrolling,omitempty" json:"patrolling,omitempty"`
	Moving     int      `yaml:"moving,omitempty" json:"moving,omitempty"`
	Adjacent   []string `yaml:"adjacent,omitempty" json:"adjacent,omitempty"`
	// NoStop: a boat may never end its movement here (the English Channel, UBL-5.1).
	NoStop bool `yaml:"no_stop,omitempty" json:"no_stop,omitempty"`
	// At places the area on the map's picture: x and y of its centre, in
	// hundredths of the picture's width and height from its top left. A map
	// gives every area a place, or none (then the picture lays them out).
	At *[2]float64 `yaml:"at,omitempty" json:"at,omitempty"`
	// Contacts is the area's contact table (UBL-6.1, UBL-6.2): bands of the
	// modified roll, each the number of contacts.
	Contacts []ContactBand `yaml:"contacts,omitempty" json:"contacts,omitempty"`
	Mine     *MineBox      `yaml:"mine,omitempty" json:"mine,omitempty"`
	Attack   *AttackBox    `yaml:"attack,omitempty" json:"attack,omitempty"`
	Raider   *RaiderBox    `yaml:"raider,omitempty" json:"raider,omitempty"`
}

// ContactBand is a row of a contact table: a modified roll up to Max (the
// last band has none: "or more") gives N contacts.
type ContactBand struct {
	Max *int `yaml:"max,omitempty" json:"max,omitempty"`
	N   int  `yaml:"n,omitempty" json:"n,omitempty"`
}

// MineBox is a Special Mission Mine box (UBL-4.9): its Event cards and the
// VP for the mines laid.
type MineBox struct {
	Events int       `yaml:"events,omitempty" json:"events,omitempty"`
	VP     []MineRow `yaml:"vp,omitempty" json:"vp,omitempty"`
}

// MineRow: laying at least Mines mines scores VP.
type MineRow struct {
	Mines int `yaml:"mines,omitempty" json:"mines,omitempty"`
	VP    int `yaml:"vp,omitempty" json:"vp,omitempty"`
}

// AttackBox is a Special Attack box (UBL-4.10): Event cards, then ships.
type AttackBox struct {
	Events int `yaml:"events,omitempty" json:"events,omitempty"`
	Ships  int `yaml:"ships,omitempty" json:"ships,omitempty"`
}

// RaiderBox is a Raider box (UBL-4.11): Event cards, then attacks.
type RaiderBox struct {
	Events  int `yaml:"events,omitempty" json:"events,omitempty"`
	Attacks int `yaml:"attacks,omitempty" json:"attacks,omitempty"`
}

// DisplayDef is the Tactical Display (UBL-1.3, UBL-1.4 "Aree Adiacenti"):
// three rings of range areas listed clockwise, the four convoy areas listed
// clockwise (each adjacent to the next; the diagonals are not adjacent), the
// convoy's wake area, and the links between rings.
type DisplayDef struct {
	Long   []string    `yaml:"long,omitempty" json:"long,omitempty"`
	Medium []string    `yaml:"medium,omitempty" json:"medium,omitempty"`
	Short  []string    `yaml:"short,omitempty" json:"short,omitempty"`
	Convoy []string    `yaml:"convoy,omitempty" json:"convoy,omitempty"`
	Wake   string      `yaml:"wake,omitempty" json:"wake,omitempty"`
	Links  [][2]string `yaml:"links,omitempty" json:"links,omitempty"`
	// Names are how areas are called in prompts (default: the id).
	Names map[string]string `yaml:"names,omitempty" json:"names,omitempty"`
	// UnknownSpeed is the speed printed on each unknown counter (UBL-6.10).
	UnknownSpeed map[string]int `yaml:"unknown_speed,omitempty" json:"unknown_speed,omitempty"`
}

// Lengths of a campaign (UBL-2).
var lengthKeys = []string{"short", "medium", "long"}

// CampaignDef is a campaign sheet (UBL-1.1, UBL-2).
type CampaignDef struct {
	ID    string `yaml:"id,omitempty" json:"id,omitempty"`
	Name  string `yaml:"name,omitempty" json:"name,omitempty"`
	Start Month  `yaml:"start,omitempty" json:"start,omitempty"`
	End   Month  `yaml:"end,omitempty" json:"end,omitempty"`
	Map   string `yaml:"map,omitempty" json:"map,omitempty"`
	// Lengths are the Short, Medium and Long columns: patrols per boat,
	// starting SO and the VP evaluation.
	Lengths map[string]LengthDef `yaml:"lengths,omitempty" json:"lengths,omitempty"`
	Options []OptionDef          `yaml:"options,omitempty" json:"options,omitempty"`
	// RemoveConvoys are the Convoy card numbers removed for the campaign.
	RemoveConvoys []int `yaml:"remove_convoys,omitempty" json:"remove_convoys,omitempty"`
	// Types, when set, are the only U-boat types the campaign allows
	// (Operation Drumbeat: VII-C and IX).
	Types    []string      `yaml:"types,omitempty" json:"types,omitempty"`
	Restrict []Restriction `yaml:"restrict,omitempty" json:"restrict,omitempty"`
	Wolfpack WolfpackDef   `yaml:"wolfpack,omitempty" json:"wolfpack,omitempty"`
	Notes    []string      `yaml:"notes,omitempty" json:"notes,omitempty"`
}

// LengthDef is one length's column of a campaign sheet.
type LengthDef struct {
	Patrols int `yaml:"patrols,omitempty" json:"patrols,omitempty"`
	SO      int `yaml:"so,omitempty" json:"so,omitempty"`
	// The least VP for each grade; below Poor is Dismal (UBL-8).
	Great    int `yaml:"great,omitempty" json:"great,omitempty"`
	Good     int `yaml:"good,omitempty" json:"good,omitempty"`
	Adequate int `yaml:"adequate,omitempty" json:"adequate,omitempty"`
	Poor     int `yaml:"poor,omitempty" json:"poor,omitempty"`
}

// OptionDef is a Special Option on a sheet (UBL-4.1): its cost (halves
// allowed: an advanced torpedo costs ½ SO, UBL-4.6), its limit per
// campaign ("U" or absent: unlimited) and, for markers, the areas allowed.
type OptionDef struct {
	Key   string   `yaml:"key,omitempty" json:"key,omitempty"`
	Cost  float64  `yaml:"cost,omitempty" json:"cost,omitempty"`
	Max   Limit    `yaml:"max,omitempty" json:"max,omitempty"`
	Areas []string `yaml:"areas,omitempty" json:"areas,omitempty"`
}

// Limit is a purchase limit: a number, or "U" (unlimited).
type Limit int

// UnmarshalYAML reads a number or "U".
func (l *Limit) UnmarshalYAML(unmarshal func(any) error) error {
	var s string
	if err := unmarshal(&s); err != nil {
		return err
	}
	if strings.EqualFold(s, "U") || s == "" {
		*l = 0
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return fmt.Errorf("limit %q: want a number of at least 1, or U", s)
	}
	*l = Limit(n)
	return nil
}

// Restriction limits some types to some sea areas (UBL-2: "Type II U-Boats
// can only operate in North Sea and British Isles").
type Restriction struct {
	Types []string `yaml:"types,omitempty" json:"types,omitempty"`
	Areas []string `yaml:"areas,omitempty" json:"areas,omitempty"`
}

// WolfpackDef is a sheet's Wolfpack table (UBL-6.6): the least modified
// roll that joins, and the unmodified rolls that stress the active boat and
// alert the convoy.
type WolfpackDef struct {
	Joins          int   `yaml:"joins,omitempty" json:"joins,omitempty"`
	StressNaturals []int `yaml:"stress_naturals,omitempty" json:"stress_naturals,omitempty"`
}

// Levels of a crew, lowest first (UBL-1.7).
var levelKeys = []string{"green", "trained", "veteran", "ace"}

// UBoatCard is a U-boat's two cards, four levels (UBL-1.7).
type UBoatCard struct {
	ID string `yaml:"id,omitempty" json:"id,omitempty"`
	// Numbers are the printed numbers of its two cards (green/trained and
	// veteran/ace).
	Numbers [2]int        `yaml:"numbers,omitempty" json:"numbers,omitempty"`
	Captain string        `yaml:"captain,omitempty" json:"captain,omitempty"`
	Type    string        `yaml:"type,omitempty" json:"type,omitempty"`
	Service ServiceDates  `yaml:"service,omitempty" json:"service,omitempty"`
	Speed   SpeedDef      `yaml:"speed,omitempty" json:"speed,omitempty"`
	Ready   int           `yaml:"ready,omitempty" json:"ready,omitempty"`
	Stored  int           `yaml:"stored,omitempty" json:"stored,omitempty"`
	Gun     bool          `yaml:"gun,omitempty" json:"gun,omitempty"`
	Levels  map[string]Lv `yaml:"levels,omitempty" json:"levels,omitempty"`
	// Optional names an optional rule the card needs ("xxi": UBL-9.1).
	Optional string `yaml:"optional,omitempty" json:"optional,omitempty"`
	// Excludes are boats removed from play when this one is used (UBL-9.1:
	// the Type XXI and U-201 share their captain).
	Excludes []string `yaml:"excludes,omitempty" json:"excludes,omitempty"`
}

// ServiceDates are a card's years of service.
type ServiceDates struct {
	From Month `yaml:"from,omitempty" json:"from,omitempty"`
	To   Month `yaml:"to,omitempty" json:"to,omitempty"`
}

// SpeedDef is the counter's tactical speed on each side (UBL-1.6).
type SpeedDef struct {
	Surfaced  int `yaml:"surfaced,omitempty" json:"surfaced,omitempty"`
	Submerged int `yaml:"submerged,omitempty" json:"submerged,omitempty"`
}

// Lv is one level of a U-boat card.
type Lv struct {
	SO int `yaml:"so,omitempty" json:"so,omitempty"`
	// XP to the next promotion (UBL-7.1); none at Ace.
	XP        int      `yaml:"xp,omitempty" json:"xp,omitempty"`
	Abilities []string `yaml:"abilities,omitempty" json:"abilities,omitempty"`
	Okay      Row      `yaml:"okay,omitempty" json:"okay,omitempty"`
	Shaken    Row      `yaml:"shaken,omitempty" json:"shaken,omitempty"`
}

// Row is a stress row of a card (UBL-1.7 "Abilità dell'U-Boat").
type Row struct {
	Init string `yaml:"init,omitempty" json:"init,omitempty"` // aggressive or cautious
	GS   int    `yaml:"gs,omitempty" json:"gs,omitempty"`
	TS   int    `yaml:"ts,omitempty" json:"ts,omitempty"`
	EV   int    `yaml:"ev,omitempty" json:"ev,omitempty"`
}

// Abilities (UBL-1.7 "Abilità Speciali").
const (
	AbilityInfiltrator = "infiltrator"
	AbilityCool        = "cool"
	AbilitySearcher    = "searcher"
)

// EventCard is an Event card (UBL-1.8 "Carte Evento", UBL-5.3). A card may
// be split in halves for different years; Effects without halves is a whole
// card.
type EventCard struct {
	Number  int      `yaml:"number,omitempty" json:"number,omitempty"`
	Name    string   `yaml:"name,omitempty" json:"name,omitempty"`
	Text    string   `yaml:"text,omitempty" json:"text,omitempty"`
	Effects []Effect `yaml:"effects,omitempty" json:"effects,omitempty"`
	Halves  []Half   `yaml:"halves,omitempty" json:"halves,omitempty"`
}

// Half is the part of an Event card for some years (inclusive).
type Half struct {
	From    int      `yaml:"from,omitempty" json:"from,omitempty"`
	To      int      `yaml:"to,omitempty" json:"to,omitempty"`
	Text    string   `yaml:"text,omitempty" json:"text,omitempty"`
	Effects []Effect `yaml:"effects,omitempty" json:"effects,omitempty"`
}

// Effect is one thing an Event card does; exactly one field is set.
type Effect struct {
	// Stress adds stress to the boat (negative removes it).
	Stress *int `yaml:"stress,omitempty" json:"stress,omitempty"`
	// VP adds Victory Points.
	VP *int `yaml:"vp,omitempty" json:"vp,omitempty"`
	// UBoatAlert places that many U-Boat Alert markers in the boat's area.
	UBoatAlert *int `yaml:"uboat_alert,omitempty" json:"uboat_alert,omitempty"`
	// ContactMod modifies the boat's contact rolls this turn (UBL-6.2 "+X").
	ContactMod *int `yaml:"contact_mod,omitempty" json:"contact_mod,omitempty"`
	// RollEV rolls a d10 and adds the boat's EV (UBL-1.7: EV modifies some
	// Event rolls); the first band the total does not exceed applies.
	RollEV []EVBand `yaml:"roll_ev,omitempty" json:"roll_ev,omitempty"`
	// Trade offers the player a weapon for VP ("Lone Merchant").
	Trade *Trade `yaml:"trade,omitempty" json:"trade,omitempty"`
}

// EVBand is a result band of an EV roll: a total up to Max (none: any).
type EVBand struct {
	Max    *int `yaml:"max,omitempty" json:"max,omitempty"`
	Stress int  `yaml:"stress,omitempty" json:"stress,omitempty"`
	VP     int  `yaml:"vp,omitempty" json:"vp,omitempty"`
}

// Trade spends weapons for VP and XP, if the player wants.
type Trade struct {
	Pay string `yaml:"pay,omitempty" json:"pay,omitempty"` // stored_torpedo, ready_torpedo, any_torpedo, gun_round
	N   int    `yaml:"n,omitempty" json:"n,omitempty"`
	VP  int    `yaml:"vp,omitempty" json:"vp,omitempty"`
	XP  int    `yaml:"xp,omitempty" json:"xp,omitempty"`
}

// Convoy contact types (UBL-1.8 "Carte Convoglio").
const (
	ContactLone     = "L"
	ContactMerchant = "M"
	ContactNaval    = "N"
)

// Ship kinds on the display (UBL-6.5).
const (
	ShipMerchant    = "merchant"
	ShipEscort      = "escort"
	ShipWarship     = "warship"
	ShipFleetEscort = "fleet_escort"
)

// ConvoyCard is a Convoy card: its contact type, where each ship counter
// goes, and its modifiers (the example's "+1 from the Convoy card").
type ConvoyCard struct {
	Number  int         `yaml:"number,omitempty" json:"number,omitempty"`
	Name    string      `yaml:"name,omitempty" json:"name,omitempty"`
	Type    string      `yaml:"type,omitempty" json:"type,omitempty"`
	Ships   []ConvoyPos `yaml:"ships,omitempty" json:"ships,omitempty"`
	Torpedo int         `yaml:"torpedo,omitempty" json:"torpedo,omitempty"`
	Gun     int         `yaml:"gun,omitempty" json:"gun,omitempty"`
	Text    string      `yaml:"text,omitempty" json:"text,omitempty"`
}

// ConvoyPos is a ship counter's place on the display.
type ConvoyPos struct {
	Pos  string `yaml:"pos,omitempty" json:"pos,omitempty"`
	Kind string `yaml:"kind,omitempty" json:"kind,omitempty"`
	Area string `yaml:"area,omitempty" json:"area,omitempty"`
}

// ShipDecks are the target decks (UBL-1.8).
type ShipDecks struct {
	Merchants   []ShipCard `yaml:"merchants,omitempty" json:"merchants,omitempty"`
	Escorts     []ShipCard `yaml:"escorts,omitempty" json:"escorts,omitempty"`
	EscortFleet []ShipCard `yaml:"escort_fleet,omitempty" json:"escort_fleet,omitempty"`
	Warships    []ShipCard `yaml:"warships,omitempty" json:"warships,omitempty"`
}

// ShipCard is a Merchant, Escort or Warship card. Hit numbers are three
// thresholds "a-b-c"; "NA" marks a result one attack cannot reach.
type ShipCard struct {
	Number    int     `yaml:"number,omitempty" json:"number,omitempty"`
	Name      string  `yaml:"name,omitempty" json:"name,omitempty"`
	Type      string  `yaml:"type,omitempty" json:"type,omitempty"`
	Tons      int     `yaml:"tons,omitempty" json:"tons,omitempty"`
	Speed     int     `yaml:"speed,omitempty" json:"speed,omitempty"`
	VP        int     `yaml:"vp,omitempty" json:"vp,omitempty"`
	XP        int     `yaml:"xp,omitempty" json:"xp,omitempty"`
	Torpedo   Numbers `yaml:"torpedo,omitempty" json:"torpedo,omitempty"`
	Gun       Numbers `yaml:"gun,omitempty" json:"gun,omitempty"`
	Surface   Numbers `yaml:"surface,omitempty" json:"surface,omitempty"`
	Submerged Numbers `yaml:"submerged,omitempty" json:"submerged,omitempty"`
	// Detect is an escort's detection number against a surfaced and a
	// submerged boat (UBL-6.11).
	Detect *DetectDef `yaml:"detect,omitempty" json:"detect,omitempty"`
	// Misidentified: the merchant is really an escort (UBL-1.8).
	Misidentified bool `yaml:"misidentified,omitempty" json:"misidentified,omitempty"`
	// Carrier: a fleet or escort carrier (UBL-6.21).
	Carrier bool `yaml:"carrier,omitempty" json:"carrier,omitempty"`
}

// DetectDef is an escort's pair of detection numbers.
type DetectDef struct {
	Surfaced  int `yaml:"surfaced,omitempty" json:"surfaced,omitempty"`
	Submerged int `yaml:"submerged,omitempty" json:"submerged,omitempty"`
}

// Numbers are three thresholds a-b-c; 0 is "N/A".
type Numbers [3]int

// UnmarshalYAML reads "3-6-9" or "8-10-NA".
func (n *Numbers) UnmarshalYAML(unmarshal func(any) error) error {
	var s string
	if err := unmarshal(&s); err != nil {
		return err
	}
	v, err := ParseNumbers(s)
	if err != nil {
		return err
	}
	*n = v
	return nil
}

// ParseNumbers reads "a-b-c"; each may be NA (or N/A).
func ParseNumbers(s string) (Numbers, error) {
	var n Numbers
	parts := strings.Split(strings.TrimSpace(s), "-")
	if len(parts) != 3 {
		return n, fmt.Errorf("hit numbers %q: want three numbers a-b-c", s)
	}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if strings.EqualFold(p, "NA") || strings.EqualFold(p, "N/A") {
			continue
		}
		v, err := strconv.Atoi(p)
		if err != nil || v < 1 || v > 20 {
			return n, fmt.Errorf("hit numbers %q: %q is not a number from 1 to 20, or NA", s, p)
		}
		n[i] = v
	}
	return n, nil
}

// String writes the numbers as printed.
func (n Numbers) String() string {
	var p [3]string
	for i, v := range n {
		p[i] = "NA"
		if v > 0 {
			p[i] = strconv.Itoa(v)
		}
	}
	return strings.Join(p[:], "-")
}

// MarshalYAML writes the numbers as printed, as UnmarshalYAML reads them.
func (n Numbers) MarshalYAML() (any, error) { return n.String(), nil }

// IsZero reports numbers not printed (so that omitempty leaves them out).
func (n Numbers) IsZero() bool { return !n.Set() }

// Set reports whether the card prints these numbers at all.
func (n Numbers) Set() bool { return n != Numbers{} }

// TacticsCounter is an Escort Tactics counter (UBL-6.22): its bonus to an
// escort's detection and attack, and how many the cup holds.
type TacticsCounter struct {
	Detect int `yaml:"detect,omitempty" json:"detect,omitempty"`
	Attack int `yaml:"attack,omitempty" json:"attack,omitempty"`
	Count  int `yaml:"count,omitempty" json:"count,omitempty"`
}

// Month is a year and month, written YYYY-MM.
type Month struct{ Year, Mon int }

// UnmarshalYAML reads "1939-09".
func (m *Month) UnmarshalYAML(unmarshal func(any) error) error {
	var s string
	if err := unmarshal(&s); err != nil {
		return err
	}
	v, err := ParseMonth(s)
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// ParseMonth reads YYYY-MM.
func ParseMonth(s string) (Month, error) {
	y, mo, ok := strings.Cut(strings.TrimSpace(s), "-")
	yy, err1 := strconv.Atoi(y)
	mm, err2 := strconv.Atoi(mo)
	if !ok || err1 != nil || err2 != nil || yy < 1930 || yy > 1950 || mm < 1 || mm > 12 {
		return Month{}, fmt.Errorf("date %q: want YYYY-MM between 1930 and 1950", s)
	}
	return Month{yy, mm}, nil
}

func (m Month) index() int { return m.Year*12 + m.Mon - 1 }

// Before reports whether m is earlier than o.
func (m Month) Before(o Month) bool { return m.index() < o.index() }

// IsZero reports a month never set.
func (m Month) IsZero() bool { return m.Year == 0 }

func (m Month) String() string {
	if m.IsZero() {
		return "?"
	}
	return fmt.Sprintf("%s '%02d", [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}[m.Mon-1], m.Year%100)
}
