package fidelity

import (
	"strings"
	"testing"
)

// 7.0 procedure: "Consult the U-Boat Patrol Assignment Table [P1] and roll 2d6
// under the appropriate Date column for when the patrol assignment will
// commence." Cells from each of P1's eight columns, and the months on both
// sides of the column edges.
func TestS7_0P1ColumnByStartDate(t *testing.T) {
	for _, c := range []struct {
		boat, start string
		faces       []int // the set-up's rank roll, then (once loaded, 4.4.2) the request roll and P1
		want        string
	}{
		{"VIIB", "1939-09", []int{2, 1, 4}, "British Isles (M)"}, // KptLt 1939: request roll 2, P1 5
		{"VIIB", "1940-03", []int{1, 1, 2}, "British Isles"},     // rank 1 = OltzS, P1 3
		{"VIIB", "1940-04", []int{1, 1, 2}, "Norway"},
		{"VIIB", "1940-06", []int{1, 3, 3}, "British Isles"},
		{"VIIB", "1940-07", []int{1, 3, 3}, "Atlantic"},
		{"VIIB", "1940-12", []int{1, 2, 2}, "British Isles (A)"},
		{"VIIC", "1941-01", []int{1, 1, 2}, "Atlantic (W)"},
		// P1 12, then boxes 1-3, which a first Mediterranean patrol rolls
		// without a stop (7.3.3): Bay of Biscay 8, Gibraltar 8 - 2, Med 6.
		{"VIIC", "1941-06", []int{1, 6, 6, 4, 4, 4, 4, 3, 3}, "Mediterranean"},
		{"VIIC", "1941-07", []int{1, 1, 4}, "Atlantic (W)"},
		{"VIIC", "1941-12", []int{1, 3, 3}, "Atlantic"},
		{"VIIC", "1942-01", []int{1, 1, 2}, "North America (A)"},
		{"VIIC", "1942-06", []int{1, 3, 4}, "North America"},
		{"VIIC", "1942-07", []int{1, 4, 6}, "North America"},
		{"VIIC", "1942-12", []int{1, 4, 4}, "Atlantic (W)"},
		{"VIIC", "1943-01", []int{1, 5, 6}, "Atlantic (W)"},
		{"VIIC", "1943-06", []int{1, 2, 2}, "British Isles"},
	} {
		t.Run(c.boat+"-"+c.start, func(t *testing.T) {
			g := loadedCareer(t, map[string]string{"boat": c.boat, "start": c.start}, c.faces...)
			if r := firstRoll(t, g.all, "P1", ""); r.Result != c.want {
				t.Errorf("P1 %d in %s: %q, want %q", r.Natural, c.start, r.Result, c.want)
			}
		})
	}
}

// 7.1.1: "Enter your patrol assignment on your Log Sheet in the row
// corresponding to the start date of the patrol." 7.1.2: "place your U-Boat
// marker beside the first Travel Box (the Transit Box) that will be entered
// once your patrol begins."
func TestS7_1_1AssignmentOnTheLogAndTheBoatAtTheFirstBox(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	if log := g.view("log"); strings.Contains(log, "Mar-41") {
		t.Errorf("a log row before the assignment (4.4.2: it follows the load):\n%s", log)
	}
	g.stow("", 3, 4, 4, 4) // P1 7: Atlantic; box 1 (8): none
	if log := g.view("log"); !strings.Contains(log, "Mar-41  Atlantic") {
		t.Errorf("the log has no Mar-41 Atlantic row:\n%s", log)
	}
	st := g.view("status")
	if !strings.Contains(st, "[Transit (Bay of Biscay)] → Transit → Atlantic") {
		t.Errorf("7.1.2: the boat is not at the first box of the Atlantic track:\n%s", st)
	}
}

// 7.3.1: "Type IX U-Boats treat "Mediterranean" and "Arctic" results as "West
// African Coast.""
func TestS7_3_1TypeIXNeverInTheMedOrArctic(t *testing.T) {
	for _, c := range []struct {
		start string
		p1    []int
		was   string
	}{
		{"1941-07", []int{1, 1}, "Mediterranean"}, // P1 2
		{"1941-07", []int{5, 6}, "Arctic"},        // P1 11
	} {
		g := loadedCareer(t, map[string]string{"boat": "IXC", "start": c.start}, 2, c.p1[0], c.p1[1])
		if r := firstRoll(t, g.all, "P1", ""); r.Result != c.was {
			t.Fatalf("P1 roll: %q, want %q first", r.Result, c.was)
		}
		if !said(g.all, "Patrol assignment for Jul-41: West African Coast") {
			t.Errorf("IXC %s is not sent to the West African Coast:\n%s", c.was, dump(g.all))
		}
	}
}

