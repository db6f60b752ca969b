package hunters

import (
	"reflect"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/enginetest"
)

// TestCloneCopiesEveryField fills every field of the state by reflection
// and holds CloneState (engine.Cloner, Apply's copy) to all of them: a
// field added later that the copy shares or forgets fails here. Shared and
// fresh by design: the chart pack and the outlook cache are the rules'; a decision in progress and the working memory (buffers, spares, a rollout's tally) are the state's own.
func TestCloneCopiesEveryField(t *testing.T) {
	enginetest.CheckClone(t, func(s *State) *State { return s.CloneState().(*State) }, enginetest.CloneSpec{
		Shared: []string{"hunters.State.pack", "hunters.State.outlooks"},
		Fresh:  []string{"hunters.State.run", "hunters.State.scratch"},
		// The outcome's words still to write make Clone write them, from
		// the rules: TestQuietOutcomeWordsReachEveryReader holds that path.
		Unfilled: []string{"hunters.scratch.overWords"},
	})
}

// A career a quiet decision ends leaves its outcome's words (5.2) to the
// first reader; every reader gets the words the recorded career wrote at
// once: Outcome, Encode, a Clone and a rollout's copy (copyFrom), each
// before the others have written them.
func TestQuietOutcomeWordsReachEveryReader(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	su, err := r.ParseSetup([]byte(`{"boat":"VIIC","start":"1941-03","rules":"14.3"}`))
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 12; seed++ {
		recorded, quiet := playedBoth(t, r, su, seed)
		if !quiet.scratch.overWords {
			t.Fatalf("seed %d: the quiet career wrote its outcome's words for nobody", seed)
		}
		want := recorded.Outcome()
		readers := map[string]func() *engine.Outcome{
			"Clone": func() *engine.Outcome { return quiet.Clone().Over },
			"copyFrom": func() *engine.Outcome {
				w := &State{pack: r.pack}
				w.copyFrom(quiet)
				return w.Outcome()
			},
		}
		for name, read := range readers {
			if got := read(); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: %s's outcome\n%+v\nwant the recorded career's\n%+v", seed, name, got, want)
			}
		}
		if !quiet.scratch.overWords {
			t.Fatalf("seed %d: a copy wrote the words into the career it copied", seed)
		}
		a, _ := quiet.Encode()
		b, _ := recorded.Encode()
		if string(a) != string(b) {
			t.Fatalf("seed %d: the quiet career encodes otherwise than the recorded one", seed)
		}
		if got := quiet.Outcome(); !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: Outcome %+v, want %+v", seed, got, want)
		}
	}
}

// playedBoth plays one career to its end by the built-in commander, once
// recording and once quietly.
func playedBoth(t *testing.T, r *Rules, su Setup, seed uint64) (recorded, quiet *State) {
	t.Helper()
	rd, qd := dice.NewFast(seed), dice.NewFast(seed)
	recorded, _, err := r.Start(su, rd, true)
	if err != nil {
		t.Fatal(err)
	}
	quiet, _, err = r.Start(su, qd, false)
	if err != nil {
		t.Fatal(err)
	}
	for quiet.Over == nil {
		key := Command(quiet)
		if _, err := quiet.ApplyInPlace(engine.Choice{Key: key}, qd, false); err != nil {
			t.Fatal(err)
		}
		if _, err := recorded.ApplyInPlace(engine.Choice{Key: key}, rd, true); err != nil {
			t.Fatal(err)
		}
	}
	return recorded, quiet
}
