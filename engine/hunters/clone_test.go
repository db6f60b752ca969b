package hunters

import (
	"testing"

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
	})
}
