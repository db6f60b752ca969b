package bot

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/pgtest"
	"github.com/kaleun/kaleun/persist"
)

func newService(t testing.TB) (*Service, *persist.Store) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	return serviceOver(t, store)
}

// newPostgresService is newService over a fresh PostgreSQL database.
func newPostgresService(t testing.TB) (*Service, *persist.Store) {
	t.Helper()
	store, err := persist.OpenPostgres(t.Context(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	return serviceOver(t, store)
}

func serviceOver(t testing.TB, store *persist.Store) (*Service, *persist.Store) {
	t.Helper()
	t.Cleanup(func() { store.Close() })
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	svc := New(store, engine.Described(map[string]engine.Rules{"hunters": h}), Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("fixed seed for tests"), nil },
		NewID:   func() (string, error) { n++; return fmt.Sprintf("g%d", n), nil },
	})
	return svc, store
}

var (
	here     = Place{Platform: "discord", Space: "guild1", Channel: "chan1"}
	prien    = User{ID: "u1", Name: "Prien"}
	stranger = User{ID: "u2", Name: "Schepke"}
	manager  = User{ID: "u3", Name: "Dönitz", Manager: true}
)

// started runs `new` and presses Start, as a commander who adds no entropy does.
func started(t testing.TB, svc *Service, p Place, u User, args map[string]string) (Reply, error) {
	t.Helper()
	r, err := svc.Command(t.Context(), p, u, "hunters", "new", args)
	if err != nil || len(r.Public) != 1 || len(r.Public[0].Options) != 1 {
		return r, err
	}
	return svc.Click(t.Context(), p, u, r.Public[0].Options[0].ID)
}

func lastPrompt(t *testing.T, r Reply) Message {
	t.Helper()
	for i := len(r.Public) - 1; i >= 0; i-- {
		if len(r.Public[i].Options) > 0 {
			return r.Public[i]
		}
	}
	t.Fatalf("no prompt in %+v", r)
	return Message{}
}

func TestNewTurnClickAndRefusals(t *testing.T) {
	svc, store := newService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters", "turn", nil)
	if err != nil || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "no game") {
		t.Fatalf("turn in an empty channel: %+v %v", r, err)
	}
	r, err = svc.Command(t.Context(), here, prien, "hunters", "new", map[string]string{"boat": "VIIC", "kommandant": "Prien"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Public[0].Text, "Dice seed committed: `") {
		t.Fatalf("the new game message commits to the dice seed: %q", r.Public[0].Text)
	}
	start := lastPrompt(t, r)
	if r, _ := svc.Click(t.Context(), here, stranger, start.Options[0].ID); len(r.Public) != 0 {
		t.Fatalf("a stranger started the game: %+v", r)
	}
	if r, _ := svc.Command(t.Context(), here, stranger, "hunters", "status", nil); len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "not started") {
		t.Fatalf("status before the start: %+v", r)
	}
	if r, err = svc.Click(t.Context(), here, prien, start.Options[0].ID); err != nil {
		t.Fatal(err)
	}
	prompt := lastPrompt(t, r)
	if prompt.Owner != "u1" || prompt.Mention != "" {
		t.Fatal("the prompt waits for its commander, and does not ping him: he has just pressed Start (issue 17)")
	}
	if len(r.Answered) != 1 || r.Answered[0].Ref != start.Ref || !r.Answered[0].InPlace || r.Update == nil || len(r.Update.Options) != 0 ||
		!strings.Contains(r.Update.Text, "✅ **Prien** — Start") {
		t.Fatalf("the Start message becomes its result, buttons gone: %+v", r)
	}
	// new in a busy channel offers nothing destructive.
	r, _ = started(t, svc, here, stranger, map[string]string{"boat": "IXA"})
	if len(r.Public) != 0 || !strings.Contains(r.Private[0].Text, "already has a game") {
		t.Fatalf("busy channel: %+v", r)
	}
	before, _ := store.Load(t.Context(), here.Key())
	// A stranger's click changes nothing.
	r, _ = svc.Click(t.Context(), here, stranger, prompt.Options[0].ID)
	if len(r.Public) != 0 || !strings.Contains(r.Private[0].Text, "Only Prien") {
		t.Fatalf("stranger: %+v", r)
	}
	// The commander's click applies, commits, and the prompt becomes its
	// result, with the rolls it brought; the next prompt follows.
	r, err = svc.Click(t.Context(), here, prien, prompt.Options[0].ID)
	if err != nil || len(r.Public) == 0 || r.Update == nil || r.Update.Text != "✅ **Prien (U-69)** — 11 G7a + 3 G7e" || len(r.Update.Options) != 0 {
		t.Fatalf("click: %+v %v", r, err)
	}
	after, _ := store.Load(t.Context(), here.Key())
	if after.Decisions != before.Decisions+1 || after.Seq <= before.Seq {
		t.Fatalf("decision not committed: %d → %d", before.Decisions, after.Decisions)
	}
	// The same button again (double click, retried delivery, old message): recognised, nothing changes.
	r, _ = svc.Click(t.Context(), here, prien, prompt.Options[0].ID)
	if len(r.Public) != 0 || !strings.Contains(r.Private[0].Text, "already taken") || !r.Disarm {
		t.Fatalf("double click: %+v", r)
	}
	if again, _ := store.Load(t.Context(), here.Key()); again.Decisions != after.Decisions {
		t.Fatal("a stale click changed the game")
	}
	// A forged id, or one for another game.
	for _, id := range []string{"garbage", "k1:other:1:attack"} {
		r, _ = svc.Click(t.Context(), here, prien, id)
		if len(r.Public) != 0 || len(r.Private) != 1 {
			t.Fatalf("%s: %+v", id, r)
		}
	}
	// Views and history.
	for _, cmd := range []string{"status", "log", "help", "history"} {
		r, err = svc.Command(t.Context(), here, stranger, "hunters", cmd, nil)
		if err != nil || len(r.Public) == 0 {
			t.Fatalf("%s: %+v %v", cmd, r, err)
		}
	}
	r, _ = svc.Command(t.Context(), here, prien, "hunters", "frobnicate", nil)
	if len(r.Private) != 1 {
		t.Fatal("unknown command")
	}
}

