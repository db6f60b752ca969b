package bot

import (
	"context"
	"fmt"
	"sync"
)

// keyedMutex serialises decisions per channel while different channels run
// in parallel (bbolt still has a single writer). Waiting for a channel's
// lock is where a call can sit behind a slow one, so the wait ends when the
// caller's context does.
type keyedMutex struct {
	mu    sync.Mutex
	locks map[string]*keyLock
}

type keyLock struct {
	held  chan struct{} // holds a token while the lock is taken
	users int
}

// lock takes the lock of key, or gives up when ctx is done first.
func (k *keyedMutex) lock(ctx context.Context, key string) (unlock func(), err error) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyLock{}
	}
	l := k.locks[key]
	if l == nil {
		l = &keyLock{held: make(chan struct{}, 1)}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	release := func() {
		k.mu.Lock()
		l.users--
		if l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
	select {
	case l.held <- struct{}{}:
	case <-ctx.Done():
		release()
		return nil, fmt.Errorf("waiting for the game at %s: %w", key, ctx.Err())
	}
	return func() {
		<-l.held
		release()
	}, nil
}

// lockPlace takes a place's lock: this process's first, so that its own
// calls queue here, then the store's, which on a database shared by several
// replicas keeps another process from deciding in the same place meanwhile
// (a double-delivered click reaching two replicas changes the game once:
// the second, under the lock, finds its prompt already answered).
func (s *Service) lockPlace(ctx context.Context, key string) (unlock func(), err error) {
	local, err := s.locks.lock(ctx, key)
	if err != nil {
		return nil, err
	}
	shared, err := s.store.LockChannel(ctx, key)
	if err != nil {
		local()
		return nil, err
	}
	return func() {
		shared()
		local()
	}, nil
}

// heldLock is a place's lock that a call may give up before it returns:
// the advisor reads a snapshot of the game (its record and state, decoded
// for this call alone) for seconds, and holding the lock meanwhile would
// keep every other click in the channel waiting.
type heldLock struct{ unlock func() }

// release gives the lock up; after the first time it does nothing.
func (h *heldLock) release() {
	if h.unlock != nil {
		h.unlock()
		h.unlock = nil
	}
}
