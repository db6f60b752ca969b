package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/pictures"
	"github.com/kaleun/kaleun/persist"
)

// runRender draws a saved game's display mat, combat mat or log sheet.
func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "./kaleun.db", "database file, or a PostgreSQL URL (postgres://…)")
	game := fs.String("game", "", "game id (as kaleun audit --db FILE lists them)")
	what := fs.String("what", "mat", "mat (the display mat), log (the patrol log sheet) or combat (the combat mat); for U-Boat Leader map or display")
	out := fs.String("out", "", "output file: .png, or .csv for --what log")
	var packs packFlag
	fs.Var(&packs, "pack", "a content pack's directory, for a game played with one (uboatleader)")
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
	if rec.Game != "hunters" {
		if csv {
			return fail(2, "only a Hunters log sheet has a CSV form")
		}
		return renderIllustrated(rec, *what, *out, packs, stdout, fail)
	}
	switch {
	case *what != "mat" && *what != "log" && *what != "combat":
		return fail(2, "--what %q: want mat, log or combat", *what)
	case csv && *what != "log":
		return fail(2, "only the log sheet has a CSV form (--what log)")
	}
	rules, err := hunters.NewRules()
	if err != nil {
		return fail(1, "%v", err)
	}
	st, err := rules.Decode(rec.State)
	if err != nil {
		return fail(1, "game %s: %v", rec.ID, err)
	}
	s := st.(*hunters.State)
	var data []byte
	if csv {
		data, err = pictures.LogCSV(s)
	} else {
		p, perr := pictures.New()
		if perr != nil {
			return fail(1, "%v", perr)
		}
		switch *what {
		case "mat":
			data, err = p.DisplayMat(s.Sheet())
		case "log":
			data, err = p.LogSheet(s)
		case "combat":
			sheet, ok := s.CombatSheet()
			if !ok {
				return fail(2, "game %s has no ship engagement on its combat mat now: the combat mat is drawn while one is fought", rec.ID)
			}
			data, err = p.CombatMat(sheet)
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

// renderIllustrated draws a picture of another game with its registered
// illustrator: the picture its view of that name comes with in chat.
func renderIllustrated(rec *persist.GameRecord, what, out string, packs []string, stdout io.Writer, fail func(int, string, ...any) int) int {
	games, err := gamesWith(gameContent{UBoatLeaderPacks: packs})
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
		return fail(2, "game %s has no picture for --what %s now (U-Boat Leader: map, or display while a battle is on it)", rec.ID, what)
	}
	if err := os.WriteFile(out, pics[0].Data, 0o644); err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", out, len(pics[0].Data))
	return 0
}
