package fidelity

// Section 11.1 (crew advancement), read from the rulebook alone.

import (
	"strings"
	"testing"
)

// 11.1: "For every three successful patrols, the player rolls once during
// Refit ... roll only once each time you earn three successful patrols";
// 11.1.3: "If a 5 or 6 is rolled, the crew level increases to Veteran."
// Two successful patrols bring no roll; the third brings one 1d6 roll whose
// 5 makes the Trained crew Veteran.
func TestS11_1CrewAdvancementRollAfterThirdSuccessfulPatrol(t *testing.T) {
	g := rdVIIC41(t, "")
	for i := 1; i <= 2; i++ {
		evs := g.rdSuccess()
		g.rdMust(len(rdRolls(evs, "11.1")) == 0, evs, "success %d brought a crew advancement roll", i)
	}
	evs := g.rdSuccess(5)
	r := rdRolls(evs, "11.1")
	g.rdMust(len(r) == 1 && r[0].Natural == 5 && r[0].Dice == "1d6", evs, "the third success should bring one 1d6 crew roll of 5: %+v", r)
	if q := g.rdField("Crew quality"); q != "Veteran" {
		t.Fatalf("crew quality after a 5: %q, want Veteran", q)
	}
}

// 11.1: "The ability to increase experience is tied to the number of
// successful patrols carried out" (7.5.2's S marks): a failed patrol between
// them does not reset the count, so S, S, F, S rolls at the fourth patrol.
func TestS11_1SuccessesCountedNotConsecutive(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	evs := g.rdFailure()
	g.rdMust(len(rdRolls(evs, "11.1")) == 0, evs, "a failure brought a crew roll")
	evs = g.rdSuccess(6)
	r := rdRolls(evs, "11.1")
	g.rdMust(len(r) == 1 && r[0].Natural == 6, evs, "the third success (fourth patrol) should roll: %+v", r)
	if q := g.rdField("Crew quality"); q != "Veteran" {
		t.Fatalf("crew quality after a 6: %q, want Veteran", q)
	}
}

// 11.1: "These rolls are not cumulative; roll only once each time you earn
// three successful patrols"; 11.1.2: "Ignore the result if a 1-4 is rolled
// and that individual crew member already holds Experte status." Rolls come
// after the 3rd and 6th successes only; the second 1 changes nothing.
func TestS11_1_2SecondExperteRollIgnoredAndRollsNotCumulative(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	evs := g.rdSuccess(1)
	r := rdRolls(evs, "11.1")
	g.rdMust(len(r) == 1 && r[0].Natural == 1, evs, "third success: %+v", r)
	// 11.1.1: the marker is on the mat.
	if li := g.rdCrew("LI"); !strings.Contains(li, "Experte") {
		t.Fatalf("LI after a crew roll of 1: %q, want Experte", li)
	}
	for i := 4; i <= 5; i++ {
		evs = g.rdSuccess()
		g.rdMust(len(rdRolls(evs, "11.1")) == 0, evs, "success %d brought a crew roll", i)
	}
	before := g.view("status")
	evs = g.rdSuccess(1)
	r = rdRolls(evs, "11.1")
	g.rdMust(len(r) == 1 && r[0].Natural == 1, evs, "sixth success: %+v", r)
	if li := g.rdCrew("LI"); !strings.Contains(li, "Experte") {
		t.Fatalf("LI after a second 1: %q", li)
	}
	for _, who := range []string{"1WO", "2WO", "Doctor"} {
		if strings.Contains(g.rdCrew(who), "Experte") {
			t.Fatalf("%s became Experte from an ignored roll:\nbefore:\n%s\nafter:\n%s", who, before, g.view("status"))
		}
	}
	if q := g.rdField("Crew quality"); q != "Trained" {
		t.Fatalf("crew quality %q after two ignored 1s", q)
	}
}

// 11.1 table: 2 Doctor, 3 1WO, 4 2WO "Experte"; 11.1.1 the marker goes in
// the crewman's box (the status view).
func TestS11_1_1CrewRollTableExperteMarkers(t *testing.T) {
	for _, c := range []struct {
		face int
		who  string
	}{{1, "LI"}, {2, "Doctor"}, {3, "1WO"}, {4, "2WO"}} {
		t.Run(c.who, func(t *testing.T) {
			g := rdVIIC41(t, "")
			g.rdSuccess()
			g.rdSuccess()
			g.rdSuccess(c.face)
			for _, who := range []string{"LI", "Doctor", "1WO", "2WO"} {
				got := strings.Contains(g.rdCrew(who), "Experte")
				if got != (who == c.who) {
					t.Fatalf("roll %d: %s Experte = %v\n%s", c.face, who, got, g.view("status"))
				}
			}
			if q := g.rdField("Crew quality"); q != "Trained" {
				t.Fatalf("roll %d changed the crew quality to %q", c.face, q)
			}
		})
	}
}

