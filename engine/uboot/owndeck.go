package uboot

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Cards from the owner's own decks (set-up cards=own). The rulebook prints
// no card texts (digest §14): a group that owns the game draws its own
// morale (§7.3), event (§8.7) and wound (§8.8) cards, shuffled by hand, and
// tells the board which came up. A card never drawn before is entered the
// first time, its values as printed, each a choice among the legal ones;
// the board keeps it (State.Entered, saved with the game), so the next time
// the same card comes up it is one click. Nothing is rolled for these
// decks: the players' shuffle is the chance, and every answer is a
// decision in the log, so a replay reads the cards back.
//
// The board cannot stop in the middle of an entry (an entry changes the
// board only at its last step, doc.go), so a draw is queued (State.Draws)
// and asked as soon as the entry that drew it is done: a morale card paid
// for by an order is resolved right after that order's activations, a
// wound card right after the crew damage that dealt it, in the order
// drawn. A card's text and name are the players' to read off their card:
// a chat choice cannot take free text, and the board reads only the values
// (kind, morale, its bar and treatment, forbidden orders), so an entered
// card is called by its deck and the order it was entered in.
//
// The Captain's hand (§7.7) is dealt from his own cards at set-up, so the
// board's first entries are those draws. The Chief Engineer's cards
// (§10.3.3), dealt evenly into the toolboxes, stay the pack's.

// ownDecks are the decks drawn from the owner's own cards.
var ownDecks = []string{"morale1", "morale2", "morale3", "events", "burns", "shock", "poisoning", "gunshot", "captain"}

var woundDecks = []string{"burns", "shock", "poisoning", "gunshot"}

var deckTitles = map[string]string{"morale1": "morale deck 1", "morale2": "morale deck 2", "morale3": "morale deck 3", "events": "event deck",
	"burns": "burns wound deck", "shock": "electric shock wound deck", "poisoning": "poisoning wound deck", "gunshot": "gunshot wound deck",
	"captain": "Captain's deck"}

// forHand marks a draw for the Captain's hand (§7.7, dealt at set-up).
const forHand = "hand"

// Draw is a card to be drawn from the owner's own deck.
type Draw struct {
	Deck    string `json:"deck"`
	Case    string `json:"case"`
	Purpose string `json:"purpose"`
	// For is the figure a wound card goes to (§8.8); "" for a morale or
	// event card, resolved as it says (§7.3, §8.7).
	For string `json:"for,omitempty"`
	// Tried are the wound decks reported empty for this draw (§8.8:
	// another deck then); Choose: the players are asked which
	// (wounddeck.go). A draw from the pack's decks waits in the queue
	// only for that question.
	Tried  []string `json:"tried,omitempty"`
	Choose bool     `json:"choose,omitempty"`
	// Form is the card being entered, when it is new.
	Form *CardForm `json:"form,omitempty"`
}

// CardForm is a card being entered: its answers in the order given
// ("back" forgets the last), the supplies and forbidden orders chosen.
type CardForm struct {
	Values   map[string]int `json:"values,omitempty"`
	Order    []string       `json:"order,omitempty"`
	Supplies []string       `json:"supplies,omitempty"`
	Forbids  []string       `json:"forbids,omitempty"`
}

// card is a card by id: one entered from the owner's deck, or the pack's;
// deck is the deck it belongs to.
func (s *State) card(id string) (CardDef, string, bool) {
	if rest, ok := strings.CutPrefix(id, "own:"); ok {
		for _, c := range s.Entered {
			if c.ID == id {
				deck, _, _ := strings.Cut(rest, ":")
				return c, deck, true
			}
		}
		return CardDef{}, "", false
	}
	return s.p.card(id)
}

// queueDraw asks for a card of the owner's deck after the entry (see above).
func (s *State) queueDraw(deck, cas, purpose, fig string) {
	s.Draws = append(s.Draws, Draw{Deck: deck, Case: cas, Purpose: purpose, For: fig})
	s.note(cas, fmt.Sprintf("%s: draw the top card of your own %s.", purpose, deckTitles[deck]))
}

// drawer is the role who draws from a deck (§5.2: the Captain holds the
// morale decks, the First Officer the event and wound cards).
func drawer(deck string) string {
	if strings.HasPrefix(deck, "morale") || deck == "captain" {
		return captain
	}
	return fo
}

