package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kaleun/kaleun/persist"
)

// `/kaleun games` (issue 34, item 2): every game and tournament the caller
// plays in, in every channel and server of the platform he asks from,
// those waiting on him first, the longest waiting first, each line linking
// to its pending prompt (as a reminder does) and saying how long it has
// waited. It is his alone (a private reply), reads the index of the games
// by player (persist.GamesOf), changes nothing and takes no lock.

// gamesListMax bounds the list: one private message of a phone's screens.
const gamesListMax = 25

// gameWait is one line of the list.
type gameWait struct {
	line  Line
	mine  bool
	since time.Time
}

// myGames lists the caller's games and tournaments.
func (s *Service) myGames(ctx context.Context, place Place, user User) (Reply, error) {
	rows, tours, err := s.gameRows(ctx, place, user)
	if err != nil {
		return Reply{}, err
	}
	// An open tournament is a line of the list (a running one's games are
	// listed, each with its tournament's name).
	for _, t := range tours {
		if t.Status == "open" {
			rows = append(rows, gameWait{line: tournamentLine(t, user.ID), since: t.Created})
		}
	}
	sortWaits(rows)
	if len(rows) == 0 {
		return private("You play in no game or tournament here or in any other channel this bot shares with you. `new` starts one in a channel; `tournament join` enters one."), nil
	}
	waiting := 0
	for _, r := range rows {
		if r.mine {
			waiting++
		}
	}
	m := Message{Title: "Your games", Tone: TonePrompt,
		Text: fmt.Sprintf("%s, %d waiting on you.", plural(len(rows), "game or tournament", "games and tournaments"), waiting)}
	if waiting == 0 {
		m.Tone = ToneDone
	}
	for i, r := range rows {
		if i == gamesListMax {
			m.Lines = append(m.Lines, Line{Text: fmt.Sprintf("… and %d more (the quietest).", len(rows)-gamesListMax)})
			break
		}
		m.Lines = append(m.Lines, r.line)
	}
	return Reply{Private: []Message{m}}, nil
}

// gameRows are the lines of the caller's running games, unsorted, and the
// open and running tournaments he has entered, oldest first.
func (s *Service) gameRows(ctx context.Context, place Place, user User) ([]gameWait, []persist.Tournament, error) {
	recs, err := s.store.GamesOf(ctx, place.Key(), user.ID)
	if err != nil {
		return nil, nil, err
	}
	var rows []gameWait
	for i := range recs {
		rs, err := s.gameWaits(ctx, &recs[i], user.ID)
		if err != nil {
			return nil, nil, err
		}
		rows = append(rows, rs...)
	}
	tours, err := s.store.TournamentsOf(ctx, place.Key(), user.ID)
	if err != nil {
		return nil, nil, err
	}
	slices.SortStableFunc(tours, func(a, b persist.Tournament) int { return a.Created.Compare(b.Created) })
	return rows, tours, nil
}

// sortWaits puts those waiting on him first, the longest waiting first;
// then the rest, the longest quiet first.
func sortWaits(rows []gameWait) {
	slices.SortStableFunc(rows, func(a, b gameWait) int {
		if a.mine != b.mine {
			if a.mine {
				return -1
			}
			return 1
		}
		return a.since.Compare(b.since)
	})
}

// tournamentLine is a tournament as its entrant's list shows it: an open
// one waiting to start, a running one with his own game's id.
func tournamentLine(t persist.Tournament, user string) Line {
	what := fmt.Sprintf("🏆 **%s** (%s): %s so far, waiting for %s to start it", t.Name, t.Game, plural(len(t.Entrants), "entrant", "entrants"), t.OrganiserName)
	if t.Status != "open" {
		active := 0
		game := ""
		for _, e := range t.Entrants {
			if !e.Withdrawn {
				active++
			}
			if e.User == user && e.GameID != "" {
				game = e.GameID
			}
		}
		what = fmt.Sprintf("🏆 **%s** (%s): running, %s", t.Name, t.Game, plural(active, "entrant", "entrants"))
		if game != "" {
			what += ", your game " + game
		}
	}
	return Line{Text: what, Home: placeOf(t.Key)}
}

