package hunters

import "github.com/kaleun/kaleun/engine"

// Game is The Hunters' descriptor, for cmd/kaleun/games.go: a career of
// one Kommandant, solitaire. il draws its pictures (engine/hunters/pictures,
// which imports this package), nil for text only.
func Game(r *Rules, il engine.Illustrator) *engine.Game {
	return &engine.Game{
		Name:         r.Name(),
		Title:        "The Hunters",
		Summary:      "The Hunters, a U-boat career in this channel",
		UsageHint:    "new boat:VIIC | turn | status | log | tournament join | help",
		Rules:        r,
		RulesVersion: r.RulesVersion(),
		Setup:        r.SetupFields(),
		Views:        r.ViewSpecs(),
		Tournaments:  r,
		OddsHelp:     r.OddsHelp(),
		OddsPolicy:   r,
		Outlook:      r,
		Undo:         r,
		FormerSetups: r.FormerSetups,
		Glancer:      r,
		ScoreUnit:    r.ScoreUnit(),
		Legends:      r.Legends(),
		Illustrator:  il,
		Simulator:    simulator{r},
		Words:        engine.Words{Player: "Kommandant", Games: "careers"},
	}
}
