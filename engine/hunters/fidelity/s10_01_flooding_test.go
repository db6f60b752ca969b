package fidelity

import (
	"strings"
	"testing"
)

// 10.0: "Damage results apply immediately (even before Repairs can be
// attempted, per 10.7) ... Example: damaged Dive Planes ... results in an
// immediate negative modifier for Escort Detection [E2]". Dive planes hit in
// round 1 give +1 to round 2's detection roll; the repair comes only after the
// boat escapes (10.7).
func TestS10_0DamagedDivePlanesCountAtOnce(t *testing.T) {
	g := underAttack(t, "")
	// E2 4+5 = 9 detected; E3 2+2 = 4: one hit; E4 15 dive planes.
	g.choose("hold_depth", 4, 5, 2, 2, 1, 5)
	g.wantField("status", "Dive planes", "damaged")
	// Round 2: E2 3+3 = 6, +1 previous detection, +1 dive planes = 8: undetected.
	// Repair of the dive planes: 1d6 = 1.
	evs := g.choose("hold_depth", 3, 3, 1)
	r := firstRoll(t, evs, "E2", "")
	if v, ok := modifier(r, "dive planes"); !ok || v != 1 {
		t.Fatalf("round 2 detection: dive planes modifier %d (found %v), want +1: %+v", v, ok, r)
	}
	if r.Total != 8 || r.Result != "undetected" {
		t.Fatalf("round 2 detection: total %d %q, want 8 undetected", r.Total, r.Result)
	}
	if rep := firstRoll(t, evs, "E5", "Dive planes"); rep.Result != "repaired" {
		t.Fatalf("dive planes repair on 1: %+v", rep)
	}
	g.wantField("status", "Dive planes", "OK")
}

// 10.0: "your Kommandant becoming severely wounded results in an immediate
// negative modifier for Escort Detection [E2]"; 10.5.3: "if the Kommandant
// becomes SW, the 1st Watch Officer (1WO) takes over the boat (resulting in a
// negative modifier for ... Escort Detection [E2])".
func TestS10_0KommandantSevereWoundCountsAtOnce(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 4: one hit; E4 13 crew injury: who 1+1 = 2 Kommandant, severity 4 = SW.
	g.choose("hold_depth", 4, 5, 2, 2, 1, 3, 1, 1, 4)
	g.wantField("status", "Kommandant", "SW")
	// Round 2: E2 3+2 = 5, +1 previous detection, +1 1WO in command = 7.
	evs := g.choose("hold_depth", 3, 2)
	r := firstRoll(t, evs, "E2", "")
	if r.Total != 7 {
		t.Fatalf("round 2 detection with the Kommandant SW: total %d, want 5+1+1 = 7: %+v", r.Total, r.Modifiers)
	}
	if v, _ := modifier(r, "previous"); r.Total-r.Natural-v != 1 {
		t.Fatalf("round 2 detection: modifiers %+v, want +1 for the Kommandant besides previous detection", r.Modifiers)
	}
}

// 10.1.1: "For the first Flooding Hit scored, place the Flooding marker in the
// first space ... For each additional Flooding Hit taken, advance the
// Flooding marker one space"; 10.6.1 "Flooding ... results are cumulative";
// 9.6.9 "x2" counts as two. 10.1.3: one additional-flooding roll follows the
// round, not one per flooding hit.
func TestS10_1_1FloodingAdvancesPerHitAndX2(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 4+4 = 8: two hits; E4 12 flooding, 54 flooding x2; 10.1.3 roll 4: none.
	evs := g.choose("hold_depth", 4, 5, 4, 4, 1, 2, 5, 4, 4)
	g.wantField("status", "Flooding", "3 of 8")
	if n := len(rolls(evs, "", "Additional flooding")); n != 1 {
		t.Fatalf("%d additional-flooding rolls after one round with two flooding hits, want 1\n%s", n, dump(evs))
	}
	if r := firstRoll(t, evs, "", "Additional flooding"); r.Natural != 4 || strings.Contains(r.Result, "more") {
		t.Fatalf("additional flooding on 4: %+v", r)
	}
	g.expect("hunters.test_depth")
}

