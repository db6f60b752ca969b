package uboatleader

import "github.com/kaleun/kaleun/engine"

// The engine contract this game keeps (docs/contributors/adding-a-game.md): the
// compiler checks each interface the bot relies on.
var (
	_ engine.Versioned   = (*Rules)(nil)
	_ engine.Rules       = (*Rules)(nil)
	_ engine.SetupForm   = (*Rules)(nil)
	_ engine.ViewCatalog = (*Rules)(nil)
	_ engine.Scored      = (*Rules)(nil)

	_ engine.State      = (*State)(nil)
	_ engine.Routine    = (*State)(nil)
	_ engine.Summarized = (*State)(nil)
	_ engine.Pinned     = (*State)(nil)
)
