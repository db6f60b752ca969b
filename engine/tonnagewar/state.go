package tonnagewar

import (
	"encoding/json"
	"fmt"
)

// SchemaVersion is the version of an encoded match.
const SchemaVersion = 1

// Seats are the two players: "a" sails the U-boats in the first game, "b"
// in the second (12).
var Seats = [2]string{"a", "b"}

// Hand is one side's cards in a game.
type Hand struct {
	TacDeck     []int `json:"tac_deck"`
	TacHand     []int `json:"tac_hand"`
	TacDiscards []int `json:"tac_discards"`
	OOBDeck     []int `json:"oob_deck"`
	OOBHand     []int `json:"oob_hand"`
}

// ContactCard is a contact in effect (7.2.2, 7.4): its card and its U-boat.
type ContactCard struct {
	Card int `json:"card"`
	Boat int `json:"boat"`
}

// Engagement is an attack or a routing waiting for its responder's next
// turn (5; 8.1, 8.4).
type Engagement struct {
	Kind string `json:"kind"` // uboat_attack, escort_attack, hfdf, air_patrol, routing
	By   Side   `json:"by"`
	Card int    `json:"card"`
	// Group is the face-down units: the attacking U-boat or blank, or the
	// escorts and blanks.
	Group []int `json:"group"`
	// Target is the unit attacked (-1: the convoy); Contact the contact
	// attacked or routed (-1: none).
	Target  int  `json:"target"`
	Contact int  `json:"contact"`
	Pulled  bool `json:"pulled,omitempty"` // 7.3.2: the target came from the U-boat OOB deck
	// Continuation: a second attack on a held U-boat (7.3.7, 7.3.8, 8.6).
	Continuation bool `json:"continuation,omitempty"`
	// Answers is the U-boat attack this escort attack answers (7.3.6).
	Answers *Engagement `json:"answers,omitempty"`
}

// Held is a U-boat its escorts detected and attacked, which they may attack
// again on their next turn (7.3.7, 7.3.8, 10.2).
type Held struct {
	Kind   string `json:"kind"`
	Target int    `json:"target"`
	Group  []int  `json:"group"`
	Flak   bool   `json:"flak,omitempty"`
	Pulled bool   `json:"pulled,omitempty"`
}

// UnitState is what happened to a unit this game.
type UnitState struct {
	Damage int  `json:"damage,omitempty"`
	Sunk   bool `json:"sunk,omitempty"`
	Out    bool `json:"out,omitempty"`    // out of play (11)
	Rescue bool `json:"rescue,omitempty"` // the convoy's rescue ship (14.3)
	// Attacked: a surface escort's first attack rules (8.5.3) are spent on
	// this U-boat.
	Attacked bool `json:"attacked,omitempty"`
	// Depleted: an escort's attack roll reached its depletion number; it
	// attacks no more this game but by gunfire or ramming (8.5.4).
	Depleted bool `json:"depleted,omitempty"`
}

// Stage is the decision being made, step by step: respond, card, use,
// unit, group, designate, end.
type Stage struct {
	Side  Side   `json:"side"`
	Step  string `json:"step"`
	Card  int    `json:"card"`
	Use   string `json:"use,omitempty"`
	Arg   int    `json:"arg"`
	Group []int  `json:"group,omitempty"`
}

// GameStats sums up a finished game.
type GameStats struct {
	UBoatScore  int `json:"uboat_score"`
	EscortScore int `json:"escort_score"`
	ShipsSunk   int `json:"ships_sunk"`
	UBoatsLost  int `json:"uboats_lost"`
}

// State is a match of Tonnage War: two games with the roles swapped (12).
type State struct {
	Schema  int               `json:"schema"`
	Names   [2]string         `json:"names"`
	Rulings map[string]string `json:"rulings,omitempty"`
	Game    int               `json:"game"`
	Round   int               `json:"round"`
	Turn    int               `json:"turn"`
	Mover   Side              `json:"mover"`
	// UBoatSeat is the seat sailing the U-boats in this game.
	UBoatSeat  int           `json:"uboat_seat"`
	Hands      [2]Hand       `json:"hands"`
	Units      []UnitState   `json:"units"`
	OutOfPlay  []int         `json:"out_of_play,omitempty"`
	Contacts   []ContactCard `json:"contacts,omitempty"`
	Open       *Engagement   `json:"open,omitempty"`
	Held       *Held         `json:"held,omitempty"`
	ConvoySunk int           `json:"convoy_sunk"`
	Stage      Stage         `json:"stage"`
	Results    [2][2]int     `json:"results"` // [game-1][seat]
	Stats      [2]GameStats  `json:"stats"`
	Decision   int           `json:"decision"`
	Done       bool          `json:"done,omitempty"`
	Proposal   *Side         `json:"proposal,omitempty"` // who proposed ending the round (4)
	Resume     *Stage        `json:"resume,omitempty"`   // the stage a designation interrupted
	Rescues    int           `json:"rescues_sunk,omitempty"`
	// House is the edition of the house values the match was dealt with
	// (absent in matches saved before editions: the first).
	House int `json:"house,omitempty"`

	rules *Rules
	cat   *catalog
	rn    *runner
}

// seatOf is the seat playing a side in this game.
func (s *State) seatOf(side Side) int {
	if side == UBoats {
		return s.UBoatSeat
	}
	return 1 - s.UBoatSeat
}

func (s *State) card(id int) Card { return s.cat.cards[id] }

// house is the match's edition of the house values.
func (s *State) house() *House    { return s.rules.data.Scenario.house(s.House) }
func (s *State) unit(id int) Unit { return s.cat.units[id] }

// Encode implements engine.State.
func (s *State) Encode() ([]byte, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("tonnagewar: encoding: %w", err)
	}
	return b, nil
}
