package uboatleader

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// TestCloneCopiesEveryField fills every field of the state by reflection
// and holds CloneState (engine.Cloner, Apply's copy) to all of them: a
// field added later that the copy shares or forgets fails here. Shared and
// fresh by design: the rules and the pack are shared; a decision in progress, the simulation's bare switch and the built-in player's caches are the state's own.
func TestCloneCopiesEveryField(t *testing.T) {
	enginetest.CheckClone(t, func(s *State) *State { return s.CloneState().(*State) }, enginetest.CloneSpec{
		Shared: []string{"uboatleader.State.rules", "uboatleader.State.pack"},
		Fresh:  []string{"uboatleader.State.rn", "uboatleader.State.bare", "uboatleader.State.cache", "uboatleader.State.hunt"},
	})
}
