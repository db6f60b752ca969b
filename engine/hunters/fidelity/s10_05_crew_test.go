package fidelity

import (
	"fmt"
	"strings"
	"testing"
)

// 10.5.1: "The three possible results for crew injury are Light Wound (LW),
// Serious Wound (SW), and Killed in Action (KIA)"; 9.6.10 who (2d6), then
// severity (1d6: 1-3 LW, 4-5 SW, 6 KIA on the E5 table); 2d6 3 is the 1WO,
// 10 the 2WO, 5 the Doctor.
func TestS10_5_1CrewInjurySeverity(t *testing.T) {
	g := underAttack(t, "")
	// E2 9; E3 9: three hits, each E4 13: 1+2 1WO severity 3; 4+6 2WO 5; 1+4 Doctor 6.
	evs := g.choose("hold_depth", 4, 5, 4, 5, 1, 3, 1, 2, 3, 1, 3, 4, 6, 5, 1, 3, 1, 4, 6)
	if got := results(evs, "E5", "severity"); fmt.Sprint(got) != "[LW SW KIA]" {
		t.Fatalf("severities %v, want [LW SW KIA]", got)
	}
	g.wantField("status", "1WO", "LW")
	g.wantField("status", "2WO", "SW")
	g.wantField("status", "Doctor", "KIA")
}

// 9.6.10 and 10.5.3 ABWEHR AGENT: "if there is no Abwehr Agent on your
// patrol ... ignore this result": a 12 on who, without an agent aboard, is no
// effect and no severity roll.
func TestS10_5_3NoAgentAboardNoInjury(t *testing.T) {
	g := underAttack(t, "")
	evs := g.choose("hold_depth", 4, 5, 2, 2, 1, 3, 6, 6) // who 12
	if r := rolls(evs, "E5", "severity"); len(r) != 0 {
		t.Fatalf("severity rolled for an absent agent: %+v", r)
	}
	g.expect("hunters.test_depth")
}

// 10.5.2: "If the U-Boat Kommandant is Killed in Action (KIA), the game
// immediately ends." The second hit is never rolled.
func TestS10_5_2KommandantKilledEndsTheGame(t *testing.T) {
	g := underAttack(t, "")
	evs := g.choose("hold_depth", 4, 5, 4, 3, 1, 3, 1, 1, 6) // E3 7: two hits; 13: Kmdt KIA
	if n := len(rolls(evs, "E4", "")); n != 1 {
		t.Fatalf("%d E4 rolls after the Kommandant was killed, want 1", n)
	}
	if g.outcome() == nil {
		t.Fatalf("the game goes on: %s", g.where())
	}
	if f := strings.ToLower(g.outcomeField("fate")); !strings.Contains(f, "kia") && !strings.Contains(f, "killed") {
		t.Fatalf("fate %q, want killed in action", f)
	}
}

// 10.5.3 KOMMANDANT: "if the Kommandant becomes SW, the 1st Watch Officer
// (1WO) takes over the boat (resulting in a negative modifier for
// Torpedo/Deck Gun Fire [U1] ...)". Wounded by an aircraft in box 1, he is
// still SW when the boat attacks in box 3: U1 +1.
func TestS10_5_3KommandantSevereWoundPenalisesTorpedoFire(t *testing.T) {
	// Flak shot down; E3 2+2+2 = 6: one hit, E4 33; automatic injury: Kmdt, SW.
	g, _ := airAttacked(t, "", [2]int{1, 1}, [2]int{2, 2}, 3, 3, 1, 1, 4)
	g.wantField("status", "Kommandant", "SW")
	g.choose("sail", quietTransit...)
	g.choose("sail", 3, 3, 1, 1, 1, 1)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	evs := g.choose("fire", 4, 4)
	u1 := firstRoll(t, evs, "U1", "")
	if u1.Total != 9 || len(u1.Modifiers) != 1 || u1.Modifiers[0].Value != 1 {
		t.Fatalf("torpedo fire under the 1WO: %+v, want 8 +1 = 9", u1)
	}
}

// 10.5.3 1WO: "no effect, unless he was in charge. If so, the 2nd Watch
// Officer (2WO) takes over ... (resulting in a negative modifier for ...
// Escort Detection [E2])": Kommandant and 1WO both SW give +2 on E2 (the
// chart's +2 for the 2WO, not +1 and +2).
func TestS10_5_3SecondWatchOfficerInCommandPlusTwo(t *testing.T) {
	g := underAttack(t, "")
	// E3 7: two hits; 13 Kmdt SW; 13 1WO SW.
	g.choose("hold_depth", 4, 5, 4, 3, 1, 3, 1, 1, 4, 1, 3, 1, 2, 4)
	evs := g.choose("hold_depth", 2, 3) // E2 5 +1 previous +2 = 8: undetected
	r := firstRoll(t, evs, "E2", "")
	if r.Total != 8 {
		t.Fatalf("detection with the 2WO in command: %+v, want 5 +1 +2 = 8", r)
	}
}

