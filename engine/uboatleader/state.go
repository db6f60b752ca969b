package uboatleader

import (
	"encoding/json"
	"fmt"
)

// SchemaVersion is the version of an encoded campaign.
const SchemaVersion = 1

// SetupInfo is the game's own record of its set-up: what was asked, and the
// pack it is played with, by name and SHA-256.
type SetupInfo struct {
	Campaign   string            `json:"campaign"`
	Length     string            `json:"length"`
	Optional   []string          `json:"optional,omitempty"`
	Rulings    map[string]string `json:"rulings,omitempty"`
	Pack       string            `json:"pack"`
	PackSHA256 string            `json:"pack_sha256"`
	// Draws says where drawn cards come from: "deck", the pack's decks
	// shuffled by the dice, or "physical", the player's own cards, which he
	// draws and enters (physical.go).
	Draws     string `json:"draws"`
	Commander string `json:"commander,omitempty"`
}

// Load is what a boat's Ready or Stored box holds (UBL-1.7, UBL-4.6, UBL-4.9).
type Load struct {
	Std  int `json:"std,omitempty"`
	FAT  int `json:"fat,omitempty"`
	T5   int `json:"t5,omitempty"`
	Mine int `json:"mine,omitempty"`
}

// Torps is the torpedoes in the box (mines are not torpedoes).
func (l Load) Torps() int { return l.Std + l.FAT + l.T5 }

// All is everything in the box.
func (l Load) All() int { return l.Torps() + l.Mine }

// Boat is a U-boat of the fleet.
type Boat struct {
	ID     string `json:"id"`
	Level  int    `json:"level"`
	XP     int    `json:"xp"`
	Stress int    `json:"stress"`
	// Patrols completed (UBL-5.2, UBL-7.2).
	Patrols int    `json:"patrols"`
	At      string `json:"at"`
	// Searched: in its area's Searched box (UBL-1.2).
	Searched bool     `json:"searched,omitempty"`
	Ready    Load     `json:"ready"`
	Stored   Load     `json:"stored"`
	Gun      int      `json:"gun"`
	Snorkel  bool     `json:"snorkel,omitempty"`
	Missions []string `json:"missions,omitempty"`
	// Attacker: joined a wolfpack and not yet active this turn (UBL-6.25).
	Attacker bool `json:"attacker,omitempty"`
	Sunk     bool `json:"sunk,omitempty"`
	// Retired: its patrols are done and it left the campaign (UBL-7.2).
	Retired bool `json:"retired,omitempty"`
	// This Operations phase: acted, moved, sailed from a port.
	Acted  bool `json:"acted,omitempty"`
	Moved  bool `json:"moved,omitempty"`
	Sailed bool `json:"sailed,omitempty"`
	// ContactMod is the Event cards' modifier to its contact rolls this turn.
	ContactMod int `json:"contact_mod,omitempty"`
	// Drew lists the map areas where it has drawn a Convoy card (or
	// attacked) this turn: the U-Boat Alert is placed once (UBL-6.5).
	Drew []string `json:"drew,omitempty"`
	// Came is the area it moved from last (UBL-5.1, the English Channel).
	Came string `json:"came,omitempty"`
	// InBox is the Special Mission box it is carrying out (UBL-5.4).
	InBox string `json:"in_box,omitempty"`
	// Tallies for the campaign log and the simulation.
	VP        int `json:"vp,omitempty"`
	ShipsSunk int `json:"ships_sunk,omitempty"`
}

// Marks are an area's markers (UBL-1.6).
type Marks struct {
	AirSearch    bool `json:"air_search,omitempty"`
	Supply       bool `json:"supply,omitempty"`
	Intelligence bool `json:"intelligence,omitempty"`
	UBoatAlerts  int  `json:"uboat_alerts,omitempty"`
}

// VPLine is a line of the VP ledger.
type VPLine struct {
	Turn int    `json:"turn"`
	VP   int    `json:"vp"`
	Why  string `json:"why"`
	Case string `json:"case"`
}

// CampaignResult is a finished campaign (UBL-8).
type CampaignResult struct {
	Campaign string `json:"campaign"`
	VP       int    `json:"vp"`
	Grade    string `json:"grade"`
	Lost     int    `json:"lost"`
	Sunk     int    `json:"ships_sunk"`
	Turns    int    `json:"turns"`
}

// Deck is a deck's draw pile (top first) and discards.
type Deck struct {
	Draw    []int `json:"draw"`
	Discard []int `json:"discard,omitempty"`
}

