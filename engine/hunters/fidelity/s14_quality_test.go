package fidelity

// Section 14 (optional rules 14.6 escort quality, 14.7 aircraft quality, 14.8
// evasive maneuvers), read from the rulebook alone.

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// rdHits is the number of E4 rolls among the events.
func rdHits(evs []engine.Event) int { return len(rolls(evs, "E4", "")) }

// rdQuality is the escort (14.6.1) or aircraft (14.7) quality roll.
func rdQuality(t *testing.T, evs []engine.Event, cs string) *engine.Roll {
	t.Helper()
	r := rdRolls(evs, cs)
	if len(r) != 1 {
		t.Fatalf("%d quality rolls (%s), want 1\n%s", len(r), cs, dump(evs))
	}
	return r[0]
}

// rdIndex is the position of the first event whose roll is on case cs.
func rdIndex(evs []engine.Event, cs string) int {
	for i, e := range evs {
		if e.Roll != nil && e.Roll.Case == cs {
			return i
		}
	}
	return -1
}

// 14.6.1: "Prior to rolling on the Escort Detection Chart [E2] for the first
// time during an encounter, roll 1d6 to determine the Escort Quality" — once
// per encounter. At medium range the quality die follows the salvo and comes
// before the first E2 roll; the second detection round rolls no quality.
func TestS14_6_1QualityOncePerEncounterBeforeTheFirstDetection(t *testing.T) {
	g := rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	evs := g.rdDepthCharged(rdSeq(rdMiss, []int{3}), rdSeq(rdDetect(1941), []int{1, 1}), rdEscape)
	q := rdQuality(t, evs, "14.6.1")
	if q.Natural != 3 || q.Result != "trained" || q.Dice != "1d6" {
		t.Fatalf("quality roll %+v", q)
	}
	if qi, ei := rdIndex(evs, "14.6.1"), rdIndex(evs, "9.6.7"); qi < 0 || ei < 0 || qi > ei {
		t.Fatalf("the quality roll (%d) does not precede the first detection roll (%d)\n%s", qi, ei, dump(evs))
	}
}

// 14.6.1's table: 1939-1941 Green 1, Trained 2-5, Veteran 6, Elite n/a;
// 1942-1943 Green 1, Trained 2-4, Veteran 5, Elite 6.
func TestS14_6_1QualityTableByYear(t *testing.T) {
	for _, c := range []struct {
		start string
		face  int
		want  string
	}{
		{"1941-03", 1, "green"}, {"1941-03", 5, "trained"}, {"1941-03", 6, "veteran"},
		{"1942-03", 1, "green"}, {"1942-03", 4, "trained"}, {"1942-03", 5, "veteran"}, {"1942-03", 6, "elite"},
	} {
		t.Run(c.start+"/"+c.want, func(t *testing.T) {
			p1 := rdP1Atlantic(t, c.start)
			g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": c.start, "kommandant": "K", "uboat": "U-1", "rules": "14.6"}, rdSeq([]int{2}, p1)...)
			g.rdSailTo(3, rdConvoy...)
			for _, k := range []string{"attack", "medium", "fwd", "t1"} {
				g.choose(k)
			}
			evs := g.choose("fire", rdSeq(rdMiss, []int{c.face})...)
			if q := rdQuality(t, evs, "14.6.1"); q.Result != c.want {
				t.Fatalf("%s quality roll of %d: %+v, want %s", c.start, c.face, q, c.want)
			}
		})
	}
}

// 14.6.1 with 9.2.2: the close-range approach roll is a roll "on the Escort
// Detection Chart" (9.2.2: "roll on the Escort Detection Chart [E2] (9.6)
// prior to firing"), so the quality is rolled before it; 14.6.3: "Green
// Escort: subtract 1 Hit from the Escort/Air Attack Chart [E3] result". A
// green escort (1) detects the boat at the approach (6+6 +1) and its attack
// (E3 7: 2 hits) does 1 hit.
func TestS14_6_1QualityRolledBeforeTheCloseRangeApproach(t *testing.T) {
	g := rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	g.choose("attack")
	evs := g.choose("close", 1, 6, 6, 3, 4, 3, 2)
	q := rdQuality(t, evs, "14.6.1")
	if q.Result != "green" {
		t.Fatalf("quality %+v", q)
	}
	if qi, ai := rdIndex(evs, "14.6.1"), rdIndex(evs, "9.2.2"); qi < 0 || ai < 0 || qi > ai {
		t.Fatalf("quality roll at %d, approach detection at %d: the quality must come first\n%s", qi, ai, dump(evs))
	}
	if n := rdHits(evs); n != 1 {
		t.Fatalf("a green escort's E3 7 after the approach: %d hits, want 1\n%s", n, dump(evs))
	}
}

