package fidelity

// Section 14 (optional rules 14.1-14.5, 14.9-14.11), read from the rulebook
// alone.

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/hunters"
)

// 14.1.1: "use a standard tonnage amount instead of rolling for ships
// randomly ... Small Freighter 3,500 tons, Large Freighter 7,000 tons, Tanker
// 9,000 tons". A convoy of sizes 1, 4, 6, 3 is identified without a roster
// roll; the damage each takes follows its tonnage (U3: 2, 3, 3, 2).
func TestS14_1_1StandardTonnageConvoy(t *testing.T) {
	g := rdVIIC41(t, "14.1")
	evs := g.rdSailTo(3, 3, 3, 1, 4, 6, 3, 2)
	for _, ch := range []string{"T1", "T2", "T3", "T4"} {
		if n := len(rolls(evs, ch, "")); n != 0 {
			t.Fatalf("%d roster roll(s) on %s with standard tonnage:\n%s", n, ch, dump(evs))
		}
	}
	g.expect("hunters.engage")
	text := g.prompt().Text
	for _, want := range []string{"#1 small freighter", "3,500 t, 0/2", "#2 large freighter", "7,000 t, 0/3", "#3 tanker", "9,000 t, 0/3", "#4 small freighter"} {
		if !strings.Contains(text, want) {
			t.Fatalf("the convoy lacks %q:\n%s", want, text)
		}
	}
}

// 14.1.1: a large freighter sunk counts 7,000 t.
func TestS14_1_1StandardTonnageCounts(t *testing.T) {
	g := rdVIIC41(t, "14.1")
	g.rdSailTo(3, 1, 2, 4, 2) // ship, large freighter, day: no roster roll
	g.rdSinkLone()
	if to := g.rdField("Tonnage"); !strings.HasPrefix(to, "7,000 t, 1 ship") {
		t.Fatalf("tonnage %q", to)
	}
}

// 14.1.1 on a North America patrol: the North America roster [T4] is not
// rolled either (standard tonnage replaces "rolling for ships randomly").
func TestS14_1_1StandardTonnageOffNorthAmerica(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1942-03", "kommandant": "K", "uboat": "U-1", "rules": "14.1"}, 5, 3, 4)
	labels, _ := g.rdTrack()
	box := 0
	for i, l := range labels {
		if l == "North America" {
			box = i + 1
			break
		}
	}
	if box == 0 {
		t.Fatalf("track %v", labels)
	}
	evs := g.rdSailTo(box, 2, 2, 6, 2) // E1 4 = ship; tanker; day
	if n := len(rolls(evs, "T4", "")); n != 0 {
		t.Fatalf("T4 rolled with standard tonnage:\n%s", dump(evs))
	}
	if !strings.Contains(g.prompt().Text, "9,000 t") {
		t.Fatalf("tanker: %s", g.prompt().Text)
	}
}

// 14.1.2: "Capital ship encounters are still rolled for separately on the
// Capital Ship Target Roster [T5]."
func TestS14_1_2CapitalShipsStillRolled(t *testing.T) {
	g := rdVIIC41(t, "14.1")
	evs := g.rdSailTo(3, rdCapital(rdNelson)...)
	if r := firstRoll(t, evs, "T5", ""); r.Natural != rdNelson {
		t.Fatalf("T5 roll %+v", r)
	}
	if !strings.Contains(g.prompt().Text, "Nelson, 34,000 t") {
		t.Fatalf("capital ship: %s", g.prompt().Text)
	}
}

// 14.2.1: "players need only roll for identifying 3 ship targets instead of
// 4 when engaging a Convoy": three size rolls, three roster rolls, three
// targets.
func TestS14_2_1ThreeConvoyTargets(t *testing.T) {
	g := rdVIIC41(t, "14.2")
	evs := g.rdSailTo(3, 3, 3, 1, 1, 1, 1, 1, 1, 2, 1, 3, 2)
	if n := len(rdRolls(evs, "8.2.1")); n != 3 {
		t.Fatalf("%d ship size rolls, want 3\n%s", n, dump(evs))
	}
	if n := len(rolls(evs, "T1", "")); n != 3 {
		t.Fatalf("%d roster rolls, want 3", n)
	}
	text := g.prompt().Text
	if !strings.Contains(text, "#3 ") || strings.Contains(text, "#4 ") {
		t.Fatalf("convoy targets:\n%s", text)
	}
}

