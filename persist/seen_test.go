package persist

import (
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/kaleun/kaleun/internal/pgtest"
)

// A request is claimed once by any of its ids until its time passes; a
// sweep forgets the expired ones only, and the buckets hold no more than
// the window's requests.
func TestRequestsAreClaimedOnceAndSwept(t *testing.T) {
	backends(t, testRequestsAreClaimedOnceAndSwept)
}

func testRequestsAreClaimedOnceAndSwept(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	t0 := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	window := 10 * time.Minute
	claim := func(at time.Time, ids ...string) bool {
		t.Helper()
		first, err := s.ClaimRequest(ctx, ids, at, at.Add(window))
		if err != nil {
			t.Fatal(err)
		}
		return first
	}
	if !claim(t0, "sig-a", "trig-a") || !claim(t0, "sig-b", "trig-b") {
		t.Fatal("first deliveries refused")
	}
	// Known by either id: a retry keeps the trigger under a fresh signature.
	if claim(t0.Add(time.Minute), "sig-a2", "trig-a") || claim(t0.Add(time.Minute), "sig-a") {
		t.Fatal("a request seen by one of its ids was claimed again")
	}
	// A refused claim writes nothing: sig-a2 was not remembered.
	if !claim(t0.Add(time.Minute), "sig-a2") {
		t.Fatal("a refused claim remembered its other ids")
	}
	if n, err := s.SeenRequests(ctx); err != nil || n != 5 {
		t.Fatalf("%d ids remembered (%v), want 5", n, err)
	}
	// Past its window an id is new again, even before any sweep.
	if !claim(t0.Add(window), "sig-a") {
		t.Fatal("an id past its window was refused")
	}
	// The sweep at t0+window forgets what expired then (trig-a, sig-b,
	// trig-b), not sig-a, claimed again since, nor sig-a2, claimed later.
	if n, err := s.SweepRequests(ctx, t0.Add(window), 100); err != nil || n != 3 {
		t.Fatalf("swept %d (%v), want 3", n, err)
	}
	if n, err := s.SeenRequests(ctx); err != nil || n != 2 {
		t.Fatalf("%d ids remembered after the sweep (%v), want 2", n, err)
	}
	if claim(t0.Add(window+time.Second), "sig-a") || claim(t0.Add(window+time.Second), "sig-a2") {
		t.Fatal("the sweep forgot an id still in its window")
	}
	// In batches: a sweep takes at most limit, the oldest first.
	for i := range 30 {
		claim(t0.Add(time.Duration(i)*time.Second), fmt.Sprintf("batch-%02d", i))
	}
	late := t0.Add(3 * window)
	total := 0
	for {
		n, err := s.SweepRequests(ctx, late, 7)
		if err != nil {
			t.Fatal(err)
		}
		if n > 7 {
			t.Fatalf("a sweep of at most 7 took %d", n)
		}
		total += n
		if n < 7 {
			break
		}
	}
	if n, err := s.SeenRequests(ctx); err != nil || n != 0 || total != 32 {
		t.Fatalf("after sweeping everything: %d remembered (%v), %d swept, want 0 and 32", n, err, total)
	}
	// The claims survive a reopen: a restarted process still refuses them.
	claim(late, "kept")
	s.Close()
	if s, err = open(); err != nil {
		t.Fatal(err)
	}
	if claim(late.Add(time.Second), "kept") {
		t.Fatal("a claim was forgotten by a reopen")
	}
}

// Replicas sharing a database claim a request once between them, however
// many copies arrive at once: the first delivery and Slack's retry (the same
// trigger under another signature) and replays of both, at two processes.
func TestARequestIsClaimedOnceAcrossProcesses(t *testing.T) {
	url := pgtest.URL(t)
	var stores [2]*Store
	for i := range stores {
		s, err := OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores[i] = s
	}
	now := time.Now()
	const requests, copies = 20, 8
	var wins [requests]atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for r := range requests {
		for c := range copies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				// Half the copies carry the first signature, half the retry's.
				ids := []string{fmt.Sprintf("sig-%d-%d", r, c%2), fmt.Sprintf("trig-%d", r)}
				first, err := stores[c%2].ClaimRequest(t.Context(), ids, now, now.Add(time.Minute))
				if err != nil {
					t.Error(err)
					return
				}
				if first {
					wins[r].Add(1)
				}
			}()
		}
	}
	close(start)
	wg.Wait()
	for r := range requests {
		if n := wins[r].Load(); n != 1 {
			t.Errorf("request %d: %d of %d copies claimed it, want 1", r, n, copies)
		}
	}
}

// A file from before the requests' buckets gets them when it is opened.
func TestAnOlderFileGetsTheRequestsBuckets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketSeen); err != nil {
			return err
		}
		return tx.DeleteBucket(bucketSeenExpiry)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Now()
	if first, err := s.ClaimRequest(t.Context(), []string{"x"}, now, now.Add(time.Minute)); err != nil || !first {
		t.Fatalf("a claim in an older file: %v %v", first, err)
	}
}

// What remembering a request costs a Slack request before its answer: one
// claim (two ids, as Slack's requests have), on each backend.
func BenchmarkClaimRequest(b *testing.B) {
	for _, c := range []struct {
		name string
		open func(b *testing.B) (*Store, error)
	}{
		{"bbolt", func(b *testing.B) (*Store, error) { return Open(filepath.Join(b.TempDir(), "k.db")) }},
		{"postgres", func(b *testing.B) (*Store, error) { return OpenPostgres(b.Context(), pgtest.URL(b)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			s, err := c.open(b)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			now := time.Now()
			i := 0
			for b.Loop() {
				i++
				ids := []string{fmt.Sprintf("slack/signed:%d", i), fmt.Sprintf("slack/trigger:%d", i)}
				if first, err := s.ClaimRequest(b.Context(), ids, now, now.Add(10*time.Minute)); err != nil || !first {
					b.Fatal(first, err)
				}
			}
		})
	}
}
