package uboot

import (
	"time"

	"github.com/kaleun/kaleun/engine"
)

// Game is U-BOOT's descriptor with the house pack.
func Game() *engine.Game { return GameWith(NewRules()) }

// Illustrated is the descriptor with the board's picture (pictures.go's
// illustrator, made once by the registration: it parses the fonts).
func Illustrated(il engine.Illustrator) *engine.Game {
	g := Game()
	g.Illustrator = il
	// The board is one picture, in the pinned status message, edited in
	// place with every entry (issue 31: a live board beside the app), not
	// posted with the results.
	g.PinnedPicture = true
	g.RenderHelp = "board (the board as one picture: tracks, sections, sailors, pyramid)"
	return g
}

// GameWith is the descriptor playing r's packs.
func GameWith(r *Rules) *engine.Game {
	return &engine.Game{
		Name:         Name,
		Title:        "U-BOOT",
		Summary:      "U-BOOT The Board Game: the crew's board as a rules-checked ledger; the official app runs the game",
		UsageHint:    "new | status | log | variants | data | help",
		Rules:        r,
		RulesVersion: rulesVersion,
		Setup:        r.setupFields(),
		Roles:        Roles(),
		Views:        viewSpecs,
		Packs:        packKit(),
		Words:        engine.Words{Player: "Crew"},
		// A real-time game played at an agreed hour (digest §16.3: "session
		// tonight at 20:00", "linked patrol part 3 pending"); a linked
		// mission is several sessions of one patrol (§4.3).
		Sessions: &engine.LiveSessions{Length: 3 * time.Hour, Parts: "linked patrol part", Part: PartOf},
	}
}
