package fidelity

// Section 11.4 (reassignment to a newer U-boat), read from the rulebook alone.

import (
	"strings"
	"testing"
)

// rdVIIB40 starts a Type VIIB Oberleutnant (1940 roll 2) in Jul-40 on an
// Atlantic patrol (P1 6).
func rdVIIB40(t *testing.T) *game {
	t.Helper()
	return loadedCareer(t, map[string]string{"boat": "VIIB", "start": "1940-07", "kommandant": "Schepke", "uboat": "U-100"}, 2, 2, 4)
}

// 11.4.3: "the player may request a newer model U-Boat ... a newer model of
// U-Boat that is desired may not yet be available"; 4.2.2 lists the VIIA
// before the VIIB (the VIIA, withdrawn in 12/40, is the older boat). A VIIB
// Knight's Cross holder in Aug-40, before the VIIC (Oct-40), has nothing
// newer to ask for: he is offered neither a VIIA nor a VIIB, and keeps his
// request.
func TestS11_4_3NoOlderOrSameModelOffered(t *testing.T) {
	g := rdVIIB40(t)
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	_, left := g.rdSailHomeUntilPrompt(rdP1Atlantic(t, "1940-09")...)
	if g.kind() == "hunters.upgrade" {
		for _, k := range []string{"VIIA", "VIIB"} {
			if g.offers(k) {
				t.Fatalf("a VIIB Kommandant is offered a %s as a newer boat: %s", k, g.where())
			}
		}
		g.rdAnswer("save", left...)
	} else {
		g.stowAssign(left...) // the next load; its assignment follows it (6.1)
	}
	g.rdAward(rdKC)
	if m := g.rdField("Markers"); !strings.Contains(m, "upgrade x1") {
		t.Fatalf("the request was not kept: markers %q", m)
	}
}

// rdVIIBWithRequest is a VIIB Knight's Cross holder (Jul-40) with his
// request saved, back from a quiet Sep-40 patrol: the refit waits at the
// request prompt, where the VIIC (Oct-40) is newer.
func rdVIIBWithRequest(t *testing.T) *game {
	t.Helper()
	g := rdVIIB40(t)
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	_, left := g.rdSailHomeUntilPrompt(rdP1Atlantic(t, "1940-09")...)
	if g.kind() == "hunters.upgrade" {
		g.rdAnswer("save", left...)
	} else {
		g.stowAssign(left...) // the next load; its assignment follows it (6.1)
	}
	return g
}

// 11.4.3: "Roll 1d6 with a roll of 1-3 being successful ... the Kommandant
// gets to retain his previous crew ... and goes out to sea in the new boat 1
// month after having received it." Asked at the Oct-40 refit, a 3 gives the
// VIIC; the patrol after a one-month refit is in Nov-40; the request is used.
func TestS11_4_3RequestGrantedOnA3(t *testing.T) {
	g := rdVIIBWithRequest(t)
	g.rdSailTo(3, rdStonepool...)
	g.rdSinkLone()
	g.rdSailHomeUntilPrompt()
	g.expect("hunters.upgrade")
	if !g.offers("VIIC") {
		t.Fatalf("the VIIC is not offered in Oct-40: %s", g.where())
	}
	evs := g.rdAnswer("VIIC", rdSeq([]int{3}, rdP1Atlantic(t, "1940-11"))...)
	r := rdRolls(evs, "11.4.3")
	g.rdMust(len(r) == 1 && r[0].Natural == 3 && r[0].Dice == "1d6", evs, "request roll %+v", r)
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("after a granted request: %s", g.rdTitle())
	}
	if d := g.rdField("Date"); d != "Nov-40" {
		t.Fatalf("the new boat sails in %s, want Nov-40", d)
	}
	if m := g.rdField("Markers"); strings.Contains(m, "upgrade") {
		t.Fatalf("the request is still held: %q", m)
	}
}

