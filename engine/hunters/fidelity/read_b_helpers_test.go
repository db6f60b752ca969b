package fidelity

// Helpers of the second reading of sections 9 and 13 (reader read-b). They
// only drive the game through its public face, like the shared driver.

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// rbSetup is a career's set-up: boat, start month, optional rules, the
// set-up dice and the first assignment's dice, which give it a patrol whose
// third box is on station. The set-up ends with the torpedo load (4.4.2):
// its dice are the rank roll (11.2.2), if any; the first assignment (the
// 11.2.1 request roll of a KptLt, P1) is rolled when the load is stowed.
type rbSetup struct {
	boat, start, rules string
	faces, assign      []int
}

// Set-ups whose first patrol is to the Atlantic (box 3 is the first
// Atlantic box), the rank roll giving an OltzS where there is one, so no
// 11.2.1 request roll follows; a KptLt (1939, Type IX) rolls 3 on it.
var (
	// VIIC, Mar-41: rank 1 (OltzS), P1 4+4 = 8 → Atlantic.
	rbVIIC41 = rbSetup{boat: "VIIC", start: "1941-03", faces: []int{1}, assign: []int{4, 4}}
	// VIIC, Mar-41: rank 1, P1 1+2 = 3 → Atlantic (W), a wolfpack patrol.
	rbVIIC41W = rbSetup{boat: "VIIC", start: "1941-03", faces: []int{1}, assign: []int{1, 2}}
	// VIIC, Oct-40: rank 1 (OltzS), P1 3+3 = 6 → Atlantic.
	rbVIIC40 = rbSetup{boat: "VIIC", start: "1940-10", faces: []int{1}, assign: []int{3, 3}}
	// VIIC, Mar-42: rank 1 (OltzS), P1 4+4 = 8 → Atlantic.
	rbVIIC42 = rbSetup{boat: "VIIC", start: "1942-03", faces: []int{1}, assign: []int{4, 4}}
	// VIIC, Feb-43: rank 1 (OltzS), P1 3+4 = 7 → Atlantic.
	rbVIIC43 = rbSetup{boat: "VIIC", start: "1943-02", faces: []int{1}, assign: []int{3, 4}}
	// VIIA, Sep-39: KptLt (automatic), request roll 3 (none), P1 6+6 = 12 →
	// West African Coast, which a Type VII sails as the Atlantic (7.3.2).
	rbVIIA39 = rbSetup{boat: "VIIA", start: "1939-09", assign: []int{3, 6, 6}}
	// IXB, Jul-40: KptLt, request roll 3, P1 3+3 = 6 → Atlantic.
	rbIXB40 = rbSetup{boat: "IXB", start: "1940-07", assign: []int{3, 3, 3}}
	// IXC, May-41: KptLt, request roll 3, P1 4+4 = 8 → Atlantic.
	rbIXC41 = rbSetup{boat: "IXC", start: "1941-05", assign: []int{3, 4, 4}}
	// VIIC Flak, May-43: rank 1 (OltzS), P1 3+4 = 7 → Atlantic. Its load is
	// fixed (11.4.7), so the set-up goes on to the assignment and the boat
	// sails at once: box 1 (Bay of Biscay, -2 in 1943) rolls 5+5 = 8, nothing.
	rbFlak43 = rbSetup{boat: "VIIC_Flak", start: "1943-05", faces: []int{1, 3, 4, 5, 5}}
	// VIIC, Mar-42: rank 1 (OltzS), P1 3+3 = 6 → North America; box 5 is the
	// first North America box (see rbNorthAmerica).
	rbVIIC42NA = rbSetup{boat: "VIIC", start: "1942-03", faces: []int{1}, assign: []int{3, 3}}
)

func (s rbSetup) with(rules string) rbSetup { s.rules = rules; return s }

// rbCareer starts the set-up's career (at its torpedo-load prompt; the
// load's last answer rolls s.assign first).
func rbCareer(t testing.TB, s rbSetup) *game {
	t.Helper()
	setup := map[string]string{"boat": s.boat, "start": s.start, "kommandant": "Reader", "uboat": "U-99"}
	if s.rules != "" {
		setup["rules"] = s.rules
	}
	return career(t, setup, s.faces...)
}

// rbLoad answers the torpedo-load prompts (4.5) with the mat's own mix, G7a
// in every tube and G7a first in the aft reloads; faces are the dice the
// last answer rolls: the assignment's (6.1: it follows the load), then the
// first box's encounter. A boat with nothing to choose (VIIC Flak) has
// already sailed.
func (g *game) rbLoad(faces ...int) { g.t.Helper(); g.rbLoadTubes("f0a0", faces...) }

