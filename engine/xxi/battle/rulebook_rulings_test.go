package battle_test

// The digest's rulings read the other way (battle.Rulings), each against
// the rulebook's words; rulebook_test.go plays the defaults. Written from
// the rulebook, the digest and the Rulings' documented values only.

import (
	"slices"
	"testing"

	"github.com/kaleun/kaleun/engine/xxi/battle"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

func withRulings(edit func(*battle.Rulings)) battle.Rulings {
	r := battle.DefaultRulings()
	edit(&r)
	return r
}

// TestXXI_A5Default: a Full-strength flotilla failing the Dangerous Trip
// Home takes its hit and reaches Valentin, Depleted ([9.6] only adds a
// hit), in the one key, with one test.
func TestXXI_A5Default(t *testing.T) {
	if battle.DefaultRulings().A5 != battle.A5ReachesValentin {
		t.Errorf("XXI-A5 default is %q; the digest's is %q", battle.DefaultRulings().A5, battle.A5ReachesValentin)
	}
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")}, Paths: housePaths(t)})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "abort", []roll{dth("fail", 3, 2)}},
	)
	state(t, "XXI-A5 reaches Valentin", p, "VII-1", true, false, true)
	sameKeys(t, "next", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
}

// TestXXI_A5StaysOut: the other reading, "it stays in the box and tests
// again": a Full flotilla that fails is Depleted and tests again; a second
// failure sinks it (9.6 "Depleted U-boats are sunk").
func TestXXI_A5StaysOut(t *testing.T) {
	s := func() battle.Setup {
		return battle.Setup{
			Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
			Paths:     housePaths(t),
			Rulings:   withRulings(func(r *battle.Rulings) { r.A5 = battle.A5StaysOut }),
		}
	}
	p := newPhaseWith(t, s())
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "abort", []roll{dth("fail", 3, 2), dth("pass", 1, 4)}},
	)
	state(t, "XXI-A5 stays out, then home", p, "VII-1", true, false, true)
	sameKeys(t, "next", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")

	q := newPhaseWith(t, s())
	q = run(t, q,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "abort", []roll{dth("fail", 3, 2), dth("fail", 1, 3)}},
	)
	state(t, "XXI-A5 stays out, fails twice", q, "VII-1", true, true, true)
}

// TestXXI_A6StraightHomeAfterAMiss: the other reading lets an Open Ocean
// failure go straight home on a miss as well: no Dangerous Trip Home test,
// no die, the flotilla still Full-strength.
func TestXXI_A6StraightHomeAfterAMiss(t *testing.T) {
	p := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Rulings:   withRulings(func(r *battle.Rulings) { r.A6 = battle.A6StraightHome }),
	})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 3, 3), ooDC("miss", 1)}},
	)
	pr := p.Prompt()
	for _, k := range []string{"home", "continue"} {
		found := false
		for _, o := range keys(pr) {
			found = found || o == k
		}
		if !found {
			t.Fatalf("XXI-A6 straight home: %q not offered after the miss; offered %v", k, keys(pr))
		}
	}
	q := run(t, p, step{"", "home", nil})
	state(t, "XXI-A6 straight home", q, "VII-1", false, false, true)
	sameKeys(t, "next", q.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
	// Continuing goes on to PBY Searchers (5+: a 4 fails).
	run(t, p, step{"", "continue", nil}, step{kEncount, "test", []roll{enc(5, 4, 1), dc("miss", 1)}})

	// A hit still goes home without the trip home, as 9.3 says.
	h := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1")},
		Paths:     housePaths(t),
		Rulings:   withRulings(func(r *battle.Rulings) { r.A6 = battle.A6StraightHome }),
	})
	h = run(t, h,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 3, 3), ooDC("hit", 2)}},
		step{kOpenOcHt, "home", nil},
	)
	state(t, "9.3 home", h, "VII-1", true, false, true)
}

// TestXXI_A7AfterDCOnlyWorkedExample: the other reading of XXI-A7, abort
// only after a depth-charge attack (9.5): no decision before a test, so a
// mission's tests roll on until one fails or the flotilla reaches its
// convoy area. The 9.10 example, which aborts only after depth charges,
// plays die by die the same.
func TestXXI_A7AfterDCOnlyWorkedExample(t *testing.T) {
	p := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     bookPaths(),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
		Rulings:   withRulings(func(r *battle.Rulings) { r.A7 = battle.A7AfterDCOnly }),
	})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", []roll{enc(4, 3, 4), enc(5, 2, 4), dc("hit", 5)}},
		step{kAfterDC, "abort", []roll{dth("pass", 4, 5)}},
		step{kSail, "sail:VII-2:atlantic", []roll{enc(4, 1, 6), enc(5, 3, 5), enc(4, 5, 6), enc(5, 4, 4), dc("hit", 3, 6)}},
		step{kAfterDC, "continue", nil},
	)
	// 9.7 "it attacks the convoy of its choice": whether it may also head
	// back before a first attack is this reading's to say (see
	// TestXXI_A7AfterDCOnlyHeadsBackAfterAnAttack for after one).
	p = run(t, p, step{kConvoy, "attack:convoy-5", []roll{attack("sunk", 4, 5), areaDC("hit", 1, 4)}})
	state(t, "9.10", p, "VII-1", true, false, true)
	state(t, "9.10", p, "VII-2", true, true, true)
	if pr := p.Prompt(); pr != nil {
		t.Errorf("9.1: no flotilla can sail, yet %s %v", pr.Kind, keys(pr))
	}
}

