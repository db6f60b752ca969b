package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strings"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/ops"
	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
	"github.com/kaleun/kaleun/persist/record"
)

// webConfig is kaleun serve's [web] section: the read-only pages
// (docs/operators/web.md), for now the verifier that runs in the reader's
// browser.
type webConfig struct {
	Enabled bool   `toml:"enabled"`
	Listen  string `toml:"listen"`
	// BaseURL is where readers reach the pages (behind a reverse proxy):
	// the start of the links chat will post. Empty: the listening address.
	BaseURL string `toml:"base_url"`
}

// check checks the section: a host:port to listen on, and a base URL that
// is an http(s) address with nothing but a path after its host.
func (w *webConfig) check(path string) error {
	if w.Enabled && strings.TrimSpace(w.Listen) == "" {
		return fmt.Errorf("%s: web.listen is empty: give the address the pages are served on, e.g. \"127.0.0.1:8090\" behind a reverse proxy (\"0.0.0.0:8090\" in a container, its port published)", path)
	}
	// The pages are public: any address may serve them (no allow_remote),
	// but it must be one.
	if err := ops.CheckListen(w.Listen, true); w.Listen != "" && err != nil {
		return fmt.Errorf("%s: web.listen: %v", path, err)
	}
	if w.BaseURL == "" {
		return nil
	}
	u, err := url.Parse(w.BaseURL)
	switch {
	case err != nil:
		return fmt.Errorf("%s: web.base_url %q does not parse: give the pages' address as readers reach it, e.g. \"https://kaleun.example.org/\"", path, w.BaseURL)
	case u.Scheme != "https" && u.Scheme != "http" || u.Host == "":
		return fmt.Errorf("%s: web.base_url is %q: give an absolute http or https address, e.g. \"https://kaleun.example.org/\"", path, w.BaseURL)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(w.BaseURL, "?") || strings.HasSuffix(w.BaseURL, "#"):
		return fmt.Errorf("%s: web.base_url is %q: give the address with no user, query or fragment, e.g. \"https://kaleun.example.org/kaleun/\"", path, w.BaseURL)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	w.BaseURL = u.String()
	return nil
}

// base is where a reader reaches the pages.
func (w *webConfig) base(addr string) string {
	if w.BaseURL != "" {
		return w.BaseURL
	}
	return "http://" + addr + "/"
}

// webGames are the database's games as the pages read them: by their
// links only.
type webGames struct{ *persist.Store }

func (g webGames) FindLink(ctx context.Context, link string) (*record.GameRecord, error) {
	rec, err := g.Store.FindLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) || errors.Is(err, persist.ErrNoLinkSecret) {
		// No secret (an old database opened to read): no link is a
		// game's; startWeb warned of it.
		return nil, web.ErrNoGame
	}
	return rec, err
}

// webTournaments are the database's tournaments as the pages read them:
// by their links only, the standings in the channel's words (the bot's).
type webTournaments struct {
	store *persist.Store
	svc   *bot.Service
	games engine.Registry
}

func (w webTournaments) FindTournament(ctx context.Context, link string) (*web.Tournament, error) {
	t, err := w.store.FindTournamentLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) || errors.Is(err, persist.ErrNoLinkSecret) {
		return nil, web.ErrNoGame
	}
	if err != nil {
		return nil, err
	}
	lines, teams, err := w.svc.StandingLines(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("the standings of tournament %s: %w", t.ID, err)
	}
	page := &web.Tournament{Name: t.Name, Kind: t.Game, Format: t.Format, Status: t.Status, Organiser: t.OrganiserName, Started: t.Started, Ended: t.Ended, Teams: teams}
	if g := w.games[t.Game]; g != nil && g.Title != "" {
		page.Kind = g.Title
	}
	for _, l := range lines {
		st := web.Standing{Place: l.Place, Name: l.Name, Value: l.Value}
		if l.GameID != "" {
			if st.Link, err = w.store.Link(ctx, l.GameID); err != nil {
				return nil, err
			}
		}
		page.Standings = append(page.Standings, st)
	}
	if g := w.games[t.Game]; g != nil {
		page.Unit = g.ScoreUnit
	}
	progress, err := w.svc.TournamentProgress(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("the careers of tournament %s: %w", t.ID, err)
	}
	for _, c := range progress {
		wc := web.Career{Name: c.Name, Deadline: c.Deadline, Awaited: c.Awaited}
		if wc.Link, err = w.store.Link(ctx, c.GameID); err != nil {
			return nil, err
		}
		for _, p := range c.Series {
			wc.Series = append(wc.Series, web.Point{Label: p.Label, Score: p.Score})
		}
		page.Careers = append(page.Careers, wc)
	}
	return page, nil
}

