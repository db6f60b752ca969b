// Package ubltest plays U-Boat Leader's physical components mode as a
// player at the table does: it holds its own decks (a pack's cards, as if
// printed), draws from them, and answers the bot's card prompts by pressing
// the options that enter what it drew. Tests of the engine and of the chat
// adapters share it; it answers the card prompts only, and the caller's own
// player (uboatleader.BuiltIn) takes every other decision.
//
// It is not a _test.go file so that tests in several packages can use it.
package ubltest

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

// Player holds decks of printed cards and enters them as it draws them.
type Player struct {
	cards   *uboatleader.Pack
	rng     *rand.Rand
	entered map[int]bool
	holding map[string]int
	// wanted is the card drawn but not yet pressed, by deck: a long list of
	// cards entered before is paged, and it may be on another page.
	wanted  map[string]int
	forward map[string]bool
	// Clumsy: on every third new card it presses a wrong value for the
	// speed, the torpedo modifier or the first effect, then "back", and at
	// the confirmation enters the card's number again before saying yes.
	Clumsy  bool
	newOnes int
	slip    int // 1: a wrong value pressed; 2: "back" pressed
	fixed   bool
	// Did counts what it pressed, by kind: "new", "known", "back", "fix",
	// "yes", "half" (a known Event card entered again for another year),
	// "page" (a page of a long list turned), "slip".
	Did map[string]int
}

// New is a player whose decks are the cards of a pack, drawn in an order
// the seed decides.
func New(cards *uboatleader.Pack, seed uint64) *Player {
	return &Player{cards: cards, rng: rand.New(rand.NewPCG(seed, 0x0b1)), entered: map[int]bool{}, holding: map[string]int{}, wanted: map[string]int{}, forward: map[string]bool{}, Did: map[string]int{}}
}

// Card prompt kinds: "uboatleader.draw.<deck>" and "uboatleader.card_form.<deck>".
const (
	drawKind = "uboatleader.draw."
	formKind = "uboatleader.card_form."
)

// IsCardPrompt reports whether a prompt asks for a card.
func IsCardPrompt(p *engine.Prompt) bool {
	return strings.HasPrefix(p.Kind, drawKind) || strings.HasPrefix(p.Kind, formKind)
}

// Answer is the key it presses at a card prompt of game s.
func (pl *Player) Answer(s *uboatleader.State, p *engine.Prompt) (string, error) {
	switch {
	case strings.HasPrefix(p.Kind, drawKind):
		return pl.draw(s, p, strings.TrimPrefix(p.Kind, drawKind))
	case strings.HasPrefix(p.Kind, formKind):
		return pl.form(s, p, strings.TrimPrefix(p.Kind, formKind))
	}
	return "", fmt.Errorf("ubltest: %s is not a card prompt", p.Kind)
}

// draw takes a card of the deck at random among those it still holds: not
// entered yet, or entered and offered (a card on the table is not).
func (pl *Player) draw(s *uboatleader.State, p *engine.Prompt, deck string) (string, error) {
	if n := pl.wanted[deck]; n != 0 {
		return pl.press(p, deck, n)
	}
	var can []int
	removed := s.Pack().Campaign(s.Campaign).RemoveConvoys
	for _, n := range pl.numbers(deck) {
		if deck == uboatleader.DeckConvoys && contains(removed, n) {
			continue
		}
		if !pl.entered[n] || p.HasOption(fmt.Sprintf("card=%d", n)) {
			can = append(can, n)
		}
	}
	if len(can) == 0 {
		return "", fmt.Errorf("ubltest: no %s card left to draw", deck)
	}
	n := can[pl.rng.IntN(len(can))]
	pl.holding[deck] = n
	if pl.entered[n] {
		pl.wanted[deck] = n
		return pl.press(p, deck, n)
	}
	if !p.HasOption("new") {
		return "", fmt.Errorf("ubltest: %s: no option for a new card in %+v", p.Kind, p.Options)
	}
	pl.Did["new"]++
	pl.newOnes++
	pl.slip, pl.fixed = 0, false
	return "new", nil
}

