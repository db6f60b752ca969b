package uboatleader

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

var itoa = strconv.Itoa

// UBL-4.1-4.6: the sheet's options with their costs and limits; one marker
// of a kind an area; R&R once a phase for the boats in port; an advanced
// torpedo costs ½ SO and replaces a torpedo of a boat in port; the Radio
// Call is not bought here (UBL-4.7).
func TestSpecialOptions_UBL4(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"happy-time","length":"medium"}`)
	g.fleet("U-96:trained", "U-47:trained").at("place").do("france").at("place").do("france").at("strategic")
	if strings.Contains(g.prompt(), "Radio Call") {
		t.Fatal("the Radio Call is bought in the Contact sub-phase (UBL-4.7)")
	}
	if strings.Contains(g.prompt(), "R&R") {
		t.Fatal("R&R offered with nobody to rest")
	}
	g.pick("Intelligence, 2 SO").at("so_area").do("southwest-approaches").saw("Intelligence bought for 2 SO: Southwest Approaches (24 SO left)")
	if !g.s.marks("southwest-approaches").Intelligence {
		t.Fatal("no Intelligence marker")
	}
	g.pick("Intelligence").at("so_area")
	if strings.Contains(g.prompt(), "southwest-approaches") {
		t.Fatal("a second Intelligence marker offered in the same area")
	}
	g.do("back").pick("Supply Ship").do("north-sea").saw("Supply Ship bought")
	if strings.Contains(g.prompt(), "Supply Ship") {
		t.Fatal("the Supply Ship offered past its limit of 1")
	}
	g.pick("Advanced torpedo, ½ SO").at("so_boat").do("0").at("so_torpedo").do("fat:ready").saw("(21½ SO left)")
	if b := g.boat("U-96"); b.Ready.Std != 4 || b.Ready.FAT != 1 {
		t.Fatalf("U-96's tubes %+v", b.Ready)
	}
	g.pick("Advanced torpedo").do("1").do("t5:stored")
	if g.s.SO != 42 || g.boat("U-47").Stored.T5 != 1 {
		t.Fatalf("SO %s, U-47 %+v", g.s.soText(), g.boat("U-47").Stored)
	}
	// R&R: -4 stress for every boat in port, once a phase.
	g.s.Fleet[0].Stress, g.s.Fleet[1].Stress = 6, 3
	g.pick("R&R").saw("U-96 (trained): -4 stress (R&R), now 2", "U-47 (trained): -3 stress (R&R), now 0")
	if strings.Contains(g.prompt(), "R&R") {
		t.Fatal("R&R twice in a phase")
	}
	g.do("end").at("ops_pick")
}

// A Special Option the sheet does not list is not offered; nor is one the
// SO cannot pay.
func TestSpecialOptionsBySheetAndPurse(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short"}`)
	g.fleet("U-43:ace", "U-47:veteran").at("strategic")
	p := g.prompt()
	if strings.Contains(p, "Advanced torpedo") || strings.Contains(p, "Supply Ship") {
		t.Fatalf("options the sheet lacks:\n%s", p)
	}
	// 26 - 15 - 10 = 1 SO: a 1-SO option, no 2-SO one.
	if !strings.Contains(p, "Mine mission") || strings.Contains(p, "Attack mission") || strings.Contains(p, "Intelligence") {
		t.Fatalf("with 1 SO:\n%s", p)
	}
	// Air Search only in the North Sea (the sheet's restriction).
	g.pick("Air Search").at("so_area")
	if !strings.Contains(g.prompt(), "north-sea") || strings.Contains(g.prompt(), "british-isles") {
		t.Fatalf("Air Search areas:\n%s", g.prompt())
	}
}

// UBL-4.9 Mine: bought in port; torpedoes become mines; the box costs an
// Event card to enter, besides the area's Moving cards (ruling
// mission_box_draws), and scores its VP for the mines laid: 8 mines in the
// British Isles, 4 VP.
func TestMineMission_UBL49(t *testing.T) {
	for _, rule := range []string{"box_and_moving", "box_only"} {
		t.Run(rule, func(t *testing.T) {
			g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short","rules":"mission_box_draws=`+rule+`"}`)
			g.fleet("U-47:trained").at("strategic").pick("Mine mission").do("0").at("so_mines").do("8")
			if b := g.boat("U-47"); b.Stored.Mine != 8 || b.Stored.Std != 1 || b.Ready.Std != 5 {
				t.Fatalf("loaded %+v %+v", b.Ready, b.Stored)
			}
			g.do("end")
			// Event cards in the pack's order: #1 Ultra Intercept, #2 Rough
			// Seas, #3 Fatal Error, #4 Enemy Aircraft.
			g.at("ops_move").do("to:north-sea").do("to:british-isles")
			if rule == "box_and_moving" {
				g.pick("Enter the Mine mission box", 7).saw("Fatal Error", "Enemy Aircraft")
			} else {
				g.pick("Enter the Mine mission box").saw("Fatal Error").notSaw("Enemy Aircraft")
			}
			g.saw("lays 8 mines", "+4 VP: U-47's minefield")
			// In the Searched box it has no Tactical phase: the next prompt is
			// turn 2's.
			if b := g.boat("U-47"); b.Stored.Mine != 0 || len(b.Missions) != 0 || g.s.VP != 4 || g.s.Turn != 2 {
				t.Fatalf("after the mission: %+v VP %d turn %d", b, g.s.VP, g.s.Turn)
			}
			g.at("strategic")
		})
	}
}