// gameWaits are a game's lines: one per prompt waiting on the user, else
// one saying whom it waits on.
func (s *Service) gameWaits(ctx context.Context, rec *persist.GameRecord, user string) ([]gameWait, error) {
	home := placeOf(rec.Key)
	label := rec.Game
	if rec.Tournament != "" {
		if t, err := s.tournamentByID(ctx, rec.Tournament); err == nil && t != nil {
			label += ", " + t.Name
		}
	}
	now := s.now()
	waited := func(since time.Time) string { return "⏳ " + waitedFor(now.Sub(since)) }
	if rec.AwaitingStart {
		ref := promptRef(rec.ID, startToken)
		on, awaits := rec.Owner, "Start"
		if inv := invitees(rec); len(inv) > 0 {
			on, awaits = inv[0].ID, "answer to the challenge"
		}
		since := s.waitingSince(ctx, rec, startToken, on)
		if on == user {
			return []gameWait{{mine: true, since: since, line: Line{Text: fmt.Sprintf("%s · **Game %s** (%s) waits on you: _%s_", waited(since), rec.ID, label, awaits), Jump: ref, Home: home}}}, nil
		}
		return []gameWait{{since: since, line: Line{Text: fmt.Sprintf("Game %s (%s) waits on %s: _%s_", rec.ID, label, userName(rec, on), awaits), Jump: ref, Home: home}}}, nil
	}
	rules := s.games.Rules(rec.Game)
	if rules == nil {
		return []gameWait{{since: rec.Updated, line: Line{Text: fmt.Sprintf("Game %s (%s), which this kaleun does not play", rec.ID, rec.Game), Home: home}}}, nil
	}
	st, err := rules.Decode(rec.State)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	var mine, others []gameWait
	for _, p := range pendingAll(st) {
		id, name := answerer(rec, p)
		what := p.Subject
		if what == "" {
			what = "Game " + rec.ID
		}
		ref := promptRef(rec.ID, p.Token)
		since := s.waitingSince(ctx, rec, p.Token, id)
		if id == user {
			mine = append(mine, gameWait{mine: true, since: since, line: Line{Text: fmt.Sprintf("%s · **%s** (%s) waits on you: _%s_", waited(since), what, label, awaited(p)), Jump: ref, Home: home}})
			continue
		}
		if len(others) == 0 {
			who := cmp.Or(name, "its players")
			others = append(others, gameWait{since: since, line: Line{Text: fmt.Sprintf("%s (%s) waits on %s: _%s_", what, label, who, awaited(p)), Jump: ref, Home: home}})
		}
	}
	if len(mine) > 0 {
		return mine, nil
	}
	if len(others) == 0 {
		others = []gameWait{{since: rec.Updated, line: Line{Text: fmt.Sprintf("Game %s (%s) waits for no decision", rec.ID, label), Home: home}}}
	}
	return others, nil
}

// waitingSince is when a prompt began waiting on a player: its due times
// say (laid out once, when it was first posted), else the game's last
// decision.
func (s *Service) waitingSince(ctx context.Context, rec *persist.GameRecord, token, user string) time.Time {
	since := rec.Updated
	if since.IsZero() {
		since = rec.Created
	}
	due, err := s.store.Schedule(ctx, rec.Key)
	if err != nil {
		s.log.Warn("reading a game's due times for its waiting time", "game", rec.ID, "err", err)
		return since
	}
	for _, d := range due {
		if d.GameID == rec.ID && d.Token == token && d.User == user && !d.Since.IsZero() && d.Since.Before(since) {
			since = d.Since
		}
	}
	return since
}

// waitedFor says how long, in its two largest units.
func waitedFor(d time.Duration) string {
	if d < time.Minute {
		return "just now"
	}
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	var parts []string
	switch {
	case days > 0:
		parts = append(parts, plural(days, "day", "days"))
		if hours > 0 {
			parts = append(parts, plural(hours, "hour", "hours"))
		}
	case hours > 0:
		parts = append(parts, plural(hours, "hour", "hours"))
		if mins > 0 {
			parts = append(parts, plural(mins, "minute", "minutes"))
		}
	default:
		parts = append(parts, plural(mins, "minute", "minutes"))
	}
	return strings.Join(parts, " ")
}
