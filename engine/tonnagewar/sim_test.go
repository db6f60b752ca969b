package tonnagewar

import (
	"testing"
)

// The built-in U-boat player's choices (sim.go, docs/players/tonnagewar.md "Built-in players").
func TestBuiltInUBoatPlayer(t *testing.T) {
	// A contact in effect: the attack card of the most rolls, not the first.
	tb := newTable(t)
	contact, stern, beam := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Stern"), tb.card(UBoats, Attack, "Beam")
	ace, regular := tb.unit(UBoats, UBoat, "A"), tb.unit(UBoats, UBoat, "R")
	tb.hand(UBoats, []int{contact, stern, beam}, []int{ace, regular})
	routing := tb.card(Escorts, EvasiveRouting, "")
	tb.hand(Escorts, []int{routing, tb.card(Escorts, EvasiveRouting, "")}, nil)
	if got := BuiltIn(tb.s); got != c(contact) {
		t.Fatalf("three cards, one a contact: the round's last turns, so contact; got %s", got)
	}
	tb.play(nil, c(contact), "contact")
	tb.play(nil, BuiltIn(tb.s))
	if b := tb.s.Contacts[0].Boat; b != regular {
		t.Fatalf("the weakest boat shadows: %v", tb.s.unit(b))
	}
	tb.play(nil, c(routing), "discard")
	if got := BuiltIn(tb.s); got != c(beam) {
		t.Fatalf("with a contact in effect, the Beam attack (4 rolls) before the Stern (1): got %s", got)
	}
	tb.play(nil, c(beam), "attack")
	if got := BuiltIn(tb.s); got != u(ace) {
		t.Fatalf("the best boat attacks: got %s", got)
	}

	// Early in the round, no contact yet: the contact is held back and the
	// card needed least is discarded (flak before B-dienst before evade).
	tb = newTable(t)
	contact = tb.card(UBoats, Contact, "Contact")
	flak, bd, evade, att := tb.card(UBoats, Flak, "+2"), tb.card(UBoats, BDienst, ""), tb.card(UBoats, Evade, "+2"), tb.card(UBoats, Attack, "Stern")
	tb.hand(UBoats, []int{evade, contact, bd, att, flak}, []int{tb.unit(UBoats, UBoat, "N")})
	if got := BuiltIn(tb.s); got != c(flak) {
		t.Fatalf("five cards, one contact: discard the flak; got %s", got)
	}
	tb.hand(UBoats, []int{evade, contact, bd, att}, []int{tb.unit(UBoats, UBoat, "N")})
	if got := BuiltIn(tb.s); got != c(bd) {
		t.Fatalf("then the B-dienst; got %s", got)
	}
}

// An HF/DF on his contact: the best evade card, never a torpedo at the
// escorts (7.2.6) even with no evade card left.
func TestBuiltInUBoatPlayerNeverShootsAtEscorts(t *testing.T) {
	for _, withEvade := range []bool{true, false} {
		tb := newTable(t)
		contact, bow, ev2, ev6 := tb.card(UBoats, Contact, "Contact"), tb.card(UBoats, Attack, "Bow attack, 3 rolls"), tb.card(UBoats, Evade, "+2"), tb.card(UBoats, Evade, "+6")
		hand := []int{contact, bow}
		if withEvade {
			hand = append(hand, ev2, ev6)
		}
		tb.hand(UBoats, hand, []int{tb.unit(UBoats, UBoat, "R")})
		hfdf := tb.card(Escorts, HFDF, "1 surface")
		sr := tb.unit(Escorts, Surface, "R")
		tb.hand(Escorts, []int{hfdf, tb.card(Escorts, HFDF, "1 surface")}, []int{sr})
		tb.play(nil, c(contact), "contact", u(tb.s.Hands[UBoats].OOBHand[0]))
		tb.play(nil, c(hfdf), "hfdf_c0", u(sr))
		want := "none"
		if withEvade {
			want = "r" + itoa(ev6)
		}
		if got := BuiltIn(tb.s); got != want {
			t.Fatalf("evade cards %v: got %s, want %s", withEvade, got, want)
		}
	}
}
