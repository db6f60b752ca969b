package slack

import (
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// startReplicas starts two adapters, each with its own bot and its own
// connections to one PostgreSQL database, as two `kaleun serve` replicas
// behind a load balancer are; seenInStore as kaleun serve runs them.
func startReplicas(t *testing.T, f *slackfake.Server, seenInStore bool) [2]*httpBot {
	t.Helper()
	url := pgtest.URL(t)
	var bots [2]*httpBot
	for i := range bots {
		store, err := persist.OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		bots[i] = startHTTPBotOver(t, f, store, seenInStore, nil, nil)
	}
	return bots
}

// Issue 21's "Slack behind a load balancer": a request reaches whichever
// replica the balancer picks, and Slack's retry of it, or a replay of it,
// may reach the other. Over one PostgreSQL database the same signed request
// sent to both acts once — the other refuses it with 409 — and a retry at
// the other replica is answered 200 without acting: a `new` makes one game
// and says nothing twice, a `seed` mixes its entropy once, a click decides
// once and posts nothing more. (With the requests kept in each replica's
// memory, the other replica acts again on every one of them.)
func TestSlackHTTPReplicasActOnceOverOneDatabase(t *testing.T) {
	f := slackfake.New(t)
	bots := startReplicas(t, f, true)
	a, b := bots[0], bots[1]
	now := time.Now()
	refused := func(who *httpBot, r signed, what string) {
		t.Helper()
		if code, body := who.send(t, r); code != http.StatusConflict {
			t.Fatalf("%s at the other replica: %d %s, want 409", what, code, body)
		}
	}
	// Slack's retry: the same body (its trigger id), a fresh signature.
	retried := func(who *httpBot, r signed, what string) {
		t.Helper()
		retry := signedAt(r.path, r.body, now.Add(3*time.Second))
		retry.retry = "1"
		if code, body := who.send(t, retry); code != http.StatusOK || body != "" {
			t.Fatalf("%s retried at the other replica: %d %q, want 200 and no answer", what, code, body)
		}
	}

	newGame := signedAt("/slack/commands", slashBody("tr-new", "C7", "U1", "new boat=VIIC"), now)
	code, resp := a.send(t, newGame)
	start := buttonValues(blocksOf(resp))
	if code != http.StatusOK || len(start) != 1 {
		t.Fatalf("new: %d %s", code, resp)
	}
	refused(b, newGame, "new")
	retried(b, newGame, "new")
	created, err := a.store.Load(t.Context(), "slack/T1/C7")
	if err != nil {
		t.Fatal(err)
	}

	seed := signedAt("/slack/commands", slashBody("tr-seed", "C7", "U2", "seed text=north-atlantic-storm"), now)
	if code, _ := b.send(t, seed); code != http.StatusOK {
		t.Fatalf("seed: %d", code)
	}
	refused(a, seed, "seed")
	retried(a, seed, "seed")
	if got := a.entropy(t, "C7"); len(got) != 1 {
		t.Fatalf("entropy mixed in %d times over two replicas: %q", len(got), got)
	}
	if p := f.Drain(t); len(p) != 0 {
		t.Fatalf("copies of the commands posted %d messages, the first %v", len(p), p[0])
	}

	click := signedAt("/slack/interactions", clickBody("tr-start", "C7", "U1", start[0]), now)
	if code, _ := a.send(t, click); code != http.StatusOK {
		t.Fatalf("start: %d", code)
	}
	f.Drain(t)
	started, err := b.store.Load(t.Context(), "slack/T1/C7")
	if err != nil {
		t.Fatal(err)
	}
	if started.ID != created.ID || started.Decisions != created.Decisions+1 {
		t.Fatalf("the start: game %s at %d decisions, then %s at %d", created.ID, created.Decisions, started.ID, started.Decisions)
	}
	refused(b, click, "the click")
	retried(b, click, "the click")
	// An answered prompt's copy acting again would be told so privately.
	if p := f.Drain(t); len(p) != 0 {
		t.Fatalf("copies of the click posted %d messages, the first %v", len(p), p[0])
	}
	if after, _ := a.store.Load(t.Context(), "slack/T1/C7"); after.Decisions != started.Decisions || after.Seq != started.Seq {
		t.Fatalf("copies of the click changed the game: decisions %d → %d", started.Decisions, after.Decisions)
	}

	// A slow first delivery and Slack's retry of it, and replays of both,
	// all at once at both replicas: one acts.
	burst := slashBody("tr-burst", "C9", "U1", "seed text=burst")
	if code, _ := a.send(t, signedAt("/slack/commands", slashBody("tr-c9", "C9", "U1", "new boat=VIIC"), now)); code != http.StatusOK {
		t.Fatalf("new in C9: %d", code)
	}
	first, again := signedAt("/slack/commands", burst, now), signedAt("/slack/commands", burst, now.Add(3*time.Second))
	again.retry = "1"
	var acted, conflict, quiet atomic.Int32
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := first
			if i%4 >= 2 {
				r = again
			}
			code, body := bots[i%2].send(t, r)
			switch {
			case code == http.StatusOK && body != "":
				acted.Add(1)
			case code == http.StatusOK:
				quiet.Add(1)
			case code == http.StatusConflict:
				conflict.Add(1)
			default:
				t.Errorf("a copy answered %d %s", code, body)
			}
		}()
	}
	wg.Wait()
	if acted.Load() != 1 || acted.Load()+conflict.Load()+quiet.Load() != 20 {
		t.Fatalf("20 copies at two replicas: %d acted, %d refused, %d retries answered quietly", acted.Load(), conflict.Load(), quiet.Load())
	}
	if got := a.entropy(t, "C9"); len(got) != 1 {
		t.Fatalf("20 copies mixed the entropy in %d times", len(got))
	}
	for _, who := range bots {
		if !strings.Contains(who.log.String(), "replayed request refused") {
			t.Error("a replica's refusals are not logged")
		}
	}
}

