package battle

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/xxi/content"
)

var (
	atlantic = content.Atlantic
	western  = content.WesternApproaches
)

// 9.1: "Only full-strength flotillas may embark on a mission ... Depleted
// flotillas never leave the Valentin U-boat Shelter"; one mission a turn
// (9.9).
func Test9_1_OnlyFullStrengthInValentinThatHaveNotSailed(t *testing.T) {
	dep := vii("VII-2")
	dep.Depleted = true
	sailed := vii("VII-3")
	sailed.Sailed = true
	p := mustNew(t, Setup{Flotillas: []Flotilla{vii("VII-1"), dep, sailed}, Paths: housePaths(t),
		Convoys: []Convoy{{ID: "c5", Value: 5, Path: atlantic}}})
	wantKind(t, p, KindSail, "sail:VII-1:"+atlantic, "sail:VII-1:"+western, "end")
	illegal(t, p, "sail:VII-2:"+atlantic)
	illegal(t, p, "sail:VII-3:"+atlantic)
}

// 9.1: "You must have at least one full-strength U-boat flotilla in the
// Valentin U-boat Shelter to send on a mission": with none, the phase is
// over at once, with no prompt.
func Test9_1_NoFlotillaCanSailEndsThePhase(t *testing.T) {
	dep := vii("VII-1")
	dep.Depleted = true
	for _, fs := range [][]Flotilla{nil, {dep}} {
		p := mustNew(t, Setup{Flotillas: fs, Paths: housePaths(t)})
		if pr := p.Prompt(); pr != nil {
			t.Fatalf("flotillas %v: prompt %s, want none", fs, pr.Kind)
		}
		illegal(t, p, "end")
	}
}

// 9.1: `end` ends the Battle Phase whoever could still sail.
func Test9_1_EndEndsThePhase(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, ev := step(t, p, "end")
	if p.Prompt() != nil || !p.Over {
		t.Fatal("the phase goes on after end")
	}
	if !strings.Contains(notes(ev), "9.1") {
		t.Fatalf("notes %q do not cite 9.1", notes(ev))
	}
	for _, f := range p.Flotillas() {
		if f.Sailed {
			t.Fatalf("%s sailed", f.ID)
		}
	}
}

// 9.1: "U-boat flotillas never skip encounter spaces": the four spaces are
// tried in order, each with its own test, and the flotilla is marked as
// having sailed (9.9).
func Test9_1_SpacesInOrderNoneSkipped(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	if !flot(t, p, "VII-1").Sailed {
		t.Fatal("VII-1 not marked as sailed (9.9)")
	}
	for i, name := range []string{"Open Ocean", "PBY Searchers", "Scout Bomber", "Destroyer Screen"} {
		pr := p.Prompt()
		if pr.Kind != KindEncounter || !strings.Contains(pr.Text, name) || p.Mission.Space != i {
			t.Fatalf("space %d: prompt %s %q, want %s's", i+1, pr.Kind, pr.Text, name)
		}
		p, _ = step(t, p, "test", 6, 6)
	}
	wantKind(t, p, KindConvoy, "attack:convoy-5", "leave")
}

