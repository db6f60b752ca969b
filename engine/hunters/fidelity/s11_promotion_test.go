package fidelity

// Section 11.2 (Kommandant promotion), read from the rulebook alone.

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// 11.2.2: "Players in any Type IX U-Boat begin at Kapitänleutnant rank
// regardless of starting year. Players in a Type VII U-Boat start ... Roll
// 1d6": 1939 Kapitänleutnant (automatic), 1940 Oberleutnant 1-2, 1941 1-3,
// 1942+ 1-5. A Kapitänleutnant then rolls 1d6 to request his assignment
// (11.2.1; a 6 fails) before the P1 roll.
func TestS11_2_2StartingRank(t *testing.T) {
	for _, c := range []struct {
		name, boat, start string
		faces             []int
		rolled            bool // a 11.2.2 roll is made
		rank              string
	}{
		{"VIIA 1939 automatic", "VIIA", "1939-09", []int{6, 6, 6}, false, "Kapitänleutnant"},
		{"VIIB 1940 2", "VIIB", "1940-01", []int{2, 6, 6}, true, "Oberleutnant zur See"},
		{"VIIB 1940 3", "VIIB", "1940-01", []int{3, 6, 6, 6}, true, "Kapitänleutnant"},
		{"VIIC 1941 3", "VIIC", "1941-03", []int{3, 3, 4}, true, "Oberleutnant zur See"},
		{"VIIC 1941 4", "VIIC", "1941-03", []int{4, 6, 3, 4}, true, "Kapitänleutnant"},
		{"VIIC 1942 5", "VIIC", "1942-03", []int{5, 3, 5}, true, "Oberleutnant zur See"},
		{"VIIC 1942 6", "VIIC", "1942-03", []int{6, 6, 3, 5}, true, "Kapitänleutnant"},
		{"VIIC 1943 5", "VIIC", "1943-02", []int{5, 3, 4}, true, "Oberleutnant zur See"},
		{"VIIC 1943 6", "VIIC", "1943-02", []int{6, 6, 3, 4}, true, "Kapitänleutnant"},
		{"IXA 1939", "IXA", "1939-09", []int{6, 3, 4}, false, "Kapitänleutnant"},
		{"IXB 1940", "IXB", "1940-04", []int{6, 3, 4}, false, "Kapitänleutnant"},
		{"IXC 1943", "IXC", "1943-02", []int{6, 3, 4}, false, "Kapitänleutnant"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := loadedCareer(t, map[string]string{"boat": c.boat, "start": c.start, "kommandant": "K", "uboat": "U-1"}, c.faces...)
			r := rdRolls(g.all, "11.2.2")
			if c.rolled != (len(r) == 1) {
				t.Fatalf("starting rank rolls %+v, want rolled=%v\n%s", r, c.rolled, dump(g.all))
			}
			if c.rolled && (r[0].Dice != "1d6" || r[0].Natural != c.faces[0]) {
				t.Fatalf("rank roll %+v", r[0])
			}
			if !strings.Contains(g.rdTitle(), c.rank) {
				t.Fatalf("title %q, want rank %s", g.rdTitle(), c.rank)
			}
			req := rdRolls(g.all, "11.2.1")
			if (c.rank == "Kapitänleutnant") != (len(req) == 1) {
				t.Fatalf("assignment request rolls %+v for a %s", req, c.rank)
			}
		})
	}
}

// 11.2.1: "Kapitänleutnant (KptLt) Allows the player to request a specific
// patrol assignment on a 1d6 roll of 1. If this occurs, the player may
// voluntarily choose his next patrol assignment from the U-Boat Patrol
// Assignment Chart [P1]". A 1: he picks from the date's column and no P1 roll
// is made; a 2: P1 is rolled.
func TestS11_2_1KapitaenleutnantRequestsOnA1(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIB", "start": "1939-09", "kommandant": "Prien", "uboat": "U-47"}, 1)
	r := firstRoll(t, g.all, "", "Request")
	if r.Case != "11.2.1" || r.Dice != "1d6" || r.Natural != 1 {
		t.Fatalf("request roll %+v", r)
	}
	g.expect("hunters.choose_patrol")
	if !g.offers("british_isles") || !g.offers("spanish_coast") {
		t.Fatalf("the Sep-39 column's results are not offered: %v", g.keys())
	}
	evs := g.choose("british_isles", firstBoxQuiet...) // and box 1
	if len(rolls(evs, "P1", "")) != 0 {
		t.Fatalf("P1 rolled after choosing:\n%s", dump(evs))
	}
	if labels, _ := g.rdTrack(); labels[2] != "British Isles" {
		t.Fatalf("track %v", labels)
	}

	g = loadedCareer(t, map[string]string{"boat": "VIIB", "start": "1939-09", "kommandant": "Prien", "uboat": "U-47"}, 2, 3, 4)
	if r := firstRoll(t, g.all, "", "Request"); r.Natural != 2 || r.Result == "choose" {
		t.Fatalf("request roll of 2: %+v", r)
	}
	if len(rolls(g.all, "P1", "")) != 1 {
		t.Fatalf("no P1 roll after a failed request:\n%s", dump(g.all))
	}
}

