package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowThreads opens threads like a platform that has stopped answering
// after a while: the first open threads come at once, then each waits until
// released or the caller gives up.
type slowThreads struct {
	mu     sync.Mutex
	quick  int // threads opened at once
	opened int
	asked  chan struct{} // told when a call starts waiting
	gate   chan struct{}
}

func (s *slowThreads) OpenThread(ctx context.Context, channel Place, title string) (Place, error) {
	s.mu.Lock()
	s.opened++
	n := s.opened
	s.mu.Unlock()
	if n > s.quick {
		s.asked <- struct{}{}
		select {
		case <-s.gate:
		case <-ctx.Done():
			return Place{}, ctx.Err()
		}
	}
	channel.Thread = fmt.Sprintf("th%d", n)
	return channel, nil
}

// A slow call is cancelled: a tournament's start hangs on a platform that no
// longer opens threads, a command for the same channel waits behind it and
// gives up when its own context does, then the start's context is cancelled
// (as a shutdown past its grace does). The start stops at once, having
// committed the careers it made, each with the tournament that records it;
// the next start takes it up: every entrant ends with exactly one career,
// the first three the ones made before the cancellation.
func TestACancelledTournamentStartIsTakenUpAgain(t *testing.T) {
	svc, store := newService(t)
	threads := &slowThreads{quick: 3, asked: make(chan struct{}, 16), gate: make(chan struct{})}
	svc.UseThreads("discord", threads)
	organiser := User{ID: "bdu", Name: "Dönitz"}
	cmd := func(ctx context.Context, u User, action string) (Reply, error) {
		return svc.Command(ctx, here, u, "hunters", "tournament", map[string]string{"action": action})
	}
	if _, err := svc.Command(t.Context(), here, organiser, "hunters", "tournament", map[string]string{"action": "create", "format": "top", "length": "short"}); err != nil {
		t.Fatal(err)
	}
	const entrants = 8
	for i := 0; i < entrants; i++ {
		if _, err := cmd(t.Context(), User{ID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("Kommandant %d", i)}, "join"); err != nil {
			t.Fatal(err)
		}
	}
	work, cancel := context.WithCancel(t.Context())
	started := make(chan error, 1)
	go func() {
		_, err := cmd(work, organiser, "start")
		started <- err
	}()
	select {
	case <-threads.asked: // the fourth thread hangs
	case err := <-started:
		t.Fatalf("the start did not reach the fourth thread: %v", err)
	}
	// Another command in the channel waits for the start's lock, and gives up.
	wait, giveUp := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer giveUp()
	began := time.Now()
	if _, err := cmd(wait, organiser, "standings"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a command behind the hanging start: %v", err)
	}
	if waited := time.Since(began); waited > time.Second {
		t.Fatalf("the command behind the hanging start gave up after %v", waited)
	}
	cancel()
	select {
	case err := <-started:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the cancelled start returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the start did not stop when its context was cancelled")
	}
	tr, err := store.TournamentAt(t.Context(), here.Key())
	if err != nil || tr.Status != "open" {
		t.Fatalf("after the cancelled start the tournament is %+v (%v): want it open", tr, err)
	}
	before := map[string]string{}
	for _, e := range tr.Entrants {
		if e.GameID != "" {
			before[e.User] = e.GameID
		}
	}
	games, _ := store.Games(t.Context())
	if len(before) != 3 || len(games) != 3 {
		t.Fatalf("the cut start made %d games, and its tournament records %d: want the 3 made before the hang, each recorded", len(games), len(before))
	}
	// An entrant who leaves now takes his career with him.
	if _, err := cmd(t.Context(), User{ID: "u0", Name: "Kommandant 0"}, "leave"); err != nil {
		t.Fatal(err)
	}
	delete(before, "u0")
	close(threads.gate)
	r, err := cmd(t.Context(), organiser, "start")
	if err != nil || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "has started") {
		t.Fatalf("the start again: %+v %v", r, err)
	}
	tr, _ = store.TournamentAt(t.Context(), here.Key())
	games, _ = store.Games(t.Context())
	if tr.Status != "running" || len(tr.Entrants) != entrants-1 || len(games) != entrants-1 {
		t.Fatalf("after the second start: %s, %d entrants, %d games", tr.Status, len(tr.Entrants), len(games))
	}
	owner := map[string]string{}
	for _, g := range games {
		owner[g.ID] = g.Owner
	}
	for _, e := range tr.Entrants {
		if owner[e.GameID] != e.User || (before[e.User] != "" && before[e.User] != e.GameID) {
			t.Fatalf("%s has game %s (owned by %q; before the cut: %q)", e.Name, e.GameID, owner[e.GameID], before[e.User])
		}
	}
}