// 9.2: "Roll a number of six-sided dice equal to the Engine or Silence
// rating ... The icon in the space determines the test type"; "If any one
// die equals or exceeds the number ... passes"; "Full-Strength and
// Depleted U-boats roll the same number of dice".
func Test9_2_DiceAreTheSpacesRatingAnyDiePasses(t *testing.T) {
	x := xxi("XXI-1", Ratings{Engine: 3, Silence: 1, Attack: 2, Defense: 4})
	p := mustNew(t, Setup{Flotillas: []Flotilla{x}, Paths: housePaths(t), Convoys: []Convoy{{ID: "c", Value: 4, Path: atlantic}}})
	p, _ = step(t, p, "sail:XXI-1:"+atlantic)
	// Open Ocean, Engine 4+: three dice, the last one passes.
	p, ev := step(t, p, "test", 1, 1, 4)
	wantRolls(t, ev, "9.2 3d6 [1 1 4] pass")
	// PBY Searchers, Engine 5+: all three below is a failure; the
	// depth charge (1 icon) misses against Defense 4.
	p, ev = step(t, p, "test", 4, 4, 4, 3)
	wantRolls(t, ev, "9.2 3d6 [4 4 4] fail", "9.4 1d6 [3] miss")
	p, _ = step(t, p, "continue")
	// Scout Bomber is a Silence test: one die.
	p, ev = step(t, p, "test", 4)
	wantRolls(t, ev, "9.2 1d6 [4] pass")
	// A Depleted flotilla rolls as many: fail the Destroyer Screen
	// (Silence 5+), get hit, continue Depleted... into the area.
	p, ev = step(t, p, "test", 4, 6, 1)
	wantRolls(t, ev, "9.2 1d6 [4] fail", "9.4 2d6 [6 1] hit")
	if !flot(t, p, "XXI-1").Depleted {
		t.Fatal("not Depleted after a hit")
	}
	p, _ = step(t, p, "continue")
	wantKind(t, p, KindConvoy, "attack:c", "leave")
}

// 9.2: a Depleted flotilla rolls the same dice for its next test.
func Test9_2_DepletedRollsTheSameDice(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	p, _ = step(t, p, "test", 6, 6)
	p, _ = step(t, p, "test", 1, 1, 6) // PBY: fail, hit: Depleted
	p, _ = step(t, p, "continue")
	p, ev := step(t, p, "test", 1, 3, 1) // Scout Bomber: still 2d6
	wantRolls(t, ev, "9.2 2d6 [1 3] fail", "9.4 1d6 [1] miss")
	_ = p
}

// 9.2: "success at the fourth encounter space allows the U-boat flotilla
// to automatically enter the Atlantic Ocean or Western Approaches space".
func Test9_2_FourthSpaceEntersTheConvoyAreaAutomatically(t *testing.T) {
	s := setup9_10(t, DefaultRulings())
	s.Convoys = append(s.Convoys, Convoy{ID: "w4", Value: 4, Path: western})
	p := mustNew(t, s)
	p = toArea(t, p, "VII-1", western, 2)
	wantKind(t, p, KindConvoy, "attack:w4", "leave")
	if p.Mission.Space != 4 {
		t.Fatalf("space %d, want 4 (the area)", p.Mission.Space)
	}
}

// 9.3: a failed Engine test in the Open Ocean brings one depth charge
// attack; "If hit, it is immediately flipped to its Depleted side and
// faces a choice: either return directly to the Valentin U-boat Shelter
// (do not place [it] in the Dangerous Trip Home Encounter Box), or,
// continue Depleted to the next box, the PBY Searchers".
func Test9_3_OpenOceanHitHomeOrContinue(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	hit, ev := step(t, p, "test", 1, 3, 2)
	wantRolls(t, ev, "9.2 2d6 [1 3] fail", "9.4 1d6 [2] hit")
	if !flot(t, hit, "VII-1").Depleted {
		t.Fatal("not Depleted at once (9.3)")
	}
	wantKind(t, hit, KindOpenOceanHit, "home", "continue")

	// home: no Dangerous Trip Home test, so no die.
	home, ev := step(t, hit, "home")
	wantRolls(t, ev)
	if f := flot(t, home, "VII-1"); !f.Depleted || f.Sunk || home.Mission != nil {
		t.Fatalf("home: %+v, mission %v", f, home.Mission)
	}
	if !strings.Contains(notes(ev), "9.3") || !strings.Contains(notes(ev), "Valentin") {
		t.Fatalf("notes %q", notes(ev))
	}
	wantKind(t, home, KindSail, "sail:VII-2:"+atlantic, "sail:VII-2:"+western, "end")

	// continue: on to PBY Searchers, Depleted.
	cont, _ := step(t, hit, "continue")
	wantKind(t, cont, KindEncounter, "test", "abort")
	if pr := cont.Prompt(); !strings.Contains(pr.Text, "PBY Searchers") || !strings.Contains(pr.Text, "Depleted") {
		t.Fatalf("after continue: %q", pr.Text)
	}
}

