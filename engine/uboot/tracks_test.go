package uboot

import (
	"testing"
)

// §7.2: "Each order costs one space on the Order Track"; from VIII to the
// final (blank) space is 8 orders; "When the order token has reached the
// final (blank) space … the Captain must pay for further orders on the
// Morale Track."
func TestOrderTrackThenMoraleTrack_7_2(t *testing.T) {
	s := board(t, `{}`)
	for k := 0; k < 8; k++ {
		s, _ = enter(t, s, nil, "mob", "end")
	}
	if s.Order != orderFinal || s.Morale != 0 {
		t.Fatalf("after 8 Mobilizations: Order Track %s, morale %s; want the final space and XI", orderSpaces[s.Order], moraleSpaces[s.Morale])
	}
	s, evs := enter(t, s, nil, "mob")
	if moraleSpaces[s.Morale] != "X" {
		t.Fatalf("§7.3: the ninth order is paid on the Morale Track: morale %s, want X", moraleSpaces[s.Morale])
	}
	if rolls(evs, "7.3") != 1 {
		t.Fatalf("§7.3: moving into X draws a card of deck 1: %d draws", rolls(evs, "7.3"))
	}
}

// §7.3: "Whenever the order token moves to the right and goes into or
// through space X, VIII, VI, IV, II or the final space … draw … a morale
// card"; "Draw cards from the first deck for spaces X and VIII, from the
// second deck for spaces VI and IV, and from the third deck for space II
// and the final space"; "If morale decreases so that the order token moves
// into or through more than one space … draw an appropriate card for each".
func TestMoraleCardsIntoOrThrough_7_3(t *testing.T) {
	s := board(t, `{}`)
	s.d = &script{}
	before1 := len(s.Decks["morale1"].Hidden)
	s.moraleDown(3, "7.3", "test") // XI → VIII through X: two deck-1 cards
	if got := before1 - len(s.Decks["morale1"].Hidden); got != 2 {
		t.Fatalf("XI → VIII enters X and VIII: 2 cards of deck 1, drew %d", got)
	}
	before2, before3 := len(s.Decks["morale2"].Hidden), len(s.Decks["morale3"].Hidden)
	s.moraleDown(8, "7.3", "test") // VIII → final: VI, IV (deck 2), II, final (deck 3)
	if s.Morale != moraleFinal {
		t.Fatalf("morale %s, want the final space", moraleSpaces[s.Morale])
	}
	if before2-len(s.Decks["morale2"].Hidden) != 2 || before3-len(s.Decks["morale3"].Hidden) != 2 {
		t.Fatalf("VI, IV draw deck 2 and II, final deck 3: drew %d and %d", before2-len(s.Decks["morale2"].Hidden), before3-len(s.Decks["morale3"].Hidden))
	}
}

// §7.3: "Do not draw morale cards when increasing morale"; "the order
// token can never go further to the left than space XI … or affect the
// Order Track in any way."
func TestMoraleRisesWithoutCardsNeverAboveXI_7_3(t *testing.T) {
	s := board(t, `{}`)
	s.d = &script{}
	s.Morale, s.Order = 4, 5
	d := s.d.(*script)
	s.moraleUp(3, "7.3", "sunk")
	s.moraleUp(3, "7.3", "sunk")
	if s.Morale != 0 || s.Order != 5 || len(d.sides) != 0 {
		t.Fatalf("morale %s, order %s, %d draws: want XI, V unchanged, no draw", moraleSpaces[s.Morale], orderSpaces[s.Order], len(d.sides))
	}
	s, _ = enter(t, s, nil, "app", "sunk")
	if s.Morale != 0 {
		t.Fatalf("§7.3: +3 for a sinking never goes above XI")
	}
}

// §7.2: "To declare high alert, adjust the order token … to space VIII and
// place one activation token in the rightmost empty space of the Order
// Track"; §6.13: a cigarette "removes the leftmost activation token".
func TestHighAlertBlocksRightmostEmpty_7_2_6_13(t *testing.T) {
	s := board(t, `{}`)
	s, _ = enter(t, s, nil, "mob", "end", "mob", "end", "alert")
	if s.Order != 0 || !s.Blocked[orderFinal] || s.Alerts != 1 {
		t.Fatalf("high alert: token %s, final space blocked %v, alerts %d", orderSpaces[s.Order], s.Blocked[orderFinal], s.Alerts)
	}
	s, _ = enter(t, s, nil, "mob", "end", "alert")
	if !s.Blocked[orderFinal-1] {
		t.Fatalf("the second block goes on the rightmost empty space, I")
	}
	if sp := s.unblock(); sp != "I" {
		t.Fatalf("a cigarette removes the leftmost activation token: %s, want I", sp)
	}
}

// Ruling blocked (§7.2, digest §15.2), both ways: with the final space
// blocked, "stop" gives 7 orders on the Order Track, "pass" 8.
func TestRulingBlocked_7_2(t *testing.T) {
	for _, c := range []struct {
		ruling string
		orders int
	}{{"stop", 7}, {"pass", 8}} {
		s := board(t, `{"rulings":"blocked=`+c.ruling+`"}`)
		s.Blocked[orderFinal] = true
		n := 0
		for s.orderNext() >= 0 {
			s.Order = s.orderNext()
			n++
		}
		if n != c.orders {
			t.Errorf("blocked=%s: %d orders on the Order Track with the final space blocked, want %d", c.ruling, n, c.orders)
		}
	}
}

