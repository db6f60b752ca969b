package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/persist"
)

// startToken is the token of the Start button of a game waiting to start.
const startToken = "start"

// startMessage asks the commander to start a game whose setup rolls dice,
// or the invited players to accept a game for several. The seed's
// commitment is one short line (the whole hash is in `history` and
// `audit`).
func (s *Service) startMessage(rec *persist.GameRecord) Message {
	c, _ := commitment(rec.Dice)
	seed := fmt.Sprintf("🔐 Dice seed committed: `%s` · anyone may mix in entropy first with `seed text:...`", audit.ShortHash(c))
	if inv := invitees(rec); len(inv) > 0 {
		return Message{
			Title:   "Challenge · game " + rec.ID,
			Text:    fmt.Sprintf("%s challenges %s. %s: Accept to begin, or Decline.\n%s", rec.OwnerName, seatNames(inv), seatNames(inv), seed),
			Options: []Option{{ID: optionID(rec.ID, startToken, "go"), Label: "Accept", Style: StyleSafe}, declineOption(rec)},
			Mention: inv[0].ID,
			Tone:    TonePrompt,
			Ref:     promptRef(rec.ID, startToken),
		}
	}
	return Message{
		Title:   "New game " + rec.ID,
		Text:    fmt.Sprintf("%s commands. Setting the game up rolls dice, so it waits for its commander's Start.\n%s", rec.OwnerName, seed),
		Options: []Option{{ID: optionID(rec.ID, startToken, "go"), Label: "Start", Style: StyleSafe}},
		Mention: rec.Owner,
		Tone:    TonePrompt,
		Ref:     promptRef(rec.ID, startToken),
	}
}

// declineOption turns a challenge down, after a confirmation.
func declineOption(rec *persist.GameRecord) Option {
	return Option{ID: optionID(rec.ID, startToken, sureKey+"decline"), Label: "Decline", Style: StyleDanger,
		Confirm: "Decline the challenge? The game is withdrawn and the channel is free again.", Confirmed: optionID(rec.ID, startToken, "decline")}
}

// start sets up a game that waited for its Start button; label is what was
// pressed ("Start", "Accept"), by whom and from where.
func (s *Service) start(ctx context.Context, place Place, rec *persist.GameRecord, label string, h how) (Reply, error) {
	d, err := DiceFor(rec.Dice)
	if err != nil {
		return Reply{}, err
	}
	st, events, err := s.games.Rules(rec.Game).New(rec.Setup, d)
	if err != nil {
		return Reply{}, fmt.Errorf("starting game %s: %w", rec.ID, err)
	}
	next := *rec
	h.act.started(rec, label, h)
	stored, err := s.commit(ctx, &next, st, events, d, nil, nil, h)
	if err != nil {
		return Reply{}, err
	}
	*rec = next
	s.log.Info("game started", "game", rec.ID, "place", place.Key())
	r, err := s.afterSeen(ctx, place, rec, st, stored, seen{label: label, ref: promptRef(rec.ID, startToken), how: h})
	if err != nil {
		return r, err
	}
	r.Elsewhere = append(r.Elsewhere, s.standingsUpdate(ctx, rec, nil, st)...)
	return r, nil
}

// startClicked handles the Start button: the commander starts the game; in a
// game for several, the invited player accepts (starting it) or declines,
// after a confirmation, and the challenger may withdraw. inPlace: the click
// came from the start message itself.
func (s *Service) startClicked(ctx context.Context, place Place, rec *persist.GameRecord, user User, key string, inPlace bool) (Reply, error) {
	inv := invitees(rec)
	h := how{by: user.ID, inPlace: inPlace}
	if len(inv) == 0 {
		if rec.Owner != "" && user.ID != rec.Owner {
			return private(fmt.Sprintf("Only %s commands this boat: your click changed nothing.", rec.OwnerName)), nil
		}
		return s.start(ctx, place, rec, "Start", h)
	}
	invited := false
	for _, seat := range inv {
		invited = invited || seat.ID == user.ID
	}
	switch {
	case key == sureKey+"decline" && (invited || user.ID == rec.Owner):
		o := declineOption(rec)
		return Reply{Private: []Message{{Title: "Challenge · game " + rec.ID, Text: o.Confirm, Tone: ToneDanger, Options: []Option{
			{ID: optionID(rec.ID, startToken, yesKey+"decline"), Label: "Yes: decline", Style: StyleDanger}, {ID: optionID(rec.ID, startToken, noKey), Label: "No, go back", Style: StyleSafe}}}}}, nil
	case key == noKey:
		return Reply{Update: &Message{Text: "Nothing changed: the challenge still stands.", Tone: ToneDone}}, nil
	case (key == yesKey+"decline" || key == "decline") && (invited || user.ID == rec.Owner):
		if err := s.store.Archive(ctx, place.Key()); err != nil {
			return Reply{}, err
		}
		verb := "declined"
		if user.ID == rec.Owner {
			verb = "withdrew"
		}
		res := Message{Text: fmt.Sprintf("✖ %s %s game %s: nothing was rolled, the channel is free.", user.Name, verb, rec.ID), Tone: ToneEnd}
		r := Reply{Answered: []Answer{{Ref: promptRef(rec.ID, startToken), Message: res, InPlace: inPlace && key == "decline"}}}
		if key != "decline" {
			r.Update = &Message{Text: "Confirmed.", Tone: ToneDone}
		} else if inPlace {
			r.Update = &res
		}
		return r, nil
	case !invited:
		return private(fmt.Sprintf("Only %s can accept this game: your click changed nothing.", seatNames(inv))), nil
	}
	return s.start(ctx, place, rec, "Accept", h)
}

func seatNames(seats []persist.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}
