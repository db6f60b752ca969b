// Package gamelist is the list of the games Kaleun plays: each game's
// descriptor, one line each. kaleun (cmd/kaleun/games.go adds the content
// an operator or a player gives, packs) and the verifier that runs in the
// browser (cmd/kaleun-verify-wasm) both read it, so the browser replays a
// log with the very games the command does. Adding a game is one line here
// (docs/contributors/adding-a-game.md).
package gamelist

import (
	"io"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/example"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/pictures"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/engine/uboatleader"
	ublpictures "github.com/kaleun/kaleun/engine/uboatleader/pictures"
	"github.com/kaleun/kaleun/engine/uboot"
	ubootpictures "github.com/kaleun/kaleun/engine/uboot/pictures"
	"github.com/kaleun/kaleun/engine/xxi"
	"github.com/kaleun/kaleun/internal/huntersbench"
)

// Games returns the descriptors of the games this module plays, with their
// built-in content only, in the order kaleun lists them: one line each.
func Games() ([]*engine.Game, error) {
	h, err := hunters.NewRules()
	if err != nil {
		return nil, err
	}
	tw, err := tonnagewar.NewRules()
	if err != nil {
		return nil, err
	}
	ubl, err := uboatleader.NewRules()
	if err != nil {
		return nil, err
	}
	hil, err := pictures.NewIllustrator()
	if err != nil {
		return nil, err
	}
	uil, err := ublpictures.NewIllustrator()
	if err != nil {
		return nil, err
	}
	ubi, err := ubootpictures.NewIllustrator()
	if err != nil {
		return nil, err
	}
	return []*engine.Game{
		withBench(withRenderings(hunters.Game(h, hil), hil.Renderings(), pictures.RenderHelp), huntersbench.Run),
		duel.Game(duel.NewRules(h), hil),
		wolfpack.Game(wolfpack.NewRules(h)),
		tonnagewar.Game(tw),
		uboatleader.Game(ubl, uil),
		xxi.Registered(),
		uboot.Illustrated(ubi),
		example.Game(),
	}, nil
}

// Registry is the games of Games, checked and with their defaults filled
// (engine.NewRegistry): what a verifier replays a log with.
func Registry() (engine.Registry, error) {
	games, err := Games()
	if err != nil {
		return nil, err
	}
	return engine.NewRegistry(games...)
}

// withBench gives a game its kaleun bench (a tool beside the game, kept out
// of engine/ because it reads clocks).
func withBench(g *engine.Game, bench func(args []string, stdout, stderr io.Writer) int) *engine.Game {
	g.Bench = bench
	return g
}

// withRenderings gives a game the pictures kaleun render draws beyond its
// illustrator's (drawn by its pictures package, which the game's own
// package cannot import).
func withRenderings(g *engine.Game, r []engine.Rendering, help string) *engine.Game {
	g.Renderings, g.RenderHelp = r, help
	return g
}
