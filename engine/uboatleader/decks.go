package uboatleader

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Decks (UBL-2 "Preparazione dei Mazzi", "Mischiare le Carte"): built from
// the pack for the campaign, shuffled with the dice, drawn from the top;
// after the last card is drawn the discards are shuffled into a new deck.
//
// Every draw is a step of its own ("draw", with the deck in Key, registered
// in cardform.go), whose card lands in State.Drawn for the step after it to
// take. With the pack's decks it draws the top card (drawCard); in physical
// mode (SetupInfo.Draws = "physical", physical.go) it asks the player which
// card he drew from his own deck, and his answer lands in Drawn the same
// way; the shuffles and reshuffles are then his and roll no dice. Nothing
// after the draw changes: the step that consumes Drawn cannot tell where the
// card came from.

// deckCases are the rule each deck's draws cite.
var deckCases = map[string]string{
	DeckEvents: "UBL-5.3", DeckConvoys: "UBL-6.3", DeckMerchants: "UBL-6.8", DeckEscorts: "UBL-6.8",
	DeckEscortFleet: "UBL-6.8", DeckWarships: "UBL-6.8",
}

var deckNames = map[string]string{
	DeckEvents: "Event", DeckConvoys: "Convoy", DeckMerchants: "Merchant", DeckEscorts: "Escort",
	DeckEscortFleet: "Escort Fleet", DeckWarships: "Warship",
}

// buildDecks makes the campaign's decks: the Convoy cards its sheet removes
// are out, the three Escort Fleet cards are set aside as their own deck
// (UBL-2), and every deck is shuffled.
func (s *State) buildDecks() {
	c := s.camp()
	s.Decks = map[string]*Deck{}
	var evs, convoys []int
	for _, e := range s.pack.Events {
		evs = append(evs, e.Number)
	}
	for _, cv := range s.pack.Convoys {
		if !containsInt(c.RemoveConvoys, cv.Number) {
			convoys = append(convoys, cv.Number)
		}
	}
	s.Decks[DeckEvents] = &Deck{Draw: evs}
	s.Decks[DeckConvoys] = &Deck{Draw: convoys}
	for _, name := range shipDeckNames {
		var ids []int
		for _, sc := range s.pack.Ships.deck(name) {
			ids = append(ids, sc.Number)
		}
		s.Decks[name] = &Deck{Draw: ids}
	}
	if s.physical() {
		// The player's own decks: he shuffles them; the pack's stay unused.
		for _, d := range s.Decks {
			d.Draw = nil
		}
		s.note("UBL-2", "Your own cards: shuffle your Event, Convoy, Merchant, Escort and Warship decks and set the three Escort Fleet cards aside as their own deck; when a deck runs out, shuffle its discards into a new one. At each draw, tell me the card.")
		switch {
		case len(c.RemoveConvoys) > 0 && s.housePhysical():
			s.note("UBL-2", "Take out of your Convoy deck the cards your campaign sheet lists for this period (UBL-2): pack %s numbers its cards its own way, so its list for %s would not name yours.", s.pack.Meta.ID, c.Name)
		case len(c.RemoveConvoys) > 0:
			s.note("UBL-2", "Take Convoy cards %v out of your Convoy deck for %s.", c.RemoveConvoys, c.Name)
		}
	} else {
		for _, name := range []string{DeckEvents, DeckConvoys, DeckMerchants, DeckEscorts, DeckEscortFleet, DeckWarships} {
			s.shuffle(s.Decks[name].Draw, "the "+deckNames[name]+" deck")
		}
		if len(c.RemoveConvoys) > 0 {
			s.note("UBL-2", "Convoy cards removed for %s: %v.", c.Name, c.RemoveConvoys)
		}
	}
	// Escort Tactics counters only in campaigns from June 1942 (UBL-2, UBL-6.22).
	s.Cup = nil
	if s.tactics() {
		for i, t := range s.pack.Tactics {
			for k := 0; k < t.Count; k++ {
				s.Cup = append(s.Cup, i)
			}
		}
		s.note("UBL-6.22", "The campaign starts in June 1942 or later: %d Escort Tactics counters go in the cup.", len(s.Cup))
	}
}

// tacticsFrom: campaigns that start then or later use the Escort Tactics.
var tacticsFrom = Month{1942, 6}

func (s *State) tactics() bool { return !s.camp().Start.Before(tacticsFrom) }

// shuffle orders cards with a Fisher-Yates draw. Its dice are hidden until
// the campaign ends: they would tell the decks' order.
func (s *State) shuffle(ids []int, what string) {
	if len(ids) < 2 {
		return
	}
	faces := make([]int, 0, len(ids)-1)
	for i := len(ids) - 1; i > 0; i-- {
		f := s.die(i + 1)
		faces = append(faces, f)
		ids[i], ids[f-1] = ids[f-1], ids[i]
	}
	if s.rn.quiet {
		return
	}
	r := &engine.Roll{Case: "UBL-2", Purpose: "Shuffle " + what, Dice: "shuffle" + strconv.Itoa(len(ids)), Faces: faces, Result: "shuffled"}
	s.emit(engine.Event{Kind: engine.KindRoll, Case: "UBL-2", Hidden: true, Text: r.Purpose, Roll: r})
}

// drawCard takes the top card of a deck, reshuffling its discards when it
// runs out (UBL-2).
func (s *State) drawCard(deck string) int {
	d := s.Decks[deck]
	if len(d.Draw) == 0 {
		s.reshuffle(deck)
	}
	if len(d.Draw) == 0 {
		// The pack's validation sizes every deck for the most a card can
		// put in play, so this is a bug, not a player's doing.
		panic(fmt.Sprintf("uboatleader: the %s deck and its discards are empty", deck))
	}
	n := d.Draw[0]
	d.Draw = d.Draw[1:]
	if !s.rn.quiet {
		s.note(deckCases[deck], "Draws %s card #%d %s.", deckNames[deck], n, s.cardName(deck, n))
	}
	if len(d.Draw) == 0 {
		s.reshuffle(deck)
	}
	return n
}

func (s *State) reshuffle(deck string) {
	d := s.Decks[deck]
	if len(d.Discard) == 0 {
		return
	}
	d.Draw = append(d.Draw, d.Discard...)
	d.Discard = nil
	s.shuffle(d.Draw, "the "+deckNames[deck]+" discards into a new deck")
	s.note("UBL-2", "The %s deck is out: its %d discards are shuffled into a new deck.", deckNames[deck], len(d.Draw))
}

func (s *State) discard(deck string, n int) {
	s.Decks[deck].Discard = append(s.Decks[deck].Discard, n)
}

// takeDrawn hands the step after a draw its card.
func (s *State) takeDrawn() int {
	n := s.Drawn[0]
	s.Drawn = s.Drawn[1:]
	return n
}

func (s *State) cardName(deck string, n int) string {
	switch deck {
	case DeckEvents:
		return s.eventCard(n).Name
	case DeckConvoys:
		c := s.convoyCard(n)
		return strings.TrimSpace(fmt.Sprintf("%s (type %s)", c.Name, c.Type))
	}
	if c := s.shipOf(deck, n); c != nil {
		return c.Name
	}
	return "?"
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
