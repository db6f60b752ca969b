package fidelity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// 4.1.1: "Begin by selecting one of the eight U-Boat types that you wish to
// captain" — VIIA, VIIB, VIIC, VIID, IXA, IXB, IXC and the VIIC Flak (4.2.2's
// table); nothing else is a boat.
func TestS4_1_1EightBoatTypesAndNoOther(t *testing.T) {
	rules, err := loadedRules()
	if err != nil {
		t.Fatal(err)
	}
	var boats []string
	for _, f := range engine.Rules(rules).(engine.SetupForm).SetupFields() {
		if f.Key == "boat" {
			for _, o := range f.Options {
				boats = append(boats, o.Key)
			}
		}
	}
	want := map[string]bool{"VIIA": true, "VIIB": true, "VIIC": true, "VIID": true, "IXA": true, "IXB": true, "IXC": true, "VIIC_Flak": true}
	if len(boats) != 8 {
		t.Fatalf("boat options %v, want the eight types of 4.1.1", boats)
	}
	for _, b := range boats {
		if !want[b] {
			t.Errorf("boat option %q is not one of the eight types", b)
		}
	}
	if err := setupErr(t, map[string]string{"boat": "XXI", "start": "1943-06"}); err == nil {
		t.Error("a Type XXI was accepted: 4.1.1 offers eight types only")
	}
}

// 4.2.1: "The availability date for the U-Boat type will be the start date of
// your first patrol." With no start date given, every type's first patrol
// (assigned once the first load is stowed, 4.4.2) is its 4.2.2 date: "Sept-39 VIIA*, VIIB, IXA / Apr-40 IXB / Oct-40 VIIC /
// May-41 IXC / Jan-42 VIID / May-43 VIIC Flak".
func TestS4_2_1FirstPatrolOnTheAvailabilityDate(t *testing.T) {
	for boat, month := range map[string]string{
		"VIIA": "Sep-39", "VIIB": "Sep-39", "IXA": "Sep-39", "IXB": "Apr-40",
		"VIIC": "Oct-40", "IXC": "May-41", "VIID": "Jan-42", "VIIC_Flak": "May-43",
	} {
		t.Run(boat, func(t *testing.T) {
			g := loose(t, map[string]string{"boat": boat}, 4)
			g.stowLoose(4)
			if !said(g.all, "Patrol assignment for "+month) {
				t.Fatalf("%s's first patrol is not in %s:\n%s", boat, month, dump(g.all))
			}
			if got := field(g.view("status"), "Date"); got != month {
				t.Errorf("status date %q, want %s", got, month)
			}
		})
	}
}

// 4.2.2: the start dates "in chronological order for each U-Boat type": a
// career cannot begin before its boat exists (4.1.1's note: the VIIC "does
// not become available until October 1940"), and can begin on that month.
func TestS4_2_2NoCareerBeforeTheBoatExists(t *testing.T) {
	for _, c := range []struct{ boat, before, on string }{
		{"VIIC", "1940-09", "1940-10"},
		{"IXB", "1940-03", "1940-04"},
		{"IXC", "1941-04", "1941-05"},
		{"VIID", "1941-12", "1942-01"},
	} {
		if err := setupErr(t, map[string]string{"boat": c.boat, "start": c.before}); err == nil {
			t.Errorf("a %s career starting %s was accepted (available %s)", c.boat, c.before, c.on)
		}
		if err := setupErr(t, map[string]string{"boat": c.boat, "start": c.on}); err != nil {
			t.Errorf("a %s career starting %s was refused: %v", c.boat, c.on, err)
		}
	}
}