// 11.2.1: "Oberleutnant zur See (Olt zS) ... No special capabilities": no
// request roll before P1 (the set-up uses only the rank die and P1's dice).
func TestS11_2_1OberleutnantMakesNoRequest(t *testing.T) {
	g := rdVIIC41(t, "")
	if len(rdRolls(g.all, "11.2.1")) != 0 {
		t.Fatalf("an Oberleutnant rolled to request:\n%s", dump(g.all))
	}
	g.rdSuccess() // the refit's only dice are P1's
}

// rdVIIB39 starts a Type VIIB Kapitänleutnant in Sep-39 on an Atlantic patrol
// (request roll 6 fails; P1 12 = West African Coast, Atlantic for a VII).
func rdVIIB39(t testing.TB) *game {
	t.Helper()
	return loadedCareer(t, map[string]string{"boat": "VIIB", "start": "1939-09", "kommandant": "Prien", "uboat": "U-47"}, 6, 6, 6)
}

// 11.2.3: "Each promotion attempt is made after the 12th month of service
// during the Refit phase ... a player who started in 9/39 would first roll
// for promotion in 9/40"; the procedure: "Roll 1d6 for Promotion, with a roll
// of 1-4 being successful"; 11.2.1's ranks "in order of achievement". Six
// successful patrols from Sep-39 to Jul-40 bring no roll (crew rolls of 2
// after the 3rd and 6th); the refit after the Sep-40 patrol rolls a 4 (no
// modifiers: no failures, 7 ships, no award): Korvettenkapitän.
func TestS11_2_3FirstPromotionAfterTwelveMonths(t *testing.T) {
	g := rdVIIB39(t)
	for i := 1; i <= 6; i++ {
		before := []int{6} // the Kapitänleutnant's request fails
		if i%3 == 0 {
			before = []int{2, 6}
		}
		evs := g.rdSuccess(before...)
		g.rdMust(len(rdRolls(evs, "11.2.3")) == 0, evs, "a promotion roll after patrol %d (%s)", i, g.rdField("Date"))
	}
	if d := g.rdField("Date"); d != "Sep-40" {
		t.Fatalf("the seventh patrol is in %s", d)
	}
	evs := g.rdSuccess(4, 6)
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1 && r[0].Natural == 4 && r[0].Total == 4 && len(r[0].Modifiers) == 0, evs, "promotion roll %+v", r)
	if !strings.Contains(g.rdTitle(), "Korvettenkapitän") {
		t.Fatalf("after a 4: %s", g.rdTitle())
	}
}

// 11.2.3: the first roll comes at the refit of the twelfth month itself when
// a patrol ends just before it ("started in 9/39 would first roll for
// promotion in 9/40"). From Mar-41, patrols in Mar, May, Jul, Sep and Nov-41
// (the last one takes a hull hit by exceeding test depth: a two-month refit,
// 10.10.3), then Feb-42, whose refit is in Mar-42: the roll is made there.
func TestS11_2_3PromotionRollInTheAnniversaryMonth(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	g.rdSuccess(2)
	g.rdSuccess()
	// Nov-41: sink Stonepool in box 3, then a convoy in box 4 where the boat
	// is detected, takes no hits (E3 2) and exceeds test depth in the second
	// round (1 hull, 2d6 6 > 1) and escapes.
	g.rdSailTo(3, rdStonepool...)
	g.rdSinkLone()
	g.rdSailTo(4, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdMiss...)
	g.choose("hold_depth", rdSeq(rdDetect(1941), []int{1, 1})...)
	g.choose("exceed", 3, 3, 1, 1)
	if g.kind() == "hunters.after_combat" {
		g.choose("leave")
	}
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		g.choose(g.keys()[0])
	}
	if h := g.rdField("Hull"); !strings.HasPrefix(h, "1 of") {
		t.Fatalf("hull %q after exceeding test depth", h)
	}
	g.rdSailHome(rdP1Atlantic(t, "1942-02")...)
	if d := g.rdField("Date"); d != "Feb-42" {
		t.Fatalf("after a two-month refit the next patrol is in %s, want Feb-42", d)
	}
	evs := g.rdSuccess(2, 4, 6) // the sixth success: crew roll, promotion, the new Kapitänleutnant's request
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1 && r[0].Natural == 4, evs, "no promotion roll at the Mar-42 refit: %+v", r)
	if !strings.Contains(g.rdTitle(), "Kapitänleutnant") {
		t.Fatalf("after a 4: %s", g.rdTitle())
	}
}