// 11.4.3: a 4 refuses the request (1-3 succeed): the boat stays a VIIB.
func TestS11_4_3RequestRefusedOnA4(t *testing.T) {
	g := rdVIIBWithRequest(t)
	g.rdSailTo(3, rdStonepool...)
	g.rdSinkLone()
	g.rdSailHomeUntilPrompt()
	g.expect("hunters.upgrade")
	evs := g.rdAnswer("VIIC", rdSeq([]int{4}, rdP1Atlantic(t, "1940-11"))...)
	r := rdRolls(evs, "11.4.3")
	g.rdMust(len(r) == 1 && r[0].Natural == 4, evs, "request roll %+v", r)
	if !strings.Contains(g.rdTitle(), "Type VIIB") {
		t.Fatalf("after a refused request: %s", g.rdTitle())
	}
}

// 11.4.3: "goes out to sea in the new boat 1 month after having received
// it": the old boat's long refit does not hold the new boat back. The Oct-40
// refit of a VIIB with 4 hull hits would take 3 months (10.10.3); the VIIC
// granted at that refit sails in Nov-40.
func TestS11_4_3NewBoatSailsOneMonthAfterReceipt(t *testing.T) {
	g := rdVIIBWithRequest(t)
	g.rdSailTo(3, rdStonepool...)
	g.rdSinkLone()
	g.rdSailTo(4, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdSeq(rdDetect(1940), rdHullHits(4)), rdEscape)
	g.rdSailHomeUntilPrompt()
	g.expect("hunters.upgrade")
	g.rdAnswer("VIIC", rdSeq([]int{1}, rdP1Atlantic(t, "1940-11"))...)
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("after a granted request: %s", g.rdTitle())
	}
	if d := g.rdField("Date"); d != "Nov-40" {
		t.Fatalf("the new boat sails in %s, want Nov-40 (one month after receiving it)", d)
	}
	if h := g.rdField("Hull"); !strings.HasPrefix(h, "0 of") {
		t.Fatalf("the new boat's hull: %q", h)
	}
}

// 11.4.3: the requests are saved and accumulated; 11.4.3 retains the crew
// (11.1's Experte LI stays aboard the new boat).
func TestS11_4_3NewBoatKeepsTheCrew(t *testing.T) {
	g := rdVIIB40(t)
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	_, left := g.rdSailHomeUntilPrompt(rdP1Atlantic(t, "1940-09")...)
	if g.kind() == "hunters.upgrade" {
		g.rdAnswer("save", left...)
	} else {
		g.stowAssign(left...) // the next load; its assignment follows it (6.1)
	}
	g.rdSailTo(3, rdStonepool...) // Sep-40
	g.rdSinkLone()
	g.rdSailHomeUntilPrompt()
	g.expect("hunters.upgrade")
	g.rdAnswer("save", rdP1Atlantic(t, "1940-11")...)
	g.rdSailTo(3, rdStonepool...) // Nov-40: the third success, crew roll 1 (LI)
	g.rdSinkLone()
	g.rdSailHomeUntilPrompt(1)
	if !strings.Contains(g.rdCrew("LI"), "Experte") {
		t.Fatalf("setup: LI %q", g.rdCrew("LI"))
	}
	g.expect("hunters.upgrade")
	g.rdAnswer("VIIC", rdSeq([]int{2}, rdP1Atlantic(t, "1941-01"))...)
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("after a granted request: %s", g.rdTitle())
	}
	if !strings.Contains(g.rdCrew("LI"), "Experte") {
		t.Fatalf("the new boat's LI lost his Experte status: %q", g.rdCrew("LI"))
	}
}

// 11.4.4: "Kommandants are not eligible to switch between the Types of
// U-Boat ... no switching between Type VIIs and Type IXs." A Type IXB Knight's
// Cross holder whose next patrol is in May-41 is offered the IXC, and no Type
// VII.
func TestS11_4_4NoSwitchBetweenTypes(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "IXB", "start": "1941-02", "kommandant": "Lüth", "uboat": "U-103"}, 6, 3, 4)
	for _, box := range []int{3, 4, 6} {
		g.rdSailTo(box, rdEmpress...)
		g.rdSinkLone()
	}
	g.rdSailHomeUntilPrompt()
	g.rdAward(rdKC)
	g.expect("hunters.upgrade")
	if !g.offers("IXC") {
		t.Fatalf("the IXC is not offered: %s", g.where())
	}
	for _, k := range []string{"VIIA", "VIIB", "VIIC", "VIID", "VIIC_Flak"} {
		if g.offers(k) {
			t.Fatalf("a Type IX Kommandant is offered a %s: %s", k, g.where())
		}
	}
}

