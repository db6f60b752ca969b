package fidelity

// Section 9.8, aircraft encounters, read from the rulebook alone.

import (
	"strings"
	"testing"
)

// rbAircraftInBiscay starts the set-up's career and loads; box 1 (Bay of
// Biscay, or Transit before Jul-40) rolls enc for its encounter and then
// faces follow for the aircraft. edit, when not nil, changes the boat first.
func rbAircraftInBiscay(t *testing.T, s rbSetup, edit func(g *game), enc [2]int, faces ...int) (*game, []string) {
	t.Helper()
	g := rbCareer(t, s)
	if edit != nil {
		edit(g)
	}
	n := len(g.all)
	g.rbLoad(cat(s.assign, enc[:], faces)...)
	r := rolls(g.all[n:], "E1", "Encounter")
	if len(r) != 1 || r[0].Result != "aircraft" {
		t.Fatalf("box 1: %+v, want an aircraft", r)
	}
	var charts []string
	for _, r := range rolls(g.all[n:], "", "") {
		if r.Chart != "P1" { // the assignment, rolled with the load (6.1)
			charts = append(charts, r.Chart)
		}
	}
	return g, charts
}

// 9.8.1: "If a modified 6 or more is rolled, there is no air attack ... which
// ends the encounter; the U-Boat does not fire Flak. If a modified 5 or less
// is rolled, one or possibly even two attacks must be resolved"; A1: 1 or
// less, two attacks. 9.8.3: "If the aircraft is “Damaged,” any second attack
// still occurs. However, the encounter ends following the second air attack."
func TestS9_8_1CrashDiveOrAttacks(t *testing.T) {
	t.Run("6: crash dive", func(t *testing.T) {
		g, charts := rbAircraftInBiscay(t, rbVIIC41, nil, [2]int{2, 2}, 3, 3)
		if got := strings.Join(charts, " "); got != "E1 A1" {
			t.Fatalf("rolls %q, want E1 A1 only", got)
		}
		g.expect("hunters.proceed")
	})
	t.Run("5: one attack", func(t *testing.T) {
		// A1 2+3; flak 2+2 = 4: damaged; E3 1+1 +2 = 4: one hit, E4 33; the
		// automatic crew injury: who 6, LW.
		g, charts := rbAircraftInBiscay(t, rbVIIC41, nil, [2]int{2, 2}, 2, 3, 2, 2, 1, 1, 3, 3, 3, 3, 1)
		if got := strings.Join(charts, " "); got != "E1 A1 A2 E3 E4 E5 E5" {
			t.Fatalf("rolls %q", got)
		}
		g.expect("hunters.proceed")
	})
	t.Run("1: two attacks", func(t *testing.T) {
		// 1943: Biscay 2+2 -2; A1 1+2 -2 = 1; flak damaged; two attacks, one
		// flak roll (9.8.7).
		g, charts := rbAircraftInBiscay(t, rbVIIC43, nil, [2]int{2, 2}, 1, 2, 2, 2,
			1, 1, 3, 3, 3, 3, 1, 1, 1, 3, 3, 3, 3, 1)
		if got := strings.Join(charts, " "); got != "E1 A1 A2 E3 E4 E5 E5 E3 E4 E5 E5" {
			t.Fatalf("rolls %q", got)
		}
		rbRoll(t, firstRoll(t, g.all, "A1", ""), 3, 1, "two")
		g.expect("hunters.proceed")
	})
}

// 9.8.1 with A1's modifiers: "+1 1939, -1 1942, -2 1943, -1 Type VIID or IX,
// -1 green crew, +1 elite crew". Each case makes a modified 6: crash dive.
func TestS9_8_1AircraftEncounterModifiers(t *testing.T) {
	cases := []struct {
		name   string
		s      rbSetup
		edit   func(g *game)
		enc    [2]int
		a1     [2]int
		reason string
		drm    int
	}{
		{"1939", rbVIIA39, nil, [2]int{1, 1}, [2]int{2, 3}, "1939", 1},
		{"Type IX", rbIXB40, nil, [2]int{2, 2}, [2]int{3, 4}, "IX", -1},
		{"1942", rbVIIC42, nil, [2]int{2, 3}, [2]int{3, 4}, "1942", -1},
		{"elite crew", rbVIIC41, func(g *game) { g.rbCrewQuality(3) }, [2]int{2, 2}, [2]int{2, 3}, "elite", 1},
		{"green crew", rbVIIC41, func(g *game) { g.rbCrewQuality(0) }, [2]int{2, 2}, [2]int{3, 4}, "green", -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, _ := rbAircraftInBiscay(t, c.s, c.edit, c.enc, c.a1[:]...)
			r := firstRoll(t, g.all, "A1", "")
			rbMod(t, r, c.reason, c.drm)
			rbRoll(t, r, c.a1[0]+c.a1[1], 6, "crash")
		})
	}
}

