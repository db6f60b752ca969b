package uboatleader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// halt is a test's stop sign on the agenda: a prompt with one option.
func init() {
	register("halt", &opDef{
		ask:    func(s *State, st Step) *ask { return &ask{Text: "halt", Options: []engine.Option{{Key: "halt"}}} },
		answer: func(s *State, st Step, key string) {},
	})
}

var halt = Step{Op: "halt"}

// fight is tacGame with a battle on the display: the boats are fleet
// indexes 0 U-96 (trained, cautious), 1 U-47 (trained, aggressive), 2
// U-122 (veteran, cautious, TS +1 GS +1 EV 5).
func fight(t *testing.T, rules string, convoy int, ships []Ship, boats ...OnDisp) *game {
	g := tacGame(t, rules)
	g.battle(convoy, ships, boats)
	return g
}

// UBL-6.7: a boat may dive or surface, then move up to its speed, leave
// the display from a long-range area, or stop; an Unfit boat heads off by
// the most direct route.
func TestMovement_UBL67(t *testing.T) {
	g := fight(t, "", 39, []Ship{unknown(ShipMerchant, "M1", "C4")}, OnDisp{Boat: 1, Area: "L0", Surfaced: true})
	g.jump(nil, Step{Op: "round"}).at("move_posture").do("surfaced").at("move_step")
	if p := g.prompt(); !strings.Contains(p, "[exit]") || !strings.Contains(p, "[to:mid0]") || !strings.Contains(p, "2 moves left") {
		t.Fatalf("from L0:\n%s", p)
	}
	g.do("to:mid0").at("move_step")
	if strings.Contains(g.prompt(), "[exit]") {
		t.Fatal("exit offered away from the long range")
	}
	g.do("to:L0").saw("unknown merchant").at("wake_boat") // a pack id: the key of games logged before the codes
	g = fight(t, "", 39, []Ship{unknown(ShipMerchant, "M1", "C4")}, OnDisp{Boat: 1, Area: "L0", Surfaced: true})
	g.jump(nil, Step{Op: "round"}).do("surfaced").do("exit").saw("U-47 leaves the display from long0", "U-47 (trained): +1 stress (the battle)")
	// Unfit: straight off.
	g = fight(t, "", 39, []Ship{unknown(ShipMerchant, "M1", "C4")}, OnDisp{Boat: 1, Area: "S0", Surfaced: true})
	g.s.Fleet[1].Stress = 13
	g.jump(nil, Step{Op: "round"}).at("move_posture").do("surfaced").saw("is Unfit and heads off the display")
	if d := g.s.dispOf(1); d.Area != "L0" {
		t.Fatalf("Unfit boat in %s", d.Area)
	}
}

// UBL-6.9 "Navigazione Silenziosa": a detected submerged boat; speed 0;
// d10 <= EV clears the Detected marker, else +2 stress; no attack this
// round; the marker goes at the end of the round (UBL-6.24).
func TestSilentRunning_UBL69(t *testing.T) {
	for _, c := range []struct {
		face     int
		detected bool
		stress   int
	}{{5, false, 0}, {6, true, 2}} {
		g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 2, Area: "S4", Detected: true})
		g.jump(nil, Step{Op: "move_posture", Boat: 2}, Step{Op: "uboat_attack", Boat: 2}, halt)
		g.pick("Silent running", c.face).at("halt") // no move, no attack
		d := g.s.dispOf(2)
		if d.Detected != c.detected || g.boat("U-122").Stress != c.stress || !d.Silent {
			t.Fatalf("face %d: %+v stress %d", c.face, d, g.boat("U-122").Stress)
		}
		g.jump(nil, Step{Op: "end_round"}).at("move_posture")
		if g.s.dispOf(2).Silent {
			t.Fatal("the marker stays past the round")
		}
	}
}

