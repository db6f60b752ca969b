package fidelity

import (
	"strings"
	"testing"
)

// 10.5.1 with the injury_roll_11 ruling (README "Rulings"; NOTES doubt 3: the
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
		g.successfulPatrol([]int{3, 4})
		g.successfulPatrol([]int{1, 3})
		g.successfulPatrol([]int{2, 1, 3}) // Doctor Experte
		g.escortedShipInBox3()
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
