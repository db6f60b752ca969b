package fidelity

import (
	"strings"
	"testing"
)

// quietAtlanticMar41 starts a VIIC in Mar-41 on an Atlantic patrol (rank 1;
// P1 7, once the load is stowed); box1 are the first box's (Bay of Biscay) dice.
func quietAtlanticMar41(t *testing.T, box1 ...int) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.stow("", cat([]int{3, 4}, box1)...)
	return g
}

// 12.0 procedure / 12.1.1: "the first time during a patrol that an unmodified
// 12 is rolled, a Random Event is triggered ... ignore the encounter listed on
// the Encounter Chart as it no longer applies". In the Bay of Biscay in 1943
// a natural 12 is a modified 10 — still the random event.
func TestS12_1_1UnmodifiedTwelveTriggersTheEvent(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1943-03"}, 1)
	evs := g.stow("", 3, 4, 6, 6, 3, 4) // P1 7 Atlantic; box 1 natural 12: R1 7, Hals und Beinbruch
	e1 := firstRoll(t, evs, "E1", "")
	if e1.Natural != 12 || e1.Total != 10 {
		t.Fatalf("box 1: %s, want natural 12 modified to 10", e1)
	}
	if rs := rolls(evs, "R1", ""); len(rs) != 1 || rs[0].Result != "hals und beinbruch" {
		t.Errorf("R1 rolls %v, want Hals und Beinbruch", rs)
	}
}

// 12.1.2: "A Random Event only takes place once per patrol assignment. If a 12
// is rolled when checking for a possible encounter again during the same
// patrol, proceed by carrying out the Encounter listed on the Encounter Chart
// [E1]." The next patrol may have its own.
func TestS12_1_2OncePerPatrol(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 3, 4) // box 1: event (Hals und Beinbruch)
	g.choose("sail", 4, 4)
	// box 3 Atlantic: natural 12 again: the table's convoy.
	evs := g.choose("sail", fs(6, 6, convoyFaces(smallConvoy))...)
	if len(rolls(evs, "R1", "")) != 0 {
		t.Errorf("a second random event in one patrol")
	}
	g.expect("hunters.engage")
	if !strings.HasPrefix(g.prompt().Text, "Convoy") {
		t.Errorf("the second 12 is not the listed Convoy: %q", g.prompt().Text)
	}
	g.choose("avoid")
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4, 4, 4)       // home, refit
	evs = g.stow("", 3, 4, 6, 6, 3, 4) // P1 7 for May-41; box 1 natural 12
	if len(rolls(evs, "R1", "")) != 1 {
		t.Errorf("the next patrol's first natural 12 is no random event:\n%s", dump(evs))
	}
}

// 12.1.3: "Superior Torpedoes benefit you for the current patrol only, while
// the “Hals und Beinbruch” event can be used either for the current or during
// a subsequent patrol." R1: Superior Torpedoes gives +1 on the Dud Chart [U2].
func TestS12_1_3SuperiorTorpedoesThisPatrolOnly(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 2, 3) // R1 5: Superior Torpedoes
	if m := field(g.view("status"), "Markers"); !strings.Contains(strings.ToLower(m), "superior") {
		t.Errorf("markers %q, want Superior Torpedoes", m)
	}
	g.choose("sail", 4, 4)
	// box 3: a lone small freighter by day; one torpedo hits (2+2); U2 1.
	g.choose("sail", 1, 2, 3, 3, 3, 3)
	g.choose("attack")
	g.choose("close")
	g.choose("submerged")
	g.choose("fwd")
	g.choose("t1")
	evs := g.choose("fire", 2, 2, 1, 1)
	u2 := firstRoll(t, evs, "U2", "")
	if v, ok := modifier(u2, "uperior"); !ok || v != 1 {
		t.Errorf("dud roll %s, want +1 Superior Torpedoes", u2)
	}
	if u2.Result == "dud" {
		t.Errorf("a 1 + 1 = 2 is no dud for a G7a in 1941 (dud on 1): %s", u2)
	}
	for g.kind() == "hunters.weapon" {
		g.choose("done")
	}
	g.breakOff()
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4, 4, 4)
	if m := field(g.view("status"), "Markers"); strings.Contains(strings.ToLower(m), "superior") {
		t.Errorf("Superior Torpedoes kept into the next patrol: %q", m)
	}
}

// 12.1.3: Hals und Beinbruch is kept for a later patrol.
func TestS12_1_3HalsUndBeinbruchKeptForLaterPatrols(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 3, 4)
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	g.choose("sail", 4, 4, 4, 4)
	if m := field(g.view("status"), "Markers"); !strings.Contains(strings.ToLower(m), "hals") {
		t.Errorf("Hals und Beinbruch lost after the patrol: markers %q", m)
	}
}