// UBL-6.10 "Movimento di Scia": the fastest merchant, straggler or warship
// is the reference; slower ships fall back by the difference (deficits over
// 3 by the ruling wake_over_3); one that reaches the wake with movement left
// leaves the display.
func TestWake_UBL610(t *testing.T) {
	for _, rule := range []string{"by_deficit", "cap_3"} {
		r := fixtureRules(t)
		r.packs[0].Ships.Warships[2].Speed = 5 // Sirius, for a deficit of 4
		g := &game{t: t, r: r, q: &queue{}}
		st, _, _ := r.New([]byte(`{"campaign":"happy-time","rules":"wake_over_3=`+rule+`"}`), inOrder{})
		g.s = st.(*State)
		g.fleet("U-47:trained")
		g.at("place").do("france")
		g.s.Fleet[0].At = "southwest-approaches"
		g.battle(38, []Ship{known(DeckWarships, 133, "C1"), known(DeckWarships, 131, "C2")}, []OnDisp{{Boat: 0, Area: "L0", Surfaced: true}})
		g.jump(nil, Step{Op: "wake"}, halt)
		// Royal Oak (1) is 4 slower than Sirius (5). C2 is 5 from the wake.
		g.saw(map[string]string{"by_deficit": "HMS Royal Oak falls back 4 to wake", "cap_3": "HMS Royal Oak falls back 3 to mid4"}[rule])
		ro := g.ship("HMS Royal Oak")
		if d := g.s.display().Dist("C2", "W") - g.s.display().Dist(ro.Area, "W"); d != map[string]int{"by_deficit": 4, "cap_3": 3}[rule] {
			t.Fatalf("%s: Royal Oak fell back %d", rule, d)
		}
	}
	// A ship that reaches the wake with movement left is off the display;
	// a U-boat may declare a lower speed and fall back further.
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 61, "C1"), known(DeckMerchants, 62, "M4")}, OnDisp{Boat: 1, Area: "S4"})
	g.ship("Rigel").Heavy = 1 // speed 0: 2 behind Eulota, 1 from the wake
	g.jump(nil, Step{Op: "wake"}, halt).saw("Rigel drifts into the wake with movement left").at("wake_boat")
	if p := g.prompt(); !strings.Contains(p, "Fall back 1: mid4") || !strings.Contains(p, "Fall back 2: wake") {
		t.Fatalf("U-47 submerged (speed 1) behind a speed 2:\n%s", p)
	}
	if r := g.ship("Rigel"); !r.Off || r.onDisplay() {
		t.Fatalf("Rigel %+v", r)
	}
}

// UBL-6.8: unknown ships within 2 areas of a U-boat are identified from
// their decks; a misidentified merchant is an escort (UBL-1.8).
func TestIdentification_UBL68(t *testing.T) {
	g := fight(t, "", 39, []Ship{unknown(ShipMerchant, "M1", "C4"), unknown(ShipMerchant, "M2", "C1"), unknown(ShipEscort, "E1", "S0")}, OnDisp{Boat: 1, Area: "M4"})
	g.s.Decks[DeckMerchants].Draw = []int{68, 65, 66}
	g.s.Decks[DeckEscorts].Draw = []int{103, 101, 102}
	g.jump(nil, Step{Op: "identify"}, halt).saw("Decoy at convoy4 is a misidentified escort", "identified (sighted within 2 areas): HMS Kite")
	if sh := g.ship("HMS Kite"); sh.Kind != ShipEscort || sh.Area != "C4" {
		t.Fatalf("%+v", sh)
	}
	if g.ship("M2").known() || g.ship("E1").known() {
		t.Fatal("ships 3 areas away identified")
	}
	if d := g.s.Decks[DeckMerchants].Discard; len(d) != 1 || d[0] != 68 {
		t.Fatalf("the decoy's card goes to the discard: %v", d)
	}
}

// UBL-6.11: an escort rolls to detect a surfaced boat within 2 areas, a
// submerged one within 1, each Alert adding 1 to both and to the roll;
// damage takes 1 or 2 off; at or over its Detect number, detected. An
// unknown escort is revealed when it rolls (UBL-6.8). The U-98 example:
// with one Alert, Arbutus 3 areas from the surfaced U98 rolls 4, 5: detected.
func TestEscortDetection_UBL611(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), unknown(ShipEscort, "E2", "S2")}, OnDisp{Boat: 1, Area: "L1", Surfaced: true})
	g.s.Battle.Alerts = 1
	g.s.Decks[DeckEscorts].Draw = []int{102, 101}
	// L1 to S2: L1-M1-S1-S2 is 3.
	g.jump([]int{4}, Step{Op: "escorts"}, halt).saw("HMS Arbutus", "1d10 = 4, +1 Alert markers = 5 → >= Detect 5: detected")
	if !g.s.dispOf(1).Detected {
		t.Fatal("not detected")
	}
	// Submerged at 2 with no Alert: out of range, no roll; damaged escorts
	// roll 1 or 2 less.
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 102, "S2")}, OnDisp{Boat: 1, Area: "M1"})
	g.jump([]int{5}, Step{Op: "escorts"}, halt).notSaw("tries to detect")
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 102, "S2")}, OnDisp{Boat: 1, Area: "S1"})
	g.ship("HMS Arbutus").Heavy, g.ship("HMS Arbutus").Light = 1, 1
	g.jump([]int{9, 5}, Step{Op: "escorts"}, halt).saw("1d10 = 9, -1 light damage, -2 heavy damage = 6 → < Detect 7: not detected")
}

