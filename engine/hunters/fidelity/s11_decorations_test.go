package fidelity

// Section 11.3 (special decorations), read from the rulebook alone.

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// The award names on the status view (11.3.1-11.3.4).
const (
	rdKC    = "Knight's Cross"
	rdKCO   = "Knight's Cross with Oakleaves"
	rdKCOS  = "Knight's Cross with Oakleaves and Swords"
	rdKCOSD = "Knight's Cross with Oakleaves, Swords and Diamonds"
)

func (g *game) rdAward(want string) {
	g.t.Helper()
	if a := g.rdField("Award"); a != want {
		g.t.Fatalf("award %q (%s), want %q\nlast events:\n%s", a, g.rdField("Tonnage"), want, dump(tail(g.all, 14)))
	}
}

// 11.3.1: "To receive the Knight's Cross (KC marker), you must sink 100,000
// tons of shipping"; 11.3's general rule: "Awards are received during Refit."
// 84,600 t in Mar-41: no award; 126,900 t after May-41: the Knight's Cross.
func TestS11_3_1KnightsCrossAt100000Tons(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdEmpresses(2, g.rdNextP1(2)...)
	g.rdAward("none")
	g.rdEmpresses(1, g.rdNextP1(2)...)
	g.rdAward(rdKC)
}

// 11.3.1: "... or sink one of the designated Capital ships listed on the
// Capital Ship Target Roster [T5] that would qualify the Kommandant for this
// award" (T5's asterisked ships; Nelson is one, Courageous is not).
func TestS11_3_1KnightsCrossForADesignatedCapitalShip(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdCapitalPatrol(rdNelson, g.rdNextP1(2)...)
	g.rdAward(rdKC)

	g = rdVIIC41(t, "")
	g.rdCapitalPatrol(rdCourageous, g.rdNextP1(2)...)
	g.rdAward("none")
}

// 11.3.2: Oakleaves for "one of the designated Capital ships after having
// previously won the Knight's Cross": the Cross for 126,900 t, then Nelson
// (160,900 t in all; 34,000 t since the Cross).
func TestS11_3_2OakleavesForACapitalShipAfterTheCross(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdEmpresses(3, g.rdNextP1(2)...)
	g.rdAward(rdKC)
	g.rdCapitalPatrol(rdNelson, g.rdNextP1(2)...)
	g.rdAward(rdKCO)
}

// 11.3.2: Oakleaves for "75,000 tons of shipping after having previously won
// the Knight's Cross": the Cross for Nelson, then 84,600 t (118,600 t in all).
func TestS11_3_2OakleavesFor75000TonsAfterTheCross(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdCapitalPatrol(rdNelson, g.rdNextP1(2)...)
	g.rdAward(rdKC)
	g.rdEmpresses(1, g.rdNextP1(2)...) // 42,300 t since the Cross: nothing
	g.rdAward(rdKC)
	g.rdEmpresses(1, rdSeq([]int{2}, g.rdNextP1(2))...) // 84,600 t since; crew roll
	g.rdAward(rdKCO)
}

// 11.3.2: Oakleaves for "175,000 tons of shipping": the Cross for 126,900 t,
// then the Empress and the Lochavon (T2 07, 9,200 t): 178,400 t in all, only
// 51,500 t since the Cross.
func TestS11_3_2OakleavesFor175000Tons(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdEmpresses(3, g.rdNextP1(2)...)
	g.rdAward(rdKC)
	g.rdSailTo(3, rdEmpress...)
	g.rdSinkLone()
	g.rdSailTo(4, rdShip(4, 10, 7)...)
	g.rdSinkLone()
	g.rdSailHome(g.rdNextP1(2)...)
	if to := g.rdField("Tonnage"); !strings.HasPrefix(to, "178,400 t") {
		t.Fatalf("tonnage %q", to)
	}
	g.rdAward(rdKCO)
}