// rdMedKnight is a VIIC Kommandant whose first patrol, in Sep-41, is in the
// Mediterranean (P1 12) and sinks three Empresses there: permanent
// Mediterranean assignment (7.3.4) and the Knight's Cross; his Nov-41 patrol
// (no P1 roll) is quiet; the refit for Jan-42, when the VIID is available,
// waits at the request prompt.
func rdMedKnight(t *testing.T) *game {
	t.Helper()
	// Rank 2; once loaded, P1 12; a first Mediterranean patrol rolls boxes
	// 1-3 without a stop (7.3.3): Bay of Biscay 8, Gibraltar 8 - 2, and the
	// first Empress in box 3.
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1941-09", "kommandant": "Guggenberger", "uboat": "U-81"},
		rdSeq([]int{2, 6, 6, 4, 4, 4, 4}, rdShipMed(4, 3, 4))...)
	if labels, _ := g.rdTrack(); labels[2] != "Mediterranean" {
		t.Fatalf("track %v", labels)
	}
	g.rdSinkLone()
	for box := 4; box <= 5; box++ {
		g.rdSailTo(box, rdShipMed(4, 3, 4)...)
		g.rdSinkLone()
	}
	g.rdSailHomeUntilPrompt()
	g.rdAward(rdKC)
	if evs := g.stowAssign(); len(rolls(evs, "P1", "")) != 0 { // the Nov-41 load: no dice for the assignment
		t.Fatalf("a P1 roll for a boat based in the Mediterranean")
	}
	g.rdSailHomeUntilPrompt() // Nov-41, quiet
	g.expect("hunters.upgrade")
	return g
}

// 11.4.5: "the VIID specialized minelayer and the VIIC Flak ... may only be
// chosen by the player rolling 1d6 with a 1-2 being rolled. If the attempt
// fails, the player is given a new boat of the latest standard model";
// 11.4: "If so, any permanent assignment to the Arctic or the Mediterranean
// is cancelled." The request (1) is granted, the VIID roll (3) fails: a new
// VIIC, and the next patrol is rolled on P1 again.
func TestS11_4_5LimitedBoatRefusedGivesTheLatestStandardModel(t *testing.T) {
	g := rdMedKnight(t)
	if !g.offers("VIID") {
		t.Fatalf("the VIID is not offered for Jan-42: %s", g.where())
	}
	evs := g.rdAnswer("VIID", rdSeq([]int{1, 3}, rdP1Atlantic(t, "1942-01"))...)
	lim := rdRolls(evs, "11.4.5")
	g.rdMust(len(lim) == 1 && lim[0].Natural == 3 && lim[0].Dice == "1d6", evs, "limited-availability roll %+v", lim)
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("after the VIID roll failed: %s", g.rdTitle())
	}
	if len(rolls(evs, "P1", "")) != 1 {
		t.Fatalf("the new boat's patrol was not rolled on P1 (Mediterranean assignment kept?)\n%s", dump(evs))
	}
	if labels, _ := g.rdTrack(); labels[2] == "Mediterranean" {
		t.Fatalf("the new boat is still in the Mediterranean: %v", labels)
	}
}

// 11.4.5: a 2 on the limited-availability roll gives the VIID.
func TestS11_4_5LimitedBoatOnA2(t *testing.T) {
	g := rdMedKnight(t)
	evs := g.rdAnswer("VIID", 1, 2, 4, 5) // granted, VIID, P1 9: British Isles
	lim := rdRolls(evs, "11.4.5")
	g.rdMust(len(lim) == 1 && lim[0].Natural == 2, evs, "limited-availability roll %+v", lim)
	if !strings.Contains(g.rdTitle(), "Type VIID") {
		t.Fatalf("after a 2: %s", g.rdTitle())
	}
}