// 9.3 with XXI-A6 both ways: an Open Ocean failure whose depth charge
// misses. Default (after_dc): "If hit" conditions the straight return, so
// 9.5's choice only; straight_home: the straight return too.
func Test9_3_OpenOceanMiss_XXI_A6(t *testing.T) {
	for _, c := range []struct {
		a6   string
		keys []string
	}{{"", []string{"continue", "abort"}}, {A6AfterDC, []string{"continue", "abort"}}, {A6StraightHome, []string{"continue", "home", "abort"}}} {
		p := mustNew(t, setup9_10(t, Rulings{A6: c.a6}))
		p, _ = step(t, p, "sail:VII-1:"+atlantic)
		p, ev := step(t, p, "test", 1, 3, 1)
		wantRolls(t, ev, "9.2 2d6 [1 3] fail", "9.4 1d6 [1] miss")
		wantKind(t, p, KindAfterDC, c.keys...)
		if c.a6 != A6StraightHome {
			illegal(t, p, "home")
			continue
		}
		q, ev := step(t, p, "home")
		wantRolls(t, ev)
		if f := flot(t, q, "VII-1"); f.Depleted || q.Mission != nil {
			t.Fatalf("A6 straight_home: %+v, mission %v; want Full-strength in Valentin", f, q.Mission)
		}
	}
	// The straight return is the Open Ocean's only: a miss in PBY
	// Searchers offers 9.5's two under straight_home too.
	p := mustNew(t, setup9_10(t, Rulings{A6: A6StraightHome}))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	p, _ = step(t, p, "test", 6, 6)
	p, _ = step(t, p, "test", 1, 1, 1)
	wantKind(t, p, KindAfterDC, "continue", "abort")
}

// 9.4: "Roll a number of six-sided dice equal to the number of depth
// charge icons"; "If any one of the dice equals or exceeds the U-boat
// flotilla's defense rating, the U-boat is hit"; "a maximum of one hit
// from a multi-dice depth charge attack" (XXI-A21).
func Test9_4_OneRollOfKDiceAtMostOneHit(t *testing.T) {
	x := xxi("XXI-1", Ratings{Engine: 2, Silence: 2, Attack: 2, Defense: 4})
	p := mustNew(t, Setup{Flotillas: []Flotilla{x}, Paths: housePaths(t)})
	p, _ = step(t, p, "sail:XXI-1:"+western)
	p, _ = step(t, p, "test", 6, 6)
	// House encounter 2 has two icons: 3 and 3 against Defense 4 miss.
	p, ev := step(t, p, "test", 1, 1, 3, 3)
	wantRolls(t, ev, "9.2 2d6 [1 1] fail", "9.4 2d6 [3 3] miss")
	if flot(t, p, "XXI-1").Depleted {
		t.Fatal("a miss hit")
	}
	p, _ = step(t, p, "continue")
	// House encounter 3 (two icons): 6 and 6 are one hit, not two: a
	// Full-strength flotilla survives Depleted.
	p, ev = step(t, p, "test", 1, 1, 6, 6)
	wantRolls(t, ev, "9.2 2d6 [1 1] fail", "9.4 2d6 [6 6] hit")
	if f := flot(t, p, "XXI-1"); !f.Depleted || f.Sunk {
		t.Fatalf("%+v: want Depleted, one hit only", f)
	}
	p, _ = step(t, p, "continue")
	// "if already Depleted, the U-boat is destroyed": the mission ends.
	p, ev = step(t, p, "test", 1, 1, 4, 1)
	wantRolls(t, ev, "9.2 2d6 [1 1] fail", "9.4 2d6 [4 1] hit")
	if f := flot(t, p, "XXI-1"); !f.Sunk {
		t.Fatalf("%+v: want sunk", f)
	}
	if p.Prompt() != nil {
		t.Fatal("the phase goes on with no flotilla able to sail")
	}
	if !strings.Contains(notes(ev), "sunk") {
		t.Fatalf("notes %q do not say sunk", notes(ev))
	}
}

