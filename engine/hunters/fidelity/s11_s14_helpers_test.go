package fidelity

// Helpers of the reading of sections 11 and 14 (branch read-d): sailing a
// patrol through quiet boxes, sinking a lone ship, reading the status view.
// Every name starts with rd so it cannot clash with another reader's helpers.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// rdTrack is the patrol track on the status view: its box labels (an "x2"
// box keeps its suffix) and the index of the boat's box (-1 while loading in
// port, when the view already marks the first box).
func (g *game) rdTrack() ([]string, int) {
	g.t.Helper()
	v, err := g.state.View("status")
	if err != nil {
		g.t.Fatalf("status view: %v", err)
	}
	for _, s := range v.Sections {
		if !strings.HasPrefix(s.Title, "Patrol") || len(s.Lines) == 0 {
			continue
		}
		at := -1
		var labels []string
		for i, l := range strings.Split(s.Lines[0], " → ") {
			if strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
				at = i
				l = strings.TrimSuffix(strings.TrimPrefix(l, "["), "]")
			}
			labels = append(labels, l)
		}
		if g.rdLoading() {
			at = -1
		}
		return labels, at
	}
	g.t.Fatalf("no patrol track on the status view:\n%s", g.view("status"))
	return nil, 0
}

// rdField is a named field of the status view ("Date", "Award", ...).
func (g *game) rdField(name string) string {
	g.t.Helper()
	v, err := g.state.View("status")
	if err != nil {
		g.t.Fatalf("status view: %v", err)
	}
	for _, s := range v.Sections {
		for _, f := range s.Fields {
			if f.Name == name {
				return f.Value
			}
		}
	}
	g.t.Fatalf("no field %q on the status view:\n%s", name, g.view("status"))
	return ""
}

// rdTitle is the status view's title: "U-1 — Type VIIC, Oberleutnant zur See T".
func (g *game) rdTitle() string {
	g.t.Helper()
	v, err := g.state.View("status")
	if err != nil {
		g.t.Fatalf("status view: %v", err)
	}
	return v.Title
}

// rdYear is the year of the date on the status view (the patrol's month while at sea).
func (g *game) rdYear() int {
	g.t.Helper()
	d := g.rdField("Date") // "Mar-41"
	i := strings.LastIndex(d, "-")
	y, err := strconv.Atoi(d[i+1:])
	if err != nil {
		g.t.Fatalf("date %q: %v", d, err)
	}
	return 1900 + y
}

// rdQuiet are two dice that make a box of this label pass without an
// encounter (E1), whatever the year's modifiers; an "x2"/"x3" box rolls that
// many times. No face pair is a 12, so no random event is triggered.
func rdQuiet(t testing.TB, label string) []int {
	t.Helper()
	times := 1
	for _, x := range []string{" x2", " x3"} {
		if strings.HasSuffix(label, x) {
			times, _ = strconv.Atoi(x[2:])
			label = strings.TrimSuffix(label, x)
		}
	}
	var pair []int
	switch {
	case strings.Contains(label, "Bay of Biscay"):
		pair = []int{4, 4} // 8, 6 with 1943's -2: none on 5+
	case strings.Contains(label, "Gibraltar"):
		pair = []int{5, 5} // 10, 6 with -2 Gibraltar and -2 1943: none on 6+
	case strings.HasPrefix(label, "Mission"):
		pair = []int{3, 3} // none on 5+
	case strings.HasPrefix(label, "Transit"):
		pair = []int{3, 3} // none on 4-11
	case strings.HasPrefix(label, "North America"), strings.HasPrefix(label, "Caribbean"):
		pair = []int{3, 4} // 7: none in both columns
	case strings.HasPrefix(label, "Mediterranean"), strings.HasPrefix(label, "Norway"):
		pair = []int{3, 3} // 6: none
	case strings.HasPrefix(label, "Atlantic"), strings.HasPrefix(label, "British Isles"),
		strings.HasPrefix(label, "Arctic"), strings.HasPrefix(label, "Spanish"), strings.HasPrefix(label, "West Africa"):
		pair = []int{2, 2} // 4: none
	default:
		t.Fatalf("no quiet dice known for a box labelled %q", label)
	}
	var out []int
	for i := 0; i < times; i++ {
		out = append(out, pair...)
	}
	return out
}

