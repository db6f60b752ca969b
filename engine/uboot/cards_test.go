package uboot

import (
	"reflect"
	"strings"
	"testing"
)

// §8.6: "A sailor activated to give First Aid must be in the same section
// as the sailor receiving treatment. Only one sailor may be activated …
// that sailor may treat multiple sailors located in his section, one
// sailor per activation"; "placing all the required medical supply tokens
// on the sailor's assigned health condition card(s)".
func TestFirstAid_8_6(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(2, "F3", "E1", "E2") // F3 has the first-aid icon
	s.place(3, "E3")
	s.sailor(figIndex("E1")).Cards = []Health{{Card: "bu-face", Left: 2}}  // ointments
	s.sailor(figIndex("E2")).Cards = []Health{{Card: "gs-graze", Left: 1}} // bandages
	s.sailor(figIndex("E3")).Cards = []Health{{Card: "gs-graze", Left: 1}}
	s.sailor(figIndex("E1")).Slots = []string{"wnd", "fat"}
	before := s.Medkit["ointments"]
	s, _ = enter(t, s, nil, "order", "o:aid", "m:F3")
	if offers(s, "p:E3") {
		t.Fatalf("E3 is in another section")
	}
	s, _ = enter(t, s, nil, "p:E1", "p:E2", "go")
	if got := s.sailor(figIndex("F3")).count("act"); got != 2 {
		t.Fatalf("one activation per patient: %d", got)
	}
	if !s.sailor(figIndex("E1")).Cards[0].Treated || s.Medkit["ointments"] != before-1 {
		t.Fatalf("E1's burns treated with the ointments from the medkit")
	}
	// §6.8: at the watch change one health token of a treated card goes
	// "instead of an activation token".
	s.sailor(figIndex("E1")).Slots = append(s.sailor(figIndex("E1")).Slots, "act")
	s, _ = enter(t, s, nil, "watch")
	if got := strings.Join(s.Sailors[0][figIndex("E1")].Slots, " "); got != "wnd act" {
		t.Fatalf("the treated card sheds its fatigue instead of the activation token: %q", got)
	}
}

// §8.6: "When playing a single mission, the First Officer's supplies are
// limited by the number of tokens in the medkit space"; in linked play a
// medkit token returns the discarded supplies.
func TestMedkit_8_6(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(2, "F3", "E1")
	s.Medkit["bandages"] = 0
	s.sailor(figIndex("E1")).Cards = []Health{{Card: "gs-graze", Left: 1}}
	if len(s.medics()) != 0 {
		t.Fatalf("no bandages left: the graze cannot be treated")
	}
	l := board(t, `{"mode":"linked","missions":"2"}`)
	if l.Medkits != 2 {
		t.Fatalf("§5.2 step 7: one medkit token per extra mission: %d", l.Medkits)
	}
	l.Medkit["bandages"] = 0
	l.MedSpent = map[string]int{"bandages": 3}
	l, _ = enter(t, l, nil, "medkit")
	if l.Medkit["bandages"] != 3 || l.Medkits != 1 {
		t.Fatalf("the spent supplies return: %v, %d tokens", l.Medkit, l.Medkits)
	}
}

// §6.13: "A player who has at least one of their sailors in sections 7 or
// 8 can discard one cigarette token. This enables up to four sailors …
// in Sections 7 and 8 to each discard one activation token"; "The Captain
// also removes the leftmost activation token from the Order Track";
// "Smoking can be done only once per watch".
func TestCigarettes_6_13(t *testing.T) {
	s := board(t, `{}`)
	if offers(s, "smoke") {
		t.Fatalf("nobody outside: no smoking")
	}
	s.place(8, "N1", "C1")
	s.place(7, "N2")
	for _, f := range []string{"N1", "C1", "N2"} {
		s.sailor(figIndex(f)).Slots = []string{"act", "act"}
	}
	s.Blocked[orderFinal] = true
	s, _ = enter(t, s, nil, "smoke", "c:nav", "+N1", "+C1", "go")
	if s.Cigs["nav"] != 1 || s.slots("N1") != "act" || s.slots("C1") != "act" || s.slots("N2") != "act act" || s.Blocked[orderFinal] {
		t.Fatalf("one cigarette: N1 and C1 discard one token each, the block goes: cigs %d, %q %q %q, blocked %v", s.Cigs["nav"], s.slots("N1"), s.slots("C1"), s.slots("N2"), s.Blocked[orderFinal])
	}
	if offers(s, "+N1") {
		t.Fatalf("a sailor benefits once a break")
	}
	s, _ = enter(t, s, nil, "done")
	if offers(s, "smoke") {
		t.Fatalf("one smoking break a watch")
	}
	s, _ = enter(t, s, nil, "watch")
	if s.Smoked {
		t.Fatalf("a new watch, a new break")
	}
}

