package tonnagewar

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// TestCloneCopiesEveryField fills every field of the state by reflection
// and holds CloneState (engine.Cloner, Apply's copy) to all of them: a
// field added later that the copy shares or forgets fails here. Shared and
// fresh by design: the rules and the catalog of cards and units are shared; a decision in progress is the state's own.
func TestCloneCopiesEveryField(t *testing.T) {
	enginetest.CheckClone(t, func(s *State) *State { return s.CloneState().(*State) }, enginetest.CloneSpec{
		Shared: []string{"tonnagewar.State.rules", "tonnagewar.State.cat"},
		Fresh:  []string{"tonnagewar.State.rn"},
	})
}