// 12.1.4: "some Random Events cannot occur during certain patrol assignments.
// Exceptions ... are noted on the Random Events Chart [R1]" — Swim Call (12)
// only in the Caribbean, West Africa and the Mediterranean. 12.1.5: "If, for
// any reason, a Random Event cannot take place and you are instructed to
// ignore it, then a Random Event check can be triggered again the next time an
// unmodified 12 is rolled".
func TestS12_1_5IgnoredEventRearmsTheTrigger(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 6, 6) // R1 12 Swim Call: not in the Atlantic
	if said(g.all, "is lost") || strings.Contains(g.view("status"), "KIA") {
		t.Errorf("a Swim Call in the Atlantic took a man:\n%s", g.view("status"))
	}
	evs := g.choose("sail", 6, 6, 3, 4) // box 2: natural 12 → R1 again (7)
	if rs := rolls(evs, "R1", ""); len(rs) != 1 {
		t.Errorf("after an ignored event the next natural 12 is not a random event:\n%s", dump(evs))
	}
}

// 12.1.4 / R1 8: Luftwaffe Recon is not in the Caribbean, North America or West
// Africa: ignored (and 12.1.5 re-arms the trigger).
func TestS12_1_4NoLuftwaffeReconOffAmerica(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1942-07"}, 1)
	evs := g.stow("", 4, 6, 6, 6, 4, 4) // P1 10 North America; box 1 natural 12
	if g.kind() == "hunters.engage" || len(rolls(evs, "E1", "Ship size")) != 0 {
		t.Errorf("Luftwaffe Recon off North America:\n%s", dump(evs))
	}
	evs = g.choose("sail", 6, 6, 3, 4)
	if len(rolls(evs, "R1", "")) != 1 {
		t.Errorf("the ignored Luftwaffe Recon did not re-arm the trigger:\n%s", dump(evs))
	}
}

// 12.1.6: "Once the Random Event has been resolved (whether it could be carried
// out or not), you advance your U-Boat marker to the next Travel Box on the
// Patrol Track to check for the next possible encounter." In an "x2" box the
// event ends the box's rolls.
func TestS12_1_6AfterTheEventTheBoatMovesOn(t *testing.T) {
	// IXB Apr-40 British Isles (once loaded, KptLt request 2, P1 6); box 5 is x2.
	g := career(t, map[string]string{"boat": "IXB", "start": "1940-04"})
	g.stow("", 2, 3, 3, 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 3, 4)
	g.choose("sail", 3, 4)
	evs := g.choose("sail", 6, 6, 3, 4) // box 5: natural 12 → R1 7
	if n := len(rolls(evs, "E1", "")); n != 1 {
		t.Errorf("box 5 (x2) rolled %d encounters around its random event, want the event to end the box:\n%s", n, dump(evs))
	}
}

// 12.1, R1 2 Man Overboard: "roll crewman: that man is KIA" — 2 the LI.
func TestS12_R1ManOverboardTakesTheLI(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 1, 1, 2)
	if got := field(g.view("status"), "LI"); got != "KIA" {
		t.Errorf("LI %q after Man Overboard (crewman 2), want KIA", got)
	}
}

// 12.1, R1 4 Gyro Compass Failure: repaired on 1d6 1-2, else the boat aborts.
func TestS12_R1GyroCompassFailure(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 2, 2, 2) // repaired
	if !g.offers("sail") || said(g.all, "aborted") {
		t.Errorf("a repaired gyro compass aborted the patrol: %s", g.where())
	}
	g = quietAtlanticMar41(t, 4, 4)
	evs, err := g.try("sail", 6, 6, 2, 2, 3)
	if err != nil && !ranOut(err) {
		t.Fatal(err)
	}
	if err != nil {
		// the way home may roll more; take the abort from what happened
		evs = g.choose("sail", 6, 6, 2, 2, 3, 4, 4)
	}
	if !said(evs, "abort") {
		t.Errorf("an unrepaired gyro compass did not abort the patrol:\n%s", dump(evs))
	}
}

// 12.1, R1 9 Weather Reporting Duty / 11 Severe Storm: "no encounters in the current
// and the next travel box".
func TestS12_R1StormSkipsThisAndTheNextBox(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 5, 6) // R1 11
	evs := g.choose("sail")                // box 2: no roll
	if n := len(rolls(evs, "E1", "")); n != 0 {
		t.Errorf("an encounter roll in the box after a storm")
	}
	evs = g.choose("sail", 4, 4) // box 3 rolls again
	if n := len(rolls(evs, "E1", "")); n != 1 {
		t.Errorf("box 3 after the storm: %d rolls", n)
	}
}

