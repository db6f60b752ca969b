package uboot

import (
	"reflect"
	"strings"
	"testing"
)

// Set-up cards=own (owndeck.go): the morale, event and wound decks are the
// owner's own cards (digest §14: the rulebook prints none of them).

// §7.3: "Whenever the order token moves to the right and goes into or
// through space X … draw … a morale card" — from the owner's own deck 1:
// the board rolls nothing, asks which card came up, and a card drawn for the
// first time is entered with its values as printed, logged, and resolved
// ("if the card says so … resolve it"; here morale −1).
func TestOwnMoraleCardEnteredWhenFirstDrawn_7_3(t *testing.T) {
	s := ownBoard(t)
	for k := 0; k < 8; k++ {
		s, _ = enter(t, s, nil, "mob", "end")
	}
	s, evs := enter(t, s, nil, "mob")
	if rolls(evs, "7.3") != 0 {
		t.Fatalf("the owner's deck is shuffled by hand: the board rolls nothing for it")
	}
	p := s.Pending()
	if p.Kind != "uboot.draw" || p.Seat != "captain" || !strings.Contains(p.Text, "morale deck 1") {
		t.Fatalf("§7.3 into X: the Captain (§5.2: he holds the morale decks) draws from deck 1: %s %q %q", p.Kind, p.Seat, p.Text)
	}
	if !offers(s, "new") || !offers(s, "empty") {
		t.Fatalf("a first draw offers a new card or an empty deck: %v", keysOf(p))
	}
	s, _ = enter(t, s, nil, "new", "v:1")
	if s.Pending().Kind != "uboot.cardform" {
		t.Fatalf("the card is entered a field a step: %s", s.Pending().Kind)
	}
	s, evs = enter(t, s, nil, "v:-1", "ok")
	entered := len(s.Entered)
	if last := s.Entered[entered-1]; last.ID != "own:morale1:1" || last.Kind != "effect" || last.Morale != -1 {
		t.Fatalf("the card is kept as entered: %+v", s.Entered)
	}
	if moraleSpaces[s.Morale] != "IX" {
		t.Fatalf("the card's morale −1 resolved: X → IX, not %s", moraleSpaces[s.Morale])
	}
	logged := false
	for _, e := range evs {
		logged = logged || strings.Contains(e.Text, "Entered from your own morale deck 1")
	}
	if !logged {
		t.Fatalf("the entry is logged: %v", evs)
	}
	if s.Pending().Kind != "uboot.mob" {
		t.Fatalf("the draw done, the Mobilization it paid for goes on (§6.4): %s", s.Pending().Kind)
	}
	s, _ = enter(t, s, nil, "end")
	// The same card later: one click.
	s.Morale = 0
	s.moraleDown(1, "7.3", "test")
	if !offers(s, "k:own:morale1:1") {
		t.Fatalf("a card entered before is offered at the next draw of its deck: %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "k:own:morale1:1")
	if moraleSpaces[s.Morale] != "IX" || len(s.Entered) != entered {
		t.Fatalf("drawn again, it resolves again (X → IX) and is not entered twice: %s, %d", moraleSpaces[s.Morale], len(s.Entered))
	}
}

// §6.12 and §8.8: a drawn crew token that matches a sailor in the fire
// wounds him with a card of the burns deck, "shuffled first" — the owner's
// own; the card is a health card whose bar and treatment are entered as
// printed and tucked under him (§6.9). §5.2: the First Officer holds the
// wound cards.
func TestOwnWoundCardEnteredForTheSailor_8_8(t *testing.T) {
	s := ownBoard(t)
	s.emptyBoard()
	s.place(5, "E1", "E2", "E3")
	s.Sections[5].Env = map[string]int{"fire": 1}
	s, evs := enter(t, s, &script{faces: []int{13}}, "app", "env", "fire", "s:5")
	if rolls(evs, "6.12") != 6 || rolls(evs, "8.8") != 0 {
		t.Fatalf("crew tokens are the board's bag (6 drawn), the wound card the owner's (none rolled): %d, %d", rolls(evs, "6.12"), rolls(evs, "8.8"))
	}
	// First the morale card the fire's −1 drew (§10.3.4 into X).
	s, _ = enter(t, s, nil, "empty")
	p := s.Pending()
	if p.Seat != "fo" || !strings.Contains(p.Text, "burns wound deck") || !strings.Contains(p.Text, "E1") {
		t.Fatalf("E1's burns card, the FO's to draw: %q %q", p.Seat, p.Text)
	}
	if offers(s, "v:2") {
		t.Fatalf("not asked yet")
	}
	s, _ = enter(t, s, nil, "new")
	if offers(s, "v:2") && strings.Contains(s.Pending().Text, "kind") {
		t.Fatalf("a wound card is a health card: its kind is not asked")
	}
	s, _ = enter(t, s, nil, "v:1", "v:1", "v:0", "s:ointments", "next", "f:reload", "next")
	if !strings.Contains(s.Pending().Text, "1 wound, 1 fatigue, 0 activation; treated with ointments; forbids reload") {
		t.Fatalf("the whole card shown before it is entered: %q", s.Pending().Text)
	}
	s, _ = enter(t, s, nil, "ok")
	sl := s.sailor(figIndex("E1"))
	if len(sl.Cards) != 1 || sl.Wounds != 1 || sl.Cards[0].Card != "own:burns:1" {
		t.Fatalf("§6.9: E1 gets the card with its wound: %+v", sl)
	}
	if c, deck, _ := s.card("own:burns:1"); deck != "burns" || c.Random {
		t.Fatalf("the card belongs to the burns deck and goes to the wounded sailor: %s %+v", deck, c)
	}
	if !s.forbids(figIndex("E1"), "reload") {
		t.Fatalf("the entered card forbids what it prints")
	}
}

// §8.8: "If you ever need to assign a wound card of a given type and there
// are no more cards of that type, then choose a different wound deck and
// draw a card as normal": an own deck reported empty asks which other deck
// (those not reported empty), then the card from it; with one left it is
// taken; with none, no card.
func TestOwnWoundDeckEmptyPlayersChoose_8_8(t *testing.T) {
	s := ownBoard(t)
	s.d = &script{}
	s.queueDraw("burns", "8.8", "Wound card for E1", "E1")
	s, _ = enter(t, s, nil, "empty")
	if p := s.Pending(); p.Kind != "uboot.wounddeck" || !reflect.DeepEqual(keysOf(p), []string{"d:shock", "d:poisoning", "d:gunshot"}) {
		t.Fatalf("burns empty: the players choose another deck: %s %v", p.Kind, keysOf(p))
	}
	s, _ = enter(t, s, nil, "d:gunshot")
	if p := s.Pending(); p.Kind != "uboot.draw" || !strings.Contains(p.Text, "gunshot wound deck") {
		t.Fatalf("gunshot chosen: its card asked: %s %q", p.Kind, p.Text)
	}
	s, _ = enter(t, s, nil, "empty")
	if p := s.Pending(); p.Kind != "uboot.wounddeck" || !reflect.DeepEqual(keysOf(p), []string{"d:shock", "d:poisoning"}) {
		t.Fatalf("gunshot empty too: shock or poisoning: %s %v", p.Kind, keysOf(p))
	}
	s, _ = enter(t, s, nil, "d:shock", "empty")
	if p := s.Pending(); p.Kind != "uboot.draw" || !strings.Contains(p.Text, "poisoning wound deck") {
		t.Fatalf("only poisoning left: taken without asking: %s %q", p.Kind, p.Text)
	}
	s, _ = enter(t, s, nil, "empty")
	if s.Pending().Kind != "uboot.board" || len(s.Draws) != 0 {
		t.Fatalf("every wound deck empty: no card, the draw is over")
	}
}

// §8.7: an event card may join the Captain's hand; "back" forgets the last
// answer; a card not entered before may be left for the draw.
func TestOwnEventCardForTheHand_8_7(t *testing.T) {
	s := ownBoard(t)
	hand := len(s.Hand)
	s, _ = enter(t, s, nil, "app", "event")
	if s.Pending().Seat != "fo" {
		t.Fatalf("§5.2: the FO holds the event cards")
	}
	s, _ = enter(t, s, nil, "new", "back")
	if s.Pending().Kind != "uboot.draw" {
		t.Fatalf("back from a new card's first field: the draw again")
	}
	s, _ = enter(t, s, nil, "new", "v:0", "back", "v:2", "v:0", "v:0", "ok")
	if len(s.Hand) != hand+1 || s.Hand[len(s.Hand)-1] != "own:events:1" {
		t.Fatalf("§8.7: the card joins the Captain's hand: %v", s.Hand)
	}
}

// ownBoard is a new board with cards=own, the Captain's hand dealt: each
// card new, morale +1.
func ownBoard(t *testing.T) *State {
	t.Helper()
	s := board(t, `{"cards":"own"}`)
	for s.Pending().Kind == "uboot.draw" {
		s, _ = enter(t, s, nil, "new", "v:1", "v:0", "ok")
	}
	return s
}

// §7.7 with §5.2 step 10: the Captain's hand is dealt from his own cards at
// set-up: the board's first entries ask each card, the Captain's to draw; a
// Captain's card is a hand card, only its morale and the CE sailors it
// activates (§6.6.1) asked.
func TestOwnCaptainsHandDealtAtSetUp_7_7(t *testing.T) {
	s := board(t, `{"cards":"own"}`)
	n := s.p.Tokens.CaptainHand
	if len(s.Hand) != 0 || len(s.Draws) != n || s.Pending().Seat != "captain" {
		t.Fatalf("%d cards to deal, the Captain's: hand %v, draws %d, seat %q", n, s.Hand, len(s.Draws), s.Pending().Seat)
	}
	s, _ = enter(t, s, nil, "new")
	if !strings.Contains(s.Pending().Text, "morale change") {
		t.Fatalf("a Captain's card: its morale is asked first: %q", s.Pending().Text)
	}
	s, _ = enter(t, s, nil, "v:2", "v:0", "ok")
	if len(s.Hand) != 1 || s.Hand[0] != "own:captain:1" || s.Entered[0].Kind != "hand" || s.Entered[0].Morale != 2 {
		t.Fatalf("the card joins the hand as entered: %v %+v", s.Hand, s.Entered)
	}
	if offers(s, "k:own:captain:1") {
		t.Fatalf("a card in the hand cannot be drawn again")
	}
	for s.Pending().Kind == "uboot.draw" {
		s, _ = enter(t, s, nil, "new", "v:1", "v:0", "ok")
	}
	if len(s.Hand) != n || s.Pending().Kind != "uboot.board" {
		t.Fatalf("the hand dealt, the board waits for its first entry: %v %s", s.Hand, s.Pending().Kind)
	}
	if st := statusText(t, s); !strings.Contains(st, "captain your own (3 entered)") || !strings.Contains(st, "morale1 your own (0 entered)") {
		t.Fatalf("the status says whose the decks are:\n%s", st)
	}
}

// With the pack's cards (the default) nothing is asked: the board draws.
func TestPackCardsAskNothing_7_3(t *testing.T) {
	s := board(t, `{}`)
	s.Morale = 0
	s.d = &script{}
	s.moraleDown(1, "7.3", "test")
	if len(s.Draws) != 0 || s.Pending().Kind != "uboot.board" {
		t.Fatalf("the pack's deck is drawn by the board")
	}
}
