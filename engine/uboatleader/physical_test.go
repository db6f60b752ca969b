package uboatleader_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/uboatleader"
	"github.com/kaleun/kaleun/engine/uboatleader/ubltest"
	"github.com/kaleun/kaleun/internal/testsize"
)

// playPhysical plays a campaign in physical mode through the public engine
// API: a ubltest.Player draws from decks printed as the house pack's cards
// and enters each new one field by field (clumsily: wrong values taken back,
// a part entered again), the built-in player takes every other decision. It
// returns the keys pressed, the events and the end state.
func playPhysical(t *testing.T, setup string, seed uint64) ([]string, []engine.Event, *uboatleader.State, *ubltest.Player) {
	t.Helper()
	r, err := uboatleader.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	house, err := uboatleader.LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	pl := ubltest.New(house, seed)
	pl.Clumsy = true
	d := dice.NewFast(seed)
	st, ev, err := r.New([]byte(setup), d)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	all := ev
	for n := 0; st.Outcome() == nil; n++ {
		if n > 40000 {
			t.Fatal("the campaign does not end")
		}
		p := st.Pending()
		s := st.(*uboatleader.State)
		key := uboatleader.BuiltIn(s)
		if ubltest.IsCardPrompt(p) {
			if key, err = pl.Answer(s, p); err != nil {
				t.Fatalf("decision %d: %v", n, err)
			}
		}
		if len(p.Options) > 25 {
			t.Fatalf("%s: %d options", p.Kind, len(p.Options))
		}
		next, ev, err := st.Apply(engine.Choice{Token: p.Token, Key: key}, d)
		if err != nil {
			t.Fatalf("decision %d, %s %q: %v\n%s", n, p.Kind, key, err, p.Text)
		}
		keys = append(keys, key)
		all = append(all, ev...)
		st = next
	}
	return keys, all, st.(*uboatleader.State), pl
}

// A whole campaign with the player's own cards (physical components): every
// card it drew is in the game's catalogue exactly as printed (the house
// pack's values stand for the printed card), the draws rolled no shuffle,
// and the same choices with the same dice replay to the same events.
func TestPhysicalCampaignEntersEveryCardAsPrinted(t *testing.T) {
	testsize.FullOnly(t) // one whole medium campaign, needed to press every key
	const setup = `{"campaign":"turning-tide","length":"medium","draws":"physical"}`
	keys, events, s, pl := playPhysical(t, setup, 11)
	for _, k := range []string{"new", "known", "slip", "back", "fix", "yes"} {
		if pl.Did[k] == 0 {
			t.Errorf("the player never pressed %q: %v", k, pl.Did)
		}
	}
	house, _ := uboatleader.LoadHousePack()
	b, _ := json.Marshal(s)
	var saved struct {
		Seen uboatleader.Seen `json:"seen"`
	}
	if err := json.Unmarshal(b, &saved); err != nil {
		t.Fatal(err)
	}
	entered := 0
	for deck, cards := range saved.Seen.Ships {
		for _, c := range cards {
			entered++
			want := *house.Ship(deck, c.Number)
			want.Name, want.Type, want.Tons = c.Name, "", 0
			if !reflect.DeepEqual(c, want) {
				t.Errorf("%s #%d entered as %+v, printed %+v", deck, c.Number, c, want)
			}
		}
	}
	for _, c := range saved.Seen.Convoys {
		entered++
		var want uboatleader.ConvoyCard
		for _, x := range house.Convoys {
			if x.Number == c.Number {
				want = x
			}
		}
		want.Name, want.Text = c.Name, ""
		if !reflect.DeepEqual(c, want) {
			t.Errorf("Convoy #%d entered as %+v, printed %+v", c.Number, c, want)
		}
	}
	for _, e := range saved.Seen.Events {
		entered++
		if len(e.Halves) != 1 || e.Halves[0].From != 1942 {
			t.Errorf("Event #%d entered for %+v", e.Number, e.Halves)
		}
	}
	if entered < 20 || len(saved.Seen.Events) == 0 || len(saved.Seen.Convoys) == 0 {
		t.Fatalf("only %d cards entered (%d events, %d convoys)", entered, len(saved.Seen.Events), len(saved.Seen.Convoys))
	}
	for _, e := range events {
		if e.Roll != nil && strings.HasPrefix(e.Roll.Purpose, "Shuffle") {
			t.Fatalf("a physical game shuffles the pack's decks: %s", e.Text)
		}
	}
	// The replay: the same keys and dice make the same events.
	r, _ := uboatleader.NewRules()
	d := dice.NewFast(11)
	st, again, err := r.New([]byte(setup), d)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		next, ev, err := st.Apply(engine.Choice{Key: k}, d)
		if err != nil {
			t.Fatalf("replay %d %q: %v", i, k, err)
		}
		again = append(again, ev...)
		st = next
	}
	if !reflect.DeepEqual(again, events) {
		t.Fatal("the replay differs")
	}
	if st.Outcome() == nil {
		t.Fatal("the replay does not end")
	}
}