// 7.3.2: "Type VII U-Boats treat "Caribbean" and "West African Coast" results
// as "Atlantic." ... Type VIID Minelayers are allowed in the Caribbean and West
// African Coast (11.4.6)."
func TestS7_3_2TypeVIIWestAfricaAndCaribbeanBecomeAtlantic(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1942-01"}, 1, 5, 6) // P1 11 Caribbean
	if !said(g.all, "Patrol assignment for Jan-42: Atlantic") {
		t.Errorf("a VIIC in the Caribbean:\n%s", dump(g.all))
	}
	g = loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1, 4, 6) // P1 10 West Africa
	if !said(g.all, "Patrol assignment for Mar-41: Atlantic") {
		t.Errorf("a VIIC on the West African Coast:\n%s", dump(g.all))
	}
	g = loadedCareer(t, map[string]string{"boat": "VIID", "start": "1942-07"}, 1, 6, 6) // P1 12 West Africa
	if !said(g.all, "Patrol assignment for Jul-42: West African Coast") {
		t.Errorf("a VIID is refused the West African Coast:\n%s", dump(g.all))
	}
}

// 7.3.2: "Type VII-Flak U-Boats are not allowed in the Mediterranean ...
// Re-roll to determine their patrol assignment if not allowed." (The VIID too:
// P1 note 5.)
func TestS7_3_2NoMediterraneanForFlakBoatOrVIIDReroll(t *testing.T) {
	// P1 2 Med, re-roll 7; the Flak boat's five G7a need no choice (11.4.7):
	// box 1 (8 - 2 = 6, none) follows at once.
	g := career(t, map[string]string{"boat": "VIIC_Flak", "start": "1943-05"}, 1, 1, 1, 3, 4, 4, 4)
	if rs := rolls(g.all, "P1", ""); len(rs) != 2 || rs[0].Result != "Mediterranean" || rs[1].Result != "Atlantic" {
		t.Errorf("VIIC Flak P1 rolls %v, want Mediterranean then a re-roll (Atlantic)", results(g.all, "P1", ""))
	}
	if !said(g.all, "Patrol assignment for May-43: Atlantic") {
		t.Errorf("the VIIC Flak's patrol:\n%s", dump(g.all))
	}
	g = loadedCareer(t, map[string]string{"boat": "VIID", "start": "1942-07"}, 1, 1, 1, 3, 4) // P1 2 Med, reroll 7
	if rs := rolls(g.all, "P1", ""); len(rs) != 2 || rs[1].Result != "Atlantic" {
		t.Errorf("VIID P1 rolls %v, want Mediterranean then a re-roll", results(g.all, "P1", ""))
	}
}

// 7.3.6: "Beginning July 1940, the first and (possibly) last Transit Box for
// certain patrol assignments are converted to Bay of Biscay ... Prior to July
// 1940, treat those Travel Boxes as standard Transit Boxes".
func TestS7_3_6BayOfBiscayFromJuly1940(t *testing.T) {
	// Jun-40 British Isles: 2+2 = 4 is "none" on Transit (aircraft only on
	// 2-3), an aircraft on the Bay of Biscay table (4 or less).
	g := career(t, map[string]string{"boat": "VIIB", "start": "1940-06"}, 1)
	evs := g.stow("", 3, 3, 2, 2) // P1 6: British Isles
	r := firstRoll(t, evs, "E1", "")
	if !strings.Contains(r.Purpose, "Transit") || strings.Contains(r.Purpose, "Biscay") || r.Result != "none" {
		t.Errorf("Jun-40 first box: %s, want the Transit table (none)", r)
	}
	g.choose("sail", 4, 4) // box 2 Transit
	for i := 0; i < 4; i++ {
		g.choose("sail", 3, 4) // boxes 3-6 British Isles: 7 = none
	}
	evs = g.choose("sail", 4, 4, 2, 2) // boxes 7 and 8, refit
	last := rolls(evs, "E1", "")
	if len(last) != 2 || strings.Contains(last[1].Purpose, "Biscay") {
		t.Errorf("Jun-40 last box: %v, want Transit", last)
	}

	g = career(t, map[string]string{"boat": "VIIB", "start": "1940-07"}, 1)
	evs = g.stow("", 5, 5, 4, 4) // P1 10 Atlantic
	if r := firstRoll(t, evs, "E1", ""); !strings.Contains(r.Purpose, "Bay of Biscay") {
		t.Errorf("Jul-40 first box: %s, want the Bay of Biscay table", r)
	}
}