// 11.2.3 procedure: "+1 each unsuccessful patrol during the 12 month
// period". Two failures (May and Sep-41) among the patrols of the first year:
// a natural 3 becomes 5 and fails.
func TestS11_2_3UnsuccessfulPatrolsAddOne(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()  // Mar-41
	g.rdFailure()  // May
	g.rdSuccess()  // Jul
	g.rdFailure()  // Sep
	g.rdSuccess(2) // Nov: the third success, a crew roll
	g.rdSuccess()
	evs := g.rdSuccess(3) // Mar-42: the promotion roll
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no promotion roll")
	if v, ok := modifier(r[0], "unsuccessful"); !ok || v != 2 || r[0].Total != 5 {
		t.Fatalf("promotion roll with two failed patrols: %+v, want +2 (unsuccessful), total 5", r[0])
	}
	if !strings.Contains(g.rdTitle(), "Oberleutnant") {
		t.Fatalf("promoted on a modified 5: %s", g.rdTitle())
	}
}

// rdFourStonepools sails a patrol sinking Stonepool in each of the four
// Atlantic boxes (3-6) of a Type VII's Atlantic track.
func (g *game) rdFourStonepools(refit ...int) {
	g.t.Helper()
	for box := 3; box <= 6; box++ {
		g.rdSailTo(box, rdStonepool...)
		g.rdSinkLone()
	}
	g.rdSailHome(refit...)
}

// 11.2.3 procedure: "-1 for every 10 ships sunk during the 12 month period".
// Sixteen ships in the year: -1 (not -1.6, not -2); a natural 5 becomes 4 and
// succeeds.
func TestS11_2_3TenShipsSunkSubtractOne(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()                                         // Mar-41: 1
	g.rdFourStonepools(g.rdNextP1(2)...)                  // May: 5
	g.rdFourStonepools(rdSeq([]int{2}, g.rdNextP1(2))...) // Jul: 9, crew roll
	g.rdFourStonepools(g.rdNextP1(2)...)                  // Sep: 13
	g.rdSuccess()                                         // Nov: 14
	g.rdSuccess(2)                                        // Jan-42: 15, crew roll
	evs := g.rdSuccess(5, 6)                              // Mar-42: 16, promotion, request
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no promotion roll")
	if v, ok := modifier(r[0], "ships"); !ok || v != -1 || r[0].Total != 4 {
		t.Fatalf("promotion roll with 16 ships: %+v, want -1 for ships, total 4", r[0])
	}
	if !strings.Contains(g.rdTitle(), "Kapitänleutnant") {
		t.Fatalf("not promoted on a modified 4: %s", g.rdTitle())
	}
}

// rdEmpresses sails a patrol sinking the Empress of Britain (42,300 t) in n
// boxes from box 3 on (three: 126,900 t).
func (g *game) rdEmpresses(n int, refit ...int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for box := 3; box < 3+n; box++ {
		out = append(out, g.rdSailTo(box, rdEmpress...)...)
		out = append(out, g.rdSinkLone()...)
	}
	return append(out, g.rdSailHome(refit...)...)
}