// 14.2.1 with 9.7.7: a convoy followed is identified anew "as if a Convoy
// was rolled" — three targets again.
func TestS14_2_1ThreeTargetsAfterFollowing(t *testing.T) {
	g := rdVIIC41(t, "14.2")
	g.rdSailTo(3, 3, 3, 1, 1, 1, 1, 1, 1, 2, 1, 3, 2)
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		g.choose(k)
	}
	g.choose("fire", rdMiss...)
	g.choose("hold_depth", rdEscape...)
	g.expect("hunters.after_combat")
	g.choose("follow")
	// Reload; follow 1: contact; each ship's size and roster; day.
	evs := g.choose(g.keys()[0], 1, 1, 1, 1, 1, 1, 2, 1, 1, 3, 2)
	if n := len(rdRolls(evs, "8.2.1")); n != 3 {
		t.Fatalf("%d ship size rolls after following, want 3\n%s", n, dump(evs))
	}
}

// 14.3.1: "log the names of their targets along with the tonnage values on
// the Patrol Log Sheet."
func TestS14_3_1NamesOnTheLogSheet(t *testing.T) {
	g := rdVIIC41(t, "14.3")
	g.rdSuccess()
	if l := g.view("log"); !strings.Contains(l, "Stonepool") {
		t.Fatalf("the log sheet does not name the ship sunk:\n%s", l)
	}
}

// 14.3.2: "If any ships sunk appear later due to an identical Target Roster
// die roll, please roll again. This way the same ship cannot be sunk twice."
// Stonepool (T1 11) sunk in Mar-41; in May-41 a T1 roll of 11 is rolled
// again (12: Winkleigh). Without 14.3 the same roll gives Stonepool again.
func TestS14_3_2SunkShipsAreRolledAgain(t *testing.T) {
	g := rdVIIC41(t, "14.3")
	g.rdSuccess()
	evs := g.rdSailTo(3, 1, 2, 1, 1, 1, 1, 2, 2)
	ids := rolls(evs, "T1", "")
	if len(ids) != 2 || ids[0].Natural != 11 || ids[1].Natural != 12 {
		t.Fatalf("T1 rolls %+v, want 11 then 12\n%s", ids, dump(evs))
	}
	if !strings.Contains(g.prompt().Text, "Winkleigh") {
		t.Fatalf("target: %s", g.prompt().Text)
	}

	g = rdVIIC41(t, "")
	g.rdSuccess()
	g.rdSailTo(3, rdStonepool...)
	if !strings.Contains(g.prompt().Text, "Stonepool") {
		t.Fatalf("without 14.3: %s", g.prompt().Text)
	}
}

// 14.4.1: "the following is a list of those U-Boats by number that fell
// within the Types": VIIA U-27 to U-36; 14.4.2: "Enter the Historical U-Boat
// ID on your Patrol Log Sheet". A historical VIIA gets one of those numbers,
// shown on the mat and the log sheet.
func TestS14_4_HistoricalUBoatID(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIA", "start": "1939-09", "kommandant": "Lemp", "uboat": "historical"}, 1, 6, 6, 6)
	title := g.rdTitle()
	id := strings.SplitN(title, " ", 2)[0]
	n, err := strconv.Atoi(strings.TrimPrefix(id, "U-"))
	if err != nil || n < 27 || n > 36 {
		t.Fatalf("historical VIIA id %q (title %q), want U-27 to U-36", id, title)
	}
	if l := g.view("log"); !strings.Contains(l, id) {
		t.Fatalf("the log sheet lacks %s:\n%s", id, l)
	}
}

// 14.9: "roll 1d6 after conducting encounters in the final on-station Travel
// Box ... The resupply can occur on a roll of 1"; 14.9.4: "A player is never
// forced to take resupply". No roll after boxes 3-5 of the Atlantic track;
// after box 6 a 1 offers resupply, which he declines: on to box 7.
func TestS14_9RollAfterTheLastOnStationBoxAndDecline(t *testing.T) {
	g := rdVIIC41(t, "14.9")
	evs := g.rdSailTo(6, 2, 2, 1)
	r := rdRolls(evs, "14.9")
	if len(r) != 1 || r[0].Natural != 1 || r[0].Dice != "1d6" {
		t.Fatalf("resupply rolls %+v\n%s", r, dump(evs))
	}
	g.expect("hunters.resupply")
	g.choose("decline")
	g.rdSailHome(g.rdNextP1(2)...)
	if d := g.rdField("Date"); d != "May-41" {
		t.Fatalf("after declining, the next patrol is in %s", d)
	}
}