// 11.4.2 (10.10.5): "If a U-Boat returns and requires 5 months to conduct a
// Refit ..., the player automatically receives a new U-Boat of the same Type
// (and latest model). The Kommandant retains the same crew with any special
// abilities they may have, and goes out to sea as early as one month after
// returning to base". A VIIC with an Experte LI comes back from Sep-41 with 7
// hull boxes and three inoperable systems: a new VIIC, the LI still Experte,
// sailing in Nov-41.
func TestS11_4_2FiveMonthRefitGivesANewBoatAndKeepsTheCrew(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	g.rdSuccess(1)
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdFiveMonthDamage(1941)...)
	if h := g.rdField("Hull"); !strings.HasPrefix(h, "7 of") {
		t.Fatalf("hull %q\n%s", h, g.view("status"))
	}
	evs := g.rdSailHome(rdP1Atlantic(t, "1941-11")...)
	if !said(evs, "5 months") {
		t.Fatalf("not a 5-month refit:\n%s", dump(evs))
	}
	if d := g.rdField("Date"); d != "Nov-41" {
		t.Fatalf("the new boat sails in %s, want Nov-41", d)
	}
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("new boat %s", g.rdTitle())
	}
	if h := g.rdField("Hull"); !strings.HasPrefix(h, "0 of") {
		t.Fatalf("the new boat's hull: %q", h)
	}
	if !strings.Contains(g.rdCrew("LI"), "Experte") {
		t.Fatalf("the crew's Experte LI was not kept: %q", g.rdCrew("LI"))
	}
}

// 11.4.2: the new boat is "of the same Type (and latest model)"; 4.2.2 lists
// the VIIA before the VIIB and the VIIA is withdrawn in 12/40: in early 1940
// the latest Type VII is the VIIB. A VIIB back from Jan-40 needing 5 months
// gets a VIIB, not a VIIA.
func TestS11_4_2NewBoatIsTheLatestModelNotTheFirstListed(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIB", "start": "1940-01", "kommandant": "Kuhnke", "uboat": "U-48"}, 2, 6, 6)
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdFiveMonthDamage(1940)...)
	evs := g.rdSailHome(rdP1Atlantic(t, "1940-03")...)
	if !said(evs, "5 months") {
		t.Fatalf("not a 5-month refit:\n%s", dump(evs))
	}
	if !strings.Contains(g.rdTitle(), "Type VIIB") {
		t.Fatalf("a VIIB Kommandant's new boat in Feb-40: %s, want a VIIB", g.rdTitle())
	}
	if d := g.rdField("Date"); d != "Mar-40" {
		t.Fatalf("the new boat sails in %s, want Mar-40", d)
	}
}

// 11.4.2: "requires 5 months to conduct a Refit (before taking into account
// the -1 month possible for rank in 11.2.1)": a Korvettenkapitän's 5-month
// refit still brings the new boat — the VIIC, latest Type VII in Nov-40.
func TestS11_4_2KorvettenkapitaenStillGetsTheNewBoat(t *testing.T) {
	g := rdVIIB39(t)
	for i := 1; i <= 6; i++ {
		before := []int{6}
		if i%3 == 0 {
			before = []int{2, 6}
		}
		g.rdSuccess(before...)
	}
	g.rdSuccess(1, 6) // Sep-40: Korvettenkapitän
	if !strings.Contains(g.rdTitle(), "Korvettenkapitän") {
		t.Fatalf("setup: %s", g.rdTitle())
	}
	g.rdSailTo(3, rdConvoy...) // Nov-40
	g.rdDepthCharged(rdMiss, rdFiveMonthDamage(1940)...)
	g.rdSailHome(rdSeq([]int{6}, rdP1Atlantic(t, "1941-01"))...)
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("a Korvettenkapitän's 5-month refit in Nov-40: %s, want a new VIIC", g.rdTitle())
	}
	if d := g.rdField("Date"); d != "Jan-41" {
		t.Fatalf("the new boat sails in %s, want Jan-41", d)
	}
}