// rdLoading reports whether the pending prompt is part of loading the boat.
func (g *game) rdLoading() bool {
	k := g.kind()
	return k == "hunters.torpedo_mix" || strings.HasPrefix(k, "hunters.load")
}

// rdFeed answers key, giving the rules the chunks of faces one after another
// until they stop asking: a chunk is a whole box (or the refit's dice), so a
// choice that needs fewer dice than the next chunk holds is a test error.
// It returns the events and how many chunks were used.
func (g *game) rdFeed(key string, chunks [][]int) ([]engine.Event, int) {
	g.t.Helper()
	var faces []int
	for used := 0; ; used++ {
		evs, err := g.try(key, faces...)
		if err == nil {
			return evs, used
		}
		if !ranOut(err) || used == len(chunks) {
			g.t.Fatalf("choosing %q at %s with %v: %v\nlast events:\n%s", key, g.where(), faces, err, dump(tail(g.all, 12)))
		}
		faces = append(faces, chunks[used]...)
	}
}

// rdSailChunks sails on (loading the boat first if in port, taking the
// first offered load each time) feeding chunks until all are used.
func (g *game) rdSailChunks(chunks [][]int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for rdDiceLeft(chunks) {
		var key string
		switch {
		case g.rdLoading():
			key = g.keys()[0]
		case g.kind() == "hunters.proceed":
			key = "sail"
		default:
			g.t.Fatalf("sailing on, the pending prompt is %s\nlast events:\n%s", g.where(), dump(tail(g.all, 12)))
		}
		evs, used := g.rdFeed(key, chunks)
		out = append(out, evs...)
		chunks = chunks[used:]
	}
	return out
}

// rdDiceLeft reports whether any chunk holds a face.
func rdDiceLeft(chunks [][]int) bool {
	for _, c := range chunks {
		if len(c) > 0 {
			return true
		}
	}
	return false
}

// rdSailTo sails quietly through the boxes before box (1-based) and into box
// with the given faces (its encounter roll and whatever follows it up to the
// next prompt). It returns the events since the call.
func (g *game) rdSailTo(box int, faces ...int) []engine.Event {
	g.t.Helper()
	labels, at := g.rdTrack()
	if box-1 <= at || box > len(labels) {
		g.t.Fatalf("cannot sail to box %d: the boat is in box %d of %v", box, at+1, labels)
	}
	var chunks [][]int
	for i := at + 1; i < box-1; i++ {
		chunks = append(chunks, rdQuiet(g.t, labels[i]))
	}
	chunks = append(chunks, faces)
	return g.rdSailChunks(chunks)
}

// rdSailHome sails quietly through the rest of the track; refit are the dice
// the refit and the next patrol's assignment roll (and anything between).
// The refit takes what it needs up to the next torpedo load (6.1 step F);
// the rest is the next assignment's (step 1), rolled when the load is
// stowed (stowAssign). With no dice left the boat waits at the load prompt.
func (g *game) rdSailHome(refit ...int) []engine.Event {
	g.t.Helper()
	out, left := g.rdSailHomeUntilPrompt(refit...)
	if len(left) == 0 {
		return out
	}
	if !g.rdLoading() {
		g.t.Fatalf("refit dice %v left at %s\n%s", left, g.where(), dump(out))
	}
	return append(out, g.stowAssign(left...)...)
}

// rdQuietPatrol sails a whole patrol without an encounter.
func (g *game) rdQuietPatrol(refit ...int) []engine.Event {
	g.t.Helper()
	return g.rdSailHome(refit...)
}

