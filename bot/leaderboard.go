package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
)

// Leaderboards: every career on a server, running and finished, by score,
// against the game's historical results (The Hunters: the top ten of 15.1).

// careerRow is one career of a player.
type careerRow struct {
	user, name string
	game       *engine.Game
	// gameID is the career's game, over the record's place, for its page.
	gameID string
	engine.Summary
}

// careers collects the server's careers of a game.
func (s *Service) careers(ctx context.Context, place Place, game string) ([]careerRow, error) {
	var rows []careerRow
	var failure error
	prefix := place.Platform + "/" + place.Space + "/"
	err := s.store.EachGame(ctx, prefix, func(rec *persist.GameRecord) bool {
		if game != "" && !strings.HasPrefix(rec.Game, game) || rec.AwaitingStart {
			return true
		}
		g := s.games[rec.Game]
		if g == nil {
			return true
		}
		st, err := g.Rules.Decode(rec.State)
		if err != nil {
			failure = fmt.Errorf("game %s: %w", rec.ID, err)
			return false
		}
		sums, ok := engine.SummariesOf(st)
		if !ok {
			return true
		}
		for _, c := range sums {
			row := careerRow{user: rec.Owner, name: rec.OwnerName, game: g, gameID: rec.ID, Summary: c}
			if c.Seat != "" {
				if seat := seatOf(rec, c.Seat); seat != nil {
					row.user, row.name = seat.ID, seat.Name
				}
			}
			rows = append(rows, row)
		}
		return true
	})
	if err == nil {
		err = failure
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Score > rows[j].Score })
	return rows, err
}

// leaderboardSize is how many careers the leaderboard shows.
const leaderboardSize = 20

// leaderboard lists the server's best careers, each with where it would
// stand among the historical results.
func (s *Service) leaderboard(ctx context.Context, place Place, game string) (Reply, error) {
	r, _, err := s.leaderboardOf(ctx, place, game)
	if err != nil || s.webBase == "" {
		return r, err
	}
	// The page of the same board, on the message the channel gets anyway.
	link, err := s.store.BoardLink(ctx, place.Platform, place.Space, game)
	if err != nil {
		s.log.Warn("web: the link of a leaderboard's page", "err", err)
		return r, nil
	}
	m := &r.Public[0]
	m.Text = strings.TrimSpace(m.Text + "\n[View leaderboard ↗](" + s.webBase + web.BoardPath(link) + ")")
	return r, nil
}

// leaderboardOf is the leaderboard's reply and the user of each line of
// its first message.
func (s *Service) leaderboardOf(ctx context.Context, place Place, game string) (Reply, []string, error) {
	rows, err := s.careers(ctx, place, game)
	if err != nil {
		return Reply{}, nil, err
	}
	var users []string
	var legends []engine.Legend
	if g := s.games[game]; g != nil {
		legends = g.Legends
	}
	m := Message{Title: "Leaderboard"}
	if len(rows) == 0 {
		m.Text = "No careers on this server yet."
	}
	paces, err := s.leaderboardPaces(ctx, place, rows)
	if err != nil {
		return Reply{}, nil, err
	}
	for i, r := range rows {
		if i == leaderboardSize {
			m.Text = fmt.Sprintf("…and %d more careers.", len(rows)-leaderboardSize)
			break
		}
		m.Fields = append(m.Fields, engine.Field{Name: fmt.Sprintf("%d. %s", i+1, r.name), Value: careerLine(r) + among(legends, r.Score) + paceSuffix(paces[r.user])})
		users = append(users, r.user)
	}
	r := Reply{Public: []Message{m}}
	if len(legends) > 0 {
		h := Message{Title: "The historical top ten"}
		for _, l := range legends {
			h.Fields = append(h.Fields, engine.Field{Name: fmt.Sprintf("%d. %s", l.Rank, l.Name), Value: fmt.Sprintf("%s · %s", scoreText(s.games[game], l.Score), l.Note)})
		}
		r.Public = append(r.Public, h)
	}
	return r, users, nil
}

// careerOf lists one player's careers on the server.
func (s *Service) careerOf(ctx context.Context, place Place, asker User, player string) (Reply, error) {
	id, name := asker.ID, asker.Name
	if player != "" {
		var ok bool
		if id, name, ok = ParseUserArg(player); !ok {
			return private(fmt.Sprintf("%q is not a player: mention one, as `career player:@someone`.", player)), nil
		}
	}
	rows, err := s.careers(ctx, place, "")
	if err != nil {
		return Reply{}, err
	}
	m := Message{}
	for _, r := range rows {
		if r.user != id {
			continue
		}
		name = r.name
		m.Fields = append(m.Fields, engine.Field{Name: r.Label + " · " + r.Name, Value: careerLine(r)})
	}
	if name == "" {
		name = "<@" + id + ">"
	}
	m.Title = "Careers of " + name
	if len(m.Fields) == 0 {
		m.Text = "No careers on this server yet."
	}
	if l := s.playerLine(ctx, place, id); l != "" {
		m.Text = strings.TrimSpace(m.Text + "\n" + l)
	}
	return Reply{Public: []Message{m}}, nil
}

func careerLine(c careerRow) string {
	parts := []string{scoreText(c.game, c.Score), c.Rank}
	if c.Awards != "" && c.Awards != "none" {
		parts = append(parts, c.Awards)
	}
	parts = append(parts, c.Fate)
	if c.Mark != "" {
		parts = append(parts, "marked: "+c.Mark)
	}
	return strings.Join(parts, " · ")
}

// among says where a score would stand in the historical list.
func among(legends []engine.Legend, score int) string {
	for _, l := range legends {
		if score >= l.Score {
			return fmt.Sprintf(" · would rank #%d of the historical top ten", l.Rank)
		}
	}
	return ""
}

// Leaderboard is the server's leaderboard of a game as the channel's
// leaderboard command shows it (the web page of it shows the same), and
// the user of each line of its first message (for his page's link).
func (s *Service) Leaderboard(ctx context.Context, platform, space, game string) ([]Message, []string, error) {
	r, users, err := s.leaderboardOf(ctx, Place{Platform: platform, Space: space}, game)
	return r.Public, users, err
}
