package uboatleader

import (
	"strings"
	"testing"
)

// refitGame: happy-time, short (1 patrol), U-96 (Cool) and U-47, both in
// Germany, at the Strategic phase of turn 1.
func refitGame(t *testing.T, rules string) *game {
	g := newGame(t, fixtureRules(t), `{"campaign":"happy-time","length":"short","rules":"`+rules+`"}`)
	g.fleet("U-96:trained", "U-47:green").at("place").do("germany").at("place").do("germany")
	return g.at("strategic")
}

// UBL-7.1: XP at or over the card's promotion number promote the crew one
// level; the XP spent go, the rest stay. One level a phase, or more by the
// ruling promotion (the digest's ambiguity 19).
func TestPromotion_UBL71(t *testing.T) {
	r := fixtureRules(t)
	for i := range r.packs[0].UBoats {
		if b := &r.packs[0].UBoats[i]; b.ID == "U-47" {
			lv := b.Levels["green"]
			lv.XP = 5 // the rulebook's example: 5 needed, 7 earned, 2 kept
			b.Levels["green"] = lv
		}
	}
	for _, rule := range []string{"one_level", "several_levels"} {
		g := &game{t: t, r: r, q: &queue{}}
		st, _, _ := r.New([]byte(`{"campaign":"happy-time","length":"short","rules":"promotion=`+rule+`"}`), inOrder{})
		g.s = st.(*State)
		g.fleet("U-47:green").at("place").do("germany")
		g.s.Fleet[0].XP = 7
		g.jump(nil, Step{Op: "refit"}).saw("U-47 is promoted to trained (5 XP spent, 2 kept)")
		g.s.Fleet[0].XP = 14
		g.jump(nil, Step{Op: "refit"})
		b := g.boat("U-47")
		want := map[string][2]int{"one_level": {2, 8}, "several_levels": {3, 0}}[rule]
		if b.Level != want[0] || b.XP != want[1] {
			t.Fatalf("%s: level %d, XP %d; want %v", rule, b.Level, b.XP, want)
		}
	}
}

// UBL-7.3: a boat in port sheds its port's Refit number, with a Supply Ship
// in its area 2, and 1 more with Cool; Cool alone at sea too, or only with a
// port or a supply ship (the digest's ambiguity 13).
func TestStressRecovery_UBL73(t *testing.T) {
	for _, rule := range []string{"always", "port_or_supply"} {
		g := refitGame(t, "cool="+rule)
		g.s.Fleet[0].Stress, g.s.Fleet[1].Stress = 10, 10 // in Germany, Refit 4
		g.jump(nil, Step{Op: "refit"}).saw("U-96 (trained): -5 stress (refit in Germany, Cool), now 5", "U-47 (green): -4 stress (refit in Germany), now 6")
		g.s.Fleet[0].At, g.s.Fleet[1].At = "north-sea", "north-sea"
		g.s.setMarks("north-sea", func(m *Marks) { m.Supply = true })
		g.jump(nil, Step{Op: "refit"}).saw("U-96 (trained): -3 stress (supply ship, Cool), now 2", "U-47 (green): -2 stress (supply ship), now 4")
		g.s.Fleet[0].At, g.s.Fleet[0].Stress = "british-isles", 3
		g.jump(nil, Step{Op: "refit"})
		if want := map[string]int{"always": 2, "port_or_supply": 3}[rule]; g.boat("U-96").Stress != want {
			t.Fatalf("%s: Cool at sea: stress %d, want %d", rule, g.boat("U-96").Stress, want)
		}
	}
}

// UBL-7.4: with no boat at sea, -2 VP. UBL-7.5: in port, 6 gun rounds and
// the torpedoes the card holds (advanced ones stay). UBL-7.6: at sea the
// tubes are reloaded from Stored.
func TestSeaCheckRearmReload_UBL74(t *testing.T) {
	g := refitGame(t, "")
	g.s.Fleet[0].Ready, g.s.Fleet[0].Stored, g.s.Fleet[0].Gun = Load{Std: 1, FAT: 1}, Load{T5: 1}, 2
	g.jump(nil, Step{Op: "refit"}).saw("-2 VP: no U-boat at sea", "U-96 rearms in port: 14 torpedoes, 6 gun rounds")
	if b := g.boat("U-96"); b.Ready != (Load{Std: 4, FAT: 1}) || b.Stored != (Load{Std: 8, T5: 1}) || b.Gun != 6 {
		t.Fatalf("rearmed %+v %+v gun %d", b.Ready, b.Stored, b.Gun)
	}
	if g.s.VP != -2 {
		t.Fatal(g.s.VP)
	}
	g.s.Fleet[1].At = "north-sea"
	g.s.Fleet[1].Ready, g.s.Fleet[1].Stored = Load{Std: 1}, Load{Std: 3}
	g.jump(nil, Step{Op: "refit"}).notSaw("no U-boat at sea").saw("U-47 reloads 3 torpedoes from Stored to Ready")
	if b := g.boat("U-47"); b.Ready.Std != 4 || b.Stored.Std != 0 || g.s.VP != -2 {
		t.Fatalf("reloaded %+v %+v VP %d", b.Ready, b.Stored, g.s.VP)
	}
}

