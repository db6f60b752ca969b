package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
)

// The web pages' readers of tournaments and leaderboards (the players'
// are in player_page.go): the Service answers for each page by its link
// only, in the channel's words.

// FindTournament implements web.Tournaments: the tournament a link names,
// by the link only, its standings in the channel's words (StandingLines),
// its careers' deadlines and score series (TournamentProgress).
func (s *Service) FindTournament(ctx context.Context, link string) (*web.Tournament, error) {
	t, err := s.store.FindTournamentLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) || errors.Is(err, persist.ErrNoLinkSecret) {
		return nil, web.ErrNoGame
	}
	if err != nil {
		return nil, err
	}
	lines, teams, err := s.StandingLines(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("the standings of tournament %s: %w", t.ID, err)
	}
	page := &web.Tournament{Name: t.Name, Kind: t.Game, Format: t.Format, Status: t.Status, Organiser: t.OrganiserName, Started: t.Started, Ended: t.Ended, Teams: teams}
	if g := s.games[t.Game]; g != nil && g.Title != "" {
		page.Kind = g.Title
	}
	for _, l := range lines {
		st := web.Standing{Place: l.Place, Name: l.Name, Value: l.Value}
		if l.GameID != "" {
			if st.Link, err = s.store.Link(ctx, l.GameID); err != nil {
				return nil, err
			}
		}
		page.Standings = append(page.Standings, st)
	}
	if g := s.games[t.Game]; g != nil {
		page.Unit = g.ScoreUnit
	}
	progress, err := s.TournamentProgress(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("the careers of tournament %s: %w", t.ID, err)
	}
	for _, c := range progress {
		wc := web.Career{Name: c.Name, Deadline: c.Deadline, Awaited: c.Awaited}
		if wc.Link, err = s.store.Link(ctx, c.GameID); err != nil {
			return nil, err
		}
		for _, p := range c.Series {
			wc.Series = append(wc.Series, web.Point{Label: p.Label, Score: p.Score})
		}
		page.Careers = append(page.Careers, wc)
	}
	return page, nil
}

// FindBoard implements web.Boards: the server's leaderboard a link
// names, by the link only, in the words of the leaderboard command, each
// career's line linked to its player's page.
func (s *Service) FindBoard(ctx context.Context, link string) (*web.Board, error) {
	platform, space, game, err := s.store.FindBoardLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) || errors.Is(err, persist.ErrNoLinkSecret) {
		return nil, web.ErrNoGame
	}
	if err != nil {
		return nil, err
	}
	g := s.games[game]
	if g == nil {
		return nil, web.ErrNoGame
	}
	msgs, users, err := s.Leaderboard(ctx, platform, space, game)
	if err != nil {
		return nil, fmt.Errorf("the leaderboard of %s on %s/%s: %w", game, platform, space, err)
	}
	b := &web.Board{Title: g.Title + ": the leaderboard of a " + platform + " server"}
	for i, m := range msgs {
		sec := web.BoardSection{Title: m.Title, Text: m.Text}
		for j, f := range m.Fields {
			line := web.BoardLine{Name: f.Name, Value: f.Value}
			if i == 0 && j < len(users) && users[j] != "" {
				if line.Player, err = s.store.PlayerLink(ctx, platform, space, users[j]); err != nil {
					return nil, err
				}
			}
			sec.Lines = append(sec.Lines, line)
		}
		b.Sections = append(b.Sections, sec)
	}
	return b, nil
}
