package wolfpack

import "github.com/kaleun/kaleun/engine"

// ViewSpecs implements engine.ViewCatalog.
func (r *Rules) ViewSpecs() []engine.ViewSpec { return append([]engine.ViewSpec(nil), viewSpecs...) }

// Game is the wolfpack's descriptor (13.5): a team of careers that only a
// Wolfpack tournament starts.
func Game(r *Rules) *engine.Game {
	return &engine.Game{
		Name:           r.Name(),
		Title:          "The Hunters, wolfpack",
		Summary:        "The Hunters' wolfpack: a pack of boats, one player each (13.5)",
		Rules:          r,
		RulesVersion:   r.RulesVersion(),
		Seats:          r.Seats(),
		Views:          r.ViewSpecs(),
		TournamentOnly: r.TournamentOnly(),
		OddsHelp:       r.hunters.OddsHelp(),
		Glancer:        r,
		ScoreUnit:      r.ScoreUnit(),
		Words:          engine.Words{Player: "Kommandant"},
	}
}
