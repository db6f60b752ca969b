package slack

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kaleun/kaleun/internal/ops"
)

// seenRequests remembers, in this process's memory, the requests acted upon
// while their signatures are still accepted (Slack's five minutes either
// side of the clock), so that a signed request captured and sent again, or
// delivered twice, is acted upon once. It holds at most max keys: when they
// are all still in their window, new requests are refused rather than old
// ones forgotten, for a forgotten request could be replayed.
type seenRequests struct {
	mu     sync.Mutex
	window time.Duration
	max    int
	until  map[string]time.Time
	queue  []seenKey // in the order remembered, which is the order of expiry
}

type seenKey struct {
	key   string
	until time.Time
}

type delivery int

const (
	firstDelivery delivery = iota
	duplicate
	tooMany
)

func newSeenRequests(window time.Duration, max int) *seenRequests {
	return &seenRequests{window: window, max: max, until: map[string]time.Time{}}
}

// remember records a request by all its keys (its signed content, Slack's
// id for it) at now. It is a duplicate when any key was seen in the window.
func (s *seenRequests) remember(now time.Time, keys ...string) delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.queue) > 0 && !now.Before(s.queue[0].until) {
		if s.until[s.queue[0].key] == s.queue[0].until {
			delete(s.until, s.queue[0].key)
		}
		s.queue[0] = seenKey{}
		s.queue = s.queue[1:]
	}
	for _, k := range keys {
		if _, ok := s.until[k]; ok {
			return duplicate
		}
	}
	if len(s.until)+len(keys) > s.max {
		return tooMany
	}
	until := now.Add(s.window)
	for _, k := range keys {
		s.until[k] = until
		s.queue = append(s.queue, seenKey{k, until})
	}
	return firstDelivery
}

// size is the number of keys remembered.
func (s *seenRequests) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.until)
}

// SeenStore remembers the requests acted upon in a database (persist.Store
// does), each claimed once by whichever process claims it first.
type SeenStore interface {
	ClaimRequest(ctx context.Context, ids []string, now, until time.Time) (first bool, err error)
	SweepRequests(ctx context.Context, now time.Time, limit int) (int, error)
}

// seenPrefix keeps Slack's ids apart from any other platform's in the store.
const seenPrefix = "slack/"

// remember records a request by all its keys at now: in the database when
// the adapter has one (Config.Seen), else in this process's memory.
func (a *Adapter) remember(now time.Time, keys []string) (delivery, error) {
	if a.cfg.Seen == nil {
		return a.seen.remember(now, keys...), nil
	}
	ids := make([]string, len(keys))
	for i, k := range keys {
		ids[i] = seenPrefix + k
	}
	// Not the request's context: a client that hangs up must not leave a
	// claim in doubt. The work's context still ends it at a shutdown.
	ctx, cancel := context.WithTimeout(a.workCtx(), a.limits.claimTimeout)
	defer cancel()
	first, err := a.cfg.Seen.ClaimRequest(ctx, ids, now, now.Add(a.limits.replayWindow))
	if err != nil {
		return duplicate, fmt.Errorf("claiming the request: %w", err)
	}
	if !first {
		return duplicate, nil
	}
	return firstDelivery, nil
}

// sweepSeen forgets, now and then until ctx ends, the requests in the
// database whose window has passed, so that what is kept stays a window's
// worth. Every replica sweeps; two sweeping at once cost each other a retry.
func (a *Adapter) sweepSeen(ctx context.Context) {
	tick := time.NewTicker(a.limits.sweepEvery)
	defer tick.Stop()
	for {
		for {
			n, err := a.cfg.Seen.SweepRequests(ctx, time.Now(), a.limits.sweepBatch)
			if err != nil {
				if ctx.Err() == nil {
					a.log.Warn("slack: forgetting the expired requests seen", "err", err)
					a.metrics.Error(ops.ErrStorage)
				}
				break
			}
			if n < a.limits.sweepBatch {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