// vIIAPatrolNov40 sails a Type VIIA (rank roll 1 = OltzS, 11.2.2) on a quiet
// Atlantic patrol in Nov-40 (P1 roll 6 in the Jul-Dec 1940 column, once the
// load is stowed) and brings it home; the refit ends in Dec-40 and the boat
// loads for the next patrol, in Jan-41.
func vIIAPatrolNov40(t *testing.T, rules string) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIA", "start": "1940-11", "rules": rules}, 1)
	// P1 3+3; VIIA Atlantic track: BoB, Transit, Atlantic x3, Transit, BoB (7 boxes).
	g.stow("", 3, 3, 4, 4) // box 1 (Bay of Biscay): 8 → none
	if !said(g.all, "Patrol assignment for Nov-40: Atlantic") {
		t.Fatalf("want an Atlantic patrol in Nov-40:\n%s", dump(g.all))
	}
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	g.choose("sail", 4, 4)
	// box 6 and 7 (return transit) and the refit, up to the next load.
	g.choose("sail", 4, 4, 4, 4)
	return g
}

// 4.2.2: "Type VIIA U-Boats were historically withdrawn from service in 12/40.
// Any player still commanding one at that time receives an automatic upgrade
// to a Type VIIC during Refit."
func TestS4_2_2VIIAWithdrawnInDecember1940BecomesVIIC(t *testing.T) {
	g := vIIAPatrolNov40(t, "")
	if got := field(g.view("status"), "Date"); got != "Jan-41" {
		t.Fatalf("the boat loads for a patrol in %q, want Jan-41:\n%s", got, dump(tail(g.all, 15)))
	}
	if title := strings.SplitN(g.view("status"), "\n", 2)[0]; !strings.Contains(title, "Type VIIC") {
		t.Errorf("after the Dec-40 refit the boat is %q, want a Type VIIC (4.2.2)", title)
	}
	// A VIIC's load: 14 torpedoes, mix 8/6 adjustable by 3 (the mat).
	g.expect("hunters.torpedo_mix")
	if !g.offers("e9") || g.offers("e10") {
		t.Errorf("torpedo mix %v is not a VIIC's 14 torpedoes", g.keys())
	}
}

// 4.2.2: "OPTIONAL: Players may disregard this if they desire at the cost of
// historical accuracy" — with 4.2.2-keep-viia the VIIA sails on in 1941.
func TestS4_2_2OptionalKeepTheVIIA(t *testing.T) {
	g := vIIAPatrolNov40(t, "4.2.2-keep-viia")
	if title := strings.SplitN(g.view("status"), "\n", 2)[0]; !strings.Contains(title, "Type VIIA") {
		t.Errorf("with 4.2.2-keep-viia the boat is %q, want the Type VIIA", title)
	}
}

// 4.3.1: "recording the following information in the header of the Log Sheet.
// U-Boat Type ... ID ... Kmdt".
func TestS4_3_1LogSheetHeader(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "Prien", "uboat": "U-47"}, 1)
	head := strings.SplitN(g.view("log"), "\n", 2)[0]
	for _, want := range []string{"U-47", "VIIC", "Prien"} {
		if !strings.Contains(head, want) {
			t.Errorf("log sheet header %q lacks %q (4.3.1)", head, want)
		}
	}
}

// 4.4.2: "Place either the Olt zS or KptLt marker in the Rank box ... Place the
// Trained Crew Quality marker ... Place the appropriate Torpedo and Deck Gun
// Ammo markers". 4.4.1: the Display Mat is that of the chosen type.
func TestS4_4_2InitialDisplayMat(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "Prien", "uboat": "U-47"}, 1)
	st := g.view("status")
	title := strings.SplitN(st, "\n", 2)[0]
	if !strings.Contains(title, "Type VIIC") || !strings.Contains(title, "Oberleutnant zur See") {
		t.Errorf("status title %q: want the VIIC mat with the OltzS rank of the 1941 roll of 1", title)
	}
	if got := field(st, "Crew quality"); got != "Trained" {
		t.Errorf("crew quality %q, want Trained (4.4.2)", got)
	}
	if got := field(st, "Deck gun 8.8cm"); !strings.Contains(got, "ammo 10 of 10") {
		t.Errorf("deck gun %q, want its full ammo (4.4.2, 4.6.2)", got)
	}
	if got := field(st, "Patrols"); !strings.HasPrefix(got, "0") {
		t.Errorf("patrols %q, want none yet", got)
	}
}