// held are the cards of the owner's decks not in their decks now: on a
// sailor (§6.9) or in the Captain's hand (§8.7).
func (s *State) held() map[string]bool {
	out := map[string]bool{}
	for _, id := range s.Hand {
		out[id] = true
	}
	for w := range s.Sailors {
		for _, sl := range s.Sailors[w] {
			for _, c := range sl.Cards {
				out[c.Card] = true
			}
		}
	}
	return out
}

func (s *State) drawPrompt() *engine.Prompt {
	dr := &s.Draws[0]
	if dr.Choose {
		return s.woundDeckPrompt(dr)
	}
	if dr.Form != nil {
		return s.formPrompt(dr)
	}
	var o []engine.Option
	held := s.held()
	for _, c := range s.Entered {
		if _, deck, _ := s.card(c.ID); deck == dr.Deck && !held[c.ID] {
			o = append(o, engine.Option{Key: "k:" + c.ID, Label: c.Title + ": " + c.Text, Short: c.Title, Case: dr.Case})
		}
	}
	o = append(o,
		engine.Option{Key: "new", Label: "A card not entered before: enter its values as printed", Short: "New card", Case: dr.Case},
		engine.Option{Key: "empty", Label: "The " + deckTitles[dr.Deck] + " is empty", Short: "Deck empty", Case: dr.Case})
	if len(o) > 25 {
		o = o[len(o)-25:] // a menu's limit; the newest entered cards stay offered
	}
	return &engine.Prompt{Kind: "uboot.draw", Title: "Card from your own deck", Subject: deckTitles[dr.Deck], Seat: drawer(dr.Deck),
		Text: fmt.Sprintf("%s (§%s): draw the top card of your own %s. Which card is it?", dr.Purpose, dr.Case, deckTitles[dr.Deck]), Case: dr.Case, Options: o}
}

func (s *State) applyDraw(key string) {
	dr := &s.Draws[0]
	if dr.Choose {
		s.applyWoundDeck(dr, key)
		return
	}
	if dr.Form != nil {
		s.applyForm(dr, key)
		return
	}
	switch {
	case key == "new":
		dr.Form = &CardForm{Values: map[string]int{}}
	case key == "empty":
		s.deckEmpty(dr)
	default:
		id := strings.TrimPrefix(key, "k:")
		s.resolveDrawn(id)
	}
}

// deckEmpty: a morale or event deck without cards draws none (§7.3, §8.7);
// an empty wound deck is replaced by another, the players' choice (§8.8,
// wounddeck.go).
func (s *State) deckEmpty(dr *Draw) {
	if dr.For == "" {
		s.note(dr.Case, "Your "+deckTitles[dr.Deck]+" is empty: no card.")
		s.Draws = s.Draws[1:]
		return
	}
	if dr.For == forHand {
		s.note(dr.Case, "Your Captain's deck is used up: the hand stays as it is.")
		s.Draws = s.Draws[1:]
		return
	}
	if !s.woundElsewhere(dr) {
		s.Draws = s.Draws[1:]
	}
}

// resolveDrawn takes the first draw off the queue and resolves its card as
// a drawn card of the pack is (cards.go).
func (s *State) resolveDrawn(id string) {
	dr := s.Draws[0]
	s.Draws = s.Draws[1:]
	c, _, _ := s.card(id)
	switch dr.For {
	case "":
		s.resolveCard(id, dr.Deck, dr.Case)
		return
	case forHand:
		s.Hand = append(s.Hand, id)
		s.note("7.7", c.Title+" joins the Captain's hand.")
		return
	}
	i := figIndex(dr.For)
	if !s.onBoard(i) {
		s.bottom(dr.Deck, id)
		s.note("8.8", dr.For+" is no longer on the model: "+c.Title+" goes back under its deck.")
		return
	}
	s.assign(i, c, "8.8")
}

// entries counts the cards entered from one of the owner's decks.
func (s *State) entries(deck string) int {
	n := 0
	for _, c := range s.Entered {
		if _, d, _ := s.card(c.ID); d == deck {
			n++
		}
	}
	return n
}
