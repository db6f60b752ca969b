// Package simrun plays a simulation's games on several goroutines and hands
// their results back in the order of the games, so that a report folded from
// them is the same, to the last bit of every float, whatever the number of
// workers: `kaleun sim --workers N` prints one report for a seed.
package simrun

import (
	"sync"
	"sync/atomic"
)

// batchPerWorker is the most games each worker plays between two folds: big
// enough that the workers rarely wait on each other at a batch's end, small
// enough that a batch's results cost little. The first batches are smaller
// (one game a worker, then doubling), so that a fold that stops early, as
// Tonnage War's does after a few matches, wastes few games.
const batchPerWorker = 64

// InOrder plays games 0 to n-1 with play, on up to workers goroutines (fewer
// than 1 is 1), each worker with its own scratch from newScratch (a state a
// worker reuses from game to game), and calls fold with each game's result
// in the order of the games, on the caller's goroutine. fold returns false
// to stop: no later result is folded (a few later games may have been
// played, and are dropped). The first game, in order, whose play fails
// stops the run with its error, as a loop over the games would.
//
// play must depend only on its game's index and its scratch (its dice, for
// a simulation, from the index): then the results, and all fold makes of
// them, do not depend on workers.
func InOrder[S, R any](n, workers int, newScratch func() S, play func(scratch S, game int) (R, error), fold func(game int, r R) bool) error {
	if workers < 1 {
		workers = 1
	}
	if workers == 1 {
		// One worker: no goroutine, no batch, the loop itself.
		s := newScratch()
		for i := range n {
			r, err := play(s, i)
			if err != nil {
				return err
			}
			if !fold(i, r) {
				return nil
			}
		}
		return nil
	}
	scratch := make([]S, workers)
	for w := range scratch {
		scratch[w] = newScratch()
	}
	most := workers * batchPerWorker
	results := make([]R, most)
	errs := make([]error, most)
	panics := make([]any, workers)
	batch := workers
	for start := 0; start < n; start, batch = start+batch, min(2*batch, most) {
		size := min(batch, n-start)
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func(w int, s S) {
				defer wg.Done()
				defer func() {
					// A game's panic goes on on the caller's goroutine, as
					// in the loop of one worker.
					panics[w] = recover()
				}()
				for {
					k := int(next.Add(1)) - 1
					if k >= size {
						return
					}
					results[k], errs[k] = play(s, start+k)
				}
			}(w, scratch[w])
		}
		wg.Wait()
		for _, p := range panics {
			if p != nil {
				panic(p)
			}
		}
		for k := range size {
			if errs[k] != nil {
				return errs[k]
			}
			if !fold(start+k, results[k]) {
				return nil
			}
		}
	}
	return nil
}