// 4.5 procedure 1-3: "Select a total number of torpedo markers that
// corresponds with the total torpedo load count. You may now alter the mix of
// G7a and G7e torpedo markers up to the number specified" — VIIA 11 (6/5, by
// 1), VIIB/VIIC/VIID 14 (8/6, by 3: "swap out (up to 3 in this case)"), Type IX
// 22 (12/10, by 4).
func TestS4_5MixAdjustableByTheMatFigure(t *testing.T) {
	for _, c := range []struct {
		boat, start string
		g7e         []string // offered G7e counts
	}{
		{"VIIA", "1939-09", []string{"e4", "e5", "e6"}},
		{"VIIB", "1939-09", []string{"e3", "e4", "e5", "e6", "e7", "e8", "e9"}},
		{"VIIC", "1941-03", []string{"e3", "e4", "e5", "e6", "e7", "e8", "e9"}},
		{"IXC", "1941-05", []string{"e6", "e7", "e8", "e9", "e10", "e11", "e12", "e13", "e14"}},
	} {
		t.Run(c.boat, func(t *testing.T) {
			// The set-up ends with the load (4.4.2): no assignment, so no
			// minelaying mission, has changed it yet (7.4.2).
			g := loose(t, map[string]string{"boat": c.boat, "start": c.start}, 4)
			g.expect("hunters.torpedo_mix")
			if got := g.keys(); strings.Join(got, ",") != strings.Join(c.g7e, ",") {
				t.Errorf("%s mixes %v, want %v", c.boat, got, c.g7e)
			}
		})
	}
}

// 4.5 procedure 4-6: "Place the individual torpedo markers in the numbered
// Forward and Aft Torpedo Tube boxes. Only one torpedo marker may be placed per
// box. Place the remaining torpedo markers in the Forward and Aft Reloads Boxes
// ... The total number of torpedoes loaded will always equal the boat's
// capacity." VIIC: 4+1 tubes, reloads 8+1; IXC: 4+2 tubes, reloads 14+2.
func TestS4_5TubesThenReloadsMakeTheCapacity(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.choose("e6")
	g.choose("f1a1")           // forward 3 G7a + 1 G7e, aft 1 G7e
	g.choose("z0", 3, 4, 4, 4) // aft reload: a G7a; P1 7; box 1 none
	st := g.view("status")
	ft, at := field(st, "Forward tubes"), field(st, "Aft tubes")
	if strings.Count(ft, "G7e") != 1 || strings.Count(ft, "G7a") != 3 || at != "G7e" {
		t.Errorf("tubes %q / %q, want 3 G7a + 1 G7e forward and one G7e aft", ft, at)
	}
	// 14 - 5 in the tubes = 9 reloads: the 8-box forward, the 1-box aft.
	if fr, ar := field(st, "Forward reloads"), field(st, "Aft reloads"); fr != "4 G7a, 4 G7e" || ar != "1 G7a, 0 G7e" {
		t.Errorf("reloads forward %q, aft %q: want 4 G7a + 4 G7e (8) and 1 G7a", fr, ar)
	}

	ix := career(t, map[string]string{"boat": "IXC", "start": "1941-05"})
	ix.stow("e10", 2, 3, 4, 4, 4)
	st = ix.view("status")
	if got := field(st, "Forward tubes"); strings.Count(got, "G7") != 4 {
		t.Errorf("IXC forward tubes %q, want 4 torpedoes", got)
	}
	if got := field(st, "Aft tubes"); strings.Count(got, "G7") != 2 {
		t.Errorf("IXC aft tubes %q, want 2 torpedoes", got)
	}
	if n := countTorps(field(st, "Forward reloads")); n != 14 {
		t.Errorf("IXC forward reloads %q, want 14", field(st, "Forward reloads"))
	}
	if n := countTorps(field(st, "Aft reloads")); n != 2 {
		t.Errorf("IXC aft reloads %q, want 2", field(st, "Aft reloads"))
	}
}

