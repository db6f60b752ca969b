package hunters

import (
	"strings"
	"testing"
)

// 7.0, 7.3.1, 7.3.2, 14.10: P1 results by date column and boat type.
func TestP1RestrictionsByBoatType(t *testing.T) {
	cases := []struct {
		boat, month, rules string
		faces              []int
		want               string
	}{
		{"IXA", "1941-01", "", []int{6, 6}, "west_african_coast"},                     // 7.3.1: Med → West Africa
		{"IXA", "1941-01", "14.10", []int{6, 6}, "mediterranean"},                     // 14.10.1
		{"VIIC", "1941-01", "", []int{5, 5}, "atlantic"},                              // 7.3.2: West Africa → Atlantic
		{"VIIC_Flak", "1941-01", "", []int{6, 6, 3, 4}, "atlantic"},                   // 7.3.2: Med → re-roll
		{"VIID", "1942-01", "", []int{5, 6}, "caribbean"},                             // 11.4.6: VIID may go to the Caribbean
		{"VIID", "1942-01", "viid_tracks=mat", []int{5, 6}, "atlantic"},               // ruling: 1st-printing mat
		{"VIID", "1941-07", "", []int{5, 5}, "west_african_coast"},                    // 7.3.2 exempts the VIID
		{"VIIC_Flak", "1942-01", "", []int{5, 6}, "caribbean"},                        // 7.3.2 (rule)
		{"VIIC_Flak", "1942-01", "flak_boat_caribbean=card", []int{5, 6}, "atlantic"}, // card note 3
		{"VIIB", "1939-09", "", []int{1, 1}, "spanish_coast"},                         // column 1939-09..1940-03, roll 2
		{"VIIB", "1943-06", "", []int{1, 2}, "atlantic_W"},                            // column 1943-01..1943-06, roll 3
	}
	for _, c := range cases {
		s := bare(t, c.boat, c.month, c.rules)
		var got string
		run(t, s, c.faces, func() { got = s.rollP1() })
		if got != c.want {
			t.Errorf("%s %s %s %v: %s, want %s", c.boat, c.month, c.rules, c.faces, got, c.want)
		}
	}
}

// 7.3.3, 7.3.4, 7.3.6: the first Mediterranean patrol rolls the Bay of Biscay
// and then the Gibraltar table at -2; once based in the Med, plain Transit.
func TestFirstMediterraneanPatrol(t *testing.T) {
	s := bare(t, "VIIC", "1941-01", "")
	withPatrol(t, s, "mediterranean", 0)
	if !s.Patrol.FirstMed {
		t.Fatal("first Med patrol not recognised")
	}
	if s.mayAbortVoluntarily() {
		t.Fatal("7.3.3: no abort back to France without non-repairable damage")
	}
	s.Phase = phBoxEnter
	// Box 1 Bay of Biscay 3+4 = 7; box 2 Gibraltar 4+4 = 8 - 2 = 6; box 3 Med 5+1 = 6: none each.
	evs := runSteps(t, s, 3, 4, 4, 4, 5, 1)
	if r := findRoll(evs, "E1", "Bay of Biscay"); r == nil || r.Result != "none" {
		t.Fatalf("box 1 must roll the Bay of Biscay table:\n%s", dump(evs))
	}
	r := findRoll(evs, "E1", "Gibraltar")
	if r == nil || r.Total != 6 {
		t.Fatalf("box 2 must roll Gibraltar at -2:\n%s", dump(evs))
	}
	if v, ok := hasMod(r, "Gibraltar"); !ok || v != -2 {
		t.Fatalf("Gibraltar modifier %v", r.Modifiers)
	}
	if s.Patrol.Pos != 2 || !strings.Contains(strings.Join(optionKeysOf(s), " "), "abort") {
		t.Fatalf("past Gibraltar the boat may abort (to Italy): pos %d options %v", s.Patrol.Pos, optionKeysOf(s))
	}
	// 7.3.3: during the passage, non-repairable damage allows the abort back to France.
	s.Patrol.Pos = 1
	s.Boat.Hull = 1
	if !s.mayAbortVoluntarily() {
		t.Fatal("7.3.3: hull damage allows the abort")
	}
	// The patrol completes: the boat is based in the Mediterranean (7.3.4).
	s.Boat.Hull = 0
	s.Patrol.Pos = len(s.Patrol.Boxes) - 1
	s.Phase = phPatrolEnd
	runUntil(t, s, phLoadMix)
	if !s.Career.Med {
		t.Fatal("7.3.4: a completed Med patrol makes the Med permanent")
	}
	evs = runSteps(t, s)
	evs = append(evs, choose(t, s, "e6")...)
	evs = append(evs, choose(t, s, "f0a0")...)
	evs = append(evs, choose(t, s, "z0", 2, 2)...) // box 1 is now a plain transit box (4: none)
	if findRoll(evs, "E1", "Transit") == nil || findRoll(evs, "E1", "Bay of Biscay") != nil {
		t.Fatalf("later Med patrols roll plain Transit:\n%s", dump(evs))
	}
	if findRoll(evs, "P1", "") != nil {
		t.Fatal("7.3.4: no P1 roll while based in the Med")
	}
	if s.Patrol.Assignment != "mediterranean" || s.Patrol.FirstMed {
		t.Fatalf("assignment %s first %v", s.Patrol.Assignment, s.Patrol.FirstMed)
	}
}

