package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
)

// runLink prints the address of a game's web page: the link chat posts,
// for an operator (a terminal game's page too). The link's id is the
// game's and an HMAC under the database's secret (persist's Link): only a
// holder of the database makes it.
func runLink(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("link", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "", "serve's configuration: its database and [web] base_url")
	db := fs.String("db", "", "database file, or a PostgreSQL URL (default: the config's, else ./kaleun.db)")
	game := fs.String("game", "", "the game's id (kaleun audit lists them)")
	tournament := fs.String("tournament", "", "a tournament's id instead: its page of standings")
	board := fs.String("leaderboard", "", "a server's leaderboard instead, as PLATFORM/SERVER/GAME (e.g. discord/123456/GAME: the leaderboard of the game GAME, as kaleun play --help names it, on that server)")
	player := fs.String("player", "", "a player's page instead (his careers on a server, and his luck), as PLATFORM/SERVER/USER (e.g. discord/123456/789: the user id 789 on that server)")
	base := fs.String("base", "", "the pages' address as readers reach them (default: the config's web.base_url, else http://web.listen/)")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	given := 0
	for _, v := range []string{*game, *tournament, *board, *player} {
		if v != "" {
			given++
		}
	}
	if given != 1 || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: kaleun link [--config FILE] [--db FILE] [--base URL] --game ID | --tournament ID | --leaderboard PLATFORM/SERVER/GAME | --player PLATFORM/SERVER/USER")
		return 2
	}
	w := webConfig{Listen: "127.0.0.1:8090"}
	spec := "./kaleun.db"
	if *cfgPath != "" {
		cfg, err := loadConfig(*cfgPath)
		if err != nil {
			fmt.Fprintln(stderr, "kaleun link:", err)
			return 2
		}
		w, spec = cfg.Web, cfg.Database.Path
		if cfg.Database.URL != "" {
			spec = cfg.Database.URL
		}
	}
	if *db != "" {
		spec = *db
	}
	if *base != "" {
		w.BaseURL = *base
		if err := w.check("--base"); err != nil {
			fmt.Fprintln(stderr, "kaleun link:", err)
			return 2
		}
	}
	if err := statDB(spec); err != nil {
		fmt.Fprintf(stderr, "kaleun link: %s: %v\n", spec, err)
		return 2
	}
	ctx := context.Background()
	store, err := openDB(ctx, spec, true)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun link:", err)
		return 1
	}
	defer store.Close()
	if *player != "" {
		parts := strings.Split(*player, "/")
		if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" || strings.Contains(*player, "~") {
			fmt.Fprintln(stderr, "kaleun link: --player wants PLATFORM/SERVER/USER (the platform's user id), e.g. discord/123456/789")
			return 2
		}
		link, err := store.PlayerLink(ctx, parts[0], parts[1], parts[2])
		if err != nil {
			fmt.Fprintln(stderr, "kaleun link:", err)
			return 1
		}
		fmt.Fprintln(stdout, w.base(w.Listen)+web.PlayerPath(link))
		return 0
	}
	if *board != "" {
		parts := strings.Split(*board, "/")
		if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" || strings.Contains(*board, "~") {
			fmt.Fprintln(stderr, "kaleun link: --leaderboard wants PLATFORM/SERVER/GAME (a name `kaleun play --help` lists), e.g. discord/123456/GAME")
			return 2
		}
		link, err := store.BoardLink(ctx, parts[0], parts[1], parts[2])
		if err != nil {
			fmt.Fprintln(stderr, "kaleun link:", err)
			return 1
		}
		fmt.Fprintln(stdout, w.base(w.Listen)+web.BoardPath(link))
		return 0
	}
	if *tournament != "" {
		if _, err := store.Tournament(ctx, *tournament); errors.Is(err, persist.ErrNotFound) {
			fmt.Fprintf(stderr, "kaleun link: no tournament %q in %s\n", *tournament, spec)
			return 2
		} else if err != nil {
			fmt.Fprintln(stderr, "kaleun link:", err)
			return 1
		}
		link, err := store.TournamentLink(ctx, *tournament)
		if err != nil {
			fmt.Fprintln(stderr, "kaleun link:", err)
			return 1
		}
		fmt.Fprintln(stdout, w.base(w.Listen)+web.TournamentPath(link))
		return 0
	}
	if _, err := store.Find(ctx, *game); errors.Is(err, persist.ErrNotFound) {
		fmt.Fprintf(stderr, "kaleun link: no game %q in %s (kaleun audit --db %s lists them)\n", *game, spec, spec)
		return 2
	} else if err != nil {
		fmt.Fprintln(stderr, "kaleun link:", err)
		return 1
	}
	link, err := store.Link(ctx, *game)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun link:", err)
		return 1
	}
	fmt.Fprintln(stdout, w.base(w.Listen)+web.GamePath(link))
	return 0
}