// rdShip are the faces of a lone unescorted ship met by day in an Atlantic,
// Arctic or West African box (E1 3 = ship, size, roster 1d10+1d10, day).
func rdShip(size, tens, ones int) []int { return []int{1, 2, size, tens, ones, 2} }

// rdEmpress is the 42,300 t Empress of Britain (T2 34) alone in an Atlantic box.
var rdEmpress = rdShip(4, 3, 4)

// rdSinkLone sinks the lone unescorted target #1 with one G7a from a forward
// tube, surfaced at close range (U1 1+1 hits, U2 6 explodes, U3 1 = 4
// damage), then reloads what the first offer says; it stops at the next
// prompt that is not a reload.
func (g *game) rdSinkLone() []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for _, k := range []string{"attack", "close", "surfaced", "fwd", "t1"} {
		out = append(out, g.choose(k)...)
	}
	out = append(out, g.choose("fire", 1, 1, 6, 1)...)
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		out = append(out, g.choose(g.keys()[0])...)
	}
	return out
}

// rdSuccessfulPatrol sails a patrol that sinks one lone ship (faces from
// rdShip) in box, then goes home with the refit's dice.
func (g *game) rdSuccessfulPatrol(box int, ship []int, refit ...int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	out = append(out, g.rdSailTo(box, ship...)...)
	g.expect("hunters.engage")
	out = append(out, g.rdSinkLone()...)
	out = append(out, g.rdSailHome(refit...)...)
	return out
}

// rdMust fails unless cond, printing the events.
func (g *game) rdMust(cond bool, evs []engine.Event, format string, args ...any) {
	g.t.Helper()
	if !cond {
		g.t.Fatalf("%s\nevents:\n%s", fmt.Sprintf(format, args...), dump(evs))
	}
}

// rdStanholme is the 2,500 t small freighter Stanholme (T1 13) alone in an
// Atlantic box.
var rdStanholme = rdShip(1, 1, 3)

// rdStonepool is the 5,000 t small freighter Stonepool (T1 11) alone in an
// Atlantic box: one ship, one torpedo, no tonnage that matters.
var rdStonepool = rdShip(1, 1, 1)

// rdP1Atlantic are P1 dice that give an Atlantic patrol (no wolfpack) to a
// Type VII whose next patrol begins in the given month ("1941-05").
func rdP1Atlantic(t testing.TB, month string) []int {
	t.Helper()
	switch {
	case month < "1940-04":
		return []int{6, 6} // West African Coast: Atlantic for a Type VII (7.3.2)
	case month < "1940-07":
		return []int{6, 6} // West African Coast, as above
	case month < "1941-01":
		return []int{2, 4} // 6: Atlantic
	case month < "1942-01":
		return []int{3, 4} // 7: Atlantic
	case month < "1942-07":
		return []int{3, 5} // 8: Atlantic
	case month < "1943-01":
		return []int{3, 4} // 7: Atlantic
	default:
		return []int{3, 4} // 7: Atlantic
	}
}

