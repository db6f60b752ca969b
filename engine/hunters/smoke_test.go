package hunters

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

type pcgDice struct{ r *rand.Rand }

func (d pcgDice) Roll(sides int) (int, error) { return d.r.IntN(sides) + 1, nil }

func TestSmokeRandomCareers(t *testing.T) {
	rules, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	boats := []string{"VIIA", "VIIB", "VIIC", "VIID", "VIIC_Flak", "IXA", "IXB", "IXC"}
	for i := 0; i < 400; i++ {
		d := pcgDice{rand.New(rand.NewPCG(uint64(i), 7))}
		setup, _ := json.Marshal(map[string]string{"boat": boats[i%len(boats)], "rules": []string{"", "14.6,14.7,14.8,14.9,14.11,14.3", "4.5.2,14.2,14.1,14.10"}[i%3]})
		st, _, err := rules.New(setup, d)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		n := 0
		for s.Over == nil {
			p := s.Pending()
			if p == nil {
				t.Fatalf("career %d: no prompt and not over, phase %s", i, s.Phase)
			}
			k := p.Options[d.r.IntN(len(p.Options))].Key
			if _, err := s.ApplyInPlace(engine.Choice{Key: k}, d, i%10 == 0); err != nil {
				t.Fatalf("career %d: %v", i, err)
			}
			n++
			if n > 20000 {
				t.Fatalf("career %d runs forever in phase %s", i, s.Phase)
			}
		}
	}
}
