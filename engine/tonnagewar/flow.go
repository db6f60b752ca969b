package tonnagewar

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The flow of a match: games of four rounds (4), rounds of alternating
// single-card turns with the U-boat player first (5, 7.1), and within a turn
// the steps of one decision: answer an open engagement or not (TW-A35), pick
// a card, say what to do with it, pick the units that go face-down.

const (
	handTactical = 13 // 3, 4
	rounds       = 4  // 4
)

type runner struct {
	dice   engine.Dice
	events []engine.Event
}

type diceFailure struct{ err error }

// run executes fn with dice, collecting events; a dice failure comes back
// as the error with nothing else.
func (s *State) run(d engine.Dice, fn func()) (events []engine.Event, err error) {
	s.rn = &runner{dice: d}
	defer func() {
		if r := recover(); r != nil {
			df, ok := r.(diceFailure)
			if !ok {
				panic(r)
			}
			events, err = nil, df.err
		}
		s.rn = nil
	}()
	fn()
	return s.rn.events, nil
}

func (s *State) die(sides int) int {
	f, err := s.rn.dice.Roll(sides)
	if err != nil {
		panic(diceFailure{err})
	}
	return f
}

func (s *State) emit(e engine.Event) { s.rn.events = append(s.rn.events, e) }

// note is public; tell is for one side's player only until the match ends.
func (s *State) note(cas, format string, a ...any) {
	s.emit(engine.Event{Kind: engine.KindNote, Case: cas, Text: fmt.Sprintf(format, a...)})
}

func (s *State) tell(side Side, cas, format string, a ...any) {
	s.emit(engine.Event{Kind: engine.KindNote, Case: cas, Text: fmt.Sprintf(format, a...), Seat: Seats[s.seatOf(side)]})
}

// shuffle orders a deck with a Fisher-Yates draw; its dice stay hidden until
// the match ends (they would tell the deck's order).
func (s *State) shuffle(ids []int, what string) {
	if len(ids) < 2 {
		return
	}
	faces := make([]int, 0, len(ids)-1)
	for i := len(ids) - 1; i > 0; i-- {
		f := s.die(i + 1)
		faces = append(faces, f)
		ids[i], ids[f-1] = ids[f-1], ids[i]
	}
	s.emit(engine.Event{Kind: engine.KindRoll, Case: "3", Hidden: true, Text: "Shuffle: " + what,
		Roll: &engine.Roll{Case: "3", Purpose: "Shuffle " + what, Dice: "shuffle" + strconv.Itoa(len(ids)), Faces: faces, Result: "shuffled"}})
}

// startGame deals a game: game 1 with seat a on the U-boats, game 2 with the
// roles swapped (12).
func (s *State) startGame(game int) {
	s.Game, s.UBoatSeat = game, game-1
	s.Units = make([]UnitState, len(s.cat.units))
	s.OutOfPlay, s.Contacts, s.Open, s.Held, s.ConvoySunk, s.Rescues, s.Round = nil, nil, nil, nil, 0, 0, 0
	for side := UBoats; side <= Escorts; side++ {
		h := &s.Hands[side]
		*h = Hand{TacDeck: s.cat.tacticalDeck(side), OOBDeck: s.cat.oobDeck(side)}
		s.shuffle(h.TacDeck, fmt.Sprintf("the %s's tactical deck", side))
	}
	s.note("12", "Game %d: %s sails the U-boats, %s the escorts.", game, s.Names[s.UBoatSeat], s.Names[1-s.UBoatSeat])
	s.startRound()
}