// TestXXI_A7AfterDCOnlyHeadsBackAfterAnAttack: "A U-boat flotilla in
// Atlantic Ocean or Western Approaches may continue attacking convoys
// until it is sunk or heads back to Valentin" (9.9): heading back is 9.9's
// own choice, and it comes after the area's depth charge (9.8) in any case,
// so even the after-depth-charges-only reading offers it between attacks.
func TestXXI_A7AfterDCOnlyHeadsBackAfterAnAttack(t *testing.T) {
	p := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}, {ID: "convoy-6", Value: 6, Path: atl}},
		Rulings:   withRulings(func(r *battle.Rulings) { r.A7 = battle.A7AfterDCOnly }),
	})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", []roll{enc(4, 4, 1), enc(5, 1, 5), enc(4, 4, 4), enc(5, 6, 1)}},
		step{kConvoy, "attack:convoy-6", []roll{attack("missed", 5, 5), areaDC("miss", 1, 1)}},
	)
	sameKeys(t, "9.9 after an attack", p.Prompt(), "attack:convoy-5", "attack:convoy-6", "leave")
	p = run(t, p, step{kConvoy, "leave", []roll{dth("pass", 4, 1)}})
	state(t, "9.9 home", p, "VII-1", false, false, true)
}

// TestXXI_A7AfterDCOnlyContinueRollsOn: after 9.5's continue, the next
// test rolls in the same key.
func TestXXI_A7AfterDCOnlyContinueRollsOn(t *testing.T) {
	p := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1")},
		Paths:     housePaths(t),
		Rulings:   withRulings(func(r *battle.Rulings) { r.A7 = battle.A7AfterDCOnly }),
	})
	run(t, p,
		step{kSail, "sail:VII-1:atlantic", []roll{enc(4, 1, 1), ooDC("miss", 1)}},
		step{kAfterDC, "continue", []roll{enc(5, 5, 1), enc(4, 1, 2), dc("miss", 1)}},
		// The last space passed and no convoy anywhere: 9.9's trip home.
		step{kAfterDC, "continue", []roll{enc(5, 6, 6), dth("pass", 4, 4)}},
	)
}

// TestXXI_A20Default: the digest's default lets an empty area be chosen.
func TestXXI_A20Default(t *testing.T) {
	if battle.DefaultRulings().A20 != battle.A20Allowed {
		t.Errorf("XXI-A20 default is %q; the digest's is %q", battle.DefaultRulings().A20, battle.A20Allowed)
	}
	// A convoy sunk earlier in the phase leaves its area empty: the next
	// flotilla may still go, and heads home from it (9.9).
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
	})
	p = run(t, p, passAtlantic("VII-1")...)
	p = run(t, p, step{kConvoy, "attack:convoy-5", []roll{attack("sunk", 5, 1), areaDC("miss", 1, 1), dth("pass", 4, 1)}})
	sameKeys(t, "XXI-A20 allowed", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
	steps := passAtlantic("VII-2")
	last := &steps[len(steps)-1]
	last.rolls = append(last.rolls, dth("pass", 6, 1))
	run(t, p, steps...)
}

// TestXXI_A20Forbidden: the other reading: a path whose area holds no
// unsunk convoy may not be chosen.
func TestXXI_A20Forbidden(t *testing.T) {
	p := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
		Rulings:   withRulings(func(r *battle.Rulings) { r.A20 = battle.A20Forbidden }),
	})
	sameKeys(t, "XXI-A20 forbidden", p.Prompt(), "sail:VII-1:atlantic", "sail:VII-2:atlantic", "end")
	refuse(t, p, "sail:VII-1:western-approaches", "XXI-A20 forbidden: the Western Approaches hold no convoy")
	p = run(t, p, passAtlantic("VII-1")...)
	p = run(t, p, step{kConvoy, "attack:convoy-5", []roll{attack("sunk", 5, 1), areaDC("miss", 1, 1), dth("pass", 4, 1)}})
	// The Atlantic's only convoy is sunk: no area holds one.
	refuse(t, p, "sail:VII-2:atlantic", "XXI-A20 forbidden: the Atlantic Ocean's convoy is sunk")
	refuse(t, p, "sail:VII-2:western-approaches", "XXI-A20 forbidden: the Western Approaches hold no convoy")
	if pr := p.Prompt(); pr != nil {
		sameKeys(t, "XXI-A20 forbidden, nothing to sail to", pr, "end")
	}
}