// press takes a card entered before from the list, turning its pages
// until it is there (the list holds the cards not on the table, so it is
// on one of them).
func (pl *Player) press(p *engine.Prompt, deck string, n int) (string, error) {
	key := fmt.Sprintf("card=%d", n)
	switch {
	case p.HasOption(key):
		delete(pl.wanted, deck)
		delete(pl.forward, deck)
		pl.Did["known"]++
		return key, nil
	case !pl.forward[deck] && p.HasOption("page-"):
		pl.Did["page"]++
		return "page-", nil // back to the first page, then forward
	case p.HasOption("page+"):
		pl.forward[deck] = true
		pl.Did["page"]++
		return "page+", nil
	}
	return "", fmt.Errorf("ubltest: %s card #%d is not offered", deck, n)
}

func (pl *Player) numbers(deck string) []int {
	var out []int
	switch deck {
	case uboatleader.DeckEvents:
		for _, e := range pl.cards.Events {
			out = append(out, e.Number)
		}
	case uboatleader.DeckConvoys:
		for _, c := range pl.cards.Convoys {
			out = append(out, c.Number)
		}
	default:
		for _, c := range pl.shipDeck(deck) {
			out = append(out, c.Number)
		}
	}
	return out
}

func (pl *Player) shipDeck(deck string) []uboatleader.ShipCard {
	switch deck {
	case uboatleader.DeckMerchants:
		return pl.cards.Ships.Merchants
	case uboatleader.DeckEscorts:
		return pl.cards.Ships.Escorts
	case uboatleader.DeckEscortFleet:
		return pl.cards.Ships.EscortFleet
	case uboatleader.DeckWarships:
		return pl.cards.Ships.Warships
	}
	return nil
}

// form answers a field of the card it holds, or confirms it.
func (pl *Player) form(s *uboatleader.State, p *engine.Prompt, deck string) (string, error) {
	n := pl.holding[deck]
	answers := pl.answers(s, deck, n)
	if answers == nil {
		return "", fmt.Errorf("ubltest: it holds no %s card #%d", deck, n)
	}
	clumsy := pl.Clumsy && pl.newOnes%3 == 1 && !pl.entered[n]
	if p.HasOption("yes") {
		if clumsy && !pl.fixed {
			for _, o := range p.Options {
				if strings.HasPrefix(o.Key, "fix=") {
					pl.fixed = true
					pl.Did["fix"]++
					return o.Key, nil
				}
			}
		}
		if pl.entered[n] {
			pl.Did["half"]++
		}
		pl.entered[n] = true
		pl.Did["yes"]++
		return "yes", nil
	}
	if clumsy && pl.slip == 1 && p.HasOption("back") {
		pl.slip = 2
		pl.Did["back"]++
		return "back", nil
	}
	key := uboatleader.FormKey(p, answers)
	if key == "" {
		return "", fmt.Errorf("ubltest: %s card #%d cannot answer %q (options %+v)", deck, n, p.Text, p.Options)
	}
	field, _, _ := strings.Cut(key, "=")
	if clumsy && pl.slip == 0 && (field == "speed" || field == "torpedo_mod" || field == "effect1.kind") {
		for _, o := range p.Options {
			if o.Key != key && strings.HasPrefix(o.Key, field+"=") && o.Key != field+"=0" {
				pl.slip = 1
				pl.Did["slip"]++
				return o.Key, nil
			}
		}
	}
	return key, nil
}

// answers are the form's answers for a card it holds.
func (pl *Player) answers(s *uboatleader.State, deck string, n int) map[string]int {
	switch deck {
	case uboatleader.DeckEvents:
		for _, e := range pl.cards.Events {
			if e.Number == n {
				return uboatleader.EventAnswers(n, effectsIn(e, s.Year()))
			}
		}
	case uboatleader.DeckConvoys:
		for i, c := range pl.cards.Convoys {
			if c.Number == n {
				return uboatleader.ConvoyAnswers(&pl.cards.Convoys[i], &s.Pack().Display)
			}
		}
	default:
		cards := pl.shipDeck(deck)
		for i := range cards {
			if cards[i].Number == n {
				return uboatleader.ShipAnswers(deck, &cards[i])
			}
		}
	}
	return nil
}

// effectsIn are a printed Event card's effects in a year (its half).
func effectsIn(e uboatleader.EventCard, year int) []uboatleader.Effect {
	if len(e.Halves) == 0 {
		return e.Effects
	}
	for _, h := range e.Halves {
		if year >= h.From && year <= h.To {
			return h.Effects
		}
	}
	return nil
}

func contains(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
