package fidelity

import (
	"strings"
	"testing"
)

// logLine is the log sheet's line that starts with month ("" when none).
func (g *game) logLine(month string) string {
	for _, l := range strings.Split(g.view("log"), "\n") {
		if strings.HasPrefix(l, month+" ") {
			return l
		}
	}
	return ""
}

// 3.5: "The Patrol Log Sheet is used to record ... your U-Boat type, ID, and
// Kommandant (Kmdt) name, along with individual patrol assignments, damaged or
// sunk ships, and length of refit following each patrol." The sample sheet:
// sunk ships circled (shown in brackets), a checkmark by a damaged ship, "S"
// or "F" per patrol (7.5.2), "R" for each refit month (10.10.4), and the
// totals TOTAL PATROLS, SHIPS SUNK, TOTAL TONNAGE.
func TestS3_5LogSheetRecordsPatrolsShipsAndRefits(t *testing.T) {
	g := britishIsles1940(t, "")
	next := g.successfulPatrol(britishIslesP1, []int{3, 4}) // Oct-40: Stonepool sunk
	// Dec-40: box 3 an unescorted large freighter (size 4; T2 12 Clan
	// Chisholm, 7,200 t, 3 points) hit once for 1 damage (U1 2+2, U2 5, U3 4).
	g.load(false, cat(next, quietBiscay)...)
	g.choose("sail", quietTransit...)
	g.choose("sail", 2, 3, 4, 1, 2, 1)
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 2, 2, 5, 4)
	for g.kind() != "hunters.proceed" {
		if g.offers("leave") {
			g.choose("leave")
			continue
		}
		if g.offers("done") && g.kind() == "hunters.weapon" {
			g.choose("done")
			continue
		}
		g.choose(g.keys()[0])
	}
	for i := 0; i < 3; i++ {
		g.choose("sail", quietBritish...)
	}
	g.choose("sail", cat(quietTransit, quietBiscay)...)
	g.load(false, cat([]int{1, 3}, quietBiscay)...) // Feb-41: P1 4

	log := g.view("log")
	for _, want := range []string{"VIIC", "U-235", "Blennemann"} {
		if !strings.Contains(strings.SplitN(log, "\n", 2)[0], want) {
			t.Fatalf("log header lacks %q:\n%s", want, log)
		}
	}
	oct := g.logLine("Oct-40")
	if !strings.Contains(oct, "British Isles") || !strings.Contains(oct, "(s Stonepool 5,000)") || !strings.HasSuffix(strings.TrimSpace(oct), "5,000 t S") {
		t.Fatalf("Oct-40 row %q: want the patrol, the circled sinking, 5,000 t and S", oct)
	}
	dec := g.logLine("Dec-40")
	if !strings.Contains(dec, "Clan Chisholm 7,200") || !strings.Contains(dec, "✓") || strings.Contains(dec, "(L Clan") || !strings.HasSuffix(strings.TrimSpace(dec), "F") {
		t.Fatalf("Dec-40 row %q: want Clan Chisholm 7,200 checked (damaged, not circled) and F", dec)
	}
	g.wantLog("Oct-40", "Nov-40  R", "Dec-40", "Jan-41  R", "Feb-41")
	if g.field("log", "Total patrols") != "2" || g.field("log", "Ships sunk") != "1" || g.field("log", "Total tonnage") != "5,000 t" {
		t.Fatalf("totals:\n%s", log)
	}
}

// 3.5's sample sheet: "The 'S' denoted at the end of each row was for
// completing a successful patrol, with the third one circled to indicate a
// Crew Advancement check" (11.1).
func TestS3_5ThirdSuccessCircledForAdvancement(t *testing.T) {
	g, _ := veteran(t, 3)
	for _, c := range []struct{ month, mark string }{{"Oct-40", " S"}, {"Dec-40", " S"}, {"Feb-41", " (S)"}} {
		if l := strings.TrimSpace(g.logLine(c.month)); !strings.HasSuffix(l, c.mark) {
			t.Fatalf("%s row %q, want it to end %q", c.month, l, c.mark)
		}
	}
}