// UBL-4.10 Attack: the example. U-47, a Veteran VIIB, draws Rough Sea in
// the North Sea, then the box's three cards (Enemy Aircraft +2, Allied
// Submarine Attack +2, Radio Intercept): 5 stress. Three ships: Royal Oak,
// Cumberland, Sirius. Four torpedoes at Royal Oak sink her, one at Sirius
// damages her: +4 VP, +3 XP. The example draws no Moving card for the box
// (ruling mission_box_draws=box_only).
func TestAttackMissionExample_UBL410(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short","rules":"mission_box_draws=box_only"}`)
	g.fleet("U-47:veteran").at("strategic").pick("Attack mission").do("0").do("end")
	g.s.Decks[DeckEvents].Draw = []int{2, 4, 11, 8, 12}
	g.at("ops_move").do("to:north-sea").saw("Rough Seas", "now 1")
	g.pick("Enter the Attack mission box", 3).saw("Enemy Aircraft", "1d10 = 3, +4 EV = 7 → +2 stress")
	g.at("attack_break").do("go").saw("Allied Submarine Attack", "now 5")
	g.at("attack_break").do("go").saw("Radio Intercept", "Royal Oak", "Cumberland", "Sirius")
	g.at("uboat_attack")
	ro, si := g.shipIndex("HMS Royal Oak"), g.shipIndex("HMS Sirius")
	for k := 0; k < 4; k++ {
		g.do("t:" + itoa(ro))
	}
	g.do("t:"+itoa(si)).do("fire", 3, 4, 3).saw(
		"torpedo 1 of 4 at HMS Royal Oak (4-7-NA) (UBL-6.13): 1d10 = 3, +3 salvo of 4, +1 TS = 7 → heavy damage",
		"1d10 = 4, +3 salvo of 4, +1 TS, +1 heavy damage = 9 → heavy damage",
		"sinks her", "1d10 = 3, +1 TS = 4 → light damage", "+4 VP: HMS Royal Oak sunk by U-47")
	b := g.boat("U-47")
	if g.s.VP != 4 || b.XP != 3 || b.Stress != 5 || len(b.Missions) != 0 || g.s.Battle != nil || g.s.Turn != 2 {
		t.Fatalf("after the mission: %+v, VP %d, turn %d", b, g.s.VP, g.s.Turn)
	}
	// 5 torpedoes fired, the Ready box's; at the Refit it reloads at sea
	// from Stored (UBL-7.6).
	if b.Ready.Std != 5 || b.Stored.Std != 4 {
		t.Fatalf("torpedoes left %+v %+v", b.Ready, b.Stored)
	}
	if d := g.s.Decks[DeckWarships].Discard; len(d) != 3 {
		t.Fatalf("the ships go to the discard: %v", d)
	}
}

// UBL-4.10: the player may break off after any card; the boat goes to the
// Searched box and keeps its Attack marker. A boat an Event card makes
// Unfit fails (UBL-4.9-4.11) and keeps its marker too.
func TestAttackMissionBreakOffAndFailure(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short"}`)
	g.fleet("U-47:veteran").at("strategic").pick("Attack mission").do("0").do("end")
	g.s.Decks[DeckEvents].Draw = []int{12, 14, 15, 2}
	g.at("ops_move").do("to:north-sea").pick("Enter the Attack mission box").at("attack_break").do("break").saw("breaks off")
	if b := g.boat("U-47"); !contains(b.Missions, "attack") || b.InBox != "" || g.s.Turn != 2 {
		t.Fatalf("after breaking off: %+v, turn %d", b, g.s.Turn)
	}
	g = newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short"}`)
	g.fleet("U-47:veteran").at("strategic").pick("Attack mission").do("0").do("end")
	g.s.Decks[DeckEvents].Draw = []int{12, 11, 12}
	g.s.Fleet[0].Stress = 11
	g.at("ops_move").do("to:north-sea").pick("Enter the Attack mission box").saw("now 13: Unfit", "the Attack mission fails")
	if b := g.boat("U-47"); !contains(b.Missions, "attack") || g.s.Turn != 2 {
		t.Fatalf("after failing: %+v", b)
	}
}

