package uboatleader

import (
	"strings"
	"testing"
)

// UBL-2 "Scegliere gli U-Boat": The Battle Begins, Medium, 32 SO; U-43
// Trained 8, U-47 Trained 7, U-51 Trained 6, U-56 Ace 8 leave 3 SO. A boat
// is taken at one level only; each is loaded to its card's capacity, with
// 6 gun rounds unless it is a Type II.
func TestFleetPurchaseExample_UBL2(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"medium"}`)
	if g.s.SO != 64 {
		t.Fatalf("SO %s, want 32", g.s.soText())
	}
	g.at("buy")
	if strings.Contains(g.prompt(), "U-96") || strings.Contains(g.prompt(), "U-2511") {
		t.Fatalf("boats out of service (or optional) offered:\n%s", g.prompt())
	}
	g.do("b:U-43").do("trained").do("b:U-47").do("trained")
	if strings.Contains(g.prompt(), "b:U-47") {
		t.Fatal("U-47 offered twice: a boat is taken at one level only")
	}
	g.do("b:U-51").do("trained").do("b:U-56").do("ace")
	if g.s.soText() != "3" {
		t.Fatalf("SO left %s, want 3", g.s.soText())
	}
	g.at("buy").do("done")
	// One port on this map: every boat starts there.
	for _, id := range []string{"U-43", "U-47", "U-51", "U-56"} {
		if g.boat(id).At != "germany" {
			t.Fatalf("%s at %q", id, g.boat(id).At)
		}
	}
	if b := g.boat("U-43"); b.Ready.Std != 6 || b.Stored.Std != 16 || b.Gun != 6 {
		t.Fatalf("U-43 loaded %+v", b)
	}
	if b := g.boat("U-56"); b.Gun != 0 || b.Ready.Std != 3 {
		t.Fatalf("U-56 (Type IIC) loaded %+v: no deck gun", b)
	}
	// A level beyond the SO left is not offered; back returns to the list.
	g = newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short"}`)
	g.do("b:U-43").do("ace").do("b:U-47")
	if p := g.prompt(); strings.Contains(p, "ace, 13 SO") || !strings.Contains(p, "green, 5 SO") {
		t.Fatalf("levels offered with 11 SO:\n%s", p)
	}
	g.do("back").at("buy")
}

// UBL-9.3 "Selezione Casuale degli U-Boat": the cards are shuffled and
// drawn one at a time; the player picks each one's level; a card the SO
// cannot pay stops the draw and is not taken; then +2/+4/+8 SO.
func TestRandomFleet_UBL93(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short","rules":"random_fleet"}`)
	g.at("random_next")
	if !strings.Contains(g.s.Pending().Text, "you draw U-23") || strings.Contains(g.prompt(), "stop") {
		t.Fatalf("first draw, no stop before a boat:\n%s", g.prompt())
	}
	g.do("ace").at("random_next")
	if !strings.Contains(g.s.Pending().Text, "you draw U-47") {
		t.Fatal(g.prompt())
	}
	// 26 - 9 - 13 = 4: U-122's cheapest level costs 8; the draw stops.
	g.do("ace").saw("U-122 would take the SO below 0", "The random fleet earns 2 SO (6 SO left)")
	if len(g.s.Fleet) != 2 || g.s.SO != 12 {
		t.Fatalf("fleet %d, SO %s", len(g.s.Fleet), g.s.soText())
	}
	// The player may stop after the first card.
	g = newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"long","rules":"UBL-9.3"}`)
	g.do("green").do("stop").saw("earns 8 SO")
	if len(g.s.Fleet) != 1 || g.s.SO != 2*(38-3+8) {
		t.Fatalf("fleet %d, SO %s", len(g.s.Fleet), g.s.soText())
	}
}

// UBL-9.1: the Type XXI may be bought in any campaign with its optional
// rule, and never with U-201, who shares its captain.
func TestTypeXXI_UBL91(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"hunted"}`)
	if strings.Contains(g.prompt(), "U-2511") {
		t.Fatal("the Type XXI offered without its rule")
	}
	g = newGame(t, fixtureRules(t), `{"campaign":"hunted","rules":"xxi"}`)
	g.do("b:U-2511").do("trained").saw("U-2511 shares a captain with U-201")
	if strings.Contains(g.prompt(), "b:U-201") {
		t.Fatal("U-201 offered beside the Type XXI")
	}
	if b := g.boat("U-2511"); b.Gun != 0 || b.Ready.Std != 6 || b.Stored.Std != 18 {
		t.Fatalf("XXI loaded %+v: no gun (UBL-9.1), 6 tubes", b)
	}
	g = newGame(t, fixtureRules(t), `{"campaign":"hunted","rules":"xxi"}`)
	g.do("b:U-201").do("green")
	if strings.Contains(g.prompt(), "b:U-2511") {
		t.Fatal("the Type XXI offered beside U-201")
	}
}
