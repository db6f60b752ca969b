package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/persist"
)

// Idle games. A chat game with no decision for games.idle_warn is warned in
// its channel, its players pinged; at games.idle_end it ends, its seed
// revealed, logged as ended for idleness. Both limits are due times in the
// same index as the reminders, laid out anew with every decision (so a game
// that moves is no longer idle, and a restart loses none): the warning
// leaves the index as it is sent, the end stays until it has acted.

// idleToken names the idle limits laid out after a game's decision n: a
// limit whose game has moved on since is stale.
func idleToken(rec *persist.GameRecord) string { return "idle:" + strconv.Itoa(rec.Decisions) }

// lastMoved is when a game last changed (its creation, for a game still
// waiting for its Start).
func lastMoved(rec *persist.GameRecord) time.Time {
	if rec.Updated.IsZero() {
		return rec.Created
	}
	return rec.Updated
}

// idleDue is a game's idle limits, counted from its last change.
func (s *Service) idleDue(rec *persist.GameRecord) []persist.Due {
	if s.idleEnd <= 0 || !s.scheduling(rec.Key) || rec.Over {
		return nil
	}
	since := lastMoved(rec)
	base := persist.Due{Key: rec.Key, GameID: rec.ID, Token: idleToken(rec), Since: since, Deadline: since.Add(s.idleEnd)}
	warn, end := base, base
	warn.At, warn.Kind = since.Add(s.idleWarn), persist.DueIdleWarn
	end.At, end.Kind = since.Add(s.idleEnd), persist.DueIdleEnd
	return []persist.Due{warn, end}
}

// PlanIdle gives every running chat game the idle limits in force, counted
// from its last decision: the games of a database from before the limits,
// or after they were changed. Games whose plan holds them already are left
// alone. With no limits, it does nothing (a limit left from an earlier
// configuration is dropped when it comes due). It reports how many games
// it changed.
func (s *Service) PlanIdle(ctx context.Context) (changed int, err error) {
	if s.idleEnd <= 0 {
		return 0, nil
	}
	games, err := s.store.Games(ctx)
	if err != nil {
		return 0, err
	}
	for i := range games {
		rec := &games[i]
		due := s.idleDue(rec)
		if due == nil {
			continue
		}
		c, err := s.store.ReplaceIdle(ctx, rec.Key, due)
		if err != nil {
			return changed, err
		}
		if c {
			changed++
		}
	}
	return changed, nil
}

// idleNow acts on a game's idle limit: it warns, or it ends the game. A
// limit whose game has moved since, or ended, is dropped.
func (s *Service) idleNow(ctx context.Context, place Place, d persist.Due, act *acting) ([]Notice, error) {
	unlock, err := s.lockPlace(ctx, d.Key)
	if err != nil {
		return nil, err
	}
	defer unlock()
	rec, st, err := s.load(ctx, place)
	var ended *endedError
	switch {
	case errors.As(err, &ended):
		return []Notice{{Place: place, Channel: []Message{ended.end}}}, nil
	case errors.Is(err, persist.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	}
	if rec.ID != d.GameID || idleToken(rec) != d.Token || s.idleEnd <= 0 {
		// It moved, or the limits were switched off since.
		if d.Kind == persist.DueIdleEnd {
			return nil, s.dropDue(ctx, d)
		}
		return nil, nil
	}
	if d.Kind == persist.DueIdleWarn {
		return s.idleWarning(place, rec, st, d), nil
	}
	return s.endIdle(ctx, place, rec, d, act)
}

// idleWarning tells the channel that its game will end, pinging its
// players, and says what it waits for with a link to it: the prompts keep
// their one set of buttons where they are (issue 17.6).
func (s *Service) idleWarning(place Place, rec *persist.GameRecord, st engine.State, d persist.Due) []Notice {
	players := playerIDs(rec)
	var waits []string
	jump := promptRef(rec.ID, startToken)
	if st == nil {
		waits = append(waits, "its Start")
	}
	for i, p := range pendingAll(st) {
		_, name := answerer(rec, p)
		waits = append(waits, strings.TrimSpace(name+"'s "+awaited(p)))
		if i == 0 {
			jump = promptRef(rec.ID, p.Token)
		}
	}
	text := fmt.Sprintf("💤 Game %s has had no decision since %s. It ends on %s, its seed revealed, unless someone moves before then.",
		rec.ID, d.Since.UTC().Format("Mon 2 Jan 15:04 UTC"), d.Deadline.UTC().Format("Mon 2 Jan 15:04 UTC"))
	if len(waits) > 0 {
		text += " It waits for " + strings.Join(waits, "; ") + "."
	}
	m := Message{Title: "Idle game " + rec.ID, Text: text, Mentions: players, Jump: jump, Tone: ToneAlert}
	s.log.Info("idle game warned", "game", rec.ID, "place", rec.Key, "since", d.Since)
	s.metrics.DeadlineActed(ops.IdleWarned)
	return []Notice{{Place: place, Channel: []Message{m}}}
}

// endIdle ends a game for idleness: an entry saying so, then the reveal of
// its seed, committed with its end (which archives it).
func (s *Service) endIdle(ctx context.Context, place Place, rec *persist.GameRecord, d persist.Due, act *acting) ([]Notice, error) {
	raw, _ := audit.EndedEntry(audit.Ended{Reason: audit.EndedIdle, Since: d.Since})
	entries := []persist.NewEntry{{Event: raw}}
	if e, ok := revealAtEnd(rec.Dice); ok {
		entries = append(entries, e)
	}
	next := *rec
	next.Over, next.Updated = true, s.now()
	var plan persist.CommitPlan
	if act != nil {
		deliver, err := act.entry(delivery{IdleEnd: &idleEnded{From: rec.Seq + 1, Since: d.Since}})
		if err != nil {
			return nil, err
		}
		plan.Deliver = deliver
	}
	if plan.Webhook = webhookChange(&next, nil); plan.Webhook != nil {
		plan.Webhook.End = &persist.HookEnd{Summary: "The game ended for idleness."}
	}
	stored, err := s.store.CommitWith(ctx, &next, entries, plan)
	if err != nil {
		return nil, err
	}
	s.kickWebhooks()
	s.log.Info("game ended for idleness", "game", rec.ID, "place", rec.Key, "since", d.Since)
	s.metrics.DeadlineActed(ops.IdleEnded)
	return []Notice{{Place: place, Channel: []Message{idleEndMessage(&next, stored, d.Since)}}}, nil
}

// idleEndMessage tells the channel that its game ended for idleness, with
// what its end added to the log (the seed's reveal).
func idleEndMessage(rec *persist.GameRecord, stored []persist.EventRecord, since time.Time) Message {
	m := Message{Title: "Game " + rec.ID + " ended for idleness",
		Text:     fmt.Sprintf("No decision since %s: the game is over, and the channel is free for a new one.", since.UTC().Format("Mon 2 Jan 15:04 UTC")),
		Mentions: playerIDs(rec), Footer: logFooter(rec)}
	for _, em := range eventMessages(stored) {
		m.Text += "\n" + em.Text
	}
	return m
}

// playerIDs are a game's players: its seats, or its commander.
func playerIDs(rec *persist.GameRecord) []string {
	if len(rec.Seats) == 0 {
		return []string{rec.Owner}
	}
	ids := make([]string, len(rec.Seats))
	for i, seat := range rec.Seats {
		ids[i] = seat.ID
	}
	return ids
}