// The digest's ambiguity 9 (UBL-6.11): with several undetected boats in
// range an escort rolls against each, or against the nearest only.
func TestEscortDetectionTargets_Ruling9(t *testing.T) {
	for _, rule := range []string{"each_boat", "nearest_boat"} {
		g := fight(t, "escort_detection="+rule, 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 103, "S2")},
			OnDisp{Boat: 1, Area: "S2", Surfaced: true}, OnDisp{Boat: 2, Area: "S3", Surfaced: true})
		faces := map[string][]int{"each_boat": {2, 3, 5}, "nearest_boat": {2, 5}}[rule]
		g.jump(faces, Step{Op: "escorts"}, halt)
		rolls := strings.Count(eventsText(g.events), "tries to detect")
		if want := map[string]int{"each_boat": 2, "nearest_boat": 1}[rule]; rolls != want {
			t.Fatalf("%s: %d detection rolls\n%s", rule, rolls, eventsText(g.events))
		}
	}
}

// UBL-6.12: with a detected boat the escort moves up to its speed straight
// at it, stopping in its area; with several, one at random. With none:
// in short range the d10 (1-3 counter-clockwise, 4-7 stays, 8-10
// clockwise); from a convoy or medium area to a random adjacent short one;
// from long range to a random adjacent medium one.
func TestEscortMovement_UBL612(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 104, "S0")}, OnDisp{Boat: 1, Area: "L1", Detected: true}, OnDisp{Boat: 2, Area: "L7", Detected: true})
	g.jump([]int{2}, Step{Op: "escort_move", Ship: 1}, halt).saw("1d2 = 2 → U-122", "from short0 to long7")
	for _, c := range []struct {
		face int
		to   string
	}{{3, "S7"}, {4, "S0"}, {7, "S0"}, {8, "S1"}} {
		g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 104, "S0")}, OnDisp{Boat: 1, Area: "L4"})
		g.jump([]int{c.face}, Step{Op: "escort_move", Ship: 1}, halt)
		if a := g.ship("HMS Walker").Area; a != c.to {
			t.Fatalf("short range, d10 %d: to %s, want %s", c.face, a, c.to)
		}
	}
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 104, "L2"), known(DeckEscorts, 105, "M4")}, OnDisp{Boat: 1, Area: "L6"})
	g.jump(nil, Step{Op: "escort_move", Ship: 1}, halt).saw("moves at random from long2 to mid2")
	g.jump([]int{2}, Step{Op: "escort_move", Ship: 2}, halt).saw("1d2 = 2 → short4", "moves at random from mid4 to short4")
	// The digest's ambiguity 11: outside short range the escort may first
	// roll the d10 like a short-range one, and stay on 4-7.
	g = fight(t, "escort_move_outside_short=d10_first", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 105, "M4")}, OnDisp{Boat: 1, Area: "L6"})
	g.jump([]int{5}, Step{Op: "escort_move", Ship: 1}, halt).saw("stays (escort_move_outside_short=d10_first)")
	g.jump([]int{9, 1}, Step{Op: "escort_move", Ship: 1}, halt).saw("moves at random from mid4 to short3")
}

