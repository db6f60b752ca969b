package wolfpack

import "github.com/kaleun/kaleun/engine"

// The engine contract this game keeps (docs/contributors/adding-a-game.md).
var (
	_ engine.Versioned      = (*Rules)(nil)
	_ engine.Rules          = (*Rules)(nil)
	_ engine.Seated         = (*Rules)(nil)
	_ engine.TournamentOnly = (*Rules)(nil)
	_ engine.Scored         = (*Rules)(nil)
	_ engine.AdvisedRules   = (*Rules)(nil)

	_ engine.State      = (*State)(nil)
	_ engine.Multi      = (*State)(nil)
	_ engine.Routine    = (*State)(nil)
	_ engine.RoutineFor = (*State)(nil)
	_ engine.Absence    = (*State)(nil)
	_ engine.Summarized = (*State)(nil)
	_ engine.Advisor    = (*State)(nil)
)
