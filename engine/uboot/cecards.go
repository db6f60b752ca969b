package uboot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The Chief Engineer's +1/+2 cards (§10.3.3): one per repair, played when
// the crew size is declared, from the toolbox whose marker stands in the
// repair's section; its virtual sailors count with the basic effect when a
// repair specialist is in the crew, with the advanced one when the CE's
// crown sailor of the watch is; at least one real sailor always. The card
// stays with its repair, through pauses, until the repair is done. The
// cards with the technical-condition icon change the crew's activation in
// a way the text does not give: the board does not play them, so no
// toolbox is ever locked by a face-down card.

// playable are the +1/+2 cards that may be played on a repair in sec.
func (s *State) playable(sec int) []string {
	var out []string
	for _, tb := range []string{"toolbox-I", "toolbox-II"} {
		if !has(s.Sections[sec].Res, tb) {
			continue
		}
		for _, id := range s.Toolboxes[tb] {
			if c, _, _ := s.card(id); c.Kind == "plus" {
				out = append(out, id)
			}
		}
	}
	return out
}

// bestBonus is the most virtual sailors a card playable in sec could add.
func (s *State) bestBonus(sec int) int {
	n := 0
	for _, id := range s.playable(sec) {
		c, _, _ := s.card(id)
		n = max(n, c.Advanced)
	}
	return n
}

// bonus is what card id adds to a crew of these sailors (§10.3.3).
func (s *State) bonus(id string, crew []int) int {
	if id == "" {
		return 0
	}
	c, _, _ := s.card(id)
	spec, crown := false, false
	for _, i := range crew {
		spec = spec || s.hasIcon(i, "repair")
		crown = crown || (s.def(i).Crown && roleOf(figureIDs[i]) == "ce")
	}
	switch {
	case crown:
		return c.Advanced
	case spec:
		return c.Bonus
	}
	return 0
}

// cardPrompt asks which card, if any, the CE plays on the repair.
func (s *State) cardPrompt(sec int) *engine.Prompt {
	o := []engine.Option{{Key: "k:-", Label: "No card", Short: "No card", Case: "10.3.3"}}
	for _, id := range s.playable(sec) {
		c, _, _ := s.card(id)
		lbl := fmt.Sprintf("%s: +%d with a repair specialist, +%d with the crown sailor", c.Title, c.Bonus, c.Advanced)
		if len(c.Repairs) > 0 {
			lbl += " (only for: " + strings.Join(c.Repairs, ", ") + ")"
		}
		o = append(o, engine.Option{Key: "k:" + id, Label: lbl, Short: c.Title, Case: "10.3.3"})
	}
	return &engine.Prompt{Kind: "uboot.cecard", Title: "Repairs", Text: fmt.Sprintf("Does the Chief Engineer play a card from the toolbox in section %d? (one per repair; a card naming repairs only for those)", sec), Case: "10.3.3", Options: o}
}

// playCE takes the card off its toolbox space and puts it with the repair.
func (s *State) playCE(id string) {
	for tb, cards := range s.Toolboxes {
		if k := slices.Index(cards, id); k >= 0 {
			s.Toolboxes[tb] = slices.Delete(cards, k, k+1)
		}
	}
	c, _, _ := s.card(id)
	s.note("10.3.3", fmt.Sprintf("The Chief Engineer plays %s on the repair: it stays with it until it is done.", c.Title))
}

// discardCE discards a repair's card once the repair is done (§10.3.3).
func (s *State) discardCE(id string) {
	if id == "" {
		return
	}
	s.CEDiscard = append(s.CEDiscard, id)
	s.note("10.3.3", s.title(id)+" is discarded with its finished repair.")
}

func problemSection(problem string) int {
	parts := strings.Split(problem, ":")
	sec, _ := strconv.Atoi(parts[1])
	return sec
}
