package hunters

import (
	"errors"
	"fmt"
	"sync"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters/charts"
)

// OutlookCareers is how many careers a career outlook simulates.
const OutlookCareers = 10000

// Outlook implements engine.Outlooks: the outlook of a career set up so.
func (r *Rules) Outlook(setup []byte, workers int) (string, error) {
	su, err := r.ParseSetup(setup)
	if err != nil {
		return "", err
	}
	return Outlook(r, su, workers)
}

// Outlook forecasts a career with the setup's boat, start date and rules
// from 10,000 careers of the built-in commander, in a sentence: the very
// numbers `kaleun sim --careers 10000` prints for them (its default seed).
// The careers take most of a second of one core, and they depend only on
// the rules' pack and the setup (fixed dice), so the rules keep the last
// outlooks they worked out (outlookCache).
//
// workers bounds the goroutines the careers run on; the sentence is the
// same for any number, so the cache keeps one whatever the workers.
func Outlook(r *Rules, su Setup, workers int) (string, error) {
	return r.outlooks.get(r.pack, su, func() (string, error) { return outlook(r, su, workers) })
}

// outlook works an outlook out.
func outlook(r *Rules, su Setup, workers int) (string, error) {
	rep, err := simulate(r, su, OutlookCareers, workers, func(i int) engine.Dice { return dice.NewFast(1 + uint64(i)) })
	if err != nil {
		return "", err
	}
	rules := ""
	if t := su.Settings.String(); t != "" {
		rules = " --rules " + t
	}
	return fmt.Sprintf("Career outlook, Type %s from %s: in %s careers of the built-in commander the mean tonnage is %s t (median %s t), %.1f%% are still in command in June 1943 and %.1f%% win the Knight's Cross (as `kaleun sim --careers %d --boat %s --start %s%s` counts them).",
		typeName(su.Boat), su.Start.Label(), thousands(OutlookCareers), thousands(int(rep.MeanTons+0.5)), thousands(int(rep.MedianTons+0.5)),
		100*rep.SurvivedShare, 100*rep.KnightsCross, OutlookCareers, su.Boat, su.Start, rules), nil
}

// outlookCacheSize bounds the outlooks a Rules value keeps: each is one
// sentence, and a server's careers start from few setups.
const outlookCacheSize = 128

// outlookCache memoises outlooks by pack and setup: the whole setup, since
// the simulated careers start from all of it (a U-boat number left to 14.4
// is rolled), so equal keys always give equal outlooks. Callers asking for
// one being worked out wait for it rather than work it out again. Safe for
// concurrent use; the oldest outlook goes when the cache is full.
type outlookCache struct {
	mu      sync.Mutex
	entries map[outlookKey]*outlookEntry
	order   []outlookKey // oldest first
}

// errOutlookUnfinished is the outlook of a work that never returned.
var errOutlookUnfinished = errors.New("hunters: the career outlook could not be worked out")

type outlookKey struct {
	pack *charts.Pack
	su   Setup
}

type outlookEntry struct {
	ready chan struct{} // closed once text and err are set
	text  string
	err   error
}

func newOutlookCache() *outlookCache {
	return &outlookCache{entries: map[outlookKey]*outlookEntry{}}
}

// get returns the outlook of the key, working it out with work when the
// cache does not hold it (always, on a nil cache: rules made as a literal).
func (c *outlookCache) get(pack *charts.Pack, su Setup, work func() (string, error)) (string, error) {
	if c == nil {
		return work()
	}
	k := outlookKey{pack, su}
	c.mu.Lock()
	if e, ok := c.entries[k]; ok {
		c.mu.Unlock()
		<-e.ready
		return e.text, e.err
	}
	e := &outlookEntry{ready: make(chan struct{})}
	c.entries[k] = e
	c.order = append(c.order, k)
	if len(c.order) > outlookCacheSize {
		delete(c.entries, c.order[0]) // a caller waiting on it still has it
		c.order = c.order[1:]
	}
	c.mu.Unlock()
	defer close(e.ready)
	e.err = errOutlookUnfinished // until work returns
	e.text, e.err = work()
	return e.text, e.err
}
