package hunters

import (
	"strings"
	"testing"
)

// 4.1, 4.2.1, 5.1.1: setup refuses what the rules do not allow.
func TestSetupRefusals(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	for _, c := range []struct{ setup, want string }{
		{`{"boat":"VIIC","start":"1940-01"}`, "available from 1940-10"},
		{`{"boat":"VIIC","start":"1943-07"}`, "after 1943-06"},
		{`{"boat":"XXI"}`, "not one of"},
		{`{"boat":"VIIC","rules":"14.99"}`, "unknown optional rule"},
		{`{"boat":"VIIC","rules":"diesel_repair=maybe"}`, "has no value"},
		{`{"boat":"VIIC","colour":"red"}`, "unknown setup field"},
		{`not json`, "JSON object"},
	} {
		_, err := r.ParseSetup([]byte(c.setup))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.setup, err, c.want)
		}
	}
	su, err := r.ParseSetup([]byte(`{"boat":"IXB","uboat":"U103"}`))
	if err != nil || su.Start.String() != "1940-04" || su.UBoat != "U-103" {
		t.Fatalf("%+v %v", su, err)
	}
}

// 11.2.2, 4.4.2: starting rank by year; Type IX always Kapitänleutnant; Trained crew.
func TestStartingRank(t *testing.T) {
	for _, c := range []struct {
		boat, start string
		faces       []int
		rank        int
	}{
		{"VIIB", "1939-09", nil, 1}, {"IXA", "1939-09", nil, 1}, {"IXB", "1942-03", nil, 1},
		{"VIIC", "1940-10", []int{2}, 0}, {"VIIC", "1940-10", []int{3}, 1},
		{"VIIC", "1941-05", []int{3}, 0}, {"VIIC", "1941-05", []int{4}, 1},
		{"VIIC", "1942-05", []int{5}, 0}, {"VIIC", "1942-05", []int{6}, 1},
	} {
		// The first patrol's assignment rolls follow; stop before them by starting in port manually.
		s := bare(t, c.boat, c.start, "")
		s.Career.Rank = 0
		run(t, s, c.faces, s.startingRank)
		if s.Career.Rank != c.rank || s.Crew.Quality != Trained {
			t.Errorf("%s %s %v: rank %d", c.boat, c.start, c.faces, s.Career.Rank)
		}
	}
}

// 4.2.2: a VIIA still in service at 12/40 becomes a VIIC at refit, unless the option keeps it.
func TestVIIAUpgrade(t *testing.T) {
	for _, keep := range []bool{false, true} {
		rules := ""
		if keep {
			rules = "4.2.2-keep-viia"
		}
		s := bare(t, "VIIA", "1940-11", rules)
		withPatrol(t, s, "atlantic", 6)
		s.Phase = phPatrolEnd
		runUntil(t, s, phLoadMix)
		if got := s.Boat.Type; (got == "VIIC") == keep {
			t.Errorf("keep %v: boat %s", keep, got)
		}
	}
}

// 5.1.2, 5.2.2: a refit ending after June 1943 ends the game; victory by tonnage.
func TestGameEndsAfterJune1943(t *testing.T) {
	s := bare(t, "VIIC", "1943-05", "")
	withPatrol(t, s, "atlantic", 7)
	s.Career.Tons = 150000
	s.Career.Award, s.Career.AwardTonMark = 1, 150000 // already decorated: no award this refit
	s.Boat.Hull = 1                                   // two-month refit: next patrol Aug-43
	s.Career.PromotionDue = s.Career.Month + 12
	s.Phase = phPatrolEnd
	runSteps(t, s, 6) // the final promotion roll of 6/43 (11.2.3): 6 fails
	if s.Over == nil || s.Over.Level != "substantial_victory" || s.Career.Fate != "survived" {
		t.Fatalf("outcome %+v", s.Over)
	}
}

