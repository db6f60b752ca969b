package battle_test

// The Battle Phase [9.0] checked from the rulebook's words (shared/rules/
// xxi.md, module 9.0), the digest's rulings (XXI-A5, A6, A7, A8, A20, A21,
// A22) and the contract's keys, by a tester who did not read the
// implementation. Each test quotes the case it checks. The dice of every
// key are scripted exactly: a key that rolls a die more errors (the script
// runs out), a key that rolls one fewer leaves a face unrolled, and both
// fail the test (rulebook_harness_test.go).

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/xxi/battle"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// TestCase9_10WorkedExample plays the rulebook's mission example die by
// die, with its dice and its outcomes, on the rulebook's own values and on
// the house pack (whose bottom path keeps them): two Type VIIs (all
// ratings 2), a convoy rated 5 in the Atlantic Ocean, the bottom path.
func TestCase9_10WorkedExample(t *testing.T) {
	for _, pc := range []struct {
		name  string
		paths func(*testing.T) []content.Path
	}{
		{"rulebook values", func(*testing.T) []content.Path { return bookPaths() }},
		{"house pack", housePaths},
	} {
		t.Run(pc.name, func(t *testing.T) {
			p := newPhase(t, battle.Setup{
				Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
				Paths:     pc.paths(t),
				Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
			})
			sameKeys(t, "9.1 first mission", p.Prompt(),
				"sail:VII-1:atlantic", "sail:VII-1:western-approaches",
				"sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
			p = run(t, p,
				step{kSail, "sail:VII-1:atlantic", nil},
				// "The first Type VII rolls 2d6 ... a 3 and a 4. The roll of 4 passes."
				step{kEncount, "test", []roll{enc(4, 3, 4)}},
				// "PBY Searchers ... needing a 5+ ... a 2 and 4. Both fail ... the Allies
				// roll 1d6, looking for a 2+. The roll is a 5 for a hit."
				step{kEncount, "test", []roll{enc(5, 2, 4), dc("hit", 5)}},
			)
			state(t, "9.10 VII-1 hit at PBY Searchers", p, "VII-1", true, false, true)
			// "The player decides to send the depleted U-boat home ... It rolls 2d6,
			// looking for a 4+ ... a 4 and 5, thus passing."
			p = run(t, p, step{kAfterDC, "abort", []roll{dth("pass", 4, 5)}})
			state(t, "9.10 VII-1 back in Valentin", p, "VII-1", true, false, true)
			// VII-1 is Depleted and has sailed: only VII-2 may go (9.1, 9.9).
			sameKeys(t, "9.1 second mission", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
			p = run(t, p,
				step{kSail, "sail:VII-2:atlantic", nil},
				// "a 1 and 6 to advance into the Open Ocean space."
				step{kEncount, "test", []roll{enc(4, 1, 6)}},
				// "PBY Searchers. The rolls were 3 and 5, thus passing."
				step{kEncount, "test", []roll{enc(5, 3, 5)}},
				// "Scout Bomber ... Silence, needing a 4+ ... 5 and 6, and so passes."
				step{kEncount, "test", []roll{enc(4, 5, 6)}},
				// "Destroyer Screen ... 5+ ... 4 and 4 ... failed ... the Allies roll 2d6,
				// looking for 2+. ... 3 and 6, so both hit, but only one hit applies."
				step{kEncount, "test", []roll{enc(5, 4, 4), dc("hit", 3, 6)}},
			)
			state(t, "9.10 VII-2 hit at the Destroyer Screen (one hit only)", p, "VII-2", true, false, true)
			// "The U-boat advances Depleted into the Atlantic Ocean space."
			p = run(t, p, step{kAfterDC, "continue", nil})
			sameKeys(t, "9.7 in the Atlantic Ocean", p.Prompt(), "attack:convoy-5", "leave")
			// "rolls 2d6 ... against the Convoy rated a 5 ... 4 and 5, so the Convoy is
			// sunk. However, the Allies roll 2d6 ... looking for 2+. The rolls are 1 and
			// 4, generating one hit. The already depleted U-boat is eliminated."
			p = run(t, p, step{kConvoy, "attack:convoy-5", []roll{attack("sunk", 4, 5), areaDC("hit", 1, 4)}})
			state(t, "9.10 VII-2 eliminated", p, "VII-2", true, true, true)
			state(t, "9.10 end", p, "VII-1", true, false, true)
			if c := convoy(t, p, "convoy-5"); !c.Sunk {
				t.Errorf("9.10: the convoy rated 5 is not sunk: %+v", c)
			}
			// No Full-strength flotilla is left in Valentin: the phase ends by itself.
			if pr := p.Prompt(); pr != nil {
				t.Errorf("9.1: no flotilla can sail, yet the phase prompts %s %v", pr.Kind, keys(pr))
			}
		})
	}
}

// TestCase9_1OnlyFullStrengthFlotillasSail: "Only full-strength flotillas
// may embark on a mission ... Depleted flotillas never leave the Valentin
// U-boat Shelter."
func TestCase9_1OnlyFullStrengthFlotillasSail(t *testing.T) {
	dep := vii("VII-2")
	dep.Depleted = true
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), dep, xxi("XXI-1", battle.Ratings{Engine: 3, Silence: 3, Attack: 3, Defense: 4})},
		Paths:     housePaths(t),
	})
	pr := p.Prompt()
	if pr == nil || pr.Kind != kSail {
		t.Fatalf("9.1: want a %s prompt, got %+v", kSail, pr)
	}
	sameKeys(t, "9.1", pr, "sail:VII-1:atlantic", "sail:VII-1:western-approaches",
		"sail:XXI-1:atlantic", "sail:XXI-1:western-approaches", "end")
	refuse(t, p, "sail:VII-2:atlantic", "9.1: a Depleted flotilla never leaves Valentin")
	refuse(t, p, "sail:VII-2:western-approaches", "9.1: a Depleted flotilla never leaves Valentin")
}

