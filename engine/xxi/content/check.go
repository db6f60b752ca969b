package content

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine/packfile"
)

// The resources (2.2.1-2.2.3) and the tests of an encounter space (9.2).
const (
	Hull    = "hull"
	Systems = "systems"
	Crew    = "crew"
	Engine  = "engine"
	Silence = "silence"
)

// Path ids (9.1: a flotilla sails to the Atlantic Ocean or to the Western
// Approaches).
const (
	Atlantic          = "atlantic"
	WesternApproaches = "western-approaches"
)

// Check checks a decoded pack against the rulebook's words; it returns one
// line per problem, each naming its file and citing the case it comes
// from. A check that is kaleun's and not the text's (a die's faces, the
// picture's frame) says so in its comment.
func (p *Pack) Check() []string {
	c := &checker{}
	c.meta(p.Meta)
	c.transportMap(p.Map)
	c.models(p.Tracks.Models)
	c.paths(p.Tracks.Paths)
	c.grindingWar(p.Tracks.GrindingWar)
	c.turnTrack(p.Tracks.Gotterdammerung)
	c.counters(p.Counters)
	return c.problems
}

type checker struct{ problems []string }

func (c *checker) add(format string, a ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, a...))
}

func (c *checker) meta(m Meta) {
	if !packfile.ValidID(m.ID) {
		c.add("pack.yaml: id %q is not a pack id: give up to %d letters, digits, dashes, dots or underscores, starting with a letter or a digit (e.g. my-copy)", m.ID, packfile.MaxID)
	}
	if strings.TrimSpace(m.Name) == "" {
		c.add("pack.yaml: no name")
	}
	// Every view of a game shows the label, so that house content is never
	// taken for the publisher's.
	if strings.TrimSpace(m.Label) == "" {
		c.add(`pack.yaml: no label (shown with everything the game shows, e.g. "House content, not the publisher's")`)
	}
	if len(m.Provenance) == 0 {
		c.add("pack.yaml: no provenance: say whose each value is (the rulebook's, your copy's, or invented)")
	}
	if m.Victory != nil {
		c.victory(*m.Victory)
	}
}

// victory checks an owner's victory levels: where they come from, and
// conditions on the report's figures (14.0 is not in the text: nothing
// else can be checked against it).
func (c *checker) victory(v Victory) {
	if strings.TrimSpace(v.Source) == "" {
		c.add("pack.yaml: victory: no source: say where your copy prints them (e.g. \"14.0, page 15\")")
	}
	if len(v.Levels) == 0 {
		c.add("pack.yaml: victory: no levels")
	}
	names := map[string]bool{}
	for i, l := range v.Levels {
		at := fmt.Sprintf("pack.yaml: victory level %d (%s)", i+1, l.Name)
		if strings.TrimSpace(l.Name) == "" {
			c.add("%s: no name", at)
		} else if names[strings.ToLower(l.Name)] {
			c.add("%s: a second level of that name", at)
		}
		names[strings.ToLower(l.Name)] = true
		for j, w := range l.When {
			if !slices.Contains(VictoryFigures, w.Figure) {
				c.add("%s, condition %d: figure %q is not one of %s", at, j+1, w.Figure, strings.Join(VictoryFigures, ", "))
			}
			if w.AtLeast == nil && w.AtMost == nil {
				c.add("%s, condition %d: give at_least, at_most or both", at, j+1)
			}
			if w.AtLeast != nil && w.AtMost != nil && *w.AtLeast > *w.AtMost {
				c.add("%s, condition %d: at_least %d is above at_most %d", at, j+1, *w.AtLeast, *w.AtMost)
			}
		}
	}
}

