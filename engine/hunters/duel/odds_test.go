package duel

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
)

// The odds of a duel's prompt are the boat on patrol's, under the duel's
// token; asking changes nothing; at a secret pick (14.8.3) the advisor
// refuses, for its figures would give the other player's number away.
func TestDuelOdds(t *testing.T) {
	r := rules(t)
	d := dice.NewFast(3)
	st, _, err := r.New([]byte(`{"boat":"VIIC","start":"1941-03","a":"Prien","b":"Kretschmer","rules":"14.8"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	asked, refused := 0, 0
	for i := 0; s.Outcome() == nil && i < 3000 && (asked < 3 || refused == 0); i++ {
		p := s.Pending()
		if p.Kind == "hunters.range" || p.Secret {
			before, _ := s.Encode()
			o, err := s.Odds(p.Token, engine.OddsBudget{Rollouts: 200, Seed: 1})
			switch {
			case p.Secret:
				if err == nil || o != nil {
					t.Fatalf("odds given at a secret pick (%s)", p.Kind)
				}
				refused++
			case err != nil:
				t.Fatal(err)
			default:
				if o.Token != p.Token || len(o.Options) != len(p.Options) || o.Options[0].Rollouts != 200 {
					t.Fatalf("odds %+v for prompt %+v", o, p)
				}
				if !s.OddsOffered(p.Token) {
					t.Fatal("a range prompt comes with the Odds button")
				}
				asked++
			}
			if after, _ := s.Encode(); !bytes.Equal(before, after) {
				t.Fatal("asking for odds changed the duel")
			}
		}
		next, _, err := s.Apply(engine.Choice{Token: p.Token, Key: hunters.Command(s.Career())}, d)
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
	}
	if asked == 0 || refused == 0 {
		t.Fatalf("asked at %d range prompts, refused at %d secret ones", asked, refused)
	}
	if _, err := s.Odds("-1", engine.OddsBudget{}); !errors.Is(err, engine.ErrStaleToken) && !errors.Is(err, engine.ErrGameOver) {
		t.Fatalf("a stale token: %v", err)
	}
}

// After an undo (tokens "12u1"), the duel's advisor still answers at a range
// prompt and still refuses at a secret pick for 14.8.3's reason, not as if
// the prompt were stale (issue 28, item 3).
func TestDuelOddsAfterAnUndo(t *testing.T) {
	r := rules(t)
	d := dice.NewFast(3)
	st, _, err := r.New([]byte(`{"boat":"VIIC","start":"1941-03","a":"Prien","b":"Kretschmer","rules":"14.8"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	asked, refused := 0, 0
	for i := 0; st.(*State).Outcome() == nil && i < 3000 && (asked == 0 || refused == 0); i++ {
		s := st.(*State)
		p := s.Pending()
		if p.Kind == "hunters.range" || p.Secret {
			back, err := r.Restored(s, 1, map[string]int{})
			if err != nil {
				t.Fatal(err)
			}
			u := back.(*State)
			q := u.Pending()
			if q.Token != p.Token+"u1" {
				t.Fatalf("after an undo the token is %q (before %q)", q.Token, p.Token)
			}
			o, err := u.Odds(q.Token, engine.OddsBudget{Rollouts: 100, Seed: 1})
			switch {
			case q.Secret:
				if err == nil || errors.Is(err, engine.ErrStaleToken) || !strings.Contains(err.Error(), "14.8.3") {
					t.Fatalf("odds at a secret pick after an undo: %v", err)
				}
				refused++
			case err != nil:
				t.Fatalf("odds at a range prompt after an undo: %v", err)
			default:
				if o.Token != q.Token || !u.OddsOffered(q.Token) {
					t.Fatalf("odds under token %q, offered %v, for the prompt %q", o.Token, u.OddsOffered(q.Token), q.Token)
				}
				asked++
			}
		}
		if st, _, err = s.Apply(engine.Choice{Token: p.Token, Key: hunters.Command(s.Career())}, d); err != nil {
			t.Fatal(err)
		}
	}
	if asked == 0 || refused == 0 {
		t.Fatalf("asked at %d range prompts, refused at %d secret ones", asked, refused)
	}
}
