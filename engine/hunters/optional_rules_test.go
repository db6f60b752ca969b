package hunters

import (
	"encoding/json"
	"strings"
	"testing"
)

// 14.1: standard tonnage; capital ships still rolled on T5 (14.1.2).
func TestStandardTonnage(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "14.1")
	withPatrol(t, s, "atlantic", 3)
	run(t, s, []int{1, 4, 2}, func() { s.startShips("two_ships") }) // sizes, then day; no identity rolls
	if s.Enc.Targets[0].Tons != 3500 || s.Enc.Targets[1].Tons != 7000 {
		t.Fatalf("%+v", s.Enc.Targets)
	}
	run(t, s, []int{6, 2}, func() { s.startShips("capital_ship") })
	if s.Enc.Targets[0].Name != "Nelson" {
		t.Fatalf("14.1.2: %+v", s.Enc.Targets[0])
	}
}

// 14.2: three convoy targets.
func TestReducedConvoy(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "14.2")
	withPatrol(t, s, "atlantic", 3)
	run(t, s, []int{1, 1, 1, 1, 1, 1, 2, 1, 3, 2}, func() { s.startShips("convoy") })
	if len(s.Enc.Targets) != 3 {
		t.Fatalf("%d targets", len(s.Enc.Targets))
	}
}

// 14.3.2: a ship already sunk is rolled again.
func TestNoShipSunkTwice(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "14.3")
	withPatrol(t, s, "atlantic", 3)
	s.Career.Sunk = []string{"T1:57"}
	// size 1; T1 5,7 = 57 (sunk already): again 5,8 = 58; day 1.
	run(t, s, []int{1, 5, 7, 5, 8, 1}, func() { s.startShips("ship") })
	if s.Enc.Targets[0].Roll != 58 {
		t.Fatalf("roll %d", s.Enc.Targets[0].Roll)
	}
}

// 14.4: a historical number from the type's list.
func TestHistoricalUBoatID(t *testing.T) {
	s, events := newGame(t, map[string]string{"boat": "VIIA", "uboat": "historical"}, 3)
	// VIIA list U-27..36 (10 boats): d10 3 → index 3 → U-30. Then rank (1939:
	// automatic), and the set-up ends with the torpedo load (4.4.2).
	if s.Boat.Number != "U-30" {
		t.Fatalf("number %s", s.Boat.Number)
	}
	// 14.4.1: the digit is a roll the channel sees and the audit log numbers.
	if len(events) == 0 || events[0].Roll == nil || events[0].Roll.Case != "14.4.1" || events[0].Roll.Faces[0] != 3 {
		t.Fatalf("the historical number's die is not a logged roll: %v", events)
	}
}

// 14.6: escort quality before the first detection; green -1 hit, veteran +1, elite also +1 on E2.
func TestEscortQuality(t *testing.T) {
	s := bare(t, "VIIC", "1942-03", "14.6")
	withPatrol(t, s, "atlantic", 3)
	e := encounter(t, s, "convoy", true, false, "large_freighter:7600", "small_freighter:4000", "tanker:9000", "small_freighter:3000")
	e.Range, e.FiredRound, e.Round = "medium", true, 1
	s.Phase = phDetect
	runSteps(t, s, 6) // 1942: 6 = elite
	if e.Quality != "elite" {
		t.Fatalf("quality %s", e.Quality)
	}
	// E2 3+3 = 6 +2 1942 +1 elite = 9: detected; E3 2+3 = 5: 1 hit, +1 elite = 2 hits: E4 3,2 and 3,2 minor.
	evs := choose(t, s, "hold_depth", 3, 3, 2, 3, 3, 2, 3, 2)
	if _, ok := hasMod(findRoll(evs, "E2", "Escort detection"), "elite escort"); !ok {
		t.Fatal("14.6.3: elite +1 on E2")
	}
	if !strings.Contains(dump(evs), "one more hit") {
		t.Fatalf("veteran/elite +1 hit:\n%s", dump(evs))
	}
	// Green: 'U-boat sunk' becomes 5 hits.
	g := bare(t, "VIIC", "1942-03", "14.6")
	g.Enc = &Encounter{}
	var hits int
	var sunk bool
	run(t, g, nil, func() { hits, sunk = g.qualityHits("green", 0, true, "14.6.3", "escort") })
	if hits != 5 || sunk {
		t.Fatalf("green: %d %v", hits, sunk)
	}
	run(t, g, nil, func() { hits, sunk = g.qualityHits("veteran", 5, false, "14.6.3", "escort") })
	if !sunk {
		t.Fatalf("veteran 5 hits must sink: %d", hits)
	}
}

