package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/persist"
)

// runAudit lists a database's games, or writes one game's audit file.
func runAudit(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "./kaleun.db", "database file")
	game := fs.String("game", "", "game id to export (see the list without --game)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if _, err := os.Stat(*db); err != nil {
		fmt.Fprintf(stderr, "kaleun audit: %s: %v\n", *db, err)
		return 2
	}
	store, err := persist.Open(*db)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun audit:", err)
		return 1
	}
	defer store.Close()
	if *game == "" {
		running, err1 := store.Games()
		done, err2 := store.Finished()
		if err := errors.Join(err1, err2); err != nil {
			fmt.Fprintln(stderr, "kaleun audit:", err)
			return 1
		}
		fmt.Fprintf(stdout, "%-18s %-8s %-10s %-9s %s\n", "GAME", "KIND", "STATE", "DECISIONS", "WHERE")
		for _, g := range append(running, done...) {
			state := "running"
			if g.Over {
				state = "finished"
			}
			fmt.Fprintf(stdout, "%-18s %-8s %-10s %-9d %s\n", g.ID, g.Game, state, g.Decisions, g.Key)
		}
		return 0
	}
	rec, err := store.Find(*game)
	if err != nil {
		fmt.Fprintf(stderr, "kaleun audit: no game %q in %s (run without --game for the list)\n", *game, *db)
		return 2
	}
	// The seed is revealed once the game is over, and always for terminal
	// games, whose player holds the database anyway.
	reveal := rec.Over || strings.HasPrefix(rec.Key, "terminal/")
	x, err := audit.Build(store, rec, reveal)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun audit:", err)
		return 1
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(x); err != nil {
		fmt.Fprintln(stderr, "kaleun audit:", err)
		return 1
	}
	return 0
}

// runVerify checks an audit file and prints one line per problem.
func runVerify(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: kaleun verify FILE (an audit file from `kaleun audit --game ID` or `/hunters audit`)")
		return 2
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(stderr, "kaleun verify:", err)
		return 2
	}
	games, err := availableGames()
	if err != nil {
		fmt.Fprintln(stderr, "kaleun verify:", err)
		return 1
	}
	probs := audit.Verify(data, games)
	for _, p := range probs {
		fmt.Fprintln(stdout, p.String())
	}
	if len(probs) > 0 {
		return 1
	}
	var x audit.Export
	json.Unmarshal(data, &x)
	what := "the hash chain and the replay of every decision"
	if x.Dice.Seed != "" || x.Dice.Scheme == "scripted" {
		what = "every die against the seed, " + what
	} else {
		what += " (the seed is not revealed yet: the dice themselves cannot be checked)"
	}
	fmt.Fprintf(stdout, "ok: game %s, %d entries: %s check out\n", x.Game.ID, len(x.Entries), what)
	return 0
}
