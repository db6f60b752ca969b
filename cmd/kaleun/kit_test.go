package main

import (
	"testing"

	"github.com/kaleun/kaleun/engine/enginetest"
)

// Every game this binary registers passes the conformance kit: a game that
// registers and breaks the engine's contract fails the tests here, whatever
// its own package tests.
func TestEveryRegisteredGamePassesTheKit(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			enginetest.Run(t, games[name], enginetest.Options{})
		})
	}
}
