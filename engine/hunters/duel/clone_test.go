package duel

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// TestCloneCopiesEveryField fills every field of the state by reflection
// and holds CloneState (engine.Cloner, Apply's copy) to all of them: a
// field added later that the copy shares or forgets fails here. Shared and
// fresh by design: the duel's rules and each career's pack and outlooks are the rules'; a career's decision in progress and working memory are its own.
func TestCloneCopiesEveryField(t *testing.T) {
	enginetest.CheckClone(t, func(s *State) *State { return s.CloneState().(*State) }, enginetest.CloneSpec{
		Shared: []string{"duel.State.rules", "hunters.State.pack", "hunters.State.outlooks"},
		Fresh:  []string{"hunters.State.run", "hunters.State.scratch"},
		// The outcome's words still to write make Clone write them, from
		// the rules: TestQuietOutcomeWordsReachEveryReader holds that path.
		Unfilled: []string{"hunters.scratch.overWords"},
	})
}
