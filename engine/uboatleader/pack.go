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
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	// Label is shown on every view and prompt of a game played with the
	// pack, e.g. "House content, not the publisher's".
	Label      string   `yaml:"label"`
	Provenance []string `yaml:"provenance"`
}

// MapDef is a campaign map (UBL-1.2 "Aree della Mappa Campagna").
type MapDef struct {
	ID    string    `yaml:"id"`
	Name  string    `yaml:"name"`
	Areas []AreaDef `yaml:"areas"`
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
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Kind string `yaml:"kind"`
	// Refit is a port's Refit number: stress removed in the Refit phase (UBL-7.3).
	Refit int `yaml:"refit"`
	// Patrolling and Moving are the Event cards drawn by a boat that stays
	// in the area or enters it (UBL-5.1, UBL-5.3).
	Patrolling int      `yaml:"patrolling"`
	Moving     int      `yaml:"moving"`
	Adjacent   []string `yaml:"adjacent"`
	// NoStop: a boat may never end its movement here (the English Channel, UBL-5.1).
	NoStop bool `yaml:"no_stop"`
	// Contacts is the area's contact table (UBL-6.1, UBL-6.2): bands of the
	// modified roll, each the number of contacts.
	Contacts []ContactBand `yaml:"contacts"`
	Mine     *MineBox      `yaml:"mine"`
	Attack   *AttackBox    `yaml:"attack"`
	Raider   *RaiderBox    `yaml:"raider"`
}

// ContactBand is a row of a contact table: a modified roll up to Max (the
// last band has none: "or more") gives N contacts.
type ContactBand struct {
	Max *int `yaml:"max"`
	N   int  `yaml:"n"`
}

// MineBox is a Special Mission Mine box (UBL-4.9): its Event cards and the
// VP for the mines laid.
type MineBox struct {
	Events int       `yaml:"events"`
	VP     []MineRow `yaml:"vp"`
}

// MineRow: laying at least Mines mines scores VP.
type MineRow struct {
	Mines int `yaml:"mines"`
	VP    int `yaml:"vp"`
}

// AttackBox is a Special Attack box (UBL-4.10): Event cards, then ships.
type AttackBox struct {
	Events int `yaml:"events"`
	Ships  int `yaml:"ships"`
}

// RaiderBox is a Raider box (UBL-4.11): Event cards, then attacks.
type RaiderBox struct {
	Events  int `yaml:"events"`
	Attacks int `yaml:"attacks"`
}

// DisplayDef is the Tactical Display (UBL-1.3, UBL-1.4 "Aree Adiacenti"):
// three rings of range areas listed clockwise, the four convoy areas listed
// clockwise (each adjacent to the next; the diagonals are not adjacent), the
// convoy's wake area, and the links between rings.
type DisplayDef struct {
	Long   []string    `yaml:"long"`
	Medium []string    `yaml:"medium"`
	Short  []string    `yaml:"short"`
	Convoy []string    `yaml:"convoy"`
	Wake   string      `yaml:"wake"`
	Links  [][2]string `yaml:"links"`
	// Names are how areas are called in prompts (default: the id).
	Names map[string]string `yaml:"names"`
	// UnknownSpeed is the speed printed on each unknown counter (UBL-6.10).
	UnknownSpeed map[string]int `yaml:"unknown_speed"`
}

// Lengths of a campaign (UBL-2).
var lengthKeys = []string{"short", "medium", "long"}

// CampaignDef is a campaign sheet (UBL-1.1, UBL-2).
type CampaignDef struct {
	ID    string `yaml:"id"`
	Name  string `yaml:"name"`
	Start Month  `yaml:"start"`
	End   Month  `yaml:"end"`
	Map   string `yaml:"map"`
	// Lengths are the Short, Medium and Long columns: patrols per boat,
	// starting SO and the VP evaluation.
	Lengths map[string]LengthDef `yaml:"lengths"`
	Options []OptionDef          `yaml:"options"`
	// RemoveConvoys are the Convoy card numbers removed for the campaign.
	RemoveConvoys []int `yaml:"remove_convoys"`
	// Types, when set, are the only U-boat types the campaign allows
	// (Operation Drumbeat: VII-C and IX).
	Types    []string      `yaml:"types"`
	Restrict []Restriction `yaml:"restrict"`
	Wolfpack WolfpackDef   `yaml:"wolfpack"`
	Notes    []string      `yaml:"notes"`
}

