package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/kaleun/kaleun/internal/safefile"
	"io"
	"strings"

	"github.com/kaleun/kaleun/bot/audit"
)

// runAudit lists a database's games, or writes one game's audit file.
func runAudit(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "./kaleun.db", "database file, or a PostgreSQL URL (postgres://…)")
	game := fs.String("game", "", "game id to export (see the list without --game)")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if err := statDB(*db); err != nil {
		fmt.Fprintf(stderr, "kaleun audit: %s: %v\n", *db, err)
		return 2
	}
	ctx := context.Background()
	store, err := openDB(ctx, *db, true)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun audit:", err)
		return 1
	}
	defer store.Close()
	if *game == "" {
		// One damaged record does not hide the others: each readable game
		// is listed, each damaged record marked (exit 1 says some were).
		running, bad1, err1 := store.GamesReadable(ctx)
		done, bad2, err2 := store.FinishedReadable(ctx)
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
		for _, d := range bad1 {
			fmt.Fprintf(stdout, "%-18s %-8s %-10s %-9s %s\n", "?", "?", "DAMAGED", "?", d.Key+" (a running game's record does not parse)")
		}
		for _, d := range bad2 {
			fmt.Fprintf(stdout, "%-18s %-8s %-10s %-9s %s\n", d.Key, "?", "DAMAGED", "?", "(a finished game's record does not parse)")
		}
		if n := len(bad1) + len(bad2); n > 0 {
			fmt.Fprintf(stderr, "kaleun audit: %s: %d game record(s) marked DAMAGED do not parse and cannot be exported; the others can: restore the damaged ones from a backup (README: Backup and restore)\n", *db, n)
			return 1
		}
		return 0
	}
	rec, err := store.Find(ctx, *game)
	if err != nil {
		fmt.Fprintf(stderr, "kaleun audit: no game %q in %s (run without --game for the list)\n", *game, *db)
		return 2
	}
	// A terminal game's player holds the database, seed and all: its export
	// reveals the seed in force. Chat games reveal theirs in their own log.
	reveal := strings.HasPrefix(rec.Key, "terminal/")
	x, err := audit.Build(ctx, store, rec, reveal)
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
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	allowScripted := fs.Bool("allow-scripted", false, "accept a file whose dice were chosen by hand (kaleun play --dice), as a reproduction")
	head := fs.String("head", "", "the head hash posted in the game's channel (at least its first 12 hex digits): the file must contain it")
	var packs packFlag
	fs.Var(&packs, "pack", "a content pack's directory, for a game played with a pack of its owner's (the built-in packs need none)")
	usage := "usage: kaleun verify [--allow-scripted] [--head HASH] [--pack DIR] FILE (an audit file from `kaleun audit --game ID`, or from a chat game's audit command)"
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			fmt.Fprintln(stderr, usage)
			return flagExit(err)
		}
		if fs.NArg() == 0 {
			break
		}
		files, args = append(files, fs.Arg(0)), fs.Args()[1:] // flags may follow the file too
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	want := strings.ToLower(strings.TrimSpace(*head))
	if want != "" && !audit.ValidHeadPrefix(want) {
		fmt.Fprintln(stderr, "kaleun verify: --head wants hex digits, at least 12 of them (the head as posted in the channel)")
		return 2
	}
	data, err := safefile.ReadFile(files[0], safefile.AuditLimit)
	if err != nil {
		fmt.Fprintln(stderr, "kaleun verify:", err)
		return 2
	}
	games, err := gamesWith(gameContent{Packs: packs})
	if err != nil {
		fmt.Fprintln(stderr, "kaleun verify:", err)
		return 1
	}
	// The verdict and its words are bot/audit's, which the verifier built
	// for the browser prints too.
	v := audit.Check(data, games, audit.CheckOptions{AllowScripted: *allowScripted, Head: want, PacksGiven: len(packs) > 0})
	fmt.Fprint(stdout, v.Text)
	return v.Code
}