// 7.3.3: aborting in the first Gibraltar box ends the patrol at once; from the
// second box the boat sails back through the first.
func TestGibraltarAbort(t *testing.T) {
	s := bare(t, "VIIC", "1941-01", "")
	withPatrol(t, s, "mediterranean", 0)
	s.Boat.Hull = 1
	s.Phase = phProceed
	run(t, s, nil, func() { decisions[phProceed].answer(s, "abort") })
	if !s.Patrol.Ended || !s.Patrol.BackToFrance {
		t.Fatalf("ended %v back to France %v", s.Patrol.Ended, s.Patrol.BackToFrance)
	}
	s2 := bare(t, "VIIC", "1941-01", "")
	withPatrol(t, s2, "mediterranean", 1)
	s2.Boat.Hull = 1
	s2.Phase = phProceed
	run(t, s2, []int{3, 4}, func() {
		decisions[phProceed].answer(s2, "abort")
		for s2.Phase != phLoadMix {
			handlerFor(s2.Phase).step(s2)
		}
	})
	// It rolled in box 1 again (Bay of Biscay 7: none) and is home: the patrol ends.
	if s2.Career.Log[0].Result != "F" {
		t.Fatal("the aborted patrol is logged")
	}
	if s2.Career.Med {
		t.Fatal("an abort back to France does not base the boat in the Med")
	}
}

// 7.3.5: an Arctic assignment rolls 1d6 at once; 1-3 keeps the boat there.
func TestArcticPermanentAssignment(t *testing.T) {
	s := bare(t, "VIIC", "1941-07", "")
	s.Patrol = &Patrol{Assignment: "arctic"}
	evs := run(t, s, []int{3}, s.stepAssigned)
	if !s.Career.Arctic || findRoll(evs, "", "Permanent Arctic") == nil {
		t.Fatal("roll of 3 must keep the boat in the Arctic")
	}
	s.Career.NextPatrol = s.Career.Month + 3
	run(t, s, nil, s.stepAssign)
	if s.Patrol.Assignment != "arctic" {
		t.Fatal("7.3.5: later patrols are Arctic without a P1 roll")
	}
	s2 := bare(t, "VIIC", "1941-07", "")
	s2.Patrol = &Patrol{Assignment: "arctic"}
	run(t, s2, []int{4}, s2.stepAssigned)
	if s2.Career.Arctic {
		t.Fatal("a 4 does not keep the boat in the Arctic")
	}
}

// 7.3.6: "Transit (Bay of Biscay)" boxes roll Transit before July 1940.
func TestBayOfBiscayFromJuly1940(t *testing.T) {
	for _, c := range []struct {
		month, table string
	}{{"1940-06", "Transit"}, {"1940-07", "Bay of Biscay"}} {
		s := bare(t, "VIIB", c.month, "")
		withPatrol(t, s, "atlantic", 0)
		s.Phase = phBoxEnter
		evs := runSteps(t, s, 4, 4)
		if r := findRoll(evs, "E1", c.table); r == nil {
			t.Errorf("%s: want the %s table:\n%s", c.month, c.table, dump(evs))
		}
	}
}

