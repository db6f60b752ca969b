package uboot

import (
	"fmt"
	"slices"
)

// Activation (§6.6), excess activations (§6.6.1), busy sailors (§6.7),
// health (§6.9) and KIA (§6.10).

const slotsPerSailor = 3

func isBusy(t string) bool { return t == "obs" || has(techColours, t) }

// busyToken is the sailor's busy token, "" when he is not busy.
func (sl *Sailor) busyToken() string {
	for _, t := range sl.Slots {
		if isBusy(t) {
			return t
		}
	}
	return ""
}

func (sl *Sailor) count(tok string) int {
	n := 0
	for _, t := range sl.Slots {
		if t == tok {
			n++
		}
	}
	return n
}

// drop removes one token tok, reporting whether there was one.
func (sl *Sailor) drop(tok string) bool {
	if k := slices.Index(sl.Slots, tok); k >= 0 {
		sl.Slots = slices.Delete(sl.Slots, k, k+1)
		return true
	}
	return false
}

// activate places n activation tokens on figure i's active sailor and
// returns his excess activations (§6.6.1): on easy none are tracked and he
// never holds more than 3 (the extra ones are simply not placed).
func (s *State) activate(i, n int) int {
	sl := s.sailor(i)
	ex := 0
	for k := 0; k < n; k++ {
		if len(sl.Slots) < slotsPerSailor {
			sl.Slots = append(sl.Slots, "act")
		} else {
			ex++
		}
	}
	return ex
}

// canBeBusy: a sailor can take a busy token: he holds none (§6.7: never
// two busy orders), and has an empty space or an activation token to
// replace (fatigue and wounds cannot be replaced).
func (s *State) canBeBusy(i int) bool {
	sl := s.sailor(i)
	return sl.busyToken() == "" && (len(sl.Slots) < slotsPerSailor || sl.count("act") > 0)
}

// makeBusy places a busy token, replacing an activation token when the
// sailor is full: an excess activation (§6.7).
func (s *State) makeBusy(i int, tok string) int {
	sl := s.sailor(i)
	if len(sl.Slots) < slotsPerSailor {
		sl.Slots = append(sl.Slots, tok)
		return 0
	}
	sl.drop("act")
	sl.Slots = append(sl.Slots, tok)
	return 1
}

// stopBusy stops a busy sailor (§6.7: a busy sailor who moves stops at
// once): his token flipped, and a repair he leaves short paused.
func (s *State) stopBusy(i int, why string) {
	if s.sailor(i).busyToken() == "" {
		return
	}
	s.flipBusy(i, why)
	s.leaveRepair(i)
}

// flipBusy flips a busy token to its activation side.
func (s *State) flipBusy(i int, why string) {
	sl := s.sailor(i)
	if t := sl.busyToken(); t != "" {
		k := slices.Index(sl.Slots, t)
		sl.Slots[k] = "act"
		s.note("6.7", fmt.Sprintf("%s %s: his %s token is flipped to its activation side; update the app.", figureIDs[i], why, tokenName(t)))
	}
}

func tokenName(t string) string {
	switch t {
	case "act":
		return "activation"
	case "fat":
		return "fatigue"
	case "wnd":
		return "wound"
	case "obs":
		return "observation"
	case "kia":
		return "KIA"
	}
	return t + " technical condition"
}

// placeHealth places one health card's tokens on figure i's sailor (§6.9):
// wounds first, then fatigue, then activation; with no room, activation
// tokens are discarded to make it, busy tokens only when none is left, and
// each discard or token that finds no room is an excess activation. A
// second wound kills (§6.10). It returns the sailor's excess activations.
func (s *State) placeHealth(i int, card CardDef) int {
	sl := s.sailor(i)
	ex := 0
	room := func() bool {
		if len(sl.Slots) < slotsPerSailor {
			return true
		}
		if sl.drop("act") {
			ex++
			return true
		}
		if t := sl.busyToken(); t != "" {
			sl.drop(t)
			ex++
			s.note("6.9", fmt.Sprintf("%s's %s token is discarded to make room: he stops his order; update the app.", figureIDs[i], tokenName(t)))
			s.leaveRepair(i)
			return true
		}
		ex++
		return false
	}
	left := 0
	for k := 0; k < card.Bar.Wound && !sl.KIA; k++ {
		sl.Wounds++
		if sl.Wounds >= 2 {
			if _, deck, ok := s.card(card.ID); ok {
				s.bottom(deck, card.ID) // the card leaves with him (§7.3, §8.8)
			}
			s.kia(i, "a second wound")
			return ex
		}
		if room() {
			sl.Slots = append(sl.Slots, "wnd")
			left++
		}
	}
	for k := 0; k < card.Bar.Fatigue; k++ {
		if room() {
			sl.Slots = append(sl.Slots, "fat")
			left++
		}
	}
	for k := 0; k < card.Bar.Activation; k++ {
		if len(sl.Slots) < slotsPerSailor {
			sl.Slots = append(sl.Slots, "act")
		} else {
			ex++
		}
	}
	if s.Excess < 0 {
		ex = 0 // easy: not tracked (§6.6.1)
	}
	sl.Cards = append(sl.Cards, Health{Card: card.ID, Left: left})
	return ex
}

// kia kills figure i's active sailor (§6.10): a KIA token in his spaces,
// his figure off the model, morale −2 (unless the caller caps it).
func (s *State) kia(i int, why string) {
	s.kiaQuiet(i, why)
	s.moraleDown(2, "6.10", figureIDs[i]+" KIA")
}

func (s *State) kiaQuiet(i int, why string) {
	sl := s.sailor(i)
	if t := sl.busyToken(); t != "" {
		s.note("6.7", fmt.Sprintf("%s was busy (%s): update the app as soon as possible.", figureIDs[i], tokenName(t)))
		sl.drop(t)
		s.leaveRepair(i)
	}
	for _, c := range sl.Cards {
		s.discardCard(c) // §7.3: a card leaving a sailor goes to the bottom of its deck
	}
	sl.Cards = nil
	sl.KIA = true
	sl.Slots = []string{"kia"}
	sec := s.Figures[i].Sec
	s.Figures[i].Sec = 0
	s.note("6.10", fmt.Sprintf("%s (watch %d) is KIA (%s) in section %d: his figure goes to the crew tile.", figureIDs[i], s.Watch, why, sec))
}

// forbids: a health card under the sailor forbids the order (§6.9).
func (s *State) forbids(i int, order string) bool {
	for _, c := range s.sailor(i).Cards {
		if cd, _, ok := s.card(c.Card); ok && has(cd.Bar.Forbids, order) {
			return true
		}
	}
	return false
}

// slotLine writes a sailor's spaces: "act fat –".
func slotLine(sl Sailor) string {
	out := ""
	for k := 0; k < slotsPerSailor; k++ {
		if k > 0 {
			out += " "
		}
		if k < len(sl.Slots) {
			out += sl.Slots[k]
		} else {
			out += "·"
		}
	}
	return out
}
