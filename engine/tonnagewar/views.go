package tonnagewar

import (
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Views: the public table everyone sees, each player's own hand, the score
// and the rulings in force. Nothing public names a face-down card.

// Views implements engine.State.
func (s *State) Views() []string { return []string{"table", "score", "variants", "help"} }

// PinnedView implements engine.Pinned: the table stays posted in the
// channel, edited after each move.
func (s *State) PinnedView() string { return "table" }

// ViewSpecs implements engine.ViewCatalog.
func (r *Rules) ViewSpecs() []engine.ViewSpec {
	return []engine.ViewSpec{
		{Name: "hand", Help: "Your cards, for your eyes only"},
		{Name: "table", Help: "The table: contacts, engagements, counts of cards, ships sunk"},
		{Name: "score", Help: "The score of the game and of the match (12)"},
		{Name: "variants", Help: "The rulings in force and the house values"},
		{Name: "log", Help: "The public log: the last rolls, with their targets and modifiers"},
		{Name: engine.HelpView, Help: "What to do now, and where the rules are"},
	}
}

// View implements engine.State: the public views.
func (s *State) View(name string) (*engine.View, error) {
	switch name {
	case "table":
		return s.table(), nil
	case "score":
		return s.scoreView(), nil
	case "variants":
		return s.variants(), nil
	case engine.HelpView:
		// A private prompt's options are its seat's cards: help, a
		// public view, names only whose decision it is.
		p := s.Pending()
		if p != nil && p.Private {
			p = &engine.Prompt{Seat: p.Seat, Case: p.Case, Text: p.Seat + " decides, from his own cards (`hand`)."}
		}
		return engine.HelpViewOf([]*engine.Prompt{p},
			"Tonnage War's rulebook, by its numbered rules: every roll names its rule case.",
			"`variants` lists the rulings in force and the house values."), nil
	}
	return nil, fmt.Errorf("no view %q (one of: table, score, variants, help; and hand, for your own cards)", name)
}

// PrivateView implements engine.PrivateViews: a player's hand.
func (s *State) PrivateView() string { return "hand" }

// GameCommands implements engine.CommandCatalog: rule 4's proposal to end
// the round, as a command besides its option.
func (r *Rules) GameCommands() []engine.GameCommand {
	return []engine.GameCommand{{Name: "endround", Help: "Propose to end the round now (4; the other player agrees or not)", Option: "end",
		NotNow: "You may propose to end the round only on your turn, before you choose your card (4)."}}
}

// ViewFor implements engine.PrivateViews: "hand" is the seat's own cards.
func (s *State) ViewFor(seat, name string) (*engine.View, error) {
	if name != "hand" {
		return s.View(name)
	}
	side := UBoats
	if Seats[s.seatOf(UBoats)] != seat {
		side = Escorts
	}
	if seat != Seats[0] && seat != Seats[1] {
		return nil, fmt.Errorf("seat %q plays no part in this match", seat)
	}
	h := &s.Hands[side]
	v := &engine.View{Title: fmt.Sprintf("Your hand, %s (%s, game %d round %d)", s.Names[s.seatOf(side)], side, s.Game, s.Round)}
	v.Sections = append(v.Sections,
		engine.Section{Title: "Tactical cards", Lines: lines(s.cardNames(h.TacHand))},
		engine.Section{Title: "OOB hand", Lines: []string{strings.Join(s.ownNames(h.OOBHand), ", ")}})
	var mine []string
	if side == UBoats {
		for i, c := range s.Contacts {
			mine = append(mine, fmt.Sprintf("Contact %d: %s", i+1, s.unit(c.Boat).Name()))
		}
		if e := s.Open; e != nil && e.Kind == "uboat_attack" {
			mine = append(mine, "Attacking the convoy: "+s.unit(e.Group[0]).Name())
		}
	} else {
		if e := s.Open; e != nil && e.By == Escorts {
			mine = append(mine, "Face-down with "+s.card(e.Card).Name()+": "+s.unitNames(e.Group))
		}
		if id := s.designatedRescue(); id >= 0 {
			mine = append(mine, "Rescue ship: "+s.unit(id).Name())
		}
	}
	if len(mine) > 0 {
		v.Sections = append(v.Sections, engine.Section{Title: "Your face-down cards", Lines: mine})
	}
	return v, nil
}

func lines(s string) []string { return strings.Split(s, "; ") }

// ownNames are units as their owner sees them, an escort that has spent
// its depth charges marked (8.5.4).
func (s *State) ownNames(ids []int) []string {
	if len(ids) == 0 {
		return []string{"none"}
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, s.ownName(id))
	}
	return out
}