// 14.6.3: "Elite Escort: ... plus favorable +1 modifier for Escort Detection
// [E2]"; 9.2.2: at the close-range approach "*Only* the year modifier and the
// Knight's Cross with Oakleaves and Swords modifier (-1) apply". An elite
// escort (1942, 6) has no +1 on the approach roll, and has it (with close
// range's +1) on the detection roll after firing.
func TestS14_6_3EliteNotOnTheApproachButAfterFiring(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1942-03", "kommandant": "K", "uboat": "U-1", "rules": "14.6"}, 5, 3, 5)
	g.rdSailTo(3, rdConvoy...)
	g.choose("attack")
	evs := g.choose("close", 6, 3, 3) // elite; approach 6 +2 1942 = 8: undetected
	approach := firstRoll(t, evs, "E2", "")
	if _, ok := modifier(approach, "elite"); ok || approach.Total != 8 {
		t.Fatalf("approach roll against an elite escort: %+v, want only +2 1942 = 8", approach)
	}
	for _, k := range []string{"submerged", "fwd", "t1"} {
		if g.offers(k) {
			g.choose(k)
		}
	}
	g.choose("fire", rdMiss...)
	evs = g.choose("hold_depth", rdEscape...)
	after := firstRoll(t, evs, "E2", "")
	if v, ok := modifier(after, "elite"); !ok || v != 1 {
		t.Fatalf("detection after firing against an elite escort: %+v, want +1 elite", after)
	}
}

// 14.6.3 Green: "subtract 1 Hit from the Escort/Air Attack Chart [E3]
// result. If the result was U-Boat Sunk, treat as 5 Hits instead." E3 7 (2
// hits): 1 E4 roll; a detection roll of 12+ (+1 on E3, 9.6.7) and E3 12 +1 =
// 13 (sunk): 5 E4 rolls and the boat survives.
func TestS14_6_3GreenEscortOneHitLessAndNotSunk(t *testing.T) {
	g := rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	evs := g.rdDepthCharged(rdSeq(rdMiss, []int{1}), rdSeq(rdDetect(1941), []int{3, 4, 3, 2}), rdEscape)
	if n := rdHits(evs); n != 1 {
		t.Fatalf("green escort, E3 7: %d hits, want 1\n%s", n, dump(evs))
	}

	g = rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	evs = g.rdDepthCharged(rdSeq(rdMiss, []int{1}), []int{6, 6, 6, 6, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2}, rdEscape)
	if g.outcome() != nil {
		t.Fatalf("a green escort sank the boat:\n%s", dump(evs))
	}
	if n := rdHits(evs); n != 5 {
		t.Fatalf("green escort, E3 13: %d hits, want 5\n%s", n, dump(evs))
	}
}

// 14.6.3 Veteran: "add 1 Hit to the Escort/Air Attack Chart [E3] result. If
// 5 Hits were scored, the U-Boat is instead sunk." E3 7: 3 hits; E3 12 (5
// hits): sunk.
func TestS14_6_3VeteranEscortOneHitMoreAndFiveSinks(t *testing.T) {
	g := rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	evs := g.rdDepthCharged(rdSeq(rdMiss, []int{6}), rdSeq(rdDetect(1941), []int{3, 4, 3, 2, 3, 2, 3, 2}), rdEscape)
	if n := rdHits(evs); n != 3 {
		t.Fatalf("veteran escort, E3 7: %d hits, want 3\n%s", n, dump(evs))
	}

	g = rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdSeq(rdMiss, []int{6})...)
	evs = g.choose("hold_depth", rdSeq(rdDetect(1941), []int{6, 6})...)
	if g.outcome() == nil || rdHits(evs) != 0 {
		t.Fatalf("a veteran escort's 5 hits did not sink the boat:\n%s", dump(evs))
	}
}

