package tonnagewar

import "fmt"

// Side is a role: the U-boat player or the escort player.
type Side int

// The two sides.
const (
	UBoats Side = iota
	Escorts
)

func (s Side) String() string {
	if s == UBoats {
		return "U-boat player"
	}
	return "escort player"
}

// Other is the opposing side.
func (s Side) Other() Side { return 1 - s }

// Card is one tactical card.
type Card struct {
	ID    int
	Side  Side
	Kind  CardKind
	Rank  string
	Suit  string
	Label string
	Case  string
	Rolls int // attack rolls (7.2.3)
	Mod   int // attack, evade or flak modifier
	Group int // escorts a card may bring (7.3)
}

// Name is the card as a player calls it: "♠Q Bow attack, 3 rolls".
func (c Card) Name() string { return c.Suit + c.Rank + " " + c.Label }

// Unit types of the OOB decks.
const (
	UBoat   = "uboat"
	Air     = "air"
	Surface = "surface"
	Blank   = "blank"
)

// Unit is one OOB card: a U-boat, an escort or a blank.
type Unit struct {
	ID      int
	Side    Side
	Type    string
	Quality string // N, R, A (none for a blank)
}

// Name is the unit as its owner sees it: "U-boat (Ace)".
func (u Unit) Name() string {
	q := map[string]string{"N": "Novice", "R": "Regular", "A": "Ace"}[u.Quality]
	switch u.Type {
	case UBoat:
		return fmt.Sprintf("U-boat (%s)", q)
	case Air:
		return fmt.Sprintf("air escort (%s)", q)
	case Surface:
		return fmt.Sprintf("surface escort (%s)", q)
	}
	return "blank"
}

// catalog is a match's cards and units, built from the data in a fixed
// order so that ids mean the same card in every game of the match.
type catalog struct {
	cards []Card
	units []Unit
}

func newCatalog(d *Data, h *House) *catalog {
	c := &catalog{}
	for side, lines := range [][]cardLine{d.cards.UBoat, d.cards.Escort} {
		for _, l := range lines {
			for _, r := range l.Ranks {
				c.cards = append(c.cards, Card{ID: len(c.cards), Side: Side(side), Kind: l.Kind, Rank: r, Suit: l.Suit, Label: l.Label, Case: l.Case, Rolls: l.Rolls, Mod: l.Mod, Group: l.Group})
			}
		}
	}
	s := d.Scenario
	add := func(side Side, typ, q string, n int) {
		for i := 0; i < n; i++ {
			c.units = append(c.units, Unit{ID: len(c.units), Side: side, Type: typ, Quality: q})
		}
	}
	for _, q := range []string{"N", "R", "A"} {
		add(UBoats, UBoat, q, h.Crews[q])
	}
	add(UBoats, Blank, "", s.UBoat.Blanks)
	for _, q := range []string{"N", "R", "A"} {
		add(Escorts, Air, q, h.Air[q])
	}
	for _, q := range []string{"N", "R", "A"} {
		add(Escorts, Surface, q, h.Surface[q])
	}
	add(Escorts, Blank, "", s.Escort.Blanks)
	return c
}

// deck lists a side's card or unit ids in catalog order.
func (c *catalog) tacticalDeck(side Side) []int {
	var out []int
	for _, card := range c.cards {
		if card.Side == side {
			out = append(out, card.ID)
		}
	}
	return out
}

func (c *catalog) oobDeck(side Side) []int {
	var out []int
	for _, u := range c.units {
		if u.Side == side {
			out = append(out, u.ID)
		}
	}
	return out
}