// 10.1.3: "Roll 1d6 with a 5-6 resulting in additional flooding; immediately
// advance the Flooding marker one space ... On a roll of 4 or less, no
// additional flooding occurs."
func TestS10_1_3AdditionalFloodingOnFiveOrSix(t *testing.T) {
	for _, c := range []struct {
		face int
		want string
	}{{4, "1 of 8"}, {5, "2 of 8"}, {6, "2 of 8"}} {
		g := underAttack(t, "")
		// E2 9; E3 4: one hit; E4 21 flooding; 10.1.3 roll.
		evs := g.choose("hold_depth", 4, 5, 2, 2, 2, 1, c.face)
		if r := firstRoll(t, evs, "", "Additional flooding"); r.Total != c.face {
			t.Fatalf("additional flooding roll %d: %+v", c.face, r)
		}
		g.wantField("status", "Flooding", c.want)
	}
}

// 10.1.3: "Following any combat round in which the U-Boat sustained at least
// one Flooding damage result, the U-Boat must check for additional flooding."
// A round with only hull damage makes no check, though the Flooding marker is
// still on the track from the round before.
func TestS10_1_3NoFloodingCheckAfterARoundWithoutFlooding(t *testing.T) {
	g := underAttack(t, "")
	// Round 1: E2 9; E3 4: E4 12 flooding; check 4.
	g.choose("hold_depth", 4, 5, 2, 2, 1, 2, 4)
	// Round 2: E2 4+4 = 8 +1 previous = 9 detected; E3 4: E4 33 hull. No check.
	evs := g.choose("hold_depth", 4, 4, 2, 2, 3, 3)
	if n := len(rolls(evs, "", "Additional flooding")); n != 0 {
		t.Fatalf("a round without flooding made %d additional-flooding rolls\n%s", n, dump(evs))
	}
	g.wantField("status", "Flooding", "1 of 8")
	g.wantField("status", "Hull", "1 of 8")
}

// 10.1.3: "If your LI is KIA or SW, all additional flooding die rolls receive
// an unfavorable +1 modifier." The LI wounded in the same round counts.
func TestS10_1_3WoundedLIPlusOneOnAdditionalFlooding(t *testing.T) {
	for _, severity := range []int{4, 6} { // SW, KIA
		g := underAttack(t, "")
		// E2 9; E3 4+3 = 7: two hits; E4 12 flooding; E4 13 crew: who 2+2 = 4 LI, severity;
		// 10.1.3 roll 4 +1 = 5: one more flooding.
		evs := g.choose("hold_depth", 4, 5, 4, 3, 1, 2, 1, 3, 2, 2, severity, 4)
		r := firstRoll(t, evs, "", "Additional flooding")
		if v, ok := modifier(r, "LI"); !ok || v != 1 || r.Total != 5 {
			t.Fatalf("LI severity %d: additional flooding %+v, want 4 +1 LI = 5", severity, r)
		}
		g.wantField("status", "Flooding", "2 of 8")
	}
}

// 10.1.3: "if your LI is rated 'Experte,' you receive a -1 favorable die roll
// modifier": a 5 becomes 4, no additional flooding.
func TestS10_1_3ExperteLIMinusOneOnAdditionalFlooding(t *testing.T) {
	g, next := veteran(t, 1) // LI Experte
	g.escortedShipInBox3(next)
	// 1941: E2 4+4 = 8 +1 year = 9 detected; E3 4; E4 12 flooding; check 5 -1 = 4.
	evs := g.choose("hold_depth", 4, 4, 2, 2, 1, 2, 5)
	r := firstRoll(t, evs, "", "Additional flooding")
	if v, ok := modifier(r, "Experte"); !ok || v != -1 || r.Total != 4 {
		t.Fatalf("additional flooding with an Experte LI: %+v, want 5 -1 = 4", r)
	}
	g.wantField("status", "Flooding", "1 of 8")
}

// 10.1.3 after an air attack: the air attack is a combat round ("Following
// any combat round in which the U-Boat sustained at least one Flooding
// damage result"), so a flooding hit from an aircraft is checked too.
func TestS10_1_3AdditionalFloodingAfterAnAirAttack(t *testing.T) {
	// Flak 1+1 shot down; E3 2+2 +2 = 6: one hit; E4 12 flooding; automatic crew
	// injury: who 3+4 = 7 crew, severity 1 LW; 10.1.3 roll 6: one more flooding.
	_, evs := airAttacked(t, "", [2]int{1, 1}, [2]int{2, 2}, 1, 2, 3, 4, 1, 6)
	if n := len(rolls(evs, "", "Additional flooding")); n != 1 {
		t.Fatalf("%d additional-flooding rolls after an air attack with a flooding hit, want 1\n%s", n, dump(evs))
	}
}