// 7.3.7: "NORTH AMERICA and THE CARIBBEAN. These patrol areas use the same
// track, but have different Encounters Tables on chart [E1]. Both use the
// North American ship rosters when rolling to ID targets." (8.2.3: "For North
// America patrol assignments only, consult the North America Target Roster
// [T4]".)
func TestS7_3_7CaribbeanOnTheNorthAmericaTrackWithT4(t *testing.T) {
	// IXC Jan-42: KptLt; once loaded, request roll 2, P1 11 = Caribbean; box 1 4+4.
	g := loadedCareer(t, map[string]string{"boat": "IXC", "start": "1942-01"}, 2, 5, 6)
	if !said(g.all, "Patrol assignment for Jan-42: Caribbean") {
		t.Fatalf("no Caribbean patrol:\n%s", dump(g.all))
	}
	st := g.view("status")
	if !strings.Contains(st, "North America") {
		t.Errorf("the Caribbean patrol is not on the North America track:\n%s", st)
	}
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	// box 5: Caribbean column 4 = ship; size 3 = small freighter; T4 1d20 5.
	evs := g.choose("sail", 1, 3, 3, 5, 3)
	if r := firstRoll(t, evs, "E1", ""); !strings.Contains(r.Purpose, "Caribbean") || r.Result != "ship" {
		t.Errorf("box 5: %s, want the Caribbean column's ship", r)
	}
	if r := firstRoll(t, evs, "", "identity"); r.Chart != "T4" {
		t.Errorf("the Caribbean ship is identified on %s, want T4", r.Chart)
	}

	// VIIC Jul-42 North America: the North America column and T4.
	g = career(t, map[string]string{"boat": "VIIC", "start": "1942-07"}, 1)
	g.stow("", 4, 6, 4, 4) // P1 10
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	evs = g.choose("sail", 1, 3, 3, 5, 3)
	if r := firstRoll(t, evs, "E1", ""); !strings.Contains(r.Purpose, "North America") || r.Result != "ship" {
		t.Errorf("box 5: %s, want the North America column's ship", r)
	}
	if r := firstRoll(t, evs, "", "identity"); r.Chart != "T4" {
		t.Errorf("the North America ship is identified on %s, want T4", r.Chart)
	}
}

// 7.5.1: "A patrol assignment concludes once the U-Boat has completed transit,
// returned to base by entering the last Travel Box on its Patrol Track, and
// resolved any possible encounters there." 7.5.2: "A patrol is a success if at
// least one enemy ship was sunk ... otherwise the patrol is a failure."
func TestS7_5_1PatrolEndsAfterTheLastBoxAndIsAFailureWithoutSinking(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.stow("", 3, 4, 4, 4)
	for i := 0; i < 5; i++ {
		g.choose("sail", 4, 4)
	}
	// box 7 Transit none; box 8 Bay of Biscay: 2+2 = aircraft, A1 4+4 = crash
	// dive; then the patrol ends, the refit, P1 for May-41.
	evs := g.choose("sail", 4, 4, 2, 2, 4, 4)
	a1 := rollIndex(evs, "A1")
	done := eventIndex(evs, "Patrol complete")
	if a1 < 0 || done < a1 {
		t.Errorf("the last box's aircraft is not resolved before the patrol ends:\n%s", dump(evs))
	}
	if !said(evs, "Patrol complete: failure (F)") {
		t.Errorf("a patrol without a sinking is not a failure:\n%s", dump(evs))
	}
	if log := g.view("log"); !strings.Contains(log, "Mar-41  Atlantic  0 t F") {
		t.Errorf("log sheet:\n%s", log)
	}
}

// 7.5.2: "indicates whether the patrol was a success or failure by placing an
// “S” or “F” ... A patrol is a success if at least one enemy ship was sunk".
func TestS7_5_2OneShipSunkIsASuccess(t *testing.T) {
	g := unescortedShipVIIC(t)
	// Torpedo the Yorkshire (10,000 t, 4 points): hit 2+2, no dud 3, U3 1 = 4.
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 2, 2, 3, 1)
	g.breakOff()
	for g.kind() == "hunters.weapon" {
		g.choose("done")
		g.breakOff()
	}
	for i := 0; i < 3; i++ {
		g.choose("sail", 4, 4)
	}
	evs := g.choose("sail", 4, 4, 4, 4)
	if !said(evs, "Patrol complete: success (S), 10,000 t sunk") {
		t.Errorf("patrol end:\n%s", dump(evs))
	}
	if log := g.view("log"); !strings.Contains(log, "Mar-41  Atlantic") || !strings.Contains(log, "S") {
		t.Errorf("log sheet:\n%s", log)
	}
}