// 11.4.1 (10.11.4): "If the Kommandant is severely wounded (SW) and requires
// 5 months or more to recover, the player is automatically re-assigned to a
// newer U-Boat, and joined by a completely new crew, which starts at Trained
// level with no special abilities ... and will begin his next patrol the
// month following his recovery." A Veteran crew's Kommandant is SW in
// Sep-41 (E4 13, E5 2 = Kommandant, 4 = SW) and needs 5 months (10.11 roll
// 5): Trained crew, next patrol Mar-42.
func TestS11_4_1KommandantFiveMonthsWoundedGetsANewBoatAndCrew(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	g.rdSuccess(5)
	if q := g.rdField("Crew quality"); q != "Veteran" {
		t.Fatalf("setup: %q", q)
	}
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdSeq(rdDetect(1941), []int{2, 2, 1, 3, 1, 1, 4}), rdEscape)
	if k := g.rdCrew("Kommandant"); k != "SW" {
		t.Fatalf("Kommandant %q", k)
	}
	evs := g.rdSailHome(rdSeq([]int{5}, rdP1Atlantic(t, "1942-03"))...)
	if r := rdRolls(evs, "10.11"); len(r) != 1 || r[0].Natural != 5 {
		t.Fatalf("recovery rolls %+v\n%s", r, dump(evs))
	}
	if d := g.rdField("Date"); d != "Mar-42" {
		t.Fatalf("next patrol %s, want Mar-42 (the month after 5 months' recovery)", d)
	}
	if q := g.rdField("Crew quality"); q != "Trained" {
		t.Fatalf("the new crew is %q, want Trained", q)
	}
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("new boat %s", g.rdTitle())
	}
	if k := g.rdCrew("Kommandant"); k != "fit" {
		t.Fatalf("Kommandant %q after recovering", k)
	}
}

// 11.4.6: "Type VIID Minelayer U-Boats are always assigned a Minelaying (M)
// Special Mission (7.4.2) when on patrols to the British Isles and to North
// America/Caribbean ... Exception: If assigned a North America (A) Special
// Mission, then the (A) mission is performed"; "They are allowed to operate
// in the Caribbean and West African Coast"; the mines "do not displace any
// torpedoes": the full load of 14 is stowed.
func TestS11_4_6TypeVIIDPatrols(t *testing.T) {
	for _, c := range []struct {
		name   string
		p1     []int
		area   string
		mines  bool
		labels string
	}{
		{"British Isles", []int{4, 5}, "British Isles", true, "Mission (M/A)"},
		{"Caribbean", []int{5, 6}, "Caribbean", true, "North America"},
		{"West African Coast", []int{6, 6}, "West African Coast", false, "West Africa"},
		{"North America (A)", []int{1, 2}, "North America (A)", false, "North America"},
		{"North America", []int{2, 3}, "North America", true, "North America"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Rank 5; the full load of 14 is stowed before the assignment
			// (4.4.2), which then gives the mission.
			g := career(t, map[string]string{"boat": "VIID", "start": "1942-01", "kommandant": "K", "uboat": "U-213"}, 5)
			g.expect("hunters.torpedo_mix")
			if !strings.Contains(g.prompt().Text, "14 torpedoes") {
				t.Fatalf("a VIID's load: %s", g.prompt().Text)
			}
			g.stowAssign(c.p1...)
			if !said(g.all, "Patrol assignment for Jan-42: "+c.area+" (") {
				t.Fatalf("assignment:\n%s", dump(g.all))
			}
			if said(g.all, "minelaying (M) mission") != c.mines {
				t.Fatalf("minelaying mission = %v, want %v\n%s", !c.mines, c.mines, dump(g.all))
			}
			if isLoadPrompt(g.kind()) || strings.Count(g.rdField("Forward tubes")+g.rdField("Aft tubes"), "G7") != 5 {
				t.Fatalf("a VIID's mines displaced torpedoes: %s\n%s", g.where(), g.view("status"))
			}
			labels, _ := g.rdTrack()
			if !strings.Contains(strings.Join(labels, "|"), c.labels) {
				t.Fatalf("track %v", labels)
			}
		})
	}
}

