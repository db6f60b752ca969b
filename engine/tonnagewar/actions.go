package tonnagewar

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
)

// The actions of 7.2 and 7.3: cards played face-up with units face-down.

// playWithUnit plays a contact (7.2.2) or a convoy attack (7.2.3) with the
// chosen face-down card.
func (s *State) playWithUnit(unit int) {
	st := s.Stage
	side, c := st.Side, s.card(st.Card)
	h := &s.Hands[side]
	h.OOBHand = remove(h.OOBHand, unit)
	s.playCard(side, c.ID)
	switch st.Use {
	case "contact":
		s.Contacts = append(s.Contacts, ContactCard{Card: c.ID, Boat: unit})
		s.note("7.2.2", "The U-boat player plays %s with 1 face-down card: contact %d is in effect.", c.Name(), len(s.Contacts))
		s.tell(side, "7.2.2", "Contact %d is your %s.", len(s.Contacts), s.unit(unit).Name())
	case "attack":
		s.Open = &Engagement{Kind: "uboat_attack", By: UBoats, Card: c.ID, Group: []int{unit}, Target: -1, Contact: -1}
		s.note("7.2.3", "The U-boat player attacks the convoy: %s with 1 face-down card.", c.Name())
		s.tell(side, "7.2.3", "The attacker is your %s.", s.unit(unit).Name())
	}
	s.endTurn()
}

// contactAttack is 14.4: the contact's own U-boat attacks, and the contact
// ceases at once.
func (s *State) contactAttack(i int) {
	st := s.Stage
	c := s.card(st.Card)
	boat := s.Contacts[i].Boat
	s.endContact(i)
	s.playCard(UBoats, c.ID)
	s.Open = &Engagement{Kind: "uboat_attack", By: UBoats, Card: c.ID, Group: []int{boat}, Target: -1, Contact: -1}
	s.note("14.4", "Contact %d's U-boat attacks the convoy with %s; the contact ceases.", i+1, c.Name())
	s.endTurn()
}

// endContact removes a contact (7.4) and renumbers the rest.
func (s *State) endContact(i int) {
	s.Contacts = append(s.Contacts[:i:i], s.Contacts[i+1:]...)
	for _, e := range []*Engagement{s.Open} {
		if e != nil && e.Contact > i {
			e.Contact--
		} else if e != nil && e.Contact == i {
			e.Contact = -1
		}
	}
}

// contactOf finds the contact a U-boat holds (-1 when none).
func (s *State) contactOf(boat int) int {
	for i, c := range s.Contacts {
		if c.Boat == boat {
			return i
		}
	}
	return -1
}

// pullPile is where 7.3.2's random card is pulled from (TW-A6).
func (s *State) pullPile() []int {
	if s.ruling("air_patrol_pull") == "hand" {
		return s.Hands[UBoats].OOBHand
	}
	return s.Hands[UBoats].OOBDeck
}

// playGroup plays an escort card with its face-down group.
func (s *State) playGroup() {
	st := s.Stage
	c := s.card(st.Card)
	h := &s.Hands[Escorts]
	held := s.Held
	for _, id := range st.Group {
		h.OOBHand = remove(h.OOBHand, id)
	}
	s.playCard(Escorts, c.ID)
	e := &Engagement{Kind: string(c.Kind), By: Escorts, Card: c.ID, Group: append([]int(nil), st.Group...), Contact: -1}
	switch st.Use {
	case "escort_attack":
		// 7.3.6: answering the U-boat's attack; it waits for this one.
		e.Answers, e.Target = s.Open, s.Open.Group[0]
		s.Open = nil
		s.note("7.3.6", "The escort player answers the attack: %s with %d face-down card(s).", c.Name(), len(e.Group))
	case "hfdf", "air":
		e.Contact, e.Target = st.Arg, s.Contacts[st.Arg].Boat
		s.note(c.Case, "The escort player plays %s on contact %d with %d face-down card(s).", c.Name(), st.Arg+1, len(e.Group))
	case "air_pull":
		pile := s.pullPile()
		f := s.die(len(pile))
		s.emit(hiddenRoll("7.3.2", "The card pulled from the U-boat OOB pile", len(pile), f))
		target := pile[f-1]
		if s.ruling("air_patrol_pull") == "hand" {
			s.Hands[UBoats].OOBHand = remove(s.Hands[UBoats].OOBHand, target)
		} else {
			s.Hands[UBoats].OOBDeck = remove(s.Hands[UBoats].OOBDeck, target)
		}
		e.Target, e.Pulled = target, true
		s.note("7.3.2", "The escort player flies %s with %d face-down card(s) over a card pulled at random from the U-boat OOB %s.", c.Name(), len(e.Group), s.ruling("air_patrol_pull"))
		s.tell(UBoats, "7.3.2", "The air patrol found your %s.", s.unit(target).Name())
	case "continue":
		e.Target, e.Continuation, e.Pulled = held.Target, true, held.Pulled
		e.Contact = -1
		s.Held = nil // consumed: the U-boat and its escorts stay in the fight
		s.note(map[string]string{"escort_attack": "7.3.7", "hfdf": "7.3.7", "air_patrol": "7.3.8"}[held.Kind], "The escort player keeps attacking the same U-boat: %s with %d face-down card(s) (8.6).", c.Name(), len(e.Group))
	}
	s.tell(Escorts, c.Case, "Face-down: %s.", s.unitNames(e.Group))
	s.Open = e
	s.Stage.Group = nil
	s.endTurn()
}

// respond plays the responder's card against the open engagement.
func (s *State) respond(side Side, id, slot int) {
	c := s.card(id)
	if side == Escorts && c.Kind == EscortAttack {
		s.Stage = Stage{Side: Escorts, Step: "group", Card: id, Use: "escort_attack"}
		return
	}
	e := s.Open
	s.Open = nil
	s.playCard(side, id)
	s.note(c.Case, "The %s answers with %s.", side, c.Name())
	s.resolve(e, response{card: id, slot: slot, set: true})
	if s.Done || s.Stage.Step == "designate" {
		return
	}
	s.endTurn()
}

// designate names the new rescue ship (14.3).
func (s *State) designate(id int) {
	s.Units[id].Rescue = true
	s.note("14.3", "The escort player designates a new rescue ship: a surface escort of his OOB hand (it may no longer detect or attack).")
	s.tell(Escorts, "14.3", "The new rescue ship is your %s.", s.unit(id).Name())
	if r := s.Resume; r != nil {
		s.Resume = nil
		s.Stage = *r
		return
	}
	s.endTurn()
}

// rescueNeeded reports whether the escort player owes a rescue ship and has
// a surface escort to designate (14.3; TW-A25: as soon as he has one).
func (s *State) rescueNeeded() bool {
	if s.Rescues == 0 {
		return false
	}
	for id := range s.Units {
		if s.Units[id].Rescue && !s.Units[id].Out {
			return false
		}
	}
	for _, id := range s.Hands[Escorts].OOBHand {
		if s.unit(id).Type == Surface {
			return true
		}
	}
	return false
}

// hiddenRoll is a die whose face would tell a hidden card (a position in a
// shuffled pile): it is shown when the match ends.
func hiddenRoll(cas, purpose string, sides, face int) engine.Event {
	return engine.Event{Kind: engine.KindRoll, Case: cas, Hidden: true, Text: fmt.Sprintf("%s: 1d%d = %d", purpose, sides, face),
		Roll: &engine.Roll{Case: cas, Purpose: purpose, Dice: fmt.Sprintf("1d%d", sides), Faces: []int{face}, Natural: face, Total: face, Result: fmt.Sprint(face)}}
}