// 10.11: recovery: 1d6 months per SW man (Experte Doctor -1); longer than the
// refit means replacement and the loss of Experte (10.11.2); the boat waits for
// the Kommandant; 10.11.4: five months or more gives a new boat and crew.
func TestCrewRecovery(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 7)
	s.Crew.LI = Crewman{Health: SW, Experte: true}
	s.Crew.WO2 = Crewman{Health: SW, Experte: true}
	s.Crew.Doctor.Experte = true
	s.Refit = &RefitState{Return: s.Career.Month + 1, Months: 1}
	run(t, s, []int{3, 2}, s.crewRecovery) // 2WO 3-1 = 2 > 1: replaced; LI 2-1 = 1: back
	if s.Crew.WO2.Experte || s.Crew.LI.Health != Fit || !s.Crew.LI.Experte {
		t.Fatalf("2WO %+v LI %+v", s.Crew.WO2, s.Crew.LI)
	}
	k := bare(t, "VIIC", "1941-03", "")
	k.Crew.Kmdt.Health = SW
	k.Crew.LI.Experte = true
	k.Refit = &RefitState{Return: k.Career.Month + 1, Months: 1}
	run(t, k, []int{5}, k.crewRecovery)
	if k.Refit.NewBoat == "" || !k.Refit.NewCrew || k.Refit.Months != 5 {
		t.Fatalf("10.11.4: %+v", k.Refit)
	}
	// 10.11.3: all four generic boxes replaced: the crew drops a level (not below Trained).
	g := bare(t, "VIIC", "1941-03", "")
	g.Crew.Quality = Veteran
	for i := range g.Crew.Generic {
		g.Crew.Generic[i].Health = KIA
	}
	g.Refit = &RefitState{Return: g.Career.Month + 1, Months: 1}
	run(t, g, nil, g.crewRecovery)
	if g.Crew.Quality != Trained {
		t.Fatalf("quality %d", g.Crew.Quality)
	}
}

// 11.1.4-11.1.6: three failures in a row lower the crew; the Experte 1WO leaves on 6
// and an Experte 2WO steps up.
func TestCrewChanges(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 7)
	s.Career.FailedInRow = 3
	s.Crew.WO1.Experte = true
	s.Crew.WO2.Experte = true
	run(t, s, []int{6}, s.crewChanges)
	if s.Crew.Quality != Green || !s.Crew.WO1.Experte || s.Crew.WO2.Experte {
		t.Fatalf("crew %+v", s.Crew)
	}
}

// 11.3: the four grades of the Knight's Cross.
func TestDecorations(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	s.Career.Tons = 99000
	s.Career.CapitalKC = 1 // e.g. Barham sunk this patrol
	run(t, s, nil, s.decorations)
	if s.Career.Award != 1 || s.Career.Upgrades != 1 {
		t.Fatalf("11.3.1: award %d", s.Career.Award)
	}
	s.Career.Tons += 75000 // 11.3.2: 75,000 t since the Knight's Cross
	run(t, s, nil, s.decorations)
	if s.Career.Award != 2 {
		t.Fatalf("11.3.2: award %d", s.Career.Award)
	}
	s.Career.Tons = 250000 // 11.3.3 by total
	run(t, s, nil, s.decorations)
	if s.Career.Award != 3 {
		t.Fatalf("11.3.3: award %d", s.Career.Award)
	}
	s.Career.Tons += 50000 // 11.3.4: 50,000 t since the Swords
	run(t, s, nil, s.decorations)
	if s.Career.Award != 4 || s.awardName() != "Knight's Cross with Oakleaves, Swords and Diamonds" {
		t.Fatalf("11.3.4: award %d", s.Career.Award)
	}
}

// 11.4.3, 11.4.4, 11.4.5: an upgrade request: 1-3 granted; a limited boat needs 1-2 as well;
// no switching between Type VII and Type IX.
func TestUpgradeRequest(t *testing.T) {
	s := bare(t, "VIIB", "1942-02", "")
	withPatrol(t, s, "atlantic", 7)
	s.Career.Upgrades = 1
	s.Patrol.Targets = []LogTarget{{Name: "x", Tons: 3000, Sunk: true}}
	s.Phase = phPatrolEnd
	runSteps(t, s)
	keys := strings.Join(optionKeysOf(s), " ")
	if s.Phase != phUpgrade || strings.Contains(keys, "IX") || !strings.Contains(keys, "VIID") {
		t.Fatalf("phase %s options %s", s.Phase, keys)
	}
	run(t, s, []int{2, 5}, func() { decisions[phUpgrade].answer(s, "VIID") })
	if s.Refit.NewBoat != "VIIC" {
		t.Fatalf("a refused limited boat gives the newest standard model, got %q", s.Refit.NewBoat)
	}
}