// 11.4.7: "only had enough room for 5 torpedoes, which started loaded in the
// torpedo tubes"; "Flak U-Boats fire and roll twice on the Flak Attack vs.
// Aircraft Chart [A2], applying the favorable -2 modifier each time." The
// boat sails with four forward and one aft G7a, no reloads and nothing to
// load; an air attack brings two A2 rolls at -2.
func TestS11_4_7FlakBoatTorpedoesAndTwoFlakRolls(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC_Flak", "start": "1943-05", "kommandant": "K", "uboat": "U-441"}, 2, 3, 4, 4, 4)
	g.expect("hunters.proceed")
	if f := g.rdField("Forward tubes"); f != "G7a, G7a, G7a, G7a" {
		t.Fatalf("forward tubes %q", f)
	}
	if a := g.rdField("Aft tubes"); a != "G7a" {
		t.Fatalf("aft tubes %q", a)
	}
	if r := g.rdField("Forward reloads"); r != "0 G7a, 0 G7e" {
		t.Fatalf("forward reloads %q", r)
	}
	// Box 2: aircraft (E1 3); A1 6 -2 = 4: one attack; both flak rolls miss;
	// E3 2+3 = 5: 1 hit (E4 32 minor); the automatic injury: generic crew LW.
	evs := g.choose("sail", 1, 2, 3, 3, 6, 6, 6, 6, 1, 1, 3, 2, 6, 3, 1)
	a2 := rolls(evs, "A2", "")
	if len(a2) != 2 {
		t.Fatalf("A2 rolls %d, want 2\n%s", len(a2), dump(evs))
	}
	for _, r := range a2 {
		if v, ok := modifier(r, "Flak"); !ok || v != -2 {
			t.Fatalf("a Flak boat's A2 roll: %+v, want -2", r)
		}
	}
}

// 11.4.7: "Flak U-Boats may remain on the surface to fight it out with an
// attacking aircraft for a second round. The aircraft automatically strafes
// (causing a Crew Injury) but only attacks with depth charges/bombs a second
// time on a 1d6 roll of 1-3. After this second round of combat, if the
// aircraft is still undamaged, it would be considered to be shadowing ...
// roll for an Additional Round of Combat (9.8.3)." Second round: two flak
// misses, the strafing injury, the bomb roll 4 (no bombs), then the Add'l
// Round of Combat roll (E1 9 -2 = 7: nothing).
func TestS11_4_7FlakBoatSecondRound(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC_Flak", "start": "1943-05", "kommandant": "K", "uboat": "U-441"}, 2, 3, 4, 4, 4)
	g.choose("sail", 1, 2, 3, 3, 6, 6, 6, 6, 1, 1, 3, 2, 6, 3, 1)
	g.expect("hunters.flak_stay")
	evs := g.choose("fight", 6, 6, 6, 6, 6, 3, 1, 4, 6, 3)
	if n := len(rolls(evs, "A2", "")); n != 2 {
		t.Fatalf("second-round A2 rolls %d, want 2\n%s", n, dump(evs))
	}
	if len(rolls(evs, "E5", "")) != 2 {
		t.Fatalf("no strafing injury (who and severity):\n%s", dump(evs))
	}
	b := rdRolls(evs, "11.4.7")
	if len(b) != 1 || b[0].Natural != 4 || len(rolls(evs, "E3", "")) != 0 {
		t.Fatalf("bomb roll %+v (bombs on 1-3 only)\n%s", b, dump(evs))
	}
	if len(rolls(evs, "E1", "")) != 1 {
		t.Fatalf("no Add'l Round of Combat roll for the undamaged aircraft:\n%s", dump(evs))
	}
	g.expect("hunters.proceed")
}

// 11.4.3 with 10.11: the boat granted on request goes out "1 month after
// having received it", but the Kommandant cannot sail before he has recovered
// (10.11). Wounded (SW) in Nov-40 and needing 3 months, he takes the VIIC
// granted at that refit to sea in Mar-41.
func TestS11_4_3NewBoatWaitsForTheKommandant(t *testing.T) {
	g := rdVIIBWithRequest(t)
	g.rdSuccessSaving(rdStonepool) // Sep-40
	g.rdSailTo(3, rdConvoy...)
	// E3 2+2 = 4: 1 hit, 13: the Kommandant (2), SW (4).
	g.rdDepthCharged(rdMiss, rdSeq(rdDetect(1940), []int{2, 2, 1, 3, 1, 1, 4}), rdEscape)
	g.rdSailHomeUntilPrompt(3)
	g.expect("hunters.upgrade")
	g.rdAnswer("VIIC", rdSeq([]int{1}, rdP1Atlantic(t, "1941-03"))...)
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("after a granted request: %s", g.rdTitle())
	}
	if d := g.rdField("Date"); d != "Mar-41" {
		t.Fatalf("the new boat sails in %s, want Mar-41 (the Kommandant's 3 months)", d)
	}
}

