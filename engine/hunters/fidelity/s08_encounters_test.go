package fidelity

import (
	"strings"
	"testing"
)

// atlanticMar41Box3 starts a VIIC in Mar-41 on an Atlantic patrol (rank 1;
// P1 7, once the load is stowed) and sails quietly to the third box (the first Atlantic one); faces are
// box 3's dice.
func atlanticMar41Box3(t *testing.T, faces ...int) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.stow("", 3, 4, 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", faces...)
	return g
}

// northAmericaJul42Box5 starts a VIIC in Jul-42 on a North America patrol
// (rank 1; P1 10, once the load is stowed) and sails to box 5, the first North America box.
func northAmericaJul42Box5(t *testing.T, faces ...int) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1942-07"}, 1)
	g.stow("", 4, 6, 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", faces...)
	return g
}

// 8.1.1: "Roll once per Travel Box for a possible encounter ... Exception: some
// Travel Boxes may contain a “x2” or “x3” indicator, which means you must roll
// for encounters that many times before advancing to the next Travel Box."
// IXB British Isles: box 5 is "x2"; IXC Atlantic: box 5 is "x3".
func TestS8_1_1TwoAndThreeRollsInMarkedBoxes(t *testing.T) {
	// IXB Apr-40: KptLt; once loaded, request roll 2, P1 6 = British Isles.
	// Apr-40: no Bay of Biscay yet. British Isles 3+4 = 7: none.
	g := career(t, map[string]string{"boat": "IXB", "start": "1940-04"})
	g.stow("", 2, 3, 3, 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 3, 4)
	g.choose("sail", 3, 4)
	evs := g.choose("sail", 3, 4, 3, 4)
	if n := len(rolls(evs, "E1", "")); n != 2 {
		t.Errorf("IXB box 5 (x2): %d encounter rolls, want 2:\n%s", n, dump(evs))
	}
	evs = g.choose("sail", 3, 4)
	if n := len(rolls(evs, "E1", "")); n != 1 {
		t.Errorf("IXB box 6: %d encounter rolls, want 1", n)
	}

	// IXC May-41: KptLt; once loaded, request 2, P1 7 = Atlantic; Atlantic
	// 4+4 = none.
	ix := career(t, map[string]string{"boat": "IXC", "start": "1941-05"})
	ix.stow("", 2, 3, 4, 4, 4)
	ix.choose("sail", 4, 4)
	ix.choose("sail", 4, 4)
	ix.choose("sail", 4, 4)
	evs = ix.choose("sail", 4, 4, 4, 4, 4, 4)
	if n := len(rolls(evs, "E1", "")); n != 3 {
		t.Errorf("IXC box 5 (x3): %d encounter rolls, want 3:\n%s", n, dump(evs))
	}
}

// 8.1.4: "If so, simply advance the U-Boat marker to the next Travel Box (or
// make the next roll if in a “x2” or “x3” box and you have not yet rolled that
// many iterations); the encounter has ended and the U-Boat is undetected."
func TestS8_1_4AvoidingInAnX2BoxStillRollsAgain(t *testing.T) {
	g := career(t, map[string]string{"boat": "IXB", "start": "1940-04"})
	g.stow("", 2, 3, 3, 4, 4) // request roll 2, P1 6 British Isles; box 1 none
	g.choose("sail", 4, 4)
	g.choose("sail", 3, 4)
	g.choose("sail", 3, 4)
	// box 5 (x2): 5+5 = convoy; four small freighters by day; avoid.
	g.choose("sail", fs(5, 5, convoyFaces(smallConvoy))...)
	g.expect("hunters.engage")
	evs := g.choose("avoid", 3, 4) // the second roll of box 5
	if n := len(rolls(evs, "E2", "")); n != 0 {
		t.Errorf("avoiding combat rolled for detection:\n%s", dump(evs))
	}
	if r := rolls(evs, "E1", ""); len(r) != 1 || !strings.Contains(dump(evs), "box 5") && eventIndex(evs, "box 6") >= 0 {
		t.Errorf("after avoiding, want box 5's second roll:\n%s", dump(evs))
	}
	if eventIndex(evs, "enters box 6") >= 0 {
		t.Errorf("the boat left the x2 box after one roll:\n%s", dump(evs))
	}
}

