package battle

import (
	"reflect"
	"strings"
	"testing"
)

// XXI-A7 after_dc_only: a flotilla may abort only after depth charges
// (9.5), so the encounter tests are rolled without a prompt; 9.10 plays
// with the same dice in fewer decisions.
func Test9_10_XXI_A7_AfterDCOnly(t *testing.T) {
	p := mustNew(t, setup9_10(t, Rulings{A7: A7AfterDCOnly}))
	p, ev := step(t, p, "sail:VII-1:"+atlantic, 3, 4, 2, 4, 5)
	wantRolls(t, ev, "9.2 2d6 [3 4] pass", "9.2 2d6 [2 4] fail", "9.4 1d6 [5] hit")
	wantKind(t, p, KindAfterDC, "continue", "abort")
	p, ev = step(t, p, "abort", 4, 5)
	wantRolls(t, ev, "9.6 2d6 [4 5] pass")
	p, ev = step(t, p, "sail:VII-2:"+atlantic, 1, 6, 3, 5, 5, 6, 4, 4, 3, 6)
	wantRolls(t, ev, "9.2 2d6 [1 6] pass", "9.2 2d6 [3 5] pass", "9.2 2d6 [5 6] pass", "9.2 2d6 [4 4] fail", "9.4 2d6 [3 6] hit")
	// "continue" enters the area; its first attack is not optional (9.7
	// "it attacks the convoy of its choice").
	p, _ = step(t, p, "continue")
	wantKind(t, p, KindConvoy, "attack:convoy-5")
	illegal(t, p, "leave")
	p, ev = step(t, p, "attack:convoy-5", 4, 5, 1, 4)
	wantRolls(t, ev, "9.7 2d6 [4 5] sunk", "9.8 2d6 [1 4] hit")
	if !flot(t, p, "VII-2").Sunk || p.Prompt() != nil {
		t.Fatal("9.10's end differs under XXI-A7 after_dc_only")
	}
}

// XXI-A7 after_dc_only: after a first attack 9.9 lets the flotilla head
// home; after a passed test there is no abort (it never waits there).
func Test9_9_XXI_A7_AfterDCOnlyLeaveAfterAnAttack(t *testing.T) {
	s := setup9_10(t, Rulings{A7: A7AfterDCOnly})
	s.Convoys = append(s.Convoys, Convoy{ID: "convoy-6", Value: 6, Path: atlantic})
	p := mustNew(t, s)
	p, _ = step(t, p, "sail:VII-1:"+atlantic, sixes(8)...)
	wantKind(t, p, KindConvoy, "attack:convoy-5", "attack:convoy-6")
	p, _ = step(t, p, "attack:convoy-6", 1, 1, 1, 1)
	wantKind(t, p, KindConvoy, "attack:convoy-5", "attack:convoy-6", "leave")
	// The default offers leave before the first attack, and a prompt
	// before each test.
	d := toArea(t, mustNew(t, setup9_10(t, Rulings{})), "VII-1", atlantic, 2)
	wantKind(t, d, KindConvoy, "attack:convoy-5", "leave")
}

// XXI-A7 default (any_step): the prompt before each encounter test lets
// the flotilla abort even before its first test (9.1 "they may abort the
// mission").
func Test9_1_XXI_A7_AbortBeforeATest(t *testing.T) {
	p := mustNew(t, setup9_10(t, DefaultRulings()))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	p, _ = step(t, p, "test", 6, 6)
	p, ev := step(t, p, "abort", 6, 2)
	wantRolls(t, ev, "9.6 2d6 [6 2] pass")
	if !strings.Contains(notes(ev), "aborts the mission (9.1)") {
		t.Fatalf("notes %q", notes(ev))
	}
}