// 9.8.2: "resolve the combat by applying a +2 modifier on the Escort/Air
// Attack Chart [E3] (along with the 1943 +1 modifier, if applicable; no other
// modifiers apply) ... Furthermore, one U-Boat Crew Injury occurs
// automatically". Fuel tanks holed by the first attack (E4 66) add nothing to
// the second; each attack wounds a man (the per_attack ruling, default).
func TestS9_8_2AirAttackModifiers(t *testing.T) {
	g, _ := rbAircraftInBiscay(t, rbVIIC43, nil, [2]int{2, 2}, 1, 2, 2, 2,
		1, 1, 6, 6, 3, 3, 1, // attack 1: one hit, fuel tanks; crew LW
		1, 1, 3, 3, 3, 3, 1, // attack 2: one hit, hull; crew LW
		1) // the fuel tanks' repair
	es := rolls(g.all, "E3", "")
	if len(es) != 2 {
		t.Fatalf("E3 rolls %d", len(es))
	}
	for _, e := range es {
		if len(e.Modifiers) != 2 {
			t.Fatalf("air attack modifiers %+v, want +2 and 1943 only", e.Modifiers)
		}
		rbMod(t, e, "air", 2)
		rbMod(t, e, "1943", 1)
		rbRoll(t, e, 2, 5, "1")
	}
	if n := len(rolls(g.all, "E5", "who")); n != 2 {
		t.Fatalf("automatic crew injuries %d, want one per attack", n)
	}
}

// 9.8.3: "If the aircraft is “Shot Down,” any possible second air attack ...
// no longer occurs. Ignore the second air attack and the engagement ends." The
// fire is simultaneous: the first attack still comes.
func TestS9_8_3ShotDownCancelsTheSecondAttack(t *testing.T) {
	g, charts := rbAircraftInBiscay(t, rbVIIC43, nil, [2]int{2, 2}, 1, 2, 1, 1, 1, 1, 3, 3, 3, 3, 1)
	if got := strings.Join(charts, " "); got != "E1 A1 A2 E3 E4 E5 E5" {
		t.Fatalf("rolls %q, want one attack", got)
	}
	rbRoll(t, firstRoll(t, g.all, "A2", ""), 2, 2, "shot")
	g.expect("hunters.proceed")
}

// 9.8.3: "If the Flak fire result is a “Miss,” the enemy aircraft shadows the
// U-Boat ... the engagement continues by consulting the Add'l Round of Combat
// table ... an escort arriving, which then rolls for detection ... escorts do
// receive the Previous Detection +1 modifier. New aircraft ... go immediately
// to the Escort/Air Attack Chart [E3] to resolve combat (the U-Boat is
// automatically detected). The U-Boat may not fire Flak during the second
// (and any subsequent) round".
func TestS9_8_3FlakMissShadows(t *testing.T) {
	// A1 5: one attack; flak 3+3 = 6: miss; E3 4: one hit, hull; crew LW.
	attack := []int{2, 3, 3, 3, 1, 1, 3, 3, 3, 3, 1}
	t.Run("an escort", func(t *testing.T) {
		g, _ := rbAircraftInBiscay(t, rbVIIC41, nil, [2]int{2, 2}, cat(attack, []int{1, 2})...)
		rbRoll(t, firstRoll(t, g.all, "E1", "Add'l"), 3, 3, "escort")
		g.expect("hunters.test_depth")
		r := firstRoll(t, g.choose("hold_depth", 2, 3), "E2", "")
		rbMod(t, r, "previous", 1)
		rbRoll(t, r, 5, 7, "undetected")
	})
	t.Run("another aircraft", func(t *testing.T) {
		// Add'l 2+2 = 4: aircraft: E3 at once (no A1, no flak); again one hit;
		// the next Add'l roll 3+3: nothing.
		g, charts := rbAircraftInBiscay(t, rbVIIC41, nil, [2]int{2, 2},
			cat(attack, []int{2, 2, 1, 1, 3, 3, 3, 3, 1, 3, 3})...)
		want := "E1 A1 A2 E3 E4 E5 E5 E1 E3 E4 E5 E5 E1"
		if got := strings.Join(charts, " "); got != want {
			t.Fatalf("rolls %q, want %q", got, want)
		}
		g.expect("hunters.proceed")
	})
}