// 14.6.3 Elite: "same effect as Veteran Escort": one hit more (E3 7: 3 hits).
func TestS14_6_3EliteEscortOneHitMore(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1942-03", "kommandant": "K", "uboat": "U-1", "rules": "14.6"}, 5, 3, 5)
	g.rdSailTo(3, rdConvoy...)
	// 1942: detection 2+1 +2 +1 G7a +1 elite = 7: escape needs the natural 2;
	// use 3+3 = 6 +4 = 10: detected.
	evs := g.rdDepthCharged(rdSeq(rdMiss, []int{6}), []int{3, 3, 3, 4, 3, 2, 3, 2, 3, 2}, rdEscape)
	if n := rdHits(evs); n != 3 {
		t.Fatalf("elite escort, E3 7: %d hits, want 3\n%s", n, dump(evs))
	}
}

// 14.6.2: "Place the corresponding Escort Quality marker on the Escort space
// on the U-Boat Combat Mat": the combat mat (status view) shows it.
func TestS14_6_2QualityOnTheCombatMat(t *testing.T) {
	g := rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdSeq(rdMiss, []int{6})...)
	g.expect("hunters.test_depth")
	v := strings.ToLower(g.view("status"))
	i := strings.Index(v, "## combat mat")
	if i < 0 || !strings.Contains(v[i:], "veteran") {
		t.Fatalf("the combat mat does not show the veteran escort:\n%s", g.view("status"))
	}
}

// 14.6.1 with 9.7.7: "Note if Following a Ship + Escort or Two Ships + Escort
// you do not re-roll for ID (or Escort Quality if using Optional Rule 14.6)";
// a followed convoy is a fresh set of targets — "a new encounter" (9.7.9) —
// whose escorts are rolled for again before their first detection.
func TestS14_6_1FollowingConvoyRerollsShipPlusEscortDoesNot(t *testing.T) {
	g := rdVIIC41(t, "14.6")
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdSeq(rdMiss, []int{3})...)
	g.choose("hold_depth", rdEscape...)
	g.choose("follow")
	g.choose(g.keys()[0], rdSeq([]int{1}, []int{1, 1, 1, 1, 1, 2, 1, 1, 3, 1, 1, 4, 2})...)
	g.expect("hunters.engage")
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	evs := g.choose("fire", rdSeq(rdMiss, []int{6})...)
	if q := rdQuality(t, evs, "14.6.1"); q.Result != "veteran" {
		t.Fatalf("the followed convoy's escorts: %+v", q)
	}

	// Ship + Escort in the British Isles (P1 4 in 1941; E1 6).
	g = loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "K", "uboat": "U-1", "rules": "14.6"}, 2, 2, 2)
	if labels, _ := g.rdTrack(); labels[2] != "British Isles" {
		t.Fatalf("track %v", labels)
	}
	g.rdSailTo(3, 3, 3, 1, 1, 1, 2)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdSeq(rdMiss, []int{3})...)
	g.choose("hold_depth", rdEscape...)
	g.choose("follow")
	evs = g.choose(g.keys()[0], 1, 2) // follow 1: contact; day
	g.expect("hunters.engage")
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	evs = append(evs, g.choose("fire", rdMiss...)...)
	if len(rdRolls(evs, "14.6.1")) != 0 {
		t.Fatalf("a followed Ship + Escort rolled its escort quality again:\n%s", dump(evs))
	}
}

// rdAirAttack are the faces of an aircraft met in a Transit box (E1 3) by a
// Type VIIC in 1941-42 whose crash dive fails (A1 2+2 = 4, 3 in 1942: one
// attack), with aircraft quality q (14.7), a flak miss (A2 6+6), then E3
// e3a+e3b and the rest (E4 and E5 dice, the Add'l Round roll).
func rdAirAttack(q, e3a, e3b int, rest ...int) []int {
	return rdSeq([]int{1, 2, 2, 2, q, 6, 6, e3a, e3b}, rest)
}