// TestCase9_1NoFullStrengthFlotillaNoMission: "You must have at least one
// full-strength U-boat flotilla in the Valentin U-boat Shelter to send on
// a mission"; with none, the phase ends by itself (the contract).
func TestCase9_1NoFullStrengthFlotillaNoMission(t *testing.T) {
	a, b := vii("VII-1"), vii("VII-2")
	a.Depleted, b.Depleted = true, true
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{a, b}, Paths: housePaths(t)})
	if pr := p.Prompt(); pr != nil {
		t.Errorf("9.1: only Depleted flotillas, yet a %s prompt %v", pr.Kind, keys(pr))
	}
	refuse(t, p, "end", "the phase is over")
}

// TestCase9_1EndIsAlwaysOffered: ending the Battle Phase is offered at
// every mission choice, and ends it without a die.
func TestCase9_1EndIsAlwaysOffered(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
	})
	sameKeys(t, "9.1 first choice", p.Prompt(), "sail:VII-1:atlantic", "sail:VII-1:western-approaches",
		"sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
	// VII-1 aborts before its first test (XXI-A7) and comes home Full.
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "abort", []roll{dth("pass", 1, 4)}},
	)
	sameKeys(t, "9.1 second choice", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
	before := p.Flotillas()
	p = run(t, p, step{kSail, "end", nil})
	if pr := p.Prompt(); pr != nil {
		t.Errorf("end: the phase still prompts %s %v", pr.Kind, keys(pr))
	}
	after := p.Flotillas()
	if len(after) != len(before) {
		t.Fatalf("end changed the flotillas: %+v -> %+v", before, after)
	}
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("end changed %s: %+v -> %+v", before[i].ID, before[i], after[i])
		}
	}
}

// TestCase9_1FourSpacesInOrderNoneSkipped: "Each path has four encounter
// spaces and U-boats must successfully transit all four ... U-boat
// flotillas never skip encounter spaces." A path whose spaces alternate
// Engine and Silence (a flotilla of Engine 1, Silence 2, so 1, 2, 1, 2
// dice) with targets 3, 4, 5, 6, each passed by a die equal to its target
// (9.2 "equals or exceeds"): a skipped or reordered space would roll the
// wrong number of dice or fail.
func TestCase9_1FourSpacesInOrderNoneSkipped(t *testing.T) {
	paths := bookPaths()
	paths[0].Spaces = []content.Encounter{
		{Name: "First", Test: content.Engine, Target: 3, DepthCharges: 1},
		{Name: "Second", Test: content.Silence, Target: 4, DepthCharges: 1},
		{Name: "Third", Test: content.Engine, Target: 5, DepthCharges: 1},
		{Name: "Fourth", Test: content.Silence, Target: 6, DepthCharges: 1},
	}
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{xxi("XXI-1", battle.Ratings{Engine: 1, Silence: 2, Attack: 1, Defense: 6})},
		Paths:     paths,
		Convoys:   []battle.Convoy{{ID: "convoy-6", Value: 6, Path: atl}},
	})
	p = run(t, p,
		step{kSail, "sail:XXI-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(3, 3)}},
		step{kEncount, "test", []roll{enc(4, 1, 4)}},
		step{kEncount, "test", []roll{enc(5, 5)}},
		step{kEncount, "test", []roll{enc(6, 6, 1)}},
	)
	// "success at the fourth encounter space allows the U-boat flotilla to
	// automatically enter the Atlantic Ocean".
	sameKeys(t, "9.2 after the fourth space", p.Prompt(), "attack:convoy-6", "leave")
	refuse(t, p, "test", "9.1: there is no fifth space")
	refuse(t, p, "continue", "9.1: there is no fifth space")
	p = run(t, p, step{kConvoy, "leave", []roll{dth("pass", 4)}})
	state(t, "9.6 home", p, "XXI-1", false, false, true)

	// One below the target fails, at the same first space.
	q := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{xxi("XXI-1", battle.Ratings{Engine: 1, Silence: 2, Attack: 1, Defense: 6})}, Paths: paths})
	run(t, q,
		step{kSail, "sail:XXI-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(3, 2), ooDC("miss", 5)}},
	)
}

// TestCase9_1MissionsOneAtATime (XXI-A8): a flotilla's whole mission is
// resolved before another sails; no mission choice is offered mid-mission.
func TestCase9_1MissionsOneAtATime(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")}, Paths: housePaths(t)})
	p = run(t, p, step{kSail, "sail:VII-1:atlantic", nil})
	refuse(t, p, "sail:VII-2:atlantic", "XXI-A8: VII-1's mission is not over")
	refuse(t, p, "end", "XXI-A8: VII-1's mission is not over")
	p = run(t, p, step{kEncount, "test", []roll{enc(4, 4, 1)}})
	refuse(t, p, "sail:VII-2:western-approaches", "XXI-A8: VII-1's mission is not over")
}

