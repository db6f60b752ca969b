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
// stays with its repair, through pauses, until the repair is done.
//
// The cards with the technical-condition icon (kind "token") "modify the
// repair crew's activation" in a way the text does not give (digest §14).
// What it does give, the board keeps: one may be played instead of a +1/+2
// card, under the same conditions (its toolbox's marker in the section, the
// repairs it names, one card a repair); it is reusable and stays in its
// toolbox space, flipped face down for the repair's duration and face up
// again when the repair is paused or completed; and while it is face down
// its toolbox marker cannot move (takeable). Its effect on activation is
// printed on the owner's card: the players apply it, and the board,
// which cannot know it, adds no virtual sailors and changes no activation
// for it.

// playable are the +1/+2 cards that may be played on a repair in sec.
func (s *State) playable(sec int) []string {
	var out []string
	for _, tb := range []string{"toolbox-I", "toolbox-II"} {
		if !has(s.Sections[sec].Res, tb) {
			continue
		}
		for _, id := range s.Toolboxes[tb] {
			if c, _, _ := s.card(id); c.Kind == "plus" || (c.Kind == "token" && !has(s.FaceDown, id)) {
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
		if c.Kind == "token" {
			lbl = c.Title + ": face down for the repair, its printed effect on the crew's activation yours to apply"
		}
		if len(c.Repairs) > 0 {
			lbl += " (only for: " + strings.Join(c.Repairs, ", ") + ")"
		}
		o = append(o, engine.Option{Key: "k:" + id, Label: lbl, Short: c.Title, Case: "10.3.3"})
	}
	return &engine.Prompt{Kind: "uboot.cecard", Title: "Repairs", Text: fmt.Sprintf("Does the Chief Engineer play a card from the toolbox in section %d? (one per repair; a card naming repairs only for those)", sec), Case: "10.3.3", Options: o}
}

// playCE takes the card off its toolbox space and puts it with the repair;
// a card with the technical-condition icon stays there, face down.
func (s *State) playCE(id string) {
	if c, _, _ := s.card(id); c.Kind == "token" {
		s.FaceDown = append(s.FaceDown, id)
		s.note("10.3.3", fmt.Sprintf("The Chief Engineer plays %s: it is flipped face down in its toolbox space for the repair's duration, and that toolbox cannot move meanwhile. Apply its printed effect on the crew's activation yourselves: the board does not know it.", c.Title))
		return
	}
	for tb, cards := range s.Toolboxes {
		if k := slices.Index(cards, id); k >= 0 {
			s.Toolboxes[tb] = slices.Delete(cards, k, k+1)
		}
	}
	c, _, _ := s.card(id)
	s.note("10.3.3", fmt.Sprintf("The Chief Engineer plays %s on the repair: it stays with it until it is done.", c.Title))
}

// discardCE discards a repair's card once the repair is done (§10.3.3); a
// card with the technical-condition icon is flipped face up instead, to be
// played again.
func (s *State) discardCE(id string) {
	if id == "" {
		return
	}
	if s.flipUp(id, "its repair is completed") {
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

// flipUp turns a face-down card with the technical-condition icon face up
// again (§10.3.3: "flip it back face up if the repair is paused or
// completed"); false for any other card.
func (s *State) flipUp(id, why string) bool {
	k := slices.Index(s.FaceDown, id)
	if k < 0 {
		return false
	}
	s.FaceDown = slices.Delete(s.FaceDown, k, k+1)
	s.note("10.3.3", fmt.Sprintf("%s is flipped face up: %s; its toolbox may move again.", s.title(id), why))
	return true
}

// faceDownIn is the face-down card in toolbox tb's space, "" for none.
func (s *State) faceDownIn(tb string) string {
	for _, id := range s.Toolboxes[tb] {
		if has(s.FaceDown, id) {
			return id
		}
	}
	return ""
}
