package fidelity

// Section 13.5, the Wolfpack tournament's pack, read from the rulebook alone,
// driven through engine/hunters/wolfpack's public Rules and State.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
)

// rbPack starts a wolfpack named West of n boats (seats "1".."n", players
// P1..Pn); every Kommandant's rank roll is 1.
func rbPack(t *testing.T, n int) *game {
	t.Helper()
	setup := map[string]string{"name": "West"}
	for i := 1; i <= n; i++ {
		setup[fmt.Sprint(i)] = fmt.Sprintf("P%d", i)
	}
	st, evs, err := rbNewPack(t, setup, rbTimes(n, 1)...)
	if err != nil {
		t.Fatalf("pack set-up: %v", err)
	}
	return &game{t: t, state: st, all: evs}
}

func rbNewPack(t *testing.T, setup map[string]string, faces ...int) (engine.State, []engine.Event, error) {
	t.Helper()
	st, evs, left, err := rbNewPackLoose(t, setup, faces...)
	if err == nil && left != 0 {
		t.Fatalf("pack set-up left %d faces\n%s", left, dump(evs))
	}
	return st, evs, err
}

// rbNewPackLoose is rbNewPack returning the faces left unused.
func rbNewPackLoose(t *testing.T, setup map[string]string, faces ...int) (engine.State, []engine.Event, int, error) {
	t.Helper()
	h, err := loadedRules()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.NewScripted(faces)
	st, evs, err := wolfpack.NewRules(h).New(raw, d)
	return st, evs, d.Remaining(), err
}

func (g *game) rbPackState() *wolfpack.State {
	g.t.Helper()
	s, ok := g.state.(*wolfpack.State)
	if !ok {
		g.t.Fatalf("not a wolfpack: %T", g.state)
	}
	return s
}

// rbPending is seat's pending prompt, or nil.
func (g *game) rbPending(seat string) *engine.Prompt {
	for _, p := range g.rbPackState().PendingAll() {
		if p.Seat == seat {
			return p
		}
	}
	return nil
}

// rbFor answers seat's pending prompt with key; faces are every die rolled.
func (g *game) rbFor(seat, key string, faces ...int) []engine.Event {
	g.t.Helper()
	p := g.rbPending(seat)
	if p == nil {
		g.t.Fatalf("seat %s has no pending prompt (pending: %s)", seat, g.rbPendingKinds())
	}
	d := dice.NewScripted(faces)
	next, evs, err := g.state.Apply(engine.Choice{Token: p.Token, Key: key}, d)
	if err != nil {
		g.t.Fatalf("seat %s choosing %q at %s %v: %v", seat, key, p.Kind, g.keysOf(p), err)
	}
	if d.Remaining() != 0 {
		g.t.Fatalf("seat %s choosing %q left %d faces (used %d)\n%s", seat, key, d.Remaining(), d.Cursor(), dump(evs))
	}
	g.state = next
	g.all = append(g.all, evs...)
	return evs
}

func (g *game) keysOf(p *engine.Prompt) []string {
	var out []string
	for _, o := range p.Options {
		out = append(out, o.Key)
	}
	return out
}

func (g *game) rbPendingKinds() string {
	var out []string
	for _, p := range g.rbPackState().PendingAll() {
		out = append(out, p.Seat+":"+p.Kind)
	}
	return strings.Join(out, " ")
}

// rbKind fails unless seat's pending prompt is of kind.
func (g *game) rbKind(seat, kind string) {
	g.t.Helper()
	p := g.rbPending(seat)
	if p == nil || p.Kind != kind {
		g.t.Fatalf("seat %s: want %s pending; pending %s", seat, kind, g.rbPendingKinds())
	}
}

// rbPackToConvoy loads every boat and sails it through boxes 1 and 2 with
// nothing (10 each); the last boat into box 3 brings the pack's convoy:
// each boat's four targets (rbConvoy's, night) are rolled in seat order.
func (g *game) rbPackToConvoy(n int) []engine.Event {
	g.t.Helper()
	for i := 1; i <= n; i++ {
		s := fmt.Sprint(i)
		g.rbFor(s, "e6")
		g.rbFor(s, "f0a0")
		g.rbFor(s, "z0", 5, 5)
		g.rbFor(s, "sail", 5, 5)
	}
	for i := 1; i < n; i++ {
		g.rbFor(fmt.Sprint(i), "sail")
	}
	return g.rbFor(fmt.Sprint(n), "sail", rbTimes(n, rbConvoy(rbNight)[2:]...)...)
}