// 9.5: "If a U-boat flotilla survives a depth charge attack, it may enter
// that encounter space and continue the mission ... Or it may abort the
// mission and enter the Dangerous Trip Home space."
func Test9_5_ContinueOrAbort(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	p, _ = step(t, p, "test", 6, 6)
	p, _ = step(t, p, "test", 1, 1, 1) // PBY: fail, miss
	wantKind(t, p, KindAfterDC, "continue", "abort")
	cont, ev := step(t, p, "continue")
	wantRolls(t, ev)
	if cont.Mission.Space != 2 || !strings.Contains(notes(ev), "enters PBY Searchers") {
		t.Fatalf("continue: space %d, notes %q", cont.Mission.Space, notes(ev))
	}
	ab, ev := step(t, p, "abort", 4, 1)
	wantRolls(t, ev, "9.6 2d6 [4 1] pass")
	if ab.Mission != nil || flot(t, ab, "VII-1").Depleted {
		t.Fatal("abort: not back in Valentin, Full-strength")
	}
}

// 9.6: "The U-boat must successfully pass an Engine test to make it back
// ... Failure means the U-boat flotilla takes a hit" — no depth-charge
// roll: only the test's dice. XXI-A5 both ways.
func Test9_6_DangerousTripHome_XXI_A5(t *testing.T) {
	abortAtOnce := func(r Rulings) Phase {
		p := mustNew(t, setup9_10(t, r))
		p, _ = step(t, p, "sail:VII-1:"+atlantic)
		return p
	}
	// Pass: Valentin, Full-strength.
	p, ev := step(t, abortAtOnce(Rulings{}), "abort", 3, 4)
	wantRolls(t, ev, "9.6 2d6 [3 4] pass")
	if f := flot(t, p, "VII-1"); f.Depleted || p.Mission != nil {
		t.Fatalf("pass: %+v", f)
	}
	// XXI-A5 default: a Full-strength failure is a hit, and the survivor
	// reaches Valentin Depleted; nothing else is rolled.
	for _, a5 := range []string{"", A5ReachesValentin} {
		p, ev = step(t, abortAtOnce(Rulings{A5: a5}), "abort", 3, 3)
		wantRolls(t, ev, "9.6 2d6 [3 3] fail")
		if f := flot(t, p, "VII-1"); !f.Depleted || f.Sunk || p.Mission != nil {
			t.Fatalf("A5 %q: %+v, mission %v", a5, f, p.Mission)
		}
		if !strings.Contains(notes(ev), "XXI-A5") {
			t.Fatalf("notes %q do not name XXI-A5", notes(ev))
		}
		wantKind(t, p, KindSail, "sail:VII-2:"+atlantic, "sail:VII-2:"+western, "end")
	}
	// XXI-A5 stays_out: it has not made it back and tests again: a pass
	// brings it home Depleted, a second failure sinks it.
	p, ev = step(t, abortAtOnce(Rulings{A5: A5StaysOut}), "abort", 3, 3, 1, 4)
	wantRolls(t, ev, "9.6 2d6 [3 3] fail", "9.6 2d6 [1 4] pass")
	if f := flot(t, p, "VII-1"); !f.Depleted || f.Sunk || p.Mission != nil {
		t.Fatalf("stays_out, then pass: %+v", f)
	}
	p, ev = step(t, abortAtOnce(Rulings{A5: A5StaysOut}), "abort", 3, 3, 1, 1)
	wantRolls(t, ev, "9.6 2d6 [3 3] fail", "9.6 2d6 [1 1] fail")
	if f := flot(t, p, "VII-1"); !f.Sunk {
		t.Fatalf("stays_out, failed twice: %+v, want sunk", f)
	}
	// "Depleted U-boats are sunk": both readings.
	for _, a5 := range []string{A5ReachesValentin, A5StaysOut} {
		p := abortAtOnce(Rulings{A5: a5})
		p, _ = step(t, p, "test", 6, 6)
		p, _ = step(t, p, "test", 1, 1, 6) // PBY: hit, Depleted
		p, ev = step(t, p, "abort", 2, 3)
		wantRolls(t, ev, "9.6 2d6 [2 3] fail")
		if f := flot(t, p, "VII-1"); !f.Sunk {
			t.Fatalf("A5 %s: a Depleted failure: %+v, want sunk", a5, f)
		}
	}
}

