package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/luck"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
)

// FindPlayer implements web.Players: the page a player's link names, by
// the link only (web.ErrNoGame for any other).
func (s *Service) FindPlayer(ctx context.Context, link string) (*web.Player, error) {
	platform, space, user, err := s.store.FindPlayerLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) || errors.Is(err, persist.ErrNoLinkSecret) {
		return nil, web.ErrNoGame
	}
	if err != nil {
		return nil, err
	}
	page, err := s.PlayerPage(ctx, platform, space, user)
	if err != nil {
		return nil, fmt.Errorf("the page of player %s on %s/%s: %w", user, platform, space, err)
	}
	p := &web.Player{Name: page.Name, Server: "His careers on a " + platform + " server.", Luck: page.Luck, Games: page.Games, Withheld: page.Withheld, Unreplayed: page.Unreplayed}
	for _, c := range page.Careers {
		pc := web.PlayerCareer{Kind: c.Kind, Label: c.Label, Name: c.Name, Line: c.Line}
		if pc.Link, err = s.store.Link(ctx, c.GameID); err != nil {
			return nil, err
		}
		p.Careers = append(p.Careers, pc)
	}
	return p, nil
}

// A player's web page: his careers on a server, as the leaderboard reads
// them (every game of the server's channels, the same games the
// leaderboard lists), and his luck: the rolls made in the decisions of the
// seats he holds, against fair dice (package luck).

// PlayerCareer is one of his careers, in the leaderboard's words.
type PlayerCareer struct {
	GameID, Kind, Label, Name, Line string
	Over                            bool
}

// PlayerPage is a player's page's content.
type PlayerPage struct {
	Name    string
	Careers []PlayerCareer
	Luck    luck.Report
	// Games is how many of his games his rolls were read from; Withheld
	// how many were left out because their log is not shown yet
	// (audit.Withheld: hidden cards, or a secret choice pending);
	// Unreplayed how many could not be replayed (logged, and left out: one
	// game's fault does not take his page down).
	Games, Withheld, Unreplayed int
}

// PlayerPage reads a player's careers and rolls on a server; a player
// with no game there has an empty page (his name unknown: "").
func (s *Service) PlayerPage(ctx context.Context, platform, space, user string) (*PlayerPage, error) {
	place := Place{Platform: platform, Space: space}
	rows, err := s.careers(ctx, place, "")
	if err != nil {
		return nil, err
	}
	page := &PlayerPage{}
	for _, r := range rows {
		if r.user != user {
			continue
		}
		page.Name = r.name
		kind := r.game.Title
		page.Careers = append(page.Careers, PlayerCareer{GameID: r.gameID, Kind: kind, Label: r.Label, Name: r.Name, Line: careerLine(r), Over: r.Over})
	}
	// His games, read first: each one's log is read after, outside the
	// listing's transaction.
	type mine struct {
		rec  persist.GameRecord
		held map[string]bool
	}
	var games []mine
	err = s.store.EachGame(ctx, platform+"/"+space+"/", func(rec *persist.GameRecord) bool {
		held, name := seatsHeld(rec, user)
		if held == nil || rec.AwaitingStart {
			return true
		}
		if page.Name == "" {
			page.Name = name
		}
		games = append(games, mine{*rec, held})
		return true
	})
	if err != nil {
		return nil, err
	}
	var rolls []engine.Roll
	for _, g := range games {
		got, withheld, err := s.rollsOf(ctx, &g.rec, g.held)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			s.log.Warn("web: a player's page leaves out a game it cannot replay", "game", g.rec.ID, "err", err)
			page.Unreplayed++
			continue
		}
		if withheld {
			page.Withheld++
			continue
		}
		page.Games++
		rolls = append(rolls, got...)
	}
	page.Luck = luck.Measure(rolls)
	return page, nil
}

// seatsHeld are the seats a user holds in a game ("" stands for the
// decisions no seat is named for, the start's among them: the commander's,
// who holds the first seat), nil when he plays no part; and his name there.
func seatsHeld(rec *persist.GameRecord, user string) (map[string]bool, string) {
	held := map[string]bool{}
	name := ""
	if rec.Owner == user {
		held[""], name = true, rec.OwnerName
	}
	for _, seat := range rec.Seats {
		if seat.ID == user {
			held[seat.Seat], name = true, seat.Name
		}
	}
	if len(held) == 0 {
		return nil, ""
	}
	if len(rec.Seats) == 0 && held[""] {
		held["*"] = true // a game of one: every decision is his
	}
	return held, name
}

// rollsOf are the rolls of a game's decisions in force that a seat of
// held took (its undone decisions' are not: their dice no longer count),
// rebuilt from the log as the replay does; withheld when the log may not
// be shown yet (audit.Withheld). A roll for one seat's eyes, or hidden
// from all, counts only once the game is over.
func (s *Service) rollsOf(ctx context.Context, rec *persist.GameRecord, held map[string]bool) (rolls []engine.Roll, withheld bool, err error) {
	g := s.games[rec.Game]
	if g == nil {
		return nil, false, nil
	}
	st, err := g.Rules.Decode(rec.State)
	if err != nil {
		return nil, false, err
	}
	if audit.Withheld(st) != "" {
		return nil, true, nil
	}
	entries, err := s.store.Events(ctx, rec.ID, 1, 0)
	if err != nil {
		return nil, false, err
	}
	t, err := audit.Rebuild(g, rec.Setup, entries)
	if err != nil {
		return nil, false, fmt.Errorf("replaying its log: %w", err)
	}
	// Each die of a decision in force, by its place among the logged dice
	// (the replay rolls them in that order): the seat that took the
	// decision.
	seatOfDie := map[int64]string{}
	for _, d := range t.Live {
		seat := ""
		if d.Prompt != nil {
			seat = d.Prompt.Seat
		}
		for _, n := range d.Dice {
			seatOfDie[n] = seat
		}
	}
	var pos int64
	for _, e := range entries {
		if len(e.Dice) == 0 {
			continue
		}
		seat, live := seatOfDie[pos]
		pos += int64(len(e.Dice))
		if !live || !(held[seat] || held["*"]) {
			continue
		}
		var ev engine.Event
		if err := json.Unmarshal(e.Event, &ev); err != nil {
			return nil, false, fmt.Errorf("log entry %d: %w", e.Seq, err)
		}
		if ev.Kind != engine.KindRoll || ev.Roll == nil || (ev.Seat != "" || ev.Hidden) && !rec.Over {
			continue
		}
		rolls = append(rolls, *ev.Roll)
	}
	return rolls, false, nil
}