// TestCase9_9OneMissionATurn: "a U-boat flotilla counter that reaches the
// Atlantic Ocean, sinks convoys, and makes it back to Valentin never goes
// on a mission to the Western Approaches during the same turn, even if it
// returned to Valentin in full-strength condition."
func TestCase9_9OneMissionATurn(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-3", Value: 3, Path: atl}, {ID: "convoy-4", Value: 4, Path: atl}},
	})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 4, 1)}},
		step{kEncount, "test", []roll{enc(5, 1, 5)}},
		step{kEncount, "test", []roll{enc(4, 6, 6)}},
		step{kEncount, "test", []roll{enc(5, 5, 5)}},
		step{kConvoy, "attack:convoy-3", []roll{attack("sunk", 3, 1), areaDC("miss", 1, 1)}},
		// "U-boat flotillas that survive Convoy depth charge attacks and head back
		// to the Valentin U-boat Shelter must first move into the Dangerous Trip
		// Home space".
		step{kConvoy, "leave", []roll{dth("pass", 2, 4)}},
	)
	state(t, "9.9 VII-1 back Full", p, "VII-1", false, false, true)
	sameKeys(t, "9.9 next mission", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
	refuse(t, p, "sail:VII-1:western-approaches", "9.9: one mission a turn, even back at full strength")
	refuse(t, p, "sail:VII-1:atlantic", "9.9: one mission a turn, even back at full strength")
}

// TestCase9_2DiceFromTheRatings: "Roll a number of six-sided dice equal to
// the Engine or Silence rating ... The icon in the space determines the
// test type. Full-Strength and Depleted U-boats roll the same number of
// dice." An XXI of Engine 3, Silence 1, Attack 4, Defense 5 on the house
// bottom path (Engine, Engine, Silence, Silence): 3, 3, 1, 1 dice, the
// second test after it was Depleted; 4 attack dice (9.7); 3 Engine dice
// home (9.6).
func TestCase9_2DiceFromTheRatings(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{xxi("XXI-1", battle.Ratings{Engine: 3, Silence: 1, Attack: 4, Defense: 5})},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-6", Value: 6, Path: atl}},
	})
	p = run(t, p,
		step{kSail, "sail:XXI-1:atlantic", nil},
		// "If all dice are less than the number", fail; the depth charge die
		// equals the Defense of 5: hit (9.4).
		step{kEncount, "test", []roll{enc(4, 1, 2, 3), ooDC("hit", 5)}},
		step{kOpenOcHt, "continue", nil},
		// "If any one die equals or exceeds the number", pass, Depleted or not.
		step{kEncount, "test", []roll{enc(5, 5, 1, 1)}},
		step{kEncount, "test", []roll{enc(4, 4)}},
		step{kEncount, "test", []roll{enc(5, 6)}},
		// 9.7 four attack dice; 9.8 2d6 in the Atlantic Ocean, 4s miss Defense 5;
		// 9.9 no convoy left: the Dangerous Trip Home, 3 Engine dice.
		step{kConvoy, "attack:convoy-6", []roll{attack("sunk", 1, 1, 1, 6), areaDC("miss", 4, 4), dth("pass", 4, 1, 1)}},
	)
	state(t, "9.9 home Depleted", p, "XXI-1", true, false, true)
	if pr := p.Prompt(); pr != nil {
		t.Errorf("9.1: no flotilla can sail, yet %s %v", pr.Kind, keys(pr))
	}
}

// TestXXI_A22VIIKeepsItsDice: "Type VII flotillas never upgrade; they
// retain their original stats" (8.5): beside an XXI of Engine 4 a VII
// still rolls 2 dice, each flotilla its own ratings.
func TestXXI_A22VIIKeepsItsDice(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), xxi("XXI-1", battle.Ratings{Engine: 4, Silence: 3, Attack: 3, Defense: 4})},
		Paths:     housePaths(t),
	})
	run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 1, 4)}},
		step{kEncount, "abort", []roll{dth("pass", 4, 1)}},
		step{kSail, "sail:XXI-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 1, 1, 1, 4)}},
		step{kEncount, "abort", []roll{dth("pass", 1, 1, 1, 4)}},
	)
}

// TestCase9_3OpenOceanHitGoesHomeWithoutDTH: "If hit, it is immediately
// flipped to its Depleted side and faces a choice: either return directly
// to the Valentin U-boat Shelter (do not place the Depleted U-boat
// flotilla in the Dangerous Trip Home Encounter Box), or, continue".
func TestCase9_3OpenOceanHitGoesHomeWithoutDTH(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")}, Paths: housePaths(t)})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		// One depth charge attack, 1d6 against Defense 2.
		step{kEncount, "test", []roll{enc(4, 1, 3), ooDC("hit", 2)}},
	)
	state(t, "9.3 immediately Depleted", p, "VII-1", true, false, true)
	sameKeys(t, "9.3", p.Prompt(), "home", "continue")
	p0 := p
	// Straight home: no die at all.
	p, evs := applyKey(t, p0, "home")
	if !hasNote(evs) {
		t.Errorf("9.3 home: no note event saying VII-1 is back in Valentin")
	}
	state(t, "9.3 back in Valentin", p, "VII-1", true, false, true)
	sameKeys(t, "9.3 next mission", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
}

