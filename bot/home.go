package bot

import (
	"context"
	"fmt"

	"github.com/kaleun/kaleun/internal/ops"
)

// GamesPage is the caller's list of games whole (issue 34, item 2), for a
// surface that shows it as a page of its own and builds it afresh each
// time it is looked at: Slack's App Home tab. It holds what `/kaleun
// games` lists, unbounded (the surface bounds it, and says how many it
// leaves out), with his tournaments apart. It is his alone: it reads the
// index of the games by player under his id on the platform of the place
// given, changes nothing and takes no lock.
type GamesPage struct {
	// Text sums it up: "3 games, 1 waiting on you; 2 tournaments."
	Text string
	// Waiting is how many of Games wait on him (they come first).
	Waiting int
	// Games are his games' lines, those waiting on him first, the longest
	// waiting first, then the rest, the longest quiet first; each says how
	// long it has waited and links to its prompt (Jump) in its place (Home).
	Games []Line
	// Tournaments are the open and running tournaments he has entered
	// (and not left), the oldest first, each linking to its channel.
	Tournaments []Line
}

// GamesPage builds a user's page of games on the platform of place (any
// place of it: the page is the same from every one).
func (s *Service) GamesPage(ctx context.Context, place Place, user User) (page GamesPage, err error) {
	ctx, leave := s.enter(ctx, ops.ByPlayer)
	defer leave(&err)
	rows, tours, err := s.gameRows(ctx, place, user)
	if err != nil {
		return GamesPage{}, fmt.Errorf("the games of %s: %w", user.ID, err)
	}
	sortWaits(rows)
	for _, r := range rows {
		page.Games = append(page.Games, r.line)
		if r.mine {
			page.Waiting++
		}
	}
	for _, t := range tours {
		page.Tournaments = append(page.Tournaments, tournamentLine(t, user.ID))
	}
	page.Text = fmt.Sprintf("%s, %d waiting on you; %s.", plural(len(page.Games), "game", "games"), page.Waiting, plural(len(page.Tournaments), "tournament", "tournaments"))
	if len(page.Games) == 0 && len(page.Tournaments) == 0 {
		page.Text = "You play in no game or tournament in any channel this bot shares with you. `new` starts one in a channel; `tournament join` enters one."
	}
	return page, nil
}
