package hunters

import (
	"errors"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// FuzzChoices feeds arbitrary bytes as a stream of choices — option indexes,
// garbage keys and stale tokens — and arbitrary dice faces. Nothing may panic;
// every refusal must be a clean error.
func FuzzChoices(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, uint64(1))
	f.Add([]byte("attack close fire follow"), uint64(42))
	f.Add([]byte{255, 254, 0, 0, 17, 99, 3}, uint64(7))
	r, err := NewRules()
	if err != nil {
		f.Fatal(err)
	}
	boats := []string{"VIIA", "VIIB", "VIIC", "VIID", "VIIC_Flak", "IXA", "IXB", "IXC"}
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		d := dice.NewFast(seed)
		setup := `{"boat":"` + boats[int(seed%uint64(len(boats)))] + `","rules":"14.6,14.7,14.8,14.9,14.11"}`
		st, _, err := r.New([]byte(setup), d)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range in {
			if st.Outcome() != nil {
				return
			}
			p := st.Pending()
			var c engine.Choice
			switch {
			case b%7 == 6:
				c = engine.Choice{Key: string(in[i:min(len(in), i+4)])}
			case b%11 == 10:
				c = engine.Choice{Key: p.Options[0].Key, Token: "x"}
			default:
				c = engine.Choice{Key: p.Options[int(b)%len(p.Options)].Key, Token: p.Token}
			}
			next, _, err := st.Apply(c, d)
			if err != nil {
				if !errors.Is(err, engine.ErrIllegalChoice) && !errors.Is(err, engine.ErrStaleToken) {
					t.Fatalf("unexpected error %v", err)
				}
				continue
			}
			st = next
		}
	})
}