// 9.8.4: "A Flak attack is not permitted if all the U-Boat's Flak guns are
// damaged and/or inoperable ... the Flak attack is considered a “Miss”, which
// results in an automatic check on the Add'l Round of Combat table". The
// VIIC's 2cm flak is knocked out in a first attack (E4 24) and its repair
// fails; the next aircraft meets no flak.
func TestS9_8_4NoFlakWithTheFlakGunsOut(t *testing.T) {
	g, _ := rbAircraftInBiscay(t, rbVIIC41, nil, [2]int{2, 2},
		2, 3, 5, 5, 1, 1, 2, 4, 3, 3, 1, // flak miss; one hit: flak guns; crew
		3, 3, // Add'l: nothing
		6) // the flak's repair fails
	if got := g.rbField("status", "2cm Flak"); !strings.Contains(strings.ToLower(got), "inoperable") {
		t.Fatalf("2cm Flak: %q", got)
	}
	// box 2 (Transit): 1+2 = 3: aircraft; A1 5; no flak; one hit; crew;
	// Add'l 3+3: nothing.
	evs := g.choose("sail", 1, 2, 2, 3, 1, 1, 3, 3, 3, 3, 1, 3, 3)
	var charts []string
	for _, r := range rolls(evs, "", "") {
		charts = append(charts, r.Chart)
	}
	if got := strings.Join(charts, " "); got != "E1 A1 E3 E4 E5 E5 E1" {
		t.Fatalf("rolls %q, want no flak and an Add'l round", got)
	}
}

// 9.8.5: "The 2cm Flak gun was poorly placed on the Type VIIA boats, so it
// receives a +1 modifier to hit ... Type IX boats were equipped with two Flak
// guns; if both are operational, it receives a -1 to hit modifier"; A2:
// "-1 veteran or elite crew".
func TestS9_8_5FlakModifiers(t *testing.T) {
	// A2 then: one attack (E3 1+1 +2: one hit, hull; crew LW).
	rest := []int{1, 1, 3, 3, 3, 3, 1}
	cases := []struct {
		name   string
		s      rbSetup
		edit   func(g *game)
		enc    [2]int
		a1     [2]int
		a2     [2]int
		reason string
		drm    int
	}{
		// 1939: A1 4 +1 = 5; flak 3 +1 = 4: damaged.
		{"VIIA", rbVIIA39, nil, [2]int{1, 1}, [2]int{2, 2}, [2]int{1, 2}, "VIIA", 1},
		// A1 4 -1 = 3; flak 4 -1 = 3: shot down.
		{"Type IX", rbIXB40, nil, [2]int{2, 2}, [2]int{2, 2}, [2]int{2, 2}, "IX", -1},
		// A1 5; flak 5 -1 = 4: damaged.
		{"veteran crew", rbVIIC41, func(g *game) { g.rbCrewQuality(2) }, [2]int{2, 2}, [2]int{2, 3}, [2]int{2, 3}, "veteran", -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, _ := rbAircraftInBiscay(t, c.s, c.edit, c.enc, cat(c.a1[:], c.a2[:], rest)...)
			r := firstRoll(t, g.all, "A2", "")
			rbMod(t, r, c.reason, c.drm)
			n := c.a2[0] + c.a2[1]
			rbRoll(t, r, n, n+c.drm, "")
			g.expect("hunters.proceed")
		})
	}
}

// 9.8.5: "If one has been knocked out, it fires with no modifier." A Type IX
// loses its 3.7cm (E4 26; the repair fails) and meets the next aircraft with
// the 2cm alone.
func TestS9_8_5TypeIXWithOneFlakGunOut(t *testing.T) {
	g, _ := rbAircraftInBiscay(t, rbIXB40, nil, [2]int{2, 2},
		2, 2, 2, 2, 1, 1, 2, 6, 3, 3, 1, // shot down; one hit: 3.7cm; crew
		6) // the repair fails
	// box 2 (Transit) 1+2: aircraft; A1 4-1; flak 2+2 = 4: damaged, no -1.
	evs := g.choose("sail", 1, 2, 2, 2, 2, 2, 1, 1, 3, 3, 3, 3, 1)
	r := firstRoll(t, evs, "A2", "")
	if len(r.Modifiers) != 0 {
		t.Fatalf("flak with one gun out: %+v, want no modifier", r.Modifiers)
	}
	rbRoll(t, r, 4, 4, "damaged")
}

