package persist

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/pgtest"
)

// commitTurn commits a decision of r that leaves the prompts named pending.
func commitTurn(t *testing.T, s *Store, r *GameRecord, at time.Time, end *HookEnd, pending ...string) {
	t.Helper()
	ch := &WebhookChange{Game: r.ID, GameName: r.Game, Tournament: r.Tournament, Place: r.Key, Decision: r.Decisions, End: end}
	for _, p := range pending {
		ch.Pending = append(ch.Pending, HookTurn{Token: p, Players: []HookPlayer{{ID: "u-" + p}}, Prompt: "prompt " + p})
	}
	r.Decisions++
	r.Updated = at
	r.Over = end != nil
	if _, err := s.CommitWith(t.Context(), r, nil, CommitPlan{Webhook: ch}); err != nil {
		t.Fatal(err)
	}
}

// A commit queues a turn event per prompt it made pending (not one still
// pending from before) and the end, for the game's webhook and its
// tournament's, in order; a game without a webhook queues nothing.
func TestWebhookEventsQueuedWithTheCommit(t *testing.T) { backends(t, testWebhookEventsQueued) }

func testWebhookEventsQueued(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	t0 := time.Date(2026, 12, 4, 3, 0, 0, 0, time.UTC)
	quiet := rec("discord/g/quiet")
	commitTurn(t, s, quiet, t0, nil, "a")
	r := rec("discord/g/c")
	r.Tournament = "T1"
	for _, target := range []string{GameTarget(r.ID), TournamentTarget("T1")} {
		if err := s.SetWebhook(ctx, Webhook{Target: target, URL: "https://example.org/" + target, Secret: "s", By: "u"}); err != nil {
			t.Fatal(err)
		}
	}
	commitTurn(t, s, r, t0, nil, "a", "b")                                            // two new turns
	commitTurn(t, s, r, t0.Add(time.Minute), nil, "b", "c")                           // b still waits: only c
	commitTurn(t, s, r, t0.Add(2*time.Minute), &HookEnd{Summary: "sunk 3", Score: 3}) // the end
	out, err := s.WebhookOutbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	ids := map[string]bool{}
	for _, ev := range out {
		what := ev.Type
		if ev.Turn != nil {
			what += ":" + ev.Turn.Token
		}
		got = append(got, fmt.Sprintf("%s %d %s", ev.Target, ev.Seq, what))
		if ids[ev.Delivery] {
			t.Errorf("delivery id %s twice", ev.Delivery)
		}
		ids[ev.Delivery] = true
	}
	want := []string{
		"game:g-discord/g/c 1 turn:a", "game:g-discord/g/c 2 turn:b", "game:g-discord/g/c 3 turn:c", "game:g-discord/g/c 4 end",
		"tournament:T1 1 turn:a", "tournament:T1 2 turn:b", "tournament:T1 3 turn:c", "tournament:T1 4 end",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("outbox:\n got %q\nwant %q", got, want)
	}
}

// Only the first event of a game's queue is taken, and only once its lease
// or backoff has passed; a retry set by a replica whose lease another has
// taken over changes nothing; a cleared webhook gets nothing more.
func TestWebhookTakesInOrderUnderALease(t *testing.T) { backends(t, testWebhookTakes) }

