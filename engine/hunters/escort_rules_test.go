package hunters

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// detecting puts the boat in the detection cycle after a submerged day attack.
func detecting(t *testing.T, boat, month string) *State {
	t.Helper()
	s := bare(t, boat, month, "")
	withPatrol(t, s, "atlantic", 3)
	e := encounter(t, s, "convoy", true, false, "large_freighter:7600", "small_freighter:4000", "tanker:9000", "small_freighter:3000")
	e.Range, e.FiredRound, e.Round, e.CombatRound = "medium", true, 1, 1
	s.Phase = phDetect
	runSteps(t, s)
	return s
}

// 9.6.7: an unmodified 2 always escapes; a modified 12 detects and adds +1 to
// the depth-charge roll that follows.
func TestDetectionNatural2AndModified12(t *testing.T) {
	s := detecting(t, "VIIC", "1943-02") // +3 for 1943
	s.Boat.Sys[sysFuelTanks] = Damaged
	s.Boat.Sys[sysDivePlanes] = Damaged
	evs := choose(t, s, "hold_depth", 1, 1, 1, 1) // a natural 2 escapes whatever the modifiers; then both systems repaired
	if r := findRoll(evs, "E2", ""); r.Result != "undetected (natural 2)" {
		t.Fatalf("natural 2: %+v", r)
	}
	s = detecting(t, "VIIC", "1943-02")
	s.Enc.G7aByDay = true
	// 4+4 = 8 + 3 + 1 = 12: detected with +1; E3 3+3 = 6 + 1 (1943) + 1 (12) = 8: 2 hits,
	// E4 3,2 minor damage and 3,2 again; then back to the detection decision.
	evs = choose(t, s, "hold_depth", 4, 4, 3, 3, 3, 2, 3, 2)
	e3 := findRoll(evs, "E3", "")
	if v, ok := hasMod(e3, "detection roll of 12"); !ok || v != 1 || e3.Result != "2 hits" {
		t.Fatalf("E3 after a modified 12: %+v", e3)
	}
}

// 9.6.4, 9.6.5, 10.3.4: exceeding test depth costs a hull box, then 2d6 against
// the damaged hull boxes: greater gives -1 this round; equal costs another box and
// rolls again; less implodes the boat.
func TestExceedingTestDepth(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Boat.Hull = 1
	// Hull 2; roll 1+1 = 2 equal: hull 3, roll again 3+3 = 6 > 3: -1. Detection 3+4 = 7 +1 (1941) -1 = 7.
	evs := choose(t, s, "exceed", 1, 1, 3, 3, 3, 4)
	if s.Boat.Hull != 3 {
		t.Fatalf("hull %d, want 3", s.Boat.Hull)
	}
	r := findRoll(evs, "E2", "")
	if v, ok := hasMod(r, "exceeded test depth"); !ok || v != -1 {
		t.Fatalf("-1 after exceeding test depth: %v", r.Modifiers)
	}
	s = detecting(t, "VIIC", "1941-03")
	s.Boat.Hull = 4
	choose(t, s, "exceed", 1, 2) // hull 5; 3 < 5: the boat implodes
	if s.Over == nil || s.Career.Fate != "sunk" {
		t.Fatal("a roll under the damaged hull boxes implodes the boat")
	}
}

// 9.6.8: E3's escort modifiers (fuel tanks, hydrophones, batteries, each
// electric engine); 2-3 no damage; 13 or more sinks the boat.
func TestDepthChargeModifiersAndSinking(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	for _, i := range []int{sysFuelTanks, sysHydrophones, sysBatteries, sysElectric1, sysElectric2} {
		s.Boat.Sys[i] = Damaged
	}
	// Detection 4+4 = 8 +1 1941 +1 fuel = 10: detected. E3 4+4 = 8 + 5 = 13: sunk.
	evs := choose(t, s, "hold_depth", 4, 4, 4, 4)
	r := findRoll(evs, "E3", "")
	if r.Total != 13 || len(r.Modifiers) != 5 {
		t.Fatalf("E3 %+v", r)
	}
	if s.Over == nil {
		t.Fatal("13 or more sinks the boat")
	}
}

