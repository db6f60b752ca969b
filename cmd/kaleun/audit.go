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

// Exit statuses of kaleun verify beyond 0 (intact, seeded dice), 1 (a
// problem) and 2 (usage).
const (
	exitScripted     = 3 // intact, but its dice were chosen by hand
	exitRulesChanged = 4 // intact, but played under rules this kaleun reads differently
)

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
	if want != "" && !validHeadPrefix(want) {
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
	r := audit.Verify(data, games)
	for _, p := range r.Problems {
		fmt.Fprintln(stdout, p.String())
	}
	if !r.Intact() {
		for _, p := range r.Problems {
			if strings.Contains(p.String(), "no pack ") && len(packs) == 0 {
				fmt.Fprintln(stdout, "note: the game was played with a content pack this kaleun does not hold: pass its directory with --pack DIR (kaleun pack check DIR prints its SHA-256, which the log names)")
				break
			}
		}
		if r.Scripted {
			fmt.Fprintln(stdout, "note: the file also says its dice were chosen by hand (scripted), not drawn from a seed")
		}
		return 1
	}
	if r.Scripted && !*allowScripted {
		fmt.Fprintf(stdout, "SCRIPTED DICE: the %d dice of game %s were chosen by hand (kaleun play --dice), not drawn from a seed: this file says nothing about luck, it is a reproduction. Its log is otherwise intact (%d entries, %d decisions replayed through the rules); pass --allow-scripted to accept a scripted file.\n",
			r.Dice, r.GameID, r.Entries, r.Decisions)
		return exitScripted
	}
	if c := r.RulesChanged; c != nil {
		logged := "rules the log does not name (it was begun before kaleun named its rules versions)"
		if c.Logged != "" {
			logged = "rules version " + c.Logged
		}
		dice := fmt.Sprintf("%d of %d dice recomputed from their seeds", r.Checked, r.Dice)
		fmt.Fprintf(stdout, "RULES CHANGED: game %s: %d entries, the hash chain intact; %s; %d decisions replayed through the rules to the same events. "+
			"From decision %d the game was played under %s, and this kaleun reads the rules as %s: there they replay differently (%s). "+
			"Nothing here says the log was changed (its head does, if it differs from the one posted); replay it with a kaleun of those rules (docs/auditors/dice.md, \"Rules versions\").\n",
			r.GameID, r.Entries, dice, r.Decisions, c.Decision, logged, c.Current, c.Finding.String())
		fmt.Fprintf(stdout, "head: %s\n", r.Head)
		return exitRulesChanged
	}
	if r.Scripted {
		fmt.Fprintf(stdout, "ok (scripted): game %s: %d entries, the hash chain intact; the %d dice were CHOSEN BY HAND, none is random: each equals the listed script; %d decisions replayed through the rules to the same events\n",
			r.GameID, r.Entries, r.Matched, r.Decisions)
	} else {
		dice := fmt.Sprintf("%d of %d dice recomputed from their seeds", r.Checked, r.Dice)
		if r.Checked < r.Dice {
			dice = fmt.Sprintf("only %d of %d dice recomputed from their seeds (the other %d wait for their seed's reveal: until then nothing but the head vouches for them)", r.Checked, r.Dice, r.Dice-r.Checked)
		}
		fmt.Fprintf(stdout, "ok: game %s: %d entries, the hash chain intact; %s; %d decisions replayed through the rules to the same events; the game is %s\n",
			r.GameID, r.Entries, dice, r.Decisions, map[bool]string{true: "over", false: "still running"}[r.Over])
	}
	if r.Undos > 0 {
		fmt.Fprintf(stdout, "undos: %s; %d taken back before any die was rolled since (free). Each void entry names the dice it discarded; none was rolled again.\n",
			audit.UndoneText(r.UndoneAfterDice), r.Undos-r.UndoneAfterDice)
	}
	if r.Reading != "" {
		fmt.Fprintf(stdout, "note: the decisions replay from the setup as the kaleun of its time read it, %s: the game was begun before a default of its rules changed\n", r.Reading)
	}
	code := 0
	fmt.Fprintf(stdout, "head: %s\n", r.Head)
	if want == "" {
		fmt.Fprintln(stdout, "  Compare it with the head posted in the game's channel (`history` and the footers of its messages show its first 12 digits), or pass it with --head: a log re-hashed from end to end passes every check above, and only its head differs.")
	} else if seq, ok := entryWithHash(data, want); !ok {
		fmt.Fprintf(stdout, "HEAD NOT FOUND: no entry of this file has the hash %s that you gave: this is not the log that was posted (or not the same game)\n", want)
		code = 1
	} else if seq == r.Entries {
		fmt.Fprintf(stdout, "  The head you gave (%s) is this file's head: the log is the one posted.\n", want)
	} else {
		fmt.Fprintf(stdout, "  The head you gave (%s) is entry %d's hash: the first %d entries are the log as posted then; entries %d to %d came after it.\n", want, seq, seq, seq+1, r.Entries)
	}
	if r.Version == 1 {
		fmt.Fprintln(stdout, "note: a format 1 file (a game begun before format 2): its game id, creation time and setup are not bound by its chain, and its hashes are of the bytes Go wrote (a re-encoding that re-sorts keys no longer verifies)")
	}
	for _, c := range r.Unrevealed {
		fmt.Fprintf(stdout, "note: the seed with commitment %s is not revealed yet: its dice are numbered and replayed, but cannot be recomputed until it is\n", c)
	}
	return code
}

// validHeadPrefix tells whether s (lower case) can be a posted head: 12 to
// 64 hex digits.
func validHeadPrefix(s string) bool {
	return len(s) >= 12 && len(s) <= 64 && strings.Trim(s, "0123456789abcdef") == ""
}

// entryWithHash finds the entry whose hash starts with prefix.
func entryWithHash(data []byte, prefix string) (int, bool) {
	var x audit.Export
	if json.Unmarshal(data, &x) != nil {
		return 0, false
	}
	for _, e := range x.Entries {
		if strings.HasPrefix(e.Hash, prefix) {
			return int(e.Seq), true
		}
	}
	return 0, false
}
