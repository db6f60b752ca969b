package bot

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/kaleun/kaleun/persist"
)

// Where the adapters posted the messages they come back to — each prompt's
// (to show its result in their place, and link reminders to them) and those
// kept up to date by name (standings, a pinned view) — is kept in the
// store, so that another replica, or this process after a restart, edits
// them rather than posting anew. An adapter collects what one reply or
// notice posted and showed in a Posts and records it in one write at the
// end; a result's messages are read, edited, and only then forgotten, so a
// delivery retried after a crash edits them again.

// Posts collects what one delivery posted and showed, for RecordPosts.
// Adapters may add to it from several goroutines.
type Posts struct {
	mu sync.Mutex
	c  persist.PostedChange
}

// Prompt notes a message posted for a prompt (a Message's Ref).
func (p *Posts) Prompt(ref string, at MessageAt) {
	if p == nil || ref == "" || at.ID == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.c.Prompts = append(p.c.Prompts, persist.PromptAt{Ref: ref, At: persist.MessageAt(at)})
}

// Answered notes that a prompt's result has been shown where its messages
// were (or posted): they are forgotten. retriable, for a delivery that may
// be retried (a notice with a Delivery key), keeps a mark of it, so that the
// retry shows the result no second time.
func (p *Posts) Answered(ref string, retriable bool) {
	if p == nil || ref == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.c.Answered = append(p.c.Answered, persist.AnsweredPrompt{Ref: ref, Mark: retriable})
}

// Sticky notes the message posted under a name kept up to date.
func (p *Posts) Sticky(name string, at MessageAt) {
	if p == nil || name == "" || at.ID == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.c.Stickies = append(p.c.Stickies, persist.StickyAt{Name: name, At: persist.MessageAt(at)})
}

// RecordPosts writes what a delivery posted and showed, in one write (none
// when it posted nothing to come back to); p is empty afterwards.
func (s *Service) RecordPosts(ctx context.Context, p *Posts) error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	c := p.c
	p.c = persist.PostedChange{}
	p.mu.Unlock()
	if c.Empty() {
		return nil
	}
	// Counted in flight: a shutdown waits for the record of what was posted.
	s.inflight.Add(1)
	defer s.inflight.Done()
	for _, a := range c.Answered {
		if a.Mark {
			c.Now = s.now() // the marks' time; nothing else needs the clock
			break
		}
	}
	if err := s.store.RecordPosted(ctx, c); err != nil {
		s.metrics.Error(errorKind(err))
		return fmt.Errorf("recording the messages posted: %w", err)
	}
	return nil
}

// PromptMessages returns where a prompt's messages are (ref: a Message's
// Ref), oldest first, until its result has been shown.
func (s *Service) PromptMessages(ctx context.Context, ref string) ([]MessageAt, error) {
	if ref == "" {
		return nil, nil
	}
	at, err := s.store.PromptMessages(ctx, ref)
	if err != nil {
		s.metrics.Error(errorKind(err))
		return nil, err
	}
	out := make([]MessageAt, len(at))
	for i, m := range at {
		out[i] = MessageAt(m)
	}
	return out, nil
}

// ResultShown reports whether a retriable delivery has shown the result of
// a prompt already (within persist.ShownKept): a retry then shows it no
// second time.
func (s *Service) ResultShown(ctx context.Context, ref string) (bool, error) {
	shown, err := s.store.ResultShown(ctx, ref)
	if err != nil {
		s.metrics.Error(errorKind(err))
	}
	return shown, err
}

// ShowResult is how every adapter delivers the result ans of notice n:
// edit, which edits the messages posted for its prompt (false when none is
// known), or else post, which posts it anew — except on a retry that finds
// the result shown already by an earlier attempt; then it notes on posts
// that the prompt is answered (with a mark, for a notice that may be
// retried).
func (s *Service) ShowResult(ctx context.Context, n Notice, ans Answer, posts *Posts, edit func() (bool, error), post func() error) error {
	shown, err := edit()
	if err != nil {
		return err // its messages are kept: the retry edits them
	}
	if !shown {
		done := false
		if n.Retry {
			if done, err = s.ResultShown(ctx, ans.Ref); err != nil {
				return err
			}
		}
		if !done {
			if err := post(); err != nil {
				return err
			}
		}
	}
	posts.Answered(ans.Ref, n.Delivery != "")
	return nil
}

// LockSticky takes the lock of a name kept up to date (Notice.Sticky): an
// adapter holds it from reading where the name's message is, through
// posting or editing it, to recording where a new one went. Without it a
// delivery that comes while the first message is on its way to the
// platform (a join right after a tournament's create) finds no message
// yet and posts a second one, and the first is never edited again. The
// store's lock keeps replicas sharing a database to one message too. Only
// the platform's calls for that one message are made under it, and no
// place's lock is taken under it, so it cannot wait on a game.
func (s *Service) LockSticky(ctx context.Context, name string) (unlock func(), err error) {
	key := "sticky:" + name // no place's key starts so: its own lock
	local, err := s.locks.lock(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("waiting to post %s: %w", name, err)
	}
	shared, err := s.store.LockChannel(ctx, key)
	if err != nil {
		local()
		return nil, fmt.Errorf("waiting to post %s: %w", name, err)
	}
	return func() {
		shared()
		local()
	}, nil
}

// StickyMessage returns the message last posted under a name kept up to
// date (Notice.Sticky); an adapter reads it under LockSticky.
func (s *Service) StickyMessage(ctx context.Context, name string) (MessageAt, bool, error) {
	at, ok, err := s.store.Sticky(ctx, name)
	if err != nil {
		s.metrics.Error(errorKind(err))
	}
	return MessageAt(at), ok, err
}

// prunePostedAfter is how long a finished game's prompt entries are left
// for a delivery of its end still under way (a retry after a replica died
// included) before PrunePosted takes them.
const prunePostedAfter = 24 * time.Hour

// PrunePosted forgets the messages of prompts of games that ended more than
// a day ago without showing their results in place (abandoned, ended
// idle): adapters call it as they start. It returns the count of games.
func (s *Service) PrunePosted(ctx context.Context) (int, error) {
	n, err := s.store.PrunePosted(ctx, s.now().Add(-prunePostedAfter))
	if err != nil {
		s.metrics.Error(errorKind(err))
	}
	return n, err
}