// 7.3.7, 8.2.3: North America and the Caribbean share the track, with their own
// E1 columns, and both identify ships on T4 (1d20).
func TestNorthAmericaAndCaribbeanUseT4(t *testing.T) {
	s := bare(t, "IXC", "1942-03", "")
	withPatrol(t, s, "caribbean", 4)
	s.Phase = phBoxEnter
	// Caribbean column: 9 = tanker; T4 tanker 5 (Empire Gem 8100); day (2).
	evs := runSteps(t, s, 4, 5, 5, 2)
	if r := findRoll(evs, "E1", "Caribbean"); r == nil || r.Result != "tanker" {
		t.Fatalf("Caribbean column:\n%s", dump(evs))
	}
	if r := findRoll(evs, "T4", ""); r == nil || !strings.Contains(r.Result, "Empire Gem") {
		t.Fatalf("T4:\n%s", dump(evs))
	}
	if s.Enc.Escorted {
		t.Fatal("8.1.3: a tanker is unescorted")
	}
}

// 7.2.2, 7.2.3: a wolfpack convoy rolls the escorts' status; an inoperable radio cancels it.
func TestWolfpackEscortStatus(t *testing.T) {
	for _, c := range []struct {
		face  int
		radio Status
		want  int
	}{{3, OK, -1}, {6, OK, 1}, {6, Damaged, 1}, {0, Inoperable, 0}} {
		s := bare(t, "VIIC", "1942-08", "")
		withPatrol(t, s, "atlantic_W", 3)
		s.Boat.Sys[sysRadio] = c.radio
		encounter(t, s, "convoy", true, true, "large_freighter:7000", "small_freighter:3000", "tanker:9000", "small_freighter:4000")
		var faces []int
		if c.face > 0 {
			faces = []int{c.face}
		}
		run(t, s, faces, s.beginAttack)
		if s.Enc.Wolfpack != c.want {
			t.Errorf("face %d radio %s: modifier %d, want %d", c.face, c.radio, s.Enc.Wolfpack, c.want)
		}
	}
}

// 7.4.1, 7.4.3, 7.4.4: the agent is delivered when a roll in the Mission box
// brings no encounter; an aircraft is fought first (with A1 -1 there).
func TestAbwehrAgentDelivery(t *testing.T) {
	s := bare(t, "IXB", "1942-02", "")
	withPatrol(t, s, "north_america_A", 4)
	if s.Crew.Agent == nil || s.Patrol.Boxes[4] != "north_america_or_A" {
		t.Fatalf("agent %v box %s", s.Crew.Agent, s.Patrol.Boxes[4])
	}
	s.Phase = phBoxEnter
	// Special missions table: 2+2 = 4 aircraft. A1 3+4 = 7, -1 mission box, -1 Type IX,
	// -1 1942 = 4: one attack... keep it simple: 6+6 = 12 - 3 = 9, crash dive. Then 3+3 = 6: no encounter.
	evs := runSteps(t, s, 2, 2, 6, 6, 3, 3)
	a1 := findRoll(evs, "A1", "")
	if a1 == nil {
		t.Fatalf("no A1 roll:\n%s", dump(evs))
	}
	if v, ok := hasMod(a1, "special mission"); !ok || v != -1 {
		t.Fatalf("7.4.3: A1 -1 in the Mission box, got %v", a1.Modifiers)
	}
	if !s.Patrol.MissionDone || s.Crew.Agent != nil {
		t.Fatal("the agent must be delivered after a roll with no encounter")
	}
	// 7.4.4: the mission's success decides the patrol, not ships sunk.
	s.Patrol.Pos = len(s.Patrol.Boxes) - 1
	s.Phase = phPatrolEnd
	runUntil(t, s, phLoadMix)
	if s.Career.Successes != 1 {
		t.Fatal("7.4.4: a delivered agent makes the patrol a success")
	}
}