// 9.6.9: "x2" results count double but take one roll; 10.1.3: a round with
// flooding ends with the additional flooding check (5-6).
func TestDoubleResultsAndAdditionalFlooding(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	// Detection 5+5 = 10 +1 = 11: detected. E3 2+3 = 5: 1 hit; E4 5,4 = flooding x2;
	// additional flooding 5: +1.
	choose(t, s, "hold_depth", 5, 5, 2, 3, 5, 4, 5)
	if s.Boat.Flooding != 3 {
		t.Fatalf("flooding %d, want 3", s.Boat.Flooding)
	}
	s = detecting(t, "VIIC", "1941-03")
	s.Crew.LI.Experte = true
	// 6,5 hull x2; no flooding check. Then E4 on a second hit: 3,1 flooding; check 5 - 1 (Experte LI) = 4: none.
	choose(t, s, "hold_depth", 5, 5, 4, 4, 6, 5, 3, 1, 5)
	if s.Boat.Hull != 2 || s.Boat.Flooding != 1 {
		t.Fatalf("hull %d flooding %d", s.Boat.Hull, s.Boat.Flooding)
	}
}

// 10.1.2, 10.9.2, 10.9.3, 5.2.2: flooding on the last space forces a scuttle; a 12 loses the boat to capture.
func TestFloodingForcesScuttle(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Boat.Flooding = 7
	s.Crew.Kmdt.Health = SW
	// Detected 5+5; E3 2+3 = 1 hit: E4 1,2 flooding: 8 of 8. Scuttle 5+6 = 11 +1 (Kommandant SW) = 12: captured.
	choose(t, s, "hold_depth", 5, 5, 2, 3, 1, 2, 5, 6)
	if s.Over == nil || s.Career.Fate != "captured" || s.Over.Level != "defeat" {
		t.Fatalf("fate %s over %+v", s.Career.Fate, s.Over)
	}
}

// 9.6.10, 10.5.3, 10.6.2: crew injuries with stacking and command succession.
func TestCrewInjuriesAndSuccession(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	// who 2 = Kommandant, severity 4 = SW: the 1WO takes command.
	run(t, s, []int{1, 1, 4}, s.crewInjury)
	if s.Crew.Kmdt.Health != SW || s.inCommand() != cmd1WO {
		t.Fatal("Kommandant SW: the 1WO commands")
	}
	// who 3 = 1WO, LW then LW again = SW: the 2WO commands.
	run(t, s, []int{1, 2, 1, 1, 2, 2}, func() { s.crewInjury(); s.crewInjury() })
	if s.Crew.WO1.Health != SW || s.inCommand() != cmd2WO {
		t.Fatalf("1WO %s in command %d", s.Crew.WO1.Health, s.inCommand())
	}
	// 2WO KIA (10 = 5+5, severity 6): the LI commands and the boat aborts.
	run(t, s, []int{5, 5, 6}, s.crewInjury)
	if !s.Patrol.Aborting {
		t.Fatal("10.5.3: with the LI in command the boat aborts")
	}
	// Generic boxes absorb in order: fit first, then LW, then SW.
	g := detecting(t, "VIIC", "1941-03")
	run(t, g, []int{3, 3, 1}, g.crewInjury) // 6 = crew, LW
	run(t, g, []int{3, 4, 1}, g.crewInjury) // 7 = crew, LW on the next fit box
	if g.Crew.Generic[0].Health != LW || g.Crew.Generic[1].Health != LW {
		t.Fatalf("generic %v", g.Crew.Generic)
	}
	// An LW on an SW man has no effect (10.6.2).
	g.Crew.WO2.Health = SW
	run(t, g, []int{5, 5, 2}, g.crewInjury)
	if g.Crew.WO2.Health != SW {
		t.Fatal("LW on SW")
	}
	// Kommandant KIA ends the game (10.5.2).
	run(t, g, []int{1, 1, 6}, g.crewInjury)
	if g.Over == nil || g.Career.Fate != "killed" {
		t.Fatal("Kommandant KIA")
	}
}

