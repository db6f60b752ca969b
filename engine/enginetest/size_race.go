//go:build race

package enginetest

// Under the race detector the kit plays a short game: its loops run in one
// goroutine, where the detector finds nothing, and cost ten times as much.
// The whole size runs without -race (size_norace.go).
const (
	defaultGames        = 1
	defaultMaxDecisions = 300
	defaultViewsEvery   = 20
	defaultSimGames     = 2
)