// UBL-6.22 "Dopo il 1942": in a campaign from June 1942 an escort draws an
// Escort Tactics counter the first time it tries to detect or attack; it
// keeps it to the end of the battle, then it goes back in the cup.
func TestEscortTactics_UBL622(t *testing.T) {
	g := newGame(t, fixtureRules(t), `{"campaign":"hunted"}`)
	if len(g.s.Cup) != 3 {
		t.Fatalf("cup %v", g.s.Cup)
	}
	g.fleet("U-96:trained").at("place").do("france")
	g.s.Fleet[0].At = "southwest-approaches"
	g.battle(39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 103, "S2")}, []OnDisp{{Boat: 0, Area: "S2"}})
	// The cup holds two +1 and one +2: a d3 of 3 draws the +2.
	g.jump([]int{3, 4}, Step{Op: "escort_detect", Ship: 1}, Step{Op: "escort_detect", Ship: 1}, halt).saw("1d3 = 3 → +2/+2", "1d10 = 4, +2 Escort Tactics = 6 → >= Detect 6: detected")
	if len(g.s.Cup) != 2 || g.ship("HMS Kite").Tactics != 2 {
		t.Fatalf("cup %v, Kite %+v", g.s.Cup, g.ship("HMS Kite"))
	}
	g.jump(nil, Step{Op: "post_combat"}, halt)
	if len(g.s.Cup) != 3 {
		t.Fatalf("the counter is back in the cup: %v", g.s.Cup)
	}
}

// UBL-6.13: declare, then roll a die a torpedo: +(N-1) for a salvo, TS, -1
// a range area, +1 against heavy damage. The U-98 example: Telena at range
// 2 with 2 torpedoes, TS 0: -1; 5 makes 4, light; 7 makes 6, heavy.
// UBL-6.15: the gun, surfaced, at range 2 or less, -3 a range area, GS:
// Tiberton at range 1, 7 makes 4, light damage; 5 rounds become 4.
func TestTorpedoAndGunExamples_UBL613(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckMerchants, 66, "C3")}, OnDisp{Boat: 1, Area: "S5", Surfaced: true})
	g.s.Fleet[1].Gun = 5
	// S5 to C4 is 1; to C3 is 2 (S5-C4-C3).
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt).at("uboat_attack")
	if !strings.Contains(g.prompt(), "Gun at Telena (range 2") {
		t.Fatalf("range 2 is within the gun's reach:\n%s", g.prompt())
	}
	g.do("t:1").do("t:1").do("fire", 5, 7).saw(
		"U-47's torpedo 1 of 2 at Telena (3-6-9) (UBL-6.13): 1d10 = 5, +1 salvo of 2, -2 range 2 = 4 → light damage",
		"1d10 = 7, +1 salvo of 2, -2 range 2 = 6 → heavy damage")
	if tl := g.ship("Telena"); tl.Light != 1 || tl.Heavy != 1 || g.boat("U-47").Ready.Std != 3 {
		t.Fatalf("Telena %+v, ready %d", tl, g.boat("U-47").Ready.Std)
	}
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 1, Area: "S5", Surfaced: true})
	g.s.Fleet[1].Gun = 5
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt).do("g:0")
	if strings.Contains(g.prompt(), "[g:0]") {
		t.Fatal("a second gun attack offered in the round")
	}
	g.do("fire", 7).saw("U-47's deck gun at Tiberton (3-5-7) (UBL-6.15): 1d10 = 7, -3 range 1 = 4 → light damage", "an Alert marker on the display (1)")
	if g.boat("U-47").Gun != 4 {
		t.Fatal("a gun round spent")
	}
	// Submerged: no gun; a Type II has none (UBL-6.15).
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 1, Area: "S5"})
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt)
	if strings.Contains(g.prompt(), "Gun at") {
		t.Fatal("a submerged boat offered its gun")
	}
	// Torpedoes reach 3 areas, the gun 2.
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 1, Area: "L6", Surfaced: true})
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt)
	if p := g.prompt(); !strings.Contains(p, "[t:0] +1 torpedo at Tiberton (range 3") || strings.Contains(p, "[g:0]") {
		t.Fatalf("range 3:\n%s", p)
	}
}

