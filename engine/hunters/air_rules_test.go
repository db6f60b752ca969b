package hunters

import (
	"testing"
)

func airAt(t *testing.T, boat, month, rules string) *State {
	t.Helper()
	s := bare(t, boat, month, rules)
	withPatrol(t, s, "atlantic", 3)
	s.Enc = &Encounter{Type: "aircraft"}
	return s
}

// 9.8.1: A1 2d6 6+ crash dive; 2-5 one attack; 1 or less two; and its modifiers.
func TestAircraftEncounterTable(t *testing.T) {
	s := airAt(t, "IXB", "1943-02", "")
	s.Crew.Quality = Green
	s.Boat.Sys[sysDivePlanes] = Damaged
	// 6+6 = 12 -1 green -1 dive planes -1 Type IX -2 1943 = 7: crash dive.
	evs := run(t, s, []int{6, 6}, func() { s.startAir(false) })
	r := findRoll(evs, "A1", "")
	if r.Total != 7 || r.Result != "crash dive" || len(r.Modifiers) != 4 {
		t.Fatalf("A1 %+v", r)
	}
	e := bare(t, "VIIC", "1939-10", "")
	withPatrol(t, e, "atlantic", 3)
	e.Enc = &Encounter{Type: "aircraft"}
	e.Crew.Quality = Elite
	// 2+2 = 4 +1 elite +1 1939 = 6: crash dive.
	evs = run(t, e, []int{2, 2}, func() { e.startAir(false) })
	if r := findRoll(evs, "A1", ""); r.Total != 6 {
		t.Fatalf("A1 %+v", r)
	}
}

// 9.8.2, 9.8.3: one attack on E3 at +2 with one automatic crew injury; flak is
// simultaneous; "shot down" cancels a second attack.
func TestAirAttackAndFlak(t *testing.T) {
	s := airAt(t, "VIIC", "1941-03", "")
	// A1 1+1 = 2... two attacks need 1 or less: use 1941 VIIC: 1+1 = 2 -> one attack.
	// Flak A2 1+1 = 2: shot down. E3 1+1 = 2 +2 = 4: 1 hit; E4 3,2 minor.
	// Crew injury: who 3+3 = 6 crew, severity 1 LW.
	evs := run(t, s, []int{1, 1, 1, 1, 1, 1, 3, 2, 3, 3, 1}, func() { s.startAir(false); s.stepAirAttack() })
	e3 := findRoll(evs, "E3", "Air attack")
	if v, ok := hasMod(e3, "air attack"); !ok || v != 2 || len(e3.Modifiers) != 1 {
		t.Fatalf("E3 air %+v", e3)
	}
	if s.Crew.Generic[0].Health != LW {
		t.Fatal("9.8.2: one automatic crew injury")
	}
	if s.Phase != phCombatOver {
		t.Fatalf("shot down ends the encounter: %s", s.Phase)
	}
}

// 9.8.3, 9.8.4: no operable flak counts as a miss: the aircraft shadows and the
// Add'l Round table is rolled; an escort arriving has the previous-detection +1.
func TestNoFlakMeansShadowing(t *testing.T) {
	s := airAt(t, "VIIC", "1941-03", "")
	s.Boat.Sys[sysFlak20] = Damaged
	// A1 2+3 = 5: one attack. E3 1+1+2 = 4: 1 hit: E4 3,2 minor. Injury 3,3 crew / 1 LW.
	// Shadow: Add'l round 1+1 = 2: escort.
	run(t, s, []int{2, 3, 1, 1, 3, 2, 3, 3, 1, 1, 1}, func() { s.startAir(false); s.advance() })
	if !s.Enc.Escorted || !s.Enc.PrevDetect || s.Phase != phTestDepth {
		t.Fatalf("escort after a flak miss: %+v phase %s", s.Enc, s.Phase)
	}
}