// 11.1.3: "Veteran crews may increase to Elite crews ... Crews may not
// advance beyond Elite status". Rolls of 5, 6 and 5 after the 3rd, 6th and
// 9th successes: Veteran, Elite, still Elite.
func TestS11_1_3CrewClimbsToEliteAndNoFurther(t *testing.T) {
	g := rdVIIC41(t, "")
	want := map[int]string{3: "Veteran", 6: "Elite", 9: "Elite"}
	face := map[int]int{3: 5, 6: 6, 9: 5}
	for i := 1; i <= 9; i++ {
		var before []int
		if f, ok := face[i]; ok {
			before = append(before, f)
		}
		if i == 7 {
			// Mar-42's patrol ends the first 12 months (from Mar-41): a
			// promotion roll (11.2.3) that fails on a 6.
			before = append(before, 6)
		}
		evs := g.rdSuccess(before...)
		if w, ok := want[i]; ok {
			if q := g.rdField("Crew quality"); q != w {
				t.Fatalf("after success %d crew quality %q, want %q\n%s", i, q, w, dump(evs))
			}
		}
	}
}

// 11.1.4: "If a U-Boat suffers 3 unsuccessful patrols in a row, the crew
// level decreases by one and can be reduced down to Green level"; 11.1.3:
// "Green crews have negative die roll modifiers" (U1: +1 for a green crew).
func TestS11_1_4ThreeFailuresInARowMakeTheCrewGreen(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdFailure()
	g.rdFailure()
	if q := g.rdField("Crew quality"); q != "Trained" {
		t.Fatalf("after two failures: %q", q)
	}
	g.rdFailure()
	if q := g.rdField("Crew quality"); q != "Green" {
		t.Fatalf("after three failures in a row: %q, want Green", q)
	}
	evs := g.rdSailTo(3, rdStonepool...)
	evs = append(evs, g.rdSinkLone()...)
	u1 := firstRoll(t, evs, "U1", "")
	if v, ok := modifier(u1, "green"); !ok || v != 1 {
		t.Fatalf("a green crew's torpedo roll: %+v, want +1 green", u1)
	}
}

// 11.1.4: the count is of patrols "in a row": F, F, S, F, F keeps Trained.
func TestS11_1_4FailuresMustBeInARow(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdFailure()
	g.rdFailure()
	g.rdSuccess()
	g.rdFailure()
	g.rdFailure()
	if q := g.rdField("Crew quality"); q != "Trained" {
		t.Fatalf("F F S F F: crew quality %q, want Trained", q)
	}
}

// 11.1.4: three failures in a row lower a Veteran crew by one, to Trained.
func TestS11_1_4ThreeFailuresLowerVeteranToTrained(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	g.rdSuccess(5)
	if q := g.rdField("Crew quality"); q != "Veteran" {
		t.Fatalf("setup: %q", q)
	}
	g.rdFailure()
	g.rdFailure()
	g.rdFailure()
	if q := g.rdField("Crew quality"); q != "Trained" {
		t.Fatalf("Veteran after three failures: %q, want Trained", q)
	}
}

// 11.1.5: "At the end of every patrol, roll 1d6 if your 1WO is Experte. On a
// roll of 6, he has been given his own U-Boat to command and he must be
// replaced with a new 1WO (the Experte status is removed)." The roll is not
// made at the refit that makes him Experte (he was not Experte when that
// patrol ended); a 5 keeps him; a 6 takes him.
func TestS11_1_5ExperteFirstWatchOfficerLeavesOnA6(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	evs := g.rdSuccess(3)
	g.rdMust(len(rdRolls(evs, "11.1.5")) == 0, evs, "a 1WO roll at the patrol's end before he was Experte")
	evs = g.rdFailure(5)
	r := rdRolls(evs, "11.1.5")
	g.rdMust(len(r) == 1 && r[0].Natural == 5, evs, "the 1WO's roll at the end of the next patrol: %+v", r)
	if w := g.rdCrew("1WO"); !strings.Contains(w, "Experte") {
		t.Fatalf("1WO left on a 5: %q", w)
	}
	evs = g.rdFailure(6)
	r = rdRolls(evs, "11.1.5")
	g.rdMust(len(r) == 1 && r[0].Natural == 6, evs, "the 1WO's roll: %+v", r)
	if w := g.rdCrew("1WO"); strings.Contains(w, "Experte") {
		t.Fatalf("the 1WO's replacement is Experte: %q", w)
	}
	// No more rolls without an Experte 1WO: the third failure in a row
	// (11.1.4) is all that happens at the next refit.
	evs = g.rdFailure()
	g.rdMust(len(rdRolls(evs, "11.1.5")) == 0, evs, "a 1WO roll without an Experte 1WO")
}

