package uboatleader

import (
	"strings"
	"testing"
)

// opsGame is a happy-time campaign with U-96 and U-47 in Germany, at the
// Operations phase, its Event deck stacked.
func opsGame(t *testing.T, events ...int) *game {
	g := newGame(t, fixtureRules(t), `{"campaign":"happy-time","length":"medium"}`)
	g.fleet("U-96:trained", "U-47:trained").at("place").do("germany").at("place").do("germany").at("strategic").do("end")
	g.s.Decks[DeckEvents].Draw = events
	return g.at("ops_pick")
}

// UBL-5.1: entering an area draws its Moving cards, one resolved before
// the next; a boat that does not move draws its Patrolling cards; in port
// none. A boat that sailed this phase may not return to a port (UBL-2);
// entering a port ends the move and completes a patrol (UBL-5.2).
func TestMovingAndPatrolling_UBL51(t *testing.T) {
	g := opsGame(t, 2, 12, 7, 14, 15, 16)
	g.do("0").at("ops_move")
	if !strings.Contains(g.prompt(), "Stay in port") {
		t.Fatal(g.prompt())
	}
	g.do("to:north-sea").saw("2 Event cards", "#2 Rough Seas", "#12 Quiet Day").at("ops_move")
	if strings.Contains(g.prompt(), "to:germany") || strings.Contains(g.prompt(), "Stay") {
		t.Fatalf("after sailing: no port, no patrolling:\n%s", g.prompt())
	}
	g.do("stop")
	// U-47 stays in port: no card.
	g.at("ops_move").do("stay").notSaw("Draws Event card")
	// Next turn U-96 patrols the North Sea: one card.
	g.at("contact_ask").do("skip")
	g.at("strategic").do("end").at("ops_pick").do("0").at("ops_move").do("stay").saw("patrols North Sea: 1 Event card", "#7 Rough Seas")
	// The turn after, home: the patrol is complete.
	g.do("stay").at("contact_ask").do("skip").at("strategic").do("end").at("ops_pick").do("0").do("to:germany").saw("patrol 1 of 2 completed")
	if b := g.boat("U-96"); b.Patrols != 1 || b.At != "germany" || !b.Acted {
		t.Fatalf("home: %+v", b)
	}
}

// UBL-5.1: a boat an Event card makes Unfit stops in its area's Searched
// box; the rest of its cards are not drawn.
func TestUnfitStops_UBL51(t *testing.T) {
	g := opsGame(t, 2, 12)
	g.s.Fleet[0].Stress = 12
	g.do("0").do("to:north-sea").saw("now 13: Unfit", "it stops, in the Searched box of North Sea").notSaw("#12")
	if b := g.boat("U-96"); !b.Searched || !b.Acted {
		t.Fatalf("%+v", b)
	}
	// U-47, still in port, moves next.
	g.at("ops_move")
}

// UBL-5.1: an Unfit boat sails for the nearest port, drawing its cards;
// an Unfit boat in port cannot leave (UBL-1.7).
func TestUnfitSailsHome_UBL51(t *testing.T) {
	g := opsGame(t, 12, 14, 15, 16, 12, 14, 15, 16)
	g.s.Fleet[0].At, g.s.Fleet[0].Stress = "british-isles", 14
	g.s.Fleet[1].Stress = 13
	g.do("1").saw("U-47 (trained) is Unfit and cannot leave port")
	// Both ports lie two areas away: the player picks the way; only ways
	// nearer a port are offered, and no stop.
	g.at("ops_move")
	if p := g.prompt(); !strings.Contains(p, "to:north-sea") || !strings.Contains(p, "to:southwest-approaches") || strings.Contains(p, "stop") || strings.Contains(p, "stay") {
		t.Fatalf("an Unfit boat's choices:\n%s", p)
	}
	g.do("to:north-sea").saw("U-96 (trained) moves from British Isles to North Sea", "enters port at Germany")
	if b := g.boat("U-96"); b.At != "germany" || b.Patrols != 1 {
		t.Fatalf("%+v", b)
	}
}

// UBL-5.1: no boat may end its move in the English Channel; one made Unfit
// there goes to the Searched box of the area it came from.
func TestEnglishChannel_UBL51(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins"}`)
	g.fleet("U-47:trained", "U-23:trained").at("strategic").do("end")
	g.s.Decks[DeckEvents].Draw = []int{12, 11, 12, 14, 15, 16}
	g.at("ops_pick").do("0").do("to:north-sea").at("ops_move").do("to:english-channel").at("ops_move")
	if strings.Contains(g.prompt(), "stop") {
		t.Fatal("a boat may stop in the English Channel")
	}
	// A Type II may operate only in the North Sea and the British Isles
	// (the sheet's restriction, UBL-2).
	g.do("to:british-isles").do("stop").at("ops_move").do("to:north-sea").at("ops_move")
	if strings.Contains(g.prompt(), "english-channel") {
		t.Fatalf("a Type II offered the Channel:\n%s", g.prompt())
	}
	g = newGame(t, fixtureRules(t), `{"campaign":"battle-begins"}`)
	g.fleet("U-47:trained").at("strategic").do("end")
	g.s.Decks[DeckEvents].Draw = []int{12, 11, 12, 14}
	g.s.Fleet[0].Stress = 11
	g.at("ops_move").do("to:north-sea").do("to:english-channel").saw("Unfit in English Channel, where no boat may stop: it goes to the Searched box of North Sea")
	if b := g.boat("U-47"); b.At != "north-sea" {
		t.Fatalf("%+v", b)
	}
}

// UBL-1.8: an Event card split in halves uses the half of the campaign's
// year. UBL-5.3: a trade is the player's choice.
func TestEventHalvesAndTrades_UBL53(t *testing.T) {
	g := opsGame(t, 13, 10, 12, 14)
	g.do("0").do("to:north-sea").saw("Early war: +1 VP").at("effect").do("keep")
	if g.s.VP != 1 || g.boat("U-96").Stored.Std != 9 {
		t.Fatalf("VP %d, stored %d", g.s.VP, g.boat("U-96").Stored.Std)
	}
	g = newGame(t, fixtureRules(t), `{"campaign":"hunted"}`)
	g.fleet("U-96:trained").at("place").do("germany")
	g.s.Decks[DeckEvents].Draw = []int{13, 12, 14}
	g.at("ops_move").do("to:north-sea").saw("Late war: +1 contact.", "+1 to U-96's contact rolls this turn")
	if g.boat("U-96").ContactMod != 1 {
		t.Fatal("no contact modifier")
	}
}
