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
	// A terminal game's player holds the database, seed and all: its export
	// reveals the seed in force. Chat games reveal theirs in their own log.
	reveal := strings.HasPrefix(rec.Key, "terminal/")
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
	r := audit.Verify(data, games)
	for _, p := range r.Problems {
		fmt.Fprintln(stdout, p.String())
	}
	if !r.OK() {
		return 1
	}
	var x audit.Export
	json.Unmarshal(data, &x) // Verify has read it already
	fmt.Fprintf(stdout, "ok: game %s: %d entries, the hash chain intact; %d of %d dice recomputed from their seeds; %d decisions replayed through the rules to the same events\n",
		x.Game.ID, r.Entries, r.Checked, r.Dice, r.Decisions)
	if r.Reading != "" {
		fmt.Fprintf(stdout, "note: the decisions replay from the setup as the kaleun of its time read it, %s: the game was begun before a default of its rules changed\n", r.Reading)
	}
	for _, c := range r.Unrevealed {
		fmt.Fprintf(stdout, "note: the seed with commitment %s is not revealed yet: its dice are numbered and replayed, but cannot be recomputed until it is\n", c)
	}
	return 0
}
