package bot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// A click's result that never reached the channel. The decision a click
// takes commits before its result is shown; a replica killed in between
// (or a platform that failed the answer) leaves the prompt's message in the
// channel with its buttons, and the dice it rolled unseen. So each click's
// decision notes, in the game's record and in its commit, what renders it
// again (GameRecord.Shown: the last decision of each player); when a click
// then comes to a prompt already answered whose messages are still known
// (its result was never shown where they are: showing it forgets them), the
// click gets that result, rendered from the log, and the prompts the
// decision made, instead of "already taken".

// clicked is a click's decision being taken, handed to decide (how.click)
// so that its commit notes what renders the result again.
type clicked struct{ shown *shownDecision }

// decided records what the click's decision is rendered from, before it
// commits; an auto-roll it brings adds to it.
func (c *clicked) decided(rec *persist.GameRecord, before engine.State, ch engine.Choice, h how) error {
	if c == nil || c.shown != nil {
		return nil
	}
	sd, err := newShownDecision(rec, before, ch, h)
	c.shown = sd
	return err
}

// committing notes the click's decision in rec, which is about to commit:
// it replaces the player's last one.
func (c *clicked) committing(rec *persist.GameRecord, st engine.State) error {
	if c == nil || c.shown == nil {
		return nil
	}
	c.shown.committed(rec, st)
	kept := shownOf(rec)
	out := []*shownDecision{c.shown}
	for _, sd := range kept {
		if sd.By != c.shown.By && sd.Token != c.shown.Token {
			out = append(out, sd)
		}
	}
	return keepShown(rec, out)
}

// forgetShown drops the note of the prompt a decision not clicked (one at
// its deadline) answers: that decision is delivered by its tick.
func forgetShown(rec *persist.GameRecord, token string) error {
	kept := shownOf(rec)
	out := kept[:0]
	for _, sd := range kept {
		if sd.Token != token {
			out = append(out, sd)
		}
	}
	if len(out) == len(kept) {
		return nil
	}
	return keepShown(rec, out)
}

// shownOf reads a record's notes; a damaged note is none (it only ever
// serves to show a lost result).
func shownOf(rec *persist.GameRecord) []*shownDecision {
	var kept []*shownDecision
	if len(rec.Shown) > 0 && json.Unmarshal(rec.Shown, &kept) != nil {
		return nil
	}
	return kept
}

func keepShown(rec *persist.GameRecord, kept []*shownDecision) error {
	if len(kept) == 0 {
		rec.Shown = nil
		return nil
	}
	b, err := json.Marshal(kept)
	if err != nil {
		return fmt.Errorf("game %s: noting a clicked decision: %w", rec.ID, err)
	}
	rec.Shown = b
	return nil
}

// unshownResult answers the decider's click on a prompt already answered
// whose result was never shown: that result, in place of the clicked
// message (or, from a confirmation, where the prompt's messages are), with
// the prompts its decision made that still wait. ok is false when there is
// none to show. Only the player who took the decision gets it: a result
// may hold what only he may see (a hidden hand), which a reply puts in the
// clicker's private messages.
func (s *Service) unshownResult(ctx context.Context, place Place, rec *persist.GameRecord, st engine.State, user User, token string, fromPrompt bool) (r Reply, ok bool, err error) {
	var sd *shownDecision
	for _, k := range shownOf(rec) {
		if k.Token == token && k.By == user.ID {
			sd = k
		}
	}
	if sd == nil || sd.Through > rec.Decisions {
		return Reply{}, false, nil
	}
	at, err := s.PromptMessages(ctx, promptRef(rec.ID, token))
	if err != nil || len(at) == 0 {
		return Reply{}, false, err // shown already: its messages are forgotten
	}
	r, err = s.renderShown(ctx, place, rec, st, sd, fromPrompt)
	if err != nil {
		return Reply{}, false, err
	}
	s.log.Info("a clicked decision's result shown again", "game", rec.ID, "prompt", token, "through", sd.Through)
	return r, true, nil
}