// 11.3.2: the Oakleaves need the capital ship "after having previously won
// the Knight's Cross", and the Cross is received during Refit (11.3). A
// patrol that sinks Nelson and then two Empresses (118,600 t) earns the
// Cross only: Nelson went down before the Cross was won.
func TestS11_3_2CapitalShipOfTheCrossPatrolIsNoOakleaves(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSailTo(3, rdCapital(rdNelson)...)
	g.rdSinkCapital()
	g.rdSailTo(4, rdEmpress...)
	g.rdSinkLone()
	g.rdSailTo(5, rdEmpress...)
	g.rdSinkLone()
	g.rdSailHome(g.rdNextP1(2)...)
	g.rdAward(rdKC)
}

// 11.3.2 again, the other way round: three Empresses (126,900 t, past the
// 100,000 t) and then Nelson in the same patrol: 160,900 t, the Cross only
// (the Cross is not yet won when Nelson goes down; 175,000 t not reached).
func TestS11_3_2CapitalShipAfterPassing100000InTheSamePatrol(t *testing.T) {
	g := rdVIIC41(t, "")
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	g.rdSailTo(6, rdCapital(rdNelson)...)
	g.rdSinkCapital()
	g.rdSailHome(g.rdNextP1(2)...)
	g.rdAward(rdKC)
}

// 11.3.3: Swords for "one of the listed Capital ships after having
// previously won the Oakleaves"; 11.3.4: Diamonds for "one of the listed
// Capital ships after having previously won the Swords". Nelson, Malaya,
// Barham, Eagle in four patrols: one award each.
func TestS11_3_3And4CapitalShipAfterEachAward(t *testing.T) {
	g := rdVIIC41(t, "")
	want := []string{rdKC, rdKCO, rdKCOS, rdKCOSD}
	for i, ship := range []int{rdNelson, rdMalaya, rdBarham, rdEagle} {
		var before []int
		if i == 2 {
			before = []int{2} // third success: crew roll
		}
		g.rdCapitalPatrol(ship, rdSeq(before, g.rdNextP1(2))...)
		g.rdAward(want[i])
	}
}

// 11.3.3: Swords for "75,000 tons of shipping after having received the
// Oakleaves"; 11.3.4: Diamonds for "50,000 tons of shipping after having
// received the Swords". Nelson (Cross), two Empresses (Oakleaves, 118,600 t),
// two more (Swords: 84,600 t since, 203,200 t in all), one more (42,300 t
// since the Swords: nothing), then the Laurentic (T2 37, 18,700 t: 61,000 t
// since the Swords, 264,200 t in all): Diamonds.
func TestS11_3_3And4TonnageAfterTheLastAward(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdCapitalPatrol(rdNelson, g.rdNextP1(2)...)
	g.rdAward(rdKC)
	g.rdEmpresses(2, g.rdNextP1(2)...)
	g.rdAward(rdKCO)
	g.rdEmpresses(2, rdSeq([]int{2}, g.rdNextP1(2))...)
	g.rdAward(rdKCOS)
	g.rdEmpresses(1, g.rdNextP1(2)...)
	g.rdAward(rdKCOS)
	// Nov-41: the refit stops at the upgrade request (a VIID from Jan-42).
	g.rdSuccessfulPatrol(3, rdShip(4, 3, 7))
	g.rdAward(rdKCOSD)
}

// 11.3.3: Swords for "250,000 total tons"; 11.3.4: Diamonds for "300,000
// total tons". Cross 126,900 t; Oakleaves 211,500 t (84,600 since); an
// Empress: 253,800 t (42,300 t since the Oakleaves): Swords; an Empress:
// 296,100 t (42,300 since the Swords): nothing; Stonepool: 301,100 t
// (47,300 since): Diamonds.
func TestS11_3_3And4TotalTonnage(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdEmpresses(3, g.rdNextP1(2)...)
	g.rdAward(rdKC)
	g.rdEmpresses(2, g.rdNextP1(2)...)
	g.rdAward(rdKCO)
	g.rdEmpresses(1, rdSeq([]int{2}, g.rdNextP1(2))...)
	g.rdAward(rdKCOS)
	g.rdEmpresses(1, g.rdNextP1(2)...)
	g.rdAward(rdKCOS)
	// Nov-41: the refit stops at the upgrade request (a VIID from Jan-42).
	g.rdSuccessfulPatrol(3, rdStonepool)
	if to := g.rdField("Tonnage"); !strings.HasPrefix(to, "301,100 t") {
		t.Fatalf("tonnage %q", to)
	}
	g.rdAward(rdKCOSD)
}

