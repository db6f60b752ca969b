package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kaleun/kaleun/persist"
)

// runRender draws a saved game's display mat, combat mat or log sheet.
func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "./kaleun.db", "database file, or a PostgreSQL URL (postgres://…)")
	game := fs.String("game", "", "game id (as kaleun audit --db FILE lists them)")
	what := fs.String("what", "mat", renderWhatUsage)
	out := fs.String("out", "", "output file: .png, or .csv for --what log")
	var packs packFlag
	fs.Var(&packs, "pack", "a content pack's directory, for a game played with one")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "kaleun render: "+format+"\n", a...)
		return code
	}
	if *game == "" || *out == "" {
		return fail(2, "--game and --out are required (the games: kaleun audit --db %s)", *db)
	}
	csv := strings.HasSuffix(*out, ".csv")
	if !csv && !strings.HasSuffix(*out, ".png") {
		return fail(2, "--out %s: want a .png (or .csv for the log)", *out)
	}
	if err := statDB(*db); err != nil {
		return fail(2, "%s: %v", *db, err)
	}
	store, err := openDB(context.Background(), *db, true)
	if err != nil {
		return fail(1, "%v", err)
	}
	defer store.Close()
	rec, err := store.Find(context.Background(), *game)
	if err != nil {
		return fail(2, "no game %q in %s (kaleun audit --db %s lists them)", *game, *db, *db)
	}
	if rec.AwaitingStart {
		return fail(2, "game %s has nothing to draw (a %s game waiting for its start)", rec.ID, rec.Game)
	}
	draw := gameRenders()[rec.Game]
	if draw == nil {
		if csv {
			return fail(2, "game %s is a %s game, whose pictures have no CSV form", rec.ID, rec.Game)
		}
		return renderIllustrated(rec, *what, *out, packs, stdout, fail)
	}
	return draw(rec, *what, *out, stdout, fail)
}

// renderIllustrated draws a picture of another game with its registered
// illustrator: the picture its view of that name comes with in chat.
func renderIllustrated(rec *persist.GameRecord, what, out string, packs []string, stdout io.Writer, fail func(int, string, ...any) int) int {
	games, err := gamesWith(gameContent{Packs: packs})
	if err != nil {
		return fail(1, "%v", err)
	}
	g := games[rec.Game]
	if g == nil || g.Illustrator == nil {
		return fail(2, "game %s is a %s game, which has no pictures", rec.ID, rec.Game)
	}
	st, err := g.Rules.Decode(rec.State)
	if err != nil {
		return fail(1, "game %s: %v", rec.ID, err)
	}
	pics, err := g.Illustrator.Illustrate(st, what, nil)
	if err != nil {
		return fail(1, "%v", err)
	}
	if len(pics) == 0 {
		return fail(2, "game %s has no picture for --what %s now (%s)", rec.ID, what, renderWhatUsage)
	}
	if err := os.WriteFile(out, pics[0].Data, 0o644); err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", out, len(pics[0].Data))
	return 0
}