// 14.9 procedure: "Assuming no encounter occurs, it then receives fuel,
// which places the U-Boat back in the first on-station Travel Box ... It also
// receives Deck Gun ammo (but not over the initial load amount)"; 14.9.2:
// "Resupply can only occur once per patrol"; 14.9.5: "one month is added to
// the Refit period ... writing a P down in the first month following the
// patrol". The deck gun fired 2 of its 10 rounds at Stonepool; resupply
// (Bay of Biscay 6: none; torpedoes 4: none) refills it to 10 and puts the
// boat back in box 3; after box 6 again no roll; home in Mar-41 + P + R:
// next patrol Jun-41.
func TestS14_9ResupplyBackOnStationOncePerPatrolOneMoreMonth(t *testing.T) {
	g := rdVIIC41(t, "14.9")
	g.rdSailTo(3, rdStonepool...)
	for _, k := range []string{"attack", "close", "surfaced", "gun", "t1"} {
		g.choose(k)
	}
	g.choose("t1", 1, 1, 1, 1, 1, 1) // two hits of 2 damage each: sunk
	g.rdLeave()
	if a := g.rdField("Deck gun 8.8cm"); !strings.Contains(a, "ammo 8 of 10") {
		t.Fatalf("setup: deck gun %q", a)
	}
	g.rdSailTo(6, 2, 2, 1)
	g.expect("hunters.resupply")
	evs := g.choose("resupply", 3, 3, 4, 2, 2)
	if a := g.rdField("Deck gun 8.8cm"); !strings.Contains(a, "ammo 10 of 10") {
		t.Fatalf("deck gun after resupply %q", a)
	}
	if _, at := g.rdTrack(); at != 2 {
		t.Fatalf("after resupply the boat is in box %d, want 3 (the first on-station box)\n%s", at+1, dump(evs))
	}
	evs = g.rdSailTo(6, 2, 2)
	if len(rdRolls(evs, "14.9")) != 0 {
		t.Fatalf("a second resupply roll in one patrol:\n%s", dump(evs))
	}
	g.rdSailHome(rdP1Atlantic(t, "1941-06")...)
	if d := g.rdField("Date"); d != "Jun-41" {
		t.Fatalf("after a resupplied patrol in Mar-41 the next begins %s, want Jun-41", d)
	}
	if l := g.view("log"); !strings.Contains(l, "Apr-41  P") {
		t.Fatalf("no P month on the log sheet:\n%s", l)
	}
}

// 14.9 procedure: "On an additional 1d6 roll of 1, the refueling U-Boat also
// receives up to 1d6 worth of G7a torpedoes"; 14.9.3: "only ... if it has
// available capacity for adding torpedoes". Three torpedoes fired (three
// Stonepools) leave room for 3: a roll of 1, then 5 G7a offered, 3 taken.
func TestS14_9TorpedoesUpToCapacity(t *testing.T) {
	g := rdVIIC41(t, "14.9")
	for box := 3; box <= 5; box++ {
		g.rdSailTo(box, rdStonepool...)
		g.rdSinkLone()
	}
	g.rdSailTo(6, 2, 2, 1)
	g.expect("hunters.resupply")
	evs := g.choose("resupply", 3, 3, 1, 5, 2, 2)
	if !said(evs, "3 G7a and 0 G7e torpedoes taken on") {
		t.Fatalf("resupply with room for 3:\n%s", dump(evs))
	}
}