// countG7e adds the G7e numbers of "N G7a, M G7e, ...".
func countG7e(s string) int {
	n := 0
	for _, part := range strings.Split(s, ",") {
		var k int
		var typ string
		if _, err := fmt.Sscan(strings.TrimSpace(part), &k, &typ); err == nil && typ == "G7e" {
			n += k
		}
	}
	return n
}

// countTorps adds the numbers of "N G7a, M G7e".
func countTorps(s string) int {
	n := 0
	for _, part := range strings.Split(s, ",") {
		var k int
		var typ string
		if _, err := fmt.Sscan(strings.TrimSpace(part), &k, &typ); err == nil {
			n += k
		}
	}
	return n
}

// unescortedShipVIIC starts a VIIC in Mar-41 (Atlantic) with the tubes all
// G7a and the aft reload a G7e, meets a lone large freighter (Yorkshire,
// 10,000 t) by day in box 3 and attacks it surfaced at close range.
func unescortedShipVIIC(t *testing.T) *game {
	t.Helper()
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.choose("e6")
	g.choose("f0a0")
	g.choose("z1", 3, 4, 4, 4) // aft reload: the G7e; P1 7; box 1: none
	g.choose("sail", 4, 4)
	// box 3 Atlantic: 3 = ship; size 5 = large; T2 11 = Yorkshire; day.
	g.choose("sail", 1, 2, 5, 1, 1, 3)
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.expect("hunters.weapon")
	return g
}

// 4.5 procedure 8: "the tubes may be reloaded. Forward Torpedo Tubes are
// reloaded with torpedoes contained in the Forward Reloads Box. Likewise, the
// Aft Torpedo Tube is reloaded with torpedoes contained in the Aft Reloads
// Box." 4.5.1: "Once the Reload Box for a given section is spent, no reload is
// possible while out on patrol."
func TestS4_5_1AftTubeReloadsOnlyFromTheAftBox(t *testing.T) {
	g := unescortedShipVIIC(t)
	g.choose("aft")
	g.choose("t1", 6, 6) // miss
	g.choose("done")
	// 9.4.3: another round; reload first, then the Add'l Round roll: 12 = none.
	evs := g.choose("again", 6, 6)
	if !said(evs, "aft tube: now [G7e]") {
		t.Errorf("the aft tube was not reloaded with the aft box's G7e:\n%s", dump(evs))
	}
	if got := field(g.view("status"), "Forward reloads"); got != "3 G7a, 5 G7e" {
		t.Errorf("forward reloads %q changed by an aft reload", got)
	}
	g.choose("aft")
	g.choose("t1", 6, 6)
	g.choose("done")
	g.choose("again", 6, 6)
	if g.offers("aft") {
		t.Errorf("the aft tube fires again with its reload box spent (4.5.1): %v", g.keys())
	}
	if got := field(g.view("status"), "Aft tubes"); strings.Contains(got, "G7") {
		t.Errorf("aft tube %q reloaded from nothing (4.5.1)", got)
	}
	if !g.offers("fwd") {
		t.Errorf("the forward tubes, never fired, are not offered: %v", g.keys())
	}
}