// rdSeq joins face lists.
func rdSeq(parts ...[]int) []int {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// rdRolls are the roll events of a case.
func rdRolls(evs []engine.Event, cs string) []*engine.Roll {
	var out []*engine.Roll
	for _, e := range evs {
		if e.Roll != nil && e.Roll.Case == cs {
			out = append(out, e.Roll)
		}
	}
	return out
}

// rdCrewLine is the status view's line for a crewman ("1WO" -> "fit, Experte").
func (g *game) rdCrew(who string) string { g.t.Helper(); return g.rdField(who) }

var rdMonths = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// rdMonth turns the status view's "Mar-41" plus n months into "1941-05".
func rdMonth(t testing.TB, date string, n int) string {
	t.Helper()
	i := strings.LastIndex(date, "-")
	y, err := strconv.Atoi(date[i+1:])
	m := -1
	for k, name := range rdMonths {
		if name == date[:i] {
			m = k
		}
	}
	if err != nil || m < 0 {
		t.Fatalf("bad date %q", date)
	}
	abs := (1900+y)*12 + m + n
	return fmt.Sprintf("%04d-%02d", abs/12, abs%12+1)
}

// rdNextP1 are P1 dice for an Atlantic patrol n months after the date on
// the status view (a Type VII back from a patrol with a one-month refit
// sails again two months after the patrol's month).
func (g *game) rdNextP1(n int) []int {
	g.t.Helper()
	return rdP1Atlantic(g.t, rdMonth(g.t, g.rdField("Date"), n))
}

// rdSuccess sails a patrol sinking Stonepool in box 3 (an Atlantic box on a
// Type VII's Atlantic track) and goes home; before are refit dice rolled
// before the next patrol's P1 roll (crew advancement, promotion, ...); the P1
// dice for an Atlantic patrol two months on are added.
func (g *game) rdSuccess(before ...int) []engine.Event {
	g.t.Helper()
	return g.rdSuccessfulPatrol(3, rdStonepool, rdSeq(before, g.rdNextP1(2))...)
}

// rdFailure sails a quiet patrol (nothing sunk: a failure, 7.5.2).
func (g *game) rdFailure(before ...int) []engine.Event {
	g.t.Helper()
	return g.rdQuietPatrol(rdSeq(before, g.rdNextP1(2))...)
}

// rdVIIC41 starts a Type VIIC Oberleutnant (11.2.2 roll 2) in Mar-41 on an
// Atlantic patrol (P1 3+4, rolled when the first load is stowed): the boat
// is in box 1.
func rdVIIC41(t testing.TB, rules string) *game {
	t.Helper()
	setup := map[string]string{"boat": "VIIC", "start": "1941-03", "kommandant": "Kretschmer", "uboat": "U-99"}
	if rules != "" {
		setup["rules"] = rules
	}
	return loadedCareer(t, setup, 2, 3, 4)
}

// rdConvoy are the faces of a convoy of four small freighters met by day in
// an Atlantic box (E1 6 = convoy, four sizes of 1, T1 11 12 13 14, day):
// Stonepool 5000, Winkleigh 5000, Stanholme 2500, Arlington Court 5000.
var rdConvoy = []int{3, 3, 1, 1, 1, 1, 1, 1, 1, 2, 1, 3, 1, 4, 2}

// rdDetect are E2 dice that detect a submerged boat after a day G7a salvo at
// medium range (+1, 9.6.12) with a modified 10 in any year (1941 +1, 1942
// +2, 1943 +3): detected, but not the 12 that adds +1 on E3 (9.6.7).
func rdDetect(year int) []int {
	switch {
	case year <= 1940:
		return []int{5, 4} // 9 +1 = 10
	case year == 1941:
		return []int{4, 4} // 8 +1 +1 = 10
	case year == 1942:
		return []int{3, 4} // 7 +2 +1 = 10
	default:
		return []int{3, 3} // 6 +3 +1 = 10
	}
}

// rdEscape is an unmodified 2 on E2: always undetected (9.6.7).
var rdEscape = []int{1, 1}

// rdMiss is a torpedo's U1 roll that misses at any range.
var rdMiss = []int{6, 6}

// rdDepthCharged fires one G7a from a forward tube at target #1 of an
// escorted encounter already on the mat (engage prompt), at medium range,
// submerged; fire are the dice after the salvo is committed (U1, U2, U3,
// and the escort quality die of 14.6). Then the escort cycle: each round is
// the faces rolled after choosing to hold depth (E2, and if detected E3 and
// the hits' E4 and E5 dice; the last round escapes and holds the repair
// dice). It leaves the encounter and stops at the next prompt after the
// reloads, returning the events.
func (g *game) rdDepthCharged(fire []int, rounds ...[]int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for _, k := range []string{"attack", "medium", "fwd", "t1"} {
		out = append(out, g.choose(k)...)
	}
	out = append(out, g.choose("fire", fire...)...)
	for _, r := range rounds {
		g.expect("hunters.test_depth")
		out = append(out, g.choose("hold_depth", r...)...)
	}
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		out = append(out, g.choose(g.keys()[0])...)
	}
	if g.kind() == "hunters.after_combat" {
		out = append(out, g.choose("leave")...)
	}
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		out = append(out, g.choose(g.keys()[0])...)
	}
	return out
}

