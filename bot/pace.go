package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kaleun/kaleun/persist"
)

// A player's pace (issue 34 item 5): his median and longest time to answer
// a prompt, from when the prompt began waiting on him to his own answer,
// counted in his active time as his reminders count it (his quiet hours and
// his vacation, as his preferences stand at the answer, do not count). The
// log's entries carry no times, so each answer's time is kept in the
// commit that answers (persist.PaceSample): for all his games on the
// platform, and for the tournament the game is a career of. A decision the
// bot took (a deadline, the autopilot, an auto-roll) is not his answer and
// is not counted.

// paceOf is the answer a commit records, or nil when the decision is not a
// player's own answer to a prompt of a chat game.
func (s *Service) paceOf(ctx context.Context, rec *persist.GameRecord, h how) (*persist.PaceSample, error) {
	f := h.follow
	if f == nil || f.paced || f.shown == nil || f.shown.Token == "" || h.by == "" || h.note != "" || h.atDeadline || h.autopilot || !summarizes(rec.Key) {
		return nil, nil
	}
	f.paced = true
	since := rec.Updated // the commit that posted the prompt, when its due times do not say
	if s.scheduling(rec.Key) {
		due, err := s.store.Schedule(ctx, rec.Key)
		if err != nil {
			return nil, fmt.Errorf("game %s: when its prompt began waiting: %w", rec.ID, err)
		}
		for _, d := range due {
			if d.GameID == rec.ID && d.Token == f.shown.Token && d.User == h.by && !d.Since.IsZero() {
				since = d.Since
				break
			}
		}
	}
	now := s.now()
	if since.IsZero() || since.After(now) {
		return nil, nil
	}
	player := playerKey(rec.Key, h.by)
	prefs, err := s.store.Prefs(ctx, player)
	if err != nil {
		return nil, err
	}
	return &persist.PaceSample{Player: player, GameID: rec.ID, Tournament: rec.Tournament, Took: activeBetween(since, now, prefs)}, nil
}

// activeBetween is how much of the player's active time passes from start
// to end: activeAdd's inverse.
func activeBetween(start, end time.Time, p persist.Prefs) time.Duration {
	loc := location(p.TZ)
	t := start
	var sum time.Duration
	for i := 0; i < maxClockSteps && t.Before(end); i++ {
		if !p.VacationUntil.IsZero() && !t.Before(p.VacationFrom) && t.Before(p.VacationUntil) {
			t = p.VacationUntil
			continue
		}
		if e, quiet := quietEnd(t, p, loc); quiet {
			t = e
			continue
		}
		next := nextStop(t, p, loc)
		if next.IsZero() || !next.Before(end) {
			return sum + end.Sub(t)
		}
		sum += next.Sub(t)
		t = next
	}
	return sum
}

// aboutDuration says a duration the way a person would: "40 min",
// "6 h", "2 days".
func aboutDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "under a minute"
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute)/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h", int(d.Round(time.Hour)/time.Hour))
	}
	return fmt.Sprintf("%d days", int((d+12*time.Hour)/(24*time.Hour)))
}

// paceText is a player's pace in a line: "answers in about 6 h (longest
// 2 days)"; "" when he has answered nothing yet.
func paceText(p persist.Pace) string {
	if p.Count == 0 {
		return ""
	}
	median := "about " + aboutDuration(p.Median())
	if p.Median() < time.Minute {
		median = "under a minute" // not "about under a minute"
	}
	return fmt.Sprintf("answers in %s (longest %s)", median, aboutDuration(p.Longest))
}

// parsePace reads a tournament's target pace: "12h", "90m", "2d".
func parsePace(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days <= 0 || days > 60 {
			return 0, fmt.Errorf("%q is not a pace: a number of days from 1 to 60 (2d), or hours (12h)", s)
		}
		return time.Duration(days) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Minute || d > 60*24*time.Hour {
		return 0, fmt.Errorf("%q is not a pace: 12h, 90m or 2d (a minute to 60 days)", s)
	}
	return d, nil
}

// paces reads the paces of a tournament's entrants (in its games), by user id.
func (s *Service) tournamentPaces(ctx context.Context, t *persist.Tournament) (map[string]persist.Pace, error) {
	keys := make([]string, 0, len(t.Entrants))
	for _, e := range t.Entrants {
		keys = append(keys, playerKey(t.Key, e.User))
	}
	ps, err := s.store.Paces(ctx, keys, t.ID)
	if err != nil {
		return nil, fmt.Errorf("tournament %s: its paces: %w", t.ID, err)
	}
	out := make(map[string]persist.Pace, len(t.Entrants))
	for _, e := range t.Entrants {
		out[e.User] = ps[playerKey(t.Key, e.User)]
	}
	return out, nil
}

// paceFor is a tournament game's target pace and the player's median in
// the tournament, for his reminders (none outside a tournament with a
// target).
func (s *Service) paceFor(ctx context.Context, rec *persist.GameRecord, user string) (target, now time.Duration, err error) {
	if rec.Tournament == "" {
		return 0, 0, nil
	}
	t, err := s.tournamentByID(ctx, rec.Tournament)
	if err != nil || t == nil || t.Pace == 0 {
		return 0, 0, err
	}
	key := playerKey(t.Key, user)
	ps, err := s.store.Paces(ctx, []string{key}, t.ID)
	if err != nil {
		return 0, 0, err
	}
	return t.Pace, ps[key].Median(), nil
}

// paceReminder is a reminder's line of the table's pace.
func paceReminder(target, now time.Duration) string {
	if now == 0 {
		return fmt.Sprintf("The table's pace is %s; you have no answers counted yet.", aboutDuration(target))
	}
	return fmt.Sprintf("The table's pace is %s; you are at %s.", aboutDuration(target), aboutDuration(now))
}

// leaderboardPaces reads the paces, on this server, of the players of the
// leaderboard's rows it shows.
func (s *Service) leaderboardPaces(ctx context.Context, place Place, rows []careerRow) (map[string]persist.Pace, error) {
	home := place.Platform + "/" + place.Space + "/-"
	var keys []string
	for i, r := range rows {
		if i == leaderboardSize {
			break
		}
		keys = append(keys, playerKey(home, r.user))
	}
	ps, err := s.store.Paces(ctx, keys, "")
	if err != nil {
		return nil, fmt.Errorf("the leaderboard's paces: %w", err)
	}
	out := map[string]persist.Pace{}
	for i, r := range rows {
		if i == leaderboardSize {
			break
		}
		out[r.user] = ps[playerKey(home, r.user)]
	}
	return out, nil
}

// paceSuffix is " · answers in about ..." or "".
func paceSuffix(p persist.Pace) string {
	if t := paceText(p); t != "" {
		return " · " + t
	}
	return ""
}
