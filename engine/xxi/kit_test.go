package xxi

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/enginetest"
	"github.com/kaleun/kaleun/engine/xxi/pictures"
)

func houseRules(t testing.TB) *Rules {
	t.Helper()
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The conformance kit, as cmd/kaleun runs it over every registered game,
// with the form's random answers and with physical draws.
func TestKit(t *testing.T) {
	enginetest.Run(t, Game(houseRules(t), nil), enginetest.Options{})
}

func TestKitPhysicalAndRulings(t *testing.T) {
	enginetest.Run(t, Game(houseRules(t), nil), enginetest.Options{Games: 3, Setups: []string{
		`{"draws":"physical"}`,
		`{"rulings":"A4=one_roll,A9=not_allowed,A10=mdt,A11=construction_too,A12=at_hub,A14=out,A15=2.4.5,A16=map_only,A5=stays_out,A6=straight_home,A7=after_dc_only,A8=together,A20=forbidden"}`,
	}})
}

// The rules version changes whenever games replay differently.
func TestRulesVersion(t *testing.T) {
	enginetest.CheckRulesVersion(t, houseRules(t), []string{`{}`, `{"draws":"physical"}`, `{"rulings":"A4=one_roll,A15=2.4.5"}`}, 5, 400)
}

// A whole house-pack game to the end of the Götterdämmerung track with
// seeded dice, by the built-in player, through Apply: it ends with a
// report, not a verdict.
func TestWholeGameToTheEndOfTheTrack(t *testing.T) {
	r := houseRules(t)
	d := dice.NewFast(42)
	st, _, err := r.New([]byte(`{}`), d)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; st.Outcome() == nil; n++ {
		if n > 20000 {
			t.Fatal("the game does not end")
		}
		s := st.(*State)
		p := st.Pending()
		next, _, err := st.Apply(engine.Choice{Token: p.Token, Key: BuiltIn(s)}, d)
		if err != nil {
			t.Fatalf("decision %d (%s): %v", n, p.Kind, err)
		}
		st = next
	}
	s := st.(*State)
	o := st.Outcome()
	if s.Stopped || s.Turn != s.pack.Tracks.Gotterdammerung.Months || o.Level != "report" {
		t.Fatalf("the game ended at turn %d (stopped %v), level %q: want the track's %d months and a report", s.Turn, s.Stopped, o.Level, s.pack.Tracks.Gotterdammerung.Months)
	}
	t.Log(o.Summary)
}

// The pictures draw the game's board: the state is pictures.Boarded.
func TestPicturesDrawTheBoard(t *testing.T) {
	il, err := pictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := houseRules(t).New([]byte(`{}`), dice.NewFast(3))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := il.Illustrate(st, "board", nil)
	if err != nil || len(ps) != 2 {
		t.Fatalf("the board: %d pictures, %v", len(ps), err)
	}
}

// What cmd/kaleun registers loads: the house pack and the pictures.
func TestRegisteredLoads(t *testing.T) {
	g := Registered()
	if g.Illustrator == nil || g.Packs == nil || g.Simulator == nil {
		t.Fatalf("the registered descriptor lacks a part: %+v", g)
	}
	if _, err := engine.NewRegistry(g); err != nil {
		t.Fatal(err)
	}
}

// Issue 30 item 3: a whole physical game, the owner telling each draw:
// no 4.0 roll is ever made, and the game reaches the track's end as in
// kaleun's cup.
func TestWholePhysicalGame(t *testing.T) {
	r := houseRules(t)
	d := dice.NewFast(9)
	st, _, err := r.New([]byte(`{"draws":"physical"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	draws := 0
	for n := 0; st.Outcome() == nil; n++ {
		if n > 20000 {
			t.Fatal("the game does not end")
		}
		p := st.Pending()
		if p.Kind == "xxi.draw" {
			draws++
		}
		next, evs, err := st.Apply(engine.Choice{Token: p.Token, Key: BuiltIn(st.(*State))}, d)
		if err != nil {
			t.Fatalf("decision %d (%s): %v", n, p.Kind, err)
		}
		for _, e := range evs {
			if e.Roll != nil && e.Roll.Case == "4.0" {
				t.Fatalf("a physical game rolled a draw: %s", e)
			}
		}
		st = next
	}
	if s := st.(*State); s.Turn != s.track().Months || draws < s.track().Months*2 {
		t.Fatalf("turn %d, %d draws told", s.Turn, draws)
	}
}
