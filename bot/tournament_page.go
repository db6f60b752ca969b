package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// CareerProgress is what a tournament's web page shows of one entrant's
// career beside his standing: his next deadline, as the bot's deadline
// machinery has it scheduled, and his score over time.
type CareerProgress struct {
	User, Name, GameID string
	// Deadline is when the bot acts for him on the decision his career
	// waits on (zero: it waits on nobody's, or on another's, or the bot
	// sets no deadlines); Awaited says what it waits for ("the Start" or
	// the prompt's words).
	Deadline time.Time
	Awaited  string
	// Series is his score over time (engine.ScoreSeries); nil when the
	// game cannot say or the career has not started.
	Series []engine.ScorePoint
}

// TournamentProgress is each started career's deadline and score series,
// in the order of the entrants; withdrawn entrants have none.
func (s *Service) TournamentProgress(ctx context.Context, t *persist.Tournament) ([]CareerProgress, error) {
	var out []CareerProgress
	schedules := map[string][]persist.Due{}
	for _, e := range t.Entrants {
		if e.GameID == "" || e.Withdrawn {
			continue
		}
		c := CareerProgress{User: e.User, Name: e.Name, GameID: e.GameID}
		st, err := s.gameState(ctx, e.Place, e.GameID)
		if err != nil {
			return nil, fmt.Errorf("the career of %s: %w", e.Name, err)
		}
		if st != nil {
			c.Series, _ = engine.ScoreSeriesOf(st, e.Seat)
		}
		due, ok := schedules[e.Place]
		if !ok {
			if due, err = s.store.Schedule(ctx, e.Place); err != nil {
				return nil, fmt.Errorf("the deadlines of %s's career: %w", e.Name, err)
			}
			schedules[e.Place] = due
		}
		for _, d := range due {
			if d.Kind != persist.DueDeadline || d.GameID != e.GameID || d.User != e.User {
				continue
			}
			if c.Deadline.IsZero() || d.At.Before(c.Deadline) {
				c.Deadline, c.Awaited = d.At, awaitedOf(d, st)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// awaitedOf says what a deadline waits for, as its reminders word it: the
// Start, or the pending prompt it is the deadline of (a deadline carries
// its prompt's token; st is the game as it stands, nil before the Start).
func awaitedOf(d persist.Due, st engine.State) string {
	if d.Token == startToken {
		return awaited(&engine.Prompt{Token: startToken})
	}
	if len(d.Prompt) > 0 {
		var p engine.Prompt
		if json.Unmarshal(d.Prompt, &p) == nil {
			return awaited(&p)
		}
	}
	for _, p := range pendingAll(st) {
		if p.Token == d.Token {
			return awaited(p)
		}
	}
	return "decision"
}