// 14.9 and 14.9.3: "... and it is in range of the allowable torpedo mix permitted, as
// listed on the U-Boat Display Mat (4.5)" (VIIC: 8 G7a / 6 G7e, adjustable
// by 3: at most 11 G7a). Loaded 11 G7a + 3 G7e with the three G7e in the
// forward tubes, the boat fires them; then a roll of 1 offers 3 G7a: none can
// be taken (14 G7a), and a roll of 2 offers 3 G7e: all three are.
func TestS14_9TorpedoesWithinTheMix(t *testing.T) {
	for _, c := range []struct {
		name  string
		kind  int
		taken string
	}{{"G7a", 1, "0 G7a and 0 G7e torpedoes taken on"}, {"G7e", 2, "0 G7a and 3 G7e torpedoes taken on"}} {
		t.Run(c.name, func(t *testing.T) {
			// rdVIIC41's Kommandant, loading 11 G7a + 3 G7e with the G7e
			// forward; the last loading choice rolls P1 3+4 (Atlantic) and box 1.
			g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "Kretschmer", "uboat": "U-99", "rules": "14.9"}, 2)
			g.choose("e3")
			g.rdFeed("f3a0", [][]int{{3, 4}, {4, 4}})
			if g.rdLoading() {
				g.rdFeed(g.keys()[0], [][]int{{3, 4}, {4, 4}})
			}
			g.rdSailTo(3, rdStonepool...)
			for _, k := range []string{"attack", "close", "surfaced", "fwd"} {
				g.choose(k)
			}
			// Tubes 1-3 hold the G7e, tube 4 the G7a: the three G7e go (the
			// first sinks Stonepool, the others miss), tube 4 is held.
			for i := 1; i <= 3; i++ {
				if !strings.Contains(g.prompt().Text, "(G7e)") {
					t.Fatalf("tube %d: %s", i, g.prompt().Text)
				}
				g.choose("t1")
			}
			g.choose("fire", 1, 1, 6, 1, 6, 6, 6, 6)
			g.rdLeave()
			if f := g.rdField("Forward reloads"); f != "5 G7a, 0 G7e" {
				t.Fatalf("setup: forward reloads %q\n%s", f, g.view("status"))
			}
			g.rdSailTo(6, 2, 2, 1)
			g.expect("hunters.resupply")
			evs := g.choose("resupply", 3, 3, c.kind, 3, 2, 2)
			if !said(evs, c.taken) {
				t.Fatalf("want %q:\n%s", c.taken, dump(evs))
			}
		})
	}
}

// 14.9 procedure and 14.9.2 (the second one): "If an encounter results when rolling on the Bay
// of Biscay table, then no resupply is possible, regardless of the result of
// the engagement." The resupply roll brings an aircraft (2+2 = 4), the boat
// crash-dives (A1 7) and goes on to box 7, not back on station.
func TestS14_9EncounterOnTheBiscayRollCancelsResupply(t *testing.T) {
	g := rdVIIC41(t, "14.9")
	g.rdSailTo(6, 2, 2, 1)
	g.expect("hunters.resupply")
	evs := g.choose("resupply", 2, 2, 3, 4)
	if len(rolls(evs, "A1", "")) != 1 {
		t.Fatalf("no aircraft encounter:\n%s", dump(evs))
	}
	if said(evs, "Resupplied") {
		t.Fatalf("resupplied after an encounter:\n%s", dump(evs))
	}
	if _, at := g.rdTrack(); at == 2 {
		t.Fatalf("back on station after an encounter on the Biscay roll")
	}
}

// 14.9.1: "Resupply is not available for the Mediterranean ... and is not
// available for Caribbean/North American patrols". A quiet North America
// patrol and a quiet Mediterranean patrol make no resupply roll.
func TestS14_9_1NoResupplyOffNorthAmericaOrInTheMediterranean(t *testing.T) {
	for _, c := range []struct {
		name, start string
		p1          []int
	}{
		{"North America", "1942-03", []int{3, 4}},
		// P1 12; a first Mediterranean patrol rolls boxes 1-3 without a stop
		// (7.3.3): Bay of Biscay 8, Gibraltar 8 - 2, Mediterranean 6.
		{"Mediterranean", "1941-03", []int{6, 6, 4, 4, 4, 4, 3, 3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": c.start, "kommandant": "K", "uboat": "U-1", "rules": "14.9"}, rdSeq([]int{3}, c.p1)...)
			if labels, _ := g.rdTrack(); !strings.Contains(strings.Join(labels, "|"), c.name) {
				t.Fatalf("track %v", labels)
			}
			evs := g.rdSailHome()
			if len(rdRolls(evs, "14.9")) != 0 {
				t.Fatalf("a resupply roll on a %s patrol:\n%s", c.name, dump(evs))
			}
		})
	}
}