// The digest's ambiguity 25 (UBL-6.13): damage counts die by die (a heavy
// result gives the next dice +1, a sunk ship takes no more dice: the
// example), or every declared die is rolled with the declaration's
// modifiers and the damage applied after.
func TestSalvoDamage_Ruling25(t *testing.T) {
	for _, rule := range []string{"die_by_die", "declared"} {
		g := fight(t, "salvo_damage="+rule, 37, []Ship{known(DeckMerchants, 63, "C4")}, OnDisp{Boat: 2, Area: "S4", Surfaced: true})
		g.jump(nil, Step{Op: "uboat_attack", Boat: 2}, halt)
		for k := 0; k < 4; k++ {
			g.do("t:0")
		}
		faces := map[string][]int{"die_by_die": {1, 2, 4}, "declared": {1, 2, 4, 3}}[rule]
		g.do("fire", faces...)
		if !g.ship("San Fernando").Sunk {
			t.Fatalf("%s: San Fernando afloat\n%s", rule, eventsText(g.events))
		}
		if rule == "declared" {
			g.saw("1d10 = 4, +3 salvo of 4, +1 TS, -1 range 1, +1 Convoy card = 8 → heavy damage")
		} else {
			g.saw("+1 heavy damage = 9 → heavy damage", "the ship is already sunk")
		}
	}
}

// UBL-6.14: a FAT goes only at a group of more than one non-escort ship,
// at one picked at random, +1, no range penalty; a T5 only at an escort,
// +2, the range penalty standing.
func TestSpecialTorpedoes_UBL614(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 103, "S6")}, OnDisp{Boat: 1, Area: "S5"})
	g.s.Fleet[1].Ready = Load{Std: 3, FAT: 1, T5: 1}
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt)
	p := g.prompt()
	if strings.Contains(p, "[fat]") || !strings.Contains(p, "+1 T5 at HMS Kite") || strings.Contains(p, "T5 at Tiberton") {
		t.Fatalf("one merchant: no FAT; T5 at escorts only:\n%s", p)
	}
	g.do("x:1").do("fire", 6).saw("1d10 = 6, -1 range 1, +2 T5 = 7 → heavy damage")
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckMerchants, 66, "C1"), known(DeckEscorts, 103, "S6")}, OnDisp{Boat: 1, Area: "M5"})
	g.s.Fleet[1].Ready = Load{Std: 3, FAT: 1}
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt).do("fat").do("fire", 2, 5).saw("1d2 = 2 → Telena", "U-47's FAT at Telena (3-6-9) (UBL-6.14): 1d10 = 5, +1 FAT = 6 → heavy damage")
	if g.boat("U-47").Ready.FAT != 0 {
		t.Fatal("the FAT was not spent")
	}
}

// UBL-6.16: each boat that attacks in its turn places one Alert marker,
// whatever it fired.
func TestAlerts_UBL616(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckMerchants, 66, "C3")}, OnDisp{Boat: 1, Area: "S4", Surfaced: true}, OnDisp{Boat: 2, Area: "S4"})
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, Step{Op: "uboat_attack", Boat: 2}, halt)
	g.do("t:0").do("t:1").do("g:0").do("fire", 1, 1, 1).do("t:1").do("fire", 1)
	if g.s.Battle.Alerts != 2 {
		t.Fatalf("%d Alerts, want 2", g.s.Battle.Alerts)
	}
}

// UBL-6.17: light + light is heavy; heavy + heavy sinks; heavy and light
// both stay; speed, detection and attack lose 1 and 2.
func TestDamage_UBL617(t *testing.T) {
	var sh Ship
	if sh.damage(false); sh.Light != 1 || sh.damageMod() != 1 {
		t.Fatalf("%+v", sh)
	}
	if sh.damage(false); sh.Light != 0 || sh.Heavy != 1 || sh.damageMod() != 2 {
		t.Fatalf("light + light: %+v", sh)
	}
	if sh.damage(false); sh.Light != 1 || sh.Heavy != 1 || sh.damageMod() != 3 {
		t.Fatalf("heavy + light: %+v", sh)
	}
	if !sh.damage(true) || !sh.Sunk {
		t.Fatalf("heavy + heavy: %+v", sh)
	}
}