// 8.1.2: "The Encounter Chart [E1] specifies the type of engagement that occurs
// ... as well as whether or not an escort exists." 8.1.3: "Convoys always consist of four ships. Capital ship and Convoy
// encounters always include enemy Escorts ... The following engagements do not
// include Escorts: Ship, Two Ships, and Tanker." (9.4.1 the same; "Ship +
// Escort" and "Two Ships + Escort" name theirs.)
func TestS8_1_3WhoIsEscorted(t *testing.T) {
	for _, c := range []struct {
		name    string
		g       func(t *testing.T) *game
		ships   int
		escort  bool
		roster  string
		sizeDie bool
	}{
		{"convoy", func(t *testing.T) *game {
			return atlanticMar41Box3(t, fs(3, 3, convoyFaces(smallConvoy))...)
		}, 4, true, "T1", true},
		{"ship", func(t *testing.T) *game { return atlanticMar41Box3(t, 1, 2, 3, 3, 3, 3) }, 1, false, "T1", true},
		// Atlantic 2 = capital ship: T5 1d10 (4 = Belfast), day.
		{"capital", func(t *testing.T) *game { return atlanticMar41Box3(t, 1, 1, 4, 3) }, 1, true, "T5", false},
		// North America 8 = two ships: sizes 3, 3; T4 1d20 each; day.
		{"two ships", func(t *testing.T) *game { return northAmericaJul42Box5(t, 4, 4, 3, 3, 5, 6, 3) }, 2, false, "T4", true},
		// North America 9 = tanker: T4 tanker 1d20; day.
		{"tanker", func(t *testing.T) *game { return northAmericaJul42Box5(t, 4, 5, 5, 3) }, 1, false, "T4", false},
		// North America 5 = two ships + escort.
		{"two ships + escort", func(t *testing.T) *game { return northAmericaJul42Box5(t, 2, 3, 3, 3, 5, 6, 3) }, 2, true, "T4", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.g(t)
			g.expect("hunters.engage")
			text := g.prompt().Text
			if got := strings.Count(text, "\n  #"); got != c.ships {
				t.Errorf("%d targets, want %d:\n%s", got, c.ships, text)
			}
			escorted := strings.Contains(text, ", escorted.")
			if escorted != c.escort {
				t.Errorf("escorted = %v, want %v:\n%s", escorted, c.escort, text)
			}
			ids := rolls(g.all, c.roster, "")
			if len(ids) != c.ships {
				t.Errorf("%d identity rolls on %s, want %d", len(ids), c.roster, c.ships)
			}
			if sizes := len(rolls(g.all, "E1", "Ship size")); (sizes > 0) != c.sizeDie {
				t.Errorf("%d size rolls, want them: %v", sizes, c.sizeDie)
			}
		})
	}
}

// 8.1.5: "If an Aircraft Encounter occurs, immediately resolve the combat ...
// You may not choose to avoid combat with Aircraft." No prompt comes between
// the encounter and the A1 roll.
func TestS8_1_5AircraftAreNotAvoidable(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.stow("", 3, 4, 4, 4)              // P1 7; box 1 none
	evs := g.choose("sail", 1, 1, 4, 4) // box 2 Transit 2: aircraft; A1 8: dives
	if len(rolls(evs, "A1", "")) != 1 {
		t.Errorf("the aircraft was not resolved at once:\n%s", dump(evs))
	}
}

// 8.1.6: "Encounters are ignored when a Random Event is triggered." An
// Atlantic natural 12 (the table's Convoy) is the random event only.
func TestS8_1_6RandomEventReplacesTheEncounter(t *testing.T) {
	g := atlanticMar41Box3(t, 6, 6, 3, 4) // R1 7: Hals und Beinbruch
	if n := len(rolls(g.all, "E1", "Ship size")); n != 0 {
		t.Errorf("the convoy of the 12 was rolled up too")
	}
	if g.kind() == "hunters.engage" {
		t.Errorf("an engagement after a random event: %s", g.where())
	}
}

