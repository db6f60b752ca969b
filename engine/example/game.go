package example

import "github.com/kaleun/kaleun/engine"

// rulesVersion is kaleun's reading of the rulebook above: change it
// whenever a change makes games replay differently (an event, its words, a
// prompt's options), and record it (go test -update-rules-version).
const rulesVersion = "example/1"

// RulesVersion implements engine.Versioned.
func (r *Rules) RulesVersion() string { return rulesVersion }

// Game is the game's descriptor: what the bot, the platforms and the
// commands know of it. cmd/kaleun/games.go registers it in one line; a
// part left out is a feature the game does not have (no undo, no
// tournaments, no pictures here), and engine.NewRegistry refuses a
// descriptor without its required parts (rules, version, a help view).
func Game() *engine.Game {
	r := NewRules()
	return &engine.Game{
		Name:         Name,
		Title:        "Five or Better",
		Summary:      "Five or Better, the example game of one roll, steady or bold",
		UsageHint:    "new target:5 | turn | status | odds | help",
		Rules:        r,
		RulesVersion: rulesVersion,
		Setup:        setupFields,
		Views:        viewSpecs,
		OddsHelp:     oddsHelp,
		Simulator:    simulator{rules: r},
		Scored:       true,
		ScoreUnit:    "pt",
	}
}
