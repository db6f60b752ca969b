package uboatleader

import (
	"strings"
	"testing"
)

// UBL-6.25: after the battle every surviving boat that fought takes 1
// stress and reloads from Stored; the XP of a sunk ship go to the boat that
// sank it alone, even if another damaged it; the wolfpack's joiners return
// to the Battle Location with an Attacker marker.
func TestPostCombat_UBL625(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 1, Area: "S5"}, OnDisp{Boat: 2, Area: "S5"})
	g.s.Battle.Active, g.s.Battle.Contacts = 2, 0
	g.s.Fleet[1].Ready.Std, g.s.Fleet[2].Ready.Std = 1, 1
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, Step{Op: "uboat_attack", Boat: 2}, Step{Op: "post_combat"})
	g.do("t:0").do("fire", 7).saw("heavy damage")
	g.do("t:0").do("fire", 7).saw("U-122 sinks Tiberton: 1 XP for U-122", "+1 stress (the battle)", "U-47 returns to Southwest Approaches with an Attacker marker")
	u47, u122 := g.boat("U-47"), g.boat("U-122")
	if u47.XP != 0 || u122.XP != 1 || u47.Stress != 1 || u122.Stress != 1 || !u47.Attacker || u122.Attacker {
		t.Fatalf("U-47 %+v\nU-122 %+v", u47, u122)
	}
	if u47.Ready.Std != 5 || u47.Stored.Std != 4 || u122.Ready.Std != 6 || u122.Stored.Std != 10 {
		t.Fatalf("reloads: U-47 %+v %+v, U-122 %+v %+v", u47.Ready, u47.Stored, u122.Ready, u122.Stored)
	}
}

// UBL-6.26, the digest's ambiguity 12: going back to the Contact
// sub-phase spends the contact its draw takes, or one more.
func TestBackToContact_Ruling12(t *testing.T) {
	for _, rule := range []string{"one_contact", "two_contacts"} {
		g := tacGame(t, "back_to_contact="+rule)
		g.do("0").do("roll", 9).do("withdraw").at("action")
		if g.s.Battle.Contacts != 2 {
			t.Fatal(g.s.Battle.Contacts)
		}
		g.do("next").at("engage")
		if want := map[string]int{"one_contact": 1, "two_contacts": 0}[rule]; g.s.Battle.Contacts != want {
			t.Fatalf("%s: %d contacts left", rule, g.s.Battle.Contacts)
		}
		if rule == "two_contacts" {
			g.do("withdraw").at("tac_pick") // none left: no action
		}
	}
	// With two_contacts, one contact left cannot go back.
	g := tacGame(t, "back_to_contact=two_contacts")
	g.do("0").do("roll", 7).do("withdraw").at("action")
	if strings.Contains(g.prompt(), "[next]") {
		t.Fatal("back to the Contact sub-phase with one contact left")
	}
}