// startRound deals 13 tactical cards and a fresh OOB hand of 10 to each
// side (4; TW-A15: the old OOB hand goes back into the deck, which is
// shuffled; contacts and their U-boats stay in play, 7.5).
func (s *State) startRound() {
	s.Round++
	s.Turn = 0
	s.Proposal = nil
	for side := UBoats; side <= Escorts; side++ {
		h := &s.Hands[side]
		n := min(handTactical, len(h.TacDeck))
		h.TacHand, h.TacDeck = append([]int(nil), h.TacDeck[:n]...), h.TacDeck[n:]
		h.OOBDeck = append(h.OOBDeck, h.OOBHand...)
		h.OOBHand = nil
		s.shuffle(h.OOBDeck, fmt.Sprintf("the %s's OOB deck", side))
		n = min(handOOB, len(h.OOBDeck))
		h.OOBHand, h.OOBDeck = append([]int(nil), h.OOBDeck[:n]...), h.OOBDeck[n:]
		// A list, a line a card: the hand on one line ran to 500
		// characters (issue 28, Tonnage War set-up).
		s.tell(side, "3", "Your hand for round %d: %d tactical cards and %d OOB cards.", s.Round, len(h.TacHand), len(h.OOBHand))
		for _, id := range h.TacHand {
			s.tell(side, "3", "- %s", s.card(id).Name())
		}
		s.tell(side, "3", "- OOB: %s", strings.Join(s.unitCounts(h.OOBHand), ", "))
	}
	s.note("4", "Round %d of game %d: each side holds 13 tactical cards and %d OOB cards; the U-boat player moves first (7.1).", s.Round, s.Game, len(s.Hands[UBoats].OOBHand))
	s.Mover = UBoats
	s.beginTurn()
}

// beginTurn opens the mover's turn: first his answer to an engagement
// opened against him, if one is.
func (s *State) beginTurn() {
	side := s.Mover
	if s.Open != nil && s.Open.By != side {
		s.Stage = Stage{Side: side, Step: "respond"}
	} else {
		s.Stage = Stage{Side: side, Step: "card"}
	}
	if side == Escorts && s.rescueNeeded() {
		s.askRescue() // 14.3, TW-A25: as soon as he has a surface escort
	}
}

// endTurn passes the move; the escort player's held U-boat goes back once
// his turn passes without a continuation (10.2, TW-A11).
func (s *State) endTurn() {
	if s.Mover == Escorts && s.Held != nil {
		s.releaseHeld()
	}
	s.Turn++
	s.Mover = s.Mover.Other()
	if len(s.Hands[UBoats].TacHand) == 0 && len(s.Hands[Escorts].TacHand) == 0 {
		s.endRound()
		return
	}
	if len(s.Hands[s.Mover].TacHand) == 0 {
		s.Mover = s.Mover.Other()
	}
	s.beginTurn()
}

// endRound closes a round (4): an engagement nobody can answer any more
// resolves as unanswered (TW-A16); after the fourth round the game ends.
func (s *State) endRound() {
	if s.Open != nil {
		e := s.Open
		s.Open = nil
		s.note("4", "The round ends with an engagement open: it resolves unanswered (TW-A16).")
		s.resolve(e, response{})
	}
	if s.Held != nil {
		s.releaseHeld()
	}
	for side := UBoats; side <= Escorts; side++ {
		h := &s.Hands[side]
		h.TacDiscards = append(h.TacDiscards, h.TacHand...)
		h.TacHand = nil
	}
	if s.Round < rounds {
		s.startRound()
		return
	}
	s.endGame()
}

// endGame scores the game; after the second, the match is over (12).
func (s *State) endGame() {
	us, es := s.score(UBoats), s.score(Escorts)
	s.Results[s.Game-1][s.seatOf(UBoats)] = us
	s.Results[s.Game-1][s.seatOf(Escorts)] = es
	st := GameStats{UBoatScore: us, EscortScore: es, ShipsSunk: s.ConvoySunk}
	for id, u := range s.Units {
		if s.unit(id).Type == UBoat && u.Sunk {
			st.UBoatsLost++
		}
	}
	s.Stats[s.Game-1] = st
	s.note("12", "Game %d is over: %s (U-boats) %d points, %s (escorts) %d.", s.Game, s.Names[s.seatOf(UBoats)], us, s.Names[s.seatOf(Escorts)], es)
	if s.Game == 1 {
		s.startGame(2)
		return
	}
	s.Done = true
	s.Stage = Stage{}
	o := s.Outcome()
	s.emit(engine.Event{Kind: engine.KindEnd, Case: "12", Text: o.Summary})
}