// 9.7: "it attacks the convoy of its choice ... rolls a number of d6s
// equal to the Attack rating ... If any one die equals or exceeds the
// number listed on the Convoy counter, the U-boat flotilla successfully
// sinks the convoy ... If all dice are under ... the convoy remains".
// 9.8: "After a Convoy attack (successful or not) ... Roll 2d6 (Atlantic
// Ocean) or 3d6 (Western Approaches)".
func Test9_7_9_8_ConvoyAttackThenAreaDepthCharges(t *testing.T) {
	x := xxi("XXI-1", Ratings{Engine: 2, Silence: 2, Attack: 3, Defense: 5})
	s := Setup{Flotillas: []Flotilla{x}, Paths: housePaths(t), Convoys: []Convoy{
		{ID: "a3", Value: 3, Path: atlantic}, {ID: "w6", Value: 6, Path: western}, {ID: "w4", Value: 4, Path: western}}}
	p := toArea(t, mustNew(t, s), "XXI-1", western, 2)
	// Only the Western Approaches' convoys (9.9: never across).
	wantKind(t, p, KindConvoy, "attack:w6", "attack:w4", "leave")
	illegal(t, p, "attack:a3")
	// A miss: the convoy stays, and 3d6 of depth charges follow anyway.
	p, ev := step(t, p, "attack:w6", 5, 5, 1, 4, 4, 4)
	wantRolls(t, ev, "9.7 3d6 [5 5 1] missed", "9.8 3d6 [4 4 4] miss")
	wantKind(t, p, KindConvoy, "attack:w6", "attack:w4", "leave")
	// A sink: gone from the choice; the depth charges hit (5 vs Defense 5).
	p, ev = step(t, p, "attack:w4", 1, 4, 2, 1, 5, 1)
	wantRolls(t, ev, "9.7 3d6 [1 4 2] sunk", "9.8 3d6 [1 5 1] hit")
	if f := flot(t, p, "XXI-1"); !f.Depleted || f.Sunk {
		t.Fatalf("%+v: want Depleted", f)
	}
	wantKind(t, p, KindConvoy, "attack:w6", "leave")
	illegal(t, p, "attack:w4")
	for _, c := range p.Convoys() {
		if c.Sunk != (c.ID == "w4") {
			t.Fatalf("convoy %+v", c)
		}
	}
	// In the Atlantic Ocean the area's depth charge is 2d6.
	q := toArea(t, mustNew(t, s), "XXI-1", atlantic, 2)
	_, ev = step(t, q, "attack:a3", 1, 1, 1, 4, 4)
	wantRolls(t, ev, "9.7 3d6 [1 1 1] missed", "9.8 2d6 [4 4] miss")
}