// The map's spaces (2.4.1): seven lettered Production spaces and sixteen
// numbered hub cities; the names the rules give (13.0 for A-G, 2.4.1 for
// the shipyards); what the lettered spaces produce (13.0 places Hull A-C,
// Systems D-E and Crew F-G on the space of their letter, 5.1); the
// shipyards' squares (2.5).
var (
	spaceIDs = func() []string {
		ids := []string{"A", "B", "C", "D", "E", "F", "G"}
		for n := 3; n <= 18; n++ {
			ids = append(ids, strconv.Itoa(n))
		}
		return ids
	}()
	textNames = map[string]string{"A": "Gustavburg", "B": "Wittenberg", "C": "Grünberg", "D": "Erfurt", "E": "Dresden",
		"F": "Stettin", "G": "Dortmund", "8": "Bremen", "12": "Hamburg", "18": "Danzig"}
	produces  = map[string]string{"A": Hull, "B": Hull, "C": Hull, "D": Systems, "E": Systems, "F": Crew, "G": Crew}
	shipyards = map[string]int{"8": 6, "12": 8, "18": 4}
	// aNeighbours are A's neighbours in 7.2's example: "A resource
	// counter in hub city space A can be moved ... to either space G, 13,
	// 14, or D."
	aNeighbours = []string{"13", "14", "D", "G"}
)

func isSpaceID(id string) bool {
	for _, s := range spaceIDs {
		if s == id {
			return true
		}
	}
	return false
}