// Apply implements engine.State.
func (s *State) Apply(c engine.Choice, d engine.Dice) (engine.State, []engine.Event, error) {
	if s.Done {
		return nil, nil, engine.ErrGameOver
	}
	if c.Token != "" && c.Token != strconv.Itoa(s.Decision) {
		return nil, nil, fmt.Errorf("%w: prompt %s was answered already (pending prompt is %d)", engine.ErrStaleToken, c.Token, s.Decision)
	}
	label, ok := s.optionLabel(c.Key)
	if !ok {
		return nil, nil, fmt.Errorf("%w: %q is not an option here", engine.ErrIllegalChoice, c.Key)
	}
	next := s.clone()
	events, err := next.step(c.Key, label, d)
	if err != nil {
		return nil, nil, err
	}
	return next, events, nil
}

// optionLabel is the label of the pending step's option key.
func (s *State) optionLabel(key string) (string, bool) {
	for _, o := range s.options() {
		if o.Key == key {
			return o.Label, true
		}
	}
	return "", false
}

// step takes an option of the pending step on s itself. Apply runs it on
// a copy, so that a dice failure leaves the game as it was; a simulation,
// whose state nobody else holds, runs it in place.
func (s *State) step(key, label string, d engine.Dice) ([]engine.Event, error) {
	seat := Seats[s.seatOf(s.Stage.Side)]
	return s.run(d, func() {
		s.emit(engine.Event{Kind: engine.KindChoice, Case: "7", Text: "Decision: " + label, Seat: seat,
			Choice: &engine.Choice{Token: strconv.Itoa(s.Decision), Key: key}})
		s.Decision++
		s.answer(key)
	})
}

// answer applies one step's choice.
func (s *State) answer(key string) {
	st := &s.Stage
	side := st.Side
	switch st.Step {
	case "respond":
		if key == "none" {
			e := s.Open
			s.Open = nil
			s.note("TW-A35", "The %s does not answer: the engagement resolves.", side)
			s.resolve(e, response{})
			if s.Done {
				return
			}
			if s.Stage.Step != "designate" {
				s.Stage = Stage{Side: side, Step: "card"}
			} else {
				s.Resume = &Stage{Side: side, Step: "card"}
			}
			return
		}
		card, slot := parseResponse(key)
		s.respond(side, card, slot)
	case "card":
		switch key {
		case "end":
			p := side
			s.Proposal = &p
			s.note("4", "The %s proposes to end the round.", side)
			s.Stage = Stage{Side: side.Other(), Step: "end"}
			return
		}
		id, _ := strconv.Atoi(key[1:])
		*st = Stage{Side: side, Step: "use", Card: id}
	case "end":
		proposer := *s.Proposal
		s.Proposal = nil
		if key == "accept" {
			s.note("4", "Both players agree: the round ends.")
			s.endRound()
			return
		}
		s.note("4", "The %s declines to end the round.", side)
		s.Stage = Stage{Side: proposer, Step: "card"}
	case "use":
		s.use(key)
	case "unit":
		if key == "back" {
			*st = Stage{Side: side, Step: "use", Card: st.Card}
			return
		}
		id, _ := strconv.Atoi(key[1:])
		s.playWithUnit(id)
	case "group":
		switch key {
		case "back":
			*st = Stage{Side: side, Step: "use", Card: st.Card}
			if st.Use == "escort_attack" {
				*st = Stage{Side: side, Step: "respond"}
			}
			return
		case "done":
			s.playGroup()
			return
		}
		id, _ := strconv.Atoi(key[1:])
		st.Group = append(st.Group, id)
		if len(st.Group) >= s.card(st.Card).Group {
			s.playGroup()
		}
	case "designate":
		id, _ := strconv.Atoi(key[1:])
		s.designate(id)
	}
}

func parseResponse(key string) (card, slot int) {
	c, sl, _ := strings.Cut(key[1:], "s")
	card, _ = strconv.Atoi(c)
	slot = -1
	if sl != "" {
		slot, _ = strconv.Atoi(sl)
	}
	return card, slot
}