// Ruling per-role (§5.1, digest §15.8), both ways: two players hold the
// four roles; per-role gives each role 2 cigarettes, per-player 4 in all.
func TestRulingPerRole_5_1(t *testing.T) {
	a := board(t, `{"players":"2"}`)
	b := board(t, `{"players":"2","rulings":"per-role=per-player"}`)
	sum := func(m map[string]int) int {
		n := 0
		for _, v := range m {
			n += v
		}
		return n
	}
	if sum(a.Cigs) != 8 || sum(b.Cigs) != 4 {
		t.Fatalf("per-role %d, per-player %d: want 8 and 4", sum(a.Cigs), sum(b.Cigs))
	}
}

// §8.7: "The First Officer must draw the top card from the event deck and
// resolve its effects. Some cards have an immediate effect, while others
// are added to the Captain's hand"; "return it to the bottom".
func TestEventCards_8_7(t *testing.T) {
	s := board(t, `{}`)
	// The house event deck, hidden in pack order: ev-letters (effect,
	// morale +1) first, ev-gramophone (hand) third.
	s.Morale = 3
	s, evs := enter(t, s, &script{faces: []int{1}}, "app", "event")
	if rolls(evs, "8.7") != 1 || s.Morale != 2 || s.Decks["events"].Bottom[0] != "ev-letters" {
		t.Fatalf("an immediate card: resolved (morale +1) and put at the bottom: morale %s, bottom %v", moraleSpaces[s.Morale], s.Decks["events"].Bottom)
	}
	hand := len(s.Hand)
	s, _ = enter(t, s, &script{faces: []int{2}}, "app", "event") // hidden now: flu, gramophone, …
	if len(s.Hand) != hand+1 || s.Hand[len(s.Hand)-1] != "ev-gramophone" {
		t.Fatalf("a hand card joins the Captain's hand: %v", s.Hand)
	}
}

// §7.3, §7.6: a morale card that goes to a random sailor goes to the one a
// crew token names; a token naming a sailor not on the model is discarded
// without effect.
func TestMoraleCardToRandomSailor_7_3_7_6(t *testing.T) {
	s := board(t, `{}`)
	s.d = &script{faces: []int{2, 13}} // deck 1's second card (Headache, random), then crew token E1
	s.moraleCard("morale1", "X")
	if len(s.sailor(figIndex("E1")).Cards) != 1 {
		t.Fatalf("the Headache goes to E1")
	}
	s.Figures[figIndex("E2")].Sec = 0
	s.d = &script{faces: []int{2, 14}} // Homesick now second; token E2, off the model
	s.moraleCard("morale1", "VIII")
	if len(s.sailor(figIndex("E2")).Cards) != 0 || len(s.Decks["morale1"].Bottom) != 1 {
		t.Fatalf("a token for a figure off the model: discarded without effect, to the bottom")
	}
}

// §8.8: "If you ever need to assign a wound card of a given type and there
// are no more cards of that type, then choose a different wound deck and
// draw a card as normal": the players choose among the decks with cards
// ("d:…", the First Officer's, who draws the wound cards); with one deck
// left there is nothing to choose; with none, no card.
func TestEmptyWoundDeck_8_8(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.place(5, "E1")
	s.Decks["gunshot"] = &Deck{}
	s, evs := enter(t, s, &script{faces: []int{13}}, "app", "attack", "s:5")
	p := s.Pending()
	if rolls(evs, "8.8") != 0 || p.Kind != "uboot.wounddeck" || p.Seat != fo || !reflect.DeepEqual(keysOf(p), []string{"d:burns", "d:shock", "d:poisoning"}) {
		t.Fatalf("the gunshot deck is empty: the players choose another (no card drawn yet): %d draws, %s %q %v", rolls(evs, "8.8"), p.Kind, p.Seat, keysOf(p))
	}
	s, evs = enter(t, s, nil, "d:poisoning")
	cs := s.sailor(figIndex("E1")).Cards
	if rolls(evs, "8.8") != 1 || len(cs) != 1 || !strings.HasPrefix(cs[0].Card, "po-") || s.Pending().Kind != "uboot.board" {
		t.Fatalf("poisoning chosen: E1's card drawn from it: %d draws, %+v", rolls(evs, "8.8"), cs)
	}

	// One deck left: taken without asking.
	s = board(t, `{}`)
	s.emptyBoard()
	s.place(5, "E1")
	s.Decks["gunshot"], s.Decks["burns"], s.Decks["poisoning"] = &Deck{}, &Deck{}, &Deck{}
	s, evs = enter(t, s, &script{faces: []int{13}}, "app", "attack", "s:5")
	if cs := s.sailor(figIndex("E1")).Cards; rolls(evs, "8.8") != 1 || len(cs) != 1 || !strings.HasPrefix(cs[0].Card, "sh-") || s.Pending().Kind != "uboot.board" {
		t.Fatalf("only the shock deck has cards: its card, nothing asked: %s %+v", s.Pending().Kind, cs)
	}

	// Every deck empty: no card.
	s = board(t, `{}`)
	s.emptyBoard()
	s.place(5, "E1")
	for _, d := range woundDecks {
		s.Decks[d] = &Deck{}
	}
	s, _ = enter(t, s, &script{faces: []int{13}}, "app", "attack", "s:5")
	if len(s.sailor(figIndex("E1")).Cards) != 0 || s.Pending().Kind != "uboot.board" {
		t.Fatalf("every wound deck empty: no card, nothing asked")
	}
}