// webBoards are the servers' leaderboards as the pages read them: by
// their links only, in the words of the leaderboard command (the bot's).
type webBoards struct {
	store *persist.Store
	svc   *bot.Service
	games engine.Registry
}

func (w webBoards) FindBoard(ctx context.Context, link string) (*web.Board, error) {
	platform, space, game, err := w.store.FindBoardLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) || errors.Is(err, persist.ErrNoLinkSecret) {
		return nil, web.ErrNoGame
	}
	if err != nil {
		return nil, err
	}
	g := w.games[game]
	if g == nil {
		return nil, web.ErrNoGame
	}
	msgs, users, err := w.svc.Leaderboard(ctx, platform, space, game)
	if err != nil {
		return nil, fmt.Errorf("the leaderboard of %s on %s/%s: %w", game, platform, space, err)
	}
	b := &web.Board{Title: g.Title + ": the leaderboard of a " + platform + " server"}
	for i, m := range msgs {
		sec := web.BoardSection{Title: m.Title, Text: m.Text}
		for j, f := range m.Fields {
			line := web.BoardLine{Name: f.Name, Value: f.Value}
			if i == 0 && j < len(users) && users[j] != "" {
				if line.Player, err = w.store.PlayerLink(ctx, platform, space, users[j]); err != nil {
					return nil, err
				}
			}
			sec.Lines = append(sec.Lines, line)
		}
		b.Sections = append(b.Sections, sec)
	}
	return b, nil
}

// startWeb serves the pages at web.listen, the games' and tournaments'
// pages from store (the standings by svc); kaleun serve closes the server
// last.
func startWeb(cfg *config, log *slog.Logger, store *persist.Store, games engine.Registry, svc *bot.Service) (*web.Server, error) {
	site, err := web.New(web.Options{Games: webGames{store}, Rules: games, Log: log, Tournaments: webTournaments{store, svc, games}, Boards: webBoards{store, svc, games}, Players: svc})
	if err != nil {
		return nil, err
	}
	srv, err := web.Listen(cfg.Web.Listen, site, web.DefaultLimits(), log)
	if err != nil {
		return nil, fmt.Errorf("web.listen: %w", err)
	}
	base := cfg.Web.base(srv.Addr())
	if _, err := store.Link(context.Background(), "-"); errors.Is(err, persist.ErrNoLinkSecret) {
		log.Warn("the games' pages are not served: "+err.Error(), "database", store.Path())
	}
	if sum := site.Verifier(); sum != "" {
		log.Info("serving the web pages", "addr", srv.Addr(), "verifier", base+"verify/", "verifier_sha256", sum)
	} else {
		log.Warn("serving the web pages without the verifier: this kaleun was built without it (run go generate ./internal/web before go build); its page says so", "addr", srv.Addr(), "verifier", base+"verify/")
	}
	return srv, nil
}

// serveWeb is kaleun serve with [web] alone: the pages of the database,
// opened only to read (a replica of the pages beside the bots, on
// PostgreSQL; on a bbolt file no bot has open), and no platform, until ctx
// ends.
func serveWeb(ctx context.Context, cfg *config) error {
	log := cfg.logger(os.Stderr)
	games, err := gamesWith(cfg.games.content())
	if err != nil {
		return err
	}
	spec := cfg.Database.Path
	if cfg.Database.URL != "" {
		spec = cfg.Database.URL
	}
	store, err := openDB(ctx, spec, true)
	if err != nil {
		return err
	}
	defer store.Close()
	// The bot's service reads the standings; it takes no decision here, and
	// writes nothing (the store is read-only).
	srv, err := startWeb(cfg, log, store, games, bot.New(store, games, bot.Options{Logger: log}))
	if err != nil {
		return err
	}
	log.Info("kaleun is serving its web pages only", "version", versionLine(), "database", store.Path())
	<-ctx.Done()
	log.Info("shutting down the web pages")
	err = srv.Close()
	log.Info("stopped")
	return err
}
