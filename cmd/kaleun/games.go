package main

import (
	"fmt"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboatleader"
	"github.com/kaleun/kaleun/engine/xxi"
	"github.com/kaleun/kaleun/internal/gamelist"
)

// gameContent is the content an operator or a player adds to the games:
// content packs, by directory, each for the game whose pack it is (kaleun
// serve's [uboatleader] packs, kaleun play's and kaleun verify's --pack).
type gameContent struct {
	Packs []string
}

// gameSections are the games' own sections of kaleun serve's config,
// embedded in it (config.go names none).
type gameSections struct {
	UBoatLeader uboatLeaderConfig `toml:"uboatleader"`
	XXI         xxiConfig         `toml:"xxi"`
}

// content is the content the games' sections add.
func (g gameSections) content() gameContent {
	return gameContent{Packs: append(append([]string(nil), g.UBoatLeader.Packs...), g.XXI.Packs...)}
}

// check checks the games' sections: each pack loads, as its section's
// game's.
func (g gameSections) check() error {
	r, err := uboatleader.NewRules()
	if err != nil {
		return err
	}
	if _, err := withPacks([]*engine.Game{uboatleader.Game(r, nil)}, g.UBoatLeader.Packs); err != nil {
		return fmt.Errorf("uboatleader.packs: %w", err)
	}
	if _, err := withPacks([]*engine.Game{xxi.Registered()}, g.XXI.Packs); err != nil {
		return fmt.Errorf("xxi.packs: %w", err)
	}
	return nil
}

// uboatLeaderConfig is kaleun serve's [uboatleader] section.
type uboatLeaderConfig struct {
	// Packs are the directories of the owners' packs the bot offers
	// besides the house pack (`/uboatleader new pack:ID`).
	Packs []string `toml:"packs"`
}

// xxiConfig is kaleun serve's [xxi] section.
type xxiConfig struct {
	// Packs are the directories of the owners' XXI packs the bot offers
	// besides the house pack (`/xxi new pack:ID`).
	Packs []string `toml:"packs"`
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