// 11.1.6: "If the U-Boat loses the 1WO through promotions or casualty, and
// the 2WO is rated as Experte, the 2WO is promoted to 1WO on the U-Boat, and
// retains his Experte status. The U-Boat would effectively have an Experte
// 1WO and a new 2WO."
func TestS11_1_6ExperteSecondWatchOfficerStepsUp(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	g.rdSuccess(3) // 1WO Experte
	g.rdSuccess(1) // 11.1.5: stays
	g.rdSuccess(1)
	g.rdSuccess(1, 4) // 11.1.5 first (end of patrol), then the crew roll: 2WO Experte
	if !strings.Contains(g.rdCrew("1WO"), "Experte") || !strings.Contains(g.rdCrew("2WO"), "Experte") {
		t.Fatalf("setup:\n%s", g.view("status"))
	}
	// Mar-42: the 11.1.5 roll of 6 takes the 1WO; the promotion roll (11.2.3) fails on 6.
	evs := g.rdSuccess(6, 6)
	g.rdMust(len(rdRolls(evs, "11.1.5")) == 1, evs, "no 1WO roll")
	if w := g.rdCrew("1WO"); !strings.Contains(w, "Experte") {
		t.Fatalf("the Experte 2WO did not step up: 1WO %q\n%s", w, g.view("status"))
	}
	if w := g.rdCrew("2WO"); strings.Contains(w, "Experte") {
		t.Fatalf("the new 2WO is Experte: %q", w)
	}
}

// 11.1.7: "Rolling for crew advancement takes place after every three
// successful patrols, regardless of any losses or changes in your crew (due
// to injury or being assigned a new U-Boat)." Two successes in a Type VIIA,
// the automatic VIIC of 12/40 (4.2.2), and the third success in the new boat
// brings the roll.
func TestS11_1_7SuccessesCarryOverToANewBoat(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIA", "start": "1940-07", "kommandant": "Lemp", "uboat": "U-30"}, 2, 2, 4)
	g.rdSuccess() // Jul-40
	g.rdSuccess() // Sep-40
	g.rdFailure() // Nov-40; the Dec-40 refit replaces the VIIA
	if !strings.Contains(g.rdTitle(), "VIIC") {
		t.Fatalf("no VIIC after 12/40 (4.2.2): %s", g.rdTitle())
	}
	evs := g.rdSuccess(5) // Jan-41
	r := rdRolls(evs, "11.1")
	g.rdMust(len(r) == 1 && r[0].Natural == 5, evs, "the third success in the new boat: %+v", r)
	if q := g.rdField("Crew quality"); q != "Veteran" {
		t.Fatalf("crew %q", q)
	}
}

// rdAllGenericSW are the E3 and E4/E5 dice of a depth-charge attack that
// leaves all four generic crew boxes SW: E3 7 (2 hits), each hit 63 (crew
// injury x2), each injury 2d6 6 (a generic crew box) and 1d6 4 (SW).
var rdAllGenericSW = []int{3, 4, 6, 3, 3, 3, 4, 3, 3, 4, 6, 3, 3, 3, 4, 3, 3, 4}

// 11.1.4: "If all 4 generic crew boxes receive SW or are KIA during a
// patrol, the overall Crew skill level decreases one level (but may never
// fall below Trained)." A Veteran crew whose four generic boxes are all SW
// (and recover within the refit, 10.11, so none is replaced) is Trained at
// the next patrol.
func TestS11_1_4AllGenericCrewWoundedLowersVeteranToTrained(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSuccess()
	g.rdSuccess(5)
	if q := g.rdField("Crew quality"); q != "Veteran" {
		t.Fatalf("setup: %q", q)
	}
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdSeq(rdDetect(1941), rdAllGenericSW), rdEscape)
	for _, c := range []string{"Crew 1", "Crew 2", "Crew 3", "Crew 4"} {
		if w := g.rdCrew(c); w != "SW" {
			t.Fatalf("%s is %q, want SW\n%s", c, w, g.view("status"))
		}
	}
	// 10.11: four recovery rolls of 1 month: nobody is replaced.
	evs := g.rdSailHome(rdSeq([]int{1, 1, 1, 1}, g.rdNextP1(2))...)
	if q := g.rdField("Crew quality"); q != "Trained" {
		t.Fatalf("Veteran crew after all four generic boxes were SW: %q, want Trained\n%s", q, dump(evs))
	}
}

// 11.1.4: "... (but may never fall below Trained)": a Trained crew stays
// Trained however badly its generic crew is wounded.
func TestS11_1_4AllGenericCrewWoundedNeverBelowTrained(t *testing.T) {
	g := rdVIIC41(t, "")
	g.rdSailTo(3, rdConvoy...)
	g.rdDepthCharged(rdMiss, rdSeq(rdDetect(1941), rdAllGenericSW), rdEscape)
	g.rdSailHome(rdSeq([]int{1, 1, 1, 1}, g.rdNextP1(2))...)
	if q := g.rdField("Crew quality"); q != "Trained" {
		t.Fatalf("Trained crew after all four generic boxes were SW: %q, want Trained", q)
	}
}
