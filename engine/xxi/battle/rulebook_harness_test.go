package battle_test

// The harness of rulebook_test.go: it drives a battle.Phase key by key with
// a scripted die source per key and checks, at every step, the prompt the
// phase stood at, that the key was offered, that the key consumed exactly
// the faces scripted for it (no die fewer: the scripted source must be
// empty afterwards; no die more: the source errors when over-drawn), and
// the roll events the key produced, in order. It was written from the
// rulebook (module 9.0), the digest and the contract
// (notes/battle-contract.md) only, not from the implementation.

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/xxi/battle"
	"github.com/kaleun/kaleun/engine/xxi/content"
)

// Prompt kinds and path ids of the contract.
const (
	kSail     = "xxi.sail"
	kEncount  = "xxi.encounter"
	kAfterDC  = "xxi.after_dc"
	kOpenOcHt = "xxi.open_ocean_hit"
	kConvoy   = "xxi.convoy"

	atl = content.Atlantic
	wa  = content.WesternApproaches
)

// typeVII is a Type VII's ratings: 2 for Engine, Silence, Attack and
// Defense (2.1.1, 9.10).
var typeVII = battle.Ratings{Engine: 2, Silence: 2, Attack: 2, Defense: 2}

// promptCases are the cases each prompt kind may name (the contract's
// table: 9.1 for choosing a mission and, XXI-A7, before each encounter
// test, which is 9.2's; 9.5 after a depth charge; 9.3 after Open Ocean's
// hit; 9.7 or 9.9 in the convoy area).
var promptCases = map[string][]string{
	kSail:     {"9.1"},
	kEncount:  {"9.1", "9.2"},
	kAfterDC:  {"9.5"},
	kOpenOcHt: {"9.3"},
	kConvoy:   {"9.7", "9.9"},
}

// roll is a roll event a step must produce.
type roll struct {
	// cases are the rule cases the roll may name (one, except where the
	// rulebook gives two homes to the same roll, e.g. Open Ocean's depth
	// charge: 9.3 sends it to 9.4).
	cases  []string
	faces  []int
	result string
}

// enc is an encounter test against target: pass when any die equals or
// exceeds it, fail when all are below (9.2).
func enc(target int, faces ...int) roll {
	r := roll{cases: []string{"9.2"}, faces: faces, result: "fail"}
	if slices.Max(faces) >= target {
		r.result = "pass"
	}
	return r
}

func dc(result string, faces ...int) roll { return roll{[]string{"9.4"}, faces, result} }

// ooDC is Open Ocean's depth charge: 9.3 says "one depth charge attack
// (Section 9.4)", so either case names it.
func ooDC(result string, faces ...int) roll { return roll{[]string{"9.3", "9.4"}, faces, result} }

func dth(result string, faces ...int) roll    { return roll{[]string{"9.6"}, faces, result} }
func attack(result string, faces ...int) roll { return roll{[]string{"9.7"}, faces, result} }
func areaDC(result string, faces ...int) roll { return roll{[]string{"9.8"}, faces, result} }

// step is one key: the prompt kind the phase must stand at ("" where the
// rulebook leaves the kind open), the key, and the rolls it must make, in
// order. The faces scripted for the key are the
// rolls' faces, concatenated.
type step struct {
	kind  string
	key   string
	rolls []roll
}

func (s step) faces() []int {
	var f []int
	for _, r := range s.rolls {
		f = append(f, r.faces...)
	}
	return f
}

// run applies steps from p and returns the phase after the last one.
func run(t *testing.T, p battle.Phase, steps ...step) battle.Phase {
	t.Helper()
	for i, s := range steps {
		p = apply(t, fmt.Sprintf("step %d", i+1), p, s)
	}
	return p
}

func apply(t *testing.T, where string, p battle.Phase, s step) battle.Phase {
	t.Helper()
	where = fmt.Sprintf("%s (%s %q)", where, s.kind, s.key)
	pr := p.Prompt()
	if pr == nil {
		t.Fatalf("%s: the phase is over; want a %s prompt", where, s.kind)
	}
	if s.kind != "" && pr.Kind != s.kind {
		t.Fatalf("%s: prompt is %s (%s, keys %v); want %s", where, pr.Kind, pr.Text, keys(pr), s.kind)
	}
	if cs := promptCases[pr.Kind]; !slices.Contains(cs, pr.Case) {
		t.Errorf("%s: %s prompt names case %q; want %s", where, pr.Kind, pr.Case, strings.Join(cs, " or "))
	}
	if strings.TrimSpace(pr.Text) == "" {
		t.Errorf("%s: %s prompt has no text", where, pr.Kind)
	}
	for _, o := range pr.Options {
		if o.Case == "" || strings.TrimSpace(o.Label) == "" {
			t.Errorf("%s: option %q has label %q and case %q; want both", where, o.Key, o.Label, o.Case)
		}
	}
	if !slices.Contains(keys(pr), s.key) {
		t.Fatalf("%s: key %q not offered; offered %v", where, s.key, keys(pr))
	}
	d := dice.NewScripted(s.faces())
	np, evs, err := p.Apply(s.key, d)
	if err != nil {
		t.Fatalf("%s: Apply: %v (dice script %v, %d used)", where, err, s.faces(), d.Cursor())
	}
	if d.Remaining() != 0 {
		t.Fatalf("%s: %d of the scripted faces %v not rolled; rolls made: %v", where, d.Remaining(), s.faces(), rollsOf(evs))
	}
	checkRolls(t, where, evs, s.rolls)
	return np
}