// UBL-6.26 "Riattaccare il Convoglio": only a merchant convoy; a contact
// spent; the revealed escorts leave and fresh unknown ones take the card's
// escort positions; undamaged and lightly damaged ships return to their
// positions as they were; heavily damaged ones leave the battle; the Alert
// markers stay; a wolfpack may be called again.
func TestReattack_UBL626(t *testing.T) {
	g := tacGame(t, "")
	g.do("1").do("roll", 9).do("engage").do("L4").do("submerged").at("wolfpack").do("done")
	bt := g.s.Battle
	// Say the battle went this way: Eulota sunk, Rigel lightly damaged and
	// drifted off, San Fernando heavily damaged, Adamastos untouched,
	// Ballinderry revealed, E2 still unknown, two Alerts.
	set := func(pos string, f func(sh *Ship)) { f(g.ship(pos)) }
	set("M1", func(sh *Ship) { sh.Deck, sh.Card, sh.Sunk = DeckMerchants, 61, true })
	set("M2", func(sh *Ship) { sh.Deck, sh.Card, sh.Light, sh.Off, sh.Area = DeckMerchants, 62, 1, true, "" })
	set("M3", func(sh *Ship) { sh.Deck, sh.Card, sh.Heavy = DeckMerchants, 63, 1 })
	set("M4", func(sh *Ship) { sh.Area = "S4" })
	set("E1", func(sh *Ship) { sh.Deck, sh.Card, sh.Area = DeckEscorts, 101, "M4" })
	bt.Alerts = 2
	bt.Boats[0].Left = true
	g.jump(nil, Step{Op: "post_combat"}).at("action")
	if p := g.prompt(); !strings.Contains(p, "[reattack]") || !strings.Contains(p, "[coup]") {
		t.Fatalf("after a merchant convoy:\n%s", p)
	}
	g.do("reattack").saw("fresh escorts at the card's positions, 2 Alert markers stay").at("place_boat")
	bt = g.s.Battle
	if bt.Contacts != 1 || bt.Alerts != 2 || len(bt.Boats) != 0 {
		t.Fatalf("contacts %d alerts %d boats %d", bt.Contacts, bt.Alerts, len(bt.Boats))
	}
	if r := g.ship("Rigel"); !r.onDisplay() || r.Area != "C2" || r.Light != 1 {
		t.Fatalf("Rigel %+v: back at its position, still damaged", r)
	}
	if a := g.ship("M4"); a.Area != "C3" || a.known() {
		t.Fatalf("Adamastos's counter %+v: back at C3, still unknown", a)
	}
	if sf := g.ship("San Fernando"); !sf.Out || sf.onDisplay() {
		t.Fatalf("San Fernando %+v: out of the battle", sf)
	}
	unknownEscorts := 0
	for _, sh := range bt.Ships {
		if sh.escort() && sh.onDisplay() {
			if sh.known() {
				t.Fatalf("a revealed escort stays: %+v", sh)
			}
			unknownEscorts++
		}
	}
	if unknownEscorts != 2 || g.ship("HMS Ballinderry").onDisplay() {
		t.Fatalf("%d unknown escorts", unknownEscorts)
	}
	// The wolfpack may be tried again.
	g.do("L4").do("submerged").at("wolfpack")
	// A straggler (L) or a naval group (N) cannot be re-attacked.
	g = tacGame(t, "")
	g.s.Decks[DeckConvoys].Draw = []int{39, 38}
	g.do("0").do("roll", 9).do("engage").do("L0").do("submerged").do("done")
	g.s.Battle.Boats[0].Left = true
	g.jump(nil, Step{Op: "post_combat"}).at("action")
	if strings.Contains(g.prompt(), "[reattack]") {
		t.Fatal("a straggler re-attacked")
	}
}

// UBL-6.26 "Colpo Finale": instead of a re-attack, a contact spent to sink
// one heavily damaged ship with a torpedo (Ready or Stored) or a gun round
// — a torpedo for a warship; the others leave the game; no stress.
func TestCoupDeGrace_UBL626(t *testing.T) {
	g := fight(t, "", 38, []Ship{known(DeckWarships, 133, "C1"), known(DeckWarships, 132, "C3")}, OnDisp{Boat: 1, Area: "L0", Left: true})
	g.s.Battle.Contacts = 2
	g.ship("HMS Sirius").Heavy = 1
	g.ship("HMS Cumberland").Heavy = 1
	g.jump(nil, Step{Op: "post_combat"}).at("action").do("coup").at("coup")
	if p := g.prompt(); strings.Contains(p, "gun:") || !strings.Contains(p, "torpedo:0") {
		t.Fatalf("a warship needs a torpedo:\n%s", p)
	}
	stress := g.boat("U-47").Stress
	g.do("torpedo:0").saw("coup de grâce with a torpedo", "HMS Cumberland, heavily damaged, leaves the game", "+2 VP: HMS Sirius sunk by U-47")
	if b := g.boat("U-47"); b.Stress != stress || b.Stored.Std != 8 || g.s.Battle.Contacts != 1 {
		t.Fatalf("%+v, contacts %d", b, g.s.Battle.Contacts)
	}
	g.at("action")
	if p := g.prompt(); strings.Contains(p, "[coup]") || strings.Contains(p, "[reattack]") {
		t.Fatalf("after the coup de grâce:\n%s", p)
	}
}
