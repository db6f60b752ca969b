package uboot

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// counted are dice that remember their faces, so a test can hold every
// die drawn to the roll events.
type counted struct {
	script
	got []int
}

func (c *counted) Roll(sides int) (int, error) {
	f, err := c.script.Roll(sides)
	c.got = append(c.got, f)
	return f, err
}

// A session as the "done when" tells it, on the board alone:
// orders, two watch changes, a fire, a breach, a meal at 22:00 and a KIA.
// Every die drawn is in a roll event, in order; the same entries with the
// same dice replay to the same board.
func TestSessionOrdersWatchesFireBreachMealKIA(t *testing.T) {
	keys := []string{
		"mob", "m:E1", "to:5", "stop", "m:E2", "to:4", "to:5", "stop", "end", // §6.4
		"order", "o:speed", "+E1", "+E2", "go", // §7.5.1: 2 engines in 5, surfaced
		"app", "attack", "s:1", // §6.12: C1 and C2 wounded
		"app", "attack", "s:1", // their second wounds: both KIA (§6.10)
		"app", "env", "fire", "s:4", // §10.3.4
		"watch", "r:1", "r:1", // §6.8; C1's and C2's watch-2 sailors come back into 1 (§6.10)
		"app", "breach", "s:2", // §10.3.7
		"mob", "m:E3", "to:2", "stop", "m:F1", "to:2", "stop", "end",
		"order", "o:repair", "breach:2", "k:-", "+C3", "+F3", "+F4", "+E3", "+F1", "go",
		"app", "sealed:2",
		"order", "o:meal", "c:N2", "keep", "t:1", "go", // §9.4.1
		"app", "eat", // §9.4.2 at 22:00
		"watch", // the second watch change
	}
	play := func() (*State, [][]engine.Event, []int) {
		d := &counted{}
		st, evs, err := NewRules().New([]byte(`{"captain":"medium"}`), d)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		all := [][]engine.Event{evs}
		for _, k := range keys {
			s, evs = enter(t, s, d, k)
			all = append(all, evs)
		}
		return s, all, d.got
	}
	s, all, faces := play()
	var logged []int
	for _, evs := range all {
		for _, e := range evs {
			if e.Roll != nil {
				logged = append(logged, e.Roll.Faces...)
			}
		}
	}
	if !slices.Equal(faces, logged) {
		t.Fatalf("every die drawn is in a roll event: drew %d, logged %d", len(faces), len(logged))
	}
	if s.Watch != 1 || s.Order != 0 {
		t.Errorf("two watch changes: watch %d on duty, Order Track on %s", s.Watch, orderSpaces[s.Order])
	}
	c1 := figIndex("C1")
	if !s.Sailors[0][c1].KIA || s.Figures[c1].Sec != 0 {
		t.Errorf("C1 (watch 1) is KIA, and his figure is off the model when watch 1 returns")
	}
	if s.Sections[2].Breach || s.Sections[2].Flooded || s.Sections[4].Env["fire"] != 1 {
		t.Errorf("the breach sealed, the fire still burning: %+v %+v", s.Sections[2], s.Sections[4])
	}
	if len(s.Today) != 0 || len(s.FoodDiscard) != 1 {
		t.Errorf("the day's meal eaten and discarded: %v %v", s.Today, s.FoodDiscard)
	}
	// Morale (§7.3): XI, −2 −2 for the two KIA to VII (deck-1 cards at X
	// and VIII: no effect, and one for a sailor off the model), −1 for the
	// fire VI (deck 2: a sailor off the model), −1 for the breach V, −1 for
	// a one-token meal IV (deck 2: Quarrel, −1) III.
	if moraleSpaces[s.Morale] != "III" {
		for _, l := range s.Log {
			t.Log(l)
		}
		t.Errorf("morale %s, want III", moraleSpaces[s.Morale])
	}
	again, _, _ := play()
	a, _ := json.Marshal(s)
	b, _ := json.Marshal(again)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("the same entries and dice replay to another board")
	}
}