// 11.3.5: "At the end of a patrol in which the Kommandant receives the
// Knight's Cross (or a follow-up award ...), the player may request a newer
// model U-Boat"; 11.4.3: "Place the U-Boat Upgrade marker on your U-Boat
// Display Mat". One marker per award (in 1941 a VIIC has nothing newer to
// ask for, so the requests are kept).
func TestS11_3_5EachAwardBringsAnUpgradeRequest(t *testing.T) {
	g := rdVIIC41(t, "")
	if m := g.rdField("Markers"); m != "none" {
		t.Fatalf("markers %q", m)
	}
	g.rdCapitalPatrol(rdNelson, g.rdNextP1(2)...)
	if m := g.rdField("Markers"); !strings.Contains(m, "upgrade x1") {
		t.Fatalf("after the Cross: markers %q", m)
	}
	g.rdCapitalPatrol(rdMalaya, g.rdNextP1(2)...)
	if m := g.rdField("Markers"); !strings.Contains(m, "upgrade x2") {
		t.Fatalf("after the Oakleaves: markers %q", m)
	}
}

// rdSecondSalvo is the +1 on the aft salvo's U1 roll, if any.
func rdSecondSalvo(t *testing.T, evs []engine.Event) (int, bool) {
	t.Helper()
	rs := rolls(evs, "U1", "")
	if len(rs) != 2 {
		t.Fatalf("want two U1 rolls (fore, then aft):\n%s", dump(evs))
	}
	if v, ok := modifier(rs[0], "second salvo"); ok {
		t.Fatalf("the first salvo has a second-salvo modifier %d: %+v", v, rs[0])
	}
	return modifier(rs[1], "second salvo")
}

// 11.3.6: "Knight's Cross (KC): No +1 die roll penalty to hit when firing a
// second salvo from the Aft Tube(s) during a Night Surface Attack"; 11.3:
// "Awards are received during Refit." A night surface attack with a second
// salvo after three Empresses in the same patrol still has the +1 (the Cross
// is not yet received); on the next patrol it is gone.
func TestS11_3_6KnightsCrossWaivesTheSecondSalvoPenaltyFromTheNextPatrol(t *testing.T) {
	g := rdVIIC41(t, "")
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	g.rdSailTo(6, rdConvoyNight...)
	evs := g.rdNightSalvos(rdSeq(rdMiss, rdMiss, rdEscape)...)
	if v, ok := rdSecondSalvo(t, evs); !ok || v != 1 {
		t.Fatalf("before the Cross is received: second salvo %d (%v), want +1\n%s", v, ok, dump(evs))
	}
	g.rdLeave()
	g.rdSailHome(g.rdNextP1(2)...)
	g.rdAward(rdKC)
	g.rdSailTo(3, rdConvoyNight...)
	evs = g.rdNightSalvos(rdSeq(rdMiss, rdMiss, rdEscape)...)
	if v, ok := rdSecondSalvo(t, evs); ok {
		t.Fatalf("a Knight's Cross holder's second salvo has %+d\n%s", v, dump(evs))
	}
}

// rdDecorated plays the capital-ship career of Mar-41 to Sep-41: Nelson
// (Cross), Malaya (Oakleaves), Barham (Swords), Eagle (Diamonds); n is how
// many of those patrols to play (the fifth patrol then waits at loading).
func rdDecorated(t *testing.T, n int) *game {
	t.Helper()
	g := rdVIIC41(t, "")
	for i, ship := range []int{rdNelson, rdMalaya, rdBarham, rdEagle}[:n] {
		var before []int
		if i == 2 {
			before = []int{2}
		}
		g.rdCapitalPatrol(ship, rdSeq(before, g.rdNextP1(2))...)
	}
	return g
}