// 11.2.3 procedure: "-1 per award of the Knight's Cross (or subsequent
// award) during the 12-month period". The Knight's Cross (May-41, 126,900 t)
// and the Oakleaves (Jul-41, 84,600 t more, 11.3.2) in the year: -2 (with
// -1 for the year's ten ships); a natural 6 becomes 3 and succeeds.
func TestS11_2_3KnightsCrossAwardsSubtractOneEach(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()                      // Mar-41
	g.rdEmpresses(3, g.rdNextP1(2)...) // May: Knight's Cross
	if a := g.rdField("Award"); a != "Knight's Cross" {
		t.Fatalf("award %q", a)
	}
	g.rdEmpresses(2, rdSeq([]int{2}, g.rdNextP1(2))...) // Jul: Oakleaves, crew roll
	if a := g.rdField("Award"); !strings.Contains(a, "Oakleaves") {
		t.Fatalf("award %q", a)
	}
	g.rdSuccess() // Sep
	// Nov; the next patrol is in Jan-42, when the VIID is a newer model
	// (4.2.2): the two upgrade requests are saved, then and at every refit.
	g.rdSuccessfulPatrol(3, rdStonepool)
	g.expect("hunters.upgrade")
	g.rdAnswer("save", g.rdNextP1(2)...)
	g.rdSuccessfulPatrol(3, rdStonepool, 2) // Jan-42, crew roll
	g.expect("hunters.upgrade")
	g.rdAnswer("save", g.rdNextP1(2)...)
	evs := g.rdSuccessfulPatrol(3, rdStonepool, 6)
	g.expect("hunters.upgrade")
	evs = append(evs, g.rdAnswer("save", 6, 3, 5)...) // the new Kapitänleutnant's request fails; P1
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no promotion roll")
	if v, ok := modifier(r[0], "Knight"); !ok || v != -2 || r[0].Total != 3 {
		t.Fatalf("promotion roll with two awards in the year: %+v, want -2 (and -1 for 10 ships), total 3", r[0])
	}
	if v, _ := modifier(r[0], "ships"); v != -1 {
		t.Fatalf("ten ships in the year: %+v", r[0])
	}
}

// 11.2.4: "Failing a promotion roll has no effect. The player remains at his
// current rank and must wait until the next 12-month period"; 11.2.3: "A
// final promotion roll is made in 6/43 for any players still alive at that
// point, regardless of when the previous promotion roll was made." From
// Mar-41: a 5 fails at the Apr-42 refit; no roll until the refit after the
// Mar-43 patrol (a 4: Kapitänleutnant); the final roll after the May-43
// patrol, two months later (a 1: Korvettenkapitän), ends the game.
func TestS11_2_4FailedRollWaitsAYearAndFinalRollIn1943(t *testing.T) {
	g := rdVIIC41(t, "")
	for i := 1; i <= 14; i++ {
		var before []int
		if i%3 == 0 {
			before = append(before, 2) // crew roll: Doctor Experte (then ignored)
		}
		switch i {
		case 7:
			before = append(before, 5) // Mar-42: fails
		case 13:
			before = append(before, 4, 6) // Mar-43: Kapitänleutnant, whose request then fails
		}
		if i == 14 {
			break
		}
		evs := g.rdSuccess(before...)
		want := 0
		if i == 7 || i == 13 {
			want = 1
		}
		g.rdMust(len(rdRolls(evs, "11.2.3")) == want, evs, "patrol %d: %d promotion rolls, want %d", i, len(rdRolls(evs, "11.2.3")), want)
		if i == 7 && !strings.Contains(g.rdTitle(), "Oberleutnant") {
			t.Fatalf("promoted on a 5: %s", g.rdTitle())
		}
	}
	if !strings.Contains(g.rdTitle(), "Kapitänleutnant") {
		t.Fatalf("after the 1943 roll: %s", g.rdTitle())
	}
	if d := g.rdField("Date"); d != "May-43" {
		t.Fatalf("last patrol in %s", d)
	}
	// May-43: the next patrol would be in Jul-43 (5.1.2): the final roll (the
	// Kapitänleutnant's request roll is not made: there is no next patrol).
	g.rdSailTo(3, rdStonepool...)
	g.rdSinkLone()
	evs := g.rdSailHome(1)
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1 && r[0].Natural == 1, evs, "final promotion roll: %+v", r)
	out := g.outcome()
	if out == nil {
		t.Fatalf("the game goes on after Jun-43: %s", g.where())
	}
	rank := ""
	for _, f := range out.Fields {
		if f.Name == "rank" {
			rank = f.Value
		}
	}
	if !strings.Contains(rank, "Korvettenkapitän") {
		t.Fatalf("final rank %q, want Korvettenkapitän (fields %+v)", rank, out.Fields)
	}
}

// 11.2.3: the final 6/43 roll is made "for any players still alive at that
// point": a Kommandant whose last patrol is in Jun-43 itself (start Feb-43:
// Feb, Apr, Jun) rolls when it ends.
func TestS11_2_3FinalRollAfterAJune43Patrol(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1943-02", "kommandant": "K", "uboat": "U-1"}, 5, 3, 4)
	g.rdSuccess() // Feb-43
	g.rdSuccess() // Apr-43
	if d := g.rdField("Date"); d != "Jun-43" {
		t.Fatalf("third patrol in %s", d)
	}
	g.rdSailTo(3, rdStonepool...)
	g.rdSinkLone()
	evs := g.rdSailHome(2, 4) // crew roll after the third success, then the final promotion roll
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1 && r[0].Natural == 4, evs, "final promotion roll: %+v", r)
	if g.outcome() == nil {
		t.Fatalf("the game goes on after Jun-43")
	}
}