func rollsOf(evs []engine.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Kind == engine.KindRoll && e.Roll != nil {
			out = append(out, fmt.Sprintf("%s %s %v %s", e.Roll.Case, e.Roll.Dice, e.Roll.Faces, e.Roll.Result))
		}
	}
	return out
}

// checkRolls checks the key's roll events against want, in order: case,
// notation ("<n>d6"), faces in the order rolled, natural = highest face
// (the contract's Natural), and result.
func checkRolls(t *testing.T, where string, evs []engine.Event, want []roll) {
	t.Helper()
	var got []engine.Event
	for _, e := range evs {
		if e.Kind == engine.KindRoll {
			got = append(got, e)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d roll events %v; want %d", where, len(got), rollsOf(evs), len(want))
	}
	for i, e := range got {
		w, r := want[i], e.Roll
		if r == nil {
			t.Fatalf("%s: roll event %d has no Roll", where, i+1)
		}
		if !slices.Contains(w.cases, r.Case) {
			t.Errorf("%s: roll %d names case %q; want %s", where, i+1, r.Case, strings.Join(w.cases, " or "))
		}
		if e.Case != r.Case {
			t.Errorf("%s: roll %d: event case %q, roll case %q; want them the same", where, i+1, e.Case, r.Case)
		}
		if n := fmt.Sprintf("%dd6", len(w.faces)); r.Dice != n {
			t.Errorf("%s: roll %d (%s) is %q; want %q", where, i+1, r.Case, r.Dice, n)
		}
		if !slices.Equal(r.Faces, w.faces) {
			t.Errorf("%s: roll %d (%s) faces %v; want %v", where, i+1, r.Case, r.Faces, w.faces)
		}
		if len(w.faces) > 0 && r.Natural != slices.Max(w.faces) {
			t.Errorf("%s: roll %d (%s) natural %d; want the highest face %d", where, i+1, r.Case, r.Natural, slices.Max(w.faces))
		}
		if w.result != "" && r.Result != w.result {
			t.Errorf("%s: roll %d (%s, faces %v) result %q; want %q", where, i+1, r.Case, r.Faces, r.Result, w.result)
		}
		// engine.Roll.Target means "the roll succeeds at or under it"; XXI's
		// dice succeed at or over their number (9.2, 9.4, 9.7), so a roll
		// that set it would read backwards.
		if r.Target != nil {
			t.Errorf("%s: roll %d (%s) sets a roll-under Target %+v; XXI's dice succeed at or over", where, i+1, r.Case, *r.Target)
		}
		// 9.2's "any one die": several dice are read one by one, the highest
		// counting (engine.Roll.Highest), never as a sum.
		if len(r.Faces) > 1 && !r.Highest {
			t.Errorf("%s: roll %d (%s) of %d dice is not marked Highest", where, i+1, r.Case, len(r.Faces))
		}
		if strings.TrimSpace(r.Purpose) == "" {
			t.Errorf("%s: roll %d (%s) has no purpose", where, i+1, r.Case)
		}
	}
}

// applyKey applies one key with a scripted source and returns everything,
// for the tests that look at the events themselves.
func applyKey(t *testing.T, p battle.Phase, key string, faces ...int) (battle.Phase, []engine.Event) {
	t.Helper()
	d := dice.NewScripted(faces)
	np, evs, err := p.Apply(key, d)
	if err != nil {
		t.Fatalf("Apply(%q) with faces %v: %v", key, faces, err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("Apply(%q): %d of the faces %v not rolled; rolls %v", key, d.Remaining(), faces, rollsOf(evs))
	}
	return np, evs
}

// refuse checks that key is refused as an illegal choice, rolls nothing,
// and leaves the phase as it was.
func refuse(t *testing.T, p battle.Phase, key, why string) {
	t.Helper()
	before := snapshot(t, p)
	d := dice.NewScripted([]int{6, 6, 6, 6, 6, 6})
	_, _, err := p.Apply(key, d)
	if err == nil {
		t.Fatalf("Apply(%q) accepted; want it refused: %s", key, why)
	}
	if !errors.Is(err, engine.ErrIllegalChoice) {
		t.Errorf("Apply(%q) refused with %v; want it to wrap engine.ErrIllegalChoice", key, err)
	}
	if d.Cursor() != 0 {
		t.Errorf("Apply(%q) refused but rolled %d dice", key, d.Cursor())
	}
	if after := snapshot(t, p); after != before {
		t.Errorf("refusing %q changed the phase:\nbefore %s\nafter  %s", key, before, after)
	}
}

func snapshot(t *testing.T, p battle.Phase) string {
	t.Helper()
	b, err := json.Marshal(struct {
		P battle.Phase
		F []battle.Flotilla
		C []battle.Convoy
		R *battle.Prompt
	}{p, p.Flotillas(), p.Convoys(), p.Prompt()})
	if err != nil {
		t.Fatalf("the phase is not JSON-encodable: %v", err)
	}
	return string(b)
}

func keys(pr *battle.Prompt) []string {
	if pr == nil {
		return nil
	}
	var ks []string
	for _, o := range pr.Options {
		ks = append(ks, o.Key)
	}
	return ks
}

// sameKeys checks the prompt offers exactly want, in any order.
func sameKeys(t *testing.T, where string, pr *battle.Prompt, want ...string) {
	t.Helper()
	got := keys(pr)
	g, w := slices.Clone(got), slices.Clone(want)
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) {
		t.Errorf("%s: keys %v; want exactly %v", where, got, want)
	}
}

func flotilla(t *testing.T, p battle.Phase, id string) battle.Flotilla {
	t.Helper()
	for _, f := range p.Flotillas() {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("no flotilla %s in %+v", id, p.Flotillas())
	return battle.Flotilla{}
}

func convoy(t *testing.T, p battle.Phase, id string) battle.Convoy {
	t.Helper()
	for _, c := range p.Convoys() {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no convoy %s in %+v", id, p.Convoys())
	return battle.Convoy{}
}

// state checks a flotilla's Depleted/Sunk/Sailed.
func state(t *testing.T, where string, p battle.Phase, id string, depleted, sunk, sailed bool) {
	t.Helper()
	f := flotilla(t, p, id)
	if f.Sunk != sunk || (!sunk && f.Depleted != depleted) || f.Sailed != sailed {
		t.Errorf("%s: %s is depleted=%v sunk=%v sailed=%v; want depleted=%v sunk=%v sailed=%v", where, id, f.Depleted, f.Sunk, f.Sailed, depleted, sunk, sailed)
	}
}

func hasNote(evs []engine.Event) bool {
	for _, e := range evs {
		if e.Kind == engine.KindNote && strings.TrimSpace(e.Text) != "" {
			return true
		}
	}
	return false
}

// housePaths are the house pack's two paths (content.LoadHousePack).
func housePaths(t *testing.T) []content.Path {
	t.Helper()
	p, err := content.LoadHousePack()
	if err != nil {
		t.Fatalf("house pack: %v", err)
	}
	return p.Tracks.Paths
}

func pathOf(t *testing.T, ps []content.Path, id string) content.Path {
	t.Helper()
	for _, p := range ps {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no path %s", id)
	return content.Path{}
}

// bookPaths are the bottom path as the rulebook prints it (9.3, 9.10):
// Open Ocean Engine 4+ one icon, PBY Searchers Engine 5+ one icon, Scout
// Bomber Silence 4+ (its icons are not in the text, G6: one here),
// Destroyer Screen Silence 5+ two icons, the Atlantic Ocean's 2d6 (9.8),
// Dangerous Trip Home Engine 4+ (9.10); and a Western Approaches path of
// made-up spaces (G5) with the rulebook's 3d6 area (9.8).
func bookPaths() []content.Path {
	return []content.Path{
		{
			ID: atl,
			Spaces: []content.Encounter{
				{Name: "Open Ocean", Test: content.Engine, Target: 4, DepthCharges: 1},
				{Name: "PBY Searchers", Test: content.Engine, Target: 5, DepthCharges: 1},
				{Name: "Scout Bomber", Test: content.Silence, Target: 4, DepthCharges: 1},
				{Name: "Destroyer Screen", Test: content.Silence, Target: 5, DepthCharges: 2},
			},
			Area: content.Area{Name: "Atlantic Ocean", DepthCharges: 2},
			Home: content.Test{Test: content.Engine, Target: 4},
		},
		{
			ID: wa,
			Spaces: []content.Encounter{
				{Name: "Test space W1", Test: content.Engine, Target: 3, DepthCharges: 1},
				{Name: "Test space W2", Test: content.Silence, Target: 4, DepthCharges: 2},
				{Name: "Test space W3", Test: content.Engine, Target: 5, DepthCharges: 3},
				{Name: "Test space W4", Test: content.Silence, Target: 6, DepthCharges: 2},
			},
			Area: content.Area{Name: "Western Approaches", DepthCharges: 3},
			Home: content.Test{Test: content.Engine, Target: 5},
		},
	}
}

func vii(id string) battle.Flotilla {
	return battle.Flotilla{ID: id, Class: "VII", Ratings: typeVII}
}

func xxi(id string, r battle.Ratings) battle.Flotilla {
	return battle.Flotilla{ID: id, Class: "XXI", Ratings: r}
}

// newPhase starts the phase with the digest's default rulings.
func newPhase(t *testing.T, s battle.Setup) battle.Phase {
	t.Helper()
	s.Rulings = battle.DefaultRulings()
	return newPhaseWith(t, s)
}

// newPhaseWith starts the phase with s's own rulings.
func newPhaseWith(t *testing.T, s battle.Setup) battle.Phase {
	t.Helper()
	p, err := battle.New(s)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return p
}