// rdCapital are the faces of a capital ship (T5 roll) met by day in an
// Atlantic box (E1 2 = capital ship).
func rdCapital(t5 int) []int { return []int{1, 1, t5, 2} }

// T5 rolls: the Knight's Cross ships and one that is not.
const (
	rdNelson     = 6 // BB Nelson 34,000 t, Knight's Cross
	rdMalaya     = 7 // BB Malaya 31,300 t, Knight's Cross
	rdBarham     = 5 // BB Barham 31,100 t, Knight's Cross
	rdEagle      = 8 // CV Eagle 22,600 t, Knight's Cross
	rdCourageous = 3 // CV Courageous 18,600 t, no Knight's Cross
)

// rdSinkCapital sinks the capital ship on the mat (engage prompt) with two
// G7a from the forward tubes at medium range, submerged (each U1 1+1 hits,
// U2 6, U3 1 = 4 damage: 8 of 5), then escapes the escorts on an
// unmodified 2 (9.6.7) and reloads; fire are extra dice after the salvo
// (the 14.6 escort quality die).
func (g *game) rdSinkCapital(fire ...int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for _, k := range []string{"attack", "medium", "fwd", "t1", "t1"} {
		out = append(out, g.choose(k)...)
	}
	out = append(out, g.choose("fire", rdSeq([]int{1, 1, 6, 1, 1, 1, 6, 1}, fire)...)...)
	g.expect("hunters.test_depth")
	out = append(out, g.choose("hold_depth", rdEscape...)...)
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		out = append(out, g.choose(g.keys()[0])...)
	}
	return out
}

// rdCapitalPatrol sinks a capital ship in box 3 and goes home.
func (g *game) rdCapitalPatrol(t5 int, refit ...int) []engine.Event {
	g.t.Helper()
	out := g.rdSailTo(3, rdCapital(t5)...)
	g.expect("hunters.engage")
	out = append(out, g.rdSinkCapital()...)
	return append(out, g.rdSailHome(refit...)...)
}

// rdConvoyNight is rdConvoy met at night (day/night die 5).
var rdConvoyNight = rdSeq(rdConvoy[:len(rdConvoy)-1], []int{5})

// rdNightSalvos makes a night surface attack at medium range on the convoy
// on the mat: forward tube 1 at #1, then the second salvo from the aft tube
// at #1 (9.5.2); fire are the dice rolled once the salvos are committed (the
// two U1 rolls and what follows up to the next prompt).
func (g *game) rdNightSalvos(fire ...int) []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for _, k := range []string{"attack", "medium", "surfaced", "fwd_aft", "t1", "hold", "hold", "hold"} {
		out = append(out, g.choose(k)...)
	}
	return append(out, g.choose("t1", fire...)...)
}

// rdLeave reloads and leaves an encounter that is over, stopping at the
// next prompt.
func (g *game) rdLeave() []engine.Event {
	g.t.Helper()
	var out []engine.Event
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		out = append(out, g.choose(g.keys()[0])...)
	}
	if g.kind() == "hunters.after_combat" {
		out = append(out, g.choose("leave")...)
	}
	for strings.HasPrefix(g.kind(), "hunters.reload") {
		out = append(out, g.choose(g.keys()[0])...)
	}
	return out
}