// 11.2.1: the ranks "in order of achievement" and the request roll of each:
// Kapitänleutnant 1, Korvettenkapitän 1-2, Fregattenkapitän 1-3, Kapitän zur
// See no new abilities (still 1-3). A Type VIIB Kapitänleutnant of Sep-39 is
// promoted by rolls of 1 after the Sep-40, Sep-41 and Sep-42 patrols; each
// new rank's first request succeeds on its highest number (2, 3, 3) and the
// next one fails on the number above (3, 4, 4). Each patrol sinks the
// 2,500 t Stanholme (T1 13), so no Knight's Cross interferes.
func TestS11_2_1RanksInOrderAndTheirRequestRolls(t *testing.T) {
	g := rdVIIB39(t)
	rank := map[int]string{7: "Korvettenkapitän", 13: "Fregattenkapitän", 19: "Kapitän zur See"}
	choose := map[int]int{7: 2, 13: 3, 19: 3}
	fail := map[int]int{8: 3, 14: 4, 20: 4}
	for i := 1; i <= 20; i++ {
		var before []int
		if i%3 == 0 {
			before = append(before, 2) // crew roll: Doctor Experte, then ignored
		}
		if _, ok := rank[i]; ok {
			before = append(before, 1) // promoted
		}
		if c, ok := choose[i]; ok {
			before = append(before, c)
			evs := g.rdSuccessfulPatrol(3, rdStanholme, before...)
			if !strings.Contains(g.rdTitle(), rank[i]) {
				t.Fatalf("patrol %d: %s, want %s\n%s", i, g.rdTitle(), rank[i], dump(evs))
			}
			r := rdRolls(evs, "11.2.1")
			g.rdMust(len(r) == 1 && r[0].Natural == c && r[0].Result == "choose", evs, "a %s's request on %d: %+v", rank[i], c, r)
			g.expect("hunters.choose_patrol")
			g.choose("atlantic", firstBoxQuiet...) // and box 1
			continue
		}
		f, ok := fail[i]
		if !ok {
			f = 6
		}
		before = append(before, f)
		evs := g.rdSuccessfulPatrol(3, rdStanholme, rdSeq(before, g.rdNextP1(2))...)
		if r := rdRolls(evs, "11.2.1"); len(r) != 1 || r[0].Natural != f || r[0].Result == "choose" {
			t.Fatalf("patrol %d (%s): request roll %+v, want a failure on %d", i, g.rdTitle(), r, f)
		}
	}
}

// rdHullHits are the E3 and E4 dice of a depth-charge attack doing n hull
// hits (E4 33) in 1940-42: E3 7 (2 hits) or 11 (4 hits).
func rdHullHits(n int) []int {
	switch n {
	case 2:
		return []int{3, 4, 3, 3, 3, 3}
	case 4:
		return []int{5, 6, 3, 3, 3, 3, 3, 3, 3, 3}
	}
	panic("rdHullHits: 2 or 4")
}

// rdDamagedPatrol sinks Stonepool in box 3, then meets a convoy in box 4 and
// takes the hull hits of one depth-charge attack before escaping.
func (g *game) rdDamagedPatrol(hits int, refit ...int) []engine.Event {
	g.t.Helper()
	out := g.rdSailTo(3, rdStonepool...)
	out = append(out, g.rdSinkLone()...)
	out = append(out, g.rdSailTo(4, rdConvoy...)...)
	out = append(out, g.rdDepthCharged(rdMiss, rdSeq(rdDetect(g.rdYear()), rdHullHits(hits)), rdEscape)...)
	return append(out, g.rdSailHome(refit...)...)
}

