package fidelity

// Helpers for the section 10 (U-boat damage) and 3.5 (patrol log sheet)
// readings. They only answer prompts and read views: the rules stay a black box.

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// Faces that give "no encounter" on each Encounter Chart [E1] column used here
// (1940, so no year modifiers): Transit 4-11, Bay of Biscay 5+, British Isles
// 3-4/7/9/11, Atlantic 4-5/8/10-11.
var (
	quietTransit = []int{4, 4}
	quietBiscay  = []int{4, 4}
	quietBritish = []int{4, 5}
	quietAtlant  = []int{4, 4}
)

// britishIsles1940 starts a Type VIIC career in Oct-40 (11.2.2: 1d6 = 1, an
// Oberleutnant, who makes no 11.2.1 request roll) at its torpedo-load prompt
// (4.4.2: the set-up ends with the load); its first assignment, rolled when
// the load is stowed, is the British Isles with britishIslesP1. Its track:
// Transit (Bay of Biscay), Transit, British Isles x4, Transit, Transit (Bay
// of Biscay). rules may be "".
func britishIsles1940(t *testing.T, rules string) *game {
	t.Helper()
	setup := map[string]string{"boat": "VIIC", "start": "1940-10", "kommandant": "Blennemann", "uboat": "U-235"}
	if rules != "" {
		setup["rules"] = rules
	}
	g := career(t, setup, 1)
	g.expect("hunters.torpedo_mix")
	return g
}

// britishIslesP1 is P1 1940-07..12, 2d6 = 7: British Isles.
var britishIslesP1 = []int{3, 4}

// load answers the torpedo-loading prompts (4.5) and gives the dice of the
// last of them: the patrol's assignment (6.1: it follows the load), then box
// 1's encounter. g7eForward puts G7e torpedoes in the forward tubes, so a
// day attack adds no "G7a by day" detection modifier.
func (g *game) load(g7eForward bool, box1 ...int) []engine.Event {
	g.t.Helper()
	for {
		k := g.kind()
		if k != "hunters.torpedo_mix" && !strings.HasPrefix(k, "hunters.load_") {
			g.t.Fatalf("load: not a loading prompt: %s", g.where())
		}
		keys := g.keys()
		key := keys[0]
		switch {
		case k == "hunters.torpedo_mix":
			key = keys[len(keys)/2]
			if g.offers("e6") {
				key = "e6"
			}
		case k == "hunters.load_tubes" && g7eForward:
			for _, c := range keys {
				if strings.HasPrefix(c, "f4") || strings.HasPrefix(c, "f6") {
					key = c
				}
			}
		}
		evs, err := g.try(key)
		if err == nil {
			if k2 := g.kind(); k2 == "hunters.torpedo_mix" || strings.HasPrefix(k2, "hunters.load_") {
				continue
			}
			if len(box1) > 0 {
				g.t.Fatalf("load: box 1 rolled no dice but faces %v were given", box1)
			}
			return evs
		}
		if !ranOut(err) {
			g.t.Fatalf("load: %q refused: %v", key, err)
		}
		return g.choose(key, box1...)
	}
}

// feed answers key with the shortest prefix of supply that the rules accept
// (they roll exactly that many dice before the next prompt) and returns the
// faces left over.
func (g *game) feed(key string, supply []int) ([]engine.Event, []int) {
	g.t.Helper()
	for n := 0; n <= len(supply); n++ {
		evs, err := g.try(key, supply[:n]...)
		if err == nil {
			return evs, supply[n:]
		}
		if !ranOut(err) {
			g.t.Fatalf("feed %q: %v", key, err)
		}
	}
	g.t.Fatalf("feed %q: the %d faces supplied ran out at %s", key, len(supply), g.where())
	return nil, nil
}