// UBL-6.18: escorts attack only detected boats: a surfaced one within 2
// (the nearest), a submerged one in their own area; merchants a surfaced
// boat within 1, detected or not. UBL-6.20: +2 against a surfaced boat in
// the attacker's area; below the first number nothing, then +1 stress, +3
// stress, sunk. The U-98 example: Arbutus in U98's area, 6 + 2 = 8: +3.
func TestEnemyAttacks_UBL618(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 102, "S5")}, OnDisp{Boat: 1, Area: "S5", Surfaced: true, Detected: true})
	g.jump(nil, Step{Op: "enemy_declare"}, halt).at("enemy_order").pick("HMS Arbutus attacks").at("reaction").do("none", 6).saw(
		"HMS Arbutus attacks U-47 (4-6-10) (UBL-6.20): 1d10 = 6, +2 surfaced boat in the same area = 8 → +3 stress")
	g.at("reaction").do("none", 8).saw("Tiberton attacks U-47 (8-10-NA) (UBL-6.20): 1d10 = 8 → +1 stress")
	if g.boat("U-47").Stress != 4 {
		t.Fatal(g.boat("U-47").Stress)
	}
	// Undetected: no escort attacks; the merchant still does. Submerged:
	// only an escort in the same area; no merchant.
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 102, "S5")}, OnDisp{Boat: 1, Area: "S5", Surfaced: true})
	g.jump(nil, Step{Op: "enemy_declare"}, halt).saw("Enemy attacks this round: Tiberton on U-47.")
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "S5"), known(DeckEscorts, 102, "C4")}, OnDisp{Boat: 1, Area: "S5", Detected: true})
	g.jump(nil, Step{Op: "enemy_declare"}, halt).notSaw("Enemy attacks")
	// A damaged attacker: -1 light, -2 heavy.
	g = fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 1, Area: "S5", Surfaced: true})
	g.ship("Tiberton").Light, g.ship("Tiberton").Heavy = 1, 1
	g.jump(nil, Step{Op: "enemy_declare"}, halt).do("none", 10).saw("1d10 = 10, -1 light damage, -2 heavy damage = 7 → no effect")
}

// The digest's ambiguity 10 (UBL-6.18): an escort attacks the nearest
// detected boat it can reach, or aims at the nearest boat and attacks only
// if that one is detected.
func TestEscortAttackTarget_Ruling10(t *testing.T) {
	for _, rule := range []string{"nearest_detected", "nearest_any"} {
		g := fight(t, "escort_attack_target="+rule, 39, []Ship{known(DeckMerchants, 65, "C3"), known(DeckEscorts, 103, "S5")},
			OnDisp{Boat: 1, Area: "S5", Surfaced: true}, OnDisp{Boat: 2, Area: "S6", Surfaced: true, Detected: true})
		g.jump(nil, Step{Op: "enemy_declare"}, halt)
		attacks := len(g.s.Battle.Attacks)
		if want := map[string]int{"nearest_detected": 1, "nearest_any": 0}[rule]; attacks != want {
			t.Fatalf("%s: %d attacks\n%s", rule, attacks, eventsText(g.events))
		}
	}
}

// UBL-6.21: a revealed carrier attacks a surfaced boat at any range,
// detected or not; with none surfaced, a detected submerged one.
func TestCarrier_UBL621(t *testing.T) {
	g := fight(t, "", 38, []Ship{known(DeckWarships, 134, "C1")}, OnDisp{Boat: 1, Area: "L4", Surfaced: true}, OnDisp{Boat: 2, Area: "L3"})
	g.jump(nil, Step{Op: "enemy_declare"}, halt).saw("HMS Courageous on U-47")
	g = fight(t, "", 38, []Ship{known(DeckWarships, 134, "C1")}, OnDisp{Boat: 1, Area: "L4"}, OnDisp{Boat: 2, Area: "L3", Detected: true})
	g.jump(nil, Step{Op: "enemy_declare"}, halt).saw("HMS Courageous on U-122")
	g.at("reaction").do("none", 7).saw("HMS Courageous attacks U-122 (7-9-NA)")
}