// 10.5.3 1WO: "no effect, unless he was in charge": the 1WO alone SW changes
// no detection roll.
func TestS10_5_3FirstWatchOfficerWoundedNotInCommandNoEffect(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 2, 2, 1, 3, 1, 2, 4)
	evs := g.choose("hold_depth", 2, 3)
	if r := firstRoll(t, evs, "E2", ""); r.Total != 6 {
		t.Fatalf("detection with only the 1WO SW: %+v, want 5 +1 previous = 6", r)
	}
}

// 10.5.3 2WO: "no effect, unless he was in charge. In that case, the LI takes
// over the U-Boat and the U-Boat must immediately abort patrol and return to
// base (10.8, Patrol Abort)."
func TestS10_5_3SecondWatchOfficerWoundedInCommandAborts(t *testing.T) {
	g := underAttack(t, "")
	// E3 9: three hits, 13 each: Kmdt SW, 1WO SW, 2WO (4+6) SW.
	evs := g.choose("hold_depth", 4, 5, 4, 5, 1, 3, 1, 1, 4, 1, 3, 1, 2, 4, 1, 3, 4, 6, 4)
	evs = append(evs, g.choose("hold_depth", 1, 1)...)
	if !said(evs, "abort") {
		t.Fatalf("no abort with the LI in command\n%s", dump(evs))
	}
	if !strings.Contains(g.view("status"), "Aborting") {
		t.Fatalf("status does not show the abort:\n%s", g.view("status"))
	}
}

// doctorCase wounds two men in underAttack's round 1 (E3 7: two E4 13s) and
// escapes in round 2; the boat is then asked to sail to box 4.
func doctorCase(t *testing.T, first, second [3]int) *game {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 4, 3, 1, 3, first[0], first[1], first[2], 1, 3, second[0], second[1], second[2])
	g.choose("hold_depth", 1, 1)
	g.toProceed()
	return g
}

// 10.5.3 DOCTOR: "all SW crewmen may suffer loss of life. Roll 1d6 for each
// SW crewman when entering a new Travel Box, before checking for possible
// encounter. A roll of 1-3 is no result, a roll of 4-6 is a KIA result."
func TestS10_5_3DoctorKilledWoundedMenMayDie(t *testing.T) {
	for _, c := range []struct {
		face int
		want string
	}{{3, "SW"}, {4, "KIA"}} {
		g := doctorCase(t, [3]int{2, 3, 6}, [3]int{3, 4, 4}) // Doctor KIA; crew box SW
		evs := g.choose("sail", cat([]int{c.face}, quietBritish)...)
		var order []string
		for _, e := range evs {
			if e.Roll != nil {
				order = append(order, e.Roll.Chart+":"+e.Roll.Purpose)
			}
		}
		if len(order) != 2 || strings.HasPrefix(order[0], "E1") || !strings.HasPrefix(order[1], "E1") {
			t.Fatalf("survival roll %d: rolls %q, want the survival roll then the encounter", c.face, order)
		}
		if g.crew()[c.want] != 1 {
			t.Fatalf("survival roll %d: crew %v, want one %s", c.face, g.crew(), c.want)
		}
	}
}

// 10.5.3 DOCTOR: "If the Doctor is not SW or KIA, then no survival rolls are
// needed for SW crewmen."
func TestS10_5_3FitDoctorNoSurvivalRolls(t *testing.T) {
	g := doctorCase(t, [3]int{3, 4, 4}, [3]int{1, 2, 1}) // crew box SW; 1WO LW
	evs := g.choose("sail", quietBritish...)
	if n := len(rolls(evs, "", "")); n != 1 {
		t.Fatalf("%d rolls entering box 4, want only the encounter\n%s", n, dump(evs))
	}
}

// 10.5.3 DOCTOR: a Doctor who is himself SW is one of "each SW crewman":
// with the Doctor and a crew box SW, two survival rolls.
func TestS10_5_3WoundedDoctorRollsForEveryWoundedMan(t *testing.T) {
	g := doctorCase(t, [3]int{2, 3, 4}, [3]int{3, 4, 4}) // Doctor SW; crew box SW
	evs := g.choose("sail", cat([]int{1, 2}, quietBritish)...)
	if n := len(rolls(evs, "", "")); n != 3 {
		t.Fatalf("%d rolls entering box 4, want two survival rolls and the encounter\n%s", n, dump(evs))
	}
}

