package example

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// TestCloneCopiesEveryField fills every field of the state by reflection
// and holds CloneState (engine.Cloner, Apply's copy) to all of them: a
// field added later that the copy shares or forgets fails here. Shared and
// fresh by design: the state holds no references: the check guards a field added later.
func TestCloneCopiesEveryField(t *testing.T) {
	enginetest.CheckClone(t, func(s *State) *State { return s.CloneState().(*State) }, enginetest.CloneSpec{
		Shared: nil,
		Fresh:  nil,
	})
}
