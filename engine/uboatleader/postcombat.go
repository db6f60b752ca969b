package uboatleader

import "fmt"

// The Post-combat sub-phase (UBL-6.25, UBL-6.26): stress, reloading,
// experience and victory points, the wolfpack's Attacker markers, and the
// active boat's next action while it has contacts left.

func init() {
	register("post_combat", &opDef{act: (*State).postCombat})
	register("action", &opDef{ask: (*State).askAction, answer: (*State).answerAction, act: (*State).autoAction})
	register("coup", &opDef{ask: (*State).askCoup, answer: (*State).answerCoup})
}

func (s *State) postCombat(st Step) {
	bt := s.Battle
	if bt.Engaged {
		for _, d := range bt.Boats {
			i := d.Boat
			b := &s.Fleet[i]
			if !b.inPlay() {
				continue
			}
			// UBL-6.25: +1 stress for every surviving boat that fought.
			s.addStress(i, 1, "UBL-6.25", "the battle")
			s.reloadTubes(i, "UBL-6.25")
			if i != bt.Active {
				b.Attacker = true
				b.At = bt.Area
				s.note("UBL-6.25", "%s returns to %s with an Attacker marker.", b.ID, s.areaName(bt.Area))
			}
		}
		s.returnTactics()
	}
	s.push(Step{Op: "action"})
}

// returnTactics puts the escorts' Tactics counters back in the cup at the
// end of the combat (UBL-6.22).
func (s *State) returnTactics() {
	for k := range s.Battle.Ships {
		sh := &s.Battle.Ships[k]
		if sh.Tactics > 0 {
			s.Cup = append(s.Cup, sh.Tactics-1)
			sh.Tactics = 0
		}
	}
}

// contactsFor is what going back to the Contact sub-phase needs (ruling
// back_to_contact).
func (s *State) contactsFor() int {
	if s.ruling("back_to_contact") == "two_contacts" {
		return 2
	}
	return 1
}

// reattackable: a merchant convoy (M), fought, not finished by a coup de
// grâce, with a ship left to attack (UBL-6.26).
func (s *State) reattackable() bool {
	bt := s.Battle
	if bt.Type != ContactMerchant || !bt.Engaged || bt.Finished {
		return false
	}
	for _, sh := range bt.Ships {
		if !sh.escort() && !sh.Sunk && sh.Heavy == 0 && !sh.Gone {
			return true
		}
	}
	return false
}

// heavies are the ships of this contact with heavy damage, on the display
// or off it, that a coup de grâce may finish (UBL-6.26 "Colpo Finale").
func (s *State) heavies() []int {
	var out []int
	for k, sh := range s.Battle.Ships {
		if sh.Heavy > 0 && !sh.Sunk && !sh.Gone && sh.known() {
			out = append(out, k)
		}
	}
	return out
}

// coupWeapons are the ways a boat may finish a ship: a torpedo (Ready or
// Stored), or a gun round except on a warship.
func (s *State) coupWeapons(i, k int) []string {
	b := &s.Fleet[i]
	var out []string
	if b.Ready.Torps()+b.Stored.Torps() > 0 {
		out = append(out, "torpedo")
	}
	if b.Gun > 0 && s.Battle.Ships[k].Kind != ShipWarship {
		out = append(out, "gun")
	}
	return out
}

func (s *State) askAction(st Step) *ask {
	bt := s.Battle
	b := &s.Fleet[bt.Active]
	if !b.inPlay() || bt.Contacts == 0 || b.unfit() {
		return nil
	}
	a := &ask{Case: "UBL-6.26", Text: s.f("%s has %s left (UBL-6.26): what now? Stress %d, %d+%d torpedoes, %s.",
		s.boatName(bt.Active), count(bt.Contacts, "contact"), b.Stress, b.Ready.Torps(), b.Stored.Torps(), count(b.Gun, "gun round"))}
	a.Options = append(a.Options, opt("nothing", "Do nothing: to the Searched box", "UBL-6.26"))
	if bt.Contacts >= s.contactsFor() {
		a.Options = append(a.Options, opt("next", "Back to the Contact sub-phase: draw a new Convoy card", "UBL-6.26"))
	}
	if s.reattackable() {
		a.Options = append(a.Options, opt("reattack", "Re-attack the convoy", "UBL-6.26"))
	}
	for _, k := range s.heavies() {
		if len(s.coupWeapons(bt.Active, k)) > 0 && !bt.Finished {
			a.Options = append(a.Options, opt("coup", "Coup de grâce on a heavily damaged ship", "UBL-6.26"))
			break
		}
	}
	return a
}

// autoAction: no contacts left, or the boat cannot act: the display is
// cleared and the boat goes to the Searched box (UBL-6.26).
func (s *State) autoAction(st Step) {
	i := s.Battle.Active
	s.clearBattle()
	if s.Fleet[i].inPlay() {
		s.toSearched(i)
		return
	}
	s.push(Step{Op: "tac_pick"})
}