// 11.4.3: "the Kommandant gets to retain his previous crew (unless any
// require more time to recuperate, per 10.11.2)". The Nov-40 patrol (third
// success: the LI becomes Experte) leaves 4 hull boxes (3 months' refit) and
// the LI SW needing 2 months: he would stay with the old boat, but the VIIC
// granted at this refit sails after 1 month, so he is replaced by a new LI.
func TestS11_4_3NewBoatLeavesTheSlowHealingBehind(t *testing.T) {
	g := rdVIIBWithRequest(t)
	g.rdSuccessSaving(rdStonepool) // Sep-40
	g.rdSailTo(3, rdStonepool...)
	g.rdSinkLone()
	g.rdSailTo(4, rdConvoy...)
	// E3 6+6: 5 hits: four hull (33) and 13: the LI (4), SW (4).
	g.rdDepthCharged(rdMiss, rdSeq(rdDetect(1940), []int{6, 6, 3, 3, 3, 3, 3, 3, 3, 3, 1, 3, 2, 2, 4}), rdEscape)
	if li := g.rdCrew("LI"); li != "SW" {
		t.Fatalf("LI %q", li)
	}
	g.rdSailHomeUntilPrompt(2, 1) // LI's recovery 2 months; crew roll 1: LI Experte
	if !strings.Contains(g.rdCrew("LI"), "Experte") {
		t.Fatalf("setup: LI %q", g.rdCrew("LI"))
	}
	g.expect("hunters.upgrade")
	evs := g.rdAnswer("VIIC", rdSeq([]int{1}, rdP1Atlantic(t, "1941-01"))...)
	if d := g.rdField("Date"); d != "Jan-41" {
		t.Fatalf("the new boat sails in %s, want Jan-41", d)
	}
	if strings.Contains(g.rdCrew("LI"), "Experte") || !said(evs, "the LI needs 2 months") {
		t.Fatalf("the LI needing 2 months sailed with the new boat after 1: %q\n%s", g.rdCrew("LI"), dump(evs))
	}
}

// 11.4.1 (10.11.4): the wounded Kommandant "is assigned the latest model of
// U-Boat currently available at the time of the next patrol". SW in Jul-40
// and needing 5 months, a VIIB Kommandant sails next in Jan-41, when the
// VIIC (Oct-40) is the latest Type VII.
func TestS11_4_1NewBoatIsTheLatestAtTheNextPatrol(t *testing.T) {
	g := rdVIIB40(t)
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdSeq(rdDetect(1940), []int{2, 2, 1, 3, 1, 1, 4}), rdEscape)
	g.rdSailHome(rdSeq([]int{5}, rdP1Atlantic(t, "1941-01"))...)
	if d := g.rdField("Date"); d != "Jan-41" {
		t.Fatalf("next patrol %s, want Jan-41", d)
	}
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("the new boat for Jan-41: %s, want a VIIC", g.rdTitle())
	}
}

// 11.4.2: the new boat is "of the same Type (and latest model)" and "goes
// out to sea as early as one month after returning to base": a VIIB back
// from Aug-40 needing 5 months sails again in Oct-40, when the VIIC is
// available, and so gets a VIIC.
func TestS11_4_2NewBoatIsTheLatestWhenItSails(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIB", "start": "1940-08", "kommandant": "Kuhnke", "uboat": "U-48"}, 2, 2, 4)
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdFiveMonthDamage(1940)...)
	g.rdSailHome(rdP1Atlantic(t, "1940-10")...)
	if d := g.rdField("Date"); d != "Oct-40" {
		t.Fatalf("the new boat sails in %s, want Oct-40", d)
	}
	if !strings.Contains(g.rdTitle(), "Type VIIC") {
		t.Fatalf("the new boat for Oct-40: %s, want a VIIC", g.rdTitle())
	}
}
