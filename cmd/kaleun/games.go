package main

import (
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/gamelist"
)

// gameContent is the content an operator or a player adds to the games:
// content packs, by directory, each for the game whose pack it is (kaleun
// serve's [uboatleader] packs, kaleun play's and kaleun verify's --pack).
type gameContent struct {
	Packs []string
}

// defaultGame is the game `kaleun play` starts when none is named.
const defaultGame = "hunters"

// availableGames lists the games this binary plays, with their built-in
// content only.
func availableGames() (engine.Registry, error) { return gamesWith(gameContent{}) }

// gamesWith lists the games this binary plays, with the content added: each
// gamesWith lists the games this binary plays, with the content added. The
// list itself, one line per game, is internal/gamelist's: the verifier
// built for the browser replays with the same one (docs: adding a game).
func gamesWith(c gameContent) (engine.Registry, error) {
	list, err := gamelist.Games()
	if err != nil {
		return nil, err
	}
	games, err := withPacks(list, c.Packs)
	if err != nil {
		return nil, err
	}
	return engine.NewRegistry(games...)
}
