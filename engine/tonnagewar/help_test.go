package tonnagewar

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/dice"
)

// The help view says how to play and what every kind of card does, with
// its rule case, and names nothing of either hand: the channel sees it.
func TestHelpViewCoversEveryCardAndHidesTheHands(t *testing.T) {
	s, _ := newMatch(t, `{"a":"Prien","b":"Walker"}`, dice.NewFast(3))
	if !contains(s.Views(), "help") {
		t.Fatalf("views %v lack help", s.Views())
	}
	v, err := s.View("help")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, sec := range v.Sections {
		b.WriteString(sec.Title + "\n" + strings.Join(sec.Lines, "\n") + "\n")
	}
	text := b.String()
	for _, want := range []string{"Contact (♥)", "(7.2.2", "U-boat Attack (♠)", "(7.2.3", "Evade (♣)", "(7.2.4", "Flak (♦ 2-6)", "(7.2.5", "B-dienst (♦ 7-A)", "(7.2.7)",
		"Evasive Routing (♥)", "(7.3.4", "Escort Attack (♠)", "(7.3.6)", "HF/DF (♣)", "(7.3.5)", "Air Patrol (♦)", "(7.3.2)", "(14.3)",
		"Now: game 1 of 2, round 1 of 4, turn 1; Prien (U-boat player) to move.", "U-boat (Ace) 2 damaged, 4 sunk", "(4)"} {
		if !strings.Contains(text, want) {
			t.Errorf("help lacks %q:\n%s", want, text)
		}
	}
	for _, seat := range Seats {
		for _, name := range s.HandCardNames(seat) {
			if strings.Contains(text, name) {
				t.Errorf("help names %s's card %s", seat, name)
			}
		}
	}
	if len(text) > 3800 {
		t.Errorf("help is %d characters: bot.viewMessage cuts a view at 3,800", len(text))
	}
}