// UBL-4.11 Raider: attacks one at a time, each a gun round or a torpedo,
// up to the box's number; a modified 8 or more scores 1 VP, with the TS or
// GS by the ruling raider_modifiers.
func TestRaiderMission_UBL411(t *testing.T) {
	for _, rule := range []string{"skill", "none"} {
		t.Run(rule, func(t *testing.T) {
			g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short","rules":"mission_box_draws=box_only,raider_modifiers=`+rule+`"}`)
			g.fleet("U-47:veteran").at("strategic").pick("Raider mission").do("0").do("end")
			g.s.Decks[DeckEvents].Draw = []int{12, 14, 15, 16}
			g.at("ops_move").do("to:north-sea").do("to:british-isles").pick("Enter the Raider mission box").at("raider_fire")
			vp := map[string]int{"skill": 1, "none": 0}[rule]
			g.do("torpedo", 7).saw("Raider attack by U-47 with a torpedo")
			if g.s.VP != vp {
				t.Fatalf("a 7 with TS +1: VP %d, want %d", g.s.VP, vp)
			}
			g.do("gun", 8).do("gun", 2)
			if g.s.VP != vp+1 || g.s.Pending().Kind == "uboatleader.raider_fire" {
				t.Fatalf("VP %d after three attacks, the box's maximum", g.s.VP)
			}
			if b := g.boat("U-47"); b.Gun != 4 || b.Stored.Std != 8 || len(b.Missions) != 0 {
				t.Fatalf("after the raid %+v", b)
			}
		})
	}
}

// UBL-9.2: a snorkel for 1 SO, +2 EV, not for a Type II.
func TestSnorkel_UBL92(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short","rules":"snorkel"}`)
	g.fleet("U-23:green", "U-47:trained").at("strategic").pick("Snorkel").at("so_boat")
	if strings.Contains(g.prompt(), "U-23") {
		t.Fatal("a snorkel offered to a Type II")
	}
	ev := g.s.ev(g.boat("U-47"))
	g.do("1")
	if g.s.ev(g.boat("U-47")) != ev+2 {
		t.Fatalf("EV %d, want %d", g.s.ev(g.boat("U-47")), ev+2)
	}
	if strings.Contains(newGame(t, fixtureRules(t), `{"campaign":"battle-begins"}`).fleet("U-47:trained").prompt(), "Snorkel") {
		t.Fatal("a snorkel offered without its rule")
	}
}

// The digest's ambiguity 17: the Attack mission's ships come from the
// Warship deck, or from the Merchant deck.
func TestAttackMissionDeck_Ruling17(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"battle-begins","length":"short","rules":"attack_ship_deck=merchants,mission_box_draws=box_only"}`)
	g.fleet("U-47:veteran").at("strategic").pick("Attack mission").do("0").do("end")
	g.s.Decks[DeckEvents].Draw = []int{12, 14, 15, 16, 12}
	g.at("ops_move").do("to:north-sea").pick("Enter the Attack mission box").do("go").do("go").saw("Draws Merchant card #61 Eulota", "#62 Rigel", "#63 San Fernando").at("uboat_attack")
}

// The set-up lists every optional rule and every ruling with its values,
// the default first, in English (issue 28: `variants` cannot run before
// the game exists, so the rulings were nowhere to be read at set-up).
func TestSetupListsTheRulings(t *testing.T) {
	var menu []engine.Option
	for _, f := range houseRules(t).SetupFields() {
		if f.Key == "rules" {
			menu = f.Menu
		}
	}
	keys := map[string]string{}
	for _, o := range menu {
		k, _, _ := strings.Cut(o.Key, "=")
		keys[k] = o.Key
		if o.Label == "" || strings.Contains(o.Case, " ") && !strings.Contains(o.Case, ", ") {
			t.Errorf("%s: label %q case %q", o.Key, o.Label, o.Case)
		}
	}
	for _, o := range optionalRules {
		if keys[o.Key] != o.Key {
			t.Errorf("optional rule %s not listed", o.Key)
		}
	}
	for _, r := range rulings {
		if len(r.Values) > 1 && !strings.HasPrefix(keys[r.Key], r.Key+"="+r.Default+"|") {
			t.Errorf("ruling %s listed as %q", r.Key, keys[r.Key])
		}
	}
	for _, o := range menu {
		for _, h := range italianHeadings {
			if strings.Contains(o.Label+o.Case, h) {
				t.Errorf("%s: the Italian heading %q", o.Key, h)
			}
		}
	}
}
