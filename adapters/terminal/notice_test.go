package terminal

import (
	"context"
	"encoding/hex"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// noticedOut is a session's output that tells when the odds notice shows.
type noticedOut struct {
	mu   sync.Mutex
	b    strings.Builder
	seen chan struct{}
	once sync.Once
}

func (w *noticedOut) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.b.Write(p)
	if strings.Contains(w.b.String(), OddsNotice) {
		w.once.Do(func() { close(w.seen) })
	}
	return n, err
}

func (w *noticedOut) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// waitingRules is The Hunters whose advisor answers only once wait is done.
type waitingRules struct {
	*hunters.Rules
	wait func()
}

type waitingState struct {
	engine.State
	wait func()
}

func (r waitingRules) New(setup []byte, d engine.Dice) (engine.State, []engine.Event, error) {
	st, ev, err := r.Rules.New(setup, d)
	return waitingState{st, r.wait}, ev, err
}

func (r waitingRules) Decode(b []byte) (engine.State, error) {
	st, err := r.Rules.Decode(b)
	return waitingState{st, r.wait}, err
}

func (s waitingState) Odds(token string, b engine.OddsBudget) (*engine.Odds, error) {
	s.wait()
	return s.State.(engine.Advisor).Odds(token, b)
}

func (s waitingState) OddsOffered(token string) bool {
	return s.State.(engine.Advisor).OddsOffered(token)
}

// An answer that takes longer than half a second is announced while it is
// worked out: "working out the odds…", then the odds (issue 28, item 8: a
// first decision's odds took seconds in silence). The advisor here answers
// only once the notice is out; one that answers in time brings none.
func TestSlowOddsAreAnnounced(t *testing.T) {
	for _, slow := range []bool{true, false} {
		out := &noticedOut{seen: make(chan struct{})}
		wait := func() {}
		if slow {
			wait = func() {
				select {
				case <-out.seen:
				case <-time.After(20 * time.Second): // a guard: the test fails below
				}
			}
		}
		store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		h, err := hunters.NewRules()
		if err != nil {
			t.Fatal(err)
		}
		svc := bot.New(store, engine.Described(map[string]engine.Rules{"hunters": waitingRules{h, wait}}), bot.Options{OddsRollouts: 50})
		d := &persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString([]byte{1, 2, 3, 4}), GameID: "test"}
		if _, err := svc.StartGame(t.Context(), place, me, "hunters", map[string]string{"boat": "VIIC", "start": "1943-02"}, d); err != nil {
			t.Fatal(err)
		}
		s := &Session{Svc: svc, Place: place, User: me, Game: "hunters", Odds: true, In: strings.NewReader("e3\nodds\n"), Out: out}
		if !slow {
			s.noticeAfter = time.Hour // "in time"
		}
		if err := s.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		notice, odds := strings.Index(text, OddsNotice), strings.Index(text, "Odds: ")
		switch {
		case odds < 0:
			t.Fatalf("slow=%v: no odds:\n%s", slow, text)
		case slow && (notice < 0 || notice > odds):
			t.Fatalf("a slow answer comes without %q before it:\n%s", OddsNotice, text)
		case !slow && notice >= 0:
			t.Fatalf("an answer in time comes with %q:\n%s", OddsNotice, text)
		}
	}
}
