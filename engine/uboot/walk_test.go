package uboot

import (
	"fmt"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// Long random sessions that never end the mission by choice: every option
// the board offers is taken without a refusal or a panic, every view
// renders, deep into watches, floods, meals and repairs.
func TestLongRandomSessions(t *testing.T) {
	games, steps := 16, 400
	if testing.Short() {
		games = 5
	}
	setups := []string{`{}`, `{"captain":"easy"}`, `{"captain":"hard","rulings":"blocked=pass,crew-bag=cap,hatches=direct,combos=free,lemons=keep"}`, `{"mode":"linked","missions":"3","players":"1","rulings":"per-role=per-player"}`, `{"cards":"own","captain":"hard"}`}
	for g := 0; g < games; g++ {
		// The dice a real game rolls: auditable, 2 to 255 sides.
		d := dice.NewAuditable([]byte(fmt.Sprintf("seed-%d", g)), "walk", 0)
		choose := dice.NewFast(uint64(g + 1000))
		st, _, err := NewRules().New([]byte(setups[g%len(setups)]), d)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < steps && st.Outcome() == nil; n++ {
			p := st.Pending()
			checkRoles(t, p, fmt.Sprintf("game %d step %d", g, n))
			var keys []string
			for _, o := range p.Options {
				if o.Key != "end" && o.Key != "lost" && o.Key != backKey {
					keys = append(keys, o.Key)
				}
			}
			if len(keys) == 0 {
				keys = []string{p.Options[0].Key}
			}
			k, _ := choose.Roll(len(keys))
			next, _, err := st.Apply(engine.Choice{Token: p.Token, Key: keys[k-1]}, d)
			if err != nil {
				t.Fatalf("game %d step %d: %s refused %q: %v", g, n, p.Kind, keys[k-1], err)
			}
			st = next
			if n%25 == 0 {
				for _, v := range st.Views() {
					if _, err := st.View(v); err != nil {
						t.Fatalf("game %d step %d: view %s: %v", g, n, v, err)
					}
				}
			}
		}
	}
}