// 7.4.2, 11.4.6: mines fill the tubes (load -5 for a VII); the VIID keeps its torpedoes.
func TestMinelayingLoads(t *testing.T) {
	s := bare(t, "VIIC", "1940-12", "")
	withPatrol(t, s, "british_isles_M", 0)
	if s.loadCount() != 9 || s.Boat.Fwd[0] != Mine || s.Boat.Aft[0] != Mine {
		t.Fatalf("VIIC minelaying load %d, tubes %v %v", s.loadCount(), s.Boat.Fwd, s.Boat.Aft)
	}
	d := bare(t, "VIID", "1942-01", "")
	withPatrol(t, d, "british_isles", 0)
	if d.Patrol.Mission != "minelaying" || d.Boat.ShaftMines != 15 || d.torpedoesAboard() != 14 {
		t.Fatalf("VIID: mission %q shafts %d torpedoes %d", d.Patrol.Mission, d.Boat.ShaftMines, d.torpedoesAboard())
	}
}

// 7.4.5, 12.1.7: no random event in the Mission box: a natural 12 is the table's result.
func TestNoRandomEventInTheMissionBox(t *testing.T) {
	s := bare(t, "VIIC", "1941-02", "")
	withPatrol(t, s, "british_isles_M", 2)
	s.Phase = phBoxEnter
	evs := runSteps(t, s, 6, 6) // 12 on the special missions table: no encounter, mines laid
	if findRoll(evs, "R1", "") != nil || !s.Patrol.MissionDone {
		t.Fatalf("natural 12 in the Mission box:\n%s", dump(evs))
	}
}

// 8.1.1: an "x3" box rolls three times.
func TestX3BoxRollsThreeTimes(t *testing.T) {
	s := bare(t, "IXC", "1941-06", "")
	withPatrol(t, s, "atlantic", 4)
	if s.Patrol.Rolls[4] != 3 {
		t.Fatalf("IXC Atlantic box 5 is x3, got %d", s.Patrol.Rolls[4])
	}
	s.Phase = phBoxEnter
	evs := runSteps(t, s, 2, 2, 2, 3, 5, 5) // 4, 5, 10: none, none, none
	n := 0
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Chart == "E1" {
			n++
		}
	}
	if n != 3 {
		t.Fatalf("%d encounter rolls, want 3", n)
	}
}

// 8.1.3, 8.2.1: a convoy is four escorted ships, each sized on 1d6.
func TestConvoyIsFourEscortedShips(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	// sizes 1, 4, 6, 3; T1 0,5 (05), T2 1,0 (10), T3 2,0 (20), T1 10,10 (00 = 100); day 2
	run(t, s, []int{1, 4, 6, 3, 10, 5, 1, 10, 2, 10, 10, 10, 2}, func() { s.startShips("convoy") })
	e := s.Enc
	if len(e.Targets) != 4 || !e.Escorted {
		t.Fatalf("%d targets, escorted %v", len(e.Targets), e.Escorted)
	}
	kinds := []string{"small_freighter", "large_freighter", "tanker", "small_freighter"}
	rolls := []int{5, 10, 20, 100}
	for i, tg := range e.Targets {
		if tg.Kind != kinds[i] || tg.Roll != rolls[i] {
			t.Errorf("target %d: %s roll %d, want %s roll %d", i, tg.Kind, tg.Roll, kinds[i], rolls[i])
		}
	}
	// 8.1.3: a single ship has no escort.
	run(t, s, []int{2, 1, 1, 5}, func() { s.startShips("ship") })
	if s.Enc.Escorted || len(s.Enc.Targets) != 1 {
		t.Fatal("a Ship result is one unescorted ship")
	}
}

// 8.3.2: switching to night loses contact on 5-6, and is not offered against an
// undamaged capital ship (9.7.4).
func TestSwitchToNight(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	encounter(t, s, "ship_escort", true, false, "large_freighter:7000")
	s.Phase = phEngage
	choose(t, s, "night", 3)
	if !s.Enc.Night || s.Phase != phEngage {
		t.Fatal("a 3 switches to night")
	}
	s.Enc.Night = false
	choose(t, s, "night", 5)
	if s.Enc != nil {
		t.Fatal("a 5 loses contact")
	}
	encounter(t, s, "capital_ship", true, false, "capital_ship:Nelson")
	s.Phase = phEngage
	if strings.Contains(strings.Join(optionKeysOf(s), " "), "night") {
		t.Fatal("no switch to night against an undamaged capital ship")
	}
}

