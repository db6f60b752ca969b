package uboot

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// The board answers at once in a real-time game: these measure one entry
// on a busy board (every figure placed, hazards, cards under sailors) and
// the status view the chat edits after each.
func busyBoard(b *testing.B) *State {
	st, _, err := NewRules().New(nil, dice.NewFast(1))
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	s.Sections[5].Env = map[string]int{"fire": 1}
	s.Sections[3].Env = map[string]int{"lighting": 1}
	s.Sections[6].Tech = []TechCond{{Colour: "red"}, {Colour: "green"}}
	for i := range figureIDs {
		s.sailor(i).Slots = []string{"act"}
	}
	return s
}

func BenchmarkEntryOrderMenu(b *testing.B) {
	s := busyBoard(b)
	d := dice.NewFast(2)
	for b.Loop() {
		p := s.Pending()
		if _, _, err := s.Apply(engine.Choice{Token: p.Token, Key: "order"}, d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEntryFireWithCrewDamage(b *testing.B) {
	s := busyBoard(b)
	s, _ = enterB(b, s, "app", "env", "fire")
	d := dice.NewFast(3)
	for b.Loop() {
		p := s.Pending()
		if _, _, err := s.Apply(engine.Choice{Token: p.Token, Key: "s:4"}, d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStatusView(b *testing.B) {
	s := busyBoard(b)
	for b.Loop() {
		if _, err := s.View("status"); err != nil {
			b.Fatal(err)
		}
	}
}

func enterB(b *testing.B, s *State, keys ...string) (*State, []engine.Event) {
	var evs []engine.Event
	for _, k := range keys {
		p := s.Pending()
		next, e, err := s.Apply(engine.Choice{Token: p.Token, Key: k}, dice.NewFast(9))
		if err != nil {
			b.Fatal(err)
		}
		s, evs = next.(*State), e
	}
	return s, evs
}