// TestCase9_3OpenOceanHitContinuesToPBYSearchers: "or, continue Depleted
// to the next box, the PBY Searchers Encounter Box." The next test is PBY
// Searchers' (5+): a 4 fails it.
func TestCase9_3OpenOceanHitContinuesToPBYSearchers(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1")}, Paths: housePaths(t)})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 3, 3), ooDC("hit", 6)}},
		step{kOpenOcHt, "continue", nil},
		step{kEncount, "test", []roll{enc(5, 4, 4), dc("miss", 1)}},
	)
	state(t, "9.5 survived PBY Searchers' depth charge", p, "VII-1", true, false, true)
	sameKeys(t, "9.5", p.Prompt(), "continue", "abort")
	// 9.6: a Depleted flotilla that fails the trip home is sunk; the failure
	// is a hit without a depth-charge roll (two Engine dice, nothing more).
	p = run(t, p, step{kAfterDC, "abort", []roll{dth("fail", 3, 1)}})
	state(t, "9.6 Depleted and failed: sunk", p, "VII-1", true, true, true)
	if pr := p.Prompt(); pr != nil {
		t.Errorf("no flotilla can sail, yet %s %v", pr.Kind, keys(pr))
	}
}

// TestXXI_A6OpenOceanMissIsCase9_5: 9.3 conditions the straight return on
// "If hit"; after a miss 9.5 applies: continue, or abort into the
// Dangerous Trip Home (XXI-A6's default).
func TestXXI_A6OpenOceanMissIsCase9_5(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1")}, Paths: housePaths(t)})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 2, 3), ooDC("miss", 1)}},
	)
	state(t, "9.3 missed: still Full", p, "VII-1", false, false, true)
	sameKeys(t, "XXI-A6", p.Prompt(), "continue", "abort")
	refuse(t, p, "home", "XXI-A6: the straight return needs a hit")
	// "may enter that encounter space and continue": the next test is PBY's.
	q := run(t, p, step{kAfterDC, "continue", nil}, step{kEncount, "test", []roll{enc(5, 5, 1)}})
	state(t, "continued", q, "VII-1", false, false, true)
	// Or abort: the Dangerous Trip Home test (9.6).
	run(t, p, step{kAfterDC, "abort", []roll{dth("pass", 5, 5)}})
}

// TestCase9_3OnlyOpenOcean: 9.3's straight return is Open Ocean's; a hit
// at the first space of the Western Approaches path (a house space, not
// Open Ocean: 9.1 names Open Ocean as the Atlantic path's first) is 9.5's
// continue-or-abort.
func TestCase9_3OnlyOpenOcean(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1")}, Paths: housePaths(t)})
	p = run(t, p,
		step{kSail, "sail:VII-1:western-approaches", nil},
		step{kEncount, "test", []roll{enc(4, 1, 1), dc("hit", 4)}},
	)
	state(t, "9.4 hit", p, "VII-1", true, false, true)
	sameKeys(t, "9.5 not 9.3", p.Prompt(), "continue", "abort")
}

// TestCase9_4KDiceAtMostOneHit: "Roll a number of six-sided dice equal to
// the number of depth charge icons ... U-boats take a maximum of one hit
// from a multi-dice depth charge attack, no matter how many dice equaled
// or exceeded the U-boat flotilla's defense rating." and "A hit on a
// full-strength U-boat flotilla flips it to its Depleted side, and if
// already Depleted, the U-boat is destroyed". XXI-A21: one roll of k dice.
// House Western Approaches: 1, 2, 2, 2 icons; Defense 4.
func TestCase9_4KDiceAtMostOneHit(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{xxi("XXI-1", battle.Ratings{Engine: 1, Silence: 1, Attack: 1, Defense: 4}), vii("VII-1")},
		Paths:     housePaths(t),
	})
	p = run(t, p,
		step{kSail, "sail:XXI-1:western-approaches", nil},
		step{kEncount, "test", []roll{enc(4, 4)}},
		// Two icons, both dice >= 4: one hit, Full -> Depleted, not sunk.
		step{kEncount, "test", []roll{enc(5, 1), dc("hit", 4, 6)}},
	)
	state(t, "9.4 two hitting dice, one hit", p, "XXI-1", true, false, true)
	sameKeys(t, "9.5 after a hit", p.Prompt(), "continue", "abort")
	p = run(t, p,
		step{kAfterDC, "continue", nil},
		// Two 3s against Defense 4: no hit.
		step{kEncount, "test", []roll{enc(5, 2), dc("miss", 3, 3)}},
	)
	state(t, "9.4 miss", p, "XXI-1", true, false, true)
	sameKeys(t, "9.5 after a miss", p.Prompt(), "continue", "abort")
	p, evs := applyKey(t, p, "continue")
	_ = evs
	// One die of two hits a Depleted flotilla: destroyed.
	p, evs = applyKey(t, p, "test", 1, 1, 4)
	checkRolls(t, "9.4 last space", evs, []roll{enc(5, 1), dc("hit", 1, 4)})
	if !hasNote(evs) {
		t.Errorf("9.4: no note event for the sinking")
	}
	state(t, "9.4 Depleted and hit: destroyed", p, "XXI-1", true, true, true)
	sameKeys(t, "after the sinking", p.Prompt(), "sail:VII-1:atlantic", "sail:VII-1:western-approaches", "end")
}