// rdSailHomeUntilPrompt sails quietly home and into the refit, giving the
// refit its faces one at a time, and stops at the first prompt after the
// refit begins; it returns the events and the faces not used.
func (g *game) rdSailHomeUntilPrompt(refit ...int) ([]engine.Event, []int) {
	g.t.Helper()
	labels, at := g.rdTrack()
	var chunks [][]int
	for i := at + 1; i < len(labels); i++ {
		chunks = append(chunks, rdQuiet(g.t, labels[i]))
	}
	boxes := len(chunks)
	for _, f := range refit {
		chunks = append(chunks, []int{f})
	}
	var out []engine.Event
	used := 0
	// Loading prompts are answered only before the boat sails: after the
	// refit they belong to the next patrol.
	for g.kind() == "hunters.proceed" || (g.rdLoading() && used == 0) {
		key := "sail"
		if g.rdLoading() {
			key = g.keys()[0]
		}
		evs, n := g.rdFeed(key, chunks[used:])
		out = append(out, evs...)
		used += n
	}
	if used < boxes {
		g.t.Fatalf("sailing home stopped at %s", g.where())
	}
	return out, refit[used-boxes:]
}

// rdShipMed is rdShip in a Mediterranean box (E1 7 = ship).
func rdShipMed(size, tens, ones int) []int { return []int{3, 4, size, tens, ones, 2} }

// rdAnswer answers a prompt of the refit (11.4.3's newer boat); faces are
// the dice the rest of the refit rolls and then the next assignment's: the
// refit takes what it needs up to the next torpedo load (6.1 step F), and
// stowAssign stows that load with the rest (step 1).
func (g *game) rdAnswer(key string, faces ...int) []engine.Event {
	g.t.Helper()
	evs, rest := g.feed(key, faces)
	if len(rest) == 0 {
		return evs
	}
	if !g.rdLoading() {
		g.t.Fatalf("%q left %v at %s\n%s", key, rest, g.where(), dump(evs))
	}
	return append(evs, g.stowAssign(rest...)...)
}

// rdFiveMonthDamage are the escort rounds after a missed salvo (submerged,
// medium, by day, a Type VII in year) that leave 7 hull boxes and three
// systems inoperable (10.10: 1 + 1 + 3 = 5 months): E3 12 = 5 hits (65 65 65
// 33 hull 7, 11 batteries); detected again, E3 6+1 = 2 hits (14 periscope,
// 15 dive planes); then an unmodified 2 escapes and the three repairs fail
// on 6s.
func rdFiveMonthDamage(year int) [][]int {
	second := []int{3, 3} // 6 +1 1941 +1 G7a +1 previous = 9
	if year <= 1940 {
		second = []int{4, 3} // 7 +1 G7a +1 previous = 9
	}
	return [][]int{
		rdSeq(rdDetect(year), []int{6, 6, 6, 5, 6, 5, 6, 5, 3, 3, 1, 1}),
		rdSeq(second, []int{3, 3, 1, 4, 1, 5}),
		rdSeq(rdEscape, []int{6, 6, 6}),
	}
}

// rdSuccessSaving is rdSuccess (sinking ship) for a Kommandant holding
// upgrade requests: a request prompt at the refit is answered by saving.
func (g *game) rdSuccessSaving(ship []int, before ...int) []engine.Event {
	g.t.Helper()
	p1 := g.rdNextP1(2)
	out := g.rdSailTo(3, ship...)
	out = append(out, g.rdSinkLone()...)
	evs, left := g.rdSailHomeUntilPrompt(rdSeq(before, p1)...)
	out = append(out, evs...)
	if g.kind() == "hunters.upgrade" {
		evs, left = g.feed("save", left)
		out = append(out, evs...)
	}
	if len(left) != 0 {
		if !g.rdLoading() {
			g.t.Fatalf("refit left %v unused at %s\n%s", left, g.where(), dump(evs))
		}
		out = append(out, g.stowAssign(left...)...)
	}
	return out
}