// 14.7: "Should the U-Boat not successfully crash dive in time to evade
// aircraft attack (9.8.1), immediately check for Aircraft Quality before
// rolling on the Escort/Air Attack Chart [E3]". A crash dive (A1 6): no
// quality roll; a failed one (A1 4): quality, then E3 (2+2 +2 = 6: 1 hit).
func TestS14_7QualityOnlyWhenTheCrashDiveFails(t *testing.T) {
	g := rdVIIC41(t, "14.7")
	evs := g.rdSailTo(2, 1, 2, 3, 3)
	if len(rdRolls(evs, "14.7")) != 0 {
		t.Fatalf("a quality roll after a successful crash dive:\n%s", dump(evs))
	}

	g = rdVIIC41(t, "14.7")
	// 1 hit (E4 32 minor), the automatic injury (generic crew, LW), Add'l
	// Round 6+6: nothing.
	evs = g.rdSailTo(2, rdAirAttack(3, 2, 2, 3, 2, 3, 3, 1, 6, 6)...)
	q := rdQuality(t, evs, "14.7")
	if q.Result != "trained" || q.Dice != "1d6" {
		t.Fatalf("aircraft quality %+v", q)
	}
	if qi, ei := rdIndex(evs, "14.7"), rdIndex(evs, "9.8.2"); qi < 0 || ei < 0 || qi > ei {
		t.Fatalf("the quality roll (%d) does not precede the air attack (%d)\n%s", qi, ei, dump(evs))
	}
}

// 14.7's table (the same as 14.6.1's): 1939-1941 Green 1, Trained 2-5,
// Veteran 6; 1942-1943 Trained 2-4, Veteran 5, Elite 6. 14.7.3 Green:
// "subtract 1 Hit ... If the result was U-Boat Sunk, treat as 5 Hits";
// Veteran: "add 1 Hit ... If 5 Hits were scored, the U-Boat is instead
// sunk"; Elite: "same effect as Veteran Aircraft, plus automatic U-Boat Crew
// Injury is increased from one to two (9.8.2)".
func TestS14_7_3AircraftQualityEffects(t *testing.T) {
	// E4 32 (minor damage) for each hit; each automatic injury: generic crew, LW.
	minor := func(n int) []int {
		var out []int
		for i := 0; i < n; i++ {
			out = append(out, 3, 2)
		}
		return out
	}
	injury := []int{3, 3, 1}
	for _, c := range []struct {
		name, start string
		faces       []int
		quality     string
		hits        int
		injuries    int
		sunk        bool
	}{
		{"green 2 hits", "1941-03", rdAirAttack(1, 3, 3, rdSeq(minor(1), injury, []int{6, 6})...), "green", 1, 1, false},
		{"green sunk", "1941-03", rdAirAttack(1, 6, 5, rdSeq(minor(5), injury, []int{6, 6})...), "green", 5, 1, false},
		{"veteran 1 hit", "1941-03", rdAirAttack(6, 2, 2, rdSeq(minor(2), injury, []int{6, 6})...), "veteran", 2, 1, false},
		{"veteran 5 hits", "1941-03", rdAirAttack(6, 5, 5), "veteran", 0, 0, true},
		{"elite 1 hit", "1942-03", rdAirAttack(6, 1, 1, rdSeq(minor(2), injury, injury, []int{6, 6})...), "elite", 2, 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": c.start, "kommandant": "K", "uboat": "U-1", "rules": "14.7"}, rdSeq([]int{2}, rdP1Atlantic(t, c.start))...)
			evs := g.rdSailTo(2, c.faces...)
			if q := rdQuality(t, evs, "14.7"); q.Result != c.quality {
				t.Fatalf("quality %+v, want %s", q, c.quality)
			}
			if n := rdHits(evs); n != c.hits {
				t.Fatalf("%d hits, want %d\n%s", n, c.hits, dump(evs))
			}
			if n := len(rolls(evs, "E5", "who")); n != c.injuries {
				t.Fatalf("%d crew injuries, want %d\n%s", n, c.injuries, dump(evs))
			}
			if (g.outcome() != nil) != c.sunk {
				t.Fatalf("sunk = %v, want %v\n%s", g.outcome() != nil, c.sunk, dump(evs))
			}
		})
	}
}