// passAtlantic sails id on the house bottom path and passes its four
// spaces with two Type VII dice each (4+, 5+, 4+, 5+).
func passAtlantic(id string) []step {
	return []step{
		{kSail, "sail:" + id + ":" + content.Atlantic, nil},
		{kEncount, "test", []roll{enc(4, 4, 1)}},
		{kEncount, "test", []roll{enc(5, 1, 5)}},
		{kEncount, "test", []roll{enc(4, 4, 4)}},
		{kEncount, "test", []roll{enc(5, 6, 1)}},
	}
}

// TestXXI_A8TogetherWorkedExample: the other reading of XXI-A8, every
// mission declared first and then resolved in turn. 9.10's "two Type VII
// U-boat flotillas are sent on a mission" reads that way too, and its dice
// play the same: once both are declared (nobody else can be), VII-1's
// mission, then VII-2's, with no mission choice between them.
func TestXXI_A8TogetherWorkedExample(t *testing.T) {
	p := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     bookPaths(),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
		Rulings:   withRulings(func(r *battle.Rulings) { r.A8 = battle.A8Together }),
	})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kSail, "sail:VII-2:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 3, 4)}},
		step{kEncount, "test", []roll{enc(5, 2, 4), dc("hit", 5)}},
		step{kAfterDC, "abort", []roll{dth("pass", 4, 5)}},
		step{kEncount, "test", []roll{enc(4, 1, 6)}},
		step{kEncount, "test", []roll{enc(5, 3, 5)}},
		step{kEncount, "test", []roll{enc(4, 5, 6)}},
		step{kEncount, "test", []roll{enc(5, 4, 4), dc("hit", 3, 6)}},
		step{kAfterDC, "continue", nil},
		step{kConvoy, "attack:convoy-5", []roll{attack("sunk", 4, 5), areaDC("hit", 1, 4)}},
	)
	state(t, "9.10", p, "VII-1", true, false, true)
	state(t, "9.10", p, "VII-2", true, true, true)
	if pr := p.Prompt(); pr != nil {
		t.Errorf("9.1: no flotilla can sail, yet %s %v", pr.Kind, keys(pr))
	}
}

// TestXXI_A8TogetherEndStillOffered: the contract's xxi.sail offers `end`
// always, under either reading of XXI-A8 (9.1 obliges no flotilla to sail).
func TestXXI_A8TogetherEndStillOffered(t *testing.T) {
	p := newPhaseWith(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2"), vii("VII-3")},
		Paths:     housePaths(t),
		Rulings:   withRulings(func(r *battle.Rulings) { r.A8 = battle.A8Together }),
	})
	p = run(t, p, step{kSail, "sail:VII-1:atlantic", nil})
	if !slices.Contains(keys(p.Prompt()), "end") {
		t.Errorf("XXI-A8 together, one mission declared: `end` not offered; offered %v", keys(p.Prompt()))
	}
}

// TestXXI_ZeroRulingsAreTheDefaults: Rulings{} reads as the digest's
// defaults (api.go), so 9.10 plays from it key by key as from
// DefaultRulings; a ruling's value that names no reading is refused.
func TestXXI_ZeroRulingsAreTheDefaults(t *testing.T) {
	s := battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     bookPaths(),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
	}
	p := run(t, newPhaseWith(t, s),
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 3, 4)}},
		step{kEncount, "test", []roll{enc(5, 2, 4), dc("hit", 5)}},
		step{kAfterDC, "abort", []roll{dth("pass", 4, 5)}},
		step{kSail, "sail:VII-2:atlantic", nil},
	)
	state(t, "Rulings{}", p, "VII-1", true, false, true)
	for name, edit := range map[string]func(*battle.Rulings){
		"A5":  func(r *battle.Rulings) { r.A5 = "maybe" },
		"A6":  func(r *battle.Rulings) { r.A6 = "maybe" },
		"A7":  func(r *battle.Rulings) { r.A7 = "maybe" },
		"A8":  func(r *battle.Rulings) { r.A8 = "maybe" },
		"A20": func(r *battle.Rulings) { r.A20 = "maybe" },
	} {
		bad := s
		bad.Rulings = withRulings(edit)
		if _, err := battle.New(bad); err == nil {
			t.Errorf("New accepted XXI-%s = %q, no reading of it", name, "maybe")
		}
	}
}