// §7.3: "If both the order token on the Order Track and the order token on
// the Morale Track have reached the final … spaces …, the Captain cannot
// issue orders"; §7.4: exhausted, "the Captain may still use the Order
// Track … but using the Morale Track to pay for orders is no longer
// possible".
func TestExhaustedCrew_7_4(t *testing.T) {
	s := board(t, `{}`)
	s.Morale = moraleFinal
	if !offers(s, "mob") || !s.canPay() {
		t.Fatalf("§7.4: the Order Track is still usable when exhausted")
	}
	s.Order = orderFinal
	if offers(s, "mob") || offers(s, "order") {
		t.Fatalf("§7.3: both tracks spent: no Mobilization, no order")
	}
	s.Order = 0
	// §7.4: a lighting failure cannot lose the boat; a fire can.
	s, _ = enter(t, s, nil, "app", "env", "lighting", "s:2")
	if s.End != nil {
		t.Fatalf("§10.3.5: a lighting failure cannot cause the exhausted crew's game over")
	}
	if s.Morale != moraleFinal {
		t.Fatalf("§7.4: other morale losses leave the token on the final space")
	}
	s, _ = enter(t, s, nil, "app", "env", "fire", "s:2")
	if s.End == nil || s.End.Reason != "lost" {
		t.Fatalf("§7.4: a new environmental condition for an exhausted crew loses the boat")
	}
}

// §6.6.1: the marker moves by "the highest number of excess activations
// taken by a single sailor" — the rulebook's reload example: three fully
// activated sailors, two reload specialists and one not: it moves two.
func TestExcessActivationsLargestNotSum_6_6_1(t *testing.T) {
	s := board(t, `{"captain":"medium"}`)
	s.place(1, "C1", "C2", "F1") // C1, C2 reload specialists; F1 not
	for _, f := range []string{"C1", "C2", "F1"} {
		s.sailor(figIndex(f)).Slots = []string{"act", "act", "act"}
	}
	s, _ = enter(t, s, nil, "order", "o:reload", "+C1", "+C2", "+F1", "go")
	if got := moraleFinal - s.Excess; got != 2 {
		t.Fatalf("the marker moved %d, want 2 (the non-specialist's 2, not the sum 4)", got)
	}
	// §6.6.1: easy: not tracked, never more than 3 tokens.
	e := board(t, `{"captain":"easy"}`)
	e.place(1, "C1", "C2", "F1")
	for _, f := range []string{"C1", "C2", "F1"} {
		e.sailor(figIndex(f)).Slots = []string{"act", "act", "act"}
	}
	e, _ = enter(t, e, nil, "order", "o:reload", "+C1", "+C2", "+F1", "go")
	if e.Excess != -1 || len(e.sailor(figIndex("F1")).Slots) != 3 {
		t.Fatalf("easy: excess %d, F1's tokens %v", e.Excess, e.sailor(figIndex("F1")).Slots)
	}
}

// §6.6.1: "If the activation token on the Morale Track is already in space
// XI …, then it cannot move any further."
func TestExcessMarkerStopsOnXI_6_6_1(t *testing.T) {
	s := board(t, `{}`)
	s.Excess = 1
	s.excess(3, "6.6.1")
	if s.Excess != 0 {
		t.Fatalf("the marker is on %d, want XI", s.Excess)
	}
}

// §6.8 step 3: "If it is located to the left of the Morale Track's order
// token, then a new activation token must be placed on the rightmost empty
// space of the Order Track. Afterwards, the Captain resets the activation
// token on the Morale Track to its rightmost space."
func TestWatchChangeExcessBlocks_6_8(t *testing.T) {
	s := board(t, `{}`)
	s.Morale, s.Excess = 3, 2
	s, _ = enter(t, s, nil, "watch")
	if !s.Blocked[orderFinal] || s.Excess != moraleFinal {
		t.Fatalf("marker left of the morale token: the final space blocked %v, marker reset %d", s.Blocked[orderFinal], s.Excess)
	}
	s.Excess = 5 // right of the morale token (3): nothing blocked
	s, _ = enter(t, s, nil, "watch")
	if s.Blocked[orderFinal-1] {
		t.Fatalf("marker right of the morale token: no block")
	}
}

// §7.2: "High alert can be declared at any time, but the number of times it
// can be done during a watch depends on the chosen difficulty level" (the
// app's count): with the token still on VIII it may be declared too, and
// blocks the rightmost empty space all the same.
func TestHighAlertAtAnyTime_7_2(t *testing.T) {
	s := board(t, `{}`)
	if s.Order != 0 || !offers(s, "alert") {
		t.Fatalf("the token on VIII: high alert may still be declared (at any time): %v", keysOf(s.Pending()))
	}
	s, _ = enter(t, s, nil, "alert")
	if s.Order != 0 || !s.Blocked[orderFinal] || s.Alerts != 1 {
		t.Fatalf("high alert on VIII: token %s, final space blocked %v, alerts %d", orderSpaces[s.Order], s.Blocked[orderFinal], s.Alerts)
	}
	for i := 1; i <= orderFinal; i++ {
		s.Blocked[i] = true
	}
	if offers(s, "alert") {
		t.Fatalf("no empty space left to block: no high alert")
	}
}
