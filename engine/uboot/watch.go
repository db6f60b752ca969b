package uboot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The watch change (§6.8), its five steps in order.
func (s *State) watchChange() {
	out := s.Watch
	in := 3 - out
	s.note("6.8", fmt.Sprintf("The bell: watch change, watch %d hands over to watch %d.", out, in))
	// Step 1: the Order Track's token back to VIII.
	s.Order = 0
	s.note("6.8", "Step 1: the Order Track's token is back on VIII.")
	// Step 2: crew damage for every hazardous section, everyone in it.
	for sec := 1; sec <= 8; sec++ {
		if len(s.hazards(sec)) > 0 {
			s.damageSection(sec, s.inSection(sec, false), "6.8")
		}
	}
	// Step 3: excess activations: the marker left of the Morale Track's
	// order token blocks the Order Track's rightmost empty space; the
	// marker goes back to the rightmost space.
	if s.Excess >= 0 {
		if s.Excess < s.Morale {
			sp := s.block()
			s.note("6.8", fmt.Sprintf("Step 3: the excess-activation marker (%s) is left of the morale token (%s): Order Track space %s is blocked.", moraleSpaces[s.Excess], moraleSpaces[s.Morale], sp))
		}
		s.Excess = moraleFinal
	}
	// Step 4: tokens. Each outgoing sailor discards one activation token,
	// or hands his busy token to his counterpart instead; a treated health
	// card sheds one of its tokens as well.
	most := 0
	var short []int
	for i := range figureIDs {
		old := &s.Sailors[out-1][i]
		if old.KIA {
			continue
		}
		busy := old.busyToken()
		if busy != "" {
			old.drop(busy)
			ex, ok := s.handOver(i, busy, in)
			most = max(most, ex)
			if !ok {
				short = append(short, i)
			}
		}
		// A treated card's health token goes instead of an activation
		// token, even after a busy token was handed over (§6.8, §8.6).
		shed := false
		for k := range old.Cards {
			c := &old.Cards[k]
			if !c.Treated || c.Left == 0 {
				continue
			}
			cd, _, _ := s.card(c.Card)
			tok := "wnd"
			if cd.Bar.Fatigue > 0 && old.count("fat") > 0 {
				tok = "fat"
			}
			if old.drop(tok) {
				c.Left--
				if tok == "wnd" {
					old.Wounds--
				}
				shed = true
				s.note("6.8", fmt.Sprintf("%s (watch %d) discards a %s token from his treated %s instead of an activation token.", figureIDs[i], out, tokenName(tok), cd.Title))
			}
			break
		}
		if busy == "" && !shed {
			old.drop("act") // one activation token rests (§6.6)
		}
		old.Cards = slices.DeleteFunc(old.Cards, func(c Health) bool {
			if c.Treated && c.Left == 0 {
				s.discardCard(c) // §8.6: the card is discarded with its supplies
				return true
			}
			return false
		})
	}
	s.Watch = in
	for _, i := range short {
		s.leaveRepair(i) // §6.8: the counterpart cannot take over
	}
	s.excess(most, "6.8")
	s.Alerts, s.Smoked = 0, false
	s.note("6.8", fmt.Sprintf("Step 4: tokens managed, crew tiles flipped: watch %d is on duty.", in))
	// Step 5: figures whose new sailor is KIA leave the model; those whose
	// new sailor lives but whose figure stands on the crew tile come back
	// where their player chooses, with no crew damage (§6.10).
	for i := range figureIDs {
		sl := s.sailor(i)
		switch {
		case sl.KIA && s.Figures[i].Sec > 0:
			s.note("6.10", fmt.Sprintf("%s's watch %d sailor is KIA: the figure leaves the model (section %d).", figureIDs[i], in, s.Figures[i].Sec))
			s.Figures[i].Sec = 0
		case !sl.KIA && s.Figures[i].Sec == 0:
			s.Returns = append(s.Returns, figureIDs[i])
		}
	}
}

// handOver gives a busy token to figure i's sailor of watch in (§6.8 step
// 4): into an empty space, else in place of an activation token (an
// excess); a counterpart without the icon takes one activation more. It
// returns his excess activations, and false when he could not take over.
func (s *State) handOver(i int, tok string, in int) (int, bool) {
	nw := &s.Sailors[in-1][i]
	fig := figureIDs[i]
	if nw.KIA {
		s.note("6.8", fmt.Sprintf("%s's counterpart is KIA: the %s stops; update the app.", fig, tokenName(tok)))
		return 0, false
	}
	ex := 0
	if len(nw.Slots) < slotsPerSailor {
		nw.Slots = append(nw.Slots, tok)
	} else if nw.drop("act") {
		nw.Slots = append(nw.Slots, tok)
		ex++
	} else {
		s.note("6.8", fmt.Sprintf("%s's counterpart has no room for the %s (fatigue and wounds cannot be replaced): it stops; update the app.", fig, tokenName(tok)))
		return 0, false
	}
	icon := "repair"
	if tok == "obs" {
		icon = "observation"
	}
	extra := ""
	if !has(s.p.sailorDef(fig, s.face(roleOf(fig), in)).Icons, icon) && !s.easy() {
		if len(nw.Slots) < slotsPerSailor {
			nw.Slots = append(nw.Slots, "act")
		} else {
			ex++
		}
		extra = " and an activation (no " + icon + " icon)"
	}
	if s.Excess < 0 {
		ex = 0
	}
	s.note("6.8", fmt.Sprintf("%s hands his %s token over to his watch %d counterpart%s.", fig, tokenName(tok), in, extra))
	return ex, true
}

// returnPrompt asks where a returning figure goes (§6.10).
func (s *State) returnPrompt() *engine.Prompt {
	fig := s.Returns[0]
	hi := 6
	if s.Up {
		hi = 8
	}
	var o []engine.Option
	for sec := 1; sec <= hi; sec++ {
		if !s.Sections[sec].Flooded {
			o = append(o, engine.Option{Key: "r:" + strconv.Itoa(sec), Label: fmt.Sprintf("Section %d", sec), Short: strconv.Itoa(sec), Case: "6.10"})
		}
	}
	return &engine.Prompt{Kind: "uboot.return", Title: "Watch change, step 5", Subject: fig,
		Text: fmt.Sprintf("%s's watch %d sailor is alive: his figure comes back onto the model. Into which section (no crew damage there)?", fig, s.Watch), Case: "6.10", Options: o}
}

func (s *State) applyReturn(key string) {
	fig := s.Returns[0]
	s.Returns = s.Returns[1:]
	sec, _ := strconv.Atoi(strings.TrimPrefix(key, "r:"))
	s.Figures[figIndex(fig)].Sec = sec
	s.note("6.10", fmt.Sprintf("%s's figure comes back into section %d.", fig, sec))
}