func TestAbandonNeedsTheCommanderOrAManager(t *testing.T) {
	svc, store := newService(t)
	started(t, svc, here, prien, map[string]string{"boat": "IXA"})
	r, _ := svc.Command(t.Context(), here, stranger, "hunters", "abandon", nil)
	if len(r.Private) != 1 || len(r.Private[0].Options) != 0 {
		t.Fatalf("stranger abandon: %+v", r)
	}
	r, _ = svc.Command(t.Context(), here, manager, "hunters", "abandon", nil)
	confirm := r.Private[0].Options[0].ID
	if r2, _ := svc.Click(t.Context(), here, stranger, confirm); len(r2.Public) != 0 {
		t.Fatal("a stranger cannot confirm")
	}
	r, _ = svc.Click(t.Context(), here, manager, confirm)
	if len(r.Public) != 1 {
		t.Fatalf("confirm: %+v", r)
	}
	if _, err := store.Load(t.Context(), here.Key()); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("the game must be archived")
	}
	r, _ = started(t, svc, here, prien, map[string]string{"boat": "VIIB"})
	if len(r.Public) == 0 {
		t.Fatal("a new game after abandoning")
	}
}

// Concurrent clicks on one prompt: exactly one applies.
func TestConcurrentClicksAreSerialised(t *testing.T) {
	svc, store := newService(t)
	r, _ := started(t, svc, here, prien, map[string]string{"boat": "VIIC"})
	id := lastPrompt(t, r).Options[0].ID
	var wg sync.WaitGroup
	applied := make(chan bool, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := svc.Click(t.Context(), here, prien, id)
			if err != nil {
				t.Error(err)
			}
			applied <- len(r.Answered) > 0
		}()
	}
	wg.Wait()
	close(applied)
	n := 0
	for a := range applied {
		if a {
			n++
		}
	}
	rec, _ := store.Load(t.Context(), here.Key())
	if n != 1 || rec.Decisions != 1 {
		t.Fatalf("%d clicks applied, %d decisions", n, rec.Decisions)
	}
}

// A whole career played through the bot layer by its commander reaches the end.
func TestCareerThroughTheBot(t *testing.T) {
	svc, store := newService(t)
	r, err := started(t, svc, here, prien, map[string]string{"boat": "VIIB", "start": "1942-06"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5000; i++ {
		ended := false
		for _, m := range r.Shown() {
			if m.Outcome != nil {
				ended = true
			}
		}
		if ended {
			break
		}
		p := lastPrompt(t, r)
		r, err = svc.Click(t.Context(), here, prien, p.Options[0].ID)
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := store.Load(t.Context(), here.Key()); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("the finished game must be archived")
	}
	fin, _ := store.Finished(t.Context())
	if len(fin) != 1 {
		t.Fatalf("%d finished games", len(fin))
	}
}

// BenchmarkDecision measures one decision through bot and persist with a real
// bbolt file holding 10,000 games, and reports p50/p99 next to a bare commit.
func BenchmarkDecision(b *testing.B) {
	svc, store := newService(b)
	benchDecision(b, svc, store)
}

// BenchmarkDecisionPostgres is BenchmarkDecision on PostgreSQL (loopback).
func BenchmarkDecisionPostgres(b *testing.B) {
	svc, store := newPostgresService(b)
	benchDecision(b, svc, store)
}

func benchDecision(b *testing.B, svc *Service, store *persist.Store) {
	const games = 10000
	for i := 0; i < games; i++ {
		p := Place{Platform: "discord", Space: "g", Channel: fmt.Sprint(i)}
		if _, err := started(b, svc, p, prien, map[string]string{"boat": "VIIC"}); err != nil {
			b.Fatal(err)
		}
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := Place{Platform: "discord", Space: "g", Channel: fmt.Sprint(i % games)}
		r, err := svc.Command(b.Context(), p, prien, "hunters", "turn", nil)
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Public) == 0 {
			continue // finished game
		}
		id := r.Public[0].Options[0].ID
		start := time.Now()
		if _, err := svc.Click(b.Context(), p, prien, id); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	if len(lat) == 0 {
		return
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	// A bare commit of a similar record in the same database, for comparison.
	rec, _ := store.Load(b.Context(), "discord/g/0")
	var bare []time.Duration
	for i := 0; i < 200; i++ {
		start := time.Now()
		if err := store.Commit(b.Context(), rec, nil); err != nil {
			b.Fatal(err)
		}
		bare = append(bare, time.Since(start))
	}
	sort.Slice(bare, func(i, j int) bool { return bare[i] < bare[j] })
	b.ReportMetric(float64(bare[len(bare)/2].Microseconds()), "bare-commit-p50-µs")
}
