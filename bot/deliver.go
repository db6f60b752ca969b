package bot

import (
	"fmt"
	"sync"
)

// Deliver sends a notice through a platform: post puts one message in a
// place (editing the sticky message of that name when it can), and direct
// opens the place of a direct message to a user. Adapters share the order
// of things: the channel's messages, then the direct ones.
func Deliver(n Notice, post func(p Place, m Message, sticky string) error, direct func(user string) (Place, error)) error {
	for i, m := range n.Channel {
		sticky := ""
		if i == 0 {
			sticky = n.Sticky
		}
		if err := post(n.Place, m, sticky); err != nil {
			return fmt.Errorf("posting to channel %s: %w", n.Place.Channel, err)
		}
	}
	if n.DirectTo == "" || len(n.Direct) == 0 {
		return nil
	}
	dm, err := direct(n.DirectTo)
	if err != nil {
		return fmt.Errorf("opening a direct message to %s: %w", n.DirectTo, err)
	}
	for _, m := range n.Direct {
		if err := post(dm, m, ""); err != nil {
			return fmt.Errorf("direct message to %s: %w", n.DirectTo, err)
		}
	}
	return nil
}

// Stickies remembers, by name, where an adapter posted the messages it keeps
// up to date (a channel and a message id), for as long as it runs.
type Stickies struct {
	mu sync.Mutex
	by map[string][2]string
}

// Get returns the channel and message id posted under a name.
func (s *Stickies) Get(name string) (channel, id string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ref, ok := s.by[name]
	return ref[0], ref[1], ok
}

// Put remembers where a sticky message went.
func (s *Stickies) Put(name, channel, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.by == nil {
		s.by = map[string][2]string{}
	}
	s.by[name] = [2]string{channel, id}
}
