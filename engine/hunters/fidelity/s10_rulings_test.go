package fidelity

import (
	"strings"
	"testing"
)

// 10.5.1 with the injury_roll_11 ruling (docs/contributors/rulings.md; NOTES doubt 3: the
// reconstructed Crew Injury Table lists the LI at 4 and 11): by default 11
// hits the LI; with generic_crew it hits a crew box.
func TestS10_5_1InjuryRoll11Ruling(t *testing.T) {
	for _, c := range []struct {
		rules, field string
	}{{"", "LI"}, {"injury_roll_11=generic_crew", "Crew 1"}} {
		g := underAttack(t, c.rules)
		g.choose("hold_depth", 4, 5, 2, 2, 1, 3, 5, 6, 4) // E4 13: who 5+6 = 11, SW
		g.wantField("status", c.field, "SW")
	}
}

// 10.11.1 with the doctor_severity ruling: "An 'Experte' Doctor provides a
// favorable -1 modifier to each crew recovery roll" — recovery only by
// default; with doctor_severity=on the Experte Doctor also takes 1 off the
// injury severity roll (4 -1 = 3: LW instead of SW).
func TestS10_11_1DoctorSeverityRuling(t *testing.T) {
	for _, c := range []struct {
		rules string
		want  string
	}{{"", "SW"}, {"doctor_severity=on", "LW"}} {
		g := britishIsles1940(t, c.rules)
		next := g.successfulPatrol(britishIslesP1, []int{3, 4})
		next = g.successfulPatrol(next, []int{1, 3})
		next = g.successfulPatrol(next, []int{2, 1, 3}) // Doctor Experte
		g.escortedShipInBox3(next)
		g.choose("hold_depth", 4, 4, 2, 2, 1, 3, 1, 2, 4) // 1WO, severity 4
		g.wantField("status", "1WO", c.want)
	}
}

// The diesel_repair ruling is visible: the rules view names it, the value in
// force, its cases (10.2.1, 10.7) and what the value does.
func TestS10_2_1DieselRulingInTheRulesView(t *testing.T) {
	for _, c := range []struct{ rules, want string }{
		{"", "= repairable (10.2.1, 10.7): a damaged diesel rolls its repair"},
		{"diesel_repair=inoperable_at_once", "= inoperable_at_once (changed) (10.2.1, 10.7): a damaged diesel cannot be repaired at sea"},
	} {
		g := britishIsles1940(t, c.rules)
		v := g.view("rules")
		i := strings.Index(v, "diesel_repair")
		if i < 0 {
			t.Fatalf("%q: the rules view does not name diesel_repair:\n%s", c.rules, v)
		}
		line := v[i:]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if !strings.Contains(line, c.want) {
			t.Fatalf("%q: rules view line %q, want %s", c.rules, line, c.want)
		}
	}
}

// elite plays britishIsles1940's first six patrols, each sinking one ship,
// with the crew rising after the third and the sixth (11.1 rolls 5 and 6), and
// stops at the Oct-41 patrol's torpedo prompt; it returns the dice its
// assignment rolls when the load is stowed (P1 1+3: British Isles).
func elite(t *testing.T, rules string) (*game, []int) {
	t.Helper()
	g := britishIsles1940(t, rules)
	next := britishIslesP1
	for _, refit := range [][]int{{3, 4}, {1, 3}, {5, 1, 3}, {1, 3}, {1, 3}, {6, 1, 3}} {
		next = g.successfulPatrol(next, refit)
	}
	g.wantField("status", "Crew quality", "Elite")
	return g, next
}

// 10.11.3 with 11.1.4 and the crew_loss_levels ruling: "If all four generic
// crewmen are replaced after a single patrol (including KIA generic crew), the
// U-Boat's crew quality decreases by one level", and 11.1.4: "If all 4 generic
// crew boxes receive SW or are KIA during a patrol, the overall Crew skill
// level decreases one level". Four crew boxes killed: both hold. By default
// each takes its level (Elite to Trained); one_level reads them as one loss
// (Elite to Veteran).
func TestS10_11_3AllGenericCrewLostRuling(t *testing.T) {
	for _, c := range []struct{ rules, want string }{
		{"", "Trained"},
		{"crew_loss_levels=one_level", "Veteran"},
	} {
		g, next := elite(t, c.rules)
		g.escortedShipInBox3(next)
		// 1941: E2 4+4 +1 = 9; E3 8: E4 63 63, four crew injuries 3+4, KIA.
		g.choose("hold_depth", 4, 4, 4, 4, 6, 3, 3, 4, 6, 3, 4, 6, 6, 3, 3, 4, 6, 3, 4, 6)
		g.choose("hold_depth", 1, 1)
		g.homeQuietly(4) // promotion roll (Oct-41)
		g.wantField("status", "Crew quality", c.want)
	}
}