// 14.7.3: an elite aircraft inflicts two automatic crew injuries.
func TestElitAircraftTwoInjuries(t *testing.T) {
	s := bare(t, "VIIC", "1942-03", "14.7")
	withPatrol(t, s, "atlantic", 3)
	s.Enc = &Encounter{Type: "aircraft", AirQuality: "elite"}
	// E3 1+1 = 2 + 2 = 4: 1 hit, +1 elite = 2 hits (minor, minor); injuries 6 crew LW twice.
	run(t, s, []int{1, 1, 3, 2, 3, 2, 3, 3, 1, 3, 3, 1}, func() { s.airAttack("9.8.2") })
	if s.Crew.Generic[0].Health != LW || s.Crew.Generic[1].Health != LW {
		t.Fatalf("generic %v", s.Crew.Generic)
	}
}

// 14.8: evasive maneuvers: a different direction -1 hit, the same +1, the exact number +3;
// not with damaged hydrophones (14.8.4).
func TestEvasiveManeuvers(t *testing.T) {
	for _, c := range []struct {
		pick, escort, want int
	}{{1, 3, 0}, {1, 2, 2}, {5, 5, 4}} {
		s := bare(t, "VIIC", "1941-03", "14.8")
		withPatrol(t, s, "atlantic", 3)
		s.Enc = &Encounter{Evade: c.pick}
		var hits int
		run(t, s, []int{c.escort}, func() { hits, _ = s.evasive(1) })
		if hits != c.want {
			t.Errorf("pick %d escort %d: %d hits, want %d", c.pick, c.escort, hits, c.want)
		}
	}
	s := detecting(t, "VIIC", "1941-03")
	if err := s.Settings.Switch("14.8", true); err != nil {
		t.Fatal(err)
	}
	s.Boat.Sys[sysHydrophones] = Damaged
	choose(t, s, "hold_depth", 5, 5, 1, 1) // detected; no evasive decision; E3 2+1 = 3: none
	if s.Phase == phEvasive {
		t.Fatal("14.8.4")
	}
}

// 14.9: resupply after the last on-station box: 1d6 = 1, never forced, a Bay
// of Biscay roll, then back to the first on-station box with ammo refilled.
func TestResupplyAtSea(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "14.9")
	withPatrol(t, s, "atlantic", 5) // the last Atlantic box of the VIIC track
	s.Boat.Ammo = 2
	s.Phase = phBoxDone
	runSteps(t, s, 1)
	if s.Phase != phResupply {
		t.Fatalf("phase %s", s.Phase)
	}
	// Bay of Biscay 3+4 = 7: no encounter; torpedoes 3: two of each; then box 3 (first Atlantic) rolls 2+2.
	choose(t, s, "resupply", 3, 4, 3, 2, 2)
	if !s.Patrol.Resupplied || s.Boat.Ammo != 10 || s.Patrol.Pos != 2 {
		t.Fatalf("resupplied %v ammo %d pos %d", s.Patrol.Resupplied, s.Boat.Ammo, s.Patrol.Pos)
	}
	n := bare(t, "IXC", "1942-03", "14.9")
	withPatrol(t, n, "north_america", 7)
	n.Phase = phBoxDone
	runSteps(t, n)
	if n.Phase == phResupply {
		t.Fatal("14.9.1: no resupply off North America")
	}
}

// 14.11: undetected at close range against a convoy, the nearest ships are identified with +1 on size.
func TestConvoyPenetration(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "14.11")
	withPatrol(t, s, "atlantic", 3)
	e := encounter(t, s, "convoy", true, true, "small_freighter:3000", "small_freighter:3000", "small_freighter:3000", "small_freighter:3000")
	e.Range = "close"
	s.Phase = phPreDet
	// Undetected (2+3 +1 = 6). Each ship: size 5 +1 = 6 (tanker), then its T3 identity.
	evs := runSteps(t, s, 2, 3, 5, 1, 1, 5, 1, 2, 5, 1, 3, 5, 1, 4)
	for _, tg := range e.Targets {
		if tg.Kind != "tanker" {
			t.Fatalf("targets %+v\n%s", e.Targets, dump(evs))
		}
	}
	if len(s.Patrol.Targets) != 4 {
		t.Fatalf("log holds %d targets", len(s.Patrol.Targets))
	}
}

