package uboatleader

import (
	"strings"
	"testing"
)

// tacGame is a happy-time campaign with U-96, U-47 and U-122 in the
// Southwest Approaches at the start of the Tactical phase.
func tacGame(t *testing.T, rules string) *game {
	g := newGame(t, fixtureRules(t), `{"campaign":"happy-time","length":"medium","rules":"`+rules+`"}`)
	g.fleet("U-96:trained", "U-47:trained", "U-122:veteran")
	for range g.s.Fleet {
		g.at("place").do("france")
	}
	for i := range g.s.Fleet {
		g.s.Fleet[i].At = "southwest-approaches"
	}
	return g.jump(nil, Step{Op: "tactical_begin"}, Step{Op: "refit"}).at("tac_pick")
}

// UBL-6.2 "Modificatori di Contatto": +2 Intelligence, +1 Searcher, -2 a
// U-Boat Alert marker, -2 for the Attacker marker (ruling
// contact_penalties), the Event cards' modifiers; the area's table gives
// the contacts; 0 sends the boat to the Searched box (UBL-6.1).
func TestContactRoll_UBL62(t *testing.T) {
	g := tacGame(t, "")
	g.s.setMarks("southwest-approaches", func(m *Marks) { m.Intelligence, m.UBoatAlerts = true, 1 })
	g.s.Fleet[2].Attacker, g.s.Fleet[2].ContactMod = true, 1
	g.s.Fleet[2].Missions = []string{"attack"}
	g.do("2").do("roll", 6).saw("1d10 = 6, +2 Intelligence marker, +1 Searcher, -2 1 U-Boat Alert marker, -2 Attacker marker, +1 Event cards = 6 → 2 contacts")
	g = tacGame(t, "contact_penalties=mission_marker")
	g.s.Fleet[2].Attacker = true
	g.s.Fleet[2].Missions = []string{"attack"}
	g.do("2").do("roll", 2).saw("1d10 = 2, +1 Searcher, -2 Attack mission marker = 1 → 0 contacts").notSaw("Attacker marker")
	if !g.boat("U-122").Searched {
		t.Fatal("no contact: to the Searched box")
	}
	g.at("tac_pick")
	if strings.Contains(g.prompt(), "U-122") {
		t.Fatal("a searched boat is offered again")
	}
	// An Unfit boat goes straight to the Searched box (UBL-6.1).
	g.s.Fleet[0].Stress = 13
	g.do("0").saw("U-96 (trained) is Unfit: it goes to the Searched box").at("contact_ask")
}

// UBL-6.3-6.5: each Convoy card takes a contact; the player may withdraw
// (straight to the Post-combat sub-phase: no stress, no re-attack); the
// U-Boat Alert goes in the area once a turn for each boat, when it draws
// and engages (ruling uboat_alert=on_draw) or when it attacks (on_attack).
func TestDrawWithdrawAndUBoatAlert_UBL63(t *testing.T) {
	g := tacGame(t, "")
	g.do("0").do("roll", 9).saw("3 contacts", "Convoy card #37").at("engage").do("withdraw").saw("withdraws")
	if g.s.marks("southwest-approaches").UBoatAlerts != 0 || g.boat("U-96").Stress != 0 || g.s.Battle.Contacts != 2 {
		t.Fatalf("a withdrawal: marks %+v stress %d contacts %d", g.s.marks("southwest-approaches"), g.boat("U-96").Stress, g.s.Battle.Contacts)
	}
	g.at("action")
	if p := g.prompt(); strings.Contains(p, "reattack") || strings.Contains(p, "coup") || !strings.Contains(p, "next") {
		t.Fatalf("after a withdrawal:\n%s", p)
	}
	g.do("next").saw("Convoy card #38").at("engage").do("engage").saw("U-Boat Alert marker in Southwest Approaches")
	if g.s.marks("southwest-approaches").UBoatAlerts != 1 || g.s.Battle.Contacts != 1 {
		t.Fatal("one U-Boat Alert, one contact left")
	}
	g = tacGame(t, "uboat_alert=on_attack")
	g.do("0").do("roll", 9).do("engage").notSaw("U-Boat Alert marker")
}

// UBL-4.2 Air Search: two Convoy cards a contact, the player keeps one; the
// other is discarded, or goes under the deck (ruling air_search_unchosen).
func TestAirSearch_UBL42(t *testing.T) {
	for _, rule := range []string{"discard", "deck_bottom"} {
		g := tacGame(t, "air_search_unchosen="+rule)
		g.s.setMarks("southwest-approaches", func(m *Marks) { m.AirSearch = true })
		g.do("0").do("roll", 4).saw("two Convoy cards, keep one").at("air_pick").do("38")
		d := g.s.Decks[DeckConvoys]
		if g.s.Battle.Convoy != 38 {
			t.Fatalf("kept %d", g.s.Battle.Convoy)
		}
		if rule == "discard" && (len(d.Discard) != 1 || d.Discard[0] != 37) || rule == "deck_bottom" && d.Draw[len(d.Draw)-1] != 37 {
			t.Fatalf("%s: deck %+v", rule, d)
		}
	}
}

// UBL-6.6 "Formazione Wolfpack": boats in the same area, not in a Searched
// box, may be called: a modified 7 or more joins (the sheet), -2 with an
// Attacker marker; an unmodified 1 stresses the active boat and alerts the
// convoy; a Radio Call (UBL-4.7) joins without a roll.
func TestWolfpack_UBL66(t *testing.T) {
	g := tacGame(t, "")
	g.s.Fleet[1].Attacker = true
	g.do("2").do("roll", 5).do("engage").do("L4").do("submerged").at("wolfpack")
	if !strings.Contains(g.prompt(), "Radio Call U-96") {
		t.Fatalf("no Radio Call:\n%s", g.prompt())
	}
	g.pick("Call U-47", 8).saw("1d10 = 8, -2 Attacker marker = 6 → fails to join")
	g.pick("Call U-96", 1).saw("1d10 = 1 → fails to join", "the wolfpack call's unmodified 1", "The convoy is alerted")
	if g.boat("U-122").Stress != 1 || g.s.Battle.Alerts != 1 {
		t.Fatalf("stress %d, alerts %d", g.boat("U-122").Stress, g.s.Battle.Alerts)
	}
	if g.s.Pending().Kind != "uboatleader.move_posture" {
		t.Fatalf("every boat called once: to battle\n%s", g.prompt())
	}
	g = tacGame(t, "")
	g.s.Fleet[0].Searched = true
	g.do("1").do("roll", 5).do("engage").do("L4").do("surfaced").at("wolfpack")
	if strings.Contains(g.prompt(), "U-96") {
		t.Fatal("a boat in a Searched box called")
	}
	g.pick("Radio Call U-122").saw("Radio Call bought for 1 SO").at("place_boat")
	if p := g.prompt(); !strings.Contains(p, "[long0]") || strings.Contains(p, "[short0]") || strings.Contains(p, "[mid0]") {
		t.Fatalf("a joiner starts at long range:\n%s", p)
	}
	g.do("L0").do("submerged") // a pack id, as keys were before the codes
	if len(g.s.Battle.Boats) != 2 {
		t.Fatalf("boats %+v", g.s.Battle.Boats)
	}
}