func (c *checker) transportMap(m TransportMap) {
	present := map[string]Space{}
	spaceTrouble := false
	type point struct{ x, y float64 }
	at := map[point]string{}
	for i, s := range m.Spaces {
		switch {
		case !isSpaceID(s.ID):
			c.add("map.yaml: space %d, %q, is not a space of the map: its 23 spaces are A to G and 3 to 18 (2.4.1)", i+1, s.ID)
			spaceTrouble = true
			continue
		case present[s.ID].ID != "":
			c.add("map.yaml: space %s is listed twice", s.ID)
			spaceTrouble = true
			continue
		}
		present[s.ID] = s
		if want, ok := textNames[s.ID]; ok && !sameName(s.Name, want) {
			c.add("map.yaml: space %s is %s in the rules (%s), not %q", s.ID, want, nameCase(s.ID), s.Name)
		}
		if want := produces[s.ID]; s.Produces != want {
			if want == "" {
				c.add("map.yaml: space %s produces %q, but only the lettered spaces A to G produce resources (2.5)", s.ID, s.Produces)
			} else {
				c.add("map.yaml: space %s produces %s (13.0 places %s %s there), not %q", s.ID, want, resourceWord(want), s.ID, s.Produces)
			}
		}
		if want := shipyards[s.ID]; s.Shipyard != want {
			if want == 0 {
				c.add("map.yaml: space %s has %d shipyard squares, but the shipyards are 8, 12 and 18 (2.4.1)", s.ID, s.Shipyard)
			} else {
				c.add("map.yaml: shipyard %s (%s) has %d squares in the rules (2.5), not %d", s.ID, textNames[s.ID], want, s.Shipyard)
			}
		}
		// The picture's frame is kaleun's: x and y from 0 to 100, as U-Boat
		// Leader's maps.
		if len(s.At) != 2 || s.At[0] < 0 || s.At[0] > 100 || s.At[1] < 0 || s.At[1] > 100 {
			c.add("map.yaml: space %s: at %v is off the picture (give [x, y], each from 0 to 100)", s.ID, s.At)
		} else if other, taken := at[point{s.At[0], s.At[1]}]; taken {
			c.add("map.yaml: spaces %s and %s are drawn at the same point %v", other, s.ID, s.At)
		} else {
			at[point{s.At[0], s.At[1]}] = s.ID
		}
	}
	for _, id := range spaceIDs {
		if present[id].ID == "" {
			c.add("map.yaml: space %s is missing: the map has 23 spaces, A to G and 3 to 18 (2.4.1)", id)
			spaceTrouble = true
		}
	}
	adj := map[string]map[string]bool{}
	for i, l := range m.Links {
		if len(l) != 2 {
			c.add("map.yaml: link %d %v: a link joins two spaces", i+1, l)
			continue
		}
		a, b := l[0], l[1]
		bad := false
		for _, end := range l {
			if !isSpaceID(end) {
				c.add("map.yaml: link %d [%s, %s]: %q is not a space of the map (A to G, 3 to 18: 2.4.1)", i+1, a, b, end)
				bad = true
			} else if present[end].ID == "" {
				bad = true // the missing space is reported once, above
			}
		}
		if bad {
			continue
		}
		if a == b {
			c.add("map.yaml: link %d joins %s to itself", i+1, a)
			continue
		}
		if adj[a][b] {
			c.add("map.yaml: link %d [%s, %s] is listed twice (a line runs both ways, 7.2)", i+1, a, b)
			continue
		}
		for _, e := range [][2]string{{a, b}, {b, a}} {
			if adj[e[0]] == nil {
				adj[e[0]] = map[string]bool{}
			}
			adj[e[0]][e[1]] = true
		}
	}
	if present["A"].ID != "" {
		var got []string
		for n := range adj["A"] {
			got = append(got, n)
		}
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(aNeighbours, ",") {
			c.add("map.yaml: space A's neighbours are G, 13, 14 and D in the rules' example (7.2), not %s", listOr(got))
		}
	}
	// "All 23 spaces are interconnected with transportation lines" (2.4.1).
	// Checked only when every space is there, so that a missing space is
	// one problem, not that and a split map.
	if spaceTrouble {
		return
	}
	seen := map[string]bool{"A": true}
	queue := []string{"A"}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for n := range adj[s] {
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	var cut []string
	for _, id := range spaceIDs {
		if !seen[id] {
			cut = append(cut, id)
		}
	}
	if len(cut) > 0 {
		c.add("map.yaml: %s cut off from A: all 23 spaces are interconnected (2.4.1)", strings.Join(cut, ", "))
	}
}

// otherSpellings are the towns' spellings other than the rulebook's, which
// an owner copying his map may meet: the rulebook writes "Gustavburg" for
// Gustavsburg, and "Grünberg" may be typed without its umlaut.
var otherSpellings = map[string][]string{"Gustavburg": {"Gustavsburg"}, "Grünberg": {"Gruenberg", "Grunberg"}}

// sameName tells whether a space's name is the rulebook's, or one of its
// other spellings, ignoring case.
func sameName(name, text string) bool {
	name = strings.TrimSpace(name)
	if strings.EqualFold(name, text) {
		return true
	}
	for _, o := range otherSpellings[text] {
		if strings.EqualFold(name, o) {
			return true
		}
	}
	return false
}

func nameCase(id string) string {
	if _, ok := produces[id]; ok {
		return "13.0"
	}
	return "2.4.1"
}

func resourceWord(r string) string {
	switch r {
	case Hull:
		return "Hull"
	case Systems:
		return "Systems"
	}
	return "Crew"
}

func listOr(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// The Model Development Track (2.4.9, 8.0-8.3).
func (c *checker) models(ms []Model) {
	var letters []string
	for _, m := range ms {
		letters = append(letters, m.Model)
	}
	// "You must build the models in order: first the Type XXI A, then B,
	// then C, and then D" (8.0).
	if strings.Join(letters, ",") != "A,B,C,D" {
		c.add("tracks.yaml: models are %s; the track has A, B, C and D, in that order (8.0)", listOr(letters))
		return
	}
	for i, m := range ms {
		where := "tracks.yaml: model " + m.Model
		// A rating is a number of d6 (2.4.9); one to six is kaleun's bound,
		// a handful of dice, which catches a typo such as 22.
		for _, r := range []struct {
			name string
			v    int
		}{{"engine", m.Engine}, {"silence", m.Silence}, {"attack", m.Attack}} {
			if r.v < 1 || r.v > 6 {
				c.add("%s: %s %d: a rating is a number of dice, from 1 to 6 (2.4.9)", where, r.name, r.v)
			}
		}
		// The defense is a depth-charge die's target (9.4): 1 to 6.
		if m.Defense < 1 || m.Defense > 6 {
			c.add("%s: defense %d: a depth-charge die must be able to reach it, so 1 to 6 (9.4)", where, m.Defense)
		}
		if m.Cost.Hull < 0 || m.Cost.Systems < 0 || m.Cost.Crew < 0 {
			c.add("%s: a cost below zero (%d/%d/%d)", where, m.Cost.Hull, m.Cost.Systems, m.Cost.Crew)
		}
		if i == 0 {
			continue
		}
		prev := ms[i-1]
		// "an ever-improving, advanced U-boat design" (2.1.2); "you develop
		// better and better models" (2.4.9): no rating falls.
		if m.Engine < prev.Engine || m.Silence < prev.Silence || m.Attack < prev.Attack || m.Defense < prev.Defense {
			c.add("%s: engine/silence/attack/defense %d/%d/%d/%d fall below model %s's %d/%d/%d/%d: the models get better and better (2.4.9, 2.1.2)",
				where, m.Engine, m.Silence, m.Attack, m.Defense, prev.Model, prev.Engine, prev.Silence, prev.Attack, prev.Defense)
		}
		// "you need fewer and fewer resources in order to build the better
		// models" (2.4.9). The text fixes A's, B's and C's totals (8.1,
		// 8.3), so this bites between C and D; a pair whose cost the text
		// refuses below is not blamed twice.
		if m.Cost.Total() >= prev.Cost.Total() && textCost(prev) && textCost(m) {
			c.add("%s: costs %d resources, model %s %d: each model needs fewer than the one before (2.4.9)", where, m.Cost.Total(), prev.Model, prev.Cost.Total())
		}
	}
	costs := map[string]Cost{}
	for _, m := range ms {
		costs[m.Model] = m.Cost
	}
	// 8.1's two examples.
	if a := costs["A"]; a != (Cost{2, 2, 2}) {
		c.add("tracks.yaml: model A costs two Hull, two System and two Crew (8.1), not %d/%d/%d", a.Hull, a.Systems, a.Crew)
	}
	if cc := costs["C"]; cc != (Cost{2, 1, 1}) {
		c.add("tracks.yaml: model C costs two Hull, one System and one Crew (8.1), not %d/%d/%d", cc.Hull, cc.Systems, cc.Crew)
	}
	// "model A and B flotillas need six and five resources respectively,
	// more than the four squares available in Danzig ... Danzig is
	// restricted to building the Model C and D flotillas only" (8.3).
	if b := costs["B"].Total(); b != 5 {
		c.add("tracks.yaml: model B needs five resources (8.3), not %d", b)
	}
	if d := costs["D"].Total(); d > shipyards["18"] {
		c.add("tracks.yaml: model D needs %d resources, more than Danzig's %d squares, where it can be built (8.3)", d, shipyards["18"])
	}
}

// textCost tells whether a model's cost agrees with what the text says of
// it: A 2/2/2 and C 2/1/1 (8.1), B five resources (8.3); D is not given.
func textCost(m Model) bool {
	switch m.Model {
	case "A":
		return m.Cost == Cost{2, 2, 2}
	case "B":
		return m.Cost.Total() == 5
	case "C":
		return m.Cost == Cost{2, 1, 1}
	}
	return true
}

// The U-boat Mission Track (2.4.10, 9.0).
func (c *checker) paths(ps []Path) {
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	// "A U-boat flotilla advances along one mission path: either to the
	// Atlantic Ocean or to the Western Approaches" (9.1).
	if strings.Join(ids, ",") != Atlantic+","+WesternApproaches {
		c.add("tracks.yaml: paths are %s; the track has two, %s and %s, in that order (9.1)", listOr(ids), Atlantic, WesternApproaches)
		return
	}
	for _, p := range ps {
		where := "tracks.yaml: path " + p.ID
		// "Each path has four encounter spaces" (9.1).
		if len(p.Spaces) != 4 {
			c.add("%s: %d encounter spaces; each path has four (9.1)", where, len(p.Spaces))
		}
		for i, s := range p.Spaces {
			at := fmt.Sprintf("%s, space %d (%s)", where, i+1, s.Name)
			if strings.TrimSpace(s.Name) == "" {
				c.add("%s: no name", at)
			}
			c.test(at, s.Test, s.Target)
			// The icons are dice rolled (9.4): at most six is kaleun's bound.
			if s.DepthCharges < 0 || s.DepthCharges > 6 {
				c.add("%s: %d depth-charge icons: from 0 to 6", at, s.DepthCharges)
			}
		}
		c.test(where+", Dangerous Trip Home", p.Home.Test, p.Home.Target)
		// "The U-boat must successfully pass an Engine test to make it
		// back" (9.6).
		if p.Home.Test != Engine {
			c.add("%s, Dangerous Trip Home: an engine test (9.6), not %q", where, p.Home.Test)
		}
		// "Roll 2d6 (Atlantic Ocean) or 3d6 (Western Approaches)" (9.8).
		wantName, wantDC := "Atlantic Ocean", 2
		if p.ID == WesternApproaches {
			wantName, wantDC = "Western Approaches", 3
		}
		if p.Area.Name != wantName {
			c.add("%s: its convoy area is the %s (9.1), not %q", where, wantName, p.Area.Name)
		}
		if p.Area.DepthCharges != wantDC {
			c.add("%s: the %s's depth charge is %dd6 after each attack (9.8), not %d", where, wantName, wantDC, p.Area.DepthCharges)
		}
	}
	atl := ps[0]
	// The bottom path as 9.3 and 9.10 describe it: Open Ocean (Engine,
	// 4+, one depth-charge icon: 9.3), PBY Searchers (Engine, 5+, one icon),
	// Scout Bomber (Silence, 4+; its icons are not given), Destroyer Screen
	// (Silence, 5+, two icons); its Dangerous Trip Home needs 4+ (9.10's
	// first flotilla aborts from this path, "looking for a 4+").
	text := []struct {
		name   string
		test   string
		target int
		dc     int // -1: not given
	}{{"Open Ocean", Engine, 4, 1}, {"PBY Searchers", Engine, 5, 1}, {"Scout Bomber", Silence, 4, -1}, {"Destroyer Screen", Silence, 5, 2}}
	for i, want := range text {
		if i >= len(atl.Spaces) {
			break
		}
		s := atl.Spaces[i]
		if !strings.EqualFold(s.Name, want.name) || s.Test != want.test || s.Target != want.target || (want.dc >= 0 && s.DepthCharges != want.dc) {
			dc := ""
			if want.dc >= 0 {
				dc = fmt.Sprintf(" with %d depth-charge icon(s)", want.dc)
			}
			c.add("tracks.yaml: path atlantic, space %d is %s, a %s test of %d+%s (9.10), not %s, %s %d+ with %d", i+1, want.name, want.test, want.target, dc, s.Name, s.Test, s.Target, s.DepthCharges)
		}
	}
	if atl.Home.Target != 4 {
		c.add("tracks.yaml: path atlantic, Dangerous Trip Home: the engine test needs 4+ (9.10), not %d+", atl.Home.Target)
	}
}

// test checks a test's icon and target (9.2): a target one die can reach.
func (c *checker) test(at, test string, target int) {
	if test != Engine && test != Silence {
		c.add("%s: test %q is not engine or silence (9.2)", at, test)
	}
	if target < 1 || target > 6 {
		c.add("%s: target %d: one die must be able to reach it, so 1 to 6 (9.2)", at, target)
	}
}

// The Grinding War Track (2.4.8, 4.0, 7.1, 10.0).
func (c *checker) grindingWar(boxes []WarBox) {
	// At Start at the bottom, Stubborn Defense under Constant Retreat at
	// the top (2.4.8, 10.3): three boxes at least.
	if len(boxes) < 3 {
		c.add("tracks.yaml: grinding_war has %d box(es): it runs from At Start up to Stubborn Defense and Constant Retreat (2.4.8, 10.3)", len(boxes))
		return
	}
	names := map[string]bool{}
	for i, b := range boxes {
		at := fmt.Sprintf("tracks.yaml: grinding_war box %d (%s)", i+1, b.Name)
		if strings.TrimSpace(b.Name) == "" {
			c.add("%s: no name", at)
		} else if names[strings.ToLower(b.Name)] {
			c.add("%s: a second box of that name", at)
		}
		names[strings.ToLower(b.Name)] = true
		if b.Draws < 0 {
			c.add("%s: %d draws", at, b.Draws)
		}
		// No box takes points away. (None gives more than 6 either: the
		// first box gives 6 and none rises, so 1d6 plus it always fits the
		// Ingenieurbüro Glückauf Display's 12 boxes, 2.4.2.)
		if b.Transport < 0 {
			c.add("%s: transport %d: the fixed points are 0 or more (7.1)", at, b.Transport)
		}
		if i == 0 {
			continue
		}
		prev := boxes[i-1]
		// "you receive fewer and fewer counters drawn from the Counter Draw
		// Pile" as the armies advance (10.2).
		if b.Draws > prev.Draws {
			c.add("%s: %d draws, more than the %d of the box below: the draws fall as the armies advance (10.2)", at, b.Draws, prev.Draws)
		}
		// "As the armies advance up the Track, you receive fewer and fewer
		// fixed Transportation Points" (7.1).
		if b.Transport > prev.Transport {
			c.add("%s: transport %d, more than the %d of the box below: the fixed points fall as the armies advance (7.1)", at, b.Transport, prev.Transport)
		}
	}
	// On the first turn, "you draw six counters" (4.0) and, "with Stable
	// Fronts", receive 1d6 + 6 (7.1): the bottom box's values (XXI-A3).
	if b := boxes[0]; b.Draws != 6 || b.Transport != 6 {
		c.add("tracks.yaml: grinding_war box 1 (%s) is the first turn's: 6 draws (4.0) and 1d6 + 6 transport (7.1), not %d and 1d6 + %d (XXI-A3: the bottom box is the first turn's)", b.Name, b.Draws, b.Transport)
	}
	n := len(boxes)
	if !strings.EqualFold(boxes[n-1].Name, "Constant Retreat") {
		c.add("tracks.yaml: grinding_war's top box is Constant Retreat (2.4.8, 10.3), not %q", boxes[n-1].Name)
	}
	if !strings.EqualFold(boxes[n-2].Name, "Stubborn Defense") {
		c.add("tracks.yaml: grinding_war's box below Constant Retreat is Stubborn Defense (10.3), not %q", boxes[n-2].Name)
	}
}

// The Götterdämmerung Turn Record Track (2.4.4): its months lie within
// the title's 1943-1945.
func (c *checker) turnTrack(t TurnTrack) {
	var y, m int
	if _, err := fmt.Sscanf(t.Start, "%4d-%2d", &y, &m); err != nil || len(t.Start) != 7 || m < 1 || m > 12 {
		c.add("tracks.yaml: gotterdammerung start %q is not a month (YYYY-MM)", t.Start)
		return
	}
	if t.Months < 1 {
		c.add("tracks.yaml: gotterdammerung has %d months: one box a month (2.4.4), at least one", t.Months)
		return
	}
	last := y*12 + m - 1 + t.Months - 1
	ly, lm := last/12, last%12+1
	if y < 1943 || ly > 1945 {
		c.add("tracks.yaml: gotterdammerung runs %s to %04d-%02d, outside the title's 1943-1945", t.Start, ly, lm)
	}
}

// The counter mix (2.0-2.3).
func (c *checker) counters(k Counters) {
	for _, n := range []struct {
		what      string
		got, want int
		why       string
	}{
		{"type_vii", k.TypeVII, 3, "2.1.1: two, and a third optional"},
		{"type_xxi", k.TypeXXI, 5, "2.1.2"},
		{"armies", k.Armies, 8, "2.1.4"},
		{"ibg", k.IBG, 10, "2.2.4"},
		{"anti_aircraft", k.AntiAircraft, 2, "2.2.5"},
		{"priority_transport", k.PriorityTransport, 3, "2.2.6"},
		{"transport_marker", k.TransportMarker, 1, "2.3.1"},
		{"convoys", len(k.Convoys), 7, "2.1.3: seven start in the Counter Draw Pile, the eighth is optional_convoy"},
		{"devastation", len(k.Devastation), 8, "2.3.2"},
	} {
		if n.got != n.want {
			c.add("counters.yaml: %s: %d; the game has %d (%s)", n.what, n.got, n.want, n.why)
		}
	}
	// A convoy's number is what one die must equal or exceed (9.7).
	for i, v := range k.Convoys {
		if v < 1 || v > 6 {
			c.add("counters.yaml: convoy %d's value %d: one die must be able to reach it, so 1 to 6 (9.7)", i+1, v)
		}
	}
	if k.OptionalConvoy != 6 {
		c.add("counters.yaml: optional_convoy: the eighth convoy is the +6 (2.1.3), not %d", k.OptionalConvoy)
	}
	for _, r := range []struct {
		what    string
		got     map[string]int
		letters []string
		want    int
		why     string
	}{
		{"hulls", k.Hulls, []string{"A", "B", "C"}, 16, "2.2.1"},
		{"systems", k.Systems, []string{"D", "E"}, 8, "2.2.2"},
		{"crew", k.Crew, []string{"F", "G"}, 8, "2.2.3"},
	} {
		total := 0
		for _, letter := range slices.Sorted(maps.Keys(r.got)) {
			if !slices.Contains(r.letters, letter) {
				c.add("counters.yaml: %s: letter %q is not one of theirs, %s (13.0)", r.what, letter, strings.Join(r.letters, ", "))
			}
			total += r.got[letter]
		}
		// 13.0 places one counter of each letter on its space at set-up.
		for _, letter := range r.letters {
			if r.got[letter] < 1 {
				c.add("counters.yaml: %s: no counter lettered %s, which set-up places on space %s (13.0)", r.what, letter, letter)
			}
		}
		if total != r.want {
			c.add("counters.yaml: %s: %d; the game has %d (%s)", r.what, total, r.want, r.why)
		}
	}
	// A marker is repaired with "one resource with the same icon" (11.2).
	for i, icon := range k.Devastation {
		if icon != Hull && icon != Systems && icon != Crew {
			c.add("counters.yaml: devastation marker %d: icon %q is not hull, systems or crew (11.2)", i+1, icon)
		}
	}
	named := k.TypeVII + k.TypeXXI + len(k.Convoys) + 1 + k.Armies + k.IBG + k.AntiAircraft + k.PriorityTransport + k.TransportMarker + len(k.Devastation)
	for _, m := range []map[string]int{k.Hulls, k.Systems, k.Crew} {
		for _, n := range m {
			named += n
		}
	}
	other := 0
	for i, o := range k.Other {
		if strings.TrimSpace(o.Name) == "" || o.Count < 1 {
			c.add("counters.yaml: other counter %d needs a name and a count of at least 1", i+1)
		}
		other += o.Count
	}
	if named+other > 88 {
		c.add("counters.yaml: %d counters; the game has 88 (2.0)", named+other)
	}
}
