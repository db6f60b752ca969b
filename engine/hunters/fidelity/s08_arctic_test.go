package fidelity

import (
	"strings"
	"testing"
)

// arcticConvoy starts a VIIC on an Arctic patrol in the given month (rank
// roll 1 = OltzS; once the load is stowed, p1 are the P1 faces that give
// "Arctic" in that month's column; the 7.3.5 roll is 4: not permanent), sails
// the two transit boxes quietly and meets a convoy of four Daphnes in box 3;
// dayNight are the faces of the time-of-day roll (none when 8.3.5 needs no
// roll).
func arcticConvoy(t *testing.T, start string, p1 [2]int, dayNight ...int) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": start}, 1)
	g.stow("", p1[0], p1[1], 4, 4, 4)
	if !said(g.all, ": Arctic (") {
		t.Fatalf("no Arctic patrol in %s:\n%s", start, dump(g.all))
	}
	g.choose("sail", 4, 4)
	faces := fs(3, 3, convoyFaces(smallConvoy))
	faces = append(faces[:len(faces)-1], dayNight...) // drop the default day face
	g.choose("sail", faces...)
	g.expect("hunters.engage")
	return g
}

// P1 faces that give the Arctic, by column.
var (
	arctic42H1 = [2]int{1, 1} // 1942-01..06, roll 2
	arctic42H2 = [2]int{1, 2} // 1942-07..12, roll 3
	arctic43H1 = [2]int{4, 6} // 1943-01..06, roll 10
)

// 8.3.5: "ARCTIC PATROLS. Due to the northern latitudes, Day/Night is
// determined differently based upon the month of the patrol. Roll 1d6:
// Jan-Mar Day 1-2 Night 3-6; Apr-May Day 1-4 Night 5-6; July-Sep Day 1-4
// Night 5-6; Oct-Nov Day 1-2 Night 3-6."
func TestS8_3_5ArcticDayAndNightByMonth(t *testing.T) {
	for _, c := range []struct {
		start    string
		p1       [2]int
		lastDay  int // highest day face
		firstNgt int
	}{
		{"1942-01", arctic42H1, 2, 3},
		{"1943-03", arctic43H1, 2, 3},
		{"1942-04", arctic42H1, 4, 5},
		{"1942-05", arctic42H1, 4, 5},
		{"1942-07", arctic42H2, 4, 5},
		{"1942-09", arctic42H2, 4, 5},
		{"1942-10", arctic42H2, 2, 3},
		{"1942-11", arctic42H2, 2, 3},
	} {
		t.Run(c.start, func(t *testing.T) {
			for face, want := range map[int]string{c.lastDay: "Day", c.firstNgt: "Night"} {
				g := arcticConvoy(t, c.start, c.p1, face)
				r := firstRoll(t, g.all, "", "Day or night")
				if !strings.EqualFold(r.Result, want) || !strings.Contains(g.prompt().Text, want+", escorted") {
					t.Errorf("%s, 1d6 = %d: %s / %q, want %s", c.start, face, r.Result, g.prompt().Text, want)
				}
			}
		})
	}
}

// 8.3.5: "It is always Day in June and Night in Dec." No roll is made.
func TestS8_3_5ArcticAlwaysDayInJuneNightInDecember(t *testing.T) {
	g := arcticConvoy(t, "1942-06", arctic42H1)
	if n := len(rolls(g.all, "", "Day or night")); n != 0 {
		t.Errorf("a day/night roll in an Arctic June")
	}
	if !strings.Contains(g.prompt().Text, "Day, escorted") {
		t.Errorf("Arctic June: %q, want Day", g.prompt().Text)
	}
	g = arcticConvoy(t, "1942-12", arctic42H2)
	if n := len(rolls(g.all, "", "Day or night")); n != 0 {
		t.Errorf("a day/night roll in an Arctic December")
	}
	if !strings.Contains(g.prompt().Text, "Night, escorted") {
		t.Errorf("Arctic December: %q, want Night", g.prompt().Text)
	}
	if g.offers("night") {
		t.Errorf("a switch to night offered at night: %v", g.keys())
	}
}

// 8.3.5 with 8.3.2: in an Arctic June "it is always Day", so the attempt "to
// switch from Day to Night" (8.3.2) cannot be offered: there is no night to
// shadow the convoy into. (In the other Arctic months the switch stays
// possible by day: below, April.)
func TestS8_3_5NoSwitchToNightInAnArcticJune(t *testing.T) {
	g := arcticConvoy(t, "1942-06", arctic42H1)
	if g.offers("night") {
		t.Errorf("8.3.5: switching to night is offered in an Arctic June: %v", g.keys())
	}
	if _, err := g.try("night"); err == nil {
		t.Errorf("8.3.5: the switch to night was accepted in an Arctic June: %s", g.where())
	}
	april := arcticConvoy(t, "1942-04", arctic42H1, 1) // Day
	if !april.offers("night") {
		t.Errorf("8.3.2: by day in an Arctic April the switch to night is not offered: %v", april.keys())
	}
}

