package uboot

import "github.com/kaleun/kaleun/engine"

// Game is U-BOOT's descriptor with the house pack.
func Game() *engine.Game { return GameWith(NewRules()) }

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
	}
}