// 14.7.2: "Place the corresponding Aircraft Quality marker on the Air Attack
// space on the U-Boat Combat Mat [U4]": a VIIC Flak deciding whether to fight
// on (11.4.7) sees the aircraft's quality on the combat mat.
func TestS14_7_2QualityOnTheCombatMat(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC_Flak", "start": "1943-05", "kommandant": "K", "uboat": "U-441", "rules": "14.7"}, 2, 3, 4, 4, 4)
	// Box 2: aircraft; A1 6 -2 = 4; quality 5 (veteran); flak misses; E3
	// 1+1 +2 +1 1943 = 5: 1 hit +1 veteran = 2 (E4 32, 32); injury LW.
	g.choose("sail", 1, 2, 3, 3, 5, 6, 6, 6, 6, 1, 1, 3, 2, 3, 2, 3, 3, 1)
	g.expect("hunters.flak_stay")
	v := strings.ToLower(g.view("status"))
	i := strings.Index(v, "## combat mat")
	if i < 0 || !strings.Contains(v[i:], "veteran") {
		t.Fatalf("the combat mat does not show the veteran aircraft:\n%s", g.view("status"))
	}
}

// 14.8 procedure and 14.8.1: the Kommandant picks 1-6 (1-2 left, 3-4 right,
// 5-6 straight), the escort's direction is rolled on 1d6; "If the Escort
// direction is different ... subtracts one Hit ... If the Escort direction
// matches ..., but the number is not the same, the U-Boat adds 1 Hit ... If
// the escort number rolled is identical ..., the U-Boat adds 3 Hits". The
// faces are chosen so that the E3 roll and the escort die give the same
// result in either order: 1 against 3,4,4 (E3 7 or 8: 2 hits, escort right):
// 1 hit; 1 against 2,2,2 (E3 4: 1 hit, escort left on 2): 2 hits; 3 against
// 3,3,3 (E3 6: 1 hit, escort on 3): 4 hits.
func TestS14_8_1EvasiveDirections(t *testing.T) {
	for _, c := range []struct {
		name  string
		pick  string
		faces []int
		hits  int
	}{
		{"different direction", "n1", []int{3, 4, 4}, 1},
		{"same direction", "n1", []int{2, 2, 2}, 2},
		{"same number", "n3", []int{3, 3, 3}, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := rdVIIC41(t, "14.8")
			g.rdSailTo(3, rdConvoy...)
			for _, k := range []string{"attack", "medium", "fwd", "t1"} {
				g.choose(k)
			}
			g.choose("fire", rdMiss...)
			g.choose("hold_depth", rdDetect(1941)...)
			g.expect("hunters.evasive")
			var hits []int
			for i := 0; i < c.hits; i++ {
				hits = append(hits, 3, 2)
			}
			evs := g.choose(c.pick, rdSeq(c.faces, hits)...)
			if n := rdHits(evs); n != c.hits {
				t.Fatalf("%d hits, want %d\n%s", n, c.hits, dump(evs))
			}
			if r := rdRolls(evs, "14.8"); len(r) != 1 || r[0].Dice != "1d6" {
				t.Fatalf("escort direction rolls %+v", r)
			}
		})
	}
}

// 14.8.2: "The U-Boat is not automatically sunk if the total number of Hits
// exceeds 5. Simply roll for each Hit separately on the U-Boat Damage Chart
// [E4]." E3 12 (5 hits) and the escort on the very number (+3): eight E4
// rolls, the boat afloat.
func TestS14_8_2EightHitsAreRolledNotSunk(t *testing.T) {
	g := rdVIIC41(t, "14.8")
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdMiss...)
	g.choose("hold_depth", rdDetect(1941)...)
	g.expect("hunters.evasive")
	evs := g.choose("n6", 6, 6, 6, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2)
	if n := rdHits(evs); n != 8 {
		t.Fatalf("%d hits, want 8\n%s", n, dump(evs))
	}
	if g.outcome() != nil {
		t.Fatalf("sunk by more than 5 hits:\n%s", dump(evs))
	}
}

