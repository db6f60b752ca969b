package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// runRender draws a saved game's display mat, combat mat or log sheet.
func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "./kaleun.db", "database file, or a PostgreSQL URL (postgres://…)")
	game := fs.String("game", "", "game id (as kaleun audit --db FILE lists them)")
	what := fs.String("what", "mat", renderWhatUsage())
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
	games, err := gamesWith(gameContent{Packs: packs})
	if err != nil {
		return fail(1, "%v", err)
	}
	g := games[rec.Game]
	if g == nil {
		return fail(2, "game %s is a %s game, which this kaleun does not play", rec.ID, rec.Game)
	}
	st, err := g.Rules.Decode(rec.State)
	if err != nil {
		return fail(1, "game %s: %v", rec.ID, err)
	}
	format := strings.TrimPrefix(filepath.Ext(*out), ".")
	var data []byte
	if r := renderingOf(g, *what); r != nil {
		if !slices.Contains(r.Formats, format) {
			return fail(2, "--what %s is drawn as %s, not %s", *what, strings.Join(r.Formats, " or "), format)
		}
		data, err = r.Draw(st, format)
		if errors.Is(err, engine.ErrNothingToDraw) {
			return fail(2, "game %s has %v", rec.ID, strings.TrimPrefix(err.Error(), engine.ErrNothingToDraw.Error()+": "))
		}
	} else {
		data, err = illustrated(g, rec, st, *what, format, fail)
		if data == nil && err == nil {
			return 2 // illustrated has said why
		}
	}
	if err != nil {
		return fail(1, "%v", err)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", *out, len(data))
	return 0
}

// renderingOf is the game's Rendering called what, nil when it has none.
func renderingOf(g *engine.Game, what string) *engine.Rendering {
	for i := range g.Renderings {
		if g.Renderings[i].What == what {
			return &g.Renderings[i]
		}
	}
	return nil
}

// illustrated draws the picture a game's view of that name comes with in
// chat, by its registered illustrator; nil data and nil error once it has
// said why there is none.
func illustrated(g *engine.Game, rec *persist.GameRecord, st engine.State, what, format string, fail func(int, string, ...any) int) ([]byte, error) {
	switch {
	case g.Illustrator == nil:
		fail(2, "game %s is a %s game, which has no pictures", rec.ID, rec.Game)
		return nil, nil
	case format != "png":
		fail(2, "game %s is a %s game, whose pictures have no %s form", rec.ID, rec.Game, strings.ToUpper(format))
		return nil, nil
	}
	pics, err := g.Illustrator.Illustrate(st, what, nil)
	if err != nil {
		return nil, err
	}
	if len(pics) == 0 {
		fail(2, "game %s has no picture for --what %s now (%s)", rec.ID, what, g.RenderHelp)
		return nil, nil
	}
	return pics[0].Data, nil
}

// renderWhatUsage is what kaleun render --what takes: each game's pictures,
// as its descriptor says.
func renderWhatUsage() string {
	games, err := availableGames()
	if err != nil {
		return "a picture of the game"
	}
	var parts []string
	for _, name := range games.Names() {
		if g := games[name]; g.RenderHelp != "" {
			parts = append(parts, g.Title+": "+g.RenderHelp)
		}
	}
	return strings.Join(parts, "; ")
}
