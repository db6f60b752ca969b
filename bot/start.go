package bot

import (
	"fmt"

	"github.com/kaleun/kaleun/persist"
)

// startToken is the token of the Start button of a game waiting to start.
const startToken = "start"

// startMessage asks the commander to start a game whose setup rolls dice.
func (s *Service) startMessage(rec *persist.GameRecord) Message {
	c, _ := commitment(rec.Dice)
	return Message{
		Title:   "New game " + rec.ID,
		Text:    fmt.Sprintf("%s commands. Setting this game up rolls dice, so it waits for its commander: the dice seed is committed (SHA-256 %s), and anyone may first mix in entropy with `seed text:...`. Then press Start.", rec.OwnerName, c),
		Options: []Option{{ID: optionID(rec.ID, startToken, "go"), Label: "Start"}},
		Mention: rec.Owner,
		Footer:  logFooter(rec),
	}
}

// start sets up a game that waited for its Start button.
func (s *Service) start(place Place, rec *persist.GameRecord) (Reply, error) {
	d, err := DiceFor(rec.Dice)
	if err != nil {
		return Reply{}, err
	}
	st, events, err := s.games[rec.Game].New(rec.Setup, d)
	if err != nil {
		return Reply{}, fmt.Errorf("starting game %s: %w", rec.ID, err)
	}
	next := *rec
	stored, err := s.commit(&next, st, events, d, nil)
	if err != nil {
		return Reply{}, err
	}
	*rec = next
	s.log.Info("game started", "game", rec.ID, "place", place.Key())
	return s.after(place, rec, st, stored)
}