// 8.2.1: "roll 1d6 for each target ship to determine its general size ... For
// convoys, roll 4d6". E1's size table: 1-3 small freighter, 4-5 large
// freighter, 6 tanker. 8.2.2: the roster of each size: T1, T2, T3.
// 8.2.5: "The circled number(s) on the ship markers indicates the amount of
// damage required to sink the ship (based on the tonnage value of the ship)"
// — U3: 5,000 t or less 2, 5,001-9,999 t 3, 10,000 t or more 4, capital ship
// 5; "there are 3 small tankers on the target list that are 5000 tons or less
// ... they only require 2 hit points to sink".
func TestS8_2_1SizesRostersAndDamageBoxes(t *testing.T) {
	ships := [4]ship{{3, 3, 3}, {4, 4, 5}, {5, 3, 4}, {6, 1, 5}} // Daphne, Calchas, Empress, Leticia
	g := atlanticMar41Box3(t, fs(3, 3, convoyFaces(ships))...)
	g.expect("hunters.engage")
	var rosters []string
	for _, r := range rolls(g.all, "", "identity") {
		rosters = append(rosters, r.Chart)
	}
	if strings.Join(rosters, ",") != "T1,T2,T2,T3" {
		t.Errorf("rosters %v, want T1 (3), T2 (4), T2 (5), T3 (6)", rosters)
	}
	text := g.prompt().Text
	for _, want := range []string{
		"Daphne, 2,000 t, 0/2 damage",
		"Calchas, 10,300 t, 0/4 damage",
		"Empress of Britain, 42,300 t, 0/4 damage",
		"Leticia, 2,600 t, 0/2 damage",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("targets lack %q:\n%s", want, text)
		}
	}
	// A 5,001-9,999 t ship takes 3: Athenic (T2 44, 5,400 t).
	g = atlanticMar41Box3(t, 1, 2, 4, 4, 4, 3)
	if text := g.prompt().Text; !strings.Contains(text, "Athenic, 5,400 t, 0/3 damage") {
		t.Errorf("a 5,400 t ship:\n%s", text)
	}
	// A capital ship takes 5: Atlantic 2, T5 4 = Belfast (10,000 t).
	g = atlanticMar41Box3(t, 1, 1, 4, 3)
	if text := g.prompt().Text; !strings.Contains(text, "5 damage") {
		t.Errorf("a capital ship:\n%s", text)
	}
}

// 8.2.3: "For North America patrol assignments only, consult the North America
// Target Roster [T4] to determine the target ship(s) encountered." A North
// America convoy: four T4 rolls.
func TestS8_2_3NorthAmericaConvoyOnT4(t *testing.T) {
	// North America 11 = convoy: sizes 3,4,5,6; T4 1d20 each; day.
	g := northAmericaJul42Box5(t, 5, 6, 3, 4, 5, 6, 1, 1, 1, 1, 3)
	g.expect("hunters.engage")
	if n := len(rolls(g.all, "T4", "")); n != 4 {
		t.Errorf("%d T4 rolls for a North America convoy, want 4", n)
	}
	for _, ch := range []string{"T1", "T2", "T3"} {
		if n := len(rolls(g.all, ch, "")); n != 0 {
			t.Errorf("a North America ship identified on %s", ch)
		}
	}
}

// 8.2.4: "Record the tonnage of each ship on your Log Sheet, as it will count
// when determining level of victory."
func TestS8_2_4TonnageOnTheLogSheet(t *testing.T) {
	g := unescortedShipVIIC(t)
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 2, 2, 3, 1) // Yorkshire, 10,000 t: sunk
	if log := g.view("log"); !strings.Contains(log, "10,000") {
		t.Errorf("the log sheet does not show the 10,000 t sunk:\n%s", log)
	}
	if st := g.view("status"); field(st, "Tonnage") != "10,000 t, 1 ship" {
		t.Errorf("status tonnage %q", field(st, "Tonnage"))
	}
}

// 8.2.6: "Once ships have been identified, players may decline to attack. If
// so, the encounter is over and the U-Boat is undetected. Move your U-Boat to
// the next Travel Box".
func TestS8_2_6DeclineAfterIdentification(t *testing.T) {
	g := atlanticMar41Box3(t, fs(3, 3, convoyFaces(smallConvoy))...)
	if !g.offers("avoid") {
		t.Fatalf("no way to decline: %v", g.keys())
	}
	evs := g.choose("avoid")
	if len(rolls(evs, "E2", "")) != 0 {
		t.Errorf("declining rolled for detection:\n%s", dump(evs))
	}
	g.expect("hunters.proceed")
	if !strings.Contains(g.prompt().Text, "Box 3 of 8") {
		t.Errorf("after declining: %s", g.where())
	}
}