// 14.10.1: "he may ignore the Type IX and Type VII U-Boat patrol
// restrictions as detailed in 7.3.1 and 7.3.2": a VIIC sent to the West
// African Coast (P1 12 in 1941) goes there; a IXB sent to the Mediterranean
// goes there.
func TestS14_10_1NoPatrolRestrictions(t *testing.T) {
	g := loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "K", "uboat": "U-1", "rules": "14.10"}, 3, 5, 5)
	if !said(g.all, "Patrol assignment for Mar-41: West African Coast") {
		t.Fatalf("VIIC:\n%s", dump(g.all))
	}
	// request roll 6, P1 12; a first Mediterranean patrol rolls boxes 1-3
	// without a stop (7.3.3).
	g = loadedCareer(t, map[string]string{"boat": "IXB", "start": "1941-03", "kommandant": "K", "uboat": "U-1", "rules": "14.10"}, 6, 6, 6, 4, 4, 4, 4, 3, 3)
	if !said(g.all, "Patrol assignment for Mar-41: Mediterranean") {
		t.Fatalf("IXB:\n%s", dump(g.all))
	}
	g = loadedCareer(t, map[string]string{"boat": "VIIC", "start": "1942-03", "kommandant": "K", "uboat": "U-1", "rules": "14.10"}, 3, 5, 6)
	if !said(g.all, "Patrol assignment for Mar-42: Caribbean") {
		t.Fatalf("VIIC Caribbean:\n%s", dump(g.all))
	}
}

// 14.11.1: "If a player successfully bypasses Escort Detection and gets to
// Close Range against a Convoy, apply a +1 drm to the ship size roll when
// generating targets. In this case, a modified 6+ would be a Tanker." Past
// the escorts (approach 3+3 +1 = 7), four ship sizes are rolled with +1: 5
// becomes a tanker.
func TestS14_11_1ConvoyPenetrationAtCloseRange(t *testing.T) {
	g := rdVIIC41(t, "14.11")
	g.rdSailTo(3, rdConvoy...)
	g.choose("attack")
	evs := g.choose("close", 3, 3, 5, 1, 1, 1, 1, 5, 1, 1, 1, 2, 1, 3)
	sizes := rdRolls(evs, "8.2.1")
	if len(sizes) != 4 {
		t.Fatalf("%d size rolls after penetrating, want 4\n%s", len(sizes), dump(evs))
	}
	for _, r := range sizes {
		if v, ok := modifier(r, ""); !ok || v != 1 {
			t.Fatalf("size roll %+v, want +1", r)
		}
	}
	if sizes[0].Result != "tanker" || sizes[1].Result != "small freighter" {
		t.Fatalf("5+1 should be a tanker, 1+1 a small freighter: %+v %+v", sizes[0], sizes[1])
	}
}

// 14.11.1: only "against a Convoy" and only when the boat "gets to Close
// Range" undetected: no new sizes at medium range, nor when detected at the
// approach.
func TestS14_11_1NoPenetrationAtMediumRangeOrWhenDetected(t *testing.T) {
	g := rdVIIC41(t, "14.11")
	g.rdSailTo(3, rdConvoy...)
	g.choose("attack")
	evs := g.choose("medium")
	if len(rdRolls(evs, "8.2.1")) != 0 {
		t.Fatalf("new sizes at medium range:\n%s", dump(evs))
	}

	g = rdVIIC41(t, "14.11")
	g.rdSailTo(3, rdConvoy...)
	g.choose("attack")
	evs = g.choose("close", 6, 6, 1, 1) // detected at the approach; E3 2: no hits
	if len(rdRolls(evs, "8.2.1")) != 0 {
		t.Fatalf("new sizes after being detected:\n%s", dump(evs))
	}
}

// 14.5.1: "When conducting Wolfpack Tournaments (13.5), the following
// historical Wolfpack names can be used to name your Wolfpack": the wolfpack
// tournament names its packs from the list (85 entries, 82 names: Kurfürst,
// Ziethen and Blücher appear twice), in the list's order, each once.
func TestS14_5_1WolfpackNamesFromTheList(t *testing.T) {
	rules, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rules.TournamentFormats() {
		if f.Key != "wolfpack" {
			continue
		}
		n := f.TeamNames
		if len(n) != 82 || n[0] != "West" || n[1] != "Kurfürst" || n[2] != "Süd" || n[len(n)-1] != "Falke" {
			t.Fatalf("wolfpack names (%d): %v", len(n), n)
		}
		seen := map[string]bool{}
		for _, name := range n {
			if seen[name] {
				t.Fatalf("%s named twice", name)
			}
			seen[name] = true
		}
		for _, want := range []string{"Eiswolf", "Letzte Ritter", "Störtebecker", "Robbensschlag"} {
			if !seen[want] {
				t.Fatalf("%s missing: %v", want, n)
			}
		}
		return
	}
	t.Fatal("no wolfpack tournament format")
}
