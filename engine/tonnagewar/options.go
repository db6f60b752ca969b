package tonnagewar

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// options lists the legal answers of the step being decided: only what the
// rules allow now (7.2, 7.3), so a button is never a trap.
func (s *State) options() []engine.Option {
	st := s.Stage
	side := st.Side
	h := &s.Hands[side]
	var out []engine.Option
	switch st.Step {
	case "respond":
		out = s.responses(side)
		out = append(out, engine.Option{Key: "none", Label: "No response: the engagement resolves now", Case: "TW-A35"})
	case "card":
		for _, id := range h.TacHand {
			c := s.card(id)
			out = append(out, engine.Option{Key: "c" + strconv.Itoa(id), Label: c.Name(), Case: c.Case})
		}
		if s.Proposal == nil {
			out = append(out, engine.Option{Key: "end", Label: "Propose to end the round", Case: "4"})
		}
	case "end":
		out = []engine.Option{{Key: "accept", Label: "Agree: end the round", Case: "4"}, {Key: "refuse", Label: "Play on", Case: "4"}}
	case "use":
		out = s.uses(side, s.card(st.Card))
	case "unit":
		for _, id := range h.OOBHand {
			u := s.unit(id)
			if u.Type == UBoat || (st.Use == "attack" && u.Type == Blank) {
				out = append(out, engine.Option{Key: "u" + strconv.Itoa(id), Label: u.Name() + " face-down", Case: map[string]string{"contact": "7.2.2", "attack": "7.2.3"}[st.Use]})
			}
		}
		out = append(out, engine.Option{Key: "back", Label: "Back", Case: "7"})
	case "group":
		c := s.card(st.Card)
		for _, id := range h.OOBHand {
			if !has(st.Group, id) && s.groupable(c.Kind, id) {
				out = append(out, engine.Option{Key: "u" + strconv.Itoa(id), Label: "Add " + s.ownName(id) + " face-down", Case: c.Case})
			}
		}
		if len(st.Group) > 0 {
			out = append(out, engine.Option{Key: "done", Label: fmt.Sprintf("Play %s with these %d card(s)", c.Name(), len(st.Group)), Case: c.Case})
		}
		out = append(out, engine.Option{Key: "back", Label: "Back", Case: "7"})
	case "designate":
		for _, id := range h.OOBHand {
			if s.unit(id).Type == Surface && !s.Units[id].Rescue {
				out = append(out, engine.Option{Key: "u" + strconv.Itoa(id), Label: "Designate " + s.unit(id).Name() + " as the rescue ship", Case: "14.3"})
			}
		}
	}
	return out
}

// groupable reports whether a unit of the hand may go face-down with a card
// (7.3: air patrols bring air escorts, HF/DF surface escorts, escort attacks
// either, TW-A17; blanks with any; never the rescue ship, 14.3).
func (s *State) groupable(kind CardKind, id int) bool {
	u := s.unit(id)
	if s.Units[id].Rescue {
		return false
	}
	switch u.Type {
	case Blank:
		return true
	case Air:
		return kind == AirPatrol || kind == EscortAttack
	case Surface:
		return kind == HFDF || kind == EscortAttack
	}
	return false
}