// 12.1.1, 12.1.2, 12.1.5: the first natural 12 is a random event; only one per
// patrol; an ignored event leaves the trigger armed.
func TestRandomEventTrigger(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	s.Phase = phBoxEnter
	// Natural 12 → R1 5+6 = 11 severe storm: this and the next box are quiet.
	evs := runSteps(t, s, 6, 6, 5, 6)
	if r := findRoll(evs, "R1", ""); r == nil || r.Result != "severe storm" || !s.Patrol.RandomDone {
		t.Fatalf("R1:\n%s", dump(evs))
	}
	choose(t, s, "sail") // quiet box: no roll
	// The next natural 12 is the table's result (a convoy: sizes, identities, day).
	evs = choose(t, s, "sail", 6, 6, 1, 1, 1, 1, 1, 1, 1, 2, 1, 3, 1, 4, 1)
	if findRoll(evs, "R1", "") != nil || s.Enc == nil || s.Enc.Type != "convoy" {
		t.Fatal("12.1.2: one random event per patrol")
	}
	// Swim call only in the Caribbean, West Africa and the Med (12.1.4): ignored in the Atlantic, re-armed.
	a := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, a, "atlantic", 3)
	a.Phase = phBoxEnter
	runSteps(t, a, 6, 6, 6, 6)
	if a.Patrol.RandomDone {
		t.Fatal("12.1.5: an ignored event leaves the trigger armed")
	}
}

// R1 results with lasting effects (12.1.3): Superior Torpedoes and Hals und Beinbruch.
func TestRandomEventMarkers(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	run(t, s, []int{2, 3}, s.randomEvent)
	if !s.Patrol.Superior {
		t.Fatal("5: Superior Torpedoes")
	}
	s.Patrol.RandomDone = false
	run(t, s, []int{3, 4}, s.randomEvent)
	if s.Career.Hals != 1 {
		t.Fatal("7: Hals und Beinbruch")
	}
	// The marker is offered after an adverse detection roll and spent on a re-roll.
	d := detecting(t, "VIIC", "1941-03")
	d.Career.Hals = 1
	choose(t, d, "hold_depth", 5, 5) // 10 + 1: detected → offer
	if d.Phase != phHalsDetect {
		t.Fatalf("phase %s", d.Phase)
	}
	choose(t, d, "reroll", 1, 2) // 3 + 1 = 4: undetected
	if d.Career.Hals != 0 || d.Phase == phDC {
		t.Fatalf("hals %d phase %s", d.Career.Hals, d.Phase)
	}
}

// 6.1 step 3F, 10.10.4: once the refit is over the boat is made ready for
// the next patrol, whose month is the career's date while it loads (the
// assignment comes after the load).
func TestTheDateIsTheNextPatrolsWhileTheBoatLoads(t *testing.T) {
	s := bare(t, "VIIC", "1940-10", "")
	withPatrol(t, s, "atlantic", 7)
	s.Phase = phPatrolEnd
	runUntil(t, s, phLoadMix)
	if s.Patrol != nil || s.Career.NextPatrol.String() != "1940-12" || s.Career.Month != s.Career.NextPatrol {
		t.Fatalf("loading for the next patrol: date %s, next patrol %s, patrol %+v", s.Career.Month, s.Career.NextPatrol, s.Patrol)
	}
	v, err := s.View("status")
	if err != nil {
		t.Fatal(err)
	}
	var date string
	for _, sec := range v.Sections {
		for _, f := range sec.Fields {
			if f.Name == "Date" {
				date = f.Value
			}
		}
	}
	if date != "Dec-40" {
		t.Fatalf("status date %q while loading for the Dec-40 patrol", date)
	}
}