// TestCase9_4NoteOnDepletion: each consequence is a note event (the
// contract): the flip to Depleted.
func TestCase9_4NoteOnDepletion(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1")}, Paths: housePaths(t)})
	p = run(t, p, step{kSail, "sail:VII-1:atlantic", nil}, step{kEncount, "test", []roll{enc(4, 4, 4)}})
	_, evs := applyKey(t, p, "test", 1, 1, 2)
	checkRolls(t, "PBY", evs, []roll{enc(5, 1, 1), dc("hit", 2)})
	if !hasNote(evs) {
		t.Errorf("9.4: no note event for the flip to Depleted")
	}
}

// TestCase9_5ContinueAfterDCAtTheLastSpace: "If a U-boat flotilla survives
// a depth charge attack, it may enter that encounter space and continue
// the mission": at the fourth space it then enters the convoy area, and
// with no convoy there heads home (9.9).
func TestCase9_5ContinueAfterDCAtTheLastSpace(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1")}, Paths: housePaths(t)})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 4, 4)}},
		step{kEncount, "test", []roll{enc(5, 5, 4)}},
		step{kEncount, "test", []roll{enc(4, 4, 1)}},
		step{kEncount, "test", []roll{enc(5, 1, 2), dc("miss", 1, 1)}},
		step{kAfterDC, "continue", []roll{dth("pass", 3, 4)}},
	)
	state(t, "9.9 home", p, "VII-1", false, false, true)
}

// TestCase9_6DangerousTripHome: "The U-boat must successfully pass an
// Engine test ... Failure means the U-boat flotilla takes a hit.
// Full-strength U-boats become Depleted". The test is the path's own box
// (house Western Approaches: 5+), with the Engine rating's dice, and a
// failure rolls no depth charge; the survivor reaches Valentin Depleted
// (XXI-A5's default).
func TestCase9_6DangerousTripHome(t *testing.T) {
	r := battle.Ratings{Engine: 3, Silence: 1, Attack: 1, Defense: 6}
	setup := func() battle.Setup {
		return battle.Setup{Flotillas: []battle.Flotilla{xxi("XXI-1", r), xxi("XXI-2", r)}, Paths: housePaths(t)}
	}
	t.Run("fail Full", func(t *testing.T) {
		p := newPhase(t, setup())
		p, evs := applyKey(t, p, "sail:XXI-1:western-approaches")
		checkRolls(t, "sail", evs, nil)
		// XXI-A7: abort before the first test; three Engine dice against 5+.
		p = run(t, p, step{kEncount, "abort", []roll{dth("fail", 4, 4, 1)}})
		state(t, "XXI-A5 home Depleted", p, "XXI-1", true, false, true)
		sameKeys(t, "next", p.Prompt(), "sail:XXI-2:atlantic", "sail:XXI-2:western-approaches", "end")
	})
	t.Run("pass", func(t *testing.T) {
		p := newPhase(t, setup())
		p = run(t, p,
			step{kSail, "sail:XXI-1:western-approaches", nil},
			step{kEncount, "abort", []roll{dth("pass", 1, 5, 1)}},
		)
		state(t, "9.6 home", p, "XXI-1", false, false, true)
	})
	t.Run("atlantic box 4+", func(t *testing.T) {
		p := newPhase(t, setup())
		p = run(t, p,
			step{kSail, "sail:XXI-1:atlantic", nil},
			step{kEncount, "abort", []roll{dth("pass", 1, 4, 1)}},
		)
		state(t, "9.6 home", p, "XXI-1", false, false, true)
	})
}

