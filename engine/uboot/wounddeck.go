package uboot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// §8.8: "If you ever need to assign a wound card of a given type and there
// are no more cards of that type, then choose a different wound deck and
// draw a card as normal." The deck is the players' choice, so the board
// asks it (the First Officer's prompt: he draws the wound cards, §5.2),
// keys "d:shock" and so on, offering only the decks that can still give a
// card: the pack's decks with cards, or the owner's decks not reported
// empty for this draw. With one such deck there is nothing to choose and
// it is taken; with none, no card. The board stops only between entries
// (doc.go), so the question waits in the draw queue (owndeck.go) and is
// asked when the crew damage that needs it is resolved, in the order drawn.

// woundChoices are the wound decks the draw dr may turn to.
func (s *State) woundChoices(dr *Draw) []string {
	var out []string
	for _, d := range woundDecks {
		if d == dr.Deck || slices.Contains(dr.Tried, d) {
			continue
		}
		if !s.Own && len(s.Decks[d].Hidden)+len(s.Decks[d].Bottom) == 0 {
			continue
		}
		out = append(out, d)
	}
	return out
}

// woundElsewhere: dr's wound deck has no card for dr.For. It reports
// whether dr must wait in the queue (the players choose, or, with the
// owner's cards, draw from the one deck left); false when the card was
// drawn at once from the pack's one deck left, or no deck has one.
func (s *State) woundElsewhere(dr *Draw) bool {
	ds := s.woundChoices(dr)
	dr.Tried = append(dr.Tried, dr.Deck)
	switch len(ds) {
	case 0:
		s.note("8.8", "Every wound deck is empty: no card for "+dr.For+".")
		return false
	case 1:
		s.note("8.8", fmt.Sprintf("The %s is empty: %s's card comes from the %s, the only one left.", deckTitles[dr.Deck], dr.For, deckTitles[ds[0]]))
		dr.Deck = ds[0]
		if s.Own {
			return true
		}
		s.drawWound(*dr, true)
		return false
	}
	s.note("8.8", fmt.Sprintf("The %s is empty: choose a different wound deck for %s's card.", deckTitles[dr.Deck], dr.For))
	dr.Choose = true
	return true
}

// drawWound draws dr's card from the pack's deck dr.Deck and gives it to
// dr.For; a deck turned to is shuffled first ("draw a card as normal":
// the deck of a crew-damage resolution is shuffled once before it, §8.8).
func (s *State) drawWound(dr Draw, shuffle bool) {
	if shuffle {
		s.Decks[dr.Deck].shuffle()
	}
	id, err := s.drawCard(dr.Deck, "8.8", dr.Purpose)
	if err != nil || id == "" {
		s.note("8.8", "Every wound deck is empty: no card for "+dr.For+".")
		return
	}
	c, _, _ := s.card(id)
	i := figIndex(dr.For)
	if !s.onBoard(i) {
		s.bottom(dr.Deck, id)
		s.note("8.8", dr.For+" is no longer on the model: "+c.Title+" goes back under its deck.")
		return
	}
	s.assign(i, c, "8.8")
}

// woundDeckPrompt asks the players which wound deck dr's card comes from.
func (s *State) woundDeckPrompt(dr *Draw) *engine.Prompt {
	var o []engine.Option
	for _, d := range s.woundChoices(dr) {
		lbl := "The " + deckTitles[d]
		if !s.Own {
			lbl += fmt.Sprintf(" (%d card(s))", len(s.Decks[d].Hidden)+len(s.Decks[d].Bottom))
		}
		o = append(o, engine.Option{Key: "d:" + d, Label: lbl, Short: strings.TrimSuffix(deckTitles[d], " wound deck"), Case: "8.8"})
	}
	return &engine.Prompt{Kind: "uboot.wounddeck", Title: "Wound card", Subject: dr.For, Seat: fo,
		Text: fmt.Sprintf("%s (§8.8): the %s is empty. Which wound deck does the card come from?", dr.Purpose, deckTitles[dr.Deck]), Case: "8.8", Options: o}
}

// applyWoundDeck takes the chosen deck: the pack's card is drawn now; the
// owner's is asked next, as any draw from his deck.
func (s *State) applyWoundDeck(dr *Draw, key string) {
	dr.Deck, dr.Choose = strings.TrimPrefix(key, "d:"), false
	s.note("8.8", fmt.Sprintf("%s's card comes from the %s.", dr.For, deckTitles[dr.Deck]))
	if s.Own {
		s.note("8.8", "Shuffle your own "+deckTitles[dr.Deck]+" first.")
		return
	}
	d := *dr
	s.Draws = s.Draws[1:]
	s.drawWound(d, true)
}
