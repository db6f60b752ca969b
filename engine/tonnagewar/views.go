package tonnagewar

import (
	"fmt"
	"slices"
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
		{Name: engine.HelpView, Help: "How to play: a turn, what each card does, how the match is won"},
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
		return s.helpView(), nil
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
		engine.Section{Title: "OOB hand", Lines: s.unitCounts(h.OOBHand)})
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

// unitCounts are units as their owner sees them, each kind once with how
// many of it ("U-boat (Regular) ×3"), U-boats by crew then blanks (the
// catalog's order): a hand of ten on one line was hard to read.
func (s *State) unitCounts(ids []int) []string {
	names := s.ownNames(slices.Sorted(slices.Values(ids)))
	count := map[string]int{}
	var order []string
	for _, n := range names {
		if count[n] == 0 {
			order = append(order, n)
		}
		count[n]++
	}
	for i, n := range order {
		if count[n] > 1 {
			order[i] = fmt.Sprintf("%s ×%d", n, count[n])
		}
	}
	return order
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

// helpView is how to play, from the rulebook's cases. It is public (the
// channel sees it): it says whose move it is and nothing of any hand.
func (s *State) helpView() *engine.View {
	v := &engine.View{Title: "Help: Tonnage War"}
	now := "The match is over: `score` has the result (12)."
	if !s.Done {
		now = fmt.Sprintf("Now: game %d of 2, round %d of %d, turn %d; %s (%s) to move.", s.Game, s.Round, rounds, s.Turn+1, s.Names[s.seatOf(s.Stage.Side)], s.Stage.Side)
	}
	v.Sections = append(v.Sections, engine.Section{Lines: []string{now}})
	v.Sections = append(v.Sections, engine.Section{Title: "How to play", Lines: []string{
		"One player sails the U-boats against a convoy, the other its escorts; after a game of 4 rounds the roles swap for the second (1, 4, 12).",
		fmt.Sprintf("Each round deals each side %d tactical cards and %d OOB cards: units (U-boats, air and surface escorts) and blanks, which bluff (3, 4).", handTactical, handOOB),
		"The U-boat player moves first; the turns alternate. A turn plays or discards one tactical card (5, 7.1): pick the card, then what it does.",
		"A played card goes face-up; the units it brings go face-down, so the other player sees how many, not which (7.2, 7.3).",
		"A card with nothing to act on now can only be discarded face-down: its prompt says why (7.2.1, 7.3.1).",
		"An attack waits for the other player's next turn: he answers it with a card or lets it resolve; then the dice roll (8.1, 8.4).",
		"Every roll is a die at or under a number (a d20; the convoy attack's die is a ruling, see `variants`): the U-boat's attack value to sink a ship (8.2), its evasion value to evade each escort (8.5.1), an escort's attack value to damage, half of it to sink (8.5).",
		"A round ends when both hands are played out, or when both players agree (option `end`: propose to end the round) (4).",
	}})
	v.Sections = append(v.Sections, engine.Section{Title: "The U-boat player's cards (2.1, 7.2)", Lines: []string{
		"Contact (♥): with a U-boat face-down, a contact on the convoy; it stays in effect from round to round (7.2.2, 7.4, 7.5). Special Contact works as a Contact here (13.1).",
		"U-boat Attack (♠): with a contact in effect, a U-boat or a blank face-down attacks the convoy, 1 to 4 rolls, each at or under the attack value sinks a ship (7.2.3, 8.2); or the contact's own U-boat attacks and the contact ends (14.4). Against an escort attack or HF/DF on your U-boat: one shot at an escort (7.2.6, 8.3).",
		"Evade (♣): answers an escort attack, HF/DF or air patrol on your U-boat; its number is added to your evasion (7.2.4, 8.5).",
		"Flak (♦ 2-6): answers an air patrol on your U-boat; fires at one aircraft as it attacks (7.2.5, 8.1.4).",
		"B-dienst (♦ 7-A): answers an evasive routing; the contact holds (7.2.7).",
	}})
	v.Sections = append(v.Sections, engine.Section{Title: "The escort player's cards (2.2, 7.3)", Lines: []string{
		"Evasive Routing (♥): on a contact; unless a B-dienst answers, the contact ends and its U-boat goes back to the hand (7.3.4, 7.4.1).",
		"Escort Attack (♠): answers a U-boat attack on the convoy with 1 to 3 escorts or blanks face-down (7.3.6); or attacks again a U-boat your escorts just detected (7.3.7, 8.6).",
		"HF/DF (♣): on a contact, 1 to 3 surface escorts or blanks face-down hunt its U-boat (7.3.5); or again, as above (7.3.7).",
		"Air Patrol (♦): 1 to 3 air escorts or blanks face-down, on a contact (7.3.3) or on a card pulled at random from the U-boat OOB deck (7.3.2); again only after the U-boat fired flak (7.3.8).",
		"When a rescue ship is sunk (a 1 in a convoy attack), you designate a surface escort of your OOB hand as the new one; it neither detects nor attacks (14.3).",
	}})
	v.Sections = append(v.Sections, engine.Section{Title: "Winning (12)", Lines: []string{
		s.pointsLine(),
		"A player wins with more points as the U-boat player and more points over both games; anything else is a draw. `variants` names the rulings where the draft is unclear.",
		"Views: `hand` (your cards, for you alone), `table`, `score`, `variants`, `help`.",
	}})
	return v
}

// pointsLine is rule 12's scoring with the values and rulings in force.
func (s *State) pointsLine() string {
	damaged := "1 an escort damaged, "
	if s.ruling("escort_damage_scores") == "no" {
		damaged = "none for an escort damaged (escort_damage_scores=no), "
	}
	var boats []string
	for _, q := range []string{"N", "R", "A"} {
		v := s.rules.data.Units.UBoat[q]
		boats = append(boats, fmt.Sprintf("%s %d damaged, %d sunk", Unit{Type: UBoat, Quality: q}.Name(), v.DamagedPoints, v.SunkPoints))
	}
	return "U-boat player: 1 point a convoy ship sunk, " + damaged + "2 an escort destroyed. Escort player: " + strings.Join(boats, "; ") + "."
}