// rbQuietRound: seat attacks at medium range submerged, one torpedo that
// misses; the escorts roll 2+2, undetected whatever the draw.
func (g *game) rbQuietRound(seat string) []engine.Event {
	g.t.Helper()
	g.rbFor(seat, "medium")
	g.rbFor(seat, "submerged")
	g.rbFor(seat, "fwd")
	g.rbFor(seat, "t1")
	g.rbFor(seat, "fire", 6, 6)
	return g.rbFor(seat, "hold_depth", 2, 2)
}

// 13.5.1: "Players are divided up into groups of six, which constitutes a
// Wolfpack, and the group given a unique name."
func TestS13_5_1PacksOfSixWithAName(t *testing.T) {
	if wolfpack.MaxMembers != 6 {
		t.Fatalf("a pack holds %d", wolfpack.MaxMembers)
	}
	seven := map[string]string{"name": "West"}
	for i := 1; i <= 7; i++ {
		seven[fmt.Sprint(i)] = fmt.Sprintf("P%d", i)
	}
	if st, _, _, err := rbNewPackLoose(t, seven, rbTimes(7, 1)...); err == nil {
		t.Fatalf("a pack of seven was formed: %d members", len(st.(*wolfpack.State).Members))
	}
	g := rbPack(t, 6)
	if got := g.rbPackState().Name; got != "West" {
		t.Fatalf("pack name %q", got)
	}
	if n := len(g.rbPackState().PendingAll()); n != 6 {
		t.Fatalf("%d boats waiting to load, want 6", n)
	}
}

// 13.5.2: "All players start with a Type VIIC in June 1942 and are assigned to
// the Atlantic. All players treat the first two Transit Boxes normally as if
// they were playing the game solitaire; there is no combining of U-Boats at
// this time and players need to navigate through these spaces
// independently."
func TestS13_5_2EveryBoatAVIICFromJune42SailingAlone(t *testing.T) {
	g := rbPack(t, 2)
	if rs := rolls(g.all, "P1", ""); len(rs) != 0 {
		t.Fatalf("a patrol assignment was rolled: %+v", rs)
	}
	for i := 0; i < 2; i++ {
		c := g.rbPackState().Career(i)
		if c.Boat.Type != "VIIC" {
			t.Errorf("boat %d is a %s", i+1, c.Boat.Type)
		}
		v, err := c.View("status")
		if err != nil {
			t.Fatal(err)
		}
		var date string
		for _, s := range v.Sections {
			for _, f := range s.Fields {
				if f.Name == "Date" {
					date = f.Value
				}
			}
			if strings.HasPrefix(s.Title, "Patrol") && !strings.Contains(s.Title, "Atlantic") {
				t.Errorf("boat %d patrols %q", i+1, s.Title)
			}
		}
		if date != "Jun-42" {
			t.Errorf("boat %d starts %q", i+1, date)
		}
	}
	// boat 1 loads and crosses box 1 while boat 2 has not loaded: each rolls
	// its own encounter; boat 1 meets an aircraft alone (Biscay 2+3 -1).
	g.rbFor("1", "e6")
	g.rbFor("1", "f0a0")
	evs := g.rbFor("1", "z0", 2, 3, 3, 4) // A1 7 -1 = 6: crash dive
	if rs := rolls(evs, "A1", ""); len(rs) != 1 {
		t.Fatalf("boat 1's aircraft: %s", dump(evs))
	}
	g.rbKind("1", "hunters.proceed")
	g.rbKind("2", "hunters.torpedo_mix")
}