// Rulings are parsed by name=value and refused with a clear message otherwise.
func TestRulingsParse(t *testing.T) {
	set, err := ParseRules("14.6, diesel_repair=inoperable_at_once ,4.5.2")
	if err != nil || !set.On("14.6") || !set.On("4.5.2") || set.Ruling("diesel_repair") != "inoperable_at_once" || set.Ruling("injury_roll_11") != "li" {
		t.Fatalf("%+v %v", set, err)
	}
	for _, bad := range []string{"nonsense=1", "diesel_repair=sometimes", "15.1"} {
		if _, err := ParseRules(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// injury_roll_11=generic_crew: an 11 hits a generic box instead of the LI.
	s := bare(t, "VIIC", "1941-03", "injury_roll_11=generic_crew")
	run(t, s, []int{5, 6, 1}, s.crewInjury)
	if s.Crew.LI.Health != Fit || s.Crew.Generic[0].Health != LW {
		t.Fatalf("LI %s generic %s", s.Crew.LI.Health, s.Crew.Generic[0].Health)
	}
	// air_attack_injuries=per_encounter: the second attack adds no automatic injury.
	a := bare(t, "VIIC", "1941-03", "air_attack_injuries=per_encounter")
	withPatrol(t, a, "atlantic", 3)
	a.Enc = &Encounter{Type: "aircraft", AirInjured: true}
	run(t, a, []int{1, 1, 3, 2}, func() { a.airAttack("9.8.2") })
	for _, g := range a.Crew.Generic {
		if g.Health != Fit {
			t.Fatal("per_encounter: one injury per encounter")
		}
	}
	// damaged_periscope=no_effect allows a submerged attack with a damaged periscope.
	p := bare(t, "VIIC", "1941-03", "damaged_periscope=no_effect")
	p.Boat.Sys[sysPeriscope] = Damaged
	p.Enc = &Encounter{Escorted: true}
	if p.approachOptions()[0].Key != "submerged" {
		t.Fatal("ruling damaged_periscope=no_effect")
	}
	q := bare(t, "VIIC", "1941-03", "")
	q.Boat.Sys[sysPeriscope] = Damaged
	q.Enc = &Encounter{Escorted: true}
	if q.approachOptions()[0].Key != "break_off" {
		t.Fatal("default: a damaged periscope forbids a submerged day attack on escorts")
	}
}

// Settings are held by index but saved by name: the optional rules on, and
// every ruling's value (the defaults too, former.go), as games saved before
// were read; a saved state reads back to the same settings.
func TestSettingsAreSavedByName(t *testing.T) {
	set, err := ParseRules("14.6,14.10,diesel_repair=inoperable_at_once,hals_und_beinbruch=never")
	if err != nil {
		t.Fatal(err)
	}
	set.TwoPlayer = true
	b, err := json.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	var w struct {
		Optional  map[string]bool   `json:"optional"`
		Rulings   map[string]string `json:"rulings"`
		TwoPlayer bool              `json:"two_player"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	if len(w.Optional) != 2 || !w.Optional["14.6"] || !w.Optional["14.10"] || !w.TwoPlayer || len(w.Rulings) != len(Rulings) ||
		w.Rulings["diesel_repair"] != "inoperable_at_once" || w.Rulings["hals_und_beinbruch"] != "never" || w.Rulings["injury_roll_11"] != "li" {
		t.Fatalf("saved as %s", b)
	}
	var back Settings
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if again, _ := json.Marshal(back); string(again) != string(b) || back.String() != set.String() || back.String() != "14.6,14.10,diesel_repair=inoperable_at_once,hals_und_beinbruch=never" {
		t.Fatalf("read back as %s (%s), want %s (%s)", again, back.String(), b, set.String())
	}
	for _, bad := range []string{`{"optional":{"15.1":true}}`, `{"rulings":{"diesel_repair":"sometimes"}}`, `{"rulings":{"nonsense":"x"}}`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("%s read without complaint", bad)
		}
	}
}
