package duel

import "github.com/kaleun/kaleun/engine"

// Game is the two-player Hunters' descriptor (13.1): two careers in turn.
// il draws each career's pictures, nil for text only.
func Game(r *Rules, il engine.Illustrator) *engine.Game {
	return &engine.Game{
		Name:         r.Name(),
		Title:        "The Hunters, two players",
		Summary:      "The Hunters for two players (13.1)",
		UsageHint:    "new b:@opponent boat:VIIC | accept | score | help",
		Rules:        r,
		RulesVersion: r.RulesVersion(),
		Setup:        r.SetupFields(),
		Seats:        r.Seats(),
		Views:        r.ViewSpecs(),
		OddsHelp:     r.hunters.OddsHelp(),
		Undo:         r,
		FormerSetups: r.FormerSetups,
		Glancer:      r,
		ScoreUnit:    r.ScoreUnit(),
		Illustrator:  il,
		Words:        engine.Words{Player: "Kommandant"},
	}
}
