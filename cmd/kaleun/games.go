package main

import (
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
)

// availableGames lists the games this binary plays.
func availableGames() (map[string]engine.Rules, error) {
	h, err := hunters.NewRules()
	if err != nil {
		return nil, err
	}
	return map[string]engine.Rules{h.Name(): h}, nil
}