// TestCase9_7ConvoyAttacks: "it attacks the convoy of its choice ... rolls
// a number of d6s equal to the Attack rating ... If any one die equals or
// exceeds the number listed on the Convoy counter, the U-boat flotilla
// successfully sinks the convoy ... If all dice are under ... the convoy
// remains". 9.8: after each attack, successful or not, the Atlantic
// Ocean's 2d6; 9.9: attack again, only in its own area; with no convoy
// left, the Dangerous Trip Home.
func TestCase9_7ConvoyAttacks(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{xxi("XXI-1", battle.Ratings{Engine: 1, Silence: 1, Attack: 3, Defense: 6})},
		Paths:     housePaths(t),
		Convoys: []battle.Convoy{
			{ID: "convoy-4", Value: 4, Path: atl},
			{ID: "convoy-6", Value: 6, Path: atl},
			{ID: "convoy-3", Value: 3, Path: wa},
		},
	})
	p = run(t, p,
		step{kSail, "sail:XXI-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 4)}},
		step{kEncount, "test", []roll{enc(5, 5)}},
		step{kEncount, "test", []roll{enc(4, 4)}},
		step{kEncount, "test", []roll{enc(5, 5)}},
	)
	sameKeys(t, "9.7 in the Atlantic Ocean", p.Prompt(), "attack:convoy-4", "attack:convoy-6", "leave")
	refuse(t, p, "attack:convoy-3", "9.9: never from the Atlantic Ocean to the Western Approaches")
	p = run(t, p, step{kConvoy, "attack:convoy-6", []roll{attack("missed", 5, 5, 5), areaDC("miss", 5, 5)}})
	if c := convoy(t, p, "convoy-6"); c.Sunk {
		t.Errorf("9.7: all dice under 6, yet %+v is sunk", c)
	}
	sameKeys(t, "9.9 attack again", p.Prompt(), "attack:convoy-4", "attack:convoy-6", "leave")
	// 9.8 after a sinking too; a 6 hits Defense 6: Full -> Depleted.
	p = run(t, p, step{kConvoy, "attack:convoy-4", []roll{attack("sunk", 4, 1, 1), areaDC("hit", 6, 1)}})
	state(t, "9.8 hit", p, "XXI-1", true, false, true)
	if c := convoy(t, p, "convoy-4"); !c.Sunk {
		t.Errorf("9.7: a 4 against 4, yet %+v not sunk", c)
	}
	// 9.9 "may continue attacking convoys until it is sunk or heads back".
	sameKeys(t, "9.9 Depleted attacks again", p.Prompt(), "attack:convoy-6", "leave")
	refuse(t, p, "attack:convoy-4", "9.7: the convoy is sunk")
	// The last convoy sunk, the survivor heads home (9.9, 9.6) in the same key.
	p = run(t, p, step{kConvoy, "attack:convoy-6", []roll{attack("sunk", 6, 1, 1), areaDC("miss", 1, 1), dth("pass", 4)}})
	state(t, "9.9 home", p, "XXI-1", true, false, true)
	if c := convoy(t, p, "convoy-6"); !c.Sunk {
		t.Errorf("9.7: %+v not sunk", c)
	}
	if c := convoy(t, p, "convoy-3"); c.Sunk {
		t.Errorf("9.9: the Western Approaches convoy was sunk: %+v", c)
	}
	if pr := p.Prompt(); pr != nil {
		t.Errorf("no flotilla can sail, yet %s %v", pr.Kind, keys(pr))
	}
}

// TestCase9_8WesternApproachesThreeDice: "Roll 2d6 (Atlantic Ocean) or 3d6
// (Western Approaches)" after a convoy attack, successful or not.
func TestCase9_8WesternApproachesThreeDice(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{xxi("XXI-1", battle.Ratings{Engine: 1, Silence: 1, Attack: 1, Defense: 6})},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-3", Value: 3, Path: wa}, {ID: "convoy-5", Value: 5, Path: wa}},
	})
	p = run(t, p,
		step{kSail, "sail:XXI-1:western-approaches", nil},
		step{kEncount, "test", []roll{enc(4, 4)}},
		step{kEncount, "test", []roll{enc(5, 5)}},
		step{kEncount, "test", []roll{enc(5, 5)}},
		step{kEncount, "test", []roll{enc(5, 5)}},
		step{kConvoy, "attack:convoy-3", []roll{attack("sunk", 3), areaDC("miss", 1, 2, 3)}},
		step{kConvoy, "attack:convoy-5", []roll{attack("missed", 4), areaDC("hit", 5, 6, 6)}},
	)
	state(t, "9.8 one hit of three dice", p, "XXI-1", true, false, true)
	p = run(t, p, step{kConvoy, "leave", []roll{dth("fail", 4)}})
	// House Western Approaches home is 5+: a Depleted flotilla that fails is sunk.
	state(t, "9.6 sunk", p, "XXI-1", true, true, true)
}

// TestCase9_8AreaDepthChargeSinksDepleted: the area's depth charge on a
// Depleted flotilla destroys it and ends its mission at once, however many
// convoys remain.
func TestCase9_8AreaDepthChargeSinksDepleted(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}, {ID: "convoy-6", Value: 6, Path: atl}},
	})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 4, 4)}},
		step{kEncount, "test", []roll{enc(5, 5, 4)}},
		step{kEncount, "test", []roll{enc(4, 4, 1)}},
		step{kEncount, "test", []roll{enc(5, 6, 2)}},
		step{kConvoy, "attack:convoy-5", []roll{attack("missed", 4, 4), areaDC("hit", 2, 1)}},
		step{kConvoy, "attack:convoy-5", []roll{attack("missed", 1, 1), areaDC("hit", 1, 3)}},
	)
	state(t, "9.8 sunk", p, "VII-1", true, true, true)
	sameKeys(t, "next", p.Prompt(), "sail:VII-2:atlantic", "sail:VII-2:western-approaches", "end")
}

// TestXXI_A20NoConvoyInTheArea: a path whose area holds no convoy may be
// chosen (XXI-A20's default); a flotilla that gets through to it has "no
// more convoys to attack" and moves to the Dangerous Trip Home (9.9), in
// the same key as its last test.
func TestXXI_A20NoConvoyInTheArea(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
	})
	sameKeys(t, "XXI-A20", p.Prompt(), "sail:VII-1:atlantic", "sail:VII-1:western-approaches", "end")
	p = run(t, p,
		step{kSail, "sail:VII-1:western-approaches", nil},
		step{kEncount, "test", []roll{enc(4, 4, 4)}},
		step{kEncount, "test", []roll{enc(5, 5, 4)}},
		step{kEncount, "test", []roll{enc(5, 5, 1)}},
		step{kEncount, "test", []roll{enc(5, 6, 2), dth("pass", 5, 1)}},
	)
	state(t, "9.9 home", p, "VII-1", false, false, true)
}

