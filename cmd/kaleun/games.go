package main

import (
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/pictures"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/engine/uboatleader"
)

// availableGames lists the games this binary plays.
func availableGames() (map[string]engine.Rules, error) {
	h, err := hunters.NewRules()
	if err != nil {
		return nil, err
	}
	d, w := duel.NewRules(h), wolfpack.NewRules(h)
	tw, err := tonnagewar.NewRules()
	if err != nil {
		return nil, err
	}
	ubl, err := uboatleader.NewRules()
	if err != nil {
		return nil, err
	}
	return map[string]engine.Rules{h.Name(): h, d.Name(): d, w.Name(): w, tw.Name(): tw, ubl.Name(): ubl}, nil
}

// illustrators lists the games' picture makers.
func illustrators() (map[string]bot.Illustrator, error) {
	h, err := pictures.NewIllustrator()
	if err != nil {
		return nil, err
	}
	return map[string]bot.Illustrator{"hunters": h, "hunters-duel": h}, nil
}
