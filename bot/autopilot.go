package bot

import (
	"context"
	"errors"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/persist"
)

// The autopilot of a player at the table (the terminal): the game's
// built-in commander takes his routine decisions as they come (engine.Routine:
// loading, reloading, sailing on through empty boxes), never one that is his
// to weigh, and the decision is logged and shown like his own. Chat players
// have it at their deadlines (`prefs autopilot:on`).

// Autopilot reports whether a player asked for his routine decisions to be
// taken for him (his `prefs autopilot`).
func (s *Service) Autopilot(ctx context.Context, place Place, user User) (bool, error) {
	p, err := s.store.Prefs(ctx, playerKey(place.Key(), user.ID))
	return p.Autopilot, err
}

// Routine takes the pending decision of the game in a place when the game
// calls it routine, as the built-in commander would, for the player it
// waits for. took names the prompt answered and the option taken; ok is
// false (and nothing changed) when the decision is not routine.
func (s *Service) Routine(ctx context.Context, place Place, user User) (r Reply, took Taken, ok bool, err error) {
	ctx, leave := s.enter(ctx, ops.ByPlayer)
	defer leave(&err)
	unlock, err := s.lockPlace(ctx, place.Key())
	if err != nil {
		return Reply{}, Taken{}, false, err
	}
	defer unlock()
	rec, st, err := s.load(ctx, place)
	if errors.Is(err, persist.ErrNotFound) || err == nil && st == nil {
		return Reply{}, Taken{}, false, nil
	}
	if err != nil {
		return Reply{}, Taken{}, false, err
	}
	p := st.Pending()
	if !engine.HasRoutine(st) || p == nil || p.Private {
		return Reply{}, Taken{}, false, nil
	}
	if id, _ := answerer(rec, p); id != "" && id != user.ID {
		return Reply{}, Taken{}, false, nil
	}
	key, ok := engine.RoutineChoice(st, "")
	if !ok || !p.HasOption(key) {
		return Reply{}, Taken{}, false, nil
	}
	took.Token = p.Token
	for _, o := range p.Options {
		if o.Key == key {
			took.Option = o
		}
	}
	r, err = s.decide(ctx, place, rec, st, engine.Choice{Token: p.Token, Key: key}, how{by: user.ID, note: "🤖 autopilot"}) // the player is at the keyboard: not away
	return r, took, err == nil, err
}

// Taken is the decision the autopilot took: the token of the prompt it
// answered and the option it chose there.
type Taken struct {
	Token  string
	Option engine.Option
}