// 12.1.4, R1 9: Weather Reporting Duty is ignored when "returning to base" (the
// homeward transit boxes), and the trigger stays armed (12.1.5).
func TestS12_R1NoWeatherDutyOnTheWayHome(t *testing.T) {
	g := quietAtlanticMar41(t, 4, 4)
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	// box 7 (homeward Transit): natural 12 → R1 4+5 = 9: ignored; box 8:
	// natural 12 → R1 again (3+4 = 7); refit.
	evs := g.choose("sail", 6, 6, 4, 5, 6, 6, 3, 4)
	if n := len(rolls(evs, "R1", "")); n != 2 {
		t.Errorf("%d random events on the way home, want the ignored duty and another:\n%s", n, dump(evs))
	}
	if n := len(rolls(evs, "E1", "")); n != 2 {
		t.Errorf("%d encounter rolls in boxes 7-8, want 2 (the duty did not apply)", n)
	}
}

// 12.1, R1 10 Torpedo Breaks Loose: "one generic crew box takes SW".
func TestS12_R1TorpedoBreaksLoose(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 4, 6)
	if got := field(g.view("status"), "Crew 1"); got != "SW" {
		t.Errorf("crew 1 %q after a torpedo broke loose, want SW", got)
	}
}

// 12.1, R1 12 Swim Call in the Mediterranean: the crewman rolled (3-4: 1WO) is KIA.
func TestS12_R1SwimCallInTheMediterranean(t *testing.T) {
	g := firstMedPatrol(t, 4, 4, 4, 4, 6, 6, 6, 6, 3)
	if got := field(g.view("status"), "1WO"); got != "KIA" {
		t.Errorf("1WO %q after a Swim Call (crewman 3), want KIA", got)
	}
}

// 12.1, R1 6 Spare Parts with nothing inoperable is ignored: 12.1.5 re-arms.
func TestS12_R1SparePartsWithNothingToRepair(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 3, 3)
	evs := g.choose("sail", 6, 6, 3, 4)
	if len(rolls(evs, "R1", "")) != 1 {
		t.Errorf("Spare Parts with nothing inoperable used up the patrol's event:\n%s", dump(evs))
	}
}

// 12.1.1: only the encounter check triggers the event; the Add'l Round of
// Combat roll never does (E1 card): a natural 12 there is "none".
func TestS12_1_1NoRandomEventOnTheAdditionalRound(t *testing.T) {
	g := unescortedShipVIIC(t)
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6) // a miss
	for g.kind() == "hunters.weapon" {
		g.choose("done")
	}
	g.choose("again")
	evs := g.reloadThen(6, 6)
	if len(rolls(evs, "R1", "")) != 0 || len(rolls(evs, "E1", "")) != 1 {
		t.Errorf("a random event on the Add'l Round roll:\n%s", dump(evs))
	}
}

// 12.1.3: "the “Hals und Beinbruch” event can be used either for the current
// or during a subsequent patrol ... Once used, these markers are removed from
// your U-Boat Display Mat." (The roll it may repeat: the "hals_und_beinbruch"
// ruling, by default an adverse crash-dive roll.)
func TestS12_1_3HalsUndBeinbruchSpentOnceAndRemoved(t *testing.T) {
	g := quietAtlanticMar41(t, 6, 6, 3, 4) // R1 7
	// box 2 Transit: aircraft (1+1); A1 2+2 = 4: one attack — adverse.
	g.choose("sail", 1, 1, 2, 2)
	g.expect("hunters.hals_und_beinbruch")
	evs := g.choose("reroll", 4, 4) // A1 again: 8, crash dive
	if rs := rolls(evs, "A1", ""); len(rs) != 1 || rs[0].Result != "crash dive" {
		t.Errorf("the re-roll: %v", results(evs, "A1", ""))
	}
	if m := field(g.view("status"), "Markers"); strings.Contains(strings.ToLower(m), "hals") {
		t.Errorf("the spent marker is still held: %q", m)
	}
}

// 12.1, R1 6 Spare Parts: "repair up to two Inoperable systems at once". The
// radio, knocked out by an aircraft in box 2 (E4 42) and not repaired (6), is
// working again after the event in box 3.
func TestS12_R1SparePartsRepairAnInoperableRadio(t *testing.T) {
	g := quietAtlanticMar41(t, 4, 4)
	// box 2: aircraft (1+1); A1 2+2 one attack; A2 1+1 shot down; E3 1+1+2:
	// 1 hit, E4 42 radio; automatic injury: who 6+6 (no agent); repair 6.
	g.choose("sail", 1, 1, 2, 2, 1, 1, 1, 1, 4, 2, 6, 6, 6)
	if got := field(g.view("status"), "Radio"); got == "OK" {
		t.Fatalf("radio %q: the set-up for an inoperable radio failed\n%s", got, dump(tail(g.all, 12)))
	}
	g.choose("sail", 6, 6, 3, 3) // box 3: natural 12 → R1 6
	if got := field(g.view("status"), "Radio"); got != "OK" {
		t.Errorf("radio %q after Spare Parts, want OK", got)
	}
}