func (s *State) ownName(id int) string {
	if s.Units[id].Depleted {
		return s.unit(id).Name() + ", depth charges spent (8.5.4)"
	}
	return s.unit(id).Name()
}

// table is what both players see (13 of the digest's bot notes).
func (s *State) table() *engine.View {
	v := &engine.View{Title: fmt.Sprintf("Tonnage War: game %d, round %d, turn %d of 26", s.Game, s.Round, s.Turn+1)}
	var f []engine.Field
	for side := UBoats; side <= Escorts; side++ {
		h := &s.Hands[side]
		f = append(f, engine.Field{Name: fmt.Sprintf("%s (%s)", s.Names[s.seatOf(side)], side),
			Value: fmt.Sprintf("%d tactical in hand, %d in deck, %d played; OOB %d in hand, %d in deck", len(h.TacHand), len(h.TacDeck), len(h.TacDiscards), len(h.OOBHand), len(h.OOBDeck))})
	}
	if !s.Done {
		f = append(f, engine.Field{Name: "To move", Value: fmt.Sprintf("%s (%s)", s.Names[s.seatOf(s.Stage.Side)], s.Stage.Side)})
	}
	f = append(f, engine.Field{Name: "Convoy ships sunk", Value: fmt.Sprint(s.ConvoySunk)},
		engine.Field{Name: "Score this game", Value: fmt.Sprintf("U-boats %d, escorts %d", s.score(UBoats), s.score(Escorts))})
	if s.Game == 2 {
		f = append(f, engine.Field{Name: "Game 1", Value: fmt.Sprintf("%s %d, %s %d", s.Names[0], s.Results[0][0], s.Names[1], s.Results[0][1])})
	}
	v.Sections = append(v.Sections, engine.Section{Fields: f})
	var inPlay []string
	for i, c := range s.Contacts {
		inPlay = append(inPlay, fmt.Sprintf("Contact %d: %s with 1 face-down card", i+1, s.card(c.Card).Name()))
	}
	if e := s.Open; e != nil {
		inPlay = append(inPlay, "Open: "+s.engagementText(e))
	}
	if h := s.Held; h != nil {
		inPlay = append(inPlay, fmt.Sprintf("Held: a detected U-boat and %d escort card(s), open to a continuation attack", len(h.Group)))
	}
	if len(inPlay) > 0 {
		v.Sections = append(v.Sections, engine.Section{Title: "In play", Lines: inPlay})
	}
	var out []string
	for _, id := range s.OutOfPlay {
		u := s.unit(id)
		state := "out of play"
		if s.Units[id].Sunk {
			state = "sunk"
		} else if s.Units[id].Damage > 0 {
			state = "damaged"
		}
		out = append(out, fmt.Sprintf("%s: %s", u.Name(), state))
	}
	if len(out) > 0 {
		v.Sections = append(v.Sections, engine.Section{Title: "Revealed and out of play", Lines: out})
	}
	return v
}

func (s *State) scoreView() *engine.View {
	v := &engine.View{Title: "Score (12)"}
	f := []engine.Field{
		{Name: fmt.Sprintf("Game %d: %s (U-boats)", s.Game, s.Names[s.seatOf(UBoats)]), Value: fmt.Sprint(s.score(UBoats))},
		{Name: fmt.Sprintf("Game %d: %s (escorts)", s.Game, s.Names[s.seatOf(Escorts)]), Value: fmt.Sprint(s.score(Escorts))},
	}
	if s.Game == 2 || s.Done {
		for i := range Seats {
			f = append(f, engine.Field{Name: s.Names[i] + " in game 1", Value: fmt.Sprint(s.Results[0][i])})
		}
	}
	v.Sections = []engine.Section{{Fields: f}}
	return v
}

func (s *State) variants() *engine.View {
	v := &engine.View{Title: "Rulings in force (the draft's ambiguities, named)"}
	var l []string
	for _, r := range rulings {
		l = append(l, fmt.Sprintf("%s = %s (%s): %s", r.Key, s.ruling(r.Key), r.Case, r.Settles))
	}
	l = append(l, fmt.Sprintf("House values (%s), %s", s.rules.data.Scenario.Name, s.house().describe()))
	v.Sections = []engine.Section{{Lines: l}}
	return v
}

// HandCardNames are the names of the tactical cards a seat holds (for leak
// checks: none of them may be shown to the other player).
func (s *State) HandCardNames(seat string) []string {
	side := UBoats
	if Seats[s.seatOf(UBoats)] != seat {
		side = Escorts
	}
	var out []string
	for _, id := range s.Hands[side].TacHand {
		out = append(out, s.card(id).Name())
	}
	return out
}