// 8.3.1: "For each engagement, consult the Encounter Chart [E1] and roll 1d6 to
// determine the time of day (Day or Night)": E1 1-3 Day, 4-6 Night.
func TestS8_3_1DayOrNight(t *testing.T) {
	for face, want := range map[int]string{1: "Day", 3: "Day", 4: "Night", 6: "Night"} {
		g := atlanticMar41Box3(t, 1, 2, 3, 3, 3, face)
		r := firstRoll(t, g.all, "E1", "Day or night")
		if !strings.EqualFold(r.Result, want) || !strings.Contains(g.prompt().Text, want+",") {
			t.Errorf("day/night %d: %s, prompt %q; want %s", face, r.Result, g.prompt().Text, want)
		}
	}
}

// 8.3.2: "the player may attempt to switch from Day to Night at the risk of
// losing contact ... You run the risk of losing contact with the target (on a
// roll of 5 or 6), in which case the encounter immediately ends." 8.3.3: the
// Day/Night marker shows the time of day the engagement is fought in.
func TestS8_3_2SwitchToNight(t *testing.T) {
	for _, c := range []struct {
		face int
		lost bool
	}{{1, false}, {4, false}, {5, true}, {6, true}} {
		g := atlanticMar41Box3(t, fs(3, 3, convoyFaces(smallConvoy))...)
		if !g.offers("night") {
			t.Fatalf("no switch to night by day: %v", g.keys())
		}
		evs := g.choose("night", c.face)
		r := firstRoll(t, evs, "E1", "")
		if r.Dice != "1d6" {
			t.Errorf("switch roll %s", r)
		}
		if c.lost {
			if g.kind() == "hunters.engage" {
				t.Errorf("roll %d: contact not lost: %s", c.face, g.where())
			}
			if len(rolls(evs, "E2", "")) != 0 {
				t.Errorf("roll %d: losing contact rolled for detection", c.face)
			}
			continue
		}
		g.expect("hunters.engage")
		if !strings.Contains(g.prompt().Text, "Night, escorted") {
			t.Errorf("roll %d: still %q", c.face, g.prompt().Text)
		}
		if g.offers("night") {
			t.Errorf("roll %d: switching to night offered at night", c.face)
		}
	}
}

// 8.3.2: "(exception undamaged Capital ships may not be changed from Day to
// Night)".
func TestS8_3_2NoSwitchAgainstAnUndamagedCapitalShip(t *testing.T) {
	g := atlanticMar41Box3(t, 1, 1, 4, 3) // capital ship Belfast by day
	g.expect("hunters.engage")
	if g.offers("night") {
		t.Errorf("switch to night offered against an undamaged capital ship: %v", g.keys())
	}
}

// 8.3.4: "When Following target ships that are already damaged, no roll is
// necessary; the Kommandant may choose Day or Night (9.7.5)." One Daphne is
// damaged (U3 4: 1 point of 2); the boat follows it (9.7.6: 1d6 1-4 still
// escorted).
func TestS8_3_4FollowingDamagedShipsChooseTheTime(t *testing.T) {
	g := atlanticMar41Box3(t, fs(3, 3, convoyFaces(smallConvoy))...)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 2, 2, 3, 4) // hit, no dud, 1 damage
	g.choose("hold_depth", 1, 1)
	g.reloadFirst()
	g.expect("hunters.after_combat")
	follow := ""
	for _, k := range g.keys() {
		if strings.Contains(strings.ToLower(g.label(k)), "damaged") {
			follow = k
		}
	}
	if follow == "" {
		t.Fatalf("no way to follow the damaged ship: %v", g.keys())
	}
	evs := g.choose(follow)
	evs = append(evs, g.reloadThen(1)...) // 9.7.6: 1 = still escorted
	t.Logf("at %s", g.where())
	if len(rolls(evs, "E1", "Day or night")) != 0 {
		t.Errorf("a day/night roll when following damaged ships:\n%s", dump(evs))
	}
	if !g.offers("day") && !g.offers("night") {
		t.Errorf("the Kommandant is not asked Day or Night: %s", g.where())
	}
}