// TestXXI_A7AbortBeforeAnyTest: the default offers abort before each
// encounter test and between convoy attacks (9.1: "they may abort the
// mission and enter the Dangerous Trip Home box").
func TestXXI_A7AbortBeforeAnyTest(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1")}, Paths: housePaths(t)})
	p = run(t, p, step{kSail, "sail:VII-1:atlantic", nil})
	for i, target := range []int{4, 5, 4, 5} {
		sameKeys(t, "XXI-A7 before a test", p.Prompt(), "test", "abort")
		if i < 3 {
			p = run(t, p, step{kEncount, "test", []roll{enc(target, 6, 6)}})
		}
	}
	p = run(t, p, step{kEncount, "abort", []roll{dth("fail", 1, 3)}})
	state(t, "XXI-A5", p, "VII-1", true, false, true)
}

// TestContractApplyNeverChangesThePhase: "Apply ... never changes p".
func TestContractApplyNeverChangesThePhase(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
	})
	p = run(t, p, step{kSail, "sail:VII-1:atlantic", nil})
	before := snapshot(t, p)
	q := run(t, p, step{kEncount, "test", []roll{enc(4, 1, 1), ooDC("hit", 6)}}, step{kOpenOcHt, "home", nil})
	if after := snapshot(t, p); after != before {
		t.Errorf("Apply changed the phase it was called on:\nbefore %s\nafter  %s", before, after)
	}
	state(t, "the old phase", p, "VII-1", false, false, true)
	state(t, "the new phase", q, "VII-1", true, false, true)
	// The old phase still plays on, differently.
	run(t, p, step{kEncount, "test", []roll{enc(4, 4, 1)}})
}

// TestContractPhaseIsJSON: the phase is saved inside the game's state: a
// phase decoded from its JSON plays on as the original does.
func TestContractPhaseIsJSON(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}, {ID: "convoy-4", Value: 4, Path: wa}},
	})
	p = run(t, p,
		step{kSail, "sail:VII-1:atlantic", nil},
		step{kEncount, "test", []roll{enc(4, 4, 1)}},
		step{kEncount, "test", []roll{enc(5, 1, 1), dc("hit", 3)}},
	)
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var q battle.Phase
	if err := json.Unmarshal(b, &q); err != nil {
		t.Fatalf("Unmarshal: %v", err)
	}
	if snapshot(t, q) != snapshot(t, p) {
		t.Fatalf("decoded phase differs:\n%s\n%s", snapshot(t, p), snapshot(t, q))
	}
	rest := []step{
		{kAfterDC, "continue", nil},
		{kEncount, "test", []roll{enc(4, 4, 4)}},
		{kEncount, "test", []roll{enc(5, 5, 5)}},
		{kConvoy, "attack:convoy-5", []roll{attack("sunk", 5, 1), areaDC("miss", 1, 1), dth("pass", 4, 4)}},
		{kSail, "sail:VII-2:western-approaches", nil},
	}
	if snapshot(t, run(t, p, rest...)) != snapshot(t, run(t, q, rest...)) {
		t.Errorf("the decoded phase played differently")
	}
}

// TestContractIllegalKeys: every refusal wraps engine.ErrIllegalChoice and
// rolls nothing.
func TestContractIllegalKeys(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}, {ID: "convoy-4", Value: 4, Path: wa}},
	})
	for _, k := range []string{"", "test", "abort", "continue", "home", "leave", "attack:convoy-5", "sail:VII-9:atlantic", "sail:VII-1:pacific", "sail:VII-1", "sail::atlantic", "END"} {
		refuse(t, p, k, "not offered at the mission choice")
	}
	p = run(t, p, step{kSail, "sail:VII-1:atlantic", nil})
	for _, k := range []string{"end", "continue", "home", "leave", "attack:convoy-5", "sail:VII-2:atlantic"} {
		refuse(t, p, k, "not offered before an encounter test")
	}
	p = run(t, p, step{kEncount, "test", []roll{enc(4, 1, 1), ooDC("hit", 2)}})
	for _, k := range []string{"test", "abort", "end", "leave"} {
		refuse(t, p, k, "not offered after Open Ocean's hit")
	}
	p = run(t, p,
		step{kOpenOcHt, "continue", nil},
		step{kEncount, "test", []roll{enc(5, 5, 1)}},
		step{kEncount, "test", []roll{enc(4, 4, 1)}},
		step{kEncount, "test", []roll{enc(5, 5, 1)}},
	)
	for _, k := range []string{"test", "abort", "continue", "home", "end", "attack:convoy-4", "attack:convoy-9", "attack:"} {
		refuse(t, p, k, "not offered in the convoy area")
	}
	p = run(t, p, step{kConvoy, "leave", []roll{dth("pass", 4, 1)}}, step{kSail, "end", nil})
	for _, k := range []string{"end", "sail:VII-2:atlantic", "test"} {
		refuse(t, p, k, "the phase is over")
	}
}

