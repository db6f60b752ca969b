package bot

import (
	"context"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Games with hidden information (engine.PrivateViews): each player's cards
// reach him alone — his prompts open privately from a door in the channel,
// his hand is a private view, the events about his face-down cards are his —
// and nothing that would tell them (the log's export, the dice seed) leaves
// the bot before the game ends.

// hidesCards reports whether a game keeps information from its players.
func hidesCards(st engine.State) bool {
	return engine.HasPrivateViews(st)
}

// openDoor shows a player his private prompt, with his hand.
func (s *Service) openDoor(ctx context.Context, rec *persist.GameRecord, st engine.State, p *engine.Prompt, user User) (Reply, error) {
	id, name := answerer(rec, p)
	if user.ID != id {
		return private(fmt.Sprintf("This decision is %s's, and so are its cards: your click changed nothing.", name)), nil
	}
	r := Reply{}
	if v, ok, err := engine.ViewFor(st, p.Seat, engine.PrivateViewOf(st)); ok && err == nil {
		r.Private = append(r.Private, viewMessage(v))
	}
	r.Private = append(r.Private, promptMessage(rec.ID, p, id, false))
	return r, nil
}

// hand shows a player his own cards, and what happened to them lately.
func (s *Service) hand(ctx context.Context, rec *persist.GameRecord, st engine.State, user User) (Reply, error) {
	if !engine.HasPrivateViews(st) {
		return private("This game hides nothing: its views show everything."), nil
	}
	seat := seatedUser(rec, user.ID)
	if seat == nil {
		return private("Only the players of this game have a private view of it."), nil
	}
	v, _, err := engine.ViewFor(st, seat.Seat, engine.PrivateViewOf(st))
	if err != nil {
		return private(err.Error()), nil
	}
	r := Reply{Private: []Message{viewMessage(v)}}
	from := uint64(1)
	if rec.Seq > 200 {
		from = rec.Seq - 200
	}
	evs, err := s.store.Events(ctx, rec.ID, from, 0)
	if err != nil {
		return Reply{}, err
	}
	// What the seat saw before its holder took it over was another
	// player's: a substitute sees its entries from his handover on.
	mine := entriesFor(since(evs, seat.Since), seat.Seat, false)
	if len(mine) > 12 {
		mine = mine[len(mine)-12:]
	}
	if msgs := eventMessages(mine); len(msgs) > 0 {
		msgs[0].Title = "Lately, for your eyes"
		r.Private = append(r.Private, msgs...)
	}
	for _, p := range pendingAll(st) {
		if p.Private && p.Seat == seat.Seat {
			r.Private = append(r.Private, promptMessage(rec.ID, p, user.ID, false))
		}
	}
	return r, nil
}

// secretsKept refuses what would tell a running game's hidden cards.
func secretsKept(st engine.State, what string) (Reply, bool) {
	if st == nil || st.Outcome() != nil || !hidesCards(st) {
		return Reply{}, false
	}
	return private(fmt.Sprintf("Not while the game runs: %s would tell the players' hidden cards. It is yours once the game ends, with the dice seed.", what)), true
}

// since are the entries after entry from (all of them for 0).
func since(evs []persist.EventRecord, from uint64) []persist.EventRecord {
	out := evs[:0:0]
	for _, e := range evs {
		if e.Seq > from {
			out = append(out, e)
		}
	}
	return out
}