// UBL-7.7: the reset clears the Air Search, Supply Ship, Intelligence and
// U-Boat Alert markers and the Attacker markers; boats leave the Searched
// boxes, or enter them as the text reads (the digest's ambiguity 14), when
// only a boat entering a new area in the Operations phase leaves its box.
func TestMapReset_Ruling14(t *testing.T) {
	for _, rule := range []string{"out", "into"} {
		g := refitGame(t, "map_reset="+rule)
		g.s.Fleet[0].At, g.s.Fleet[1].At = "north-sea", "british-isles"
		g.s.Fleet[0].Attacker = true
		g.s.setMarks("north-sea", func(m *Marks) { m.AirSearch, m.Supply, m.Intelligence, m.UBoatAlerts = true, true, true, 2 })
		g.jump(nil, Step{Op: "refit"})
		if len(g.s.Marks) != 0 || g.boat("U-96").Attacker {
			t.Fatalf("markers left: %v", g.s.Marks)
		}
		if g.boat("U-96").Searched != (rule == "into") {
			t.Fatalf("%s: searched %v", rule, g.boat("U-96").Searched)
		}
		g.s.Decks[DeckEvents].Draw = []int{12, 14, 15, 16, 12}
		g.at("strategic").do("end").do("0").do("stay").do("to:north-sea").do("stop")
		// U-96 stayed: under "into" it is still in its Searched box; U-47
		// moved: out of it.
		if rule == "into" {
			g.at("contact_ask")
			if !strings.Contains(g.s.Pending().Text, "U-47") {
				t.Fatalf("only U-47 may search:\n%s", g.prompt())
			}
		} else {
			g.at("tac_pick")
		}
	}
}

// UBL-7.2, UBL-8: a boat home from its last patrol leaves the campaign;
// when every boat has, or is sunk, the campaign ends at once: -3 VP a boat
// sunk, then the sheet's evaluation (Short: Great 21+, Good 17+, Adequate
// 13+, Poor 10+, Dismal below).
func TestCampaignEnd_UBL8(t *testing.T) {
	g := refitGame(t, "")
	g.s.Fleet[0].Patrols = 1
	g.s.Fleet[1].Sunk = true
	g.s.VP = 15
	g.s.ShipsSunk = 6
	g.jump(nil, Step{Op: "refit"}).saw("U-96 has completed its 1 patrol: it leaves the campaign", "-3 VP: 1 U-boat sunk", "12 VP, Poor")
	o := g.s.Outcome()
	if o == nil || o.Score != 12 || o.Level != "poor" || g.s.Pending() != nil || !strings.Contains(o.Summary, "[Test fixture") {
		t.Fatalf("outcome %+v", o)
	}
	if _, _, err := g.s.Apply(engineChoice("x"), g.q); err == nil {
		t.Fatal("a finished campaign takes a choice")
	}
	for vp, want := range map[int]string{21: "Great", 20: "Good", 17: "Good", 16: "Adequate", 13: "Adequate", 12: "Poor", 10: "Poor", 9: "Dismal", -5: "Dismal"} {
		if got := grade(g.s.length(), vp); got != want {
			t.Errorf("%d VP: %s, want %s", vp, got, want)
		}
	}
}

// UBL-9.4 "Campagne Collegate": the campaigns in order with the same fleet:
// its cost at current levels comes off the next campaign's SO, a boat out
// of service leaves (its SO not charged), stress goes to 0; each campaign
// is scored on its own.
func TestLinkedCampaigns_UBL94(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"hunted","length":"short","rules":"linked"}`)
	if g.s.Campaign != "happy-time" {
		t.Fatalf("a linked series starts with the first campaign, not %s", g.s.Campaign)
	}
	g.fleet("U-47:trained", "U-96:green").at("place").do("germany").at("place").do("germany")
	g.s.Fleet[0].Level, g.s.Fleet[0].Stress, g.s.Fleet[0].Patrols = 2, 7, 1 // a veteran now
	g.s.Fleet[1].Patrols = 1
	g.s.VP = 5
	g.jump(deckFaces(g.s.pack, "battle-begins"), Step{Op: "refit"}).saw("5 VP, Dismal", "U-96 is out of service in The Battle Begins (fixture)",
		"Its 26 SO less the fleet's 10 SO at current levels: 16")
	if len(g.s.Fleet) != 1 || g.s.Fleet[0].Stress != 0 || g.s.Fleet[0].Patrols != 0 || g.s.SO != 32 || g.s.VP != 0 {
		t.Fatalf("fleet %+v SO %s VP %d", g.s.Fleet, g.s.soText(), g.s.VP)
	}
	g.at("buy").do("done")
	g.s.Fleet[0].Patrols = 1
	g.s.VP = 22
	g.jump(deckFaces(g.s.pack, "hunted"), Step{Op: "refit"}).saw("22 VP, Great", "U-47 is out of service in The Hunted (fixture)")
	g.fleet("U-98:ace").at("place").do("germany")
	g.s.Fleet[0].Patrols = 1
	g.s.VP = 11
	g.jump(nil, Step{Op: "refit"})
	o := g.s.Outcome()
	if o == nil || o.Score != 38 || o.Level != "poor" || len(g.s.Results) != 3 || !strings.Contains(o.Summary, "Linked campaigns") {
		t.Fatalf("outcome %+v results %+v", o, g.s.Results)
	}
}

// deckFaces are the dice a campaign's deck building rolls to keep every
// deck in the pack's order (buildDecks: a Fisher-Yates shuffle a deck).
func deckFaces(p *Pack, campaign string) []int {
	c := p.Campaign(campaign)
	sizes := []int{len(p.Events), len(p.Convoys) - len(c.RemoveConvoys)}
	for _, d := range shipDeckNames {
		sizes = append(sizes, len(p.Ships.deck(d)))
	}
	var faces []int
	for _, n := range sizes {
		for i := n - 1; i > 0; i-- {
			faces = append(faces, i+1)
		}
	}
	return faces
}
