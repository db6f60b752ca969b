package wolfpack

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// A pack boat's odds are its career's, under the pack's token, and say that
// the rollouts stop where the boat waits for its pack.
func TestWolfpackOdds(t *testing.T) {
	s, _, d := newPack(t, 4, "Prien", "Kretschmer")
	for i := 0; s.Outcome() == nil && i < 500; i++ {
		p := s.PendingAll()[0]
		if p.Kind == "hunters.range" || p.Kind == "hunters.engage" {
			o, err := s.Odds(p.Token, engine.OddsBudget{Rollouts: 100, Seed: 2})
			if err != nil {
				t.Fatal(err)
			}
			if o.Token != p.Token || len(o.Options) != len(p.Options) || !strings.Contains(strings.Join(o.Notes, " "), "waits for its pack") {
				t.Fatalf("odds %+v for %+v", o, p)
			}
			return
		}
		next, _, err := s.Apply(engine.Choice{Token: p.Token, Key: commander(s, p)}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
	}
	t.Fatal("no engagement prompt came")
}
