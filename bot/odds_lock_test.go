package bot

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// slowGate holds a slow advisor's answers: each tells asked when it
// starts, then waits for release.
type slowGate struct {
	asked   chan struct{}
	release chan struct{}
	once    sync.Once
}

func (g *slowGate) open() { g.once.Do(func() { close(g.release) }) }

// slowRules is The Hunters with an advisor that answers only when let.
type slowRules struct {
	*hunters.Rules
	gate *slowGate
}

type slowState struct {
	engine.State
	gate *slowGate
}

func (r slowRules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	st, ev, err := r.Rules.New(setup, d)
	return slowState{st, r.gate}, ev, err
}

func (r slowRules) Decode(b []byte) (engine.State, error) {
	st, err := r.Rules.Decode(b)
	return slowState{st, r.gate}, err
}

func (s slowState) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	st, ev, err := s.State.Apply(c, d)
	if st != nil {
		st = slowState{st, s.gate}
	}
	return st, ev, err
}

func (s slowState) Odds(token string, b engine.OddsBudget) (*engine.Odds, error) {
	s.gate.asked <- struct{}{}
	<-s.gate.release
	return s.State.(engine.Advisor).Odds(token, b)
}

func (s slowState) OddsOffered(token string) bool {
	return s.State.(engine.Advisor).OddsOffered(token)
}

// While the odds are worked out (for seconds), the channel's game is not
// held: a click in the same channel is answered without waiting for them,
// and the odds come afterwards for the prompt they were asked about (issue
// 28, item 8). Both ways of asking: `odds` and the Odds button.
func TestOddsDoNotHoldTheChannel(t *testing.T) {
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, button := range []bool{false, true} {
		gate := &slowGate{asked: make(chan struct{}, 1), release: make(chan struct{})}
		t.Cleanup(gate.open) // a failed test leaves no call waiting
		store, err := persist.Open(filepath.Join(t.TempDir(), "bot.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		svc := New(store, engine.Described(map[string]engine.Rules{"slow": slowRules{h, gate}}), Options{OddsRollouts: 100,
			NewSeed: func() ([]byte, error) { return []byte("fixed seed for tests"), nil }})
		r, err := svc.Command(t.Context(), here, prien, "slow", "new", map[string]string{"boat": "VIIC", "start": "1943-02", "kommandant": "Prien"})
		if err != nil {
			t.Fatal(err)
		}
		r = mustClick(t, svc, prien, lastPrompt(t, r).Options[0].ID)
		rec, _ := store.Load(t.Context(), here.Key())
		p := lastPrompt(t, mustClick(t, svc, prien, optionID(rec.ID, lastPrompt(t, r).Prompt.Token, "e3"))).Prompt
		answered := make(chan Reply, 1)
		go func() {
			var r Reply
			var err error
			if button {
				r, err = svc.Click(context.Background(), here, stranger, optionID(rec.ID, p.Token, oddsKey))
			} else {
				r, err = svc.Command(context.Background(), here, prien, "slow", "odds", nil)
			}
			if err != nil {
				t.Error(err)
			}
			answered <- r
		}()
		<-gate.asked // the advisor is at work
		// A guard, not a wait: a click held behind the odds gives up here.
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		next, err := svc.Click(ctx, here, prien, optionID(rec.ID, p.Token, p.Options[0].Key))
		cancel()
		if err != nil {
			t.Fatalf("button=%v: a click during an odds computation: %v", button, err)
		}
		if q := lastPrompt(t, next).Prompt; q.Token == p.Token {
			t.Fatalf("button=%v: the click did not take the decision: %+v", button, next)
		}
		select {
		case r := <-answered:
			t.Fatalf("button=%v: the odds came before the advisor was let answer: %+v", button, r)
		default:
		}
		gate.open()
		odds := <-answered
		if len(odds.Private) == 0 || odds.Private[0].Odds == nil || odds.Private[0].Odds.Token != p.Token {
			t.Fatalf("button=%v: the odds of the prompt asked about: %+v", button, odds)
		}
	}
}