// 10.1.2: "When the Flooding marker enters the final space of your Flooding
// Damage Track, the crew must blow ballast, immediately surface, and attempt
// to scuttle the U-Boat (10.9). ... ignore any remaining Hits that have not
// yet been resolved." 10.9.1: "if the Flooding Damage marker enters the last
// space ... the U-Boat must immediately surface so the crew can attempt to
// scuttle it." The VIIC track has 8 spaces; 10.9.2: a scuttle roll of
// 2-11 succeeds, "the crew is captured and become prisoners of war".
func TestS10_1_2FinalFloodingSpaceSurfacesAndScuttles(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 6+6 = 12: five hits; E4 54 x4 = 8 flooding; the fifth hit is not
	// rolled; scuttle 2d6 3+3 = 6.
	evs := g.choose("hold_depth", 4, 5, 6, 6, 5, 4, 5, 4, 5, 4, 5, 4, 3, 3)
	if n := len(rolls(evs, "E4", "")); n != 4 {
		t.Fatalf("%d E4 rolls, want 4 (the fifth hit is ignored)\n%s", n, dump(evs))
	}
	if n := len(rolls(evs, "", "Additional flooding")); n != 0 {
		t.Fatalf("additional flooding rolled after the boat surfaced\n%s", dump(evs))
	}
	r := rolls(evs, "", "cuttl")
	if len(r) != 1 || r[0].Natural != 6 || r[0].Result != "scuttled" {
		t.Fatalf("scuttle roll: %+v\n%s", r, dump(evs))
	}
	if g.outcome() == nil {
		t.Fatalf("the game goes on after scuttling: %s", g.where())
	}
	if f := g.outcomeField("fate"); f != "prisoner" {
		t.Fatalf("fate %q, want prisoner (10.9.2: the crew become prisoners of war)\n%+v", f, g.outcome())
	}
}

// 10.1.2 boundary: seven flooding on the 8-space VIIC track is not the final
// space; the boat fights on.
func TestS10_1_2SevenOfEightFloodingStaysSubmerged(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 12: five hits; 54 54 54 (6), 12 (7), 11 batteries; check 4.
	g.choose("hold_depth", 4, 5, 6, 6, 5, 4, 5, 4, 5, 4, 1, 2, 1, 1, 4)
	g.wantField("status", "Flooding", "7 of 8")
	g.expect("hunters.test_depth")
}

// 10.1.2 with 10.1.3: additional flooding that enters the final space forces
// the boat up to scuttle like a flooding hit.
func TestS10_1_2AdditionalFloodingIntoFinalSpaceScuttles(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 12: 54 54 54 12 (7) + 11 batteries; check 5 → 8: scuttle 2+2.
	evs := g.choose("hold_depth", 4, 5, 6, 6, 5, 4, 5, 4, 5, 4, 1, 2, 1, 1, 5, 2, 2)
	if r := rolls(evs, "", "cuttl"); len(r) != 1 || r[0].Result != "scuttled" {
		t.Fatalf("no scuttle after additional flooding filled the track\n%s", dump(evs))
	}
	if g.outcome() == nil {
		t.Fatal("the game goes on")
	}
}

// 10.1.2 on a Type IXB, whose Flooding track has 9 spaces (its Hull track 8):
// eight flooding keeps it down; the ninth forces it up to scuttle.
func TestS10_1_2TypeIXBFloodingTrackHasNineSpaces(t *testing.T) {
	g := ixb1940(t)
	g.escortedShipInBox3(ixb1940Assign)
	// E2 9; E3 11: four hits, 54 x4 = 8; check 4.
	g.choose("hold_depth", 4, 5, 5, 6, 5, 4, 5, 4, 5, 4, 5, 4, 4)
	g.wantField("status", "Flooding", "8 of 9")
	// Round 2: E2 4+4 +1 = 9; E3 4: E4 12, the ninth: scuttle 3+3.
	evs := g.choose("hold_depth", 4, 4, 2, 2, 1, 2, 3, 3)
	if r := rolls(evs, "", "cuttl"); len(r) != 1 || g.outcome() == nil {
		t.Fatalf("no scuttle at 9 of 9 flooding\n%s", dump(evs))
	}
}
