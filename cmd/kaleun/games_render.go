// The pictures kaleun render draws for one game. Like games.go, this file
// names games (see TestNoCommandFileNamesAGame).

package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/pictures"
	"github.com/kaleun/kaleun/persist"
)

// renderWhatUsage is what kaleun render --what takes: the pictures of the
// games that have them. Like games.go, this file names games, so that
// render.go need not.
const renderWhatUsage = "The Hunters: mat (the display mat), log (the patrol log sheet, .png or .csv) or combat (the combat mat); U-Boat Leader: map, or display while a battle is on it"

// gameRenders are the pictures drawn for one game by kaleun render with
// what only that game has (The Hunters' mats and its log sheet's CSV),
// by game name; any other game's are its illustrator's.
func gameRenders() map[string]func(rec *persist.GameRecord, what, out string, stdout io.Writer, fail func(int, string, ...any) int) int {
	return map[string]func(*persist.GameRecord, string, string, io.Writer, func(int, string, ...any) int) int{"hunters": renderHunters}
}

// renderHunters draws a Hunters career's display mat, combat mat or log
// sheet (or writes the sheet as CSV).
func renderHunters(rec *persist.GameRecord, what, out string, stdout io.Writer, fail func(int, string, ...any) int) int {
	csv := strings.HasSuffix(out, ".csv")
	switch {
	case what != "mat" && what != "log" && what != "combat":
		return fail(2, "--what %q: want mat, log or combat", what)
	case csv && what != "log":
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
		switch what {
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
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", out, len(data))
	return 0
}
