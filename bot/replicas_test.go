package bot

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/persist"
)

func TestMain(m *testing.M) {
	if url := os.Getenv(envReplica); url != "" {
		os.Exit(runReplica(url)) // a replica of TestLoadThreeReplicasWithAKill
	}
	if url := os.Getenv(envHookReplica); url != "" {
		os.Exit(runHookReplica(url)) // of TestWebhooksExactlyOnceAcrossReplicasAndAKill
	}
	os.Exit(pgtest.Main(m))
}

// replicas are n Services over one PostgreSQL database, each with a store
// (a connection pool) of its own, as separate processes have.
func replicas(t testing.TB, n int, now func() time.Time) ([]*Service, []*persist.Store) {
	t.Helper()
	svcs, stores, _ := replicasAt(t, n, now)
	return svcs, stores
}

// replicasAt is replicas, with the database's URL (for another process).
func replicasAt(t testing.TB, n int, now func() time.Time) ([]*Service, []*persist.Store, string) {
	t.Helper()
	url := pgtest.URL(t)
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	var svcs []*Service
	var stores []*persist.Store
	for i := 0; i < n; i++ {
		store, err := persist.OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		var ids atomic.Int64
		svcs = append(svcs, New(store, engine.Described(map[string]engine.Rules{"hunters": h}), Options{
			Now:       now,
			NewSeed:   func() ([]byte, error) { return []byte("fixed seed for tests"), nil },
			NewID:     func() (string, error) { return fmt.Sprintf("r%d-g%d", i, ids.Add(1)), nil },
			Reminders: []time.Duration{time.Hour, 2 * time.Hour},
			Deadline:  72 * time.Hour,
		}))
		stores = append(stores, store)
	}
	return svcs, stores, url
}

// Two replicas over one database, every click delivered four times (twice
// to each): each click changes its game exactly once; then both tick at
// once, and every reminder is sent by exactly one of them. Every game's log
// chain holds.
func TestTwoReplicasAnswerEachClickOnceAndRemindOnce(t *testing.T) {
	t0 := time.Unix(1700000000, 0).UTC()
	var clock atomic.Int64
	clock.Store(t0.UnixNano())
	now := func() time.Time { return time.Unix(0, clock.Load()).UTC() }
	svcs, stores := replicas(t, 2, now)
	const channels, rounds = 10, 4
	places := make([]Place, channels)
	next := make([]string, channels)
	base := make([]int, channels)
	for c := range places {
		places[c] = Place{Platform: "discord", Space: "g", Channel: fmt.Sprintf("c%02d", c)}
		r, err := started(t, svcs[c%2], places[c], prien, map[string]string{"boat": "VIIC"})
		if err != nil {
			t.Fatal(err)
		}
		next[c] = lastPrompt(t, r).Options[0].ID
		rec, err := stores[0].Load(t.Context(), places[c].Key())
		if err != nil {
			t.Fatal(err)
		}
		base[c] = rec.Decisions
	}
	for round := 0; round < rounds; round++ {
		var wg sync.WaitGroup
		for c := range places {
			var applied atomic.Int32
			var winner Reply
			var mu sync.Mutex
			for d := 0; d < 4; d++ {
				wg.Add(1)
				go func(svc *Service) {
					defer wg.Done()
					r, err := svc.Click(t.Context(), places[c], prien, next[c])
					if err != nil {
						t.Error(err)
						return
					}
					if len(r.Public) > 0 {
						applied.Add(1)
						mu.Lock()
						winner = r
						mu.Unlock()
					}
				}(svcs[d%2])
			}
			wg.Wait()
			if n := applied.Load(); n != 1 {
				t.Fatalf("round %d, %s: one click delivered 4 times applied %d times", round, places[c].Key(), n)
			}
			next[c] = lastPrompt(t, winner).Options[0].ID
		}
	}
	for c := range places {
		rec, err := stores[1].Load(t.Context(), places[c].Key())
		if err != nil {
			t.Fatal(err)
		}
		if rec.Decisions != base[c]+rounds {
			t.Errorf("%s: %d decisions, want %d", places[c].Key(), rec.Decisions, base[c]+rounds)
		}
		checkChain(t, stores[0], rec, svcs[0].games)
	}

	// Both replicas tick together, three ticks each, past both reminders.
	clock.Store(t0.Add(3 * time.Hour).UnixNano())
	var mu sync.Mutex
	sent := map[string]int{}
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func(svc *Service) {
			defer wg.Done()
			notices, err := tickDelivered(t, svc, now())
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			for _, n := range notices {
				if n.Reminder && len(n.Channel) > 0 {
					sent[n.Place.Key()+" "+n.Channel[0].Text]++
				}
			}
		}(svcs[i%2])
	}
	wg.Wait()
	if len(sent) != 2*channels {
		t.Fatalf("%d reminders sent, want %d: %v", len(sent), 2*channels, sent)
	}
	for k, n := range sent {
		if n != 1 {
			t.Errorf("%s sent %d times", k, n)
		}
	}
}

// checkChain recomputes a game's log: each entry's hash, each link.
func checkChain(t *testing.T, store *persist.Store, rec *persist.GameRecord, games engine.Registry) {
	t.Helper()
	evs, err := store.Events(t.Context(), rec.ID, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	prev := ""
	for i, e := range evs {
		h, err := persist.HashEntryVersion(rec.LogVersion, e)
		if err != nil || h != e.Hash || e.Prev != prev || e.Seq != uint64(i+1) {
			t.Fatalf("game %s, entry %d: the chain breaks (%v)", rec.ID, e.Seq, err)
		}
		prev = e.Hash
	}
	if uint64(len(evs)) != rec.Seq || prev != rec.Head {
		t.Fatalf("game %s: %d entries for seq %d, head %s for %s", rec.ID, len(evs), rec.Seq, prev, rec.Head)
	}
	// And the whole audit, as a player would check it: dice against their
	// seeds and every decision replayed through the rules.
	export, err := audit.Build(t.Context(), store, rec, true)
	if err != nil {
		t.Fatalf("game %s: its audit: %v", rec.ID, err)
	}
	data, err := json.Marshal(export)
	if err != nil {
		t.Fatal(err)
	}
	if rep := audit.Verify(data, games); !rep.Intact() {
		t.Fatalf("game %s: its audit does not verify: %v", rec.ID, rep.Problems)
	}
}
