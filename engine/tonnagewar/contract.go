package tonnagewar

import "github.com/kaleun/kaleun/engine"

// The engine contract this game keeps (docs/contributors/adding-a-game.md).
var (
	_ engine.Versioned      = (*Rules)(nil)
	_ engine.Rules          = (*Rules)(nil)
	_ engine.SetupForm      = (*Rules)(nil)
	_ engine.ViewCatalog    = (*Rules)(nil)
	_ engine.Seated         = (*Rules)(nil)
	_ engine.CommandCatalog = (*Rules)(nil)

	_ engine.State        = (*State)(nil)
	_ engine.PrivateViews = (*State)(nil)
	_ engine.Pinned       = (*State)(nil)
)