func (s *State) answerAction(st Step, key string) {
	bt := s.Battle
	i := bt.Active
	switch key {
	case "nothing":
		s.autoAction(st)
	case "next":
		if s.ruling("back_to_contact") == "two_contacts" {
			bt.Contacts--
		}
		s.clearBattle()
		s.Battle = &Battle{Active: i, Contacts: bt.Contacts, Area: bt.Area}
		s.push(Step{Op: "contact_draw"})
	case "reattack":
		s.reattack()
	case "coup":
		s.push(Step{Op: "coup"})
	}
}

// clearBattle removes every counter from the display: the ship cards and
// the Convoy card go to their discards.
func (s *State) clearBattle() {
	bt := s.Battle
	if bt == nil {
		return
	}
	s.returnTactics()
	for _, sh := range bt.Ships {
		if sh.known() && !sh.Gone {
			s.discard(sh.Deck, sh.Card)
		}
	}
	if bt.Convoy != 0 {
		s.discard(DeckConvoys, bt.Convoy)
	}
	s.Battle = nil
}

// reattack sets the convoy up again (UBL-6.26 "Riattaccare il Convoglio"):
// the revealed escorts go, fresh unknown escorts take the card's escort
// positions; undamaged and lightly damaged ships return to their
// positions as they were; heavily damaged ones leave the battle (a coup de
// grâce may still find them); the Alert markers stay.
func (s *State) reattack() {
	bt := s.Battle
	bt.Contacts--
	c := s.convoyCard(bt.Convoy)
	area := map[string]string{}
	for _, p := range c.Ships {
		area[p.Pos] = p.Area
	}
	for k := range bt.Ships {
		sh := &bt.Ships[k]
		switch {
		case sh.Sunk || sh.Gone:
		case sh.escort() && sh.known():
			sh.Gone = true
			s.discard(sh.Deck, sh.Card)
		case sh.escort():
			sh.Gone = true // an unknown escort: its position gets the fresh counter below
		case sh.Heavy > 0:
			sh.Out = true
		default:
			sh.Off, sh.Area = false, area[sh.Pos]
		}
	}
	for _, p := range c.Ships {
		if p.Kind == ShipEscort || p.Kind == ShipFleetEscort {
			bt.Ships = append(bt.Ships, Ship{Pos: p.Pos, Kind: p.Kind, Area: p.Area})
		}
	}
	bt.Boats, bt.Called, bt.Round, bt.Acted, bt.Attacks = nil, nil, 0, nil, nil
	s.note("UBL-6.26", "%s re-attacks convoy #%d (%s left): fresh escorts at the card's positions, %s stay.", s.boatName(bt.Active), bt.Convoy, count(bt.Contacts, "contact"), count(bt.Alerts, "Alert marker"))
	s.push(Step{Op: "place_boat", Boat: bt.Active}, Step{Op: "wolfpack"}, Step{Op: "identify"}, Step{Op: "round"})
}

func (s *State) askCoup(st Step) *ask {
	bt := s.Battle
	a := &ask{Case: "UBL-6.26", Text: "Coup de grâce (UBL-6.26): which ship, with what? It sinks; the other heavily damaged ships leave the game; no stress."}
	for _, k := range s.heavies() {
		for _, w := range s.coupWeapons(bt.Active, k) {
			a.Options = append(a.Options, opt(fmt.Sprintf("%s:%d", w, k), s.f("Sink %s with a %s (%d VP, %d XP)", s.shipName(k), map[string]string{"torpedo": "torpedo", "gun": "gun round"}[w], s.shipCard(&bt.Ships[k]).VP, s.shipCard(&bt.Ships[k]).XP), "UBL-6.26"))
		}
	}
	a.Options = append(a.Options, opt("back", "Back", "UBL-6.26"))
	return a
}

func (s *State) answerCoup(st Step, key string) {
	bt := s.Battle
	if key == "back" {
		s.push(Step{Op: "action"})
		return
	}
	weapon, n := splitKey(key)
	i := bt.Active
	b := &s.Fleet[i]
	bt.Contacts--
	if weapon == "gun" {
		b.Gun--
	} else if b.Stored.Torps() > 0 {
		takeTorpedo(&b.Stored)
	} else {
		takeTorpedo(&b.Ready)
	}
	s.note("UBL-6.26", "%s gives %s the coup de grâce with a %s (%s left); no stress for it.", b.ID, s.shipName(n), weapon, count(bt.Contacts, "contact"))
	s.sunk(i, n)
	for _, k := range s.heavies() {
		bt.Ships[k].Out = true
		s.note("UBL-6.26", "%s, heavily damaged, leaves the game.", s.shipName(k))
	}
	bt.Finished = true
	s.push(Step{Op: "action"})
}

func splitKey(key string) (string, int) {
	for k := 0; k < len(key); k++ {
		if key[k] == ':' {
			return key[:k], atoi(key[k+1:])
		}
	}
	return key, 0
}