// 11.2.1: "Korvettenkapitän (KKpt) ... Also shortens Refit period by one
// month (ignore if original Refit period is only 1-2 months or 5 months)";
// 6.1's refit order: A. the refit's duration, ... D. promotion. The Sep-40
// patrol takes 4 hull hits (10.10.3: 3 months) and brings the promotion: the
// new Korvettenkapitän's first refit is not shortened (next patrol Jan-41);
// 4 hull hits in Jan-41: 3 months less one (Apr-41); 2 hull hits in Apr-41:
// 2 months, not shortened (Jul-41).
func TestS11_2_1KorvettenkapitaenShortensLongRefits(t *testing.T) {
	g := rdVIIB39(t)
	for i := 1; i <= 6; i++ {
		before := []int{6}
		if i%3 == 0 {
			before = []int{2, 6}
		}
		g.rdSuccess(before...)
	}
	g.rdDamagedPatrol(4, rdSeq([]int{1, 6}, rdP1Atlantic(t, "1941-01"))...)
	if !strings.Contains(g.rdTitle(), "Korvettenkapitän") {
		t.Fatalf("not promoted: %s", g.rdTitle())
	}
	if d := g.rdField("Date"); d != "Jan-41" {
		t.Fatalf("a 3-month refit before the promotion: next patrol %s, want Jan-41", d)
	}
	g.rdDamagedPatrol(4, rdSeq([]int{6}, rdP1Atlantic(t, "1941-04"))...)
	if d := g.rdField("Date"); d != "Apr-41" {
		t.Fatalf("a Korvettenkapitän's 3-month refit: next patrol %s, want Apr-41 (2 months)", d)
	}
	g.rdDamagedPatrol(2, rdSeq([]int{2, 6}, rdP1Atlantic(t, "1941-07"))...) // ninth success: crew roll
	if d := g.rdField("Date"); d != "Jul-41" {
		t.Fatalf("a Korvettenkapitän's 2-month refit: next patrol %s, want Jul-41 (not shortened)", d)
	}
}

// 11.2.3 with 11.3: the Knight's Cross earned by the patrol that ends at the
// refit of the promotion roll is an award "during the 12 month period": -1.
// 11.0 does not order the two; ruling refit_award_order's default,
// award_first, reads it so.
// From Mar-41, the Mar-42 patrol sinks three Empresses (126,900 t); a
// natural 5 becomes 4 (the year's 9 ships give no modifier).
func TestS11_2_3KnightsCrossOfTheSameRefitCounts(t *testing.T) {
	g := rdVIIC41(t, "")
	for i := 1; i <= 6; i++ {
		if i%3 == 0 {
			g.rdSuccess(2)
		} else {
			g.rdSuccess()
		}
	}
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	// The refit stops at the Cross's upgrade request (a VIID is available).
	evs, left := g.rdSailHomeUntilPrompt(5)
	if len(left) != 0 || g.kind() != "hunters.upgrade" {
		t.Fatalf("refit: %v unused at %s\n%s", left, g.where(), dump(evs))
	}
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no promotion roll")
	if v, ok := modifier(r[0], "Knight"); !ok || v != -1 || r[0].Total != 4 {
		t.Fatalf("promotion roll at the Knight's Cross refit: %+v, want -1, total 4", r[0])
	}
}

// 11.2.1: the request roll is made "unless permanently assigned to Arctic or
// the Med". A Kapitänleutnant (1941 roll 4; request 6) sent to the
// Mediterranean (P1 12) completes the patrol: from then on his next
// assignment rolls neither a request nor P1.
func TestS11_2_1NoRequestWhenBasedInTheMediterranean(t *testing.T) {
	// The first Mediterranean patrol rolls boxes 1-3 without a stop (7.3.3):
	// Bay of Biscay 8, Gibraltar 8 - 2, Mediterranean 6.
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "K", "uboat": "U-1"}, 4, 6, 6, 6, 4, 4, 4, 4, 3, 3)
	if labels, _ := g.rdTrack(); labels[2] != "Mediterranean" {
		t.Fatalf("track %v", labels)
	}
	evs := g.rdSailHome()
	evs = append(evs, g.stowAssign()...) // the next load, and its assignment
	if n := len(rdRolls(evs, "11.2.1")); n != 0 {
		t.Fatalf("%d request rolls for a boat based in the Mediterranean:\n%s", n, dump(evs))
	}
	if labels, _ := g.rdTrack(); labels[2] != "Mediterranean" {
		t.Fatalf("next track %v", labels)
	}
}