// 10.6.3, 10.6.4: a damaged or absent system takes no more damage; "Flak Gun(s)" hits all.
func TestSystemDamage(t *testing.T) {
	s := detecting(t, "IXB", "1941-03")
	run(t, s, nil, func() { s.damageSystem("all_flak_guns") })
	if s.Boat.Sys[sysFlak20] != Damaged || s.Boat.Sys[sysFlak37] != Damaged {
		t.Fatal("10.6.4: all flak guns")
	}
	v := detecting(t, "VIIC", "1941-03")
	run(t, v, nil, func() { v.damageSystem("flak_37mm") })
	if v.Boat.Sys[sysFlak37] != OK {
		t.Fatal("10.6.3: a Type VII has no 3.7cm gun")
	}
	f := bare(t, "VIIC_Flak", "1943-05", "")
	run(t, f, nil, func() { f.damageSystem("flak_20mm") })
	if f.Boat.Sys[sysFlak20] != Damaged || f.Boat.Sys[sysFlak20b] != OK {
		t.Fatal("11.4.7: a 2cm Flak result knocks out one quad mount")
	}
}

// 10.7: repairs after combat: flooding pumped out, 1d6 per damaged system,
// Experte LI -1, LI SW +1; a failure makes the system inoperable.
func TestRepairs(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Boat.Flooding = 3
	s.Boat.Sys[sysBatteries] = Damaged // repair on 1-4
	s.Boat.Sys[sysRadio] = Damaged     // repair on 1-2
	s.Crew.LI.Experte = true
	s.Phase = phCombatOver
	evs := runSteps(t, s, 3, 5) // radio 3-1 = 2: repaired; batteries 5-1 = 4: repaired
	if s.Boat.Flooding != 0 || s.Boat.Sys[sysBatteries] != OK || s.Boat.Sys[sysRadio] != OK {
		t.Fatalf("after repairs: flooding %d %v\n%s", s.Boat.Flooding, s.Boat.Sys, dump(evs))
	}
	s = detecting(t, "VIIC", "1941-03")
	s.Boat.Sys[sysFuelTanks] = Damaged
	s.Crew.LI.Health = SW
	run(t, s, []int{2}, s.repairs) // 2 + 1 = 3 > 2: inoperable, abort (10.4.2)
	if s.Boat.Sys[sysFuelTanks] != Inoperable || !s.Patrol.Aborting {
		t.Fatal("failed fuel-tank repair must abort")
	}
}

// 10.2.1, 10.8.3, 10.9.4, 10.9.5: diesels.
func TestDiesels(t *testing.T) {
	s := detecting(t, "VIIC", "1941-03")
	s.Boat.Sys[sysDiesel1] = Damaged
	// Repair 5 > 4: inoperable: abort; home through box 2 (transit) with two rolls (7, 7: none), then box 1.
	s.Phase = phCombatOver
	var evs []engine.Event
	evs = run(t, s, []int{5, 3, 4, 3, 4, 3, 4, 3, 4}, func() {
		for s.Phase != phLoadMix {
			if h := handlerFor(s.Phase); h.step != nil {
				h.step(s)
			} else {
				decisions[s.Phase].answer(s, s.options(decisions[s.Phase])[0].Key)
			}
		}
	})
	if s.Career.Log[0].Note == "" {
		t.Fatal("an inoperable diesel aborts the patrol")
	}
	n := 0
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Chart == "E1" {
			n++
		}
	}
	if n != 4 {
		t.Fatalf("10.8.3: %d rolls in two boxes, want 4\n%s", n, dump(evs))
	}
	// Both inoperable far from base: scuttled; rescue 2d6 +4 radio inoperable: 4+3 = 11: lost.
	b := detecting(t, "VIIC", "1941-03")
	b.Boat.Sys[sysDiesel1] = Inoperable
	b.Boat.Sys[sysRadio] = Inoperable
	run(t, b, []int{4, 3}, func() { b.setInoperable(sysDiesel2) })
	if b.Over == nil || b.Career.Fate != "lost_at_sea" {
		t.Fatal("10.9.4: 11+ loses the crew")
	}
	// The diesel_repair ruling: inoperable at once.
	r := bare(t, "VIIC", "1941-03", "diesel_repair=inoperable_at_once")
	withPatrol(t, r, "atlantic", 3)
	run(t, r, nil, func() { r.damageSystem("diesel_engine_2") })
	if r.Boat.Sys[sysDiesel2] != Inoperable || !r.Patrol.Aborting {
		t.Fatal("ruling diesel_repair=inoperable_at_once")
	}
}
