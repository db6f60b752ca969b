package bot

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// pinnedRules is a game whose states keep their "status" view pinned
// (engine.Pinned): The Hunters, wrapped.
type pinnedRules struct{ *hunters.Rules }

type pinnedState struct{ engine.State }

func (p pinnedState) PinnedView() string { return "status" }

func (r pinnedRules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	st, ev, err := r.Rules.New(setup, d)
	return pinnedState{st}, ev, err
}

func (r pinnedRules) Decode(b []byte) (engine.State, error) {
	st, err := r.Rules.Decode(b)
	return pinnedState{st}, err
}

func (p pinnedState) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	st, ev, err := p.State.Apply(c, d)
	if st != nil {
		st = pinnedState{st}
	}
	return st, ev, err
}

// A game that names a pinned view (engine.Pinned) has it sent after every
// decision as a sticky notice named after the view and the game, which the
// adapters edit in place; a game that names none gets no such notice.
func TestAPinnedViewIsKeptUpToDate(t *testing.T) {
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"plain": h, "pinned": pinnedRules{h}})
	svc, _ := serviceWith(t, games, "p", false)
	for _, g := range []string{"plain", "pinned"} {
		place := Place{Platform: "discord", Space: "guild1", Channel: g}
		r, err := svc.Command(t.Context(), place, prien, g, "new", map[string]string{"boat": "VIIC", "kommandant": "Prien"})
		if err != nil {
			t.Fatal(err)
		}
		if r, err = svc.Click(t.Context(), place, prien, lastPrompt(t, r).Options[0].ID); err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 3; step++ {
			var sticky []Notice
			for _, n := range r.Elsewhere {
				if n.Sticky != "" {
					sticky = append(sticky, n)
				}
			}
			switch {
			case g == "plain" && len(sticky) > 0:
				t.Fatalf("a game with no pinned view got %+v", sticky)
			case g == "pinned" && (len(sticky) != 1 || !strings.HasPrefix(sticky[0].Sticky, "status:p") || sticky[0].Place != place ||
				!strings.Contains(sticky[0].Channel[0].Title, "Prien")):
				t.Fatalf("step %d: the pinned view's notices: %+v", step, sticky)
			}
			if r, err = svc.Click(t.Context(), place, prien, lastPrompt(t, r).Options[0].ID); err != nil {
				t.Fatal(err)
			}
		}
	}
}