// 11.2.3 with 10.10.6: a Type IX patrol's "P" month is time still out on
// patrol. From Jul-40 (anniversary Jul-41): Jul-40 and Oct-40 (4 hull hits:
// P, then 3 months' refit) succeed, Mar-41 succeeds (crew roll), Jun-41 fails
// and its P month is Jul-41. That patrol belongs to the year being judged:
// the promotion roll at its refit has +1 (a natural 4 becomes 5 and fails).
func TestS11_2_3PatrolWhosePMonthIsTheAnniversaryCounts(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "IXB", "start": "1940-07", "kommandant": "K", "uboat": "U-1"}, 6, 2, 4)
	g.rdSuccessfulPatrol(3, rdStonepool, 6, 2, 4) // Jul-40; next Oct-40
	if d := g.rdField("Date"); d != "Oct-40" {
		t.Fatalf("second patrol %s", d)
	}
	g.rdDamagedPatrol(4, 6, 3, 4) // Oct-40; P Nov, 3 months' refit; next Mar-41
	if d := g.rdField("Date"); d != "Mar-41" {
		t.Fatalf("third patrol %s", d)
	}
	g.rdSuccessfulPatrol(3, rdStonepool, 2, 6, 3, 4) // Mar-41: crew roll; next Jun-41
	if d := g.rdField("Date"); d != "Jun-41" {
		t.Fatalf("fourth patrol %s", d)
	}
	evs := g.rdQuietPatrol(4, 6, 3, 4) // Jun-41, P Jul-41: promotion roll
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no promotion roll")
	if v, ok := modifier(r[0], "unsuccessful"); !ok || v != 1 || r[0].Total != 5 {
		t.Fatalf("promotion roll after a failed patrol whose P month is the anniversary: %+v, want +1, total 5", r[0])
	}
}

// 11.0 and 6.1's refit: "C. Check for Crew Advancement (11.1). D. Check for
// Kommandant Promotion ... E. Check for possible U-Boat Reassignment (11.4)."
// The Mar-42 refit brings the sixth success's crew roll, the first promotion
// roll and the request prompt (the Cross of May-41, the VIID available): in
// that order.
func TestS11_0RefitOrderCrewPromotionReassignment(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdFailure()                      // Mar-41
	g.rdEmpresses(3, g.rdNextP1(2)...) // May: the Cross
	g.rdSuccess()                      // Jul
	g.rdSuccess(2)                     // Sep: third success
	g.rdSuccessfulPatrol(3, rdStonepool)
	g.expect("hunters.upgrade") // Nov: the VIID is available for Jan-42
	g.rdAnswer("save", g.rdNextP1(2)...)
	g.rdSuccessfulPatrol(3, rdStonepool)
	g.expect("hunters.upgrade")
	g.rdAnswer("save", g.rdNextP1(2)...)
	g.rdSailTo(3, rdStonepool...) // Mar-42: sixth success
	g.rdSinkLone()
	evs, left := g.rdSailHomeUntilPrompt(2, 6)
	if len(left) != 0 {
		t.Fatalf("dice %v unused before %s\n%s", left, g.where(), dump(evs))
	}
	g.expect("hunters.upgrade")
	c, p := rdIndex(evs, "11.1"), rdIndex(evs, "11.2.3")
	if c < 0 || p < 0 || c > p {
		t.Fatalf("crew roll at %d, promotion roll at %d: want crew advancement first\n%s", c, p, dump(evs))
	}
}

// Ruling refit_award_order=promotion_first (11.0, 11.2.3, 11.3): the
// promotion roll of the refit that brings the Cross comes first, without its
// -1 (a natural 5 fails); the Cross counts in the next 12 months: the Apr-43
// roll has -1 for it (a natural 5 becomes 4). The later patrols sink the
// 2,500 t Stanholme, too little for the Oakleaves.
func TestS11_2_3RulingPromotionBeforeTheAward(t *testing.T) {
	g := rdVIIC41(t, "refit_award_order=promotion_first")
	for i := 1; i <= 6; i++ {
		if i%3 == 0 {
			g.rdSuccess(2)
		} else {
			g.rdSuccess()
		}
	}
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	evs, left := g.rdSailHomeUntilPrompt(5)
	if len(left) != 0 || g.kind() != "hunters.upgrade" {
		t.Fatalf("refit: %v unused at %s\n%s", left, g.where(), dump(evs))
	}
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no promotion roll")
	if _, ok := modifier(r[0], "Knight"); ok || r[0].Total != 5 {
		t.Fatalf("promotion before the award: %+v, want no Knight's Cross modifier, total 5", r[0])
	}
	if pi, ai := rdIndex(evs, "11.2.3"), func() int {
		for i, e := range evs {
			if e.Case == "11.3.1" {
				return i
			}
		}
		return -1
	}(); ai < pi {
		t.Fatalf("the Cross (%d) came before the promotion roll (%d)\n%s", ai, pi, dump(evs))
	}
	g.rdAnswer("save", g.rdNextP1(2)...)
	// May-42 to Jan-43, then Mar-43 with the next roll.
	for i := 8; i <= 12; i++ {
		if i%3 == 0 {
			g.rdSuccessSaving(rdStanholme, 2)
		} else {
			g.rdSuccessSaving(rdStanholme)
		}
	}
	evs = g.rdSuccessSaving(rdStanholme, 5, 6) // Mar-43: promotion, then the Kapitänleutnant's request
	r = rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no second promotion roll")
	if v, ok := modifier(r[0], "Knight"); !ok || v != -1 || r[0].Total != 4 {
		t.Fatalf("the next year's roll: %+v, want -1 for the Cross of the previous refit, total 4", r[0])
	}
}