// 11.3.6: "Oakleaves (KCO) ... favorable -1 die roll modifier when firing
// [U1]". With the Cross only (patrol 2) no -1; with the Oakleaves (patrol 3)
// every torpedo's U1 roll has -1.
func TestS11_3_6OakleavesMinusOneToHit(t *testing.T) {
	g := rdDecorated(t, 1)
	evs := g.rdCapitalPatrol(rdMalaya, g.rdNextP1(2)...)
	for _, r := range rolls(evs, "U1", "") {
		if v, ok := modifier(r, "Oakleaves"); ok {
			t.Fatalf("a Knight's Cross holder has the Oakleaves' %d: %+v", v, r)
		}
	}
	g.rdAward(rdKCO)
	evs = g.rdCapitalPatrol(rdBarham, rdSeq([]int{2}, g.rdNextP1(2))...)
	rs := rolls(evs, "U1", "")
	if len(rs) != 2 {
		t.Fatalf("U1 rolls %d", len(rs))
	}
	for _, r := range rs {
		if v, ok := modifier(r, "Oakleaves"); !ok || v != -1 {
			t.Fatalf("an Oakleaves holder's U1 roll: %+v, want -1", r)
		}
	}
}

// 11.3.6: "Oakleaves and Swords (KCO&S) ... favorable -1 for Escort Detection
// [E2]" (an Oakleaves holder has none).
func TestS11_3_6SwordsMinusOneOnEscortDetection(t *testing.T) {
	g := rdDecorated(t, 2)
	evs := g.rdCapitalPatrol(rdBarham, rdSeq([]int{2}, g.rdNextP1(2))...)
	e2 := firstRoll(t, evs, "E2", "")
	if v, ok := modifier(e2, "Swords"); ok {
		t.Fatalf("an Oakleaves holder has %d on E2: %+v", v, e2)
	}
	g.rdAward(rdKCOS)
	evs = g.rdCapitalPatrol(rdEagle, g.rdNextP1(2)...)
	e2 = firstRoll(t, evs, "E2", "")
	if v, ok := modifier(e2, "Swords"); !ok || v != -1 {
		t.Fatalf("a Swords holder's E2 roll: %+v, want -1", e2)
	}
}

// 9.2.2 with 11.3.6: at the close-range approach "Only the year modifier and
// the Knight's Cross with Oakleaves and Swords modifier (-1) apply".
func TestS11_3_6SwordsMinusOneOnTheCloseRangeApproach(t *testing.T) {
	g := rdDecorated(t, 3)
	g.rdSailTo(3, rdConvoy...)
	g.choose("attack")
	evs := g.choose("close", 3, 3) // 6 +1 1941 -1 Swords = 6: undetected
	r := firstRoll(t, evs, "E2", "")
	if v, ok := modifier(r, "Swords"); !ok || v != -1 || r.Total != 6 || len(r.Modifiers) != 2 {
		t.Fatalf("close-range approach of a Swords holder: %+v, want +1 1941 and -1 Swords = 6", r)
	}
}

// 11.3.6: "Oakleaves and Swords, and Diamonds (KCOS&D) ... Following
// attempts (9.7) on ships or Convoys are automatically successful": after
// escaping the convoy's escorts, following it makes no 9.7.7 roll and a fresh
// convoy is identified (four sizes, four rosters, day or night).
func TestS11_3_6DiamondsFollowWithoutARoll(t *testing.T) {
	g := rdDecorated(t, 4)
	g.rdAward(rdKCOSD)
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdMiss...)
	g.choose("hold_depth", rdEscape...)
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		g.choose(g.keys()[0])
	}
	g.expect("hunters.after_combat")
	g.choose("follow")
	// 9.2.8: reloading comes before the follow attempt.
	g.expect("hunters.reload_forward")
	evs := g.choose(g.keys()[0], rdConvoy[2:]...)
	if len(rdRolls(evs, "9.7.7")) != 0 {
		t.Fatalf("a Diamonds holder rolled to follow:\n%s", dump(evs))
	}
	if len(rolls(evs, "T1", "")) != 4 {
		t.Fatalf("no fresh convoy after following:\n%s", dump(evs))
	}
	g.expect("hunters.engage")
}