// State is a campaign of U-Boat Leader.
type State struct {
	Schema int       `json:"schema"`
	Setup  SetupInfo `json:"setup"`
	// Linked is the index of the campaign in a linked series (UBL-9.4).
	Linked   int    `json:"linked,omitempty"`
	Campaign string `json:"campaign"`
	Turn     int    `json:"turn"`
	Phase    string `json:"phase"`
	// SO are the Special Option points left, in halves (an advanced
	// torpedo costs ½, UBL-4.6).
	SO     int            `json:"so_halves"`
	Bought map[string]int `json:"bought,omitempty"`
	// RR: R&R bought this Strategic phase (UBL-4.5).
	RR     bool             `json:"rr,omitempty"`
	VP     int              `json:"vp"`
	Ledger []VPLine         `json:"ledger,omitempty"`
	Fleet  []Boat           `json:"fleet"`
	Marks  map[string]Marks `json:"marks,omitempty"`
	Decks  map[string]*Deck `json:"decks"`
	// Cup is the Escort Tactics counters not in play (UBL-6.22), by index.
	Cup    []int   `json:"cup,omitempty"`
	Battle *Battle `json:"battle,omitempty"`
	// Pool is the random fleet's shuffled cards (UBL-9.3).
	Pool   []string `json:"pool,omitempty"`
	Agenda []Step   `json:"agenda"`
	Drawn  []int    `json:"drawn,omitempty"`
	// Seen are the cards entered in physical mode; Form is the one being
	// entered (physical.go, cardform.go).
	Seen     Seen             `json:"seen"`
	Form     *CardForm        `json:"form,omitempty"`
	Decision int              `json:"decision"`
	Done     bool             `json:"done,omitempty"`
	Results  []CampaignResult `json:"results,omitempty"`
	// ShipsSunk this campaign.
	ShipsSunk int `json:"ships_sunk,omitempty"`

	rules *Rules
	pack  *Pack
	rn    *runner
	// bare: no prompt text is built (the simulation); cache: the built-in
	// player's sums of the map, which never change within a campaign.
	bare  bool
	cache map[string]int
	hunt  map[string]string
}

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("uboatleader: encoding: %w", err)
	}
	return b, nil
}

// Pack is the content the game is played with.
func (s *State) Pack() *Pack { return s.pack }

// Year is the campaign's year, whose half of a split Event card applies.
func (s *State) Year() int { return s.campaignYear() }

func (s *State) camp() *CampaignDef { return s.pack.Campaign(s.Campaign) }

func (s *State) length() LengthDef { return s.camp().Lengths[s.Setup.Length] }

func (s *State) board() *mapGraph { return s.pack.idx.maps[s.camp().Map] }

func (s *State) display() *displayGraph { return s.pack.idx.display }

func (s *State) card(b *Boat) *UBoatCard { return s.pack.Boat(b.ID) }

func (s *State) lv(b *Boat) *Lv {
	l := s.card(b).Levels[levelKeys[b.Level]]
	return &l
}

// Stress states (UBL-1.7 "Stress").
const (
	StressOkay   = "okay"
	StressShaken = "shaken"
	StressUnfit  = "unfit"
)

func stressState(stress int) string {
	switch {
	case stress >= 13:
		return StressUnfit
	case stress >= 9:
		return StressShaken
	}
	return StressOkay
}

func (b *Boat) unfit() bool { return stressState(b.Stress) == StressUnfit }

// row is the card row in use: Okay or Shaken; an Unfit crew uses the
// Shaken row's evasion (UBL-1.7).
func (s *State) row(b *Boat) Row {
	l := s.lv(b)
	if stressState(b.Stress) == StressOkay {
		return l.Okay
	}
	return l.Shaken
}

// ev is the boat's evasion: its row's, +2 with a snorkel (UBL-9.2).
func (s *State) ev(b *Boat) int {
	e := s.row(b).EV
	if b.Snorkel {
		e += 2
	}
	return e
}

func (s *State) has(b *Boat, ability string) bool { return contains(s.lv(b).Abilities, ability) }

// inPlay: neither sunk nor retired.
func (b *Boat) inPlay() bool { return !b.Sunk && !b.Retired }

func (s *State) inPort(b *Boat) bool { return s.board().isPort(b.At) }

// atSea: in play and not in a port.
func (s *State) atSea(b *Boat) bool { return b.inPlay() && !s.inPort(b) }

func (s *State) boatName(i int) string {
	b := &s.Fleet[i]
	return fmt.Sprintf("%s (%s)", b.ID, levelKeys[b.Level])
}

func (s *State) areaName(id string) string {
	if a := s.board().area(id); a != nil && a.Name != "" {
		return a.Name
	}
	return id
}

func (s *State) marks(area string) Marks { return s.Marks[area] }

func (s *State) setMarks(area string, f func(m *Marks)) {
	if s.Marks == nil {
		s.Marks = map[string]Marks{}
	}
	m := s.Marks[area]
	f(&m)
	if m == (Marks{}) {
		delete(s.Marks, area)
		return
	}
	s.Marks[area] = m
}

// addStress changes a boat's stress (never below 0) and says so.
func (s *State) addStress(i, n int, cas, why string) {
	b := &s.Fleet[i]
	before := stressState(b.Stress)
	b.Stress = max(0, b.Stress+n)
	after := stressState(b.Stress)
	if s.rn.quiet {
		return
	}
	verb := "+"
	if n < 0 {
		verb = ""
	}
	msg := fmt.Sprintf("%s: %s%d stress (%s), now %d", s.boatName(i), verb, n, why, b.Stress)
	if after != before {
		msg += fmt.Sprintf(": %s", map[string]string{StressOkay: "Okay", StressShaken: "Shaken", StressUnfit: "Unfit"}[after])
	}
	s.note(cas, "%s.", msg)
}

// addVP records Victory Points in the ledger (UBL-6.25: they stand even if
// the boat is later lost).
func (s *State) addVP(vp int, cas, why string) {
	if vp == 0 {
		return
	}
	s.VP += vp
	s.Ledger = append(s.Ledger, VPLine{Turn: s.Turn, VP: vp, Why: why, Case: cas})
	if s.rn.quiet {
		return
	}
	s.note(cas, "%+d VP: %s (campaign total %d).", vp, why, s.VP)
}
