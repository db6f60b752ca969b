// Package testsize lets a test of a pure, single-goroutine package pick its
// size by the build: the whole size without the race detector, a small one
// under -race. The race detector slows such loops tenfold or more and can find
// nothing in them, so CI (.ci/test) runs the engine packages twice: once under
// -race with the small sizes (for what does share memory, such as a cache
// behind a mutex) and once without -race at the full sizes. Every test thus
// runs at its full size somewhere.
package testsize

import "testing"

// Race reports whether the test binary was built with -race.
const Race = raceEnabled

// Scale returns full in a build without the race detector and small under
// -race.
func Scale(full, small int) int {
	if raceEnabled {
		return small
	}
	return full
}

// FullOnly skips t under -race. It is for a test whose size cannot shrink
// without losing its meaning (a golden digest of fixed replays, a comparison
// with a reference computed at that size); CI's pass without -race runs it.
func FullOnly(t testing.TB) {
	t.Helper()
	if raceEnabled {
		t.Skip("full size only: runs in the pass without -race (.ci/test)")
	}
}