// uses are what a card may do now.
func (s *State) uses(side Side, c Card) []engine.Option {
	h := &s.Hands[side]
	out := []engine.Option{{Key: "discard", Label: "Discard it face-down", Case: map[Side]string{UBoats: "7.2.1", Escorts: "7.3.1"}[side]}}
	hasUnit := func(types ...string) bool {
		for _, id := range h.OOBHand {
			if contains(types, s.unit(id).Type) && !s.Units[id].Rescue {
				return true
			}
		}
		return false
	}
	switch c.Kind {
	case Contact, SpecialContact:
		if hasUnit(UBoat) {
			out = append(out, engine.Option{Key: "contact", Label: "Contact the convoy with a U-boat", Case: "7.2.2"})
		}
	case Attack:
		if len(s.Contacts) > 0 && hasUnit(UBoat, Blank) {
			out = append(out, engine.Option{Key: "attack", Label: "Attack the convoy with a U-boat (or a blank)", Case: "7.2.3"})
		}
		for i, ct := range s.Contacts {
			if s.Units[ct.Boat].Damage == 0 {
				out = append(out, engine.Option{Key: "attack_c" + strconv.Itoa(i), Label: fmt.Sprintf("Attack with contact %d's own U-boat (the contact ends)", i+1), Case: "14.4"})
			}
		}
	case EvasiveRouting:
		for i := range s.Contacts {
			out = append(out, engine.Option{Key: "route_c" + strconv.Itoa(i), Label: fmt.Sprintf("Evasive routing against contact %d", i+1), Case: "7.3.4"})
		}
	case HFDF:
		if hasUnit(Surface, Blank) {
			for i := range s.Contacts {
				out = append(out, engine.Option{Key: "hfdf_c" + strconv.Itoa(i), Label: fmt.Sprintf("HF/DF on contact %d", i+1), Case: "7.3.5"})
			}
		}
	case AirPatrol:
		if hasUnit(Air, Blank) {
			if len(s.pullPile()) > 0 {
				out = append(out, engine.Option{Key: "air_pull", Label: "Air patrol on a card pulled at random from the U-boat OOB " + s.ruling("air_patrol_pull"), Case: "7.3.2"})
			}
			for i := range s.Contacts {
				out = append(out, engine.Option{Key: "air_c" + strconv.Itoa(i), Label: fmt.Sprintf("Air patrol on contact %d", i+1), Case: "7.3.3"})
			}
		}
	}
	// 7.3.7, 7.3.8, 8.6: another card of the same type on the U-boat just
	// attacked; aircraft only if it answered with flak; with escorts to fly.
	if h := s.Held; h != nil && side == Escorts && c.Kind == CardKind(h.Kind) && (h.Kind != "air_patrol" || h.Flak) && (len(h.Group) > 0 || s.hasEscortFor(c.Kind)) {
		out = append(out, engine.Option{Key: "continue", Label: "Continue the attack on the U-boat just attacked", Case: map[string]string{"escort_attack": "7.3.7", "hfdf": "7.3.7", "air_patrol": "7.3.8"}[h.Kind]})
	}
	if len(out) == 1 {
		// Only the discard is left: the player is told why the card
		// cannot be played, rather than left to guess (issue 28.6).
		why := "no target: " + s.noPlay(c, hasUnit)
		out[0].Label += " (" + why + ")"
		out[0].Short, out[0].Detail = "Discard it face-down", why
	}
	return append(out, engine.Option{Key: "back", Label: "Back", Case: "7"})
}

// noPlay says why a card has no play now but its discard, with the rule
// cases that would let it be played; hasUnit is uses' look at the OOB hand.
func (s *State) noPlay(c Card, hasUnit func(types ...string) bool) string {
	empty := "deck"
	if s.ruling("air_patrol_pull") == "hand" {
		empty = "hand"
	}
	switch c.Kind {
	case Contact, SpecialContact:
		return "no U-boat in your OOB hand to go face-down with it (7.2.2)"
	case Attack:
		if len(s.Contacts) == 0 {
			return "no contact in effect, which an attack on the convoy needs (7.2.3); an attack card also answers an escort attack or HF/DF on your U-boat (7.2.6)"
		}
		return "no U-boat or blank in your OOB hand (7.2.3), and no contact's U-boat fit to attack (damaged, 8.7, 14.4)"
	case Evade:
		return "an evade card answers an escort attack, HF/DF or air patrol on your U-boat, and none is open (7.2.4)"
	case Flak:
		return "a flak card answers an air patrol on your U-boat, and none is open (7.2.5)"
	case BDienst:
		return "a B-dienst card answers an evasive routing, and none is open (7.2.7)"
	case EvasiveRouting:
		return "no contact in effect to route the convoy away from (7.3.4)"
	case HFDF:
		if len(s.Contacts) == 0 {
			return "no contact in effect for HF/DF to hunt (7.3.5)"
		}
		return "no surface escort or blank in your OOB hand (7.3.5; the rescue ship may not, 14.3)"
	case AirPatrol:
		if !hasUnit(Air, Blank) {
			return "no air escort or blank in your OOB hand (7.3.2, 7.3.3)"
		}
		return fmt.Sprintf("no contact in effect (7.3.3), and the U-boat OOB %s is empty (7.3.2)", empty)
	case EscortAttack:
		return "an escort attack answers a U-boat attack on the convoy, and none is open (7.3.6), or attacks again a U-boat your escorts just detected with one (7.3.7)"
	}
	return "this card has no play now (7)"
}

