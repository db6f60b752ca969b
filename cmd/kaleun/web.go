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

// startWeb serves the pages at web.listen, the games' and tournaments'
// pages from store (the standings by svc); kaleun serve closes the server
// last.
func startWeb(cfg *config, log *slog.Logger, store *persist.Store, games engine.Registry, svc *bot.Service) (*web.Server, error) {
	site, err := web.New(web.Options{Games: webGames{store}, Rules: games, Log: log, Tournaments: svc, Boards: svc, Players: svc})
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