// 8.3.5 with 8.3.4/9.7.5: following damaged ships the Kommandant chooses Day or
// Night — but not Night in an Arctic June, nor Day in an Arctic December.
func TestS8_3_5FollowingDamagedShipsInTheArcticSummerAndWinter(t *testing.T) {
	for _, c := range []struct {
		start, only, never string
		p1                 [2]int
	}{
		{"1942-06", "day", "night", arctic42H1},
		{"1942-12", "night", "day", arctic42H2},
	} {
		t.Run(c.start, func(t *testing.T) {
			g := arcticConvoy(t, c.start, c.p1)
			g.choose("attack")
			g.choose("medium")
			if g.kind() == "hunters.approach" {
				g.choose("submerged")
			}
			g.choose("fwd")
			g.choose("t1")
			g.choose("fire", 2, 2, 3, 4) // 1 damage to #1
			if g.kind() == "hunters.test_depth" {
				g.choose("hold_depth", 1, 1)
			} else {
				t.Fatalf("after the salvo: %s", g.where())
			}
			g.reloadFirst()
			g.choose("follow_damaged")
			evs := g.reloadThen(1) // 9.7.6: still escorted
			if len(rolls(evs, "", "Day or night")) != 0 {
				t.Errorf("a day/night roll")
			}
			switch g.kind() {
			case "hunters.follow_time":
				if g.offers(c.never) {
					t.Errorf("8.3.5: %s offered in %s: %v", c.never, c.start, g.keys())
				}
			case "hunters.engage":
				want := map[string]string{"day": "Day,", "night": "Night,"}[c.only]
				if !strings.Contains(g.prompt().Text, want) {
					t.Errorf("8.3.5: the followed ship is engaged %q in %s", g.prompt().Text, c.start)
				}
				if c.only == "day" && g.offers("night") {
					t.Errorf("8.3.5: switching to night offered in %s", c.start)
				}
			default:
				t.Fatalf("after following: %s", g.where())
			}
		})
	}
}

// 8.3.5 with 9.7.5/9.7.7: a re-engaged convoy in an Arctic June is met by Day
// without a roll, and no switch to night is offered ("If Day is rolled, the
// U-Boat Kommandant may attempt to switch to Night (8.3.2)" cannot apply).
func TestS8_3_5ReengagedConvoyInAnArcticJune(t *testing.T) {
	g := arcticConvoy(t, "1942-06", arctic42H1)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6) // a miss
	g.choose("hold_depth", 1, 1)
	g.reloadFirst()
	g.choose("follow")
	faces := fs(1, convoyFaces(smallConvoy))
	evs := g.reloadThenOr("", faces[:len(faces)-1]...) // contact; no time roll
	g.expect("hunters.engage")
	if len(rolls(evs, "", "Day or night")) != 0 {
		t.Errorf("a day/night roll for the re-engaged convoy in June")
	}
	if g.offers("night") {
		t.Errorf("8.3.5: switching to night offered for the re-engaged convoy in an Arctic June: %v", g.keys())
	}
}

// 8.3.5 for a game saved at the 8.3.4 follow-time prompt before the fix: the
// saved state is moved to June (its month edited in the encoded game) and,
// once loaded, offers Day only.
func TestS8_3_5SavedFollowTimePromptInJuneOffersDayOnly(t *testing.T) {
	g := arcticConvoy(t, "1942-04", arctic42H1, 1)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 2, 2, 3, 4)
	g.choose("hold_depth", 1, 1)
	g.reloadFirst()
	g.choose("follow_damaged")
	g.reloadThen(1)
	g.expect("hunters.follow_time")
	raw, err := g.state.Encode()
	if err != nil {
		t.Fatal(err)
	}
	june := strings.Replace(string(raw), `"month":"1942-04"`, `"month":"1942-06"`, 1)
	if june == string(raw) {
		t.Fatalf("no month to edit in the saved game")
	}
	rules, err := loadedRules()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.Decode([]byte(june))
	if err != nil {
		t.Fatalf("decoding the edited game: %v", err)
	}
	p := st.Pending()
	if p == nil || strings.Join(optionKeys(p), ",") != "day" {
		t.Errorf("saved follow-time prompt in an Arctic June: %+v, want Day only", p)
	}
}