// 13.5.3: "All players treat the first “Atlantic” space on their Patrol Track
// box as automatically triggering a Convoy encounter (hence, there is no need
// to roll on the Encounter Chart)."
func TestS13_5_3FirstAtlanticBoxIsAConvoy(t *testing.T) {
	g := rbPack(t, 2)
	n := len(g.all)
	evs := g.rbPackToConvoy(2)
	for _, r := range rolls(g.all[n:], "E1", "Encounter") {
		if strings.Contains(r.Purpose, "Atlantic") {
			t.Fatalf("an encounter roll in the first Atlantic box: %+v", r)
		}
	}
	if n := len(rolls(evs, "", "Ship size")); n != 8 {
		t.Fatalf("ship sizes %d, want four for each boat", n)
	}
	for _, s := range []string{"1", "2"} {
		g.rbKind(s, "hunters.engage")
		if !strings.Contains(g.rbPending(s).Text, "Convoy") {
			t.Fatalf("seat %s: %q", s, g.rbPending(s).Text)
		}
	}
}

// 13.5.4: "Instead of applying the usual roll for the Wolfpack modifier, for
// each round of combat, one player is chosen at random to get the +1
// detection modifier while the rest of his Wolfpack receives the -1 detection
// modifier (roll 1d6 to determine which player gets the unfavorable modifier,
// low roll losing out)." A tie is rolled again.
func TestS13_5_4OneBoatDrawsTheEscorts(t *testing.T) {
	g := rbPack(t, 3)
	g.rbPackToConvoy(3)
	g.rbFor("1", "attack")
	g.rbFor("2", "attack")
	// the draw: 3, 3, 5 (a tie for lowest), boats 1 and 2 again: 4, 2: boat
	// 2 loses.
	evs := g.rbFor("3", "attack", 3, 3, 5, 4, 2)
	if rs := rolls(evs, "", "Wolfpack: convoy escorts"); len(rs) != 0 {
		t.Fatalf("7.2.2's roll made as well: %+v", rs)
	}
	if n := len(rolls(evs, "", "draws the escorts")); n != 5 {
		t.Fatalf("draw rolls %d, want 5 (the tie rolled again)", n)
	}
	for seat, drm := range map[string]int{"1": -1, "2": 1, "3": -1} {
		evs := g.rbQuietRound(seat)
		r := firstRoll(t, evs, "E2", "")
		rbMod(t, r, "wolfpack", drm)
		rbRoll(t, r, 4, 6+drm, "undetected")
	}
}

// 13.5.5: "The Wolfpack may continue the engagement against the Convoy for
// three rounds of combat, as Following is considered to be automatic." No
// 9.7.7 roll; each round a fresh convoy; after the third the battle is over.
func TestS13_5_5ThreeRoundsFollowingAutomatically(t *testing.T) {
	g := rbPack(t, 2)
	g.rbPackToConvoy(2)
	for round := 1; round <= 3; round++ {
		g.rbFor("1", "attack")
		g.rbFor("2", "attack", 1, 2) // boat 1 draws the escorts
		g.rbQuietRound("1")
		g.rbQuietRound("2")
		if round == 3 {
			break
		}
		for _, s := range []string{"1", "2"} {
			g.rbKind(s, "hunters.after_combat")
			if !g.rbPending(s).HasOption("continue") {
				t.Fatalf("round %d: seat %s cannot go on with the pack: %v", round, s, g.keysOf(g.rbPending(s)))
			}
			g.rbFor(s, "continue")
		}
		g.rbFor("1", "e0")
		// fresh targets for each boat: four small freighters, night.
		evs := g.rbFor("2", "e0", rbTimes(2, rbFreshConvoy(rbNight)...)...)
		if rs := rolls(evs, "", "Follow"); len(rs) != 0 {
			t.Fatalf("a 9.7.7 roll in the pack's battle: %+v", rs)
		}
	}
	// the battle is over: both boats sail on from box 3.
	for _, s := range []string{"1", "2"} {
		g.rbKind(s, "hunters.proceed")
		if !strings.Contains(g.rbPending(s).Text, "Box 3 of 8") {
			t.Fatalf("seat %s: %q", s, g.rbPending(s).Text)
		}
	}
}