// 9.8.6: "It's worth noting the unfavorable die roll modifiers when checking
// for Encounters [E1] for these named locations, including when rolling on the
// Add'l Round of Combat table. Patrols later in the game (1942, 1943) also
// increase the likelihood that an Aircraft Encounter may occur." In 1943 the
// shadowing aircraft's Add'l Round roll takes -2, and so does the Bay.
func TestS9_8_6LaterYearsBringMoreAircraft(t *testing.T) {
	// Biscay 2+3 -2 = 3: aircraft. A1 3+4 -2 = 5: one attack;
	// flak 5+5: miss; E3 1+1 +3 = 5: one hit; crew; Add'l 3+3 -2 = 4:
	// aircraft; E3 again; crew; Add'l 5+5 -2 = 8: nothing.
	g, _ := rbAircraftInBiscay(t, rbVIIC43, nil, [2]int{2, 3}, 3, 4, 5, 5,
		1, 1, 3, 3, 3, 3, 1, 3, 3, 1, 1, 3, 3, 3, 3, 1, 5, 5)
	bay := firstRoll(t, g.all, "E1", "Encounter")
	rbMod(t, bay, "1943", -2)
	adds := rolls(g.all, "E1", "Add'l")
	if len(adds) != 2 {
		t.Fatalf("Add'l rounds %d, want 2", len(adds))
	}
	rbMod(t, adds[0], "1943", -2)
	rbRoll(t, adds[0], 6, 4, "aircraft")
	rbRoll(t, adds[1], 10, 8, "none")
}

// 9.8.7: "Only the Type VIIC Flak U-Boat fires Flak after the first aircraft
// combat. All other U-Boat types dive after the initial aircraft attack and
// so do not fire again." A VIIC facing two attacks fires once and dives; a
// VIIC Flak may stay up and fire again (11.4.7).
func TestS9_8_7OnlyTheFlakBoatFiresAgain(t *testing.T) {
	g, _ := rbAircraftInBiscay(t, rbVIIC43, nil, [2]int{2, 2}, 1, 2, 5, 5,
		1, 1, 3, 3, 3, 3, 1, 1, 1, 3, 3, 3, 3, 1, 5, 5)
	if n := len(rolls(g.all, "A2", "")); n != 1 {
		t.Fatalf("a VIIC fired flak %d times", n)
	}
	g.expect("hunters.proceed")

	// The Flak boat sails at once (no load); box 1: 2+2 -2: aircraft; A1 1+2
	// -2: two attacks; two flak rolls (11.4.7), misses; two attacks.
	f := rbCareer(t, rbFlak43.withFaces(1, 3, 4, 2, 2, 1, 2, 5, 5, 5, 5,
		1, 1, 3, 3, 3, 3, 1, 1, 1, 3, 3, 3, 3, 1))
	f.expect("hunters.flak_stay")
	// it fights: two flak rolls (misses), the strafing's crew injury (who 6,
	// LW), no bombs (1d6 4), and the untouched aircraft shadows: Add'l 5+5 -2
	// = 8, nothing.
	evs := f.choose("fight", 5, 5, 5, 5, 3, 3, 1, 4, 5, 5)
	if n := len(rolls(evs, "A2", "")); n != 2 {
		t.Fatalf("the Flak boat fired %d flak rolls in its second round:\n%s", n, dump(evs))
	}
}

// 9.8.1 with A1's "-1 dive planes damaged": the planes, hit by a first
// aircraft (E4 15) and not repaired, slow the next crash dive.
func TestS9_8_1DamagedDivePlanesSlowTheCrashDive(t *testing.T) {
	g, _ := rbAircraftInBiscay(t, rbVIIC41, nil, [2]int{2, 2},
		2, 3, 2, 2, 1, 1, 1, 5, 3, 3, 1, // damaged aircraft; one hit: dive planes; crew
		6) // the repair fails
	// box 2 (Transit) 1+2: aircraft; A1 3+4 -1 = 6: crash dive.
	r := firstRoll(t, g.choose("sail", 1, 2, 3, 4), "A1", "")
	rbMod(t, r, "dive planes", -1)
	rbRoll(t, r, 7, 6, "crash")
}