// 8.3.5: Arctic day and night by month.
func TestArcticDayNight(t *testing.T) {
	for _, c := range []struct {
		month string
		faces []int
		night bool
	}{{"1941-06", nil, false}, {"1941-12", nil, true}, {"1942-02", []int{3}, true}, {"1942-04", []int{4}, false}, {"1942-08", []int{5}, true}, {"1942-10", []int{2}, false}} {
		s := bare(t, "VIIC", c.month, "")
		s.Patrol = &Patrol{Area: "arctic"}
		s.Enc = &Encounter{}
		run(t, s, c.faces, s.rollDayNight)
		if s.Enc.Night != c.night {
			t.Errorf("%s %v: night %v", c.month, c.faces, s.Enc.Night)
		}
	}
}

// 11.2.1: a Kapitänleutnant picks his patrol on 1d6 = 1, not while permanently in the Arctic.
func TestRankChoosesPatrol(t *testing.T) {
	s := bare(t, "VIIC", "1942-01", "")
	s.Career.Rank = 1
	run(t, s, []int{1}, s.stepAssign)
	if s.Phase != phChoose || len(s.Patrol.Candidates) == 0 {
		t.Fatalf("phase %s", s.Phase)
	}
	for _, k := range s.Patrol.Candidates {
		if k == "caribbean" || k == "west_african_coast" || k == "mediterranean" && false {
			t.Errorf("a Type VII may not choose %s (7.3.2)", k)
		}
	}
	s.Career.Rank = 1
	s.Career.Arctic = true
	run(t, s, nil, s.stepAssign)
	if s.Phase == phChoose {
		t.Fatal("no choice while permanently in the Arctic")
	}
}

// TestAssignmentLabels: the log sheet's words for P1's result keys (7.1.1).
func TestAssignmentLabels(t *testing.T) {
	for key, want := range map[string]string{
		"atlantic":          "Atlantic",
		"north_america_A":   "North America (A)",
		"british_isles_M":   "British Isles (M)",
		"west_africa_W":     "West Africa (W)",
		"mediterranean":     "Mediterranean",
		"arctic":            "Arctic",
		"caribbean_A":       "Caribbean (A)",
		"norway":            "Norway",
		"gibraltar_passage": "Gibraltar Passage",
	} {
		if got := assignmentLabel(key); got != want {
			t.Errorf("assignmentLabel(%q) = %q, want %q", key, got, want)
		}
	}
}

// 7.3.3 names the first Mediterranean patrol's Transit boxes whatever the
// mat: "treat the first Transit Box as Bay of Biscay ... The second Transit
// Box is rolled on the Add'l Round of Combat/Gibraltar Passage table ...
// (applying the Gibraltar -2 modifier)". A Type IX sent there under 14.10.1
// sails its mat's Atlantic track, whose second box is printed plain Transit;
// it still runs the Gibraltar Passage, and comes home to Italy (7.3.4), not
// through the Bay of Biscay.
func TestFirstMediterraneanPatrolOnABorrowedTrack(t *testing.T) {
	for _, boat := range []string{"IXB", "VIIC_Flak"} {
		s := bare(t, boat, "1941-06", "14.10")
		withPatrol(t, s, "mediterranean", 0)
		if !s.Patrol.FirstMed {
			t.Fatalf("%s: first Med patrol not recognised", boat)
		}
		s.Phase = phBoxEnter
		// Box 1 Bay of Biscay 3+4 = 7; box 2 Gibraltar 4+4 = 8 - 2 = 6; box 3 Med 5+1 = 6: none each.
		evs := runSteps(t, s, 3, 4, 4, 4, 5, 1)
		if r := findRoll(evs, "E1", "Bay of Biscay"); r == nil {
			t.Fatalf("%s: box 1 must roll the Bay of Biscay table:\n%s", boat, dump(evs))
		}
		r := findRoll(evs, "E1", "Gibraltar")
		if r == nil {
			t.Fatalf("%s: box 2 must roll the Gibraltar Passage (7.3.3):\n%s", boat, dump(evs))
		}
		if v, ok := hasMod(r, "Gibraltar"); !ok || v != -2 {
			t.Fatalf("%s: Gibraltar modifier %v", boat, r.Modifiers)
		}
		last := s.Patrol.Boxes[len(s.Patrol.Boxes)-1]
		if last == "transit_bob" {
			t.Fatalf("%s: a Mediterranean patrol ends in Italy, not through the Bay of Biscay: %v", boat, s.Patrol.Boxes)
		}
	}
}
