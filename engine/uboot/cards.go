package uboot

import (
	"fmt"
	"slices"
	"strings"
)

// Cards (§7.3 morale, §8.7 events, §8.8 wounds), crew tokens (§7.6) and
// crew damage (§6.12).

// moraleCard draws and resolves a card of a morale deck (§7.3).
func (s *State) moraleCard(deck, space string) {
	if s.Own {
		s.queueDraw(deck, "7.3", "Morale card for space "+space, "")
		return
	}
	id, err := s.drawCard(deck, "7.3", "Morale card for space "+space)
	if err != nil {
		return
	}
	if id == "" {
		s.note("7.3", "The "+deck+" deck is empty: no card.")
		return
	}
	s.resolveCard(id, deck, "7.3")
}

// resolveCard resolves a drawn morale or event card: a health card for a
// random sailor goes to the sailor a crew token names (§7.3, §7.6), a hand
// card joins the Captain's hand (§8.7), an effect is resolved and put at
// the bottom of its deck. Effects the card prints beyond its bar and its
// morale are the players' to carry out, as it says.
func (s *State) resolveCard(id, deck, cas string) {
	c, _, _ := s.card(id)
	s.note(cas, fmt.Sprintf("Card drawn: %s — %s", c.Title, c.Text))
	switch c.Kind {
	case "hand":
		s.Hand = append(s.Hand, id)
		s.note(cas, c.Title+" joins the Captain's hand (§8.7).")
		return
	case "health":
		if !c.Random {
			s.bottom(deck, id)
			return
		}
		i, ok := s.crewToken(cas, "Crew token: the sailor "+c.Title+" goes to")
		if !ok {
			s.bottom(deck, id)
			s.note("7.6", "The token names a sailor not on the model: the card is discarded without effect.")
			return
		}
		s.assign(i, c, cas)
		return
	}
	if c.Morale > 0 {
		s.moraleUp(c.Morale, cas, c.Title)
	} else if c.Morale < 0 {
		s.moraleDown(-c.Morale, cas, c.Title)
	}
	s.bottom(deck, id)
}

// assign tucks a health card under figure i's sailor (§6.9).
func (s *State) assign(i int, c CardDef, cas string) {
	s.note("6.9", fmt.Sprintf("%s gets %s: %d wound, %d fatigue, %d activation; its treatment: %s.", figureIDs[i], c.Title, c.Bar.Wound, c.Bar.Fatigue, c.Bar.Activation, strings.Join(c.Bar.Supplies, ", ")))
	ex := s.placeHealth(i, c)
	s.excess(ex, "6.9")
}

// crewToken draws one crew token from the full bag of 16 (§7.6): the
// figure it names, and false when that figure is not on the model.
func (s *State) crewToken(cas, purpose string) (int, bool) {
	k, err := s.pick(len(figureIDs), cas, purpose, func(k int) string { return figureIDs[k] })
	if err != nil {
		return 0, false
	}
	return k, s.onBoard(k)
}

// crewDamage resolves crew damage of one kind in one section (§6.12):
// draw as many crew tokens as the affected sailors, times the tokens of
// that kind; each drawn token matching an affected sailor wounds him, and
// he gets a wound card of the kind's deck, the deck shuffled once first
// (§8.8). Sections 7 and 8 count as one.
func (s *State) crewDamage(kind string, where string, affected []int, times int, cas string) {
	deck := "gunshot"
	if d, ok := hazardDeck[kind]; ok {
		deck = d
	}
	var alive []int
	for _, i := range affected {
		if s.onBoard(i) && !slices.Contains(alive, i) {
			alive = append(alive, i)
		}
	}
	if len(alive) == 0 {
		return
	}
	n := len(alive) * max(1, times)
	if s.ruling(rCrewBag) == "cap" && n > len(figureIDs) {
		n = len(figureIDs)
	}
	s.note("6.12", fmt.Sprintf("Crew damage (%s) in %s: %d sailor(s) %v, %d crew token(s) drawn.", kind, where, len(alive), names(alive), n))
	var bag []int
	var hit []int
	for k := 0; k < n; k++ {
		if len(bag) == 0 {
			bag = make([]int, len(figureIDs)) // a full bag (ruling crew-bag)
			for j := range bag {
				bag[j] = j
			}
		}
		j, err := s.pick(len(bag), "6.12", fmt.Sprintf("Crew token %d of %d (%s, %s)", k+1, n, kind, where), func(j int) string { return figureIDs[bag[j]] })
		if err != nil {
			return
		}
		f := bag[j]
		bag = slices.Delete(bag, j, j+1)
		if slices.Contains(alive, f) {
			hit = append(hit, f)
		}
	}
	if len(hit) == 0 {
		s.note("6.12", "No drawn token matches a sailor there: nobody is hurt.")
		return
	}
	s.Decks[deck].shuffle()
	if s.Own {
		s.note("8.8", "Shuffle your own "+deckTitles[deck]+" first.")
	}
	for _, f := range hit {
		if !s.onBoard(f) {
			continue // killed by an earlier card of this resolution (§7.6)
		}
		if s.Own {
			s.queueDraw(deck, "8.8", "Wound card for "+figureIDs[f], figureIDs[f])
			continue
		}
		dr := Draw{Deck: deck, Case: "8.8", Purpose: "Wound card for " + figureIDs[f], For: figureIDs[f]}
		if len(s.Decks[deck].Hidden)+len(s.Decks[deck].Bottom) > 0 {
			s.drawWound(dr, false)
		} else if s.woundElsewhere(&dr) {
			s.Draws = append(s.Draws, dr) // §8.8: the players choose the deck
		}
	}
}

func names(fs []int) []string {
	out := make([]string, len(fs))
	for k, f := range fs {
		out[k] = figureIDs[f]
	}
	return out
}

// inSection are the figures standing in sec (7 and 8 as one for crew
// damage when both is set).
func (s *State) inSection(sec int, both bool) []int {
	var out []int
	for i := range figureIDs {
		f := s.Figures[i].Sec
		if s.onBoard(i) && (f == sec || (both && outside(sec) && outside(f))) {
			out = append(out, i)
		}
	}
	return out
}

// hazards are the hazardous kinds in a section and their token counts
// (§6.4, §10.3.5: rebreathers there neutralise toxic gas).
func (s *State) hazards(sec int) []string {
	var out []string
	for _, k := range []string{"fire", "electrical", "gas"} {
		if s.Sections[sec].Env[k] == 0 {
			continue
		}
		if k == "gas" && has(s.Sections[sec].Res, "rebreathers") {
			continue
		}
		out = append(out, k)
	}
	return out
}

// damageSection resolves every hazardous kind of a section on the sailors
// given (§6.12: each kind separately, times its tokens).
func (s *State) damageSection(sec int, affected []int, cas string) {
	for _, k := range s.hazards(sec) {
		s.crewDamage(k, fmt.Sprintf("section %d", sec), affected, s.Sections[sec].Env[k], cas)
	}
}
