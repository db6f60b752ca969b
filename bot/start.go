package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/persist"
)

// startToken is the token of the Start button of a game waiting to start.
const startToken = "start"

// startMessage asks the commander to start a game whose setup rolls dice,
// or the invited players to accept a game for several.
func (s *Service) startMessage(rec *persist.GameRecord) Message {
	c, _ := commitment(rec.Dice)
	if inv := invitees(rec); len(inv) > 0 {
		return Message{
			Title: "New game " + rec.ID,
			Text: fmt.Sprintf("%s challenges %s. The dice seed is committed (SHA-256 %s); anyone may first mix in entropy with `seed text:...`. %s: Accept to begin, or Decline.",
				rec.OwnerName, seatNames(inv), c, seatNames(inv)),
			Options: []Option{{ID: optionID(rec.ID, startToken, "go"), Label: "Accept"}, {ID: optionID(rec.ID, startToken, "decline"), Label: "Decline"}},
			Mention: inv[0].ID,
			Footer:  logFooter(rec),
		}
	}
	return Message{
		Title:   "New game " + rec.ID,
		Text:    fmt.Sprintf("%s commands. Setting this game up rolls dice, so it waits for its commander: the dice seed is committed (SHA-256 %s), and anyone may first mix in entropy with `seed text:...`. Then press Start.", rec.OwnerName, c),
		Options: []Option{{ID: optionID(rec.ID, startToken, "go"), Label: "Start"}},
		Mention: rec.Owner,
		Footer:  logFooter(rec),
	}
}

// start sets up a game that waited for its Start button.
func (s *Service) start(ctx context.Context, place Place, rec *persist.GameRecord) (Reply, error) {
	d, err := DiceFor(rec.Dice)
	if err != nil {
		return Reply{}, err
	}
	st, events, err := s.games[rec.Game].New(rec.Setup, d)
	if err != nil {
		return Reply{}, fmt.Errorf("starting game %s: %w", rec.ID, err)
	}
	next := *rec
	stored, err := s.commit(ctx, &next, st, events, d, nil, nil)
	if err != nil {
		return Reply{}, err
	}
	*rec = next
	s.log.Info("game started", "game", rec.ID, "place", place.Key())
	r, err := s.after(ctx, place, rec, st, stored)
	if err != nil {
		return r, err
	}
	r.Elsewhere = append(r.Elsewhere, s.standingsUpdate(ctx, rec, nil, st)...)
	return r, nil
}

// startClicked handles the Start button: the commander starts his game; in a
// game for several, the invited player accepts (starting it) or declines,
// and the challenger may withdraw.
func (s *Service) startClicked(ctx context.Context, place Place, rec *persist.GameRecord, user User, key string) (Reply, error) {
	inv := invitees(rec)
	if len(inv) == 0 {
		if rec.Owner != "" && user.ID != rec.Owner {
			return private(fmt.Sprintf("Only %s commands this boat: your click changed nothing.", rec.OwnerName)), nil
		}
		return s.start(ctx, place, rec)
	}
	invited := false
	for _, seat := range inv {
		invited = invited || seat.ID == user.ID
	}
	switch {
	case key == "decline" && (invited || user.ID == rec.Owner):
		if err := s.store.Archive(ctx, place.Key()); err != nil {
			return Reply{}, err
		}
		verb := "declined"
		if user.ID == rec.Owner {
			verb = "withdrew"
		}
		return Reply{Public: []Message{{Text: fmt.Sprintf("%s %s game %s: nothing was rolled, the channel is free.", user.Name, verb, rec.ID)}}}, nil
	case !invited:
		return private(fmt.Sprintf("Only %s can accept this game: your click changed nothing.", seatNames(inv))), nil
	}
	return s.start(ctx, place, rec)
}

func seatNames(seats []persist.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}