// TestContractDiceRunOut: a source that cannot give the dice a key needs
// is an error, not a half-applied key.
func TestContractDiceRunOut(t *testing.T) {
	p := newPhase(t, battle.Setup{Flotillas: []battle.Flotilla{vii("VII-1")}, Paths: housePaths(t)})
	p = run(t, p, step{kSail, "sail:VII-1:atlantic", nil})
	before := snapshot(t, p)
	for _, faces := range [][]int{nil, {3}, {1, 1}} { // the test's second die; the depth charge's die
		if _, _, err := p.Apply("test", dice.NewScripted(faces)); err == nil {
			t.Errorf("Apply(test) with faces %v: no error; a VII's failed Open Ocean test needs 3 dice", faces)
		}
	}
	if snapshot(t, p) != before {
		t.Errorf("a failed Apply changed the phase")
	}
}

// TestContractNewRefusesMalformedSetups: New refuses a setup the rules
// cannot play, with an error.
func TestContractNewRefusesMalformedSetups(t *testing.T) {
	good := func() battle.Setup {
		return battle.Setup{
			Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
			Paths:     housePaths(t),
			Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
			Rulings:   battle.DefaultRulings(),
		}
	}
	if _, err := battle.New(good()); err != nil {
		t.Fatalf("New(good setup): %v", err)
	}
	for name, spoil := range map[string]func(*battle.Setup){
		"two flotillas with one id": func(s *battle.Setup) { s.Flotillas[1].ID = "VII-1" },
		"two convoys with one id": func(s *battle.Setup) {
			s.Convoys = append(s.Convoys, battle.Convoy{ID: "convoy-5", Value: 4, Path: atl})
		},
		"a convoy on no path":                func(s *battle.Setup) { s.Convoys[0].Path = "pacific" },
		"a path of three spaces (9.1: four)": func(s *battle.Setup) { s.Paths[0].Spaces = s.Paths[0].Spaces[:3] },
		"a path of five spaces (9.1: four)": func(s *battle.Setup) {
			s.Paths[1].Spaces = append(s.Paths[1].Spaces, s.Paths[1].Spaces[0])
		},
		"no path": func(s *battle.Setup) { s.Paths = nil },
	} {
		s := good()
		spoil(&s)
		if _, err := battle.New(s); err == nil {
			t.Errorf("New accepted a setup with %s", name)
		}
	}
}

// TestContractNoSharedSlices: the phase is a value: changing what Setup
// handed it, or what Flotillas and Convoys return, does not change it.
func TestContractNoSharedSlices(t *testing.T) {
	s := battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1"), vii("VII-2")},
		Paths:     housePaths(t),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
	}
	p := newPhase(t, s)
	before := snapshot(t, p)
	s.Flotillas[0].Depleted = true
	s.Convoys[0].Sunk = true
	s.Paths[0].Spaces[0].Target = 6
	p.Flotillas()[1].Depleted = true
	p.Convoys()[0].Sunk = true
	if after := snapshot(t, p); after != before {
		t.Errorf("the phase shares slices with its setup or its readers:\nbefore %s\nafter  %s", before, after)
	}
	// Open Ocean is still 4+.
	run(t, p, step{kSail, "sail:VII-1:atlantic", nil}, step{kEncount, "test", []roll{enc(4, 4, 1)}})
}

// TestCase9_2RollTextReadsAsAnyDie: every XXI roll is read die by die
// ("If any one die equals or exceeds", 9.2, 9.4, 9.7, 9.8; the digest §2:
// dice are summed only in the bombing and Transport Point rolls), and an
// event's text is for a player to check by hand (engine.Roll): it must not
// show the faces as a sum that comes to another number ("2d6 = 3+4 = 4").
func TestCase9_2RollTextReadsAsAnyDie(t *testing.T) {
	p := newPhase(t, battle.Setup{
		Flotillas: []battle.Flotilla{vii("VII-1")},
		Paths:     bookPaths(),
		Convoys:   []battle.Convoy{{ID: "convoy-5", Value: 5, Path: atl}},
	})
	var evs []engine.Event
	for _, k := range []struct {
		key   string
		faces []int
	}{
		{"sail:VII-1:atlantic", nil}, {"test", []int{3, 4}}, {"test", []int{2, 4, 5}}, {"continue", nil},
		{"test", []int{5, 6}}, {"test", []int{4, 4, 1, 1}}, {"continue", nil}, {"attack:convoy-5", []int{4, 5, 1, 4}},
	} {
		var e []engine.Event
		p, e = applyKey(t, p, k.key, k.faces...)
		evs = append(evs, e...)
	}
	sum := regexp.MustCompile(`(\d+(?:\+\d+)+) = (\d+)`)
	for _, e := range evs {
		if e.Kind != engine.KindRoll {
			continue
		}
		for _, m := range sum.FindAllStringSubmatch(e.String(), -1) {
			total := 0
			for _, f := range strings.Split(m[1], "+") {
				n, _ := strconv.Atoi(f)
				total += n
			}
			if n, _ := strconv.Atoi(m[2]); n != total {
				t.Errorf("%s (%s): %q shows the faces as a sum that is not %s; XXI reads the highest die, not a sum", e.Roll.Case, e.Roll.Purpose, e.String(), m[2])
			}
		}
	}
}