func testWebhookTakes(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	t0 := time.Date(2026, 12, 4, 3, 0, 0, 0, time.UTC)
	r := rec("discord/g/c")
	if err := s.SetWebhook(ctx, Webhook{Target: GameTarget(r.ID), URL: "https://example.org/", Secret: "s"}); err != nil {
		t.Fatal(err)
	}
	commitTurn(t, s, r, t0, nil, "a")
	commitTurn(t, s, r, t0, nil, "b")
	evs, hooks, err := s.TakeWebhooks(ctx, t0, time.Minute, 10)
	if err != nil || len(evs) != 1 || evs[0].Turn.Token != "a" || evs[0].Attempt != 1 || hooks[0].URL != "https://example.org/" {
		t.Fatalf("first take: %+v %v", evs, err)
	}
	first := evs[0]
	if evs, _, _ := s.TakeWebhooks(ctx, t0.Add(59*time.Second), time.Minute, 10); len(evs) != 0 {
		t.Fatalf("taken again within its lease: %+v", evs)
	}
	// The lease runs out (the replica died): another takes it over.
	evs, _, err = s.TakeWebhooks(ctx, t0.Add(time.Minute), time.Minute, 10)
	if err != nil || len(evs) != 1 || evs[0].Delivery != first.Delivery || evs[0].Attempt != 2 {
		t.Fatalf("take over: %+v %v", evs, err)
	}
	if ok, err := s.WebhookRetry(ctx, first, t0.Add(time.Hour), "late"); err != nil || ok {
		t.Fatalf("a stale take's retry: %v %v", ok, err)
	}
	if ok, err := s.WebhookRetry(ctx, evs[0], t0.Add(5*time.Minute), "503"); err != nil || !ok {
		t.Fatalf("retry: %v %v", ok, err)
	}
	if evs, _, _ := s.TakeWebhooks(ctx, t0.Add(4*time.Minute), time.Minute, 10); len(evs) != 0 {
		t.Fatalf("taken before its backoff, or b before a: %+v", evs)
	}
	evs, _, _ = s.TakeWebhooks(ctx, t0.Add(5*time.Minute), time.Minute, 10)
	if len(evs) != 1 || evs[0].LastError != "503" || evs[0].Attempt != 3 {
		t.Fatalf("after the backoff: %+v", evs)
	}
	if err := s.WebhookDelivered(ctx, evs[0]); err != nil {
		t.Fatal(err)
	}
	evs, _, _ = s.TakeWebhooks(ctx, t0.Add(5*time.Minute), time.Minute, 10)
	if len(evs) != 1 || evs[0].Turn.Token != "b" {
		t.Fatalf("b after a: %+v", evs)
	}
	if had, err := s.ClearWebhook(ctx, GameTarget(r.ID)); err != nil || !had {
		t.Fatal(had, err)
	}
	if out, _ := s.WebhookOutbox(ctx); len(out) != 0 {
		t.Fatalf("a cleared webhook keeps %d events", len(out))
	}
	if _, err := s.GetWebhook(ctx, GameTarget(r.ID)); !errors.Is(err, ErrNoWebhook) {
		t.Fatalf("cleared: %v", err)
	}
}

// Two processes on one PostgreSQL database take webhook events together,
// over and over: each event is taken by exactly one of them.
func TestWebhookEventsAreTakenOnceAcrossProcesses(t *testing.T) {
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
	ctx := t.Context()
	t0 := time.Date(2026, 12, 4, 3, 0, 0, 0, time.UTC)
	const games, turns = 20, 5
	for i := 0; i < games; i++ {
		r := rec(fmt.Sprintf("discord/g/c%03d", i))
		if err := stores[0].SetWebhook(ctx, Webhook{Target: GameTarget(r.ID), URL: "https://example.org/", Secret: "s"}); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < turns; j++ {
			commitTurn(t, stores[0], r, t0, nil, fmt.Sprint(j))
		}
	}
	var mu sync.Mutex
	taken := map[string]int{}
	var wg sync.WaitGroup
	for _, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for idle := 0; idle < 3; {
				evs, _, err := s.TakeWebhooks(ctx, t0, time.Hour, 7)
				if err != nil {
					t.Error(err)
					return
				}
				if len(evs) == 0 {
					idle++
					time.Sleep(5 * time.Millisecond)
					continue
				}
				for _, ev := range evs {
					mu.Lock()
					taken[ev.Delivery]++
					mu.Unlock()
					if err := s.WebhookDelivered(ctx, ev); err != nil {
						t.Error(err)
					}
				}
			}
		}()
	}
	wg.Wait()
	if len(taken) != games*turns {
		t.Fatalf("%d events taken, want %d", len(taken), games*turns)
	}
	for id, n := range taken {
		if n != 1 {
			t.Errorf("event %s taken %d times", id, n)
		}
	}
}