// 4.5.2 (optional): "Your U-Boat should always start with all Forward and Aft
// Torpedo Tubes loaded with G7a (steam) torpedoes. Furthermore, Type VII
// U-Boats can only carry a maximum of 5 G7e torpedoes and Type IX U-Boats can
// only carry a maximum of 6 G7e torpedoes, all of which begin as reloads."
func TestS4_5_2InitialLoadRestrictions(t *testing.T) {
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03", "rules": "4.5.2"}, 1)
	g.expect("hunters.torpedo_mix")
	if got := strings.Join(g.keys(), ","); got != "e3,e4,e5" {
		t.Errorf("VIIC mixes under 4.5.2: %s, want at most 5 G7e (e3,e4,e5)", got)
	}
	g.stow("e5", 3, 4, 4, 4)
	st := g.view("status")
	if got := field(st, "Forward tubes") + field(st, "Aft tubes"); strings.Contains(got, "G7e") {
		t.Errorf("tubes %q hold a G7e under 4.5.2", got)
	}
	if got := field(st, "Forward reloads"); !strings.Contains(got, "G7e") {
		t.Errorf("forward reloads %q: the G7e begin as reloads", got)
	}

	// VIIA: 6/5 adjustable by 1 (4-6 G7e), at most 5: e4, e5.
	va := career(t, map[string]string{"boat": "VIIA", "start": "1939-09", "rules": "4.5.2"})
	va.expect("hunters.torpedo_mix")
	if got := strings.Join(va.keys(), ","); got != "e4,e5" {
		t.Errorf("VIIA mixes under 4.5.2: %s, want e4,e5", got)
	}

	// IXC: the mat allows 6 to 14 G7e, 4.5.2 at most 6: the mix is 16/6.
	ix := career(t, map[string]string{"boat": "IXC", "start": "1941-05", "rules": "4.5.2"})
	if ix.kind() == "hunters.torpedo_mix" && strings.Join(ix.keys(), ",") != "e6" {
		t.Errorf("IXC mixes under 4.5.2: %v, want only 6 G7e", ix.keys())
	}
	ix.stow("", 2, 3, 4, 4, 4)
	st = ix.view("status")
	if got := field(st, "Forward tubes") + field(st, "Aft tubes"); strings.Contains(got, "G7e") {
		t.Errorf("IXC tubes %q hold a G7e under 4.5.2", got)
	}
	if got := field(st, "Forward reloads") + ", " + field(st, "Aft reloads"); countG7e(got) != 6 {
		t.Errorf("IXC reloads %q: want 6 G7e", got)
	}
}

// 4.5.2 with 7.4.2: mines replace the tube torpedoes, the reloads may be
// rebalanced "as desired", but a Type VII still carries at most 5 G7e.
func TestS4_5_2MinelayingStillAtMostFiveG7e(t *testing.T) {
	// Sep-39 VIIB: KptLt (1939); once loaded, request roll 2 = none, P1 5 =
	// British Isles (M): the mines take the tubes and the load is stowed again.
	g := career(t, map[string]string{"boat": "VIIB", "start": "1939-09", "rules": "4.5.2"})
	g.stow("", 2, 1, 4)
	g.expect("hunters.torpedo_mix")
	for _, k := range g.keys() {
		var n int
		if _, err := fmt.Sscan(strings.TrimPrefix(k, "e"), &n); err == nil && n > 5 {
			t.Errorf("mix %q (%s) offered with 4.5.2: more than 5 G7e", k, g.label(k))
		}
	}
}

// 4.6.1-4.6.2: "Initially place sufficient Ammo markers in the Ammo box for the
// Deck Gun so the point value equals the total Ammo capacity listed": 10 for
// the 8.8cm guns, 5 for the Type IX 10.5cm (mats); the VIIC Flak carries no
// deck gun.
func TestS4_6_2AmmoAtCapacity(t *testing.T) {
	if got := field(loose(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 4).view("status"), "Deck gun 8.8cm"); !strings.Contains(got, "ammo 10 of 10") {
		t.Errorf("VIIC deck gun %q, want 10 of 10", got)
	}
	if got := field(loose(t, map[string]string{"boat": "IXC", "start": "1941-05"}, 4).view("status"), "Deck gun 10.5cm"); !strings.Contains(got, "ammo 5 of 5") {
		t.Errorf("IXC deck gun %q, want 5 of 5", got)
	}
	if st := loose(t, map[string]string{"boat": "VIIC_Flak", "start": "1943-05"}, 4).view("status"); strings.Contains(st, "Deck gun 8.8cm") {
		t.Errorf("the VIIC Flak shows a deck gun:\n%s", st)
	}
}

