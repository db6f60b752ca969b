package pictures_test

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/xxi"
	"github.com/kaleun/kaleun/engine/xxi/pictures"
)

// Issue 17's bound on a channel, at most a picture every four
// interactions, held over whole games as chat plays them (the pictures
// Changed posts after each decision, the set-up's with the game's
// start): the built-in player, who moves, builds and fights, and a player
// who takes the routine or first safe choice, as the every-game test's
// does, whose months are four decisions. Decisions are fewer than a
// chat's interactions (the Start), so the figure here is the stricter.
func TestPicturesComeAtMostOnceEveryFourDecisionsOverWholeGames(t *testing.T) {
	r, err := xxi.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	routine := func(st engine.State) string {
		p := engine.PendingAll(st)[0]
		if k, ok := engine.RoutineChoice(st, p.Token); ok && p.HasOption(k) {
			return k
		}
		for _, o := range p.Options {
			if o.Safe {
				return o.Key
			}
		}
		for _, o := range p.Options {
			if o.Risk == "" {
				return o.Key
			}
		}
		return p.Options[0].Key
	}
	builtIn := func(st engine.State) string { return xxi.BuiltIn(st.(*xxi.State)) }
	count := func(ch pictures.Changes) (maps, tracks int) {
		if ch.Map {
			maps++
		}
		if ch.Tracks {
			tracks++
		}
		return
	}
	for _, c := range []struct {
		name   string
		choose func(engine.State) string
	}{{"built-in", builtIn}, {"routine", routine}} {
		for seed := uint64(1); seed <= 4; seed++ {
			d := dice.NewFast(seed)
			st, events, err := r.New([]byte(`{"draws":"cup","pack":"house"}`), d)
			if err != nil {
				t.Fatal(err)
			}
			maps, tracks := count(pictures.Changed(events, st.(pictures.Boarded).Board()))
			decisions := 0
			for st.Outcome() == nil {
				if decisions > 20000 {
					t.Fatal("never ends")
				}
				p := engine.PendingAll(st)[0]
				if st, events, err = st.Apply(engine.Choice{Token: p.Token, Key: c.choose(st)}, d); err != nil {
					t.Fatal(err)
				}
				decisions++
				m, k := count(pictures.Changed(events, st.(pictures.Boarded).Board()))
				maps, tracks = maps+m, tracks+k
			}
			per := float64(maps+tracks) / float64(decisions)
			t.Logf("%s, seed %d: %d decisions, %d maps and %d tracks: %.2f a decision", c.name, seed, decisions, maps, tracks, per)
			if c.name == "built-in" && maps < 12 {
				t.Errorf("%s, seed %d: %d maps: a month whose Movement Phase moved a counter ends with the map", c.name, seed, maps)
			}
			if per > 0.25 {
				t.Errorf("%s, seed %d: %.2f pictures a decision (at most 0.25, issue 17)", c.name, seed, per)
			}
		}
	}
}
