package tonnagewar

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
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

// An attack card with no contact in effect offered only "Discard it
// face-down", without a word why: the discard now says what it lacks, with
// the rule case (7.2.3), and keeps a short button label.
func TestAttackCardWithoutAContactSaysWhyItCanOnlyBeDiscarded(t *testing.T) {
	tb := newTable(t)
	beam := tb.card(UBoats, Attack, "Beam")
	tb.hand(UBoats, []int{beam}, []int{tb.unit(UBoats, UBoat, "R")})
	tb.play(nil, c(beam))
	p := tb.s.Pending()
	if len(p.Options) != 2 || p.Options[0].Key != "discard" {
		t.Fatalf("options %+v", p.Options)
	}
	d := p.Options[0]
	if !strings.Contains(d.Label, "(no target: no contact in effect") || !strings.Contains(d.Label, "7.2.3") || d.Short != "Discard it face-down" {
		t.Fatalf("the discard does not say why: %+v", d)
	}
}

// Whenever a card's only play is its discard, the discard says why and
// names a rule case, whatever the card; a card with a play keeps the plain
// discard.
func TestEveryDiscardOnlyCardSaysWhy(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s, _ := newMatch(t, `{"a":"Prien","b":"Walker"}`, dice.NewFast(seed))
		d, pick := dice.NewFast(seed+100), dice.NewFast(seed+200)
		seen := 0
		for n := 0; n < 3000 && !s.Done; n++ {
			p := s.Pending()
			if p.Kind == "tonnagewar.use" {
				plays := 0
				for _, o := range p.Options {
					if o.Key != "discard" && o.Key != "back" {
						plays++
					}
				}
				l := p.Options[0].Label
				why := strings.Contains(l, "(no target: ") && (strings.Contains(l, "(7") || strings.Contains(l, "(14"))
				if plays == 0 && !why || plays > 0 && p.Options[0].Label != "Discard it face-down" {
					t.Fatalf("seed %d, %s: %+v", seed, p.Text, p.Options)
				}
				if plays == 0 {
					seen++
				}
			}
			k, _ := pick.Roll(len(p.Options))
			next, _, err := s.Apply(engine.Choice{Token: p.Token, Key: p.Options[k-1].Key}, d)
			if err != nil {
				t.Fatal(err)
			}
			s = next.(*State)
		}
		if seen == 0 {
			t.Fatalf("seed %d: no card without a play was met", seed)
		}
	}
}

// A player's hand came as one event of some 500 characters: it is a list,
// its count first, a line a tactical card, and the OOB cards by kind.
func TestTheHandDealtIsAList(t *testing.T) {
	s, evs := newMatch(t, `{"a":"Prien","b":"Walker"}`, dice.NewFast(4))
	var mine []string
	for _, e := range evs {
		if e.Seat == "a" {
			mine = append(mine, e.Text)
		}
	}
	if len(mine) != 1+handTactical+1 || mine[0] != "Your hand for round 1: 13 tactical cards and 10 OOB cards." {
		t.Fatalf("seat a was told %d lines: %q", len(mine), mine)
	}
	for i, id := range s.Hands[UBoats].TacHand {
		if want := "- " + s.card(id).Name(); mine[1+i] != want {
			t.Errorf("line %d: %q, want %q", 1+i, mine[1+i], want)
		}
	}
	oob := mine[len(mine)-1]
	if !strings.HasPrefix(oob, "- OOB: ") || !strings.Contains(oob, " ×") {
		t.Errorf("the OOB cards: %q", oob)
	}
	for _, l := range mine {
		if len(l) > 120 {
			t.Errorf("a line of %d characters: %q", len(l), l)
		}
	}
	v, err := s.ViewFor("a", "hand")
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range v.Sections {
		if sec.Title == "OOB hand" && (len(sec.Lines) < 2 || strings.Contains(strings.Join(sec.Lines, "\n"), ", ")) {
			t.Errorf("the hand view's OOB cards are not a list: %q", sec.Lines)
		}
	}
}