// UBL-6.19 Crash Dive: the surfaced target dives, +1 stress; each attack
// on it this round is evaded on d10 <= EV, else resolved with the Surface
// numbers — with the same-area +2 or not (the digest's ambiguity 7).
func TestCrashDive_UBL619(t *testing.T) {
	for _, rule := range []string{"applies", "lost"} {
		g := fight(t, "crash_dive_same_area="+rule, 39, []Ship{known(DeckMerchants, 65, "S5"), known(DeckEscorts, 102, "S5")}, OnDisp{Boat: 1, Area: "S5", Surfaced: true, Detected: true})
		// The merchant's attack, declared on the surfaced boat, still comes:
		// evaded on d10 <= EV, with no second reaction.
		g.jump(nil, Step{Op: "enemy_declare"}, halt).pick("HMS Arbutus attacks").at("reaction").do("crash", 5, 2, 4).saw(
			"+1 stress (crash dive)", "1d10 = 5 → > EV 4: the attack goes on", "1d10 = 4 → <= EV 4: the attack has no effect")
		want := map[string]string{"applies": "1d10 = 2, +2 surfaced boat in the same area = 4 → +1 stress", "lost": "1d10 = 2 → no effect"}[rule]
		g.saw(want).at("halt")
	}
}

// UBL-6.20: an attack equal to the third number sinks the boat, like every
// other table's "equal or greater", or gives +3 stress as the text's
// "greater than" reads (the digest's ambiguity 4); a sunk boat leaves the
// display and play. The Tactics counter adds to the attack, or takes off
// (ambiguity 5).
func TestEnemyAttackThirdNumberAndTactics_Rulings4and5(t *testing.T) {
	for _, rule := range []string{"sunk", "three_stress"} {
		g := fight(t, "enemy_attack_third="+rule, 39, []Ship{known(DeckMerchants, 65, "C1"), known(DeckEscorts, 103, "S5")}, OnDisp{Boat: 1, Area: "S5", Detected: true})
		g.jump(nil, Step{Op: "enemy_declare"}, halt).do("none", 10)
		b := g.boat("U-47")
		if rule == "sunk" && (!b.Sunk || !g.s.dispOf(1).Left) || rule == "three_stress" && (b.Sunk || b.Stress != 3) {
			t.Fatalf("%s: %+v", rule, b)
		}
	}
	for _, rule := range []string{"bonus", "malus"} {
		g := fight(t, "tactics_attack_sign="+rule, 39, []Ship{known(DeckMerchants, 65, "C1"), known(DeckEscorts, 103, "S5")}, OnDisp{Boat: 1, Area: "S5", Detected: true})
		g.ship("HMS Kite").Tactics = 1
		g.jump(nil, Step{Op: "enemy_declare"}, halt).do("none", 7)
		want := map[string]string{"bonus": "1d10 = 7, +1 Escort Tactics = 8 → +3 stress", "malus": "1d10 = 7, -1 Escort Tactics = 6 → +1 stress"}[rule]
		g.saw(want)
	}
}

// UBL-6.13, 6.23: aggressive boats fire before the enemy, cautious ones
// after; a boat with a Deep Dive or Silent Running marker does not fire.
func TestInitiativeOrder_UBL623(t *testing.T) {
	g := fight(t, "", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 2, Area: "S5", Surfaced: true}, OnDisp{Boat: 1, Area: "S5", Surfaced: true})
	g.jump(nil, Step{Op: "attacks"}, halt).at("uboat_attack")
	if !strings.Contains(g.s.Pending().Text, "U-47") {
		t.Fatalf("the aggressive U-47 fires first:\n%s", g.prompt())
	}
	g.do("hold", 1).saw("1d2 = 1 → U-122").at("reaction").do("none", 1).at("uboat_attack")
	if !strings.Contains(g.s.Pending().Text, "U-122") {
		t.Fatalf("the cautious U-122 fires last:\n%s", g.prompt())
	}
}

// UBL-9.1: the Type XXI reloads its Ready tubes from Stored during its
// movement, once a battle or once a round (the digest's ambiguity 20).
func TestTypeXXIReload_Ruling20(t *testing.T) {
	for _, rule := range []string{"once_per_battle", "once_per_round"} {
		g := newGame(t, fixtureRules(t), `{"campaign":"hunted","rules":"xxi,xxi_reload=`+rule+`"}`)
		g.fleet("U-2511:trained").at("place").do("france")
		g.s.Fleet[0].At = "southwest-approaches"
		g.s.Fleet[0].Ready = Load{}
		g.battle(39, []Ship{known(DeckMerchants, 65, "C4")}, []OnDisp{{Boat: 0, Area: "L0"}})
		g.jump(nil, Step{Op: "move_posture", Boat: 0}, Step{Op: "end_round"}, Step{Op: "move_posture", Boat: 0}, halt)
		g.pick("Reload the Ready tubes").saw("reloads 6 torpedoes").at("move_posture")
		if strings.Contains(g.prompt(), "Reload") {
			t.Fatal("twice in one movement")
		}
		g.do("submerged").do("stop")
		g.s.Fleet[0].Ready = Load{}
		g.at("move_posture")
		if has := strings.Contains(g.prompt(), "Reload"); has != (rule == "once_per_round") {
			t.Fatalf("%s: reload offered next round: %v", rule, has)
		}
		if c := g.s.card(&g.s.Fleet[0]); c.Speed.Submerged != 2 {
			t.Fatal("the Type XXI goes 2 submerged (UBL-9.1)")
		}
	}
}

