package hunters

import "github.com/kaleun/kaleun/engine"

// The engine contract this game keeps (docs/contributors/adding-a-game.md): the
// compiler checks each interface the bot relies on.
var (
	_ engine.Undo         = (*Rules)(nil)
	_ engine.Versioned    = (*Rules)(nil)
	_ engine.Rules        = (*Rules)(nil)
	_ engine.SetupForm    = (*Rules)(nil)
	_ engine.ViewCatalog  = (*Rules)(nil)
	_ engine.Tournaments  = (*Rules)(nil)
	_ engine.Legends      = (*Rules)(nil)
	_ engine.Scored       = (*Rules)(nil)
	_ engine.Reread       = (*Rules)(nil)
	_ engine.OddsPolicy   = (*Rules)(nil)
	_ engine.Outlooks     = (*Rules)(nil)
	_ engine.AdvisedRules = (*Rules)(nil)

	_ engine.State      = (*State)(nil)
	_ engine.Routine    = (*State)(nil)
	_ engine.Summarized = (*State)(nil)
	_ engine.Advisor    = (*State)(nil)
)
