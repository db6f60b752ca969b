//go:build !race

package enginetest

// The kit's size without the race detector (Options: Games, MaxDecisions,
// ViewsEvery): whole games, every view at every decision.
const (
	defaultGames        = 6
	defaultMaxDecisions = 3000
	defaultViewsEvery   = 1
	defaultSimGames     = 20
)