// 14.8.4: "Evasive maneuvers are not possible if the U-Boat's Hydrophones
// are damaged (skip this rule in that instance)." The first attack damages
// the hydrophones (E4 61); the second attack comes without a pick.
func TestS14_8_4NoEvasionWithDamagedHydrophones(t *testing.T) {
	g := rdVIIC41(t, "14.8")
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdMiss...)
	g.choose("hold_depth", rdDetect(1941)...)
	g.expect("hunters.evasive")
	g.choose("n1", 3, 4, 4, 6, 1) // 1 hit: hydrophones
	if h := g.rdField("Hydrophones"); !strings.Contains(strings.ToLower(h), "damaged") {
		t.Fatalf("hydrophones %q", h)
	}
	g.expect("hunters.test_depth")
	// 3+3 +1 1941 +1 G7a +1 previous = 9: detected; E3 3+4 +1 hydrophones = 8: 2 hits.
	evs := g.choose("hold_depth", 3, 3, 3, 4, 3, 2, 3, 2)
	if g.kind() == "hunters.evasive" || len(rdRolls(evs, "14.8")) != 0 {
		t.Fatalf("evasive maneuvers with damaged hydrophones: %s\n%s", g.where(), dump(evs))
	}
	if n := rdHits(evs); n != 2 {
		t.Fatalf("%d hits, want 2\n%s", n, dump(evs))
	}
}

// 14.8: "When resolving escort depth charges": an air attack brings no pick.
func TestS14_8NotAgainstAircraft(t *testing.T) {
	g := rdVIIC41(t, "14.8")
	evs := g.rdSailTo(2, 1, 2, 2, 2, 6, 6, 2, 2, 3, 2, 3, 3, 1, 6, 6)
	if len(rdRolls(evs, "14.8")) != 0 {
		t.Fatalf("evasive maneuvers against an aircraft:\n%s", dump(evs))
	}
	g.expect("hunters.proceed")
}

// 14.7: the quality is checked once the crash dive fails — once for the
// aircraft, even when it attacks twice (A1 modified 1 or less, 9.8.1): 1943,
// A1 1+2 -2 = 1.
func TestS14_7OneQualityRollForTwoAttacks(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1943-03", "kommandant": "K", "uboat": "U-1", "rules": "14.7"}, 2, 3, 4)
	// Box 2: aircraft; A1 1; quality 3; flak miss; E3 1+1 +3 = 5: 1 hit (32),
	// injury LW; second attack E3 1+1 +3 = 5: 1 hit (32), injury LW; the
	// Add'l Round 6+6 -2 = 10: nothing.
	evs := g.rdSailTo(2, 1, 2, 1, 2, 3, 6, 6, 1, 1, 3, 2, 3, 3, 1, 1, 1, 3, 2, 3, 3, 1, 6, 6)
	if n := len(rolls(evs, "E3", "")); n != 2 {
		t.Fatalf("%d air attacks, want 2\n%s", n, dump(evs))
	}
	rdQuality(t, evs, "14.7")
}

// 14.0: "any combination can be adopted at the player's choosing": with
// 14.6 and 14.8 together a veteran escort's attack (E3 7 or 8: 2 hits, +1)
// evaded in a different direction (-1) does 2 hits.
func TestS14_0EscortQualityAndEvasionTogether(t *testing.T) {
	g := rdVIIC41(t, "14.6,14.8")
	g.rdSailTo(3, rdConvoy...)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdSeq(rdMiss, []int{6})...)
	g.choose("hold_depth", rdDetect(1941)...)
	g.expect("hunters.evasive")
	evs := g.choose("n1", 3, 4, 4, 3, 2, 3, 2)
	if n := rdHits(evs); n != 2 {
		t.Fatalf("%d hits, want 2 (2 +1 veteran -1 evasion)\n%s", n, dump(evs))
	}
}