// 10.5.3 LI: "all Repair rolls suffer +1 negative modifier". Batteries are
// repaired on 1-4 (E5): 4 +1 = 5 fails.
func TestS10_5_3WoundedLIPlusOneOnRepairs(t *testing.T) {
	g := underAttack(t, "")
	g.choose("hold_depth", 4, 5, 4, 3, 1, 1, 1, 3, 2, 2, 4) // E4 11 batteries; 13 LI SW
	evs := g.choose("hold_depth", 1, 1, 4)
	r := firstRoll(t, evs, "E5", "Batteries")
	if v, ok := modifier(r, "LI"); !ok || v != 1 || r.Total != 5 || r.Result == "repaired" {
		t.Fatalf("batteries repair with the LI SW: %+v, want 4 +1 = 5 inoperable", r)
	}
}

// 10.5.3 CREW: "if ALL generic Crew boxes are SW or KIA, then any Aircraft
// Encounters (9.8) receive a -1 modifier". Four crew wounds from two x2
// results (E4 63); an aircraft in box 7 (Transit 1+1) then dives on 3+3 = 6
// -1 = 5: attacked.
func TestS10_5_3ShorthandedCrewMinusOneOnAircraft(t *testing.T) {
	g := underAttack(t, "")
	// E3 8: two hits, 63 63: four injuries, each 3+4 crew, 4 SW.
	g.choose("hold_depth", 4, 5, 4, 4, 6, 3, 3, 4, 4, 3, 4, 4, 6, 3, 3, 4, 4, 3, 4, 4)
	if c := g.crew(); c["SW"] != 4 {
		t.Fatalf("crew %v, want four SW", c)
	}
	g.choose("hold_depth", 1, 1)
	g.toProceed()
	for i := 0; i < 3; i++ {
		g.choose("sail", quietBritish...)
	}
	// Box 7 aircraft; A1 3+3; flak 1+1; E3 1+1+2 = 4: one hit, E4 33; crew
	// injury 2+3 Doctor, 1 LW; box 8 quiet; refit: four recoveries.
	evs := g.choose("sail", 1, 1, 3, 3, 1, 1, 1, 1, 3, 3, 2, 3, 1, 4, 4, 1, 1, 1, 1)
	a1 := firstRoll(t, evs, "A1", "")
	if v, ok := modifier(a1, "crew"); !ok || v != -1 || a1.Total != 5 {
		t.Fatalf("crash dive with every crew box SW: %+v, want 6 -1 = 5", a1)
	}
}

// 10.5.3 CREW: "Unwounded generic crewmen must absorb wounds before additional
// wounds can be applied to previously wounded crew boxes. Any LW crew spaces
// must absorb second wounds before SW crewmen." Five crew wounds: SW, then
// four LW: the fifth LW falls on an LW box (now SW), not on the SW box.
func TestS10_5_3GenericCrewWoundOrder(t *testing.T) {
	g := underAttack(t, "")
	// E3 9: three hits: 63, 63, 13; injuries 3+4 severity 4, then 1, 1, 1, 1.
	g.choose("hold_depth", 4, 5, 4, 5, 6, 3, 3, 4, 4, 3, 4, 1, 6, 3, 3, 4, 1, 3, 4, 1, 1, 3, 3, 4, 1)
	if c := g.crew(); c["SW"] != 2 || c["LW"] != 2 || c["KIA"] != 0 {
		t.Fatalf("crew %v, want 2 SW and 2 LW", c)
	}
}

// agentPatrol: a British Isles (A) patrol (P1 1940-07..12, 2d6 = 4, rolled
// when the load is stowed). The agent is wounded by the aircraft in box 1
// (automatic crew injury, who 12).
func agentPatrol(t *testing.T, severity int) *game {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1940-10", "kommandant": "Canaris", "uboat": "U-37"}, 1)
	// P1 1+3; Bay of Biscay 1+1 aircraft; A1 2+2; flak 1+1; E3 2+2+2 = 6:
	// E4 33; injury who 6+6 = 12 the agent.
	g.load(false, 1, 3, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 6, 6, severity)
	return g
}

// 10.5.3 ABWEHR AGENT: "if ... the agent is seriously wounded or killed
// BEFORE he is delivered, the mission is considered a failure, despite any
// ships you sunk on the patrol." A lightly wounded agent is delivered: the
// mission (and patrol, 7.4.4) succeeds.
func TestS10_5_3WoundedAgentFailsTheMission(t *testing.T) {
	for _, c := range []struct {
		severity int
		want     string
	}{{1, "success"}, {4, "failure"}} {
		g := agentPatrol(t, c.severity)
		g.choose("sail", quietTransit...)
		g.choose("sail", quietBiscay...) // box 3: the Mission box, no encounter
		for i := 0; i < 3; i++ {
			g.choose("sail", quietBritish...)
		}
		evs := g.choose("sail", cat(quietTransit, quietBiscay)...)
		if !said(evs, "Patrol complete: "+c.want) {
			t.Fatalf("agent severity %d: want a %s\n%s", c.severity, c.want, dump(evs))
		}
	}
}