// 11.3.6 with 10.5.3 and 9.2.2 ("If the Kommandant is SW or KIA the Knight's
// Cross with Oakleaves and Swords modifier cannot be applied"): a Swords
// holder wounded (E4 13, E5 2 = Kommandant, 4 = SW) in the first depth-charge
// attack has no -1 on the next detection roll (and the +1 of the 1WO in
// command instead).
func TestS11_3_6SwordsNotWhileTheKommandantIsWounded(t *testing.T) {
	g := rdDecorated(t, 3)
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdMiss...)
	// 4+4 +1 1941 +1 G7a -1 Swords = 9: detected; E3 2+2 = 4: 1 hit; 13; Kommandant SW.
	evs := g.choose("hold_depth", 4, 4, 2, 2, 1, 3, 1, 1, 4)
	if r := firstRoll(t, evs, "E2", ""); func() bool { v, ok := modifier(r, "Swords"); return !ok || v != -1 }() {
		t.Fatalf("setup: the Swords holder's first detection roll %+v", r)
	}
	if k := g.rdCrew("Kommandant"); k != "SW" {
		t.Fatalf("Kommandant %q", k)
	}
	evs = g.choose("hold_depth", rdEscape...)
	r := firstRoll(t, evs, "E2", "")
	if v, ok := modifier(r, "Swords"); ok {
		t.Fatalf("a wounded Kommandant's Swords still give %d: %+v", v, r)
	}
}

// rdWoundTheKommandant: detected (1941), E3 2+2 = 4: 1 hit, E4 13: a crew
// injury on the Kommandant (2) who is SW (4); the next round escapes.
var rdWoundTheKommandant = [][]int{rdSeq(rdDetect(1941), []int{2, 2, 1, 3, 1, 1, 4}), rdEscape}

// 11.3.6 with 10.5.3 (the 1WO takes over from an SW Kommandant) and the
// engine's reading that the Kommandant's awards do not help while he is SW
// (9.2.2 says so of the Swords): a Knight's Cross holder wounded earlier in
// the patrol no longer waives the second salvo's +1.
func TestS11_3_6KnightsCrossNotWhileTheKommandantIsWounded(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdEmpresses(3, g.rdNextP1(2)...)
	g.rdAward(rdKC)
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdWoundTheKommandant...)
	if k := g.rdCrew("Kommandant"); k != "SW" {
		t.Fatalf("Kommandant %q", k)
	}
	g.rdSailTo(4, rdConvoyNight...)
	evs := g.rdNightSalvos(rdSeq(rdMiss, rdMiss, rdEscape)...)
	if v, ok := rdSecondSalvo(t, evs); !ok || v != 1 {
		t.Fatalf("the 1WO in command of a Knight's Cross holder's boat: second salvo %+d (%v), want +1\n%s", v, ok, dump(evs))
	}
}

// 11.3.6 Diamonds ("Following attempts ... are automatically successful")
// with an SW Kommandant: the 1WO in command rolls to follow (9.7.7).
func TestS11_3_6DiamondsNotWhileTheKommandantIsWounded(t *testing.T) {
	g := rdDecorated(t, 4)
	g.rdAward(rdKCOSD)
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdMiss...)
	g.choose("hold_depth", rdWoundTheKommandant[0]...)
	g.choose("hold_depth", rdEscape...)
	g.expect("hunters.after_combat")
	g.choose("follow")
	evs := g.choose(g.keys()[0], 5) // reload; follow 5: contact lost
	if r := rdRolls(evs, "9.7.7"); len(r) != 1 || r[0].Natural != 5 {
		t.Fatalf("an SW Kommandant's Diamonds followed without a roll: %+v\n%s", r, dump(evs))
	}
}