// The requests seen are forgotten once their window has passed: what the
// database keeps is a window's worth, however long the replicas run.
func TestSlackHTTPForgetsExpiredRequests(t *testing.T) {
	f := slackfake.New(t)
	store, err := openTestFile(t)
	if err != nil {
		t.Fatal(err)
	}
	const window = 300 * time.Millisecond
	b := startHTTPBotOver(t, f, store, true, nil, func(l *httpLimits) {
		l.replayWindow, l.sweepEvery, l.sweepBatch = window, 50*time.Millisecond, 3
	})
	now := time.Now()
	for _, tr := range []string{"t1", "t2", "t3", "t4"} {
		if code, _ := b.send(t, signedAt("/slack/commands", slashBody(tr, "C7", "U1", "help"), now)); code != http.StatusOK {
			t.Fatalf("help: %d", code)
		}
	}
	// Two ids each (signature and trigger): more than a sweep's batch.
	if n, err := store.SeenRequests(t.Context()); err != nil || n != 8 {
		t.Fatalf("%d requests' ids remembered (%v), want 8", n, err)
	}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		n, err := store.SeenRequests(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("%d ids still remembered 5 s after their window of %v", n, window)
		}
	}
}

// A claim the database cannot answer is refused with 503, which Slack
// takes for a failure it may retry, and nothing is acted upon.
func TestSlackHTTPRefusesWhatItCannotCheckForReplays(t *testing.T) {
	f := slackfake.New(t)
	store, err := openTestFile(t)
	if err != nil {
		t.Fatal(err)
	}
	b := startHTTPBotOver(t, f, store, true, nil, nil)
	store.Close()
	if code, _ := b.send(t, signedAt("/slack/commands", slashBody("tr-new", "C7", "U1", "new boat=VIIC"), time.Now())); code != http.StatusServiceUnavailable {
		t.Fatalf("with the database gone: %d, want 503", code)
	}
	if !strings.Contains(b.log.String(), "could not be read; refusing") {
		t.Fatalf("the refusal is not logged:\n%s", b.log.String())
	}
	if p := f.Drain(t); len(p) != 0 {
		t.Fatalf("a request not checked for replays posted %d messages", len(p))
	}
}

// One process over a bbolt file keeps the requests seen there too (as
// kaleun serve runs it): restarted within a request's window, it still
// refuses the replay, which a memory of its own would have forgotten.
func TestSlackHTTPRemembersAcrossARestart(t *testing.T) {
	f := slackfake.New(t)
	path := filepath.Join(t.TempDir(), "k.db")
	open := func() *persist.Store {
		s, err := persist.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := startHTTPBotOver(t, f, open(), true, nil, nil)
	seed := signedAt("/slack/commands", slashBody("tr-new", "C7", "U1", "new boat=VIIC"), time.Now())
	if code, _ := before.send(t, seed); code != http.StatusOK {
		t.Fatalf("new: %d", code)
	}
	before.a.Close()
	before.store.Close()
	after := startHTTPBotOver(t, f, open(), true, nil, nil)
	if code, body := after.send(t, seed); code != http.StatusConflict {
		t.Fatalf("a replay after the restart: %d %s, want 409", code, body)
	}
}
