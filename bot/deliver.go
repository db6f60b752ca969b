package bot

import (
	"fmt"
	"strconv"
	"sync"
)

// Deliver sends a notice through a platform: answer shows a prompt's result
// where the prompt was posted (or posts it), post puts one message in a
// place (editing the sticky message of that name when it can), and direct
// opens the place of a direct message to a user. Adapters share the order
// of things: the results, the channel's messages, then the direct ones.
//
// key is the message's delivery key (see Notice.Delivery), "" for a notice
// without one: the platform is asked not to create a second message under
// it, and on a Retry what is there already is not posted again.
func Deliver(n Notice, answer func(p Place, a Answer, key string) error, post func(p Place, m Message, sticky, key string) error, direct func(user string) (Place, error)) error {
	i := 0
	key := func() string {
		i++
		if n.Delivery == "" {
			return ""
		}
		return n.Delivery + "." + strconv.Itoa(i)
	}
	for _, a := range n.Answered {
		if err := answer(n.Place, a, key()); err != nil {
			return fmt.Errorf("showing a result in channel %s: %w", n.Place.Channel, err)
		}
	}
	for j, m := range n.Channel {
		sticky := ""
		if j == 0 {
			sticky = n.Sticky
		}
		if err := post(n.Place, m, sticky, key()); err != nil {
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
		if err := post(dm, m, "", key()); err != nil {
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

// maxPosted bounds what Posted remembers: enough for the prompts of every
// game a bot runs at once, however many reminders they have had.
const maxPosted = 50000

// Posted remembers, by prompt (a Message's Ref), where an adapter posted the
// messages that offer it — a channel and a message id each — for as long as
// it runs, so that the prompt's result can be shown in their place. After a
// restart it knows none: results are then posted as new messages.
type Posted struct {
	mu    sync.Mutex
	by    map[string][][2]string
	order []string
}

// Add remembers a message posted for a prompt.
func (p *Posted) Add(ref, channel, id string) {
	if ref == "" || id == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.by == nil {
		p.by = map[string][][2]string{}
	}
	if _, ok := p.by[ref]; !ok {
		p.order = append(p.order, ref)
		if len(p.order) > maxPosted {
			delete(p.by, p.order[0])
			p.order = p.order[1:]
		}
	}
	p.by[ref] = append(p.by[ref], [2]string{channel, id})
}

// Where returns the messages posted for a prompt (channel, id), newest last.
func (p *Posted) Where(ref string) [][2]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][2]string(nil), p.by[ref]...)
}

// Take returns the messages posted for a prompt and forgets them: the
// prompt is answered.
func (p *Posted) Take(ref string) [][2]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.by[ref]
	delete(p.by, ref)
	return out
}