// responses are the answers to the engagement open against side (7.2.4-7.2.7, 7.3.6).
func (s *State) responses(side Side) []engine.Option {
	e := s.Open
	var out []engine.Option
	h := &s.Hands[side]
	for _, id := range h.TacHand {
		c := s.card(id)
		switch {
		case side == Escorts && e.Kind == "uboat_attack" && c.Kind == EscortAttack && s.hasEscortFor(EscortAttack):
			out = append(out, engine.Option{Key: "r" + strconv.Itoa(id), Label: "Escort attack on the attacker: " + c.Name(), Case: "7.3.6"})
		case side == UBoats && e.Kind == "routing" && c.Kind == BDienst:
			out = append(out, engine.Option{Key: "r" + strconv.Itoa(id), Label: "Negate the evasive routing: " + c.Name(), Case: "7.2.7"})
		case side == UBoats && e.Target >= 0 && s.unit(e.Target).Type == UBoat && e.Kind != "routing" && e.Kind != "uboat_attack":
			damaged := s.Units[e.Target].Damage > 0 // 8.7: no attacking (TW-A32)
			switch {
			case c.Kind == Evade:
				out = append(out, engine.Option{Key: "r" + strconv.Itoa(id), Label: "Evade: " + c.Name(), Case: "7.2.4"})
			case c.Kind == Attack && !damaged && (e.Kind == "escort_attack" || e.Kind == "hfdf"):
				for slot := range e.Group {
					out = append(out, engine.Option{Key: fmt.Sprintf("r%ds%d", id, slot), Label: fmt.Sprintf("Fire at face-down escort card %d: %s (one roll)", slot+1, c.Name()), Case: "7.2.6"})
				}
			case c.Kind == Flak && !damaged && e.Kind == "air_patrol":
				for slot := range e.Group {
					out = append(out, engine.Option{Key: fmt.Sprintf("r%ds%d", id, slot), Label: fmt.Sprintf("Flak at face-down card %d: %s", slot+1, c.Name()), Case: "7.2.5"})
				}
			}
		}
	}
	return out
}

func (s *State) hasEscortFor(kind CardKind) bool {
	for _, id := range s.Hands[Escorts].OOBHand {
		if s.groupable(kind, id) {
			return true
		}
	}
	return false
}

// stageText says what is being decided, as the deciding player sees it.
func (s *State) stageText() string {
	st := s.Stage
	head := fmt.Sprintf("Game %d, round %d, turn %d: %s (%s).", s.Game, s.Round, s.Turn+1, s.Names[s.seatOf(st.Side)], st.Side)
	switch st.Step {
	case "respond":
		return head + " " + s.engagementText(s.Open) + " Answer it, or let it resolve."
	case "card":
		return head + " Play or discard one tactical card."
	case "end":
		return head + " The other player proposes to end the round (4)."
	case "use":
		return head + " What does " + s.card(st.Card).Name() + " do?"
	case "unit":
		return head + " Which card goes face-down with " + s.card(st.Card).Name() + "?"
	case "group":
		var names []string
		for _, id := range st.Group {
			names = append(names, s.unit(id).Name())
		}
		return head + fmt.Sprintf(" %s takes up to %d face-down cards; chosen: %s.", s.card(st.Card).Name(), s.card(st.Card).Group, strings.Join(append(names, "none")[:max(len(names), 1)], ", "))
	case "designate":
		return head + " The rescue ship is sunk: designate a surface escort of your OOB hand as the new one (14.3)."
	}
	return head
}

// engagementText is an engagement as both players see it.
func (s *State) engagementText(e *Engagement) string {
	c := s.card(e.Card)
	switch e.Kind {
	case "uboat_attack":
		return fmt.Sprintf("The U-boat player attacks the convoy: %s with 1 face-down card.", c.Name())
	case "routing":
		return fmt.Sprintf("The escort player plays %s on contact %d.", c.Name(), e.Contact+1)
	}
	target := "a card pulled from the U-boat OOB pile"
	if e.Contact >= 0 {
		target = fmt.Sprintf("contact %d's U-boat", e.Contact+1)
	} else if !e.Pulled {
		target = "the attacking U-boat"
	}
	kind := "attacks"
	if e.Continuation {
		kind = "attacks again"
	}
	return fmt.Sprintf("The escort player %s %s: %s with %d face-down card(s).", kind, target, c.Name(), len(e.Group))
}

func (s *State) cardNames(ids []int) string {
	var n []string
	for _, id := range ids {
		n = append(n, s.card(id).Name())
	}
	if len(n) == 0 {
		return "none"
	}
	return strings.Join(n, "; ")
}

func (s *State) unitNames(ids []int) string {
	var n []string
	for _, id := range ids {
		n = append(n, s.unit(id).Name())
	}
	if len(n) == 0 {
		return "none"
	}
	return strings.Join(n, ", ")
}