// LengthDef is one length's column of a campaign sheet.
type LengthDef struct {
	Patrols int `yaml:"patrols"`
	SO      int `yaml:"so"`
	// The least VP for each grade; below Poor is Dismal (UBL-8).
	Great    int `yaml:"great"`
	Good     int `yaml:"good"`
	Adequate int `yaml:"adequate"`
	Poor     int `yaml:"poor"`
}

// OptionDef is a Special Option on a sheet (UBL-4.1): its cost (halves
// allowed: an advanced torpedo costs ½ SO, UBL-4.6), its limit per
// campaign ("U" or absent: unlimited) and, for markers, the areas allowed.
type OptionDef struct {
	Key   string   `yaml:"key"`
	Cost  float64  `yaml:"cost"`
	Max   Limit    `yaml:"max"`
	Areas []string `yaml:"areas"`
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
	Types []string `yaml:"types"`
	Areas []string `yaml:"areas"`
}

// WolfpackDef is a sheet's Wolfpack table (UBL-6.6): the least modified
// roll that joins, and the unmodified rolls that stress the active boat and
// alert the convoy.
type WolfpackDef struct {
	Joins          int   `yaml:"joins"`
	StressNaturals []int `yaml:"stress_naturals"`
}

// Levels of a crew, lowest first (UBL-1.7).
var levelKeys = []string{"green", "trained", "veteran", "ace"}

// UBoatCard is a U-boat's two cards, four levels (UBL-1.7).
type UBoatCard struct {
	ID string `yaml:"id"`
	// Numbers are the printed numbers of its two cards (green/trained and
	// veteran/ace).
	Numbers [2]int        `yaml:"numbers"`
	Captain string        `yaml:"captain"`
	Type    string        `yaml:"type"`
	Service ServiceDates  `yaml:"service"`
	Speed   SpeedDef      `yaml:"speed"`
	Ready   int           `yaml:"ready"`
	Stored  int           `yaml:"stored"`
	Gun     bool          `yaml:"gun"`
	Levels  map[string]Lv `yaml:"levels"`
	// Optional names an optional rule the card needs ("xxi": UBL-9.1).
	Optional string `yaml:"optional"`
	// Excludes are boats removed from play when this one is used (UBL-9.1:
	// the Type XXI and U-201 share their captain).
	Excludes []string `yaml:"excludes"`
}

// ServiceDates are a card's years of service.
type ServiceDates struct {
	From Month `yaml:"from"`
	To   Month `yaml:"to"`
}

// SpeedDef is the counter's tactical speed on each side (UBL-1.6).
type SpeedDef struct {
	Surfaced  int `yaml:"surfaced"`
	Submerged int `yaml:"submerged"`
}

// Lv is one level of a U-boat card.
type Lv struct {
	SO int `yaml:"so"`
	// XP to the next promotion (UBL-7.1); none at Ace.
	XP        int      `yaml:"xp"`
	Abilities []string `yaml:"abilities"`
	Okay      Row      `yaml:"okay"`
	Shaken    Row      `yaml:"shaken"`
}

// Row is a stress row of a card (UBL-1.7 "Abilità dell'U-Boat").
type Row struct {
	Init string `yaml:"init"` // aggressive or cautious
	GS   int    `yaml:"gs"`
	TS   int    `yaml:"ts"`
	EV   int    `yaml:"ev"`
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
	Number  int      `yaml:"number"`
	Name    string   `yaml:"name"`
	Text    string   `yaml:"text"`
	Effects []Effect `yaml:"effects"`
	Halves  []Half   `yaml:"halves"`
}

// Half is the part of an Event card for some years (inclusive).
type Half struct {
	From    int      `yaml:"from"`
	To      int      `yaml:"to"`
	Text    string   `yaml:"text"`
	Effects []Effect `yaml:"effects"`
}

