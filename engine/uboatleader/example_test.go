package uboatleader

import (
	"fmt"
	"testing"
)

// UBL-12 "Turno di Esempio": the rulebook's example turn, played through
// the engine API as far as its values go. The fixture pack lists the cards
// in the order the example draws them; the dice are the example's. The
// example's deep dive is not the rule's (the digest's ambiguity 6), so the
// turn is played under both readings: after the deep dive U-122 has the
// example's 7 stress under its reading, 6 under the rule's (+1 stress and
// no evasion roll).
func TestExampleTurn_UBL12(t *testing.T) {
	for _, deep := range []string{"rule", "example"} {
		t.Run(deep, func(t *testing.T) { exampleTurn(t, deep) })
	}
}

func exampleTurn(t *testing.T, deep string) {
	setup := `{"campaign":"happy-time","length":"medium"}`
	if deep == "example" {
		setup = `{"campaign":"happy-time","length":"medium","rules":"deep_dive=example"}`
	}
	g := newGame(t, fixtureRules(t), setup)
	// "Ho scelto la Campagna Happy Time di durata media, quindi ho 41 punti
	// SO per iniziare. Rimuovo le carte Convoglio #32, 33 e 34."
	if g.s.SO != 82 {
		t.Fatalf("SO %s, want 41", g.s.soText())
	}
	for _, n := range []int{32, 33, 34} {
		if containsInt(g.s.Decks[DeckConvoys].Draw, n) {
			t.Fatalf("Convoy card %d is still in the deck", n)
		}
	}
	// U23 Ace 9, U47 Trained 7, U96 Trained 8, U122 Veteran 16: 40 SO, 1 left.
	g.fleet("U-23:ace", "U-47:trained", "U-96:trained", "U-122:veteran")
	if g.s.soText() != "1" {
		t.Fatalf("SO left %s, want 1", g.s.soText())
	}
	// U23 and U96 in Germany, U47 and U122 in France.
	g.at("place").do("germany").at("place").do("france").at("place").do("germany").at("place").do("france")
	if g.boat("U-23").Gun != 0 || g.boat("U-122").Gun != 6 || g.boat("U-122").Ready.Std != 6 || g.boat("U-122").Stored.Std != 16 {
		t.Fatalf("loads: U-23 gun %d (a Type II has none), U-122 %+v %+v gun %d", g.boat("U-23").Gun, g.boat("U-122").Ready, g.boat("U-122").Stored, g.boat("U-122").Gun)
	}
	// "Nella fase strategica non uso punti SO."
	g.at("strategic").do("end")
	// U96 to the North Sea: Ultra Intercept, Rough Seas; then the British
	// Isles: Fatal Error, 3 stress.
	g.at("ops_pick").do("2").at("ops_move").do("to:north-sea").saw("Ultra Intercept", "1 U-Boat Alert marker in North Sea", "+1 stress (Event #2 Rough Seas), now 1")
	g.do("to:british-isles").saw("Fatal Error", "now 3").do("stop")
	// U23 follows: Enemy Aircraft (6 + EV 4 = 10: 1 stress), Counter
	// Intelligence; Clear Weather in the British Isles.
	g.at("ops_pick").do("0").do("to:north-sea", 6).saw("1d10 = 6, +4 EV = 10 → +1 stress", "Counter Intelligence")
	g.do("to:british-isles").saw("Clear Weather").do("stop")
	// U47 from France: Rough Seas, Radio Intercept.
	g.at("ops_pick").do("1").do("to:southwest-approaches").saw("Rough Seas", "Radio Intercept").do("stop")
	// U122: Rough Seas, Lone Merchant: a stored torpedo for 1 VP.
	g.at("ops_move").do("to:southwest-approaches").saw("Rough Seas").at("effect").do("pay").saw("+1 VP")
	g.do("stop")
	if b := g.boat("U-122"); b.Stored.Std != 15 || b.Stress != 1 || g.s.VP != 1 {
		t.Fatalf("U-122 after the operations: %+v, VP %d", b, g.s.VP)
	}
	// Tactical: U122 active; 5 + 1 Searcher = 6: 2 contacts. Convoy card 37.
	g.at("tac_pick").do("3").at("contact_ask").do("roll", 5).saw("1d10 = 5, +1 Searcher = 6 → 2 contacts", "Convoy card #37")
	g.at("engage").do("engage").saw("U-Boat Alert marker in Southwest Approaches")
	if g.s.Battle.Contacts != 1 {
		t.Fatalf("contact counter %d, want 1", g.s.Battle.Contacts)
	}
	// U122 starts surfaced at long range; it attacks alone.
	g.at("place_boat").do("L4").at("place_side").do("surfaced").at("wolfpack").do("done")
	// It moves 2 to short range and identifies the four merchants.
	g.at("move_posture").do("surfaced").at("move_step").do("to:M4").do("to:S4")
	g.saw("Eulota", "Rigel", "San Fernando", "Adamastos").notSaw("Ballinderry")
	// Wake: every ship at speed 2, nothing moves; U122 holds.
	g.at("wake_boat").pick("Hold position")
	// Escorts: the first rolls 5 and stays; the second 8, one area clockwise,
	// now within 2 areas: HMS Ballinderry.
	g.at("escorts").do(fmt.Sprint(g.shipIndex("E1")), 5, 8).saw("stays", "1 area clockwise", "Ballinderry")
	// San Fernando attacks first: 4, no effect; Adamastos: 5, 1 stress.
	g.at("enemy_order").pick("San Fernando attacks").at("reaction").do("none", 4).saw("→ no effect")
	g.at("reaction").do("none", 5).saw("→ +1 stress")
	// The cautious U122 fires 4 at San Fernando (+3 salvo, +1 TS, -1 range,
	// +1 Convoy card), 2 at Adamastos, and its gun at Rigel (+1, -6).
	sf, ad, ri := g.shipIndex("San Fernando"), g.shipIndex("Adamastos"), g.shipIndex("Rigel")
	g.at("uboat_attack")
	for _, k := range []string{"t:%d", "t:%d", "t:%d", "t:%d"} {
		g.do(fmt.Sprintf(k, sf))
	}
	g.do(fmt.Sprintf("t:%d", ad)).do(fmt.Sprintf("t:%d", ad)).do(fmt.Sprintf("g:%d", ri))
	g.do("fire", 1, 2, 4, 5, 3, 7).saw(
		"1d10 = 1, +3 salvo of 4, +1 TS, -1 range 1, +1 Convoy card = 5 → light damage",
		"1d10 = 2, +3 salvo of 4, +1 TS, -1 range 1, +1 Convoy card = 6 → light damage",
		"light damage on light damage makes heavy damage",
		"1d10 = 4, +3 salvo of 4, +1 TS, -1 range 1, +1 Convoy card, +1 heavy damage = 9 → heavy damage",
		"sinks her", "Torpedo 4 of 4 at San Fernando: the ship is already sunk",
		"1d10 = 5, +1 salvo of 2, +1 TS, -1 range 1, +1 Convoy card = 7 → heavy damage",
		"1d10 = 3, +1 salvo of 2, +1 TS, -1 range 1, +1 Convoy card, +1 heavy damage = 6 → light damage",
		"1d10 = 7, +1 GS, -6 range 2 = 2 → light damage",
		"an Alert marker on the display (1)")
	b := g.boat("U-122")
	if b.Ready.Torps() != 0 || b.Gun != 5 || b.XP != 2 || g.s.VP != 4 || b.Stress != 2 {
		t.Fatalf("after the attack: %+v, VP %d", b, g.s.VP)
	}
	if a := g.ship("Adamastos"); a.Heavy != 1 || a.Light != 1 || g.s.shipSpeed(a) != 0 {
		t.Fatalf("Adamastos %+v speed %d: heavy and light, speed 0", a, g.s.shipSpeed(a))
	}
	// Round 2: U122 dives. Wake movement by Eulota (2): U122 (1) back 1,
	// Adamastos (0) back 2, Rigel (1) back 1.
	g.at("move_posture").do("submerged").at("move_step").do("stop")
	g.saw("the reference ship is Eulota, speed 2")
	g.at("wake_ship").do("to:C3").saw("Rigel falls back 1 to convoy3", "Adamastos falls back 2 to mid4")
	g.at("wake_boat").pick("Fall back 1: mid4").saw("U-122 falls back 1 to mid4")
	if g.s.display().Dist("M4", g.ship("HMS Ballinderry").Area) != 2 || g.s.display().Dist("M4", g.ship("E1").Area) != 4 {
		t.Fatal("U122 should be 2 from Ballinderry, 4 from the unknown escort")
	}
	// The unknown escort, too far, rolls 9: one area clockwise. Ballinderry
	// needs 6 with the Alert: 7, detected; it moves into U122's area.
	g.at("escorts").do(fmt.Sprint(g.shipIndex("E1")), 9, 7).saw("1 area clockwise", "HMS Ballinderry tries to detect U-122", "1d10 = 7, +1 Alert markers = 8 → >= Detect 7: detected", "to mid4")
	// Adamastos shares the area but cannot attack a submerged boat;
	// Ballinderry attacks with its submerged numbers. U122 goes deep.
	if len(g.s.Battle.Attacks) != 1 {
		t.Fatalf("attacks %+v: only Ballinderry", g.s.Battle.Attacks)
	}
	if deep == "rule" {
		g.at("reaction").do("deep", 8, 10).saw("+1 stress (deep dive)", "2d10 = 8+10 = 8 → +3 stress")
	} else {
		g.at("reaction").do("deep", 6, 8, 10).saw("1d10 = 6 → > EV 5", "+2 stress", "2d10 = 8+10 = 8 → +3 stress").notSaw("(deep dive)")
	}
	want := map[string]int{"rule": 6, "example": 7}[deep]
	if b := g.boat("U-122"); b.Stress != want {
		t.Fatalf("U-122's stress %d, want %d (\"che ora ha un totale di 7 punti Stress\" in the example)", b.Stress, want)
	}
	// Round 3: U122 moves into the wake; the wake movement takes it and
	// Adamastos off the display. The contact is over.
	g.at("move_posture").do("submerged").at("move_step").do("to:W")
	g.at("wake_ship").do("to:S4").saw("Adamastos drifts into the wake", "U-122 falls back into the wake with movement left")
	// Post-combat: +1 stress, 6 torpedoes to Ready; 2 XP, 3 VP for San
	// Fernando already scored. The coup de grâce sinks Adamastos with a gun
	// round on the second contact: 2 VP, 1 XP.
	g.saw("+1 stress (the battle)", "reloads 6 torpedoes")
	g.at("action").do("coup").at("coup").do(fmt.Sprintf("gun:%d", ad)).saw("coup de grâce", "+2 VP")
	if b := g.boat("U-122"); b.XP != 3 || b.Gun != 4 || b.Ready.Std != 6 || b.Stored.Std != 9 || b.Stress != want+1 || !b.Searched || g.s.VP != 6 {
		t.Fatalf("after the contact: %+v, VP %d", b, g.s.VP)
	}
	// The others skip their contacts; at the Refit only U96, Cool, sheds a
	// stress point: every boat is at sea with no supply ship.
	for n := 0; n < 3; n++ {
		if g.s.Pending().Kind == "uboatleader.tac_pick" {
			g.do(g.s.Pending().Options[0].Key)
		}
		g.at("contact_ask").do("skip")
	}
	if g.boat("U-96").Stress != 2 || g.boat("U-23").Stress != 1 || g.boat("U-47").Stress != 1 {
		t.Fatalf("stress after the Refit: U-96 %d U-23 %d U-47 %d", g.boat("U-96").Stress, g.boat("U-23").Stress, g.boat("U-47").Stress)
	}
	// The map is reset: no U-Boat Alert, boats out of the Searched boxes.
	if len(g.s.Marks) != 0 || g.boat("U-122").Searched {
		t.Fatalf("the reset left %v, U-122 searched %v", g.s.Marks, g.boat("U-122").Searched)
	}
	g.at("strategic")
}