// field is a named field of a view ("" when absent).
func (g *game) field(view, name string) string {
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

// outcomeField is a field of the finished game's outcome ("" when absent).
func (g *game) outcomeField(name string) string {
	o := g.outcome()
	if o == nil {
		return ""
	}
	for _, f := range o.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// wantField fails unless the view's field has the value (case-insensitive
// containment, so "inoperable" matches "Inoperable").
func (g *game) wantField(view, name, want string) {
	g.t.Helper()
	got := g.field(view, name)
	if !strings.Contains(strings.ToLower(got), strings.ToLower(want)) {
		g.t.Fatalf("%s %q = %q, want %q", view, name, got, want)
	}
}

// underAttack sails the britishIsles1940 boat (G7e forward, so no G7a-by-day
// modifier) to box 3, meets a small freighter with an escort by day (E1 6,
// size 1, T1 11 Stonepool 5,000 t, day 1), attacks it at medium range with
// one torpedo that misses (U1 6+6), and stops at the first escort detection
// round's test-depth prompt (9.6.4). In 1940 at medium range by day with a
// G7e the detection roll has no modifiers.
func underAttack(t *testing.T, rules string) *game {
	t.Helper()
	g := britishIsles1940(t, rules)
	g.load(true, cat(britishIslesP1, quietBiscay)...)
	g.choose("sail", quietTransit...)
	g.choose("sail", 3, 3, 1, 1, 1, 1)
	g.expect("hunters.engage")
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
	return g
}

// airAttacked sails the britishIsles1940 boat into an aircraft in box 1 (Bay of
// Biscay 1+1), which attacks once (A1 2+2 = 4). flak is the A2 roll (2d6),
// attack the E3 roll (2d6, +2 for aircraft); more are the dice after that
// (E4 rolls for the hits, the automatic crew injury, repairs...).
func airAttacked(t *testing.T, rules string, flak, attack [2]int, more ...int) (*game, []engine.Event) {
	t.Helper()
	g := britishIsles1940(t, rules)
	evs := g.load(false, cat(britishIslesP1, []int{1, 1, 2, 2, flak[0], flak[1], attack[0], attack[1]}, more)...)
	return g, evs
}

// area is the current patrol's name, from the status view's "Patrol: X".
func (g *game) area() string {
	g.t.Helper()
	v, err := g.state.View("status")
	if err != nil {
		g.t.Fatal(err)
	}
	for _, s := range v.Sections {
		if name, ok := strings.CutPrefix(s.Title, "Patrol: "); ok {
			return name
		}
	}
	g.t.Fatalf("no patrol in the status view")
	return ""
}

// shipAndQuiet are the E1 faces for an unescorted "Ship" and for no
// encounter in an eight-box VIIC patrol's area boxes (1940-41).
func shipAndQuiet(t testing.TB, area string) (ship, quiet []int) {
	switch area {
	case "British Isles":
		return []int{2, 3}, quietBritish
	case "Atlantic":
		return []int{1, 2}, quietAtlant
	}
	t.Fatalf("no faces for area %q", area)
	return nil, nil
}

// successfulPatrol plays a patrol from its torpedo prompt: assign are the
// dice of its assignment (P1), rolled when the load is stowed; no encounter
// but in box 3, where a lone small freighter (Stonepool, 5,000 t) is sunk by
// one surfaced torpedo at close range (U1 2+2, U2 5, U3 3 = 2 damage). The
// patrol is an eight-box VIIC track. refit supplies the dice after the last
// box (recoveries, advancement, promotion...) and the next assignment's; the
// game takes what it needs and the rest is returned: the next assignment's
// dice, rolled when the next load is stowed.
func (g *game) successfulPatrol(assign, refit []int) []int {
	g.t.Helper()
	g.load(false, cat(assign, quietBiscay)...)
	ship, quiet := shipAndQuiet(g.t, g.area())
	g.choose("sail", quietTransit...)
	g.choose("sail", cat(ship, []int{1, 1, 1, 1})...)
	g.choose("attack")
	g.choose("close")
	g.choose("surfaced")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 2, 2, 5, 3)
	g.choose(g.keys()[0]) // reload forward
	g.choose("sail", quiet...)
	g.choose("sail", quiet...)
	g.choose("sail", quiet...)
	_, rest := g.feed("sail", cat(quietTransit, quietBiscay, refit))
	return rest
}

// escortedShipInBox3 is underAttack's fight for a VIIC waiting at its
// torpedo prompt whose assignment dice (assign) make an eight-box British
// Isles patrol (G7e forward, no encounter in boxes 1-2, a small freighter
// with escort by day in box 3, one torpedo missing at medium range). It
// stops at round 1's test-depth prompt.
func (g *game) escortedShipInBox3(assign []int) {
	g.t.Helper()
	g.load(true, cat(assign, quietBiscay)...)
	if a := g.area(); a != "British Isles" {
		g.t.Fatalf("escortedShipInBox3 on a %s patrol", a)
	}
	g.choose("sail", quietTransit...)
	g.choose("sail", 3, 3, 1, 1, 1, 1)
	g.expect("hunters.engage")
	g.choose("attack")
	g.choose("medium")
	g.choose("fwd")
	g.choose("t1")
	g.choose("fire", 6, 6)
	g.expect("hunters.test_depth")
}

// veteran plays britishIsles1940's first three patrols, each sinking one
// ship (Oct-40, Dec-40, Feb-41, all British Isles: P1 7, 4, 4), and rolls
// advancement (11.1) after the third. It stops at the Apr-41 patrol's
// torpedo prompt and returns the dice its assignment rolls when the load is
// stowed (P1 4: British Isles).
func veteran(t *testing.T, advancement int) (*game, []int) {
	t.Helper()
	g := britishIsles1940(t, "")
	next := g.successfulPatrol(britishIslesP1, []int{3, 4})
	next = g.successfulPatrol(next, []int{1, 3})
	next = g.successfulPatrol(next, []int{advancement, 1, 3})
	if r := rolls(g.all, "", "Crew advancement"); len(r) != 1 || r[0].Natural != advancement {
		t.Fatalf("veteran: advancement rolls %+v", r)
	}
	return g, next
}

// toProceed closes an engagement without rolling: it leaves (no follow) and
// reloads the tubes with the last mix offered (the most G7e), until the boat
// is asked to sail on.
func (g *game) toProceed() {
	g.t.Helper()
	for i := 0; i < 5; i++ {
		switch k := g.kind(); {
		case k == "hunters.proceed":
			return
		case k == "hunters.after_combat":
			g.choose("leave")
		case strings.HasPrefix(k, "hunters.reload"):
			g.choose(g.keys()[len(g.keys())-1])
		default:
			g.t.Fatalf("toProceed: %s", g.where())
		}
	}
	g.t.Fatalf("toProceed: stuck at %s", g.where())
}

// crew counts the generic crew boxes (Crew 1-4 on the status view) by state.
func (g *game) crew() map[string]int {
	g.t.Helper()
	out := map[string]int{}
	for i := 1; i <= 4; i++ {
		v := g.field("status", "Crew "+string(rune('0'+i)))
		switch {
		case strings.Contains(v, "KIA"):
			out["KIA"]++
		case strings.Contains(v, "SW"):
			out["SW"]++
		case strings.Contains(v, "LW"):
			out["LW"]++
		default:
			out["fit"]++
		}
	}
	return out
}