// playCard takes a tactical card out of the hand: played face-up, or
// discarded face-down (7.2.1, 7.3.1).
func (s *State) playCard(side Side, id int) {
	h := &s.Hands[side]
	h.TacHand = remove(h.TacHand, id)
	h.TacDiscards = append(h.TacDiscards, id)
}

// use carries out what the mover does with his card.
func (s *State) use(key string) {
	st := &s.Stage
	side, card := st.Side, s.card(st.Card)
	switch {
	case key == "back":
		*st = Stage{Side: side, Step: "card"}
	case key == "discard":
		s.playCard(side, card.ID)
		s.note(card.Case, "The %s discards a tactical card face-down (%s).", side, map[Side]string{UBoats: "7.2.1", Escorts: "7.3.1"}[side])
		s.tell(side, "7", "You discarded %s.", card.Name())
		s.endTurn()
	case key == "contact" || key == "attack":
		st.Use = key
		st.Step = "unit"
	case strings.HasPrefix(key, "attack_c"):
		i, _ := strconv.Atoi(strings.TrimPrefix(key, "attack_c"))
		s.contactAttack(i)
	case strings.HasPrefix(key, "route_c"):
		i, _ := strconv.Atoi(strings.TrimPrefix(key, "route_c"))
		s.playCard(side, card.ID)
		s.note("7.3.4", "The %s plays %s on contact %d.", side, card.Name(), i+1)
		s.Open = &Engagement{Kind: "routing", By: Escorts, Card: card.ID, Target: s.Contacts[i].Boat, Contact: i}
		s.endTurn()
	case strings.HasPrefix(key, "hfdf_c"), strings.HasPrefix(key, "air_c"):
		i, _ := strconv.Atoi(key[strings.Index(key, "_c")+2:])
		st.Use, st.Arg, st.Step = strings.Split(key, "_c")[0], i, "group"
	case key == "air_pull":
		st.Use, st.Arg, st.Step = "air_pull", -1, "group"
	case key == "continue":
		st.Use, st.Step = "continue", "group"
		st.Group = append([]int(nil), s.Held.Group...)
	}
}

// Pending implements engine.State: the decision of the side whose step it is.
func (s *State) Pending() *engine.Prompt {
	if s.Done {
		return nil
	}
	return &engine.Prompt{
		Token:   strconv.Itoa(s.Decision),
		Actor:   engine.Commander,
		Seat:    Seats[s.seatOf(s.Stage.Side)],
		Kind:    "tonnagewar." + s.Stage.Step,
		Text:    s.stageText(),
		Case:    "7",
		Options: s.options(),
		Private: true,
	}
}

// Outcome implements engine.State: the match result (12, TW-A24).
func (s *State) Outcome() *engine.Outcome {
	if !s.Done {
		return nil
	}
	r := s.Results
	total := [2]int{r[0][0] + r[1][0], r[0][1] + r[1][1]}
	// As the U-boat player: seat a in game 1, seat b in game 2.
	uboat := [2]int{r[0][0], r[1][1]}
	if s.ruling("match_win") == "same_game" {
		uboat = [2]int{r[0][0] - r[0][1], r[1][1] - r[1][0]} // his U-boat score against the escorts' in that game
	}
	o := &engine.Outcome{Level: "draw", Score: max(total[0], total[1])}
	for i := range Seats {
		if uboat[i] > uboat[1-i] && total[i] > total[1-i] {
			o.Level = Seats[i] + "_wins"
			o.Summary = fmt.Sprintf("%s wins the match: %d points to %d, and the better U-boat game (12).", s.Names[i], total[i], total[1-i])
		}
	}
	if o.Level == "draw" {
		o.Summary = fmt.Sprintf("A draw (12): %s %d points, %s %d; a win needs both the better U-boat game and more points.", s.Names[0], total[0], s.Names[1], total[1])
	}
	for i := range Seats {
		o.Fields = append(o.Fields, engine.Field{Name: s.Names[i], Value: fmt.Sprintf("game 1: %d, game 2: %d, total %d", r[0][i], r[1][i], total[i])})
	}
	return o
}

func remove(list []int, x int) []int {
	for i, y := range list {
		if y == x {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

func has(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