// sunkOnSecondPatrol: the first patrol sinks Stonepool; the second sinks it
// again in box 3, then meets an aircraft in box 7 (Transit 1+1) whose attack
// sinks the boat (A1 2+2; flak 4+4 miss; E3 6+6 +2 = 14).
func sunkOnSecondPatrol(t *testing.T) *game {
	g := britishIsles1940(t, "")
	next := g.successfulPatrol(britishIslesP1, []int{3, 4})
	g.load(false, cat(next, quietBiscay)...)
	ship, quiet := shipAndQuiet(t, g.area())
	g.choose("sail", quietTransit...)
	g.choose("sail", cat(ship, []int{1, 1, 1, 1})...)
	for _, k := range []string{"attack", "close", "surfaced", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", 2, 2, 5, 3)
	g.choose(g.keys()[0])
	for i := 0; i < 3; i++ {
		g.choose("sail", quiet...)
	}
	g.choose("sail", 1, 1, 2, 2, 4, 4, 6, 6)
	if g.outcome() == nil || g.outcomeField("fate") != "sunk" {
		t.Fatalf("the boat was not sunk: %s %+v", g.where(), g.outcome())
	}
	return g
}

// 3.5's sample: "TOTAL PATROLS: 5" and "Five patrols were completed until his
// U-Boat was sunk": the sheet has five patrol rows, the last the one the boat
// was lost on, so the patrol in which the boat is sunk counts. The outcome's
// patrols and its summary count it too.
func TestS3_5TheFatalPatrolCounts(t *testing.T) {
	g := sunkOnSecondPatrol(t)
	if got := g.field("log", "Total patrols"); got != "2" {
		t.Fatalf("log total patrols %q, want 2\n%s", got, g.view("log"))
	}
	if got := g.outcomeField("patrols"); got != "2" {
		t.Fatalf("outcome patrols %q, want 2", got)
	}
	if s := g.outcome().Summary; !strings.Contains(s, "over 2 patrols") {
		t.Fatalf("summary %q, want 'over 2 patrols'", s)
	}
	if got := g.field("status", "Patrols"); !strings.HasPrefix(got, "2") {
		t.Fatalf("status patrols %q, want 2", got)
	}
}

// 3.5's sample: the fatal patrol (Dec-41) has no "S" at the end of its row
// though ships were sunk on it (the S is "for completing a successful
// patrol"), and the sheet says "SUNK". Ships sunk on it still count
// (SHIPS SUNK and TOTAL TONNAGE include them).
func TestS3_5TheFatalPatrolShowsTheLoss(t *testing.T) {
	g := sunkOnSecondPatrol(t)
	dec := strings.TrimSpace(g.logLine("Dec-40"))
	if strings.HasSuffix(dec, " S") || strings.HasSuffix(dec, " F") || strings.HasSuffix(dec, "(S)") {
		t.Fatalf("the fatal patrol is marked as completed: %q", dec)
	}
	if !strings.Contains(strings.ToUpper(g.view("log")), "SUNK") {
		t.Fatalf("the log does not say the boat was sunk:\n%s", g.view("log"))
	}
	if !strings.Contains(dec, "(s Stonepool 5,000)") {
		t.Fatalf("the fatal patrol's sinking is not recorded: %q", dec)
	}
	if g.field("log", "Ships sunk") != "2" || g.field("log", "Total tonnage") != "10,000 t" {
		t.Fatalf("totals:\n%s", g.view("log"))
	}
}

// 3.5 with 10.9.2: a boat scuttled after flooding is no completed patrol
// either; the sheet says what became of her.
func TestS3_5AScuttledBoatShowsOnTheSheet(t *testing.T) {
	g := floodedOut(t, nil, [2]int{3, 3})
	oct := strings.TrimSpace(g.logLine("Oct-40"))
	if strings.HasSuffix(oct, " S") || strings.HasSuffix(oct, " F") {
		t.Fatalf("the scuttled boat's patrol is marked as completed: %q", oct)
	}
	if !strings.Contains(strings.ToUpper(g.view("log")), "SCUTTLED") {
		t.Fatalf("the log does not say the boat was scuttled:\n%s", g.view("log"))
	}
	if got := g.field("log", "Total patrols"); got != "1" {
		t.Fatalf("total patrols %q, want 1", got)
	}
}