// 9.8.5: the Type VIIA's 2cm is +1; a Type IX with both guns -1; with one out, 0.
func TestFlakModifiers(t *testing.T) {
	for _, c := range []struct {
		boat string
		out  int
		want int
	}{{"VIIA", -1, 1}, {"IXA", -1, -1}, {"IXA", sysFlak37, 0}} {
		s := airAt(t, c.boat, "1940-02", "a2_crew_modifier=rule")
		if c.out >= 0 {
			s.Boat.Sys[c.out] = Damaged
		}
		evs := run(t, s, []int{3, 3}, func() { s.fireFlak() })
		r := findRoll(evs, "A2", "")
		got := 0
		for _, m := range r.Modifiers {
			got += m.Value
		}
		if got != c.want {
			t.Errorf("%s out %d: %d, want %d (%v)", c.boat, c.out, got, c.want, r.Modifiers)
		}
	}
}

// 11.4.7: the VIIC Flak rolls A2 twice at -2, less 1 per inoperable flak system.
func TestFlakBoatFiresTwice(t *testing.T) {
	s := airAt(t, "VIIC_Flak", "1943-05", "a2_crew_modifier=rule")
	s.Boat.Sys[sysFlak37] = Inoperable
	evs := run(t, s, []int{4, 4, 6, 6}, func() {
		if got := s.fireFlak(); got != "miss" {
			t.Errorf("8-1 = 7 and 12-1 = 11: miss, got %s", got)
		}
	})
	n := 0
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Chart == "A2" {
			n++
			if v, _ := hasMod(e.Roll, "VIIC Flak"); v != -1 {
				t.Fatalf("modifier %v", e.Roll.Modifiers)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d A2 rolls, want 2", n)
	}
}

// 9.7.6: following damaged ships is automatic; 1d6 5-6 leaves them unescorted.
func TestFollowDamagedShips(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	e := encounter(t, s, "convoy", true, false, "large_freighter:7600", "small_freighter:4000", "tanker:9000", "small_freighter:3000")
	e.Targets[0].Damage, e.Targets[2].Damage = 1, 2
	s.Phase = phAfter
	choose(t, s, "follow_damaged", 5) // unescorted stragglers; pick which one
	if s.Phase != phFollowPick || s.Enc.Escorted {
		t.Fatalf("phase %s escorted %v", s.Phase, s.Enc.Escorted)
	}
	choose(t, s, "t2") // the tanker
	choose(t, s, "night")
	if len(s.Enc.Targets) != 1 || s.Enc.Targets[0].Kind != "tanker" || !s.Enc.Night || s.Phase != phEngage {
		t.Fatalf("after following: %+v", s.Enc)
	}
	// 9.7.8: the convoy cannot be followed again.
	if !s.Enc.ContactLost {
		t.Fatal("9.7.8")
	}
}

// 9.7.7: following the convoy, 1d6 1-4 gives four fresh targets; 5-6 loses it.
// 11.3.6: with the Diamonds it always succeeds.
func TestFollowConvoy(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	encounter(t, s, "convoy", true, false, "large_freighter:7600", "small_freighter:4000", "tanker:9000", "small_freighter:3000")
	s.Phase = phAfter
	choose(t, s, "follow", 5)
	if s.Enc != nil {
		t.Fatal("a 5 loses the convoy")
	}
	s.Career.Award = 4
	encounter(t, s, "convoy", true, false, "large_freighter:7600", "small_freighter:4000", "tanker:9000", "small_freighter:3000")
	s.Phase = phAfter
	// No follow roll; four sizes and identities, then day/night.
	choose(t, s, "follow", 1, 1, 1, 1, 1, 1, 1, 2, 1, 3, 1, 4, 5)
	if len(s.Enc.Targets) != 4 || s.Enc.Targets[0].Roll != 11 || !s.Enc.Night {
		t.Fatalf("fresh convoy: %+v", s.Enc.Targets)
	}
}

// 9.7.4: an undamaged capital ship cannot be followed.
func TestCapitalShipCannotBeFollowedUndamaged(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	withPatrol(t, s, "atlantic", 3)
	encounter(t, s, "capital_ship", true, false, "capital_ship:Barham")
	s.Phase = phAfter
	for _, k := range optionKeysOf(s) {
		if k == "follow" || k == "follow_damaged" {
			t.Fatal("no following an undamaged capital ship")
		}
	}
}