// Effect is one thing an Event card does; exactly one field is set.
type Effect struct {
	// Stress adds stress to the boat (negative removes it).
	Stress *int `yaml:"stress"`
	// VP adds Victory Points.
	VP *int `yaml:"vp"`
	// UBoatAlert places that many U-Boat Alert markers in the boat's area.
	UBoatAlert *int `yaml:"uboat_alert"`
	// ContactMod modifies the boat's contact rolls this turn (UBL-6.2 "+X").
	ContactMod *int `yaml:"contact_mod"`
	// RollEV rolls a d10 and adds the boat's EV (UBL-1.7: EV modifies some
	// Event rolls); the first band the total does not exceed applies.
	RollEV []EVBand `yaml:"roll_ev"`
	// Trade offers the player a weapon for VP ("Lone Merchant").
	Trade *Trade `yaml:"trade"`
}

// EVBand is a result band of an EV roll: a total up to Max (none: any).
type EVBand struct {
	Max    *int `yaml:"max"`
	Stress int  `yaml:"stress"`
	VP     int  `yaml:"vp"`
}

// Trade spends weapons for VP and XP, if the player wants.
type Trade struct {
	Pay string `yaml:"pay"` // stored_torpedo, ready_torpedo, any_torpedo, gun_round
	N   int    `yaml:"n"`
	VP  int    `yaml:"vp"`
	XP  int    `yaml:"xp"`
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
	Number  int         `yaml:"number"`
	Name    string      `yaml:"name"`
	Type    string      `yaml:"type"`
	Ships   []ConvoyPos `yaml:"ships"`
	Torpedo int         `yaml:"torpedo"`
	Gun     int         `yaml:"gun"`
	Text    string      `yaml:"text"`
}

// ConvoyPos is a ship counter's place on the display.
type ConvoyPos struct {
	Pos  string `yaml:"pos"`
	Kind string `yaml:"kind"`
	Area string `yaml:"area"`
}

// ShipDecks are the target decks (UBL-1.8).
type ShipDecks struct {
	Merchants   []ShipCard `yaml:"merchants"`
	Escorts     []ShipCard `yaml:"escorts"`
	EscortFleet []ShipCard `yaml:"escort_fleet"`
	Warships    []ShipCard `yaml:"warships"`
}

// ShipCard is a Merchant, Escort or Warship card. Hit numbers are three
// thresholds "a-b-c"; "NA" marks a result one attack cannot reach.
type ShipCard struct {
	Number    int     `yaml:"number"`
	Name      string  `yaml:"name"`
	Type      string  `yaml:"type"`
	Tons      int     `yaml:"tons"`
	Speed     int     `yaml:"speed"`
	VP        int     `yaml:"vp"`
	XP        int     `yaml:"xp"`
	Torpedo   Numbers `yaml:"torpedo"`
	Gun       Numbers `yaml:"gun"`
	Surface   Numbers `yaml:"surface"`
	Submerged Numbers `yaml:"submerged"`
	// Detect is an escort's detection number against a surfaced and a
	// submerged boat (UBL-6.11).
	Detect *DetectDef `yaml:"detect"`
	// Misidentified: the merchant is really an escort (UBL-1.8).
	Misidentified bool `yaml:"misidentified"`
	// Carrier: a fleet or escort carrier (UBL-6.21).
	Carrier bool `yaml:"carrier"`
}

// DetectDef is an escort's pair of detection numbers.
type DetectDef struct {
	Surfaced  int `yaml:"surfaced"`
	Submerged int `yaml:"submerged"`
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

// Set reports whether the card prints these numbers at all.
func (n Numbers) Set() bool { return n != Numbers{} }

// TacticsCounter is an Escort Tactics counter (UBL-6.22): its bonus to an
// escort's detection and attack, and how many the cup holds.
type TacticsCounter struct {
	Detect int `yaml:"detect"`
	Attack int `yaml:"attack"`
	Count  int `yaml:"count"`
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