// 4.6.3: "Each Ammo marker point value represents one Ammo round for gunnery
// combat. Up to two Ammo points (or Ammo rounds) can be expended per combat
// round."
func TestS4_6_3TwoAmmoPointsPerCombatRound(t *testing.T) {
	g := unescortedShipVIIC(t)
	if !strings.Contains(g.label("gun"), "up to 2") {
		t.Errorf("deck gun option %q", g.label("gun"))
	}
	g.choose("gun")
	evs := g.choose("all1", 6, 6, 6, 6) // two shells, both miss
	if n := len(rolls(evs, "U1", "Deck gun")); n != 2 {
		t.Errorf("%d deck-gun rolls, want 2", n)
	}
	if g.offers("gun") {
		t.Errorf("the deck gun fires a third point this round: %v", g.keys())
	}
	if got := field(g.view("status"), "Deck gun 8.8cm"); !strings.Contains(got, "ammo 8 of 10") {
		t.Errorf("deck gun %q, want 8 left after two points", got)
	}
	// Next round (9.4.3), two more points.
	g.choose("done")
	g.choose("again", 6, 6)
	if !g.offers("gun") {
		t.Errorf("the deck gun is not offered in the next round: %v", g.keys())
	}
}

// 4.6.4: "Ammo markers are not used for Flak guns since they have unlimited
// ammunition supply". A flak shot at an aircraft leaves the ammo as it was.
func TestS4_6_4FlakSpendsNoAmmo(t *testing.T) {
	// box 2 Transit: 2 = aircraft; A1 4 = one attack; A2 2 = shot down;
	// E3 2+2+2 = 6 → 1 hit; E4 32 minor damage; then the automatic crew
	// injury (9.8.2): who 6+6 = the Abwehr agent, not aboard.
	g := career(t, map[string]string{"boat": "VIIC", "start": "1941-03"}, 1)
	g.stow("", 3, 4, 4, 4)
	evs := g.choose("sail", 1, 1, 2, 2, 1, 1, 1, 1, 3, 2, 6, 6)
	if len(rolls(evs, "A2", "")) != 1 {
		t.Fatalf("no flak roll:\n%s", dump(evs))
	}
	if got := field(g.view("status"), "Deck gun 8.8cm"); !strings.Contains(got, "ammo 10 of 10") {
		t.Errorf("deck gun %q after firing flak: flak uses no ammo (4.6.4)", got)
	}
}

// 4.3.2: "The Log Sheet is used to capture information about each patrol
// assignment, including which target ships may have become damaged or sunk, in
// helping determine your victory level (5.2)."
func TestS4_3_2LogSheetShowsSunkAndDamagedShips(t *testing.T) {
	ships := [4]ship{daphne, calchas, daphne, daphne}
	g := atlanticMar41Box3(t, fs(3, 3, convoyFaces(ships))...)
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("t2")
	// #1 Daphne: hit, no dud, 4 points: sunk. #2 Calchas: hit, 1 point.
	g.choose("fire", 2, 2, 3, 1, 2, 2, 3, 4)
	g.choose("hold_depth", 1, 1)
	g.breakOff()
	for i := 0; i < 3; i++ {
		g.choose("sail", 4, 4)
	}
	g.choose("sail", 4, 4, 4, 4) // home; refit
	log := g.view("log")
	if !strings.Contains(log, "(s Daphne 2,000)") || !strings.Contains(log, "Calchas 10,300 ✓") {
		t.Errorf("the log sheet lacks the sunk Daphne (2,000 t) or the damaged Calchas (10,300 t):\n%s", log)
	}
}