// 9.9: "may continue attacking convoys until it is sunk or heads back";
// heading back is through the Dangerous Trip Home; "Surviving U-boat
// flotillas with no more convoys to attack move to the Dangerous Trip
// Home space"; "always remain in that space until the next turn".
func Test9_9_ContinueLeaveOrNoConvoyLeft(t *testing.T) {
	s := setup9_10(t, DefaultRulings())
	s.Convoys = append(s.Convoys, Convoy{ID: "convoy-4", Value: 4, Path: atlantic})
	p := toArea(t, mustNew(t, s), "VII-1", atlantic, 2)
	// leave: the Trip Home's test, nothing else.
	left, ev := step(t, p, "leave", 4, 1)
	wantRolls(t, ev, "9.6 2d6 [4 1] pass")
	if left.Mission != nil {
		t.Fatal("leave did not end the mission")
	}
	// Sink both, one by one; after the last the flotilla goes home at
	// once: attack, area depth charges, then the Trip Home test.
	p, ev = step(t, p, "attack:convoy-5", 5, 1, 1, 1)
	wantRolls(t, ev, "9.7 2d6 [5 1] sunk", "9.8 2d6 [1 1] miss")
	wantKind(t, p, KindConvoy, "attack:convoy-4", "leave")
	p, ev = step(t, p, "attack:convoy-4", 4, 1, 1, 1, 6, 1)
	wantRolls(t, ev, "9.7 2d6 [4 1] sunk", "9.8 2d6 [1 1] miss", "9.6 2d6 [6 1] pass")
	if !strings.Contains(notes(ev), "9.9") {
		t.Fatalf("notes %q do not cite 9.9", notes(ev))
	}
	// Back in Valentin Full-strength, it does not sail again this turn.
	if f := flot(t, p, "VII-1"); f.Depleted || !f.Sailed {
		t.Fatalf("%+v", f)
	}
	wantKind(t, p, KindSail, "sail:VII-2:"+atlantic, "sail:VII-2:"+western, "end")
	illegal(t, p, "sail:VII-1:"+western)
}

// 9.9 with XXI-A20: an empty convoy area. Default (allowed): offered, with
// a warning; a flotilla that gets there heads home through the Trip Home.
// forbidden: not offered.
func Test9_9_EmptyConvoyArea_XXI_A20(t *testing.T) {
	p := mustNew(t, setup9_10(t, Rulings{}))
	pr := p.Prompt()
	for _, o := range pr.Options {
		if o.Key == "sail:VII-1:"+western && !strings.Contains(o.Detail, "XXI-A20") {
			t.Fatalf("the empty area's option does not warn: %+v", o)
		}
	}
	p, ev := step(t, p, "sail:VII-1:"+western)
	if !strings.Contains(notes(ev), "Warning") || !strings.Contains(notes(ev), "XXI-A20") {
		t.Fatalf("no warning note: %q", notes(ev))
	}
	for range 3 {
		p, _ = step(t, p, "test", 6, 6)
	}
	p, ev = step(t, p, "test", 6, 6, 5, 5)
	wantRolls(t, ev, "9.2 2d6 [6 6] pass", "9.6 2d6 [5 5] pass")
	if p.Mission != nil {
		t.Fatal("still on a mission")
	}

	f := mustNew(t, setup9_10(t, Rulings{A20: A20Forbidden}))
	wantKind(t, f, KindSail, "sail:VII-1:"+atlantic, "sail:VII-2:"+atlantic, "end")
	illegal(t, f, "sail:VII-1:"+western)
	// No convoy anywhere: nothing can be chosen, so the phase is over.
	s := setup9_10(t, Rulings{A20: A20Forbidden})
	s.Convoys = nil
	if pr := mustNew(t, s).Prompt(); pr != nil {
		t.Fatalf("A20 forbidden with no convoys: prompt %s", pr.Kind)
	}
}

// 9.2, 9.4: a space with no depth-charge icon subjects a failed flotilla
// to "a number of depth charge attacks equal to the number of depth charge
// icons": none, so no die; it may still continue or abort (9.5).
func Test9_4_NoIconNoDie(t *testing.T) {
	s := setup9_10(t, DefaultRulings())
	s.Paths = clonePaths(s.Paths)
	s.Paths[0].Spaces[1].DepthCharges = 0
	p := mustNew(t, s)
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	p, _ = step(t, p, "test", 6, 6)
	p, ev := step(t, p, "test", 1, 1)
	wantRolls(t, ev, "9.2 2d6 [1 1] fail")
	wantKind(t, p, KindAfterDC, "continue", "abort")
	if flot(t, p, "VII-1").Depleted {
		t.Fatal("hit without a depth charge")
	}
}