// 13.5.5: "After this initial Convoy battle, players in each Wolfpack advance
// their Travel Box by one and roll for encounters. Any players who roll
// “Convoy” are considered to be close enough together to attack in the
// initial combat round against the Convoy. Players who roll for encounters
// and get “no result” may join the Wolfpack attack on the second round of
// combat. Players who roll a “Ship” or “Capital Ship” encounter may leave the
// Wolfpack for that Travel Box to prosecute such targets if desired, or may
// join the Wolfpack on the second round of combat."
func TestS13_5_5AfterTheBattleTheEncounterRollsAreCompared(t *testing.T) {
	g := rbPack(t, 3)
	g.rbPackToConvoy(3)
	for round := 1; round <= 3; round++ {
		g.rbFor("1", "attack")
		g.rbFor("2", "attack")
		g.rbFor("3", "attack", 1, 2, 3)
		g.rbQuietRound("1")
		g.rbQuietRound("2")
		g.rbQuietRound("3")
		if round == 3 {
			break
		}
		for _, s := range []string{"1", "2", "3"} {
			g.rbFor(s, "continue")
		}
		g.rbFor("1", "e0")
		g.rbFor("2", "e0")
		g.rbFor("3", "e0", rbTimes(3, rbFreshConvoy(rbNight)...)...)
	}
	// box 4: boat 1 a convoy (3+3), boat 2 nothing (5+5), boat 3 a ship (1+2);
	// boat 1's convoy is identified.
	g.rbFor("1", "sail", 3, 3)
	g.rbFor("2", "sail", 5, 5)
	g.rbFor("3", "sail", cat([]int{1, 2}, rbConvoy(rbNight)[2:])...)
	g.rbKind("1", "hunters.engage")
	for _, s := range []string{"2", "3"} {
		g.rbKind(s, "hunters.pack_join")
		if !g.rbPending(s).HasOption("join") {
			t.Fatalf("seat %s cannot join on the second round: %v", s, g.keysOf(g.rbPending(s)))
		}
	}
	if g.rbPending("3").HasOption("own") == false {
		t.Fatalf("the boat with a ship cannot go after it: %v", g.keysOf(g.rbPending("3")))
	}
}

// 13.5.1, 13.5.6: "Each Wolfpack is competing against other Wolfpacks for most
// tonnage"; "Continue this process until all U-Boats are sunk, aborted, or
// finish their patrols normally." Boat 1 sinks Hurunui (9,300 t) in the first
// round; both boats then come home: the pack's game is over with 9,300 t.
func TestS13_5_6PackEndsWhenEveryBoatIsHome(t *testing.T) {
	g := rbPack(t, 2)
	g.rbPackToConvoy(2)
	g.rbFor("1", "attack")
	g.rbFor("2", "attack", 1, 2)
	g.rbFor("1", "medium")
	g.rbFor("1", "submerged")
	g.rbFor("1", "fwd")
	g.rbFor("1", "t3")
	g.rbFor("1", "fire", 3, 3, 6, 1) // hit, four points: Hurunui sinks
	g.rbFor("1", "hold_depth", 2, 2)
	g.rbQuietRound("2")
	for _, s := range []string{"1", "2"} {
		g.rbFor(s, "leave")
		if p := g.rbPending(s); p != nil && strings.HasPrefix(p.Kind, "hunters.reload") {
			g.rbFor(s, p.Options[0].Key)
		}
	}
	if got := g.rbPackState().Total(); got != 9300 {
		t.Fatalf("pack tonnage %d, want 9300", got)
	}
	// boxes 4-8: nothing (10 each). The pack compares every box's rolls, so
	// a boat waits in each box for the other; from box 7 both sail home.
	for box := 4; box <= 6; box++ {
		g.rbFor("1", "sail", 5, 5)
		g.rbFor("2", "sail", 5, 5)
	}
	g.rbFor("1", "sail", 5, 5)
	if g.outcome() != nil {
		t.Fatalf("the pack's game ended with boat 2 at sea")
	}
	g.rbFor("2", "sail", 5, 5, 5, 5, 5, 5)
	o := g.outcome()
	if o == nil {
		t.Fatalf("the pack's game goes on with both boats home: %s", g.rbPendingKinds())
	}
	if o.Score != 9300 {
		t.Fatalf("outcome %+v, want 9,300 t", o)
	}
	for i := 0; i < 2; i++ {
		if c := g.rbPackState().Career(i).Outcome(); c == nil || !strings.Contains(c.Summary, "home from the wolfpack patrol") {
			t.Fatalf("boat %d's summary: %+v", i+1, c)
		}
	}
}