// rbLoadTubes is rbLoad with the tube loading key tubes of the
// hunters.load_tubes prompt: "f<G7e forward>a<G7e aft>", e.g. f4a1 puts G7e
// in every tube of a Type VII.
func (g *game) rbLoadTubes(tubes string, faces ...int) {
	g.t.Helper()
	mix := regexp.MustCompile(`mix is (\d+) G7a / (\d+) G7e`)
	for {
		var key string
		switch g.kind() {
		case "hunters.torpedo_mix":
			m := mix.FindStringSubmatch(g.prompt().Text)
			if m == nil {
				g.t.Fatalf("no mat mix in %q", g.prompt().Text)
			}
			key = "e" + m[2]
		case "hunters.load_tubes":
			key = tubes
		case "hunters.load_aft_reloads":
			key = "z0"
		default:
			return
		}
		if _, err := g.try(key); err != nil {
			if !ranOut(err) {
				g.t.Fatalf("loading %s: %v", key, err)
			}
			g.choose(key, faces...)
			return
		}
	}
}

// rbStation starts the set-up's career, loads, crosses boxes 1 and 2 with
// nothing (2d6 = 10 on each) and enters box 3, whose encounter rolls enc.
func rbStation(t testing.TB, s rbSetup, enc ...int) *game {
	t.Helper()
	g := rbCareer(t, s)
	g.rbLoad(cat(s.assign, []int{5, 5})...)
	g.expect("hunters.proceed")
	g.choose("sail", 5, 5)
	g.expect("hunters.proceed")
	g.choose("sail", enc...)
	return g
}

// rbNorthAmerica starts the set-up's career on its North America patrol,
// crosses boxes 1-4 with nothing and enters box 5, whose encounter rolls enc.
func rbNorthAmerica(t testing.TB, s rbSetup, enc ...int) *game {
	t.Helper()
	g := rbCareer(t, s)
	g.rbLoad(cat(s.assign, []int{5, 5})...)
	for box := 2; box <= 4; box++ {
		g.expect("hunters.proceed")
		g.choose("sail", 5, 5)
	}
	g.expect("hunters.proceed")
	g.choose("sail", enc...)
	return g
}

// rbTwoShips is North America's "Two Ships" (E1 4+4 = 8): sizes 1 and 4, T4
// 5 and 7: #1 Ocean Venture 5,000 t (2 to sink), #2 Amerikaland 15,400 t (4);
// then the time of day.
func rbTwoShips(dayNight int) []int { return []int{4, 4, 1, 4, 5, 7, dayNight} }

// Encounter dice for box 3 of an Atlantic patrol.

// rbConvoy is a convoy (E1 3+3 = 6): sizes 1, 2, 4, 6 and rosters 11, 22, 33,
// 44 give #1 Stonepool 5,000 t (2 to sink), #2 Baron Blythswod 3,700 t (2),
// #3 Hurunui 9,300 t (3), #4 British Premier 5,900 t (3); then the 8.3.1
// time of day (day on 1-3, night on 4-6).
func rbConvoy(dayNight int) []int {
	return []int{3, 3, 1, 2, 4, 6, 1, 1, 2, 2, 3, 3, 4, 4, dayNight}
}

// rbShip is a lone ship (E1 1+2 = 3): size 4 (large freighter), roster 33:
// Hurunui 9,300 t (3 to sink); then the time of day.
func rbShip(dayNight int) []int { return []int{1, 2, 4, 3, 3, dayNight} }

// rbCapital is a capital ship (E1 1+1 = 2): T5 4, the cruiser Belfast,
// 10,000 t (5 to sink); then the time of day.
func rbCapital(dayNight int) []int { return []int{1, 1, 4, dayNight} }

const (
	rbDay   = 2
	rbNight = 5
)

// rbEdit changes the saved game (the JSON State.Encode writes, which
// Rules.Decode reads back), to put the boat in a state the dice alone reach
// only after many patrols (an award, a crew quality). Tests check the edit
// took through the status view.
func (g *game) rbEdit(mutate func(m map[string]any)) {
	g.t.Helper()
	raw, err := g.state.Encode()
	if err != nil {
		g.t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		g.t.Fatal(err)
	}
	mutate(m)
	raw, err = json.Marshal(m)
	if err != nil {
		g.t.Fatal(err)
	}
	rules, err := loadedRules()
	if err != nil {
		g.t.Fatal(err)
	}
	st, err := rules.Decode(raw)
	if err != nil {
		g.t.Fatalf("decoding the edited game: %v", err)
	}
	g.state = st
}

// rbField is a named field of a view ("" when absent).
func (g *game) rbField(view, name string) string {
	g.t.Helper()
	v, err := g.state.View(view)
	if err != nil {
		g.t.Fatalf("view %s: %v", view, err)
	}
	for _, s := range v.Sections {
		for _, f := range s.Fields {
			if f.Name == name {
				return f.Value
			}
		}
	}
	return ""
}