// Ruling anniversary_patrol=next_period (11.2.3, 10.10.6): the Type IX
// patrol of Jun-41 that fails and is still at sea in Jul-41 (P), the
// anniversary, belongs to the next 12 months: no +1 at its refit (a natural 4
// succeeds), and +1 at the roll of the Jun-42 patrol's refit (a natural 4 +1
// = 5 fails), whose own P month (Jul-42) again sends it to the year after.
func TestS11_2_3RulingAnniversaryPatrolCountsNextYear(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "IXB", "start": "1940-07", "kommandant": "K", "uboat": "U-1", "rules": "anniversary_patrol=next_period"}, 6, 2, 4)
	g.rdSuccessfulPatrol(3, rdStonepool, 6, 2, 4)    // Jul-40
	g.rdDamagedPatrol(4, 6, 3, 4)                    // Oct-40; next Mar-41
	g.rdSuccessfulPatrol(3, rdStonepool, 2, 6, 3, 4) // Mar-41: crew roll
	evs := g.rdQuietPatrol(4, 6, 3, 4)               // Jun-41, P Jul-41
	r := rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no promotion roll")
	if _, ok := modifier(r[0], "unsuccessful"); ok || r[0].Total != 4 {
		t.Fatalf("next_period: the anniversary patrol counted now: %+v", r[0])
	}
	if !strings.Contains(g.rdTitle(), "Korvettenkapitän") {
		t.Fatalf("not promoted on a 4: %s", g.rdTitle())
	}
	g.rdSuccessfulPatrol(3, rdStonepool, 6, 3, 4)    // Sep-41
	g.rdSuccessfulPatrol(3, rdStonepool, 6, 3, 5)    // Dec-41
	g.rdSuccessfulPatrol(3, rdStonepool, 2, 6, 3, 5) // Mar-42: crew roll
	evs = g.rdSuccessfulPatrol(3, rdStonepool, 4, 6, 3, 4)
	r = rdRolls(evs, "11.2.3")
	g.rdMust(len(r) == 1, evs, "no second promotion roll")
	if v, ok := modifier(r[0], "unsuccessful"); !ok || v != 1 || r[0].Total != 5 {
		t.Fatalf("next_period: the Jun-41 failure at the next roll: %+v, want +1, total 5", r[0])
	}
}

// The two promotion rulings (11.0, 11.2.3) are named on the rules view with
// the value in force.
func TestS11_2_3RulingsOnTheRulesView(t *testing.T) {
	v := rdVIIC41(t, "").view("rules")
	for _, want := range []string{"ruling refit_award_order = award_first", "ruling anniversary_patrol = this_period"} {
		if !strings.Contains(v, want) {
			t.Fatalf("rules view lacks %q:\n%s", want, v)
		}
	}
	v = rdVIIC41(t, "refit_award_order=promotion_first,anniversary_patrol=next_period").view("rules")
	for _, want := range []string{"ruling refit_award_order = promotion_first (changed)", "ruling anniversary_patrol = next_period (changed)"} {
		if !strings.Contains(v, want) {
			t.Fatalf("rules view lacks %q:\n%s", want, v)
		}
	}
}

// 11.2.1: the Kommandant "may voluntarily choose his next patrol assignment
// from the U-Boat Patrol Assignment Chart [P1]"; a result his boat may not
// take is treated as 7.3 says. In Sep-39 the column's West African Coast
// (row 12) is the Atlantic for a Type VII (7.3.2): he may choose the Atlantic.
func TestS11_2_1ChoiceTreatedAs73Says(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIB", "start": "1939-09", "kommandant": "Prien", "uboat": "U-47"}, 1)
	g.expect("hunters.choose_patrol")
	if !g.offers("atlantic") || g.offers("west_african_coast") {
		t.Fatalf("a Type VII choosing in Sep-39: %v, want the Atlantic (West African Coast, 7.3.2) and no West African Coast", g.keys())
	}
	g.choose("atlantic", firstBoxQuiet...) // and box 1
	if labels, _ := g.rdTrack(); labels[2] != "Atlantic" {
		t.Fatalf("track %v", labels)
	}
}
