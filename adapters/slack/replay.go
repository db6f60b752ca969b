package slack

import (
	"sync"
	"time"
)

// seenRequests remembers the requests acted upon while their signatures are
// still accepted (Slack's five minutes either side of the clock), so that a
// signed request captured and sent again, or delivered twice, is acted upon
// once. It holds at most max keys: when they are all still in their window,
// new requests are refused rather than old ones forgotten, for a forgotten
// request could be replayed.
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