// rbOnly fails unless the pending prompt offers exactly keys, in any order.
func (g *game) rbOnly(keys ...string) {
	g.t.Helper()
	got := g.keys()
	want := map[string]bool{}
	for _, k := range keys {
		want[k] = true
	}
	if len(got) != len(keys) {
		g.t.Fatalf("%s offers %v, want exactly %v", g.kind(), got, keys)
	}
	for _, k := range got {
		if !want[k] {
			g.t.Fatalf("%s offers %v, want exactly %v", g.kind(), got, keys)
		}
	}
}

// rbMod fails unless the roll carries a modifier whose reason contains
// reason, summing to value.
func rbMod(t testing.TB, r *engine.Roll, reason string, value int) {
	t.Helper()
	v, ok := modifier(r, reason)
	if !ok || v != value {
		t.Fatalf("%s [%s] modifier %q = %d (present %v), want %d; modifiers %+v", r.Purpose, r.Chart, reason, v, ok, value, r.Modifiers)
	}
}

// rbNoMod fails if the roll carries a modifier whose reason contains reason.
func rbNoMod(t testing.TB, r *engine.Roll, reason string) {
	t.Helper()
	if v, ok := modifier(r, reason); ok {
		t.Fatalf("%s [%s] has modifier %q = %d, want none; modifiers %+v", r.Purpose, r.Chart, reason, v, r.Modifiers)
	}
}

// rbRoll fails unless the roll's natural, total and result are as given
// (result by prefix, so "detected" matches "detected, +1 ...").
func rbRoll(t testing.TB, r *engine.Roll, natural, total int, result string) {
	t.Helper()
	if r.Natural != natural || r.Total != total || !strings.HasPrefix(r.Result, result) {
		t.Fatalf("%s [%s]: natural %d total %d result %q, want %d, %d, %q; modifiers %+v",
			r.Purpose, r.Chart, r.Natural, r.Total, r.Result, natural, total, result, r.Modifiers)
	}
}

// rbAwards are the status view's names of the 11.3 awards, by level.
var rbAwards = []string{"none", "Knight's Cross", "Knight's Cross with Oakleaves",
	"Knight's Cross with Oakleaves and Swords", "Knight's Cross with Oakleaves, Swords and Diamonds"}

// rbAward gives the Kommandant the award of the level (0 none, 1 KC, 2 KC+O,
// 3 KC+O+S, 4 KC+O+S+D) through the saved game, and checks the status view
// shows it.
func (g *game) rbAward(level int) {
	g.t.Helper()
	g.rbEdit(func(m map[string]any) { m["career"].(map[string]any)["award"] = level })
	if got := g.rbField("status", "Award"); got != rbAwards[level] {
		g.t.Fatalf("award after the edit: %q, want %q", got, rbAwards[level])
	}
}

// rbCrewQuality sets the crew quality (0 Green, 1 Trained, 2 Veteran, 3
// Elite) through the saved game, and checks the status view shows it.
func (g *game) rbCrewQuality(q int) {
	g.t.Helper()
	names := []string{"Green", "Trained", "Veteran", "Elite"}
	g.rbEdit(func(m map[string]any) { m["crew"].(map[string]any)["quality"] = q })
	if got := g.rbField("status", "Crew quality"); got != names[q] {
		g.t.Fatalf("crew quality after the edit: %q, want %q", got, names[q])
	}
}

// rbTimes repeats faces n times.
func rbTimes(n int, faces ...int) []int {
	var out []int
	for i := 0; i < n; i++ {
		out = append(out, faces...)
	}
	return out
}

// rbThenReload answers key, and then, if a reload prompt (9.2.8) comes, its
// first option; faces are the dice rolled after the reload (or after key
// when the reload needs no choice: one torpedo type left).
func (g *game) rbThenReload(key string, faces ...int) []engine.Event {
	g.t.Helper()
	evs, err := g.try(key)
	if err != nil {
		if !ranOut(err) {
			g.t.Fatalf("choosing %q at %s: %v", key, g.where(), err)
		}
		return g.choose(key, faces...)
	}
	for g.kind() == "hunters.reload_forward" || g.kind() == "hunters.reload_aft" {
		k := g.keys()[0]
		more, err := g.try(k)
		if err != nil {
			if !ranOut(err) {
				g.t.Fatalf("reloading %q: %v", k, err)
			}
			return append(evs, g.choose(k, faces...)...)
		}
		evs = append(evs, more...)
	}
	if len(faces) != 0 {
		g.t.Fatalf("%q and its reloads rolled nothing; %d faces left", key, len(faces))
	}
	return evs
}

// withFaces is the set-up with other set-up dice.
func (s rbSetup) withFaces(faces ...int) rbSetup { s.faces = faces; return s }

// withAssign is the set-up with other dice for the first assignment.
func (s rbSetup) withAssign(faces ...int) rbSetup { s.assign = faces; return s }