// XXI-A8 together: "two Type VII U-boat flotillas are sent on a mission"
// (9.10): both are declared before any mission is resolved, then resolved
// in the order declared; 9.10's dice give 9.10's result.
func Test9_10_XXI_A8_Together(t *testing.T) {
	p := mustNew(t, setup9_10(t, Rulings{A8: A8Together}))
	wantKind(t, p, KindSail, "sail:VII-1:"+atlantic, "sail:VII-1:"+western, "sail:VII-2:"+atlantic, "sail:VII-2:"+western, "end")
	p, ev := step(t, p, "sail:VII-1:"+atlantic)
	wantRolls(t, ev)
	// Declared, it is not offered again; `go` launches; `end` is still
	// offered (9.1 obliges nobody to sail) and calls it off.
	wantKind(t, p, KindSail, "sail:VII-2:"+atlantic, "sail:VII-2:"+western, "go", "end")
	off, _ := step(t, p, "end")
	if off.Prompt() != nil || flot(t, off, "VII-1").Sailed || len(off.Declared) != 0 {
		t.Fatal("end under together: the declared mission was not called off")
	}
	// The last flotilla declared: nothing is left to decide, they sail.
	p, _ = step(t, p, "sail:VII-2:"+atlantic)
	wantKind(t, p, KindEncounter, "test", "abort")
	if p.Mission.Flotilla != "VII-1" {
		t.Fatalf("first mission %s, want VII-1 (declared first)", p.Mission.Flotilla)
	}
	p, _ = step(t, p, "test", 3, 4)
	p, _ = step(t, p, "test", 2, 4, 5)
	p, _ = step(t, p, "abort", 4, 5)
	// VII-2's mission follows at once: no sail prompt between.
	wantKind(t, p, KindEncounter, "test", "abort")
	if p.Mission.Flotilla != "VII-2" {
		t.Fatalf("second mission %s", p.Mission.Flotilla)
	}
	p, _ = step(t, p, "test", 1, 6)
	p, _ = step(t, p, "test", 3, 5)
	p, _ = step(t, p, "test", 5, 6)
	p, _ = step(t, p, "test", 4, 4, 3, 6)
	p, _ = step(t, p, "continue")
	p, ev = step(t, p, "attack:convoy-5", 4, 5, 1, 4)
	wantRolls(t, ev, "9.7 2d6 [4 5] sunk", "9.8 2d6 [1 4] hit")
	if !flot(t, p, "VII-2").Sunk || !flot(t, p, "VII-1").Depleted || p.Prompt() != nil {
		t.Fatal("9.10's end differs under XXI-A8 together")
	}
}

// XXI-A8 together: once the declared missions are launched, no other
// flotilla sails this turn; under the default the player sends the next
// after seeing how the first fared.
func Test9_1_XXI_A8_BothWays(t *testing.T) {
	three := func(r Rulings) Setup {
		s := setup9_10(t, r)
		s.Flotillas = append(s.Flotillas, vii("VII-3"))
		return s
	}
	p := mustNew(t, three(Rulings{A8: A8Together}))
	p, _ = step(t, p, "sail:VII-1:"+atlantic)
	p, ev := step(t, p, "go")
	if !strings.Contains(notes(ev), "XXI-A8") {
		t.Fatalf("notes %q", notes(ev))
	}
	p, _ = step(t, p, "abort", 6, 6)
	if pr := p.Prompt(); pr != nil {
		t.Fatalf("together: after the declared missions, prompt %s; want the phase over", pr.Kind)
	}
	for _, id := range []string{"VII-2", "VII-3"} {
		if flot(t, p, id).Sailed {
			t.Fatalf("%s sailed", id)
		}
	}

	d := mustNew(t, three(Rulings{}))
	d, _ = step(t, d, "sail:VII-1:"+atlantic)
	d, _ = step(t, d, "abort", 6, 6)
	wantKind(t, d, KindSail, "sail:VII-2:"+atlantic, "sail:VII-2:"+western, "sail:VII-3:"+atlantic, "sail:VII-3:"+western, "end")
	illegal(t, d, "go")
}

// The rulings' defaults are the digest's, an empty field reads as its
// default, and New writes the defaults in.
func TestRulingsDefaultsAndSet(t *testing.T) {
	want := Rulings{A5: "reaches_valentin", A6: "after_dc", A7: "any_step", A8: "one_at_a_time", A20: "allowed"}
	if got := DefaultRulings(); got != want {
		t.Fatalf("DefaultRulings %+v, want the digest's %+v", got, want)
	}
	if p := mustNew(t, setup9_10(t, Rulings{})); p.Rulings != want {
		t.Fatalf("New(Rulings{}) plays %+v", p.Rulings)
	}
	for _, info := range RulingList() {
		r, err := DefaultRulings().Set(info.ID, info.Values[1])
		if err != nil {
			t.Fatal(err)
		}
		if r == want {
			t.Fatalf("Set(%s, %s) changed nothing", info.ID, info.Values[1])
		}
		if r2, err := DefaultRulings().Set(info.Name, info.Values[1]); err != nil || r2 != r {
			t.Fatalf("Set(%s) by name: %+v, %v", info.Name, r2, err)
		}
		if _, err := r.Set(info.Name, "nonsense"); err == nil {
			t.Fatalf("Set(%s, nonsense) accepted", info.Name)
		}
	}
	if _, err := DefaultRulings().Set("a99", "x"); err == nil {
		t.Fatal("an unknown ruling accepted")
	}
	if _, err := New(setup9_10(t, Rulings{A5: "maybe"})); err == nil || !strings.Contains(err.Error(), "XXI-A5") {
		t.Fatalf("an unknown A5 value: %v", err)
	}
	var ids []string
	for _, info := range RulingList() {
		ids = append(ids, info.ID)
	}
	if !reflect.DeepEqual(ids, []string{"XXI-A5", "XXI-A6", "XXI-A7", "XXI-A8", "XXI-A20"}) {
		t.Fatalf("RulingList %v", ids)
	}
}