// An unknown ship fired at is identified before the dice (UBL-6.8): here
// 3 areas off, within torpedo range but beyond sighting.
func TestFiringRevealsTheTarget_UBL68(t *testing.T) {
	g := fight(t, "", 39, []Ship{unknown(ShipMerchant, "M1", "C4")}, OnDisp{Boat: 1, Area: "L6"})
	g.s.Decks[DeckMerchants].Draw = []int{66, 65}
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt).do("t:0").do("fire", 9).saw("identified (it is attacked): Telena", "U-47's torpedo 1 of 1 at Telena (3-6-9) (UBL-6.13): 1d10 = 9, -3 range 3 = 6 → heavy damage")
}

// A prompt longer than a chat menu is paged: 23 options and the page
// turns; the built-in player turns the pages to its choice.
func TestLongPromptsArePaged(t *testing.T) {
	var ships []Ship
	for k := 0; k < 13; k++ {
		ships = append(ships, unknown(ShipMerchant, fmt.Sprintf("M%d", k+1), []string{"C1", "C2", "C3", "C4"}[k%4]))
	}
	g := fight(t, "", 39, ships, OnDisp{Boat: 1, Area: "S0", Surfaced: true})
	for k := range g.s.Battle.Ships {
		g.s.Battle.Ships[k].Deck, g.s.Battle.Ships[k].Card = DeckMerchants, 61+k%8
	}
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt)
	p := g.s.Pending()
	if len(p.Options) != 24 || p.Options[23].Key != "page+" {
		t.Fatalf("first page: %d options, last %q", len(p.Options), p.Options[len(p.Options)-1].Key)
	}
	g.do("page+")
	p = g.s.Pending()
	if p.Options[len(p.Options)-1].Key != "page-" || !p.HasOption("hold") {
		t.Fatalf("second page:\n%s", g.prompt())
	}
	g.do("hold").at("halt")
}

// The digest's ambiguity 22: a sunk escort scores its card's VP, or none
// (UBL-3: "escorts give no VP"); its XP count either way.
func TestEscortVP_Ruling22(t *testing.T) {
	for _, rule := range []string{"card", "none"} {
		g := fight(t, "escort_vp="+rule, 39, []Ship{known(DeckMerchants, 65, "C4"), known(DeckEscorts, 101, "S5")}, OnDisp{Boat: 1, Area: "S5"})
		g.ship("HMS Ballinderry").Heavy = 1
		g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, halt).do("t:1").do("fire", 9)
		if want := map[string]int{"card": 1, "none": 0}[rule]; g.s.VP != want || g.boat("U-47").XP != 2 {
			t.Fatalf("%s: VP %d, XP %d", rule, g.s.VP, g.boat("U-47").XP)
		}
	}
}

// The digest's ambiguity 2: with uboat_alert=on_attack the U-Boat Alert
// goes in the area when a boat first attacks there, once a turn.
func TestUBoatAlertOnAttack_Ruling2(t *testing.T) {
	g := fight(t, "uboat_alert=on_attack", 39, []Ship{known(DeckMerchants, 65, "C4")}, OnDisp{Boat: 1, Area: "S5"})
	g.jump(nil, Step{Op: "uboat_attack", Boat: 1}, Step{Op: "uboat_attack", Boat: 1}, halt).do("t:0").do("fire", 1).saw("U-Boat Alert marker in Southwest Approaches: U-47 attacks a convoy there")
	g.do("t:0").do("fire", 1)
	if n := g.s.marks("southwest-approaches").UBoatAlerts; n != 1 {
		t.Fatalf("%d U-Boat Alerts", n)
	}
}
